// Conformance body for the keyed algorithms (scans by key, inclusive and exclusive, and
// reduce_by_key) over every key width the GPU reads (1, 2, 4 and 8 bytes, signed and unsigned),
// against `parallaxis::reference`. The GPU reads 4- and 8-byte keys of full tiles through the warp as
// 16-byte chunks and every other key per thread (`device/kernels/src/kernels/segmented/heads.rs`):
// the sizes cover one partial tile, several full tiles and a partial last one, with segment
// boundaries on and off chunk, lane and warp edges, under 8-byte values (16 keys a thread) and
// 4-byte values (32 keys a thread).

use super::B;
use crate::common::*;
use parallaxis::reference::{self as r, ScanKind};
use parallaxis::{DeviceCopy, backend::KeyedOps, ops::Sum};
use std::fmt::Debug;

/// Runs for `n` items: lengths cycling through 1, 2, 3, 5, 7, 16, 31, 33 and 64 (chunk, lane
/// and warp edges land inside and on runs), keys the run's ordinal mapped by `key` (so equal
/// keys recur, and a key's high bits differ where the type has them).
fn keys<K: Copy>(n: usize, key: impl Fn(usize) -> K) -> Vec<K> {
    const LENGTHS: [usize; 9] = [1, 2, 3, 5, 7, 16, 31, 33, 64];
    let mut out = Vec::with_capacity(n);
    let mut run = 0;
    while out.len() < n {
        let len = LENGTHS[run % LENGTHS.len()].min(n - out.len());
        out.extend(std::iter::repeat_n(key(run), len));
        run += 1;
    }
    out
}

/// The scans by key and reduce_by_key with keys `k` equal the reference exactly.
fn check<K: DeviceCopy + PartialEq + Debug, V: DeviceCopy + PartialEq + Debug + From<i8>>(
    k: &[K],
    x: &[V],
    what: &str,
) where
    B: KeyedOps<K, V, Sum>,
    Sum: parallaxis::ops::Monoid<V>,
{
    let n = x.len();
    let (kd, xd) = (dv::<K, B>(k), dv::<V, B>(x));
    let mut want = vec![V::from(0); n];
    r::scan_by_keys(Sum, k, x, &mut want, ScanKind::Inclusive);
    let got = parallaxis::inclusive_scan_by_key(Sum, &kd, &xd).unwrap();
    assert_eq!(host(&got), want, "inclusive {what}, n={n}");
    r::scan_by_keys(Sum, k, x, &mut want, ScanKind::Exclusive(V::from(-3)));
    let got = parallaxis::exclusive_scan_by_key(Sum, V::from(-3), &kd, &xd).unwrap();
    assert_eq!(host(&got), want, "exclusive {what}, n={n}");
    let (gk, gv) = parallaxis::reduce_by_key(Sum, &kd, &xd).unwrap();
    let (mut wk, mut wv) = (k.to_vec(), x.to_vec());
    let runs = r::reduce_by_key(Sum, k, x, &mut wk, &mut wv);
    assert_eq!(host(&gk), wk[..runs], "reduce_by_key keys {what}, n={n}");
    assert_eq!(host(&gv), wv[..runs], "reduce_by_key values {what}, n={n}");
}

#[test]
fn every_key_width_matches_reference() {
    require_gpu!();
    // One partial tile; 3 full tiles of 4-byte values (8192 a tile) and a partial one; 2^16 + 77.
    for n in [1000, 3 * 8192 + 77, (1 << 16) + 77] {
        let x: Vec<i64> = pseudo_random(n, 90).into_iter().map(|v| v as i64 >> 8).collect();
        check(&keys(n, |r| (r % 3) as u8), &x, "u8");
        check(&keys(n, |r| (r % 5) as i8 - 2), &x, "i8");
        check(&keys(n, |r| (r % 3) as u16 * 0x101), &x, "u16");
        check(&keys(n, |r| (r % 4) as i16 - 300), &x, "i16");
        check(&keys(n, |r| (r % 3) as u32 * 0x0101_0101), &x, "u32");
        check(&keys(n, |r| (r % 3) as i32 - 1), &x, "i32");
        // Equal low words, different high words: a comparison of the low half only fails.
        check(&keys(n, |r| ((r % 3) as u64) << 32 | 7), &x, "u64");
        check(&keys(n, |r| (r % 5) as i64 - 2), &x, "i64");
        // 4-byte values: 32 keys a thread, twice the chunks of the 8-byte case.
        let x32: Vec<i32> = x.iter().map(|&v| (v >> 40) as i32).collect();
        check(&keys(n, |r| (r % 3) as u32 * 0x0101_0101), &x32, "u32, i32 values");
        check(&keys(n, |r| ((r % 3) as u64) << 32 | 7), &x32, "u64, i32 values");
        check(&keys(n, |r| (r % 5) as i64 - 2), &x32, "i64, i32 values");
    }
}
