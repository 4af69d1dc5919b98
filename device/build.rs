//! Compiles `device/kernels` to PTX with rustc's `nvptx64-nvidia-cuda` backend
//! (`docs/ptx-build.md`), through `parallax-ptx-builder` (the same builder user crates call),
//! and leaves it at `$OUT_DIR/parallax_kernels.ptx`, which `src/lib.rs` embeds.
//!
//! Needs the nightly toolchain and its `rust-src` component (for `-Zbuild-std=core`); nothing
//! from CUDA. `PARALLAX_PTX_TOOLCHAIN` names another toolchain than `nightly`;
//! `PARALLAX_PTX_FILE` supplies a prebuilt PTX file instead (no nightly needed).

use parallax_ptx_builder::PtxBuilder;
use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

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
        fs::copy(&file, &dest).map_err(|e| format!("PARALLAX_PTX_FILE: {e}"))?;
        return Ok(());
    }
    PtxBuilder::new(manifest_dir.join("kernels"))
        .arch("sm_80")
        .output(&dest)
        .target_dir(out_dir.join("ptx-target"))
        .build()
        .map_err(|e| e.to_string())?;
    Ok(())
}
