//! A PTX module taken apart into what each kernel needs on its own.
//!
//! The driver JIT-compiles a PTX module whole when it is loaded, so one module of every kernel
//! makes the first call pay for all of them. Split, each entry point is a module of its own
//! (the header, the module's `.func`s, the entry), and each family of entry points (those of
//! one algorithm) is assembled to machine code on its own.

/// A PTX module's text, parsed into the parts that every piece needs (the header and the
/// non-entry functions) and its entry points, in file order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SplitPtx<'a> {
    /// `.version`, `.target`, `.address_size` and every other top-level declaration
    /// (`.extern .shared`, `.global` data, function prototypes), in file order.
    pub header: String,
    /// The `.func` definitions, in file order: kept in every piece, since any entry may call
    /// them (parallaxis's kernels call none; a user's crate may).
    pub funcs: Vec<&'a str>,
    /// `(name, definition)` of each `.entry`, in file order.
    pub entries: Vec<(&'a str, &'a str)>,
}

/// Why a text is not PTX this splitter understands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SplitError {
    /// The 1-based line where the problem is.
    pub line: usize,
    /// What is wrong there.
    pub reason: &'static str,
}

impl<'a> SplitPtx<'a> {
    /// Splits `text` at its top-level functions: a line that starts a `.entry` or `.func`
    /// definition opens one, the next line that is exactly `}` closes it (LLVM writes the
    /// body indented, so a `}` in column 0 ends the function). A `.func` line that ends in `;`
    /// before any `{` is a prototype and stays in the header.
    ///
    /// # Errors
    /// A function that never closes, or one whose name cannot be read.
    pub fn parse(text: &'a str) -> Result<Self, SplitError> {
        let mut header = String::new();
        let mut funcs = Vec::new();
        let mut entries = Vec::new();
        let mut offset = 0;
        let mut lines = text.split_inclusive('\n').enumerate().peekable();
        while let Some((index, line)) = lines.next() {
            let start = offset;
            offset += line.len();
            let kind = function_kind(line);
            if kind.is_none() || is_prototype(text, start) {
                // LLVM's `// .globl NAME` comments name the next function; they say nothing
                // once the functions are apart.
                if !line.trim_start().starts_with("// .globl") {
                    header.push_str(line);
                }
                continue;
            }
            let name = function_name(text, start).ok_or(SplitError {
                line: index + 1,
                reason: "a function whose name cannot be read",
            })?;
            loop {
                let Some((_, body_line)) = lines.next() else {
                    return Err(SplitError {
                        line: index + 1,
                        reason: "a function that is never closed by a `}` line",
                    });
                };
                offset += body_line.len();
                if body_line.trim_end_matches(['\n', '\r']) == "}" {
                    break;
                }
            }
            let definition = &text[start..offset];
            match kind {
                Some(Kind::Entry) => entries.push((name, definition)),
                _ => funcs.push(definition),
            }
        }
        Ok(SplitPtx {
            header,
            funcs,
            entries,
        })
    }

    /// A module of its own for `definitions` (entries of this module): the header, every
    /// `.func`, then the definitions, NUL-free text the driver accepts.
    pub fn module<'b>(&self, definitions: impl IntoIterator<Item = &'b str>) -> String {
        let mut out = self.header.clone();
        for f in &self.funcs {
            out.push_str(f);
            out.push('\n');
        }
        for d in definitions {
            out.push_str(d);
            out.push('\n');
        }
        out
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Entry,
    Func,
}

/// Whether `line` starts a function (`.entry` or `.func`, with an optional linkage word).
fn function_kind(line: &str) -> Option<Kind> {
    let mut words = line.split_whitespace();
    let mut word = words.next()?;
    if matches!(word, ".visible" | ".weak" | ".extern") {
        word = words.next()?;
    }
    match word {
        ".entry" => Some(Kind::Entry),
        ".func" => Some(Kind::Func),
        _ => None,
    }
}

/// Whether the function starting at `start` is a prototype: a `;` comes before any `{`.
fn is_prototype(text: &str, start: usize) -> bool {
    let rest = &text[start..];
    match (rest.find(';'), rest.find('{')) {
        (Some(semi), Some(brace)) => semi < brace,
        (Some(_), None) => true,
        _ => false,
    }
}

