//! The large tier: reduce, scans and segmented scans on the GPU at n = 2^31 + 12345, past
//! every 32-bit index, with EVERY output element checked on the host (in parallel with rayon)
//! against a closed form.
//!
//! Only with `--features cuda`, and only when asked: each test is `#[ignore]`d, so a plain
//! `cargo test` or a run of the suite leaves them out; `scripts/run-gpu-tests.sh --large` runs
//! them with `--ignored --test-threads=1` (one at a time: each holds up to ~20 GB of GPU
//! memory and ~11 GB of host memory). Inputs are generated on the GPU (`sequence`, then
//! `transform(Square)`) except the segment flags and offsets, which are uploaded.
//!
//! The input is `x[i] = i² mod 2^32` (u32, wrapping), so every prefix has the closed form
//! `Σ_{j<=i} j² = i(i+1)(2i+1)/6 (mod 2^32)` and a segment's scan is a difference of two.
#![cfg(feature = "cuda")]

use crate::common;

use parallaxis::{
    ops::{Max, Min, Square, Sum},
    Cuda, DeviceVector,
};
use parallaxis_device::kernels::{
    policy::segmented::carry_window_items, policy::segmented::OFFSET_CARRY_MAX_MEAN_WINDOWS,
};
use rayon::prelude::*;
use std::time::Instant;

type B = Cuda;

/// 2^31 + 12345 elements: past `i32::MAX` and `u32`-indexed tile counts, not a power of two.
const N: usize = (1 << 31) + 12345;

/// `Σ_{j<=i} j² mod 2^32`, dividing before multiplying so nothing overflows `u64`.
fn prefix_squares(i: u64) -> u32 {
    let (mut a, mut b, mut c) = (i, i + 1, 2 * i + 1);
    if a % 2 == 0 {
        a /= 2;
    } else {
        b /= 2;
    }
    if a % 3 == 0 {
        a /= 3;
    } else if b % 3 == 0 {
        b /= 3;
    } else {
        c /= 3;
    }
    a.wrapping_mul(b).wrapping_mul(c) as u32
}

/// `Σ_{j<i} j² mod 2^32` (0 for `i = 0`).
fn before(i: usize) -> u32 {
    if i == 0 {
        0
    } else {
        prefix_squares(i as u64 - 1)
    }
}

/// `x[i] = i² mod 2^32` for `i < N`, generated on the GPU.
fn squares() -> DeviceVector<u32, B> {
    let t = Instant::now();
    let seq = parallaxis::sequence::<u32, B>(N, 0, 1).expect("sequence");
    let x = parallaxis::transform(Square, &seq).expect("transform Square");
    eprintln!("large: generated x (n={N}) on the GPU in {:?}", t.elapsed());
    x
}

/// Downloads `y` and asserts `y[i] == want(i)` for every `i` (the first mismatch is named).
fn check_all(what: &str, y: &DeviceVector<u32, B>, want: impl Fn(usize) -> u32 + Sync) {
    let t = Instant::now();
    let y = y.to_vec().expect("download");
    assert_eq!(y.len(), N, "{what}: length");
    let down = t.elapsed();
    let bad = (0..N).into_par_iter().find_first(|&i| y[i] != want(i));
    if let Some(i) = bad {
        panic!("{what}: y[{i}] = {}, want {}", y[i], want(i));
    }
    eprintln!(
        "large: {what}: all {N} elements verified (download {down:?}, check {:?})",
        t.elapsed() - down
    );
}

/// Like [`check_all`] for a segmented scan: `want(i, start of i's segment)`, segment by
/// segment (long segments split into pieces of 2^20 so all cores share the work).
fn check_segments(
    what: &str,
    y: &DeviceVector<u32, B>,
    offsets: &[usize],
    want: impl Fn(usize, usize) -> u32 + Sync,
) {
    let t = Instant::now();
    let y = y.to_vec().expect("download");
    assert_eq!(y.len(), N, "{what}: length");
    let down = t.elapsed();
    const PIECE: usize = 1 << 20;
    let bad = offsets
        .par_windows(2)
        .flat_map_iter(|w| {
            let (s, e) = (w[0], w[1]);
            (s..e)
                .step_by(PIECE)
                .map(move |c| (s, c, (c + PIECE).min(e)))
        })
        .find_map_any(|(s, c, e)| (c..e).find(|&i| y[i] != want(i, s)).map(|i| (i, s)));
    if let Some((i, s)) = bad {
        panic!(
            "{what}: y[{i}] (segment from {s}) = {}, want {}",
            y[i],
            want(i, s)
        );
    }
    eprintln!(
        "large: {what}: all {N} elements verified over {} segments (download {down:?}, \
         check {:?})",
        offsets.len() - 1,
        t.elapsed() - down
    );
}

