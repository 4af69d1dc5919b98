//! The selection row: `copy_if` of the f32 inputs below 0.5 (about half, uniform inputs)
//! into a new vector, against what a user writes with rayon,
//! `x.par_iter().copied().filter(..).collect()` (the CPU target: >= 1.0x).

use crate::timing::{median_time, Row};
use parallaxis::{ops::LessThan, DeviceVector, Rayon, Sequential};
use rayon::prelude::*;
use std::hint::black_box;

/// `copy_if` with `LessThan 0.5` over `x` (allocating, like `collect`); bytes: the input
/// read and the selection written.
pub(crate) fn bench_select(n: usize, x: &[f32]) {
    let rx = DeviceVector::<f32, Rayon>::from_slice(x).unwrap();
    let sx = DeviceVector::<f32, Sequential>::from_slice(x).unwrap();
    let p = LessThan { bound: 0.5_f32 };
    let kept = x.iter().filter(|&&v| v < 0.5).count();
    Row {
        case: "copy_if f32 (half)",
        n,
        bytes: 4 * (n + kept),
        ours: median_time(|| {
            black_box(parallaxis::copy_if(p, &rx).unwrap());
        }),
        sequential: median_time(|| {
            black_box(parallaxis::copy_if(p, &sx).unwrap());
        }),
        hand_rayon: median_time(|| {
            black_box(
                x.par_iter()
                    .copied()
                    .filter(|&v| v < 0.5)
                    .collect::<Vec<f32>>(),
            );
        }),
    }
    .print();
}
