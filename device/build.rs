//! Compiles `device/kernels` to PTX with rustc's `nvptx64-nvidia-cuda` backend
//! (`docs/ptx-build.md`), through `parallax-ptx-builder` (the same builder user crates call),
//! and leaves it at `$OUT_DIR/parallax_kernels.ptx`, with the kernel library made of it
//! (`parallax_kernels.kernels`: each entry's PTX, and machine code per family where `ptxas`
//! is found), which `src/lib.rs` embeds.
//!
//! Needs the nightly toolchain and its `rust-src` component (for `-Zbuild-std=core`); CUDA's
//! `ptxas` only for the machine code. `PARALLAX_PTX_TOOLCHAIN` names another toolchain than
//! `nightly`; `PARALLAX_PTX_FILE` supplies a prebuilt PTX file instead (no nightly needed);
//! `PARALLAX_CUDA_ARCHS` and `PARALLAX_PTXAS` choose the machine code and the assembler.

use parallax_ptx_builder::{
    apply_launch_bounds, package_ptx, LaunchBound, PtxBuilder, ARCHS_ENV, PTXAS_ENV,
};
use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The kernels' launch bounds, a table of the tuning policy (its `pub` is for the kernels
/// crate, which exports it).
#[allow(unreachable_pub)]
mod policy {
    include!("kernels/src/policy/launch_bounds.rs");
}

/// [`policy::LAUNCH_BOUNDS`] as the builder takes them.
fn launch_bounds() -> Vec<LaunchBound> {
    policy::LAUNCH_BOUNDS
        .iter()
        .map(|&(prefix, threads, min_blocks)| LaunchBound {
            prefix,
            threads,
            min_blocks,
        })
        .collect()
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("\nerror: parallax-device could not build its GPU kernels.\n{msg}\n");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let manifest_dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").map_err(|e| e.to_string())?);
    let out_dir = PathBuf::from(env::var("OUT_DIR").map_err(|e| e.to_string())?);
    println!(
        "cargo:rerun-if-changed={}",
        manifest_dir.join("../core/src").display()
    );
    println!(
        "cargo:rerun-if-changed={}",
        manifest_dir.join("../core/Cargo.toml").display()
    );
    println!("cargo:rerun-if-env-changed=PARALLAX_PTX_FILE");
    let dest = out_dir.join("parallax_kernels.ptx");

    if let Some(file) = env::var_os("PARALLAX_PTX_FILE") {
        println!("cargo:rerun-if-changed={}", Path::new(&file).display());
        println!("cargo:rerun-if-env-changed={ARCHS_ENV}");
        println!("cargo:rerun-if-env-changed={PTXAS_ENV}");
        let text = fs::read_to_string(&file).map_err(|e| format!("PARALLAX_PTX_FILE: {e}"))?;
        let text = apply_launch_bounds(&text, &launch_bounds()).0;
        fs::write(&dest, &text).map_err(|e| format!("{}: {e}", dest.display()))?;
        let library = package_ptx("parallax_kernels", &text, None, &out_dir.join("sass"))
            .map_err(|e| e.to_string())?;
        let library_file = dest.with_extension("kernels");
        fs::write(&library_file, library)
            .map_err(|e| format!("{}: {e}", library_file.display()))?;
        return Ok(());
    }
    PtxBuilder::new(manifest_dir.join("kernels"))
        .arch("sm_80")
        .output(&dest)
        .target_dir(out_dir.join("ptx-target"))
        .launch_bounds(&launch_bounds())
        .build()
        .map_err(|e| e.to_string())?;
    Ok(())
}
