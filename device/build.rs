//! Makes the kernel library `src/lib.rs` embeds (`$OUT_DIR/parallaxis_kernels.kernels`: each
//! entry's PTX, and machine code per family where `ptxas` is found) from the PTX of
//! `device/kernels`, left at `$OUT_DIR/parallaxis_kernels.ptx`. The PTX comes from, first that
//! applies:
//!
//! 1. `PARALLAX_PTX_FILE`, a PTX file the user supplies;
//! 2. `prebuilt/` (the PTX shipped with the crate, xz-compressed), when its fingerprint matches
//!    the kernels' and core's sources (`parallaxis_ptx_builder::prebuilt`): no nightly needed,
//!    so `--features cuda` builds on stable Rust;
//! 3. rustc's `nvptx64-nvidia-cuda` backend (`docs/ptx-build.md`), through
//!    `parallaxis-ptx-builder` (the same builder user crates call): needs the nightly toolchain
//!    and its `rust-src` component; `PARALLAX_PTX_TOOLCHAIN` names another toolchain.
//!
//! `PARALLAX_KERNELS` chooses: `auto` (the default: the prebuilt PTX if current, else nightly,
//! with a warning), `prebuilt` (fail unless the prebuilt PTX is current: what CI's stable build
//! asks), `source` (always nightly: `scripts/prebuild-kernels.sh` refreshes `prebuilt/` so).
//! The fingerprint of the sources is written to `$OUT_DIR/parallaxis_kernels.fingerprint`.
//!
//! The kernels' and core's sources are found through their `links` metadata, so the same
//! build works in a checkout and from the published crates (`build/ptx_crates.rs`).
//! `PARALLAX_CUDA_ARCHS` and `PARALLAX_PTXAS` choose the machine code and the assembler (CUDA's
//! `ptxas`, needed only for machine code). Under `DOCS_RS` (docs.rs, which has neither
//! nightly's PTX target nor CUDA) it writes an empty kernel library: the API is documented,
//! nothing runs.

#[path = "build/ptx_crates.rs"]
mod ptx_crates;

use parallaxis_ptx_builder::library::LibraryWriter;
use parallaxis_ptx_builder::prebuilt::{self, Fingerprint, Unusable};
use parallaxis_ptx_builder::{
    apply_launch_bounds, package_ptx, LaunchBound, PtxBuilder, ARCHS_ENV, PTXAS_ENV,
};
use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The kernels' launch bounds (`device/kernels/src/policy/launch_bounds.rs`), as the kernels
/// crate's build script hands them over: `prefix:threads:min_blocks`, comma-separated, in
/// `DEP_PARALLAXIS_KERNELS_LAUNCH_BOUNDS` (a file of the kernels crate cannot be `include!`d
/// from here: the published parallaxis-device does not contain it).
fn launch_bounds() -> Result<Vec<LaunchBound>, String> {
    let text = env::var("DEP_PARALLAXIS_KERNELS_LAUNCH_BOUNDS")
        .map_err(|_| "DEP_PARALLAXIS_KERNELS_LAUNCH_BOUNDS is not set".to_string())?;
    let bad = |item: &str| format!("DEP_PARALLAXIS_KERNELS_LAUNCH_BOUNDS: malformed `{item}`");
    let mut bounds = Vec::new();
    for item in text.split(',').filter(|i| !i.is_empty()) {
        let mut fields = item.split(':');
        let (Some(prefix), Some(threads), Some(min_blocks), None) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            return Err(bad(item));
        };
        bounds.push(LaunchBound {
            // The builder takes `&'static str`; a build script's few bytes may leak.
            prefix: String::leak(prefix.to_owned()),
            threads: threads.parse().map_err(|_| bad(item))?,
            min_blocks: min_blocks.parse().map_err(|_| bad(item))?,
        });
    }
    Ok(bounds)
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("\nerror: parallaxis-device could not build its GPU kernels.\n{msg}\n");
            ExitCode::FAILURE
        }
    }
}

fn var(name: &str) -> Result<PathBuf, String> {
    env::var_os(name)
        .map(PathBuf::from)
        .ok_or_else(|| format!("{name} is not set"))
}

/// The kernels' virtual architecture: the GPU floor (compute capability 8.0, Ampere).
const ARCH: &str = "sm_80";

/// The library name of the kernels crate: the PTX and library files are named after it.
const NAME: &str = "parallaxis_kernels";

/// Where the PTX comes from (`PARALLAX_KERNELS`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Source {
    Auto,
    Prebuilt,
    Nightly,
}

