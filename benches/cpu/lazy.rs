//! Rows of the lazy sequences on the CPU: each lazy form beside the same work written by hand
//! with rayon, and the sum of squares beside the fused `transform_reduce` it should match
//! (target: within 5%).

use super::{hand_written, Rv, Sv};
use crate::timing::{median_time, Row};
use parallaxis::ops::{Both, Pair, Square, Sum, Times};
use std::hint::black_box;

pub(crate) fn bench_lazy(n: usize, x: &[f32], y: &[f32]) {
    let (rx, ry) = (Rv::from_slice(x).unwrap(), Rv::from_slice(y).unwrap());
    let (sx, sy) = (Sv::from_slice(x).unwrap(), Sv::from_slice(y).unwrap());
    let hand_sum_sq = || black_box(hand_written::sum_of_squares(x));
    Row {
        case: "sum of squares: transform_reduce",
        n,
        bytes: 4 * n,
        ours: median_time(|| {
            black_box(parallaxis::transform_reduce(Square, Sum, &rx).unwrap());
        }),
        sequential: median_time(|| {
            black_box(parallaxis::transform_reduce(Square, Sum, &sx).unwrap());
        }),
        hand_rayon: median_time(|| {
            hand_sum_sq();
        }),
    }
    .print();
    Row {
        case: "sum of squares: reduce(x.map(Square))",
        n,
        bytes: 4 * n,
        ours: median_time(|| {
            black_box(parallaxis::reduce(Sum, &rx.map(Square)).unwrap());
        }),
        sequential: median_time(|| {
            black_box(parallaxis::reduce(Sum, &sx.map(Square)).unwrap());
        }),
        hand_rayon: median_time(|| {
            hand_sum_sq();
        }),
    }
    .print();
    let mut rz = Rv::<f32>::zeros(n).unwrap();
    let mut sz = Sv::<f32>::zeros(n).unwrap();
    let mut z = vec![0.0_f32; n];
    Row {
        case: "scan of products: zip(a, b).map(Times)",
        n,
        bytes: 12 * n,
        ours: median_time(|| {
            let products = parallaxis::lazy::zip(&rx, &ry).unwrap().map(Times);
            parallaxis::inclusive_scan_into(Sum, &products, &mut rz).unwrap();
            black_box(&mut rz);
        }),
        sequential: median_time(|| {
            let products = parallaxis::lazy::zip(&sx, &sy).unwrap().map(Times);
            parallaxis::inclusive_scan_into(Sum, &products, &mut sz).unwrap();
            black_box(&mut sz);
        }),
        hand_rayon: median_time(|| {
            hand_written::scan_of_products(x, y, &mut z);
            black_box(&mut z);
        }),
    }
    .print();
    Row {
        case: "mean: zip(x, constant(1)) with Both(Sum, Sum)",
        n,
        bytes: 4 * n,
        ours: median_time(|| {
            let both = parallaxis::lazy::zip(&rx, parallaxis::lazy::constant(1_u64, n)).unwrap();
            let Pair { first, second } = parallaxis::reduce(Both(Sum, Sum), &both).unwrap();
            black_box(first / second as f32);
        }),
        sequential: median_time(|| {
            let both = parallaxis::lazy::zip(&sx, parallaxis::lazy::constant(1_u64, n)).unwrap();
            let Pair { first, second } = parallaxis::reduce(Both(Sum, Sum), &both).unwrap();
            black_box(first / second as f32);
        }),
        hand_rayon: median_time(|| {
            black_box(hand_written::mean(x));
        }),
    }
    .print();
}
