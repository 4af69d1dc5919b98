//! Compiles `device/kernels` to PTX with rustc's `nvptx64-nvidia-cuda` backend (DESIGN §3)
//! and leaves it at `$OUT_DIR/parallax_kernels.ptx`, which `src/lib.rs` embeds.
//!
//! Needs the nightly toolchain and its `rust-src` component (for `-Zbuild-std=core`); nothing
//! from CUDA. `PARALLAX_PTX_TOOLCHAIN` names another toolchain than `nightly`;
//! `PARALLAX_PTX_FILE` supplies a prebuilt PTX file instead (no nightly needed).

use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

const TARGET: &str = "nvptx64-nvidia-cuda";
/// sm_80 PTX runs on Ampere, Hopper and later: the driver compiles it for the GPU at load.
const FLAGS: &str = "-Zunstable-options -Cpanic=immediate-abort -Ctarget-cpu=sm_80";

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
    let kernels = manifest_dir.join("kernels");
    println!("cargo:rerun-if-changed={}", kernels.join("src").display());
    println!(
        "cargo:rerun-if-changed={}",
        kernels.join("Cargo.toml").display()
    );
    println!(
        "cargo:rerun-if-changed={}",
        manifest_dir.join("../core/src").display()
    );
    println!(
        "cargo:rerun-if-changed={}",
        manifest_dir.join("../core/Cargo.toml").display()
    );
    println!("cargo:rerun-if-env-changed=PARALLAX_PTX_TOOLCHAIN");
    println!("cargo:rerun-if-env-changed=PARALLAX_PTX_FILE");
    let dest = out_dir.join("parallax_kernels.ptx");

    if let Some(file) = env::var_os("PARALLAX_PTX_FILE") {
        println!("cargo:rerun-if-changed={}", Path::new(&file).display());
        fs::copy(&file, &dest).map_err(|e| format!("PARALLAX_PTX_FILE: {e}"))?;
        return Ok(());
    }
    let toolchain = env::var("PARALLAX_PTX_TOOLCHAIN").unwrap_or_else(|_| "nightly".into());
    check_toolchain(&toolchain)?;
    let target_dir = out_dir.join("ptx-target");
    let mut cmd = Command::new("cargo");
    scrub_env(&mut cmd);
    cmd.arg(format!("+{toolchain}"))
        .args(["rustc", "--release", "--target", TARGET, "-Zbuild-std=core"])
        .arg("--manifest-path")
        .arg(kernels.join("Cargo.toml"))
        .arg("--target-dir")
        .arg(&target_dir)
        .args(["--", "--emit=asm"])
        .env("RUSTFLAGS", FLAGS);
    let output = cmd
        .output()
        .map_err(|e| format!("could not run cargo: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "`cargo +{toolchain} rustc --target {TARGET} -Zbuild-std=core` failed:\n{}",
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    let ptx = newest_ptx(&target_dir.join(TARGET).join("release").join("deps"))?;
    check_ptx(&ptx)?;
    fs::copy(&ptx, &dest).map_err(|e| format!("copying {}: {e}", ptx.display()))?;
    Ok(())
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
fn check_toolchain(toolchain: &str) -> Result<(), String> {
    let install = format!(
        "Install it once with:\n    rustup toolchain install {toolchain}\n    \
         rustup component add rust-src --toolchain {toolchain}"
    );
    let mut cmd = Command::new("rustc");
    scrub_env(&mut cmd);
    let out = cmd
        .args([&format!("+{toolchain}"), "--print", "sysroot"])
        .output()
        .map_err(|e| {
            format!("could not run `rustc +{toolchain}` ({e}): rustup is needed.\n{install}")
        })?;
    if !out.status.success() {
        return Err(format!(
            "the `{toolchain}` Rust toolchain is not installed (the kernels need nightly \
             features and -Zbuild-std).\n{install}"
        ));
    }
    let sysroot = String::from_utf8_lossy(&out.stdout).trim().to_string();
    let core_src = Path::new(&sysroot).join("lib/rustlib/src/rust/library/core");
    if !core_src.is_dir() {
        return Err(format!(
            "the `{toolchain}` toolchain has no `rust-src` component (needed by \
             -Zbuild-std=core).\nRun:\n    rustup component add rust-src --toolchain {toolchain}"
        ));
    }
    Ok(())
}

/// The most recently written `parallax_kernels-*.s` (older hashes may linger in `deps`).
fn newest_ptx(deps: &Path) -> Result<PathBuf, String> {
    let entries = fs::read_dir(deps).map_err(|e| format!("reading {}: {e}", deps.display()))?;
    entries
        .filter_map(Result::ok)
        .filter(|e| {
            let name = e.file_name();
            let name = name.to_string_lossy();
            name.starts_with("parallax_kernels-") && name.ends_with(".s")
        })
        .filter_map(|e| Some((e.metadata().ok()?.modified().ok()?, e.path())))
        .max()
        .map(|(_, p)| p)
        .ok_or_else(|| format!("no parallax_kernels-*.s in {}", deps.display()))
}

/// An undefined `.func` means a function the kernels reach was not generated into the kernels
/// crate (it must be generic or `#[inline]`, DESIGN §3); the driver would reject the module.
fn check_ptx(ptx: &Path) -> Result<(), String> {
    let text = fs::read_to_string(ptx).map_err(|e| format!("reading {}: {e}", ptx.display()))?;
    if !text.contains(".visible .entry") {
        return Err(format!("{} has no kernel entry points", ptx.display()));
    }
    if let Some(line) = text
        .lines()
        .find(|l| l.trim_start().starts_with(".extern .func"))
    {
        return Err(format!(
            "the PTX calls a function defined in another crate: `{}`. Mark it #[inline] or \
             make it generic so it is generated into the kernels crate.",
            line.trim()
        ));
    }
    Ok(())
}
