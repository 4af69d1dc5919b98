//! Builds this crate to PTX (for the host build, which embeds it). When this build script
//! runs for the nvptx64 build that it started itself, it does nothing: the recursion guard.

fn main() {
    if parallax_ptx_builder::inside_ptx_build() {
        return;
    }
    let dir = std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo");
    if let Err(e) = parallax_ptx_builder::PtxBuilder::new(dir)
        .arch("sm_80")
        .build()
    {
        e.exit();
    }
}
