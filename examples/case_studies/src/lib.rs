//! What the case-study binaries share: seeded inputs, GPU timing, and result checks.

use parallaxis_device::{Device, GpuTimer};

/// The binaries' error type: any error, reported by `main`.
pub type Result<T> = core::result::Result<T, Box<dyn std::error::Error>>;

/// `true` when the binary was started with `--quick` (the small checks only, no timings).
pub fn quick() -> bool {
    std::env::args().any(|a| a == "--quick")
}

/// A splitmix64 stream: reproducible inputs without a dependency.
pub struct SplitMix(u64);

impl SplitMix {
    /// A stream from `seed`.
    pub fn new(seed: u64) -> Self {
        SplitMix(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xD1B5_4A32_D192_ED03)
    }

    /// The next word.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `[0, 1)` (24 random bits, so exact in `f32`).
    pub fn unit(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 / (1u32 << 24) as f32
    }

    /// Uniform in `[lo, hi)`.
    pub fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }
}

/// Milliseconds per call of `work`, run `reps` times between two events on `dev` after one
/// untimed warm-up call (which also loads the module).
///
/// # Errors
/// What `work` or the events return.
pub fn time_ms(
    dev: &'static Device,
    reps: u32,
    mut work: impl FnMut(u32) -> parallaxis_device::Result<()>,
) -> Result<f64> {
    work(1)?;
    let timer = GpuTimer::new(dev)?;
    let (ms, ()) = timer.time(|| work(reps))?;
    Ok(f64::from(ms) / f64::from(reps.max(1)))
}

/// Fails with `what` and the worst offender when `bad` holds at any index of `0..n`.
///
/// # Errors
/// The first failing index, described by `describe`.
pub fn expect_all(
    what: &str,
    n: usize,
    bad: impl Fn(usize) -> bool + Sync,
    describe: impl Fn(usize) -> String,
) -> Result<()> {
    use rayon::prelude::*;
    match (0..n).into_par_iter().find_first(|&i| bad(i)) {
        None => Ok(()),
        Some(i) => Err(format!("{what}: MISMATCH at {i}: {}", describe(i)).into()),
    }
}

pub mod occupancy;
pub mod ptxas;
