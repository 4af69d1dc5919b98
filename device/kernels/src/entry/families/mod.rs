//! One declaration per kernel family: each file's exported `__<family>_family!` macro holds
//! the family's stock instances (`@stock`) and everything an instance expands to, chosen by
//! mode: `@ptx` the `extern "ptx-kernel"` entry points (compiled for nvptx64), `@host` the
//! `parallaxis_device` kernel-trait impls whose constants name those entries (compiled for
//! the host, inside `parallaxis-device` for the stock instances and inside a user's kernel
//! crate for the `instantiate_*!` macros of [`crate::user`]), and `@abi` the entries' rows of
//! [`crate::abi`]. The instances are parsed by `declare.rs`, which derives each entry's tags
//! from the declared types.

mod arg_reduce;
mod fused;
mod histogram;
mod merge;
mod monoid;
mod radix_sort;
mod search;
mod select;
mod semiring;
mod stencil;
mod transform;
