//! parallaxis-ptx-builder: compiles a `no_std` kernel crate to PTX with rustc's
//! `nvptx64-nvidia-cuda` backend (`docs/ptx-build.md`), from any `build.rs`. It is how
//! `parallaxis-device` builds its own kernels, and how a user crate builds the kernels it
//! instantiates for its own types with `parallaxis_kernels::instantiate_monoid!` and friends
//! (the `cuda_builder` pattern).
//!
//! ```no_run
//! // build.rs of a kernel crate that embeds its own PTX
//! fn main() {
//!     // The crate is also compiled for nvptx64 by the builder itself: do nothing then.
//!     if parallaxis_ptx_builder::inside_ptx_build() {
//!         return;
//!     }
//!     let dir = std::env::var("CARGO_MANIFEST_DIR").unwrap();
//!     if let Err(e) = parallaxis_ptx_builder::PtxBuilder::new(dir).build() {
//!         e.exit(); // prints the reason (with the command to fix it) and fails the build
//!     }
//! }
//! ```
//!
//! which, with the defaults, is [`build_kernel_crate`]: `fn main() {
//! parallaxis_ptx_builder::build_kernel_crate(); }`.
//!
//! The PTX lands in `$OUT_DIR/<crate name>.ptx` (see [`PtxBuilder::build`]), and beside it the
//! kernel library made of it, `$OUT_DIR/<crate name>.kernels` ([`library`]: each entry point's
//! PTX, and machine code of each family for the architectures asked for, where `ptxas` is
//! found; `docs/ptx-build.md`). Embed the library:
//!
//! ```ignore
//! pub const KERNELS: parallaxis_device::Kernels = parallaxis_device::Kernels::library(
//!     include_bytes!(concat!(env!("OUT_DIR"), "/my_kernels.kernels")),
//! );
//! ```
//!
//! What it runs, with the outer cargo's flags and wrappers removed from the environment:
//!
//! ```text
//! RUSTFLAGS="-Zunstable-options -Cpanic=immediate-abort -Ctarget-cpu=sm_80" \
//!   cargo +nightly rustc --release --target nvptx64-nvidia-cuda -Zbuild-std=core \
//!   --manifest-path <crate>/Cargo.toml --target-dir $OUT_DIR/ptx-target -- --emit=asm
//! ```
//!
//! `--emit=asm` writes the PTX of the kernel crate alone, so everything its kernels reach in
//! other crates must be generic or `#[inline]`; the builder rejects PTX that calls an undefined
//! function, naming it. Environment: `PARALLAX_PTX_TOOLCHAIN` names another toolchain than
//! `nightly`; `PARALLAX_CUDA_ARCHS` lists the architectures of the machine code (`sm_80,sm_90`,
//! `none`); `PARALLAX_PTXAS` names the assembler.

// The example is a whole build.rs, `fn main` included.
#![allow(clippy::needless_doctest_main)]

use std::env;
use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

mod assembler;
mod launch_bounds;
pub mod library;
#[cfg(feature = "prebuilt")]
pub mod prebuilt;
mod ptx_split;

pub use assembler::{Assembler, ARCHS_ENV, DEFAULT_ARCHS, PTXAS_ENV};
pub use launch_bounds::{apply_launch_bounds, LaunchBound};
pub use ptx_split::{family_of, SplitError, SplitPtx};

/// The flags of the inner nightly build up to the virtual architecture (the builder appends
/// it); part of a prebuilt PTX's fingerprint (`prebuilt.rs`), since other flags make other PTX.
pub const RUSTFLAGS_BEFORE_ARCH: &str = "-Zunstable-options -Cpanic=immediate-abort -Ctarget-cpu=";

/// The target the kernels are compiled for.
pub const TARGET: &str = "nvptx64-nvidia-cuda";

/// Set (to the kernel crate's directory) in the environment of the inner nightly build, so
/// that a build script reached from it can tell it is inside a PTX build.
pub const GUARD_ENV: &str = "PARALLAX_PTX_BUILD";

/// Environment variable naming the toolchain used for PTX builds (default `nightly`).
pub const TOOLCHAIN_ENV: &str = "PARALLAX_PTX_TOOLCHAIN";

/// `true` when the current build script runs for a crate being compiled to PTX (its target is
/// nvptx64, or the builder started this build). A kernel crate whose build script builds the
/// crate itself must return early then, or it would recurse.
pub fn inside_ptx_build() -> bool {
    env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|a| a == "nvptx64")
        || env::var_os(GUARD_ENV).is_some()
}

