//! The GPU kernels of {{project-name}}: an element type of its own ([`Interval`]), a monoid
//! over it ([`Hull`]), a functor into it ([`Point`]), and the parallaxis kernels instantiated
//! for them. Add your own operators beside these and name them in the macros at the end.
#![no_std]
#![cfg_attr(target_arch = "nvptx64", feature(abi_ptx))]

use parallaxis_core::{DeviceCopy, Monoid, UnaryFunction};

/// A closed interval `[lo, hi]`; the empty one has `lo > hi`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, DeviceCopy)]
pub struct Interval {
    /// The lower end.
    pub lo: f32,
    /// The upper end.
    pub hi: f32,
}

/// The smallest interval holding both operands: a monoid (associative, with the empty
/// interval as identity), so `reduce(Hull, ...)` and the scans run it in parallel.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct Hull;

impl Monoid<Interval> for Hull {
    #[inline]
    fn identity(&self) -> Interval {
        Interval {
            lo: f32::INFINITY,
            hi: f32::NEG_INFINITY,
        }
    }
    #[inline]
    fn combine(&self, a: Interval, b: Interval) -> Interval {
        Interval {
            lo: a.lo.min(b.lo),
            hi: a.hi.max(b.hi),
        }
    }
}

/// `x -> [x, x]`: with [`Hull`], `transform_reduce(Point, Hull, &x)` is the minimum and the
/// maximum of `x` in one pass.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct Point;

impl UnaryFunction<f32> for Point {
    type Output = Interval;
    #[inline]
    fn apply(&self, x: f32) -> Interval {
        Interval { lo: x, hi: x }
    }
}

/// This crate's kernel library, built for nvptx64 by `build.rs` (host builds only).
#[cfg(not(target_arch = "nvptx64"))]
pub const KERNELS: parallaxis_device::Kernels = parallaxis_device::Kernels::library(
    include_bytes!(concat!(env!("OUT_DIR"), "/{{crate_name}}_kernels.kernels")),
);

// The kernels parallaxis needs for these operators on CUDA: reduce and the scans of `Hull`
// over `Interval`, `transform` of `Point`, and the fused `transform_reduce` of both.
parallaxis_kernels::instantiate_monoid! {
    kernels = crate::KERNELS;
    Hull for Interval;
}
parallaxis_kernels::instantiate_unary! {
    kernels = crate::KERNELS;
    Point for f32;
}
parallaxis_kernels::instantiate_fused! { transform_reduce: Point with Hull for f32 }
