// Conformance body for the segmented scans (by flags, by keys, by offsets; inclusive and
// exclusive; allocating and `_into`), against `parallaxis::reference`, over segment layouts that stress the chunked
// implementations: one segment, one per element, boundaries exactly on chunk edges (and one
// off), empty segments (leading, repeated, trailing), and random boundaries. Integers and
// affine maps exactly, dyadic f32 bit for bit, general f64 within `assert_close`'s bound.

use super::B;
use crate::common::*;
use parallaxis::reference::{self as r, ScanKind};
use parallaxis::{DeviceCopy, ops::{Affine, AffineMap, Max, Monoid, Sum}, backend::{KeyedOps, MonoidOps}};
use proptest::prelude::*;
use std::fmt::Debug;

/// Head flags for `offsets`; with `clear_first`, flag 0 is false (index 0 is a head anyway).
fn flags_of(offsets: &[usize], n: usize, clear_first: bool) -> Vec<bool> {
    let mut f = vec![false; n];
    for &p in offsets.iter().filter(|&&p| p < n) {
        f[p] = true;
    }
    if clear_first {
        if let Some(f0) = f.first_mut() {
            *f0 = false;
        }
    }
    f
}

/// Keys whose runs are the non-empty segments of `offsets`: the segment's ordinal mod 3, so
/// neighbours differ but equal keys recur further on.
fn keys_of(offsets: &[usize], n: usize) -> Vec<u32> {
    let mut k = vec![0; n];
    let segs = offsets.windows(2).filter(|w| w[0] < w[1]);
    for (ord, w) in segs.enumerate() {
        k[w[0]..w[1]].fill(ord as u32 % 3);
    }
    k
}

/// All six scans on one layout equal the reference under `same`.
fn check<T, M>(m: M, init: T, x: &[T], offsets: &[usize], same: impl Fn(&[T], &[T]) -> bool)
where
    T: DeviceCopy + Debug,
    M: Monoid<T>,
    B: MonoidOps<T, M> + KeyedOps<u32, T, M>,
{
    let n = x.len();
    let flags = flags_of(offsets, n, offsets.len() % 2 == 0);
    let keys = keys_of(offsets, n);
    let (xd, fd, kd, od) = (dv::<T, B>(x), dv(&flags), dv(&keys), dv(offsets));
    let mut want = x.to_vec();
    // The `_into` forms write over a vector that holds `x`.
    let mut into = dv::<T, B>(x);
    for kind in [ScanKind::Inclusive, ScanKind::Exclusive(init)] {
        let ctx = |what| format!("{what} {kind:?}, n={n}, {} segments", offsets.len() - 1);
        let (got, excl) = match kind {
            ScanKind::Inclusive => (parallaxis::inclusive_scan_by_flags(m, &fd, &xd), false),
            ScanKind::Exclusive(i) => (parallaxis::exclusive_scan_by_flags(m, i, &fd, &xd), true),
        };
        r::scan_by_flags(m, &flags, x, &mut want, kind);
        assert!(same(&host(&got.unwrap()), &want), "{}", ctx("flags"));
        if excl {
            parallaxis::exclusive_scan_by_flags_into(m, init, &fd, &xd, &mut into).unwrap();
        } else {
            parallaxis::inclusive_scan_by_flags_into(m, &fd, &xd, &mut into).unwrap();
        }
        assert!(same(&host(&into), &want), "{}", ctx("flags _into"));

        let got = if excl {
            parallaxis::exclusive_scan_by_key(m, init, &kd, &xd)
        } else {
            parallaxis::inclusive_scan_by_key(m, &kd, &xd)
        };
        r::scan_by_keys(m, &keys, x, &mut want, kind);
        assert!(same(&host(&got.unwrap()), &want), "{}", ctx("keys"));
        if excl {
            parallaxis::exclusive_scan_by_key_into(m, init, &kd, &xd, &mut into).unwrap();
        } else {
            parallaxis::inclusive_scan_by_key_into(m, &kd, &xd, &mut into).unwrap();
        }
        assert!(same(&host(&into), &want), "{}", ctx("keys _into"));

        let got = if excl {
            parallaxis::exclusive_scan_by_offsets(m, init, &od, &xd)
        } else {
            parallaxis::inclusive_scan_by_offsets(m, &od, &xd)
        };
        r::scan_by_offsets(m, offsets, x, &mut want, kind);
        assert!(same(&host(&got.unwrap()), &want), "{}", ctx("offsets"));
        if excl {
            parallaxis::exclusive_scan_by_offsets_into(m, init, &od, &xd, &mut into).unwrap();
        } else {
            parallaxis::inclusive_scan_by_offsets_into(m, &od, &xd, &mut into).unwrap();
        }
        assert!(same(&host(&into), &want), "{}", ctx("offsets _into"));
    }
}

