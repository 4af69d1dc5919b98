//! Bench rows of the extrema, search and segmented reduce, on the data of their peers
//! (`benches/peers/peers_extrema.cu`, from the shared peers2.cu): `min_element` of f32 uniform
//! in [0, 1) returned to the host (Thrust's `min_element`); `lower_bound` of n random u32
//! queries in n sorted u32 `0, 0, 1, 1, ...` (Thrust's vectorized `lower_bound`, whose output
//! is u32: ours writes `usize`, twice the bytes); `segmented_reduce` (`Sum`, f32) over
//! segments of 4 and of 100000 (CUB's `DeviceSegmentedReduce::Sum`; n rounded down to whole
//! segments, as the peer does).

use super::{Bench, Dv, Res};
use parallaxis::{
    backend::{ArgOps, MonoidOps, SearchOps},
    ops::{ArgMin, Sum},
    Cuda,
};

/// splitmix64's finalizer of `z` (peers2.cu's `mix`): the peers' keys, bit for bit.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// peers2.cu's `fill_f32(x, n, 4)`: uniform in [0, 1) with 24 random bits.
pub(super) fn uniform_f32(n: usize) -> Vec<f32> {
    (0..n as u64)
        .map(|i| (mix(i ^ 4) >> 40) as f32 / (1_u64 << 24) as f32)
        .collect()
}

/// `min_element_f32` and `lower_bound_u32` at `n`.
pub(crate) fn bench_extrema_search(b: &mut Bench, n: usize) {
    if b.wants("min_element_f32") {
        match Dv::<f32>::from_vec(uniform_f32(n)) {
            Ok(x) => {
                let want = parallaxis::reference::min_element(&uniform_f32(n.min(1 << 16)));
                b.case("min_element_f32", n, n as f64 * 4.0, None, || {
                    <Cuda as ArgOps<f32, ArgMin>>::arg_reduce(ArgMin, x.buffer()).map(drop)
                });
                check_min(&x, n, want);
            }
            Err(e) => b.skipped("min_element_f32", n, e.to_string()),
        }
    }
    if b.wants("lower_bound_u32") {
        let sorted = Dv::<u32>::from_vec((0..n as u32).map(|i| i / 2).collect());
        let queries = Dv::<u32>::from_vec((0..n as u64).map(|i| mix(i ^ 1) as u32).collect());
        match (sorted, queries, Dv::<usize>::zeros(n)) {
            (Ok(s), Ok(q), Ok(mut out)) => {
                b.case("lower_bound_u32", n, 3.0 * n as f64 * 4.0, None, || {
                    <Cuda as SearchOps<u32>>::lower_bound(s.buffer(), q.buffer(), out.buffer_mut())
                });
                check_lower_bound(&q, &out, n);
            }
            (Err(e), ..) | (_, Err(e), _) | (.., Err(e)) => {
                b.skipped("lower_bound_u32", n, e.to_string())
            }
        }
    }
}

/// The pick against the reference, at `n <= 2^16` (larger sizes are the same kernel).
fn check_min(x: &Dv<f32>, n: usize, want: Option<(usize, f32)>) {
    if n > 1 << 16 {
        return;
    }
    let got = parallaxis::min_element(x).ok().flatten();
    if got != want {
        println!("  CHECK FAILED: min_element_f32 n={n}: got {got:?}, want {want:?}");
    }
}

/// A sample of the answers against the closed form: query `q` in `0, 0, 1, 1, ...` of `n`
/// values lands at `min(2q, n)`.
fn check_lower_bound(q: &Dv<u32>, out: &Dv<usize>, n: usize) {
    let (Ok(q), Ok(out)) = (q.to_vec(), out.to_vec()) else {
        return println!("  CHECK FAILED: lower_bound_u32 n={n}: download");
    };
    let bad = (0..n)
        .step_by((n / 4096).max(1))
        .find(|&i| out[i] != (2 * q[i] as usize).min(n));
    if let Some(i) = bad {
        println!(
            "  CHECK FAILED: lower_bound_u32 n={n}: query {i} ({}) -> {}",
            q[i], out[i]
        );
    }
}

/// `segmented_reduce_seg{seg}_f32` over `n / seg` whole segments (offsets validated once,
/// outside the timing, as CUB takes them unchecked).
pub(crate) fn bench_segmented_reduce(b: &mut Bench, n: usize, seg: usize) {
    let case = format!("segmented_reduce_seg{seg}_f32");
    let m = n / seg;
    if !b.wants(&case) || m == 0 {
        return;
    }
    let len = m * seg;
    let inputs = || -> Res<(Dv<usize>, Dv<f32>, Dv<f32>)> {
        Ok((
            Dv::from_vec((0..=m).map(|s| s * seg).collect())?,
            Dv::from_vec(uniform_f32(len))?,
            Dv::zeros(m)?,
        ))
    };
    match inputs() {
        Ok((o, x, mut y)) => {
            b.case(&case, len, len as f64 * 4.0 + m as f64 * 4.0, None, || {
                <Cuda as MonoidOps<f32, Sum>>::segmented_reduce(
                    Sum,
                    o.buffer(),
                    x.buffer(),
                    y.buffer_mut(),
                )
            });
            if let (Ok(xs), Ok(ys)) = (x.to_vec(), y.to_vec()) {
                let s0: f32 = xs[..seg].iter().sum();
                if (ys[0] - s0).abs() > 1e-3 * s0.abs().max(1.0) {
                    println!("  CHECK FAILED: {case} n={len}: y[0] {} vs {s0}", ys[0]);
                }
            }
        }
        Err(e) => b.skipped(&case, len, e.to_string()),
    }
}
