//! Neighbours and runs beside their peers (`benches/peers/runs_peers.cu`): adjacent_difference
//! beside CUB's `DeviceAdjacentDifference::SubtractLeftCopy` and Thrust's
//! `adjacent_difference` (f32 uniform in [0, 1), the extrema rows' data); unique_count beside
//! Thrust's `unique_count` and run_length_encode beside CUB's `DeviceRunLengthEncode::Encode`,
//! both over `x[i] = (i / 4) % 1000` as u32 (runs of exactly four). Bytes: the input read and
//! the output written (adjacent_difference, run_length_encode: a value and a length per run),
//! the input read (unique_count).

use super::extrema_search::uniform_f32;
use super::{Bench, Dv};
use parallaxis::{
    backend::{AdjacentOps, UniqueOps},
    ops::Minus,
    Cuda,
};

/// The runs rows' input: `x[i] = (i / 4) % 1000`.
fn runs_of_four(n: usize) -> Vec<u32> {
    (0..n).map(|i| (i / 4 % 1000) as u32).collect()
}

/// `adjacent_difference_f32`, `unique_count_u32` and `run_length_encode_u32` at `n`.
pub(super) fn bench_runs(b: &mut Bench, n: usize) {
    let case = "adjacent_difference_f32";
    if b.wants(case) {
        match (Dv::<f32>::from_vec(uniform_f32(n)), Dv::<f32>::zeros(n)) {
            (Ok(x), Ok(mut y)) => {
                b.case(case, n, n as f64 * 8.0, None, || {
                    <Cuda as AdjacentOps<f32, Minus>>::adjacent_difference(
                        Minus,
                        x.buffer(),
                        y.buffer_mut(),
                    )
                });
            }
            (Err(e), _) | (_, Err(e)) => b.skipped(case, n, e.to_string()),
        }
    }
    if !b.wants("unique_count_u32") && !b.wants("run_length_encode_u32") {
        return;
    }
    let x = match Dv::<u32>::from_vec(runs_of_four(n)) {
        Ok(x) => x,
        Err(e) => {
            b.skipped("unique_count_u32", n, e.to_string());
            b.skipped("run_length_encode_u32", n, e.to_string());
            return;
        }
    };
    let runs = n.div_ceil(4);
    if b.wants("unique_count_u32") {
        b.case("unique_count_u32", n, n as f64 * 4.0, None, || {
            <Cuda as UniqueOps<u32>>::unique_count(x.buffer()).map(drop)
        });
        report("unique_count_u32", n, parallaxis::unique_count(&x), runs);
    }
    if b.wants("run_length_encode_u32") {
        b.case(
            "run_length_encode_u32",
            n,
            n as f64 * 4.0 + runs as f64 * 8.0,
            None,
            || parallaxis::run_length_encode(&x).map(drop),
        );
        let got = parallaxis::run_length_encode(&x).map(|(v, _)| v.len());
        report("run_length_encode_u32", n, got, runs);
    }
}

/// Prints a failed check of a row's answer (the number of runs).
fn report(case: &str, n: usize, got: parallaxis::Result<usize>, want: usize) {
    match got {
        Ok(got) if got == want => {}
        other => println!("  CHECK FAILED: {case} n={n}: got {other:?}, want {want}"),
    }
}