/// The whole build script of a kernel crate: builds the crate of `CARGO_MANIFEST_DIR` to PTX
/// with [`PtxBuilder`]'s defaults (`sm_80` PTX; machine code for the architectures of
/// [`ARCHS_ENV`] where `ptxas` is found), does nothing inside the PTX build it starts itself
/// (the recursion guard, [`inside_ptx_build`]), and fails the build with the reason and its
/// fix on an error.
///
/// ```no_run
/// // build.rs of a kernel crate
/// fn main() {
///     parallaxis_ptx_builder::build_kernel_crate();
/// }
/// ```
pub fn build_kernel_crate() {
    if inside_ptx_build() {
        return;
    }
    let Some(dir) = env::var_os("CARGO_MANIFEST_DIR") else {
        BuildError::Io {
            during: "reading CARGO_MANIFEST_DIR (is this a build script?)".into(),
            reason: "not set".into(),
        }
        .exit()
    };
    if let Err(e) = PtxBuilder::new(dir).build() {
        e.exit();
    }
}

/// Why a PTX build failed. `Display` says what to do about it.
#[derive(Debug)]
#[non_exhaustive]
pub enum BuildError {
    /// `rustc +<toolchain>` could not be run or the toolchain is not installed.
    MissingToolchain {
        /// The toolchain asked for.
        toolchain: String,
        /// What running it said.
        detail: String,
    },
    /// The toolchain has no `rust-src` component (needed by `-Zbuild-std=core`).
    MissingRustSrc {
        /// The toolchain asked for.
        toolchain: String,
    },
    /// The builder was asked to build while already inside a PTX build of the same crate.
    Recursion {
        /// The kernel crate.
        krate: PathBuf,
    },
    /// The inner `cargo rustc` failed; its standard error.
    Compile {
        /// The command that failed.
        command: String,
        /// Its standard error.
        stderr: String,
    },
    /// The PTX was produced but cannot be loaded as is.
    BadPtx {
        /// The PTX file.
        file: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// The assembler (`ptxas`) rejected the PTX, or `$PARALLAX_CUDA_ARCHS` is malformed.
    Assemble {
        /// What the assembler said.
        reason: String,
    },
    /// Reading or writing a file, or a missing build-script variable.
    Io {
        /// What was being done.
        during: String,
        /// The error.
        reason: String,
    },
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::MissingToolchain { toolchain, detail } => write!(
                f,
                "the `{toolchain}` Rust toolchain is not available ({detail}); GPU kernels need \
                 nightly features and -Zbuild-std. Install it once with:\n    \
                 rustup toolchain install {toolchain}\n    \
                 rustup component add rust-src --toolchain {toolchain}"
            ),
            BuildError::MissingRustSrc { toolchain } => write!(
                f,
                "the `{toolchain}` toolchain has no `rust-src` component (needed by \
                 -Zbuild-std=core). Run:\n    rustup component add rust-src --toolchain {toolchain}"
            ),
            BuildError::Recursion { krate } => write!(
                f,
                "recursive PTX build of {}: its build script runs again inside the PTX build; \
                 return early when `parallaxis_ptx_builder::inside_ptx_build()` is true",
                krate.display()
            ),
            BuildError::Compile { command, stderr } => {
                write!(f, "`{command}` failed:\n{stderr}")
            }
            BuildError::BadPtx { file, reason } => write!(f, "{}: {reason}", file.display()),
            BuildError::Assemble { reason } => write!(f, "assembling machine code: {reason}"),
            BuildError::Io { during, reason } => write!(f, "{during}: {reason}"),
        }
    }
}

impl std::error::Error for BuildError {}

impl BuildError {
    /// Prints the error as a build-script failure and exits with status 1.
    pub fn exit(&self) -> ! {
        eprintln!("\nerror: could not build the GPU kernels (PTX).\n{self}\n");
        std::process::exit(1)
    }
}

fn io(during: impl Into<String>) -> impl FnOnce(std::io::Error) -> BuildError {
    let during = during.into();
    move |e| BuildError::Io {
        during,
        reason: e.to_string(),
    }
}

/// Builds one kernel crate to PTX. See the crate docs.
#[derive(Debug, Clone)]
pub struct PtxBuilder {
    krate: PathBuf,
    arch: String,
    toolchain: Option<String>,
    out: Option<PathBuf>,
    target_dir: Option<PathBuf>,
    rerun: bool,
    archs: Option<Vec<u32>>,
    bounds: Vec<LaunchBound>,
}

