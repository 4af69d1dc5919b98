//! Histogram rows: parallaxis's rayon `histogram_even` against the sequential reference and the
//! rayon fold a user writes by hand (a private `Vec` per rayon split, summed at the end).

use super::timing::{median_time, Row};
use super::{Rv, Sv};
use parallaxis::{DeviceVector, Rayon, Sequential};
use rayon::prelude::*;
use std::hint::black_box;

/// The hand-written rayon fold: `par_iter().fold(|| vec![0; bins], ..).reduce(..)`.
fn hand_fold<T: Copy + Sync>(
    x: &[T],
    bins: usize,
    bin: impl Fn(T) -> Option<usize> + Sync,
) -> Vec<u32> {
    x.par_iter()
        .fold(
            || vec![0u32; bins],
            |mut h, &v| {
                if let Some(b) = bin(v) {
                    h[b] += 1;
                }
                h
            },
        )
        .reduce(
            || vec![0u32; bins],
            |mut a, b| {
                a.iter_mut().zip(&b).for_each(|(a, b)| *a += b);
                a
            },
        )
}

/// `histogram 1024 f32` (4n bytes) and `histogram 256 u8` (n bytes) at `n`.
pub(crate) fn bench_histogram(n: usize, x: &[f32]) {
    let (rx, sx) = (Rv::from_slice(x).unwrap(), Sv::from_slice(x).unwrap());
    let mut rh = DeviceVector::<u32, Rayon>::zeros(1024).unwrap();
    let mut sh = DeviceVector::<u32, Sequential>::zeros(1024).unwrap();
    let scale = 1024.0f32;
    Row {
        case: "histogram 1024 bins f32",
        n,
        bytes: 4 * n,
        ours: median_time(|| {
            parallaxis::histogram_even_into(&rx, 1024, 0.0, 1.0, &mut rh).unwrap();
            black_box(&mut rh);
        }),
        sequential: median_time(|| {
            parallaxis::histogram_even_into(&sx, 1024, 0.0, 1.0, &mut sh).unwrap();
            black_box(&mut sh);
        }),
        hand_rayon: median_time(|| {
            black_box(hand_fold(x, 1024, |v: f32| {
                (0.0..1.0)
                    .contains(&v)
                    .then(|| ((v * scale) as usize).min(1023))
            }));
        }),
    }
    .print();
    let bytes: Vec<u8> = x.iter().map(|&v| (v * 256.0) as u8).collect();
    let (rb, sb) = (
        Rv::from_slice(&bytes).unwrap(),
        Sv::from_slice(&bytes).unwrap(),
    );
    let mut rh = DeviceVector::<u32, Rayon>::zeros(256).unwrap();
    let mut sh = DeviceVector::<u32, Sequential>::zeros(256).unwrap();
    Row {
        case: "histogram 256 bins u8",
        n,
        bytes: n,
        ours: median_time(|| {
            parallaxis::histogram_even_into(&rb, 256, 0, 256, &mut rh).unwrap();
            black_box(&mut rh);
        }),
        sequential: median_time(|| {
            parallaxis::histogram_even_into(&sb, 256, 0, 256, &mut sh).unwrap();
            black_box(&mut sh);
        }),
        hand_rayon: median_time(|| {
            black_box(hand_fold(&bytes, 256, |v: u8| Some(v as usize)));
        }),
    }
    .print();
}
