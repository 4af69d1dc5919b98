//! Builds this crate to PTX (for the host build, which embeds it); nothing inside the PTX
//! build the builder starts itself (`build_kernel_crate`'s recursion guard).

fn main() {
    parallaxis_ptx_builder::build_kernel_crate();
}
