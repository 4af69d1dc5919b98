//! Inputs and the CPU reference.

use nearest_neighbour_kernels::NO_POINT;
use parallaxis::ops::SplitMix64;
use rayon::prelude::*;

/// `n` values in `[0, 1)` on a grid of `1 / levels`: with few levels many queries sit on a
/// point or halfway between two (exact ties, which must go to the lowest index); with
/// `levels = 4096` every difference and square is exact in `f32`.
pub fn values(n: usize, levels: u32, seed: u64) -> Vec<f32> {
    let mut rng = SplitMix64::new(seed);
    (0..n)
        .map(|_| (rng.next_u64() % u64::from(levels)) as f32 / levels as f32)
        .collect()
}

/// The specification, written plainly: the index of the first point at the smallest
/// squared distance `(q - p)²`, `NO_POINT` if no distance is below `+∞`.
pub fn nearest(q: f32, points: &[f32]) -> u32 {
    let mut best = (f32::INFINITY, NO_POINT);
    for (j, &p) in points.iter().enumerate().take(NO_POINT as usize) {
        let d = (q - p) * (q - p);
        if d < best.0 {
            best = (d, j as u32);
        }
    }
    best.1
}

/// [`nearest`] of every query, on all cores (the full sizes' reference).
pub fn reference(queries: &[f32], points: &[f32]) -> Vec<u32> {
    queries.par_iter().map(|&q| nearest(q, points)).collect()
}

/// `Err` naming the first differing query unless `got == want`.
pub fn check(what: &str, got: &[u32], want: &[u32]) -> Result<(), String> {
    if got.len() != want.len() {
        return Err(format!(
            "{what}: {} answers, expected {}",
            got.len(),
            want.len()
        ));
    }
    match got.iter().zip(want).position(|(g, w)| g != w) {
        Some(i) => Err(format!(
            "{what}: MISMATCH at query {i}: {} instead of {}",
            got[i], want[i]
        )),
        None => Ok(()),
    }
}

/// Giga floating-point operations a second: 3 a (query, point) pair.
pub fn gflops(m: usize, n: usize, seconds: f64) -> f64 {
    3.0 * m as f64 * n as f64 / seconds / 1e9
}
