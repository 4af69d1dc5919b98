//! The fused two-input scans, `transform2_inclusive_scan` and `transform2_exclusive_scan`:
//! the deep-tile scan of `mod.rs` over `f(x[i], y[i])`. A sibling of `scan_mapped` rather
//! than a generalisation of it: routing the plain and unary scans through a shared "source"
//! changed their PTX (register numbering in every scan entry, instruction order in ten), and
//! those entries stay as they were.
//!
//! How the two inputs move: a full tile's `x` is staged through shared memory by `cp.async`
//! as the plain scan's input is, and while those copies fly each thread loads its own runs
//! of `y` (64 contiguous bytes a run) into registers; once `x` lands, each thread maps its
//! runs, `f(x, y)`, and writes the mapped values over `x` in its own shared slots. From there
//! on the block is the plain scan of a staged tile: both passes read the mapped values from
//! shared memory, and the outputs leave by the coalesced `flush`.
//!
//! Why not stage both inputs: a deep tile of two inputs is 72 KiB of staging at depth 2, over
//! the 48 KiB of dynamic shared memory the launcher uses without opting in, and 3 blocks per
//! SM where one input runs 6; depth 1 with both staged would halve the tile and double the
//! look-backs. Why `y` before `x` lands: both inputs are then in flight together (the bytes
//! in flight are what keep DRAM busy, `tile::deep`), at the price of the 64 bytes of `y` per
//! run held in registers across the barrier. Why map in place: `f` runs once per item and
//! `y` is read once (the plain scan reads its tile twice, from shared memory). A partial
//! last tile (or a type whose runs do not stage) reads both inputs directly in each pass.
//! Holding `y` in registers costs registers: 56 for f32, so the entries carry launch bounds of
//! five blocks per SM (48 registers; `policy::launch_bounds`). On the H200, f32 at
//! 2^24/2^26/2^28 ran at 1.12/1.02/0.98x the time of Thrust's `inclusive_scan` over a
//! `transform_iterator` of a `zip_iterator` (peer time / ours; 1.10/1.00/0.96 without the
//! bounds), one call: `benches/results/h200/zipscan/`.

use super::{thread_fold, thread_outputs, thread_scan};
use crate::block;
use crate::lookback::{draw_tile, looked_back_prefix, Plain};
use crate::params::scan::Transform2ScanParams;
use crate::policy::common::{BlockShared, Partial};
use crate::policy::lookback::SCAN_FIRST_POLL_DELAY_NS;
use crate::policy::scan::{scan_stages, staging_offset, SCAN_DEPTH};
use crate::thread::{dynamic_shared, dynamic_shared_at};
use crate::tile::{DeepTile, Unit};
use core::mem::{align_of, size_of};
use parallaxis_core::{BinaryFunction, DeviceCopy, Monoid};

/// `f(a[j], c[j])` for every item (a constant-trip loop: the arrays stay in registers).
#[inline(always)]
fn zip_map<A, C, T, F, const ITEMS: usize>(f: F, a: [A; ITEMS], c: [C; ITEMS]) -> [T; ITEMS]
where
    A: Copy,
    C: Copy,
    T: Copy,
    F: BinaryFunction<A, C, Output = T>,
{
    let mut out = [f.apply(a[0], c[0]); ITEMS];
    #[allow(clippy::needless_range_loop)]
    for j in 1..ITEMS {
        out[j] = f.apply(a[j], c[j]);
    }
    out
}

