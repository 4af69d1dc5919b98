//! Bad input straight to the slice functions (the `parallaxis` front doors reject it first):
//! mismatched lengths process the common prefix, and invalid offsets give unspecified
//! values — never a panic. Sizes span several chunks and the parallel threshold.

use crate::*;
use parallaxis_core::reference::{self as seq, ScanKind};
use parallaxis_core::{Affine, AffineMap, Max, Negate, Plus, Sum};

const N: usize = 5 * CHUNK + 7;

fn ints(n: usize) -> Vec<i64> {
    (0..n as i64).map(|i| (i * 7919) % 1013 - 500).collect()
}

#[test]
fn mismatched_lengths_process_the_common_prefix() {
    let x = ints(N);
    for (nx, ny) in [(N, N - 3 * CHUNK), (N - 2 * CHUNK - 1, N)] {
        let (xs, mut y, mut want) = (&x[..nx], vec![9; ny], vec![9; ny]);
        inclusive_scan(Sum, xs, &mut y);
        seq::inclusive_scan(Sum, xs, &mut want);
        assert_eq!(y, want, "inclusive_scan {nx} -> {ny}");
        exclusive_scan(Sum, 4, xs, &mut y);
        seq::exclusive_scan(Sum, 4, xs, &mut want);
        assert_eq!(y, want, "exclusive_scan {nx} -> {ny}");
        transform(Negate, xs, &mut y);
        seq::transform(Negate, xs, &mut want);
        assert_eq!(y, want, "transform {nx} -> {ny}");
        transform2(Plus, xs, &x, &mut y);
        seq::transform2(Plus, xs, &x, &mut want);
        assert_eq!(y, want, "transform2 {nx} -> {ny}");
    }
}

#[test]
fn short_heads_and_keys_process_the_common_prefix() {
    let x = ints(N);
    let short = N - CHUNK - 3;
    let flags: Vec<bool> = (0..short).map(|i| i % 777 == 0).collect();
    let keys: Vec<u8> = (0..short).map(|i| (i / 999) as u8).collect();
    let (mut y, mut want) = (vec![0; N], vec![0; N]);
    for kind in [ScanKind::Inclusive, ScanKind::Exclusive(3)] {
        scan_by_flags(Sum, &flags, &x, &mut y, kind);
        seq::scan_by_flags(Sum, &flags, &x[..short], &mut want[..short], kind);
        assert_eq!(y[..short], want[..short], "flags {kind:?}");
        scan_by_keys(Sum, &keys, &x, &mut y, kind);
        seq::scan_by_keys(Sum, &keys, &x[..short], &mut want[..short], kind);
        assert_eq!(y[..short], want[..short], "keys {kind:?}");
    }
    let (k, v) = reduce_by_key(Max, &keys, &x).unwrap();
    let (mut wk, mut wv) = (keys.clone(), x.clone());
    let runs = seq::reduce_by_key(Max, &keys, &x, &mut wk, &mut wv);
    assert_eq!((k, v), (wk[..runs].to_vec(), wv[..runs].to_vec()));
}

#[test]
fn invalid_offsets_never_panic() {
    let x: Vec<AffineMap<i64>> = ints(N).iter().map(|&v| AffineMap::new(v | 1, v)).collect();
    let unsorted: Vec<usize> = (0..300).map(|i| (i * 104_729) % (N + 50)).collect();
    let cases: [&[usize]; 6] = [
        &[],
        &[0],
        &[7, 3, usize::MAX, 0],
        &[0, N + 10],
        &[0, usize::MAX, usize::MAX, N],
        &unsorted,
    ];
    let mut y = vec![AffineMap::default(); N];
    for offsets in cases {
        for kind in [
            ScanKind::Inclusive,
            ScanKind::Exclusive(AffineMap::new(2, 1)),
        ] {
            scan_by_offsets(Affine, offsets, &x, &mut y, kind);
        }
        let mut r = vec![AffineMap::default(); offsets.len()];
        segmented_reduce(Affine, offsets, &x, &mut r);
        segmented_reduce(Affine, offsets, &x, &mut r[..1.min(offsets.len())]);
    }
}
