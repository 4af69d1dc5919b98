//! Prebuilt PTX: a kernel crate's PTX built once with nightly and shipped, xz-compressed,
//! beside a fingerprint of everything it was built from. A build whose sources have the same
//! fingerprint uses it as it is, so it needs neither nightly nor `rust-src`: this is how
//! `parallaxis-device` builds its stock kernels on stable Rust (`docs/ptx-build.md`).
//!
//! The fingerprint is a 128-bit FNV-1a hash over the PTX recipe (the flags and the virtual
//! architecture [`PtxBuilder`](crate::PtxBuilder) compiles with) and every file under the
//! `src/` folder of each source root, in path order, with its path and length. It names the
//! sources, not the compiler: a newer nightly that would emit other PTX from the same sources
//! leaves the prebuilt PTX current (it was verified on GPUs as it is).
//!
//! Files, in one folder: `<name>.ptx.xz` (the PTX as the builder wrote it, launch bounds
//! included) and `<name>.fingerprint` (the line [`Fingerprint::line`] writes, then anything:
//! the toolchain that built it, for people).

use crate::{BuildError, RUSTFLAGS_BEFORE_ARCH};
use std::fmt;
use std::fs;
use std::io::BufReader;
use std::path::{Path, PathBuf};

/// The first word of a fingerprint line: the version of this scheme.
const SCHEME: &str = "parallaxis-ptx-fingerprint-v1";

/// A fingerprint of the sources (and recipe) of a kernel crate's PTX.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fingerprint(u128);

impl Fingerprint {
    /// The fingerprint of PTX built for virtual architecture `arch` (`"sm_80"`) from the
    /// `src/` folders of `roots`, each given with a label that names its role (`"kernels"`,
    /// `"core"`): the same sources under other folders give the same fingerprint.
    ///
    /// # Errors
    /// [`BuildError::Io`] naming a folder or file that cannot be read.
    pub fn of_sources(arch: &str, roots: &[(&str, &Path)]) -> Result<Fingerprint, BuildError> {
        let mut hash = Fnv::new();
        hash.field(RUSTFLAGS_BEFORE_ARCH.as_bytes());
        hash.field(arch.as_bytes());
        for (label, root) in roots {
            hash.field(label.as_bytes());
            let src = root.join("src");
            let mut files = Vec::new();
            collect_files(&src, &src, &mut files)?;
            files.sort();
            for (relative, path) in files {
                let bytes = fs::read(&path).map_err(|e| BuildError::Io {
                    during: format!("reading {}", path.display()),
                    reason: e.to_string(),
                })?;
                hash.field(relative.as_bytes());
                hash.field(&bytes);
            }
        }
        Ok(Fingerprint(hash.0))
    }

    /// The line a fingerprint file starts with.
    pub fn line(&self) -> String {
        format!("{SCHEME} {:032x}", self.0)
    }

    /// The fingerprint a file's text starts with; `None` for any other text.
    pub fn parse(text: &str) -> Option<Fingerprint> {
        let mut words = text.lines().next()?.split_whitespace();
        match (words.next(), words.next(), words.next()) {
            (Some(SCHEME), Some(hex), None) if hex.len() == 32 => {
                u128::from_str_radix(hex, 16).ok().map(Fingerprint)
            }
            _ => None,
        }
    }
}

impl fmt::Display for Fingerprint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:032x}", self.0)
    }
}

/// Why prebuilt PTX cannot be used.
#[derive(Debug)]
#[non_exhaustive]
pub enum Unusable {
    /// No prebuilt files in the folder.
    Missing {
        /// The file looked for.
        file: PathBuf,
    },
    /// The prebuilt PTX was built from other sources.
    Stale {
        /// What its fingerprint file says.
        prebuilt: Option<Fingerprint>,
        /// The sources' fingerprint.
        sources: Fingerprint,
    },
    /// The files are there but cannot be read or unpacked.
    Broken(BuildError),
}

impl fmt::Display for Unusable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unusable::Missing { file } => write!(f, "{} is missing", file.display()),
            Unusable::Stale { prebuilt, sources } => match prebuilt {
                Some(p) => write!(
                    f,
                    "it was built from other sources (fingerprint {p}; the sources' is {sources})"
                ),
                None => write!(f, "its fingerprint file is malformed"),
            },
            Unusable::Broken(e) => write!(f, "{e}"),
        }
    }
}

/// The prebuilt PTX of kernel crate `name` in folder `dir`, if it was built from sources with
/// fingerprint `sources`: the PTX text.
///
/// # Errors
/// [`Unusable`]: the files are missing, stale or broken.
pub fn load(dir: &Path, name: &str, sources: Fingerprint) -> Result<String, Unusable> {
    let fingerprint_file = dir.join(format!("{name}.fingerprint"));
    let ptx_file = dir.join(format!("{name}.ptx.xz"));
    let Ok(text) = fs::read_to_string(&fingerprint_file) else {
        return Err(Unusable::Missing {
            file: fingerprint_file,
        });
    };
    let prebuilt = Fingerprint::parse(&text);
    if prebuilt != Some(sources) {
        return Err(Unusable::Stale { prebuilt, sources });
    }
    let file = fs::File::open(&ptx_file).map_err(|_| Unusable::Missing {
        file: ptx_file.clone(),
    })?;
    let broken = |reason: String| {
        Unusable::Broken(BuildError::BadPtx {
            file: ptx_file.clone(),
            reason,
        })
    };
    let mut ptx = Vec::new();
    lzma_rs::xz_decompress(&mut BufReader::new(file), &mut ptx)
        .map_err(|e| broken(format!("not a valid xz file: {e}")))?;
    String::from_utf8(ptx).map_err(|_| broken("the PTX is not UTF-8".into()))
}

