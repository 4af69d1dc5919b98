//! Theoretical occupancy from a launch's shape and a kernel's registers, as CUDA's
//! occupancy calculator computes it, with the limits of one Hopper (sm_90: H100, H200)
//! multiprocessor from the CUDA C Programming Guide's table of compute capabilities.

/// A multiprocessor's limits.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Resident threads.
    pub threads: u32,
    /// Resident blocks.
    pub blocks: u32,
    /// 32-bit registers.
    pub registers: u32,
    /// Registers are allocated per warp in units of this many.
    pub register_unit: u32,
    /// Shared memory, bytes.
    pub shared: u32,
    /// Shared memory the system reserves per block, bytes.
    pub shared_reserved: u32,
    /// Shared memory is allocated in units of this many bytes.
    pub shared_unit: u32,
}

/// Compute capability 9.0.
pub const SM90: Limits = Limits {
    threads: 2048,
    blocks: 32,
    registers: 65536,
    register_unit: 256,
    shared: 228 * 1024,
    shared_reserved: 1024,
    shared_unit: 128,
};

/// Resident blocks per multiprocessor, which limit binds, and the occupancy (resident warps
/// over the most a multiprocessor holds).
pub fn occupancy(
    l: &Limits,
    threads: u32,
    registers: u32,
    shared: u32,
) -> (u32, &'static str, f64) {
    let warps = threads.div_ceil(32).max(1);
    let per_warp = (registers.max(1) * 32).div_ceil(l.register_unit) * l.register_unit;
    let shared_block = (shared + l.shared_reserved).div_ceil(l.shared_unit) * l.shared_unit;
    let limits = [
        (l.blocks, "blocks"),
        (l.threads / (warps * 32), "threads"),
        (l.registers / per_warp / warps, "registers"),
        (l.shared / shared_block, "shared memory"),
    ];
    let (blocks, why) = limits
        .into_iter()
        .min_by_key(|&(b, _)| b)
        .unwrap_or((0, "none"));
    let occ = f64::from(blocks * warps) / f64::from(l.threads / 32);
    (blocks, why, occ)
}

#[cfg(test)]
mod tests {
    use super::{occupancy, SM90};

    #[test]
    fn the_binding_limit_is_found() {
        // 1024 threads: two blocks fill the 2048 threads.
        assert_eq!(occupancy(&SM90, 1024, 16, 512).0, 2);
        // 64 threads: the 32-block limit leaves the multiprocessor at 2048 / 64 / 32 = 1/1.
        let (b, why, occ) = occupancy(&SM90, 64, 16, 512);
        assert_eq!((b, why), (32, "blocks"));
        assert!((occ - 1.0).abs() < 1e-12);
        // 128 registers a thread: 65536 / (128 · 32) = 16 warps, 2 blocks of 256 threads.
        let (b, why, _) = occupancy(&SM90, 256, 128, 0);
        assert_eq!((b, why), (2, "registers"));
    }
}
