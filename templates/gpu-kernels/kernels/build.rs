//! Builds this crate to PTX for the host build, which embeds it (nothing to do inside the
//! PTX build the builder starts itself).

fn main() {
    parallaxis_ptx_builder::build_kernel_crate();
}
