//! Histogram and gather / scatter rows, on the data of the peer cases in
//! `benches/peers/peers2.cu` (splitmix64 of the index, the same seeds):
//!
//! - `histogram_even_256_u8` (n bytes read) and `histogram_even_1024_f32` (4n), even bins over
//!   `[0, 256)` and `[0, 1)`, against CUB's `HistogramEven`; the counts are overwritten each
//!   call (zeroing included in the time, as CUB's);
//! - `gather_perm_f32` / `scatter_perm_f32` (12n: map, source, destination) through the
//!   permutation `p[i] = i * 2654435761 mod n`, checked (the map check runs first and is
//!   waited for), against Thrust's `gather` / `scatter`; `*_unchecked_*` the same moves
//!   without the check, and `gather_map_check_u32` (4n) the check alone: its cost.

use super::{Bench, Dv};
use parallaxis::{
    backend::{GatherOps, HistogramOps},
    ops::EvenBins,
    Cuda,
};

/// splitmix64's finalizer of `z` (peers2.cu's `mix`).
fn mix(z: u64) -> u64 {
    let mut z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Uniform floats in [0, 1) as `fill_f32(x, n, seed)` makes them.
fn unit_f32(n: usize, seed: u64) -> Vec<f32> {
    (0..n as u64)
        .map(|i| (mix(i ^ seed) >> 40) as f32 / (1u64 << 24) as f32)
        .collect()
}

/// Histogram rows at `n`.
pub(super) fn bench_histograms(b: &mut Bench, n: usize) {
    let (c8, c32) = ("histogram_even_256_u8", "histogram_even_1024_f32");
    if b.wants(c8) {
        let bytes: Vec<u8> = (0..n as u64).map(|i| mix(i ^ 5) as u8).collect();
        let e = EvenBins::<u8>::new(0, 256, 256).expect("bins");
        match (Dv::<u8>::from_vec(bytes), Dv::<u32>::zeros(256)) {
            (Ok(x), Ok(mut h)) => {
                b.case(c8, n, n as f64, None, || {
                    <Cuda as HistogramOps<u8, u32>>::histogram_even(x.buffer(), &e, h.buffer_mut())
                });
                check_total(c8, n, &h);
            }
            (Err(e), _) | (_, Err(e)) => b.skipped(c8, n, e.to_string()),
        }
    }
    if b.wants(c32) {
        let e = EvenBins::<f32>::new(0.0, 1.0, 1024).expect("bins");
        match (Dv::<f32>::from_vec(unit_f32(n, 4)), Dv::<u32>::zeros(1024)) {
            (Ok(x), Ok(mut h)) => {
                b.case(c32, n, 4.0 * n as f64, None, || {
                    <Cuda as HistogramOps<f32, u32>>::histogram_even(x.buffer(), &e, h.buffer_mut())
                });
                check_total(c32, n, &h);
            }
            (Err(e), _) | (_, Err(e)) => b.skipped(c32, n, e.to_string()),
        }
    }
}

/// Every sample of the histogram rows is in range: the counts must add up to `n`.
fn check_total(case: &str, n: usize, h: &Dv<u32>) {
    let total: u64 = h
        .to_vec()
        .map_or(0, |v| v.iter().map(|&c| u64::from(c)).sum());
    if total != n as u64 {
        eprintln!("CHECK FAILED {case} n={n}: counts add up to {total}");
    }
}

/// Gather and scatter rows at `n` (a power of two: the permutation needs it).
pub(super) fn bench_moves(b: &mut Bench, n: usize) {
    let cases = [
        "gather_perm_f32",
        "gather_perm_unchecked_f32",
        "scatter_perm_f32",
        "scatter_perm_unchecked_f32",
        "gather_map_check_u32",
    ];
    if !cases.iter().any(|c| b.wants(c)) {
        return;
    }
    let map: Vec<u32> = (0..n as u64)
        .map(|i| (i.wrapping_mul(2_654_435_761) & (n as u64 - 1)) as u32)
        .collect();
    let inputs = (
        Dv::<u32>::from_vec(map),
        Dv::<f32>::from_vec(unit_f32(n, 4)),
        Dv::<f32>::zeros(n),
    );
    let (map, x, mut y) = match inputs {
        (Ok(m), Ok(x), Ok(y)) => (m, x, y),
        (Err(e), _, _) | (_, Err(e), _) | (_, _, Err(e)) => {
            for c in cases {
                b.skipped(c, n, e.to_string());
            }
            return;
        }
    };
    let bytes = 12.0 * n as f64;
    b.case(cases[0], n, bytes, None, || {
        parallaxis::gather_into(&map, &x, &mut y)
    });
    b.case(cases[1], n, bytes, None, || {
        // SAFETY: a permutation of 0..n indexes `x` (n elements).
        unsafe { <Cuda as GatherOps<u32, f32>>::gather(map.buffer(), x.buffer(), y.buffer_mut()) }
    });
    if b.wants(cases[1]) {
        check_gather(cases[1], n, &map, &x, &y);
    }
    b.case(cases[2], n, bytes, None, || {
        parallaxis::scatter(&x, &map, &mut y)
    });
    b.case(cases[3], n, bytes, None, || {
        // SAFETY: a permutation of 0..n indexes `y` (n elements).
        unsafe { <Cuda as GatherOps<u32, f32>>::scatter(x.buffer(), map.buffer(), y.buffer_mut()) }
    });
    b.case(cases[4], n, 4.0 * n as f64, None, || {
        <Cuda as GatherOps<u32, f32>>::first_out_of_range(map.buffer(), None, n).map(|_| ())
    });
}

/// `y[i] == x[map[i]]` on a sample of positions.
fn check_gather(case: &str, n: usize, map: &Dv<u32>, x: &Dv<f32>, y: &Dv<f32>) {
    let (Ok(m), Ok(xs), Ok(ys)) = (map.to_vec(), x.to_vec(), y.to_vec()) else {
        eprintln!("CHECK FAILED {case} n={n}: download");
        return;
    };
    let step = (n / 4096).max(1);
    if (0..n).step_by(step).any(|i| ys[i] != xs[m[i] as usize]) {
        eprintln!("CHECK FAILED {case} n={n}");
    }
}