fn source() -> Result<Source, String> {
    println!("cargo:rerun-if-env-changed=PARALLAX_KERNELS");
    match env::var("PARALLAX_KERNELS").as_deref() {
        Err(_) | Ok("") | Ok("auto") => Ok(Source::Auto),
        Ok("prebuilt") => Ok(Source::Prebuilt),
        Ok("source") => Ok(Source::Nightly),
        Ok(other) => Err(format!(
            "PARALLAX_KERNELS is `{other}`: expected `auto`, `prebuilt` or `source`"
        )),
    }
}

fn run() -> Result<(), String> {
    let out_dir = var("OUT_DIR")?;
    let dest = out_dir.join(format!("{NAME}.ptx"));
    let library_file = dest.with_extension("kernels");
    println!("cargo:rerun-if-env-changed=DOCS_RS");
    if env::var_os("DOCS_RS").is_some() {
        let empty = LibraryWriter::new(String::new(), String::new()).finish();
        return fs::write(&library_file, empty)
            .map_err(|e| format!("{}: {e}", library_file.display()));
    }
    println!("cargo:rerun-if-env-changed=PARALLAX_PTX_FILE");
    println!("cargo:rerun-if-env-changed={ARCHS_ENV}");
    println!("cargo:rerun-if-env-changed={PTXAS_ENV}");
    if let Some(file) = env::var_os("PARALLAX_PTX_FILE") {
        println!("cargo:rerun-if-changed={}", Path::new(&file).display());
        let text = fs::read_to_string(&file).map_err(|e| format!("PARALLAX_PTX_FILE: {e}"))?;
        return package(&text, &out_dir);
    }
    let source = source()?;
    let kernels_root = var("DEP_PARALLAXIS_KERNELS_ROOT")?;
    let core_root = var("DEP_PARALLAXIS_CORE_ROOT")?;
    for root in [&kernels_root, &core_root] {
        println!("cargo:rerun-if-changed={}", root.join("src").display());
        println!(
            "cargo:rerun-if-changed={}",
            root.join("Cargo.toml").display()
        );
    }
    let fingerprint =
        Fingerprint::of_sources(ARCH, &[("kernels", &kernels_root), ("core", &core_root)])
            .map_err(|e| e.to_string())?;
    let fingerprint_file = dest.with_extension("fingerprint");
    fs::write(&fingerprint_file, fingerprint.line() + "\n")
        .map_err(|e| format!("{}: {e}", fingerprint_file.display()))?;
    if source != Source::Nightly {
        let dir = var("CARGO_MANIFEST_DIR")?.join("prebuilt");
        println!("cargo:rerun-if-changed={}", dir.display());
        match prebuilt::load(&dir, NAME, fingerprint) {
            Ok(text) => return package(&text, &out_dir),
            Err(why) if source == Source::Prebuilt => {
                return Err(format!(
                    "PARALLAX_KERNELS=prebuilt, but the prebuilt PTX in {} cannot be used: {why}.\n\
                     scripts/prebuild-kernels.sh (nightly) refreshes it from the sources.",
                    dir.display()
                ))
            }
            Err(Unusable::Missing { .. }) => {}
            Err(why) => println!(
                "cargo:warning=parallaxis-device: the prebuilt PTX cannot be used ({why}): \
                 building the kernels with nightly; scripts/prebuild-kernels.sh refreshes it"
            ),
        }
    }
    let krate = ptx_crates::write(&out_dir.join("ptx-crates"), &kernels_root, &core_root)?;
    PtxBuilder::new(krate)
        .arch(ARCH)
        .output(&dest)
        .target_dir(out_dir.join("ptx-target"))
        .launch_bounds(&launch_bounds()?)
        .build()
        .map_err(|e| e.to_string())?;
    Ok(())
}

/// Writes PTX `text` (with the kernels' launch bounds) to `$OUT_DIR` and packs the kernel
/// library of it, as the builder does after a nightly build.
fn package(text: &str, out_dir: &Path) -> Result<(), String> {
    let dest = out_dir.join(format!("{NAME}.ptx"));
    let library_file = dest.with_extension("kernels");
    let text = apply_launch_bounds(text, &launch_bounds()?).0;
    fs::write(&dest, &text).map_err(|e| format!("{}: {e}", dest.display()))?;
    let library =
        package_ptx(NAME, &text, None, &out_dir.join("sass")).map_err(|e| e.to_string())?;
    fs::write(&library_file, library).map_err(|e| format!("{}: {e}", library_file.display()))
}
