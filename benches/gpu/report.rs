//! Results of the GPU benchmark: a table on stdout and a CSV file.

use std::fs::File;
use std::io::{BufWriter, Write};

/// How a case ended.
pub(crate) enum Outcome {
    /// Median milliseconds per call.
    Timed(f64),
    /// The CUDA backend returned `Error::NoKernel` (the kernel is not written yet).
    NoKernel,
    /// Skipped or failed, with the reason.
    Failed(String),
}

/// One measured case.
pub(crate) struct Row {
    pub(crate) case: String,
    pub(crate) n: usize,
    /// Ideal bytes moved (the effective-bandwidth convention of docs/benchmarks.md).
    pub(crate) bytes: f64,
    /// Floating-point operations (SpMV: 2 nnz), for GFLOP/s.
    pub(crate) flops: Option<f64>,
    pub(crate) outcome: Outcome,
    /// Median ms of `cuMemcpyDtoD` moving the same bytes (half read, half written).
    pub(crate) roof_ms: Option<f64>,
    /// `ok`, `BAD ...` or empty when the result was not checked.
    pub(crate) check: String,
}

/// The table on stdout and the CSV file.
pub(crate) struct Report {
    csv: BufWriter<File>,
}

impl Report {
    pub(crate) fn new(path: &str) -> std::io::Result<Self> {
        let mut csv = BufWriter::new(File::create(path)?);
        writeln!(
            csv,
            "source,case,n,ms,gbps,gflops,check,roof_ms,roof_gbps,roof_pct"
        )?;
        println!(
            "{:<34} {:>12} {:>11} {:>9} {:>8} {:>7}  note",
            "case", "n", "ms", "GB/s", "GFLOP/s", "%roof"
        );
        Ok(Self { csv })
    }

    pub(crate) fn add(&mut self, r: &Row) {
        let roof_gbps = r.roof_ms.map(|t| r.bytes / t / 1e6);
        let opt = |v: Option<f64>, prec: usize| v.map_or(String::new(), |v| format!("{v:.prec$}"));
        match r.outcome {
            Outcome::Timed(ms) => {
                let gbps = r.bytes / ms / 1e6;
                let gflops = r.flops.map(|f| f / ms / 1e6);
                let pct = r.roof_ms.map(|t| 100.0 * t / ms);
                println!(
                    "{:<34} {:>12} {:>11.4} {:>9.1} {:>8} {:>7}  {}",
                    r.case,
                    r.n,
                    ms,
                    gbps,
                    opt(gflops, 1),
                    opt(pct, 1),
                    r.check
                );
                let _ = writeln!(
                    self.csv,
                    "gpu_bench,{},{},{:.6},{:.2},{},{},{},{},{}",
                    r.case,
                    r.n,
                    ms,
                    gbps,
                    opt(gflops, 2),
                    if r.check.is_empty() { "ok" } else { &r.check },
                    opt(r.roof_ms, 6),
                    opt(roof_gbps, 2),
                    opt(pct, 2)
                );
            }
            Outcome::NoKernel => {
                println!("{:<34} {:>12} {:>11}", r.case, r.n, "no kernel");
                let _ = writeln!(self.csv, "gpu_bench,{},{},,,,no kernel,,,", r.case, r.n);
            }
            Outcome::Failed(ref why) => {
                println!("{:<34} {:>12} {:>11}  {why}", r.case, r.n, "skipped");
                let why = why.replace(',', ";");
                let _ = writeln!(
                    self.csv,
                    "gpu_bench,{},{},,,,skipped: {why},,,",
                    r.case, r.n
                );
            }
        }
        let _ = self.csv.flush();
    }
}
