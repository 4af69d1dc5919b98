//! User comparators for the GPU merge sort and merge: a descending-by-magnitude order on
//! `i32`, a key-field order on a (key, index) pair type (its stability is visible in the
//! indices), and an order on the 16-byte [`Mat2`](crate::Mat2) by its first entry. Two
//! comparators that are not strict weak orders, [`AlwaysLess`] and [`Scrambled`], show what
//! the GPU merges do with one: a permutation of the input or an `InvalidArgument` error.

use crate::Mat2;
use parallaxis_core::{Compare, DeviceCopy};

/// Descending by absolute value: `x` and `-x` are equal (a stable sort keeps their order).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct ByMagnitude;

impl Compare<i32> for ByMagnitude {
    #[inline]
    fn less(&self, a: i32, b: i32) -> bool {
        a.unsigned_abs() > b.unsigned_abs()
    }
}

/// A key and the element's input position.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct KeyIndex {
    /// The sort key.
    pub key: u32,
    /// The input position.
    pub index: u32,
}

// SAFETY: two u32, `#[repr(C)]`, no padding, no pointers; all-zero is a valid value.
unsafe impl DeviceCopy for KeyIndex {}

/// By [`KeyIndex::key`] alone: pairs with equal keys are equal.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct ByKey;

impl Compare<KeyIndex> for ByKey {
    #[inline]
    fn less(&self, a: KeyIndex, b: KeyIndex) -> bool {
        a.key < b.key
    }
}

/// Ascending by the entry `a` of a [`Mat2`] (a 16-byte element: two items a thread).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct ByFirstEntry;

impl Compare<Mat2> for ByFirstEntry {
    #[inline]
    fn less(&self, x: Mat2, y: Mat2) -> bool {
        x.a < y.a
    }
}

/// Not a strict weak order: every element is "less" than every other, itself included.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct AlwaysLess;

impl Compare<i32> for AlwaysLess {
    #[inline]
    fn less(&self, _: i32, _: i32) -> bool {
        true
    }
}

/// Not a strict weak order: `less(a, b)` is a bit of a hash of both, so it is neither
/// asymmetric nor transitive.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct Scrambled;

impl Compare<i32> for Scrambled {
    #[inline]
    fn less(&self, a: i32, b: i32) -> bool {
        ((a as u32).wrapping_mul(0x9E37_79B9) ^ (b as u32).wrapping_mul(0x85EB_CA6B)) >> 31 == 1
    }
}