impl PtxBuilder {
    /// A builder for the crate whose `Cargo.toml` is in `kernel_crate_dir`, for `sm_80`
    /// (which runs on Ampere, Hopper and later: the driver compiles it for the GPU at load).
    pub fn new(kernel_crate_dir: impl Into<PathBuf>) -> Self {
        PtxBuilder {
            krate: kernel_crate_dir.into(),
            arch: "sm_80".into(),
            toolchain: None,
            out: None,
            target_dir: None,
            rerun: true,
            archs: None,
            bounds: Vec::new(),
        }
    }

    /// The virtual architecture (`-Ctarget-cpu`), e.g. `"sm_90"`.
    pub fn arch(mut self, arch: impl Into<String>) -> Self {
        self.arch = arch.into();
        self
    }

    /// The toolchain (default: `$PARALLAX_PTX_TOOLCHAIN`, else `nightly`).
    pub fn toolchain(mut self, toolchain: impl Into<String>) -> Self {
        self.toolchain = Some(toolchain.into());
        self
    }

    /// Where the PTX is copied (default `$OUT_DIR/<crate name with underscores>.ptx`).
    pub fn output(mut self, file: impl Into<PathBuf>) -> Self {
        self.out = Some(file.into());
        self
    }

    /// The inner build's target directory (default `$OUT_DIR/ptx-target`).
    pub fn target_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.target_dir = Some(dir.into());
        self
    }

    /// Whether to print `cargo:rerun-if-changed` for the crate's `src/` and `Cargo.toml`
    /// (default on; add your own for other crates the kernels read).
    pub fn rerun_if_changed(mut self, on: bool) -> Self {
        self.rerun = on;
        self
    }

    /// The GPU architectures to assemble machine code for (90 for sm_90; empty for PTX
    /// alone). Default: `$PARALLAX_CUDA_ARCHS`, else [`DEFAULT_ARCHS`]; those the assembler
    /// found does not support are left out.
    pub fn archs(mut self, archs: impl Into<Vec<u32>>) -> Self {
        self.archs = Some(archs.into());
        self
    }

    /// Launch bounds for the entries whose names start with a bound's prefix (see
    /// [`apply_launch_bounds`]): CUDA C++'s `__launch_bounds__`, which Rust cannot say.
    pub fn launch_bounds(mut self, bounds: &[LaunchBound]) -> Self {
        self.bounds = bounds.to_vec();
        self
    }

    /// The crate's library name: `[lib] name` or the package name, `-` replaced by `_`.
    fn lib_name(&self) -> Result<String, BuildError> {
        let manifest = self.krate.join("Cargo.toml");
        let text =
            fs::read_to_string(&manifest).map_err(io(format!("reading {}", manifest.display())))?;
        let mut section = "";
        let (mut package, mut lib) = (None, None);
        for line in text.lines().map(str::trim) {
            if line.starts_with('[') {
                section = line;
            } else if let Some(v) = line.strip_prefix("name") {
                let v = v.trim_start();
                if let Some(v) = v.strip_prefix('=') {
                    let v = v.trim().trim_matches('"').to_string();
                    match section {
                        "[package]" => package = Some(v),
                        "[lib]" => lib = Some(v),
                        _ => {}
                    }
                }
            }
        }
        lib.or(package)
            .map(|n| n.replace('-', "_"))
            .ok_or_else(|| BuildError::Io {
                during: format!("reading {}", manifest.display()),
                reason: "no [package] name".into(),
            })
    }

    /// Compiles the crate and copies its PTX to the output file, whose path it returns.
    ///
    /// # Errors
    /// [`BuildError`], whose message says what to run when nightly or `rust-src` is missing.
    pub fn build(self) -> Result<PathBuf, BuildError> {
        let krate = fs::canonicalize(&self.krate)
            .map_err(io(format!("kernel crate {}", self.krate.display())))?;
        if let Some(active) = env::var_os(GUARD_ENV) {
            if Path::new(&active) == krate {
                return Err(BuildError::Recursion { krate });
            }
        }
        let name = self.lib_name()?;
        let out_dir = || {
            env::var_os("OUT_DIR")
                .map(PathBuf::from)
                .ok_or_else(|| BuildError::Io {
                    during: "locating the output".into(),
                    reason: "OUT_DIR is not set (call from a build script, or set output() \
                             and target_dir())"
                        .into(),
                })
        };
        let dest = match &self.out {
            Some(p) => p.clone(),
            None => out_dir()?.join(format!("{name}.ptx")),
        };
        let target_dir = match &self.target_dir {
            Some(p) => p.clone(),
            None => out_dir()?.join("ptx-target"),
        };
        if self.rerun {
            // A manifest whose `[lib] path` lies elsewhere has no `src/` (a missing path
            // would make cargo rerun the build script every time); the dep-info read after
            // the build names every source anyway.
            if krate.join("src").is_dir() {
                println!("cargo:rerun-if-changed={}", krate.join("src").display());
            }
            println!(
                "cargo:rerun-if-changed={}",
                krate.join("Cargo.toml").display()
            );
            println!("cargo:rerun-if-env-changed={TOOLCHAIN_ENV}");
        }
        let toolchain = self
            .toolchain
            .clone()
            .or_else(|| env::var(TOOLCHAIN_ENV).ok())
            .unwrap_or_else(|| "nightly".into());
        check_toolchain(&toolchain)?;
        let flags = format!("{RUSTFLAGS_BEFORE_ARCH}{}", self.arch);
        let mut cmd = Command::new("cargo");
        scrub_env(&mut cmd);
        cmd.arg(format!("+{toolchain}"))
            .args([
                "rustc",
                "--release",
                "--lib",
                "--target",
                TARGET,
                "-Zbuild-std=core",
            ])
            .arg("--manifest-path")
            .arg(krate.join("Cargo.toml"))
            .arg("--target-dir")
            .arg(&target_dir)
            .args(["--", "--emit=asm"])
            .env("RUSTFLAGS", &flags)
            .env(GUARD_ENV, &krate);
        let output = cmd.output().map_err(io("running cargo"))?;
        if !output.status.success() {
            return Err(BuildError::Compile {
                command: format!(
                    "RUSTFLAGS=\"{flags}\" cargo +{toolchain} rustc --release --lib --target \
                     {TARGET} -Zbuild-std=core --manifest-path {} -- --emit=asm",
                    krate.join("Cargo.toml").display()
                ),
                stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
            });
        }
        // The inner build's warnings would otherwise vanish with its captured output.
        for warning in compiler_warnings(&String::from_utf8_lossy(&output.stderr)) {
            println!("cargo:warning=PTX build of {name}: {warning}");
        }
        let deps = target_dir.join(TARGET).join("release").join("deps");
        let ptx = newest_ptx(&deps, &name)?;
        check_ptx(&ptx)?;
        if let Some(parent) = dest.parent() {
            fs::create_dir_all(parent).map_err(io(format!("creating {}", parent.display())))?;
        }
        fs::copy(&ptx, &dest).map_err(io(format!("copying {}", ptx.display())))?;
        if self.rerun {
            // Every source the PTX was compiled from, dependencies included: without these a
            // change in parallaxis-kernels (say, a new entry point that `instantiate_monoid!`
            // expands to) would leave the user crate's PTX stale while its host-side trait
            // impls already name the new entry points.
            let dep_info = target_dir
                .join(TARGET)
                .join("release")
                .join(format!("lib{name}.d"));
            let text = fs::read_to_string(&dep_info)
                .map_err(io(format!("reading {}", dep_info.display())))?;
            for source in dep_info_sources(&text) {
                println!("cargo:rerun-if-changed={source}");
            }
        }
        if self.rerun {
            println!("cargo:rerun-if-env-changed={PTXAS_ENV}");
            println!("cargo:rerun-if-env-changed={ARCHS_ENV}");
        }
        let mut text =
            fs::read_to_string(&dest).map_err(io(format!("reading {}", dest.display())))?;
        if !self.bounds.is_empty() {
            text = apply_launch_bounds(&text, &self.bounds).0;
            fs::write(&dest, &text).map_err(io(format!("writing {}", dest.display())))?;
        }
        let library = package_ptx(
            &name,
            &text,
            self.archs.as_deref(),
            &target_dir.join("sass"),
        )?;
        let library_file = dest.with_extension("kernels");
        fs::write(&library_file, library)
            .map_err(io(format!("writing {}", library_file.display())))?;
        Ok(dest)
    }
}