/// Every file under `dir` (recursively), as (path relative to `base` with `/` separators,
/// path).
fn collect_files(
    base: &Path,
    dir: &Path,
    out: &mut Vec<(String, PathBuf)>,
) -> Result<(), BuildError> {
    let entries = fs::read_dir(dir).map_err(|e| BuildError::Io {
        during: format!("listing {}", dir.display()),
        reason: e.to_string(),
    })?;
    for entry in entries {
        let path = entry
            .map_err(|e| BuildError::Io {
                during: format!("listing {}", dir.display()),
                reason: e.to_string(),
            })?
            .path();
        if path.is_dir() {
            collect_files(base, &path, out)?;
        } else {
            let relative = path
                .strip_prefix(base)
                .unwrap_or(&path)
                .components()
                .map(|c| c.as_os_str().to_string_lossy())
                .collect::<Vec<_>>()
                .join("/");
            out.push((relative, path));
        }
    }
    Ok(())
}

/// 128-bit FNV-1a over length-prefixed fields (so that moving bytes between neighbouring
/// fields changes the hash).
struct Fnv(u128);

impl Fnv {
    const OFFSET: u128 = 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d;
    const PRIME: u128 = 0x0000_0000_0100_0000_0000_0000_0000_013b;

    fn new() -> Fnv {
        Fnv(Self::OFFSET)
    }

    fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u128::from(b);
            self.0 = self.0.wrapping_mul(Self::PRIME);
        }
    }

    fn field(&mut self, bytes: &[u8]) {
        self.bytes(&(bytes.len() as u64).to_le_bytes());
        self.bytes(bytes);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(files: &[(&str, &str)]) -> PathBuf {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static N: AtomicUsize = AtomicUsize::new(0);
        let root = std::env::temp_dir().join(format!(
            "parallaxis-fingerprint-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        for (path, text) in files {
            let file = root.join("src").join(path);
            fs::create_dir_all(file.parent().unwrap()).unwrap();
            fs::write(file, text).unwrap();
        }
        root
    }

    #[test]
    fn the_fingerprint_follows_contents_paths_and_recipe_not_the_folder() {
        let a = tree(&[("lib.rs", "mod x;"), ("x/mod.rs", "fn f() {}")]);
        let b = tree(&[("lib.rs", "mod x;"), ("x/mod.rs", "fn f() {}")]);
        let edited = tree(&[("lib.rs", "mod x;"), ("x/mod.rs", "fn g() {}")]);
        let moved = tree(&[("lib.rs", "mod x;"), ("y/mod.rs", "fn f() {}")]);
        let fp = |root: &Path, arch| Fingerprint::of_sources(arch, &[("k", root)]).unwrap();
        assert_eq!(fp(&a, "sm_80"), fp(&b, "sm_80"));
        assert_ne!(fp(&a, "sm_80"), fp(&edited, "sm_80"));
        assert_ne!(fp(&a, "sm_80"), fp(&moved, "sm_80"));
        assert_ne!(fp(&a, "sm_80"), fp(&a, "sm_90"));
        let line = fp(&a, "sm_80").line();
        assert_eq!(
            Fingerprint::parse(&format!("{line}\nbuilt by ...\n")),
            Some(fp(&a, "sm_80"))
        );
        assert_eq!(Fingerprint::parse("parallaxis-ptx-fingerprint-v1 12"), None);
        for root in [a, b, edited, moved] {
            fs::remove_dir_all(root).unwrap();
        }
    }

    #[test]
    fn stale_or_missing_prebuilt_ptx_is_refused() {
        let sources = tree(&[("lib.rs", "// kernels")]);
        let fp = Fingerprint::of_sources("sm_80", &[("k", &sources)]).unwrap();
        let dir = tree(&[]);
        fs::create_dir_all(&dir).unwrap();
        assert!(matches!(load(&dir, "k", fp), Err(Unusable::Missing { .. })));
        fs::write(dir.join("k.fingerprint"), format!("{SCHEME} {:032x}\n", 7)).unwrap();
        assert!(matches!(load(&dir, "k", fp), Err(Unusable::Stale { .. })));
        fs::write(dir.join("k.fingerprint"), fp.line()).unwrap();
        assert!(matches!(load(&dir, "k", fp), Err(Unusable::Missing { .. })));
        fs::write(dir.join("k.ptx.xz"), b"not xz").unwrap();
        assert!(matches!(load(&dir, "k", fp), Err(Unusable::Broken(_))));
        let mut packed = Vec::new();
        lzma_rs::xz_compress(&mut &b".version 8.0\n"[..], &mut packed).unwrap();
        fs::write(dir.join("k.ptx.xz"), packed).unwrap();
        assert_eq!(load(&dir, "k", fp).unwrap(), ".version 8.0\n");
        for root in [sources, dir] {
            fs::remove_dir_all(root).unwrap();
        }
    }
}
