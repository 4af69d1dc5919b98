//! Single-pass inclusive and exclusive scan with decoupled look-back: one deep tile of
//! `BLOCK_THREADS · SCAN_DEPTH · ITEMS` items per block (`tile::deep`). A block takes its
//! tile index (`draw_tile`), fetches the tile into shared memory, folds each thread's runs,
//! scans the folds through one block scan, publishes the tile aggregate, looks back for the
//! prefix of all earlier tiles, scans the runs with their prefixes and writes the tile once.
//! The fused `transform_inclusive_scan` is the same kernel with each item mapped as it is
//! read from the tile (input and output of one size, so the tile layout is the same); the
//! fused two-input scans (`transform2_*_scan`) are its sibling in `zipped.rs`.

mod zipped;

pub use zipped::transform2_scan;

use crate::block;
use crate::lookback::{draw_tile, looked_back_prefix, Plain};
use crate::params::scan::{ScanParams, TransformScanParams};
use crate::policy::common::{BlockShared, Partial};
use crate::policy::lookback::SCAN_FIRST_POLL_DELAY_NS;
use crate::policy::scan::{scan_stages, staging_offset, SCAN_DEPTH};
use crate::thread::{dynamic_shared, dynamic_shared_at};
use crate::tile::{DeepTile, Unit};
use core::mem::{align_of, size_of};
use parallaxis_core::{DeviceCopy, Identity, Monoid, UnaryFunction};

/// In-place inclusive scan of the first `count` items; returns their fold.
#[inline(always)]
fn thread_scan<T: Copy, M: Monoid<T>, const ITEMS: usize>(
    m: M,
    items: &mut [T; ITEMS],
    count: usize,
) -> Partial<T> {
    let mut mine = Partial::none(m.identity());
    for j in 0..ITEMS {
        if j < count {
            if j > 0 {
                items[j] = m.combine(items[j - 1], items[j]);
            }
            mine = Partial::some(items[j]);
        }
    }
    mine
}

/// The outputs of a thread whose items hold their inclusive scan: `prefix ⊕ items[j]`, or
/// for an exclusive scan `prefix ⊕ items[j - 1]` (`prefix` alone for `j = 0`; present,
/// seeded with `init`).
#[inline(always)]
fn thread_outputs<T: Copy, M: Monoid<T>, const ITEMS: usize, const EXCLUSIVE: bool>(
    m: M,
    prefix: Partial<T>,
    items: &[T; ITEMS],
) -> [T; ITEMS] {
    let mut out = *items;
    if EXCLUSIVE {
        out[0] = prefix.value;
        for j in 1..ITEMS {
            out[j] = prefix.join(m, Partial::some(items[j - 1])).value;
        }
    } else {
        for j in 0..ITEMS {
            out[j] = prefix.join(m, Partial::some(items[j])).value;
        }
    }
    out
}

/// Inclusive (`EXCLUSIVE = false`) or exclusive scan (see [`ScanParams`]) over deep tiles
/// (`tile::deep`): each thread folds its `SCAN_DEPTH` runs, one block scan and the look-back
/// give its prefix, and a second pass over the runs scans them with it.
///
/// PTX: `parallax_inclusive_scan__<M>__<T>`, `parallax_exclusive_scan__<M>__<T>`.
///
/// # Safety
/// `x` readable and `y` writable for `n > 0` elements, both 16-byte aligned; `status` has
/// `ceil(n / deep_scan_tile_items)` zeroed slots and a null or zeroed counter; launched with
/// exactly that many blocks of `BLOCK_THREADS` threads and `scan_shared_bytes::<T>()` bytes
/// of dynamic shared memory.
#[inline(always)]
pub unsafe fn scan<T: DeviceCopy, M: Monoid<T>, const ITEMS: usize, const EXCLUSIVE: bool>(
    p: ScanParams<T, M>,
) {
    let m = p.m;
    // SAFETY: the contract of `scan`, with the input read unmapped.
    unsafe {
        scan_mapped::<T, T, Identity, M, ITEMS, EXCLUSIVE>(p, (p.x, Identity), || m.identity())
    }
}

