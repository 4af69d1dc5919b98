//! Scan tiles: their depth, size and staging through shared memory. Plain and segmented
//! scans and reduce by key all use these tiles.

use super::common::{
    items_per_thread, BlockShared, BLOCK_THREADS, STAGE_UNIT, STAGE_UNITS_PER_THREAD,
};

/// Items in one scan tile (one block) for elements of `size` bytes.
pub const fn scan_tile_items(size: usize) -> u64 {
    BLOCK_THREADS as u64 * items_per_thread(size) as u64
}

/// `true` when a scan tile of `T` can be staged through shared memory: each thread's
/// `items_per_thread` values are exactly four 16-byte units (f32, f64, `AffineMap<i64>`, and
/// every 2-, 4-, 8- or 16-byte type).
pub const fn scan_stages<T>() -> bool {
    let size = core::mem::size_of::<T>();
    items_per_thread(size) * size == STAGE_UNITS_PER_THREAD * STAGE_UNIT
}

/// Runs of 64 bytes per thread in a plain scan's tile (see `tile::deep`): 2 makes a tile of
/// 8192 f32 (32 KiB) held in shared memory, 6 blocks per SM (registers and shared memory
/// both allow 6). Depth 2 was the fastest of 1-4 at 2^28 (on par with CUB) and no slower at
/// mid sizes: `benches/RESULTS.md#h100-2026-11-24-deep-scan`,
/// `benches/RESULTS.md#h100-2026-11-24-fused-transforms`. Depths 3 and 4 need more than 48
/// KiB of dynamic shared memory, which the launcher does not opt in to (the experiments
/// did); the assertion below keeps the staging area, with 4 KiB left for `BlockShared` and
/// the offsets bit map, under that limit. Persistent blocks with two depth-2 staging areas,
/// loading the next tile while looking back for the current one, ran 2-3x slower (a
/// prefetched tile's aggregate waits for its block's previous tile):
/// `benches/RESULTS.md#h100-2026-11-25-fused-dot-exclusive-scan`.
pub const SCAN_DEPTH: usize = 2;

const _: () = assert!(
    deep_staged_unit(BLOCK_THREADS as usize * STAGE_UNITS_PER_THREAD * SCAN_DEPTH) * STAGE_UNIT
        + 4096
        <= 48 * 1024,
    "a deep scan tile must fit CUDA's default 48 KiB of dynamic shared memory"
);

/// Items in one scan tile (one block) for elements of `size` bytes: [`SCAN_DEPTH`] runs of
/// [`items_per_thread`] per thread. Plain and segmented scans and reduce by key all use it.
///
/// ```
/// use parallaxis_kernels::policy::scan::{deep_scan_tile_items, SCAN_DEPTH};
/// assert_eq!(deep_scan_tile_items(4), 4096 * SCAN_DEPTH as u64);
/// ```
pub const fn deep_scan_tile_items(size: usize) -> u64 {
    scan_tile_items(size) * SCAN_DEPTH as u64
}

/// Where unit `u` of a deep tile lives in shared memory: one unit of padding after every
/// `max(8, 4 · SCAN_DEPTH)` units (after every thread's runs, or every 8 units when that is
/// shorter), so the coalesced accesses (unit `k·256 + t`) and the per-thread ones (unit
/// `4·D·t + 4r + j`) of 8 consecutive threads hit 8 different 16-byte bank groups (a
/// 16-byte access is served 8 threads at a time): from depth 2 on, the padded per-thread
/// stride `4·D + 1` is odd, and a coalesced group of 8 never straddles a pad when the pad
/// period is a multiple of 8 (`SCAN_DEPTH` a power of two). `tests::deep_staging_is_conflict_free`
/// checks both.
pub const fn deep_staged_unit(u: usize) -> usize {
    let period = if 4 * SCAN_DEPTH > 8 {
        4 * SCAN_DEPTH
    } else {
        8
    };
    u + u / period
}

/// Byte offset of the staging area in a scan block's dynamic shared memory (after its
/// [`BlockShared`], 16-byte aligned).
pub const fn staging_offset<T>() -> usize {
    core::mem::size_of::<BlockShared<T>>().div_ceil(STAGE_UNIT) * STAGE_UNIT
}

/// Dynamic shared memory of a plain scan block: [`BlockShared`] plus, when the tile is
/// staged, its `1024 · SCAN_DEPTH` units with their padding (36 KiB at depth 2).
pub const fn scan_shared_bytes<T>() -> usize {
    let tile_units = BLOCK_THREADS as usize * STAGE_UNITS_PER_THREAD * SCAN_DEPTH;
    let staging = if scan_stages::<T>() {
        deep_staged_unit(tile_units) * STAGE_UNIT
    } else {
        0
    };
    staging_offset::<T>() + staging
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 16-byte bank group (of 8) a padded unit lands in.
    fn group(u: usize) -> usize {
        deep_staged_unit(u) % 8
    }

    /// A 16-byte shared access is served 8 threads at a time; it is conflict-free when those
    /// 8 threads hit 8 different bank groups.
    fn conflict_free(units: impl Fn(usize) -> usize) -> bool {
        (0..BLOCK_THREADS as usize / 8).all(|phase| {
            let mut seen = [false; 8];
            (0..8).all(|i| !core::mem::replace(&mut seen[group(units(phase * 8 + i))], true))
        })
    }

    #[test]
    fn deep_staging_is_conflict_free() {
        let runs = STAGE_UNITS_PER_THREAD * SCAN_DEPTH;
        for k in 0..runs {
            // Coalesced: thread t moves unit k·256 + t.
            assert!(
                conflict_free(|t| k * BLOCK_THREADS as usize + t),
                "coalesced step {k}"
            );
        }
        for r in 0..SCAN_DEPTH {
            for j in 0..STAGE_UNITS_PER_THREAD {
                // Per thread: unit j of run r of thread t.
                assert!(
                    conflict_free(|t| t * runs + r * STAGE_UNITS_PER_THREAD + j),
                    "run {r} unit {j}"
                );
            }
        }
    }

    #[test]
    fn deep_staging_fits_its_area() {
        let units = BLOCK_THREADS as usize * STAGE_UNITS_PER_THREAD * SCAN_DEPTH;
        let last = deep_staged_unit(units - 1);
        assert!((last + 1) * STAGE_UNIT + staging_offset::<f32>() <= scan_shared_bytes::<f32>());
        // The padded slots are distinct (the padding only inserts gaps).
        assert!((1..units).all(|u| deep_staged_unit(u) > deep_staged_unit(u - 1)));
    }
}
