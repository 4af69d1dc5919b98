//! Tells crates that depend on this one where its sources are and what launch bounds its
//! kernels take: `parallaxis-device`'s build script compiles the sources to PTX, finding them
//! through `DEP_PARALLAXIS_KERNELS_ROOT` (the workspace folder in a checkout, the registry's
//! unpacked copy for a published crate), and writes the bounds into the PTX from
//! `DEP_PARALLAXIS_KERNELS_LAUNCH_BOUNDS` (`prefix:threads:min_blocks`, comma-separated).

/// The launch-bounds table, the same file the crate compiles as `policy::launch_bounds`
/// (where its `pub` is reachable; here, in a build script, it is not).
#[allow(unreachable_pub)]
mod policy {
    include!("src/policy/launch_bounds.rs");
}

fn main() {
    // Always set by cargo for build scripts.
    let root = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
    println!("cargo::metadata=root={root}");
    let bounds: Vec<String> = policy::LAUNCH_BOUNDS
        .iter()
        .map(|(prefix, threads, min_blocks)| format!("{prefix}:{threads}:{min_blocks}"))
        .collect();
    println!("cargo::metadata=launch_bounds={}", bounds.join(","));
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=src/policy/launch_bounds.rs");
}