/// The kernel library file (see [`library`]) of the PTX `text` of crate `name`: every entry
/// point's PTX on its own, and machine code of every family for each architecture of `archs`
/// (default: `$PARALLAX_CUDA_ARCHS`, else [`DEFAULT_ARCHS`]) that the assembler found
/// supports. Without an assembler, or with no architecture asked for, the library holds PTX
/// alone, and the build output says so once. `scratch` holds the assembler's files.
///
/// # Errors
/// PTX the splitter cannot read, a malformed `$PARALLAX_CUDA_ARCHS`, or PTX the assembler
/// rejects.
pub fn package_ptx(
    name: &str,
    text: &str,
    archs: Option<&[u32]>,
    scratch: &Path,
) -> Result<Vec<u8>, BuildError> {
    let archs = match archs {
        Some(a) => a.to_vec(),
        None => assembler::requested_archs(env::var(ARCHS_ENV).ok().as_deref())
            .map_err(|reason| BuildError::Assemble { reason })?,
    };
    let split = SplitPtx::parse(text).map_err(|e| BuildError::BadPtx {
        file: PathBuf::from(format!("{name}.ptx")),
        reason: format!("line {}: {}", e.line, e.reason),
    })?;
    let funcs: String = split.funcs.iter().flat_map(|f| [*f, "\n"]).collect();
    let mut writer = library::LibraryWriter::new(split.header.clone(), funcs);
    let mut families: Vec<(String, Vec<&str>)> = Vec::new();
    for (entry, ptx) in &split.entries {
        let family = writer.family(family_of(entry));
        writer.entry(entry, family, ptx);
        match families.get_mut(family as usize) {
            Some((_, members)) => members.push(ptx),
            None => families.push((family_of(entry).to_owned(), vec![ptx])),
        }
    }
    let assembler = if archs.is_empty() {
        None
    } else {
        Assembler::find()
    };
    let Some(assembler) = assembler else {
        let why = if archs.is_empty() {
            format!("{ARCHS_ENV} asks for none")
        } else {
            format!(
                "no ptxas was found (install the CUDA toolkit or `pip install nvidia-cuda-nvcc`, \
                 or name one in {PTXAS_ENV})"
            )
        };
        println!(
            "cargo:warning={name}: GPU kernels embedded as PTX only, {why}: the driver \
             compiles each kernel on its first use in a process (and caches it)"
        );
        return Ok(writer.finish());
    };
    let built: Vec<u32> = archs
        .iter()
        .copied()
        .filter(|&sm| assembler.supports(sm))
        .collect();
    let jobs: Vec<(String, String)> = families
        .iter()
        .map(|(family, members)| (family.clone(), split.module(members.iter().copied())))
        .collect();
    let images = assembler
        .assemble(&jobs, &built, scratch)
        .map_err(|reason| BuildError::Assemble { reason })?;
    for (family, sm, cubin) in images {
        writer.image(family as u32, sm, cubin);
    }
    Ok(writer.finish())
}

