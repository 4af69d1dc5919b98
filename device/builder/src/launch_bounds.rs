//! Launch bounds for entry points, written into the PTX after rustc made it.
//!
//! CUDA C++ says `__launch_bounds__(threads, min_blocks)`; Rust has no way to ask rustc's
//! nvptx backend for it. Without it ptxas gives a kernel as many registers as it likes, which
//! can leave one with too few resident warps to hide its shared-memory latency (the radix
//! sort's pass: 96 registers, two blocks of 256 threads per multiprocessor). The PTX
//! directives `.maxntid` and `.minnctapersm`, placed between an entry's parameter list and
//! its body, are what `__launch_bounds__` compiles to; [`apply_launch_bounds`] inserts them
//! for every entry whose name starts with a given prefix.

/// Launch bounds of the entries whose names start with `prefix`: at most `threads` threads
/// per block (a launch with more fails), and registers few enough for `min_blocks` resident
/// blocks per multiprocessor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LaunchBound {
    /// The start of the entry names this applies to.
    pub prefix: &'static str,
    /// Threads per block (`.maxntid`).
    pub threads: u32,
    /// Resident blocks per multiprocessor to leave registers for (`.minnctapersm`).
    pub min_blocks: u32,
}

/// `text` with the directives of the first bound whose prefix each entry's name starts with,
/// and the number of entries changed. An entry that has directives of its own already is
/// left alone.
///
/// ```
/// use parallaxis_ptx_builder::{apply_launch_bounds, LaunchBound};
/// let ptx = ".visible .entry k_a(\n\t.param .u64 p\n)\n{\n\tret;\n}\n";
/// let b = [LaunchBound { prefix: "k_", threads: 256, min_blocks: 3 }];
/// let (out, n) = apply_launch_bounds(ptx, &b);
/// assert_eq!(n, 1);
/// assert!(out.contains(")\n.maxntid 256, 1, 1\n.minnctapersm 3\n{"));
/// ```
pub fn apply_launch_bounds(text: &str, bounds: &[LaunchBound]) -> (String, usize) {
    let mut out = String::with_capacity(text.len() + 64 * bounds.len());
    let mut changed = 0;
    let mut pending: Option<&LaunchBound> = None;
    for line in text.split_inclusive('\n') {
        if let Some(name) = entry_name(line) {
            pending = bounds.iter().find(|b| name.starts_with(b.prefix));
        } else if line.starts_with(".maxntid") || line.starts_with(".minnctapersm") {
            // Directives of its own: the entry keeps them.
            pending = None;
        } else if let (Some(b), true) = (pending, line.trim_end() == "{") {
            out.push_str(&format!(
                ".maxntid {}, 1, 1\n.minnctapersm {}\n",
                b.threads, b.min_blocks
            ));
            changed += 1;
            pending = None;
        }
        out.push_str(line);
    }
    (out, changed)
}

/// The name of the entry a `.entry NAME(` line opens.
fn entry_name(line: &str) -> Option<&str> {
    let rest = line.split(".entry ").nth(1)?;
    let name = rest.split('(').next()?.trim();
    (!name.is_empty()).then_some(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    const B: [LaunchBound; 1] = [LaunchBound {
        prefix: "parallax_radix_pass__",
        threads: 256,
        min_blocks: 3,
    }];

    #[test]
    fn only_matching_entries_get_the_directives_once() {
        let ptx =
            ".visible .entry parallax_radix_pass__u32__V0(\n\t.param .u64 p\n)\n{\n\tret;\n}\n\
                   .visible .entry parallax_scan__u32(\n\t.param .u64 p\n)\n{\n\tret;\n}\n";
        let (out, n) = apply_launch_bounds(ptx, &B);
        assert_eq!(n, 1);
        assert_eq!(out.matches(".minnctapersm 3").count(), 1);
        let scan = out
            .split(".entry parallax_scan__u32")
            .nth(1)
            .unwrap_or_default();
        assert!(!scan.contains(".maxntid"));
    }

    #[test]
    fn an_entry_with_its_own_directives_is_left_alone() {
        let ptx = ".visible .entry parallax_radix_pass__x(\n)\n.maxntid 128, 1, 1\n{\n\tret;\n}\n";
        let (out, n) = apply_launch_bounds(ptx, &B);
        assert_eq!((n, out.as_str()), (0, ptx));
    }
}
