//! Pass/fail bookkeeping and the comparisons against the reference.

use parallaxis_core::Number;
use std::process::ExitCode;

/// Counts and the failures' descriptions.
#[derive(Default)]
pub(crate) struct Report {
    pass: usize,
    failures: Vec<String>,
}

impl Report {
    /// Records one kernel at one size.
    pub(crate) fn record(&mut self, kernel: &str, n: usize, outcome: Result<(), String>) {
        match outcome {
            Ok(()) => {
                self.pass += 1;
                println!("PASS {kernel} n={n}");
            }
            Err(e) => {
                println!("FAIL {kernel} n={n}: {e}");
                self.failures.push(format!("{kernel} n={n}: {e}"));
            }
        }
    }

    /// Prints the totals; success only when nothing failed.
    pub(crate) fn summary(&self) -> ExitCode {
        println!("\n{} passed, {} failed", self.pass, self.failures.len());
        for f in &self.failures {
            println!("  FAILED {f}");
        }
        if self.failures.is_empty() {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        }
    }
}

/// `Ok` when `got == want` element by element (`==`, so `-0.0 == 0.0`).
pub(crate) fn exact<T: PartialEq + core::fmt::Debug>(got: &[T], want: &[T]) -> Result<(), String> {
    if got.len() != want.len() {
        return Err(format!("length {} != {}", got.len(), want.len()));
    }
    match got.iter().zip(want).position(|(g, w)| g != w) {
        None => Ok(()),
        Some(i) => Err(format!("index {i}: got {:?}, want {:?}", got[i], want[i])),
    }
}

/// Float sums: `|got[i] - truth[i]| <= (256 + 2·(i/1024) + seq·(i+1))·eps·abs[i]`, where
/// `truth` is the f64 fold, `abs` the f64 fold of magnitudes, and `seq` is 1 when the truth
/// itself was folded in `T` (f64 data), 0 otherwise.
pub(crate) fn within<T: Number>(got: &[T], truth: &[f64], abs: &[f64]) -> Result<(), String> {
    if got.len() != truth.len() || got.len() != abs.len() {
        return Err(format!("length {} != {}", got.len(), truth.len()));
    }
    let seq = if T::EPSILON < 1e-10 { 1.0 } else { 0.0 };
    for (i, ((g, t), a)) in got.iter().zip(truth).zip(abs).enumerate() {
        let depth = 256.0 + 2.0 * (i / 1024) as f64 + seq * (i + 1) as f64;
        let bound = depth * T::EPSILON * a;
        let err = (g.to_f64() - t).abs();
        if err > bound || err.is_nan() {
            return Err(format!(
                "index {i}: got {g:?}, exact {t}, error {err:e} > bound {bound:e}"
            ));
        }
    }
    Ok(())
}

/// Inclusive prefix folds of `x` in f64: `(sums, magnitudes)`, optionally seeded.
pub(crate) fn prefixes<T: Number>(x: &[T], seed: Option<T>) -> (Vec<f64>, Vec<f64>) {
    let (mut s, mut a) = seed.map_or((0.0, 0.0), |v| (v.to_f64(), v.to_f64().abs()));
    let mut sums = Vec::with_capacity(x.len());
    let mut mags = Vec::with_capacity(x.len());
    for v in x {
        s += v.to_f64();
        a += v.to_f64().abs();
        sums.push(s);
        mags.push(a);
    }
    (sums, mags)
}
