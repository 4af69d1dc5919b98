//! Kernel parameter structs, shared by the kernels (nvptx64) and their launchers (host), one
//! file per kernel family; [`common`] holds what several families share (the look-back
//! state, the host signal).
//!
//! Every kernel takes exactly one of these by value. They are `#[repr(C)]`, so the rustc
//! `ptx-kernel` ABI passes each as one `.param .align N .b8 [size]` aggregate and the host
//! passes a pointer to an identical struct to `cuLaunchKernel`. Zero-sized operators (`Sum`,
//! `Square`) occupy no bytes on either side; operators with parameters (`Scale { factor }`,
//! `SaxpyFunctor { a }`) travel inside the struct. Pointers are device addresses; lengths and
//! indices are `u64`, so `n >= 2^31` works everywhere.

pub mod common;
pub mod extrema;
pub mod gather;
pub mod histogram;
pub mod merge;
pub mod reduce;
pub mod scan;
pub mod search;
pub mod segmented;
pub mod select;
pub mod sort;
pub mod spmv;
pub mod stencil;
pub mod transform;