/// The identifier just before the first `(` after `.entry` / `.func` and its return
/// parameters: `.visible .func (.param .b32 func_retval0) name(` names `name`.
fn function_name(text: &str, start: usize) -> Option<&str> {
    let rest = &text[start..];
    let mut depth = 0usize;
    let mut seen_word = false;
    for (i, c) in rest.char_indices() {
        match c {
            '(' if depth == 0 && seen_word => {
                let before = rest[..i].trim_end();
                let name_start = before
                    .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$'))
                    .map_or(0, |p| p + 1);
                let name = &before[name_start..];
                return (!name.is_empty()).then_some(name);
            }
            '(' => depth += 1,
            ')' => {
                depth = depth.checked_sub(1)?;
                seen_word = false;
            }
            c if c.is_ascii_alphanumeric() || c == '_' => seen_word = depth == 0,
            '{' => return None,
            _ => {}
        }
    }
    None
}

/// The family an entry point belongs to: the algorithm of a library entry point
/// `parallax_<algorithm>__<operator>__<type>` (`parallax_inclusive_scan__Sum__f32` is in
/// `inclusive_scan`), else the whole name (a user's own kernel is a family of one).
pub fn family_of(entry: &str) -> &str {
    entry
        .strip_prefix("parallax_")
        .and_then(|rest| rest.split_once("__"))
        .map_or(entry, |(algorithm, _)| algorithm)
}

#[cfg(test)]
mod tests {
    use super::{family_of, SplitPtx};

    const PTX: &str =
        "//\n// Generated by LLVM NVPTX Back-End\n//\n\n.version 7.0\n.target sm_80\n\
        .address_size 64\n\n\t// .globl\tdead\n.extern .shared .align 16 .b8 smem[];\n\n\
        .visible .func  (.param .b32 func_retval0) dead(\n\t.param .b64 dead_param_0\n)\n{\n\
        \tret;\n\n}\n\t// .globl\tparallax_reduce__Sum__f32\n\
        .visible .entry parallax_reduce__Sum__f32(\n\t.param .align 8 .b8 p[48]\n)\n{\n\
        \t{ .reg .b32 a; }\n\tret;\n\n}\n\t// .globl\tmy_kernel\n.visible .entry my_kernel(\n)\n\
        {\n\tret;\n\n}\n";

    #[test]
    fn entries_funcs_and_header_are_apart() {
        let split = SplitPtx::parse(PTX).unwrap();
        assert_eq!(
            split.header,
            "//\n// Generated by LLVM NVPTX Back-End\n//\n\n.version 7.0\n.target sm_80\n\
             .address_size 64\n\n.extern .shared .align 16 .b8 smem[];\n\n"
        );
        assert_eq!(split.funcs.len(), 1);
        assert!(split.funcs[0].contains(" dead(") && split.funcs[0].ends_with("}\n"));
        let names: Vec<_> = split.entries.iter().map(|(n, _)| *n).collect();
        assert_eq!(names, ["parallax_reduce__Sum__f32", "my_kernel"]);
        // The inline block's braces do not close the function.
        assert!(split.entries[0].1.contains("{ .reg .b32 a; }\n\tret;"));
        let module = split.module([split.entries[1].1]);
        assert!(module.starts_with("//\n// Generated") && module.contains(" dead("));
        assert!(module.contains("my_kernel(") && !module.contains("parallax_reduce"));
    }

    #[test]
    fn prototypes_stay_in_the_header() {
        let ptx = ".version 7.0\n.extern .func (.param .b32 r) ext(\n\t.param .b32 a\n);\n\
                   .visible .entry k(\n)\n{\n\tret;\n}\n";
        let split = SplitPtx::parse(ptx).unwrap();
        assert!(split.header.contains(".extern .func (.param .b32 r) ext("));
        assert!(split.header.contains(");\n"));
        assert_eq!(split.entries.len(), 1);
        assert!(split.funcs.is_empty());
    }

    #[test]
    fn an_unclosed_function_is_an_error_at_its_line() {
        let err = SplitPtx::parse(".version 7.0\n.visible .entry k(\n)\n{\n\tret;\n").unwrap_err();
        assert_eq!(err.line, 2);
    }

    #[test]
    fn families_are_the_algorithm_of_library_names() {
        assert_eq!(
            family_of("parallax_inclusive_scan__Sum__f32"),
            "inclusive_scan"
        );
        assert_eq!(
            family_of("parallax_transform_reduce__Square__Sum__f64"),
            "transform_reduce"
        );
        assert_eq!(family_of("parallax_offset_heads"), "parallax_offset_heads");
        assert_eq!(family_of("transpose_f32"), "transpose_f32");
    }
}