/// Every monoid of the suite on one layout; `z` seeds the derived values.
fn check_all(x: &[i32], offsets: &[usize]) {
    check(Sum, 7, x, offsets, eq);
    let wide: Vec<i64> = x.iter().map(|&v| i64::from(v) * 0x1_0000_0001).collect();
    check(Max, -5, &wide, offsets, eq);
    let maps: Vec<_> = x
        .iter()
        .map(|&v| AffineMap::new(odd_slope(v as u64), i64::from(v)))
        .collect();
    check(Affine, AffineMap::new(3, 1), &maps, offsets, eq);
    let dyadic: Vec<f32> = x.iter().map(|&v| (v % 64) as f32 / 256.0).collect();
    check(Sum, 0.25, &dyadic, offsets, same_bits);
    let f: Vec<f64> = x.iter().map(|&v| f64::from(v) * 1e-6).collect();
    let abs = f.iter().map(|v| v.abs()).sum::<f64>() + 1.0;
    let close = |a: &[f64], b: &[f64]| {
        assert_close(a, b, a.len(), abs, "f64 segmented");
        true
    };
    check(Sum, -1.0, &f, offsets, close);
}

#[test]
fn edge_sizes_and_layouts_match_reference() {
    require_gpu!();
    for n in edge_sizes() {
        let x: Vec<i32> = pseudo_random(n, 31).into_iter().map(|v| v as i32).collect();
        for kind in 0..LAYOUTS {
            check_all(&x, &layout(n, kind, 32 + u64::from(kind)));
        }
    }
}

#[test]
fn many_super_blocks() {
    require_gpu!();
    // Three super-blocks of 16-byte affine maps (see the scan body), with segments that
    // cross their edges and some that end exactly on them.
    let n = 40 * HOST_CHUNK + 3;
    let x: Vec<i32> = pseudo_random(n, 34).into_iter().map(|v| v as i32).collect();
    let maps: Vec<_> = x
        .iter()
        .map(|&v| AffineMap::new(odd_slope(v as u64), i64::from(v)))
        .collect();
    let mut offsets = layout(n, 5, 35);
    offsets.extend([16 * HOST_CHUNK, 32 * HOST_CHUNK, 20 * HOST_CHUNK + 1]);
    offsets.sort_unstable();
    check(Affine, AffineMap::new(3, 1), &maps, &offsets, eq);
    check(Affine, AffineMap::new(3, 1), &maps, &[0, n], eq);
}

#[test]
fn many_empty_segments_at_one_position() {
    require_gpu!();
    let n = 3 * HOST_CHUNK + 5;
    let x: Vec<i32> = pseudo_random(n, 33).into_iter().map(|v| v as i32).collect();
    let mut offsets = vec![0; 10_000];
    offsets.extend(vec![HOST_CHUNK + 1; 100_000]);
    offsets.extend([n; 3]);
    check(Sum, 7, &x, &offsets, eq);
}

#[test]
fn lopsided_offsets_from_a_long_segment_to_unit_segments() {
    require_gpu!();
    // The CUDA offset heads guess each tile's first offset as `start * segments / n` (right
    // for even segments). Here it is far off: one segment over the first 60%, then
    // segments of one element, puts it past the answer in every tile (the search goes on
    // below its 32-offset window); the mirror image below puts it before the answer in
    // every tile (the search goes on above the window).
    let n = 300_007;
    let x: Vec<i32> = pseudo_random(n, 36).into_iter().map(|v| v as i32).collect();
    let long = n * 3 / 5;
    let mut offsets = vec![0];
    offsets.extend(long..=n);
    check(Sum, 7, &x, &offsets, eq);
    // Unit segments over the first 40%, then one long segment.
    let mut offsets: Vec<usize> = (0..=n - long).collect();
    offsets.push(n);
    check(Sum, 7, &x, &offsets, eq);
}