/// Segment lengths of [`offsets`] stay below this: 279562 segments, n / segments = 7682
/// (with the one long segment), so the offsets scans take the look-back entries (the
/// launcher folds the carry only when n / segments is at most 2 windows, 2048 items of 4
/// bytes).
const LONG_SEGMENTS: usize = 8192;
/// Below this: 2240314 segments, n / segments = 959, so the offsets scans fold their carry
/// (`kernels::carry_window`) past 2^31 too.
const SHORT_SEGMENTS: usize = 1024;

/// Segment offsets over `N`: pseudo-random lengths below `below` with about one in sixteen
/// empty, one segment of 2^30 + 3 elements from 2^29 + 1 (a carry across ~2^18 tiles), one
/// straddling 2^31 (2^31 - 1000 .. 2^31 + 5000), a boundary at exactly 2^31 + 8192, and
/// empty segments at both ends.
fn offsets(below: usize) -> Vec<usize> {
    const G: (usize, usize) = ((1 << 29) + 1, (1 << 29) + 1 + (1 << 30) + 3);
    const S: (usize, usize) = ((1 << 31) - 1000, (1 << 31) + 5000);
    let mut o = vec![0, 0, 0];
    let mut pos = 0usize;
    let mut z = 0x2545_F491_4F6C_DD1Du64;
    while pos < N {
        z ^= z << 13;
        z ^= z >> 7;
        z ^= z << 17;
        let len = if z >> 60 == 0 {
            0
        } else {
            (z % below as u64) as usize
        };
        pos += len;
        let inside = |r: (usize, usize)| pos > r.0 && pos < r.1;
        if pos < N && !inside(G) && !inside(S) {
            o.push(pos);
        }
    }
    o.extend([G.0, G.1, S.0, S.1, (1 << 31) + 8192, N, N]);
    o.sort_unstable();
    o
}

/// Head flags for `offsets` (index 0 is a head anyway; its flag is set).
fn flags_of(offsets: &[usize]) -> Vec<bool> {
    let mut f = vec![false; N];
    for &p in offsets.iter().filter(|&&p| p < N) {
        f[p] = true;
    }
    f
}

/// Runs `op`, naming it and its time.
fn timed<R>(what: &str, op: impl FnOnce() -> parallaxis::Result<R>) -> R {
    let t = Instant::now();
    let r = op().unwrap_or_else(|e| panic!("{what}: {e}"));
    eprintln!("large: {what} on the GPU: {:?}", t.elapsed());
    r
}

#[test]
#[ignore = "large tier (2^31 + 12345 elements, ~9 GB of GPU memory): scripts/run-gpu-tests.sh --large"]
fn reduce_sum_u32_past_2_31() {
    require_gpu!();
    let x = squares();
    let want = prefix_squares(N as u64 - 1);
    assert_eq!(
        timed("reduce Sum u32", || parallaxis::reduce(Sum, &x)),
        want
    );
    assert_eq!(
        timed("reduce Max u32", || parallaxis::reduce(Max, &x)),
        (0..N as u64)
            .into_par_iter()
            .map(|i| (i * i) as u32)
            .max()
            .unwrap()
    );
    drop(x);
    let seq = parallaxis::sequence::<u32, B>(N, 0, 1).expect("sequence");
    let got = timed("transform_reduce Square Sum u32", || {
        parallaxis::transform_reduce(Square, Sum, &seq)
    });
    assert_eq!(got, want);
    // The fused dot product of the sequence with itself: the same sum, the pairs'
    // partition past 2^31 (8-byte pairs).
    let got = timed("transform2_reduce Times Sum u32", || {
        parallaxis::transform2_reduce(parallaxis::ops::Times, Sum, &seq, &seq)
    });
    assert_eq!(got, want);
}

#[test]
#[ignore = "large tier (2^31 + 12345 elements of i64, ~17 GB of GPU memory): scripts/run-gpu-tests.sh --large"]
fn reduce_i64_past_2_31() {
    require_gpu!();
    let x = timed("sequence i64", || parallaxis::sequence::<i64, B>(N, -7, 3));
    let n = N as i128;
    let want = -7 * n + 3 * n * (n - 1) / 2;
    assert_eq!(
        i128::from(timed("reduce Sum i64", || parallaxis::reduce(Sum, &x))),
        want
    );
    assert_eq!(timed("reduce Min i64", || parallaxis::reduce(Min, &x)), -7);
    assert_eq!(
        timed("reduce Max i64", || parallaxis::reduce(Max, &x)),
        -7 + 3 * (N as i64 - 1)
    );
}

