//! Tells crates that depend on this one where its sources are: `parallaxis-device`'s build
//! script compiles them (with `parallaxis-kernels`) to PTX and reads `DEP_PARALLAXIS_CORE_ROOT`
//! to find them (the workspace folder in a checkout, the registry's copy when published).

fn main() {
    // Always set by cargo for build scripts.
    let root = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
    println!("cargo::metadata=root={root}");
    println!("cargo::rerun-if-changed=build.rs");
}
