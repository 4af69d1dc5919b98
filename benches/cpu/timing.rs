//! Timing and reporting helpers for the CPU benchmark.

use std::time::{Duration, Instant};

/// The median wall time of `f`, run at least 5 times and until ~0.25 s has been spent
/// (after one untimed warm-up run).
pub(crate) fn median_time(mut f: impl FnMut()) -> Duration {
    f();
    let mut times = Vec::new();
    let start = Instant::now();
    while times.len() < 5 || (start.elapsed() < Duration::from_millis(250) && times.len() < 50) {
        let t = Instant::now();
        f();
        times.push(t.elapsed());
    }
    times.sort();
    times[times.len() / 2]
}

/// Effective bandwidth in GB/s for `bytes` moved in `t`.
pub(crate) fn gbps(bytes: usize, t: Duration) -> f64 {
    bytes as f64 / t.as_secs_f64() / 1e9
}

/// The CPU model and thread count, for the table header.
pub(crate) fn machine() -> String {
    let model = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into());
    format!("{model}, {} rayon threads", rayon::current_num_threads())
}

/// One row of the results table.
pub(crate) struct Row {
    pub(crate) case: &'static str,
    pub(crate) n: usize,
    pub(crate) bytes: usize,
    pub(crate) ours: Duration,
    pub(crate) sequential: Duration,
    pub(crate) hand_rayon: Duration,
}

impl Row {
    /// Prints the row: times, our GB/s, and ratios (>1 means parallaxis is faster).
    pub(crate) fn print(&self) {
        let ratio = |peer: Duration| peer.as_secs_f64() / self.ours.as_secs_f64();
        println!(
            "| {:<24} | 2^{:<2} | {:>10.3} | {:>7.1} | {:>10.3} | {:>10.3} | {:>6.2}x | {:>6.2}x |",
            self.case,
            self.n.trailing_zeros(),
            self.ours.as_secs_f64() * 1e3,
            gbps(self.bytes, self.ours),
            self.sequential.as_secs_f64() * 1e3,
            self.hand_rayon.as_secs_f64() * 1e3,
            ratio(self.hand_rayon),
            ratio(self.sequential),
        );
    }
}

/// The table header.
pub(crate) fn print_header() {
    println!(
        "| case                     | n    | parallaxis ms | GB/s    | seq ms     | rayon ms   | vs rayon | vs seq  |"
    );
    println!(
        "|--------------------------|------|------------|---------|------------|------------|---------|---------|"
    );
}
