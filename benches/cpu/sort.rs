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