/// Rustc's warnings in `stderr` as one line each (`message at file:line:col`), without the
/// summary lines cargo adds (`` `crate` (lib) generated N warnings``).
fn compiler_warnings(stderr: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut lines = stderr.lines().peekable();
    while let Some(line) = lines.next() {
        let Some(message) = line.strip_prefix("warning: ") else {
            continue;
        };
        if message.starts_with('`') && message.contains(" generated ") {
            continue;
        }
        let place = lines
            .peek()
            .and_then(|next| next.trim_start().strip_prefix("--> "))
            .map(str::to_owned);
        found.push(match place {
            Some(place) => format!("{message} at {place}"),
            None => message.to_owned(),
        });
    }
    found
}

/// The prerequisites of a Makefile-style dep-info file (`target: a.rs b\ c.rs`), with escaped
/// spaces restored.
fn dep_info_sources(text: &str) -> Vec<String> {
    let mut sources = Vec::new();
    for line in text.lines() {
        // The target is everything up to the first unescaped `": "`.
        let Some((_, rest)) = line.split_once(": ") else {
            continue;
        };
        let mut current = String::new();
        let mut chars = rest.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\\' if chars.peek() == Some(&' ') => {
                    current.push(' ');
                    chars.next();
                }
                ' ' => {
                    if !current.is_empty() {
                        sources.push(std::mem::take(&mut current));
                    }
                }
                _ => current.push(c),
            }
        }
        if !current.is_empty() {
            sources.push(current);
        }
    }
    sources
}