#[test]
#[ignore = "large tier (2^31 + 12345 elements, ~18 GB of GPU memory): scripts/run-gpu-tests.sh --large"]
fn inclusive_scan_u32_past_2_31() {
    require_gpu!();
    let x = squares();
    let y = timed("inclusive_scan Sum u32", || {
        parallaxis::inclusive_scan(Sum, &x)
    });
    check_all("inclusive_scan Sum u32", &y, |i| prefix_squares(i as u64));
}

#[test]
#[ignore = "large tier (2^31 + 12345 elements, ~18 GB of GPU memory): scripts/run-gpu-tests.sh --large"]
fn exclusive_scan_u32_past_2_31() {
    require_gpu!();
    let x = squares();
    let init = 0xDEAD_BEEF_u32;
    let y = timed("exclusive_scan Sum u32", || {
        parallaxis::exclusive_scan(Sum, init, &x)
    });
    check_all("exclusive_scan Sum u32", &y, |i| {
        init.wrapping_add(before(i))
    });
}

#[test]
#[ignore = "large tier (2^31 + 12345 elements and flags, ~20 GB of GPU memory): scripts/run-gpu-tests.sh --large"]
fn scan_by_flags_u32_past_2_31() {
    require_gpu!();
    let offsets = offsets(LONG_SEGMENTS);
    let flags = DeviceVector::<bool, B>::from_slice(&flags_of(&offsets)).expect("upload");
    let x = squares();
    let y = timed("inclusive_scan_by_flags Sum u32", || {
        parallaxis::inclusive_scan_by_flags(Sum, &flags, &x)
    });
    check_segments("inclusive_scan_by_flags", &y, &offsets, |i, s| {
        prefix_squares(i as u64).wrapping_sub(before(s))
    });
    drop(y);
    let init = 17_u32;
    let y = timed("exclusive_scan_by_flags Sum u32", || {
        parallaxis::exclusive_scan_by_flags(Sum, init, &flags, &x)
    });
    check_segments("exclusive_scan_by_flags", &y, &offsets, |i, s| {
        init.wrapping_add(before(i).wrapping_sub(before(s)))
    });
}

#[test]
#[ignore = "large tier (2^31 + 12345 elements and offsets, ~18 GB of GPU memory): scripts/run-gpu-tests.sh --large"]
fn scan_by_offsets_u32_past_2_31() {
    require_gpu!();
    check_offsets_scans(&offsets(LONG_SEGMENTS));
}

#[test]
#[ignore = "large tier (2^31 + 12345 elements and offsets, ~18 GB of GPU memory): scripts/run-gpu-tests.sh --large"]
fn scan_by_short_offsets_u32_past_2_31() {
    require_gpu!();
    check_offsets_scans(&offsets(SHORT_SEGMENTS));
}

/// Inclusive and exclusive scans by `offsets` of [`squares`], every element checked.
fn check_offsets_scans(offsets: &[usize]) {
    let od = DeviceVector::<usize, B>::from_slice(offsets).expect("upload");
    let x = squares();
    let y = timed("inclusive_scan_by_offsets Sum u32", || {
        parallaxis::inclusive_scan_by_offsets(Sum, &od, &x)
    });
    check_segments("inclusive_scan_by_offsets", &y, offsets, |i, s| {
        prefix_squares(i as u64).wrapping_sub(before(s))
    });
    drop(y);
    let init = 17_u32;
    let y = timed("exclusive_scan_by_offsets Sum u32", || {
        parallaxis::exclusive_scan_by_offsets(Sum, init, &od, &x)
    });
    check_segments("exclusive_scan_by_offsets", &y, offsets, |i, s| {
        init.wrapping_add(before(i).wrapping_sub(before(s)))
    });
}

