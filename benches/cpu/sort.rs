//! The radix sort row: `sort_into` of random u32 keys on the rayon backend
//! against the sequential backend (the reference's stable sort) and against what a user
//! writes with rayon: copy the keys, then `par_sort_unstable`. Bytes: the keys read and
//! written once (`8 n`).

use super::{Rv, Sv};
use crate::timing::{median_time, Row};
use parallaxis::ops::Order;
use rayon::prelude::*;
use std::hint::black_box;

/// `sort u32`: random keys (splitmix64).
pub(super) fn bench_sort(n: usize) {
    let keys: Vec<u32> = parallaxis::ops::SplitMix64::new(7)
        .take(n)
        .map(|v| v as u32)
        .collect();
    let (rk, sk) = (
        Rv::from_slice(&keys).unwrap(),
        Sv::from_slice(&keys).unwrap(),
    );
    let mut ro = Rv::<u32>::zeros(n).unwrap();
    let mut so = Sv::<u32>::zeros(n).unwrap();
    let mut out = vec![0_u32; n];
    Row {
        case: "radix sort u32",
        n,
        bytes: 8 * n,
        ours: median_time(|| {
            parallaxis::sort_into(&rk, &mut ro, Order::Ascending).unwrap();
            black_box(&mut ro);
        }),
        sequential: median_time(|| {
            parallaxis::sort_into(&sk, &mut so, Order::Ascending).unwrap();
            black_box(&mut so);
        }),
        hand_rayon: median_time(|| {
            out.copy_from_slice(&keys);
            out.par_sort_unstable();
            black_box(&mut out);
        }),
    }
    .print();
    assert!(
        ro.as_slice().windows(2).all(|w| w[0] <= w[1]),
        "radix sort u32: not sorted"
    );
}

/// `top_k u32`: the 100 largest of random keys, sorted. The hand-written form is the
/// standard library's idiom (rayon has no parallel selection): copy, `select_nth_unstable`,
/// sort the first k. Bytes: the keys read once (`4 n`).
pub(super) fn bench_top_k(n: usize) {
    const K: usize = 100;
    let keys: Vec<u32> = parallaxis::ops::SplitMix64::new(11)
        .take(n)
        .map(|v| v as u32)
        .collect();
    let (rk, sk) = (
        Rv::from_slice(&keys).unwrap(),
        Sv::from_slice(&keys).unwrap(),
    );
    let k = K.min(n);
    let mut ro = Rv::<u32>::zeros(k).unwrap();
    let mut so = Sv::<u32>::zeros(k).unwrap();
    let mut out = vec![0_u32; n];
    let descending = |a: &u32, b: &u32| b.cmp(a);
    Row {
        case: "top_k u32 (k = 100)",
        n,
        bytes: 4 * n,
        ours: median_time(|| {
            parallaxis::partial_sort_into(&rk, &mut ro, Order::Descending).unwrap();
            black_box(&mut ro);
        }),
        sequential: median_time(|| {
            parallaxis::partial_sort_into(&sk, &mut so, Order::Descending).unwrap();
            black_box(&mut so);
        }),
        hand_rayon: median_time(|| {
            out.copy_from_slice(&keys);
            if k > 0 {
                out.select_nth_unstable_by(k - 1, descending);
                out[..k].sort_unstable_by(descending);
            }
            black_box(&mut out);
        }),
    }
    .print();
    let mut want = keys.clone();
    want.sort_unstable_by(descending);
    assert_eq!(
        ro.to_vec().unwrap(),
        want[..k],
        "top_k u32: not the largest k"
    );
}

/// `top_k_segmented u32`: the 10 largest of every segment of 1000 random keys, sorted, and
/// the result's offsets. By hand with rayon: copy, then per segment (`par_chunks_mut`)
/// `select_nth_unstable_by` and a sort of the first 10. Bytes: the keys read once (`4 n`).
pub(super) fn bench_top_k_segmented(n: usize) {
    const K: usize = 10;
    const SEGMENT: usize = 1000;
    let keys: Vec<u32> = parallaxis::ops::SplitMix64::new(13)
        .take(n)
        .map(|v| v as u32)
        .collect();
    let offsets: Vec<usize> = (0..n).step_by(SEGMENT).chain([n]).collect();
    let (rk, sk) = (
        Rv::from_slice(&keys).unwrap(),
        Sv::from_slice(&keys).unwrap(),
    );
    let (ro, so) = (
        Rv::from_slice(&offsets).unwrap(),
        Sv::from_slice(&offsets).unwrap(),
    );
    let mut out = vec![0_u32; n];
    let descending = |a: &u32, b: &u32| b.cmp(a);
    let mut last = None;
    Row {
        case: "top_k_segmented (1000, 10)",
        n,
        bytes: 4 * n,
        ours: median_time(|| {
            last = Some(parallaxis::top_k_segmented(&rk, &ro, K).unwrap());
        }),
        sequential: median_time(|| {
            black_box(parallaxis::top_k_segmented(&sk, &so, K).unwrap());
        }),
        hand_rayon: median_time(|| {
            out.copy_from_slice(&keys);
            out.par_chunks_mut(SEGMENT).for_each(|c| {
                let k = K.min(c.len());
                if k > 0 {
                    c.select_nth_unstable_by(k - 1, descending);
                    c[..k].sort_unstable_by(descending);
                }
            });
            black_box(&mut out);
        }),
    }
    .print();
    let want: Vec<u32> = out
        .chunks(SEGMENT)
        .flat_map(|c| c[..K.min(c.len())].to_vec())
        .collect();
    let got = last.map(|(k, _)| k.to_vec().unwrap());
    assert_eq!(
        got,
        Some(want),
        "top_k_segmented: not each segment's largest"
    );
}