/// The fused `transform2_inclusive_scan` (`EXCLUSIVE = false`) and
/// `transform2_exclusive_scan` (`true`, seeded with `p.scan.init`; see
/// [`Transform2ScanParams`]): `scan` of `f(x[i], y[i])`, each pair mapped once as it is read
/// (see the module's notes), so the mapped values never touch global memory: 3 words move
/// per item where `transform2` into a temporary and the scan moved 5. `A`, `C` and `T` have
/// one size and alignment (checked at compile time), so the three tiles share one layout.
///
/// PTX: `parallax_transform2_inclusive_scan__<F>__<M>__<A>`,
/// `parallax_transform2_exclusive_scan__<F>__<M>__<A>`.
///
/// # Safety
/// As `scan`, with `p.x` (of `A`) and `p.y` (of `C`) for the input, both readable for
/// `n > 0` elements and 16-byte aligned, and `p.scan.x` unused.
#[inline(always)]
pub unsafe fn transform2_scan<A, C, T, F, M, const ITEMS: usize, const EXCLUSIVE: bool>(
    p: Transform2ScanParams<A, C, F, T, M>,
) where
    A: Copy,
    C: Copy,
    T: DeviceCopy,
    F: BinaryFunction<A, C, Output = T>,
    M: Monoid<T>,
{
    const {
        assert!(
            size_of::<A>() == size_of::<T>()
                && align_of::<A>() == align_of::<T>()
                && size_of::<C>() == size_of::<T>()
                && align_of::<C>() == align_of::<T>(),
            "a fused transform2 scan maps two inputs of the output's size and alignment"
        )
    };
    let (x, y, f, p) = (p.x, p.y, p.f, p.scan);
    let m = p.m;
    // SAFETY: the launch provides `scan_shared_bytes::<T>()` bytes (contract).
    let (shared, staging) = unsafe {
        (
            dynamic_shared::<BlockShared<T>>(),
            dynamic_shared_at::<Unit>(staging_offset::<T>()),
        )
    };
    // SAFETY: every thread is here, before any other use of `shared`.
    let tile = unsafe { draw_tile(p.status, shared) };
    let io = DeepTile::new::<ITEMS>(tile, p.n, p.staged, scan_stages::<T>(), staging);
    // SAFETY: every thread is here; `x`, `y` and `p.y` as the contract says.
    unsafe { map_into_tile::<A, C, T, F, ITEMS>(io, (x, y, f), p.y, p.n) };
    // Run `r` of this thread, mapped: from the shared slots where a staged tile's mapped
    // values are, else both inputs read directly.
    let read = |r: usize| -> ([T; ITEMS], usize) {
        if io.staged() {
            // SAFETY: a staged run is read from shared memory alone (`p.y` and the filler
            // are not used), written by this thread in `map_into_tile`.
            unsafe { io.run::<T, ITEMS>(p.y, p.n, r, || p.init) }
        } else {
            // SAFETY: unstaged: `x` and `y` readable for `n >= 1` items (contract), so the
            // fillers may read item 0.
            let ((a, count), (c, _)) = unsafe {
                (
                    io.run::<A, ITEMS>(x, p.n, r, || x.read()),
                    io.run::<C, ITEMS>(y, p.n, r, || y.read()),
                )
            };
            (zip_map(f, a, c), count)
        }
    };
    let mut mine = Partial::none(m.identity());
    for r in 0..SCAN_DEPTH {
        let (items, count) = read(r);
        mine = mine.join(m, thread_fold(m, &items, count));
    }
    // SAFETY: every thread calls the block scan, then `tile_prefix` after its barrier.
    let (before, total) = unsafe { block::exclusive_scan(m, mine, shared) };
    let seed = if EXCLUSIVE || p.seeded != 0 {
        Partial::some(p.init)
    } else {
        Partial::none(m.identity())
    };
    // SAFETY: as above; `tile` was drawn by `draw_tile`.
    let mut prefix = unsafe {
        looked_back_prefix::<_, _, Plain>(
            m,
            p.status,
            tile,
            seed,
            total,
            SCAN_FIRST_POLL_DELAY_NS,
            shared,
        )
    }
    .join(m, before);
    for r in 0..SCAN_DEPTH {
        // Run `r` is read before this thread overwrites it.
        let (mut items, count) = read(r);
        let run = thread_scan(m, &mut items, count);
        let out = thread_outputs::<T, M, ITEMS, EXCLUSIVE>(m, prefix, &items);
        // SAFETY: this thread's own run; `p.y` as the contract says.
        unsafe { io.put(p.y, p.n, r, out) };
        prefix = prefix.join(m, run);
    }
    // SAFETY: every thread is here after its `put`s; `p.y` as the contract says.
    unsafe { io.flush(p.y) };
}

/// For a staged tile: copies `x`'s tile into shared memory while this thread's runs of `y`
/// load into registers, then writes `f(x, y)` over each of this thread's runs of `x` in its
/// shared slots (the plain scan's staged tile, of the mapped values). Does nothing for an
/// unstaged tile.
///
/// # Safety
/// Called by every thread of the block, once, before any read of the tile; `x` and `y`
/// readable for `n > 0` items and 16-byte aligned; `out` is only passed through (a staged
/// `put` writes shared memory alone).
#[inline(always)]
unsafe fn map_into_tile<A, C, T, F, const ITEMS: usize>(
    io: DeepTile,
    (x, y, f): (*const A, *const C, F),
    out: *mut T,
    n: u64,
) where
    A: Copy,
    C: Copy,
    T: Copy,
    F: BinaryFunction<A, C, Output = T>,
{
    // SAFETY: every thread is here (contract); `x` readable for the whole tile when staged.
    unsafe { io.issue(x) };
    if !io.staged() {
        // SAFETY: as above (nothing was issued; `staged` is block-uniform).
        return unsafe { io.land() };
    }
    // SAFETY: `n >= 1`: any value of `C` to fill the array before the loads overwrite it.
    let mut ys = [[unsafe { y.read() }; ITEMS]; SCAN_DEPTH];
    #[allow(clippy::needless_range_loop)]
    for r in 0..SCAN_DEPTH {
        // SAFETY: the tile is full, so each run lies below `n` (its filler is never called).
        ys[r] = unsafe { io.unstaged().run::<C, ITEMS>(y, n, r, || y.read()) }.0;
    }
    // SAFETY: every thread of the block is here, after its `issue`.
    unsafe { io.land() };
    #[allow(clippy::needless_range_loop)]
    for r in 0..SCAN_DEPTH {
        // SAFETY: after `land`; this thread's run `r`, read before it writes it back.
        let (a, _) = unsafe { io.run::<A, ITEMS>(x, n, r, || x.read()) };
        // SAFETY: a staged `put` writes this thread's own shared slots alone.
        unsafe { io.put(out, n, r, zip_map(f, a, ys[r])) };
    }
}
