//! A user's own types on the GPU: [`Mat2`], a 2×2 matrix of wrapping `i32`, and the monoid
//! [`MatMul`] (matrix product: associative, **not** commutative), plus unary functors
//! ([`Det`], [`Transpose`]) and a binary one ([`MatMul`] again, element-wise), all
//! instantiated for the GPU with parallaxis's macros, and fused kernels: `transform_reduce`,
//! `transform_inclusive_scan` and `transform_exclusive_scan` of [`Transpose`] then
//! [`MatMul`], and `transform_reduce`
//! of [`Det`] then [`WrappingAdd`] (an input wider than the values it folds) and of
//! [`Companion`] then [`MatMul`] (an input narrower than them), and `transform2_reduce` of
//! [`MatMul`] pairwise then [`MatMul`] over the products.
#![no_std]
#![cfg_attr(target_arch = "nvptx64", feature(abi_ptx))]

use parallaxis_core::{BinaryFunction, DeviceCopy, Monoid, UnaryFunction};

mod compare;
pub use compare::{AlwaysLess, ByFirstEntry, ByKey, ByMagnitude, KeyIndex, Scrambled};

/// `[[a, b], [c, d]]`, integer entries with wrapping arithmetic (a ring, so the product is
/// exactly associative).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, DeviceCopy)]
pub struct Mat2 {
    /// Row 0, column 0.
    pub a: i32,
    /// Row 0, column 1.
    pub b: i32,
    /// Row 1, column 0.
    pub c: i32,
    /// Row 1, column 1.
    pub d: i32,
}

impl Mat2 {
    /// The identity matrix.
    pub const IDENTITY: Mat2 = Mat2 {
        a: 1,
        b: 0,
        c: 0,
        d: 1,
    };

    /// `self · rhs`.
    #[inline]
    pub fn matmul(self, r: Mat2) -> Mat2 {
        let dot =
            |x: i32, y: i32, z: i32, w: i32| x.wrapping_mul(y).wrapping_add(z.wrapping_mul(w));
        Mat2 {
            a: dot(self.a, r.a, self.b, r.c),
            b: dot(self.a, r.b, self.b, r.d),
            c: dot(self.c, r.a, self.d, r.c),
            d: dot(self.c, r.b, self.d, r.d),
        }
    }
}

/// Matrix product, in operand order: `combine(x, y) = x · y`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct MatMul;

impl Monoid<Mat2> for MatMul {
    #[inline]
    fn identity(&self) -> Mat2 {
        Mat2::IDENTITY
    }
    #[inline]
    fn combine(&self, x: Mat2, y: Mat2) -> Mat2 {
        x.matmul(y)
    }
}

impl BinaryFunction<Mat2, Mat2> for MatMul {
    type Output = Mat2;
    #[inline]
    fn apply(&self, x: Mat2, y: Mat2) -> Mat2 {
        x.matmul(y)
    }
}

/// The determinant `ad - bc` (wrapping).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct Det;

impl UnaryFunction<Mat2> for Det {
    type Output = i32;
    #[inline]
    fn apply(&self, m: Mat2) -> i32 {
        m.a.wrapping_mul(m.d).wrapping_sub(m.b.wrapping_mul(m.c))
    }
}

/// Wrapping `i32` addition: a monoid of this crate over a primitive type, so that the fused
/// `transform_reduce(Det, WrappingAdd, x)` (16-byte matrices in, 4-byte determinants
/// folded) can live in this crate's PTX beside `Det` (the library's own `Sum` lives in the
/// library's PTX, and a fused kernel needs both operators in one module).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct WrappingAdd;

impl Monoid<i32> for WrappingAdd {
    #[inline]
    fn identity(&self) -> i32 {
        0
    }
    #[inline]
    fn combine(&self, x: i32, y: i32) -> i32 {
        x.wrapping_add(y)
    }
}

/// The transpose `[[a, c], [b, d]]`: `transform_reduce(Transpose, MatMul, x)` is
/// `xᵀ[0] · xᵀ[1] · ...`, which a fused kernel must fold in index order like any other.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct Transpose;

impl UnaryFunction<Mat2> for Transpose {
    type Output = Mat2;
    #[inline]
    fn apply(&self, m: Mat2) -> Mat2 {
        Mat2 {
            a: m.a,
            b: m.c,
            c: m.b,
            d: m.d,
        }
    }
}

/// `k -> [[k, 1], [1, 0]]` (wrapping): `transform_reduce(Companion, MatMul, k)` is the
/// ordered product of these matrices, an input (4 bytes) narrower than the values it folds
/// (16): the fused kernel's first round loads 16 `i32` a thread, its fold tree 4 `Mat2`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct Companion;

impl UnaryFunction<i32> for Companion {
    type Output = Mat2;
    #[inline]
    fn apply(&self, k: i32) -> Mat2 {
        Mat2 {
            a: k,
            b: 1,
            c: 1,
            d: 0,
        }
    }
}

/// This crate's kernels, built for nvptx64 by `build.rs` (host builds only): the kernel
/// library `parallaxis-ptx-builder` writes (PTX, and machine code where `ptxas` was found).
#[cfg(not(target_arch = "nvptx64"))]
pub const KERNELS: parallaxis_device::Kernels = parallaxis_device::Kernels::library(
    include_bytes!(concat!(env!("OUT_DIR"), "/user_monoid_kernels.kernels")),
);

parallaxis_kernels::instantiate_monoid! {
    kernels = crate::KERNELS;
    MatMul for Mat2;
    WrappingAdd for i32;
}
parallaxis_kernels::instantiate_unary! {
    kernels = crate::KERNELS;
    Det, Transpose for Mat2;
    Companion for i32;
}
// Fused kernels: the transpose mapped as the reduce or the scan reads (both operators are
// this crate's, so the host finds the entries in this crate's kernels).
parallaxis_kernels::instantiate_fused! {
    transform_reduce:
    Transpose with MatMul for Mat2;
    // The input (16 bytes) wider than the folded values (4): the first round's partition
    // is by the input's size, the fold tree's by the output's.
    Det with WrappingAdd for Mat2;
    // The input (4 bytes) narrower than the folded values (16).
    Companion with MatMul for i32;
}
parallaxis_kernels::instantiate_fused! { transform_inclusive_scan: Transpose with MatMul for Mat2 }
parallaxis_kernels::instantiate_fused! { transform_exclusive_scan: Transpose with MatMul for Mat2 }
parallaxis_kernels::instantiate_binary! {
    kernels = crate::KERNELS;
    MatMul for Mat2;
}
// Fused over two inputs: `x[i]·y[i]` multiplied in index order (non-commutative both ways).
parallaxis_kernels::instantiate_fused! { transform2_reduce: MatMul with MatMul for Mat2 }
// The comparator merge sort and merge for user comparators and element types.
parallaxis_kernels::instantiate_compare! {
    kernels = crate::KERNELS;
    ByMagnitude, AlwaysLess, Scrambled for i32;
    ByKey for KeyIndex;
    ByFirstEntry for Mat2;
}
