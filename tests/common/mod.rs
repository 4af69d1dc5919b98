//! Helpers shared by the test bodies: uploads, data generators and float bounds.
#![allow(dead_code)]

#[macro_use]
pub(crate) mod gpu;
mod exact;
#[cfg(feature = "cuda")]
pub(crate) mod gpus;
pub(crate) mod sharded;

// Not every test binary compares keys by their bits.
#[allow(unused_imports)]
pub(crate) use exact::{words, Exact};

use parallaxis::{ops::Number, Backend, DeviceCopy, DeviceVector};
use proptest::prelude::*;

/// Sizes every 1D algorithm is tried at: the edges of a warp (31, 32, 33), of the host
/// chunk (`parallaxis_host::CHUNK ± 1`) and many chunks plus an odd remainder.
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

/// Σ (seed + i) over `i < n`, wrapped to u32 as a device `Sum` of `sequence(n, seed, 1)`:
/// n·seed + n(n-1)/2, exact in u128 (n < 2^40), then wrapped.
pub(crate) fn sequence_sum_u32(n: usize, seed: u32) -> u32 {
    let (n, s) = (n as u128, u128::from(seed));
    (n * s + n * (n - 1) / 2) as u32
}

/// Holds the returned guard to run one test of this binary at a time (tests that size
/// their buffers from the free memory, or that must see no other scan between their own).
pub(crate) fn alone() -> std::sync::MutexGuard<'static, ()> {
    static ONE: std::sync::Mutex<()> = std::sync::Mutex::new(());
    ONE.lock().unwrap_or_else(|e| e.into_inner())
}

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
    parallaxis::ops::SplitMix64::new(seed).take(n).collect()
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

/// Odd slopes `-3, -1, 1, 3` from `z mod 4`: a product of them is never 0, so no affine map
/// forgets what came before it and every operand's position matters. (An `i32` passed as
/// `v as u64` gives `v.rem_euclid(4)`: sign extension keeps the value mod 4.)
pub(crate) fn odd_slope(z: u64) -> i64 {
    (z % 4) as i64 * 2 - 3
}

/// `n` pseudo-random affine maps with odd slopes.
pub(crate) fn maps(n: usize, seed: u64) -> Vec<parallaxis::ops::AffineMap<i64>> {
    let v = pseudo_random(n, seed);
    v.iter()
        .map(|&z| parallaxis::ops::AffineMap::new(odd_slope(z), (z >> 32) as i64))
        .collect()
}

/// `k / 2^8` with `|k| < 2^6`: any partial sum of up to 2^18 of them is exact in f32.
pub(crate) fn small_dyadic(n: usize, seed: u64) -> Vec<f32> {
    let v = pseudo_random(n, seed);
    v.iter()
        .map(|&z| ((z % 127) as i32 - 63) as f32 / 256.0)
        .collect()
}

/// The number of segment layouts [`layout`] knows.
pub(crate) const LAYOUTS: u8 = 6;

/// Segment offsets over `n` elements: `0 = o[0] <= ... <= o[last] = n`. Layouts: none,
/// every element a segment, one per host chunk, heads on both sides of chunk edges, repeated
/// (empty) segments, random.
pub(crate) fn layout(n: usize, kind: u8, seed: u64) -> Vec<usize> {
    let rnd = |count: usize, s: u64| pseudo_random(count, s).into_iter().map(move |z| z as usize);
    let mut o: Vec<usize> = match kind % LAYOUTS {
        0 => vec![],
        1 => (0..n).collect(),
        2 => (0..n).step_by(HOST_CHUNK).collect(),
        3 => (0..n)
            .step_by(HOST_CHUNK)
            .flat_map(|c| [c.saturating_sub(1), c + 1])
            .collect(),
        4 => rnd(6, seed)
            .flat_map(|p| [p % (n + 1); 3])
            .chain([0, 0, n, n])
            .collect(),
        _ => rnd(seed as usize % 64, seed).map(|p| p % (n + 1)).collect(),
    };
    o.extend([0, n]);
    o.retain(|&p| p <= n);
    o.sort_unstable();
    o
}

/// Exact equality, as a comparison function for the check helpers.
pub(crate) fn eq<T: PartialEq>(a: &[T], b: &[T]) -> bool {
    a == b
}

/// Bitwise equality of f32 slices (distinguishes `-0.0` from `0.0`).
pub(crate) fn same_bits(a: &[f32], b: &[f32]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.to_bits() == y.to_bits())
}
