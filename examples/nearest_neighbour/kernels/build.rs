//! Builds this crate to PTX when the host build has the `cuda` feature (which embeds it).
//! Without `cuda` nothing is built: the CPU part of the example needs no nightly. When this
//! build script runs for the nvptx64 build that it started itself, it does nothing: the
//! recursion guard.

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    if std::env::var_os("CARGO_FEATURE_CUDA").is_some() {
        parallaxis_ptx_builder::build_kernel_crate();
    }
}