/// The closed forms themselves, on the CPU (runs in every `cargo test --features cuda`).
#[test]
fn closed_forms_match_a_running_sum() {
    let mut acc = 0_u32;
    for i in 0..100_000_u64 {
        acc = acc.wrapping_add((i * i) as u32);
        assert_eq!(prefix_squares(i), acc, "i={i}");
    }
    // Which side of the launcher's carry rule (`folds_carry` in `launch/segmented.rs`) each
    // layout falls on: the carry entries when n <= segments * 2 windows of 4-byte values.
    let window = carry_window_items(4) as usize * OFFSET_CARRY_MAX_MEAN_WINDOWS as usize;
    for (below, carries) in [(LONG_SEGMENTS, false), (SHORT_SEGMENTS, true)] {
        let o = offsets(below);
        assert!(o.windows(2).all(|w| w[0] <= w[1]) && o[0] == 0 && o[o.len() - 1] == N);
        assert!(o.windows(2).any(|w| w[0] < 1 << 31 && w[1] > 1 << 31));
        assert_eq!(
            N <= (o.len() - 1) * window,
            carries,
            "segments below {below}"
        );
    }
}

// Histograms past 2^31 samples (shared with tests/histogram_gpu.rs).
include!("large/histogram.rs");
#[test]
#[ignore = "large tier (2^31 + 12345 elements and an output, ~18 GB of GPU memory): scripts/run-gpu-tests.sh --large"]
fn copy_if_u32_past_2_31() {
    require_gpu!();
    // x[i] = i² mod 2^32; `LessThan 2^31` keeps about half, scattered over the whole input.
    let x = squares();
    let p = parallaxis::ops::LessThan { bound: 1_u32 << 31 };
    let keep = |i: usize| ((i as u64 * i as u64) as u32) < (1 << 31);
    let mut out = DeviceVector::<u32, B>::zeros(N).expect("output");
    let mut count = DeviceVector::<usize, B>::zeros(1).expect("count");
    timed("copy_if_into", || {
        parallaxis::copy_if_into(p, &x, &mut out, &mut count)
    });
    let k = count.to_vec().expect("count")[0];
    let want: Vec<u32> = (0..N)
        .into_par_iter()
        .filter(|&i| keep(i))
        .map(|i| (i as u64 * i as u64) as u32)
        .collect();
    assert_eq!(k, want.len(), "copy_if count");
    let got = out.to_vec().expect("download");
    let bad = got[..k]
        .par_iter()
        .zip(&want)
        .position_first(|(g, w)| g != w);
    assert_eq!(bad, None, "copy_if: first wrong element");
    let c = timed("count_if", || parallaxis::count_if(p, &x));
    assert_eq!(c, k, "count_if");
}
// ---- Radix sort ----

/// `sort_by_key` of the keys `i² mod 2^32` (many repeats, every digit active) with values
/// `i`, at N: nine portions of 2^28 keys per pass. Every output pair is checked: keys
/// non-decreasing, each key the square of its value (pairs intact), every value present once
/// (a permutation), and values rising within runs of equal keys (stable).
#[test]
#[ignore = "large tier: ~52 GB of GPU memory at the peak; scripts/run-gpu-tests.sh --large"]
fn sort_by_key_u32_past_2_31() {
    require_gpu!();
    let _one = common::alone();
    let keys = squares();
    let values = parallaxis::sequence::<u32, B>(N, 0, 1).expect("sequence");
    let (sk, sv) = timed("sort_by_key u32+u32", || {
        parallaxis::sort_by_key(&keys, &values)
    });
    drop((keys, values));
    let t = Instant::now();
    let (k, v) = (sk.to_vec().expect("keys"), sv.to_vec().expect("values"));
    assert_eq!((k.len(), v.len()), (N, N));
    let bad = (0..N).into_par_iter().find_first(|&j| {
        let pair = k[j] == v[j].wrapping_mul(v[j]);
        let order = j == 0 || k[j - 1] < k[j] || (k[j - 1] == k[j] && v[j - 1] < v[j]);
        !(pair && order)
    });
    if let Some(j) = bad {
        panic!(
            "sort_by_key: at {j}: ({}, {}) after ({}, {})",
            k[j],
            v[j],
            k[j.max(1) - 1],
            v[j.max(1) - 1]
        );
    }
    let seen: Vec<std::sync::atomic::AtomicU64> = (0..N.div_ceil(64))
        .map(|_| std::sync::atomic::AtomicU64::new(0))
        .collect();
    v.par_iter().for_each(|&x| {
        let bit = 1 << (x % 64);
        let old = seen[x as usize / 64].fetch_or(bit, std::sync::atomic::Ordering::Relaxed);
        assert!(
            x < N as u32 && old & bit == 0,
            "value {x} twice or out of range"
        );
    });
    eprintln!(
        "large: sort_by_key: all {N} pairs verified in {:?}",
        t.elapsed()
    );
}
