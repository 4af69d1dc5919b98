//! Compiles `device/kernels` to PTX with rustc's `nvptx64-nvidia-cuda` backend
//! (`docs/ptx-build.md`), through `parallaxis-ptx-builder` (the same builder user crates call),
//! and leaves it at `$OUT_DIR/parallaxis_kernels.ptx`, with the kernel library made of it
//! (`parallaxis_kernels.kernels`: each entry's PTX, and machine code per family where `ptxas`
//! is found), which `src/lib.rs` embeds.
//!
//! The kernels' and core's sources are found through their `links` metadata, so the same
//! build works in a checkout and from the published crates (`build/ptx_crates.rs`).
//!
//! Needs the nightly toolchain and its `rust-src` component (for `-Zbuild-std=core`); CUDA's
//! `ptxas` only for the machine code. `PARALLAX_PTX_TOOLCHAIN` names another toolchain than
//! `nightly`; `PARALLAX_PTX_FILE` supplies a prebuilt PTX file instead (no nightly needed);
//! `PARALLAX_CUDA_ARCHS` and `PARALLAX_PTXAS` choose the machine code and the assembler.
//! Under `DOCS_RS` (docs.rs, which has neither nightly's PTX target nor CUDA) it writes an
//! empty kernel library: the API is documented, nothing runs.

#[path = "build/ptx_crates.rs"]
mod ptx_crates;

use parallaxis_ptx_builder::library::LibraryWriter;
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

fn run() -> Result<(), String> {
    let out_dir = var("OUT_DIR")?;
    let dest = out_dir.join("parallaxis_kernels.ptx");
    let library_file = dest.with_extension("kernels");
    println!("cargo:rerun-if-env-changed=DOCS_RS");
    if env::var_os("DOCS_RS").is_some() {
        let empty = LibraryWriter::new(String::new(), String::new()).finish();
        return fs::write(&library_file, empty)
            .map_err(|e| format!("{}: {e}", library_file.display()));
    }
    println!("cargo:rerun-if-env-changed=PARALLAX_PTX_FILE");
    if let Some(file) = env::var_os("PARALLAX_PTX_FILE") {
        println!("cargo:rerun-if-changed={}", Path::new(&file).display());
        println!("cargo:rerun-if-env-changed={ARCHS_ENV}");
        println!("cargo:rerun-if-env-changed={PTXAS_ENV}");
        let text = fs::read_to_string(&file).map_err(|e| format!("PARALLAX_PTX_FILE: {e}"))?;
        let text = apply_launch_bounds(&text, &launch_bounds()?).0;
        fs::write(&dest, &text).map_err(|e| format!("{}: {e}", dest.display()))?;
        let library = package_ptx("parallaxis_kernels", &text, None, &out_dir.join("sass"))
            .map_err(|e| e.to_string())?;
        fs::write(&library_file, library)
            .map_err(|e| format!("{}: {e}", library_file.display()))?;
        return Ok(());
    }
    let kernels_root = var("DEP_PARALLAXIS_KERNELS_ROOT")?;
    let core_root = var("DEP_PARALLAXIS_CORE_ROOT")?;
    for root in [&kernels_root, &core_root] {
        println!("cargo:rerun-if-changed={}", root.join("src").display());
        println!(
            "cargo:rerun-if-changed={}",
            root.join("Cargo.toml").display()
        );
    }
    let krate = ptx_crates::write(&out_dir.join("ptx-crates"), &kernels_root, &core_root)?;
    PtxBuilder::new(krate)
        .arch("sm_80")
        .output(&dest)
        .target_dir(out_dir.join("ptx-target"))
        .launch_bounds(&launch_bounds()?)
        .build()
        .map_err(|e| e.to_string())?;
    Ok(())
}