/// Removes what the outer cargo set for *this* build (flags, wrappers such as clippy-driver,
/// the toolchain pin, the target dir), so the inner nightly build sees a clean environment.
fn scrub_env(cmd: &mut Command) {
    for (key, _) in env::vars_os() {
        let Some(key) = key.to_str() else { continue };
        let outer = key.starts_with("RUSTC")
            || key.starts_with("CARGO_BUILD_")
            || key.starts_with("CARGO_PROFILE_")
            || key.starts_with("CARGO_TARGET_")
            || key.starts_with("CARGO_ENCODED_")
            || matches!(
                key,
                "RUSTFLAGS" | "RUSTDOCFLAGS" | "RUSTUP_TOOLCHAIN" | "CARGO_INCREMENTAL" | "CARGO"
            );
        if outer {
            cmd.env_remove(key);
        }
    }
}

/// Fails with the exact command to run when the toolchain or its `rust-src` is missing.
fn check_toolchain(toolchain: &str) -> Result<(), BuildError> {
    let mut cmd = Command::new("rustc");
    scrub_env(&mut cmd);
    let out = cmd
        .args([&format!("+{toolchain}"), "--print", "sysroot"])
        .output()
        .map_err(|e| BuildError::MissingToolchain {
            toolchain: toolchain.into(),
            detail: format!("could not run `rustc +{toolchain}`: {e}; rustup is needed"),
        })?;
    if !out.status.success() {
        return Err(BuildError::MissingToolchain {
            toolchain: toolchain.into(),
            detail: String::from_utf8_lossy(&out.stderr).trim().to_string(),
        });
    }
    let sysroot = String::from_utf8_lossy(&out.stdout).trim().to_string();
    if !Path::new(&sysroot)
        .join("lib/rustlib/src/rust/library/core")
        .is_dir()
    {
        return Err(BuildError::MissingRustSrc {
            toolchain: toolchain.into(),
        });
    }
    Ok(())
}

/// The most recently written `<name>-*.s` (older hashes may linger in `deps`).
fn newest_ptx(deps: &Path, name: &str) -> Result<PathBuf, BuildError> {
    let prefix = format!("{name}-");
    let entries = fs::read_dir(deps).map_err(io(format!("reading {}", deps.display())))?;
    entries
        .filter_map(Result::ok)
        .filter(|e| {
            let file = e.file_name();
            let file = file.to_string_lossy();
            file.starts_with(&prefix) && file.ends_with(".s")
        })
        .filter_map(|e| Some((e.metadata().ok()?.modified().ok()?, e.path())))
        .max()
        .map(|(_, p)| p)
        .ok_or_else(|| BuildError::BadPtx {
            file: deps.join(format!("{prefix}*.s")),
            reason: "no PTX was written (is the crate a library with `codegen-units = 1`?)".into(),
        })
}

/// An undefined `.func` means a function the kernels reach was not generated into the kernel
/// crate (it must be generic or `#[inline]`, `docs/ptx-build.md`); the driver would reject
/// the module.
fn check_ptx(ptx: &Path) -> Result<(), BuildError> {
    let text = fs::read_to_string(ptx).map_err(io(format!("reading {}", ptx.display())))?;
    let bad = |reason: String| BuildError::BadPtx {
        file: ptx.to_path_buf(),
        reason,
    };
    if !text.contains(".visible .entry") {
        return Err(bad(
            "no kernel entry points (`extern \"ptx-kernel\"` functions)".into(),
        ));
    }
    if let Some(line) = text
        .lines()
        .find(|l| l.trim_start().starts_with(".extern .func"))
    {
        return Err(bad(format!(
            "the PTX calls a function defined in another crate: `{}`. Mark it #[inline] or \
             make it generic so it is generated into the kernel crate.",
            line.trim()
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{compiler_warnings, dep_info_sources};

    #[test]
    fn warnings_are_one_line_each_without_cargo_summaries() {
        let stderr =
            "   Compiling k v0.1.0\nwarning: unused import: `x`\n  --> src/a.rs:3:5\n   |\n\
                      warning: `k` (lib) generated 1 warning\n    Finished release\n";
        assert_eq!(
            compiler_warnings(stderr),
            ["unused import: `x` at src/a.rs:3:5"]
        );
    }

    #[test]
    fn dep_info_lists_every_source_with_escaped_spaces_restored() {
        let text =
            "/t/libk.rlib: /a/src/lib.rs /b/my\\ dir/x.rs /c/y.rs\n\n/t/libk.d: /a/src/lib.rs\n";
        assert_eq!(
            dep_info_sources(text),
            [
                "/a/src/lib.rs",
                "/b/my dir/x.rs",
                "/c/y.rs",
                "/a/src/lib.rs"
            ]
        );
        assert!(dep_info_sources("").is_empty());
    }
}