/// Offsets with heads at every multiple of 2048 (a tile start for every element size: deep
/// tiles are 2048, 4096 and 8192 items for 16-, 8- and 4-byte values) less `d`, the heads
/// at multiples `k` not divisible by 3 three times (two empty segments), then as many empty
/// segments at `n` as bring the mean segment under 256 items: the CUDA launcher then takes
/// the entries that fold a tile's carry from the items after the last head before it when
/// that head is at most one window (`policy::segmented::carry_window_items`: 256, 512, 1024 items)
/// before the tile, for every element size.
fn heads_before_tile_starts(n: usize, d: usize) -> Vec<usize> {
    let mut offsets = vec![0];
    for k in 1..=n / 2048 {
        let copies = if k % 3 == 0 { 1 } else { 3 };
        offsets.extend(std::iter::repeat_n(k * 2048 - d, copies));
    }
    let segments = n / 256 + 1;
    offsets.resize(segments.max(offsets.len()) + 1, n);
    offsets
}

#[test]
fn offsets_carry_window_edges() {
    require_gpu!();
    // `d` on both sides of each element size's window edge, and 0 (the tile starts on a
    // head and folds nothing).
    let n = 16 * 8192 + 77;
    let x: Vec<i32> = pseudo_random(n, 37).into_iter().map(|v| v as i32).collect();
    for d in [0, 1, 2, 255, 256, 257, 511, 512, 513, 1023, 1024, 1025, 2047] {
        check_all(&x, &heads_before_tile_starts(n, d));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn layouts_equivalence(
        (x, kind, seed) in (0..3 * HOST_CHUNK).prop_flat_map(|n| {
            (prop::collection::vec(any::<i32>(), n), 0..LAYOUTS, any::<u64>())
        }),
    ) {
        require_gpu!(proptest);
        check_all(&x, &layout(x.len(), kind, seed));
    }

    #[test]
    fn short_random_segments_equivalence(
        (x, lengths) in (0..5 * 8192_usize).prop_flat_map(|n| {
            (
                prop::collection::vec(any::<i32>(), n),
                prop::collection::vec(0..700_usize, 1..64),
            )
        }),
    ) {
        require_gpu!(proptest);
        // Segments of 0-699 items (the lengths repeated to the end), heads at random
        // distances before tile starts: short enough that the CUDA offsets scans fold their
        // carry (mean at most 2 windows: 512 items for 16-byte values) in most cases.
        let n = x.len();
        let mut offsets = vec![0];
        // One pass at least, so lengths that are all 0 give empty segments at 0 and stop.
        let mut at = 0;
        for (i, len) in lengths.iter().cycle().enumerate() {
            at += len;
            if at >= n || (i >= lengths.len() && at == 0) {
                break;
            }
            offsets.push(at);
        }
        offsets.push(n);
        check_all(&x, &offsets);
    }

    #[test]
    fn dyadic_f32_bitwise(
        x in prop::collection::vec(dyadic_f32(), 0..4096),
        kind in 0..LAYOUTS,
        seed in any::<u64>(),
    ) {
        require_gpu!(proptest);
        check(Sum, 0.5, &x, &layout(x.len(), kind, seed), same_bits);
    }

    #[test]
    fn f64_within_bound(
        x in prop::collection::vec(general_f64(), 0..3 * HOST_CHUNK),
        kind in 0..LAYOUTS,
        seed in any::<u64>(),
    ) {
        require_gpu!(proptest);
        let abs = x.iter().map(|v| v.abs()).sum::<f64>() + 1.0;
        let close = |a: &[f64], b: &[f64]| {
            assert_close(a, b, a.len(), abs, "f64 segmented");
            true
        };
        check(Sum, -1.0, &x, &layout(x.len(), kind, seed), close);
    }
}
