//! SplitMix64 (Steele, Lea & Flood 2014): a tiny, fast, reproducible generator for test
//! inputs and benchmarks — every suite, bench and example of parallaxis draws from this one
//! definition, so a seed means the same data everywhere. Not for cryptography.

/// An endless iterator of 64-bit words, reproducible from its seed.
///
/// ```
/// use parallaxis_core::SplitMix64;
/// let a: Vec<u64> = SplitMix64::new(7).take(3).collect();
/// let b: Vec<u64> = SplitMix64::new(7).take(3).collect();
/// assert_eq!(a, b);
/// assert!(SplitMix64::new(7).unit_f64() < 1.0);
/// ```
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// The generator for `seed`.
    pub const fn new(seed: u64) -> Self {
        Self { state: seed }
    }

    /// The next word.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform value in `[0, 1)` from the top 53 bits of the next word.
    #[inline]
    pub fn unit_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1_u64 << 53) as f64
    }
}

impl Iterator for SplitMix64 {
    type Item = u64;
    #[inline]
    fn next(&mut self) -> Option<u64> {
        Some(self.next_u64())
    }
}