/// The fused `transform_inclusive_scan` (`EXCLUSIVE = false`) and `transform_exclusive_scan`
/// (`true`, seeded with `p.scan.init`; see [`TransformScanParams`]): [`scan`] of `f(x[i])`,
/// each item mapped as it is read from the
/// tile, so the mapped values never touch memory. `A` and `T` have one size and alignment
/// (checked at compile time), so the tile of `A` is the tile of `T`. `f` runs twice per item
/// (the fold pass and the scan pass read the tile twice, as the plain scan does): free for
/// `Square`, not for a costly functor. ptxas 13, sm_90: 38 registers for 4-byte types, 44
/// f64, 51 `Affine` (as the plain scans), 56 for the squares of 64-bit integers (plain 44).
///
/// PTX: `parallax_transform_inclusive_scan__<F>__<M>__<A>`,
/// `parallax_transform_exclusive_scan__<F>__<M>__<A>`.
///
/// # Safety
/// As [`scan`], with `p.x` (of `A`) for the input and `p.scan.x` unused.
#[inline(always)]
pub unsafe fn transform_scan<A, T, F, M, const ITEMS: usize, const EXCLUSIVE: bool>(
    p: TransformScanParams<A, F, T, M>,
) where
    A: Copy,
    T: DeviceCopy,
    F: UnaryFunction<A, Output = T>,
    M: Monoid<T>,
{
    const {
        assert!(
            size_of::<A>() == size_of::<T>() && align_of::<A>() == align_of::<T>(),
            "a fused transform scan maps to a type of the input's size and alignment"
        )
    };
    // SAFETY: the contract of `transform_scan`; the filler reads the first item (`n > 0`).
    unsafe { scan_mapped::<A, T, F, M, ITEMS, EXCLUSIVE>(p.scan, (p.x, p.f), || p.x.read()) }
}

/// `f(items[j])` for every item (a constant-trip loop: the arrays stay in registers).
#[inline(always)]
fn mapped<A: Copy, T: Copy, F: UnaryFunction<A, Output = T>, const ITEMS: usize>(
    f: F,
    items: [A; ITEMS],
) -> [T; ITEMS] {
    let mut out = [f.apply(items[0]); ITEMS];
    #[allow(clippy::needless_range_loop)]
    for j in 1..ITEMS {
        out[j] = f.apply(items[j]);
    }
    out
}

/// The scan of `p` over `f(x[i])` (`p.x` unused); `filler` makes any value of `A` for the
/// slots past `n` of the last tile, which are read but never used.
///
/// # Safety
/// As [`scan`], with `x` (of `A`, the size and alignment of `T`) for the input.
#[inline(always)]
unsafe fn scan_mapped<A, T, F, M, const ITEMS: usize, const EXCLUSIVE: bool>(
    p: ScanParams<T, M>,
    (x, f): (*const A, F),
    filler: impl Fn() -> A,
) where
    A: Copy,
    T: Copy,
    F: UnaryFunction<A, Output = T>,
    M: Monoid<T>,
{
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
    // SAFETY: every thread is here; `x` as the contract says.
    unsafe { io.fetch(x) };
    let mut mine = Partial::none(m.identity());
    for r in 0..SCAN_DEPTH {
        // SAFETY: after `fetch`; `x` as the contract says.
        let (items, count) = unsafe { io.run::<A, ITEMS>(x, p.n, r, &filler) };
        mine = mine.join(m, thread_fold(m, &mapped(f, items), count));
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
        // SAFETY: as above; run `r` is read before this thread overwrites it.
        let (items, count) = unsafe { io.run::<A, ITEMS>(x, p.n, r, &filler) };
        let mut items = mapped(f, items);
        let run = thread_scan(m, &mut items, count);
        let out = thread_outputs::<T, M, ITEMS, EXCLUSIVE>(m, prefix, &items);
        // SAFETY: this thread's own run; `y` as the contract says.
        unsafe { io.put(p.y, p.n, r, out) };
        prefix = prefix.join(m, run);
    }
    // SAFETY: every thread is here after its `put`s; `y` as the contract says.
    unsafe { io.flush(p.y) };
}

/// The fold of the first `count` items (absent when `count == 0`).
#[inline(always)]
fn thread_fold<T: Copy, M: Monoid<T>, const ITEMS: usize>(
    m: M,
    items: &[T; ITEMS],
    count: usize,
) -> Partial<T> {
    let mut fold = Partial::none(m.identity());
    for (j, &v) in items.iter().enumerate() {
        if j < count {
            fold = fold.join(m, Partial::some(v));
        }
    }
    fold
}
