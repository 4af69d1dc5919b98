//! Warp reduce and inclusive scan in lane order, for any monoid (no commutativity needed).

use super::shuffle::shuffle_up;
use crate::policy::common::{Partial, WARP_THREADS};
use crate::thread::lane;
use parallaxis_core::Monoid;

/// Inclusive scan across the warp: lane `l` gets `x[0] ⊕ ... ⊕ x[l]` (absent values skipped).
/// Kogge-Stone with `shfl.up`: 5 steps, each combining the lower lane's value on the left.
#[inline(always)]
pub fn inclusive_scan<T: Copy, M: Monoid<T>>(m: M, x: Partial<T>) -> Partial<T> {
    let me = lane();
    let mut acc = x;
    let mut delta = 1;
    while delta < WARP_THREADS {
        let lower = shuffle_up(acc, delta);
        if me >= delta {
            acc = lower.join(m, acc);
        }
        delta *= 2;
    }
    acc
}

/// The fold of all 32 lanes' values in lane order, valid in lane 31 (which ends an
/// inclusive scan). Lanes 0..31 hold prefixes.
#[inline(always)]
pub fn reduce<T: Copy, M: Monoid<T>>(m: M, x: Partial<T>) -> Partial<T> {
    inclusive_scan(m, x)
}
