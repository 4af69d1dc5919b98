//! Helpers shared by the test bodies: uploads, data generators and float bounds.
#![allow(dead_code)]

#[macro_use]
pub(crate) mod gpu;

use parallax::{Backend, DeviceCopy, DeviceVector, Number};
use proptest::prelude::*;

/// Sizes every 1D algorithm is tried at: the edges of a warp (31, 32, 33), of the host
/// chunk (`parallax_host::CHUNK ± 1`) and many chunks plus an odd remainder.
pub(crate) fn edge_sizes() -> Vec<usize> {
    let c = HOST_CHUNK;
    vec![
        0,
        1,
        2,
        31,
        32,
        33,
        255,
        256,
        257,
        c - 1,
        c,
        c + 1,
        2 * c,
        5 * c + 17,
    ]
}

/// The rayon backend's chunk size (elements), mirrored here so tests need no host crate.
pub(crate) const HOST_CHUNK: usize = 1 << 14;

/// Uploads a slice to backend `B`.
pub(crate) fn dv<T: DeviceCopy, B: Backend>(data: &[T]) -> DeviceVector<T, B> {
    DeviceVector::from_slice(data).expect("upload")
}

/// Downloads a vector.
pub(crate) fn host<T: DeviceCopy, B: Backend>(v: &DeviceVector<T, B>) -> Vec<T> {
    v.to_vec().expect("download")
}

/// Floats on a dyadic grid: `k / 2^8` with `|k| < 2^12`. Sums of up to 2^12 of them are exact
/// in f32 (24-bit mantissa), so any association gives the same bits.
pub(crate) fn dyadic_f32() -> impl Strategy<Value = f32> {
    (-(1_i32 << 12)..(1 << 12)).prop_map(|k| k as f32 / 256.0)
}

/// General floats in `[-1e3, 1e3]`.
pub(crate) fn general_f64() -> impl Strategy<Value = f64> {
    -1e3_f64..1e3
}

/// Deterministic pseudo-random values (splitmix64), for large fixed-size cases.
pub(crate) fn pseudo_random(n: usize, seed: u64) -> Vec<u64> {
    parallax::SplitMix64::new(seed).take(n).collect()
}

/// `|got - want| <= c · n · eps · Σ|x|` for every element, with `c = 2`: the classic bound for
/// any association of a floating sum of `n` terms (Higham, ch. 4) with a factor of safety.
pub(crate) fn assert_close<T: Number>(got: &[T], want: &[T], n: usize, abs_sum: f64, what: &str) {
    assert_eq!(got.len(), want.len(), "{what}: length");
    let bound = 2.0 * n.max(1) as f64 * T::EPSILON * abs_sum;
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        let err = (g.to_f64() - w.to_f64()).abs();
        assert!(
            err <= bound,
            "{what}[{i}]: got {g:?}, want {w:?}, |err| {err} > bound {bound}"
        );
    }
}
