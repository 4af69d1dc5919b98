//! Data movement through an index map: gather, scatter, reverse, and the check that runs
//! before a checked gather or scatter (the first position whose index is out of range).
//!
//! Each thread takes `GATHER_ITEMS` elements per grid-stride step, `BLOCK_THREADS` apart (the
//! map and the stencil are read coalesced), loads all of its map entries, then issues all of
//! its source reads before its first write, so that many random accesses are in flight.
//! Elements move as `per` words of `W` (`params::gather`), the map's index type is `I`.
//! `interleave.rs` writes one field of an array of structs (a zip written out).

mod interleave;

use crate::params::gather::{CheckMapParams, InterleaveParams, MoveParams, ReverseParams};
use crate::policy::common::BLOCK_THREADS;
use crate::policy::gather::GATHER_ITEMS;
use crate::thread::atomic_add::red_min_global_u64;
use crate::thread::{block_index, grid_blocks, thread_index};
use crate::tile::Gathered;
use core::mem::MaybeUninit;
use interleave::interleave;

const STEP: u64 = BLOCK_THREADS as u64;
const K: usize = GATHER_ITEMS as usize;

/// A map index type of the kernels: `u32` or `u64`.
pub(crate) trait Index: Copy {
    /// The index as `u64`.
    fn wide(self) -> u64;
}
impl Index for u32 {
    #[inline(always)]
    fn wide(self) -> u64 {
        u64::from(self)
    }
}
impl Index for u64 {
    #[inline(always)]
    fn wide(self) -> u64 {
        self
    }
}

/// Calls `body(first)` for this thread's first index of each grid-stride step.
#[inline(always)]
fn grid_stride(n: u64, mut body: impl FnMut(u64)) {
    let per_block = STEP * GATHER_ITEMS;
    let stride = grid_blocks() * per_block;
    let mut first = block_index() * per_block + u64::from(thread_index());
    while first < n {
        body(first);
        first += stride;
    }
}

/// `map[i]`, or `u64::MAX` where the stencil is given and clear.
///
/// # Safety
/// `map` (and a non-null `stencil`) readable at `i`.
#[inline(always)]
unsafe fn selected<I: Index>(map: *const I, stencil: *const bool, i: u64) -> u64 {
    // SAFETY: as the caller guarantees.
    unsafe {
        if stencil.is_null() || stencil.add(i as usize).read() {
            map.add(i as usize).read().wide()
        } else {
            u64::MAX
        }
    }
}

/// This thread's `K` selected map entries of the step at `first` (`u64::MAX`: past `n` or
/// not selected; never a valid index, which is below a buffer's length).
///
/// # Safety
/// `map` (and a non-null `stencil`) readable for `n`.
#[inline(always)]
unsafe fn map_entries<I: Index>(
    map: *const I,
    stencil: *const bool,
    n: u64,
    first: u64,
) -> [u64; K] {
    let mut j = [u64::MAX; K];
    // Constant-trip index loops unroll fully and keep the arrays in registers.
    #[allow(clippy::needless_range_loop)]
    for k in 0..K {
        let i = first + k as u64 * STEP;
        if i < n {
            // SAFETY: `i < n` (contract).
            j[k] = unsafe { selected(map, stencil, i) };
        }
    }
    j
}

/// `dst[i] = src[map[i]]` where selected.
///
/// PTX: `parallax_gather__<W>__<I>`.
///
/// # Safety
/// `map` (and a non-null `stencil`) readable for `n`; `dst` writable for `n * per` words;
/// every selected `map[i]` indexes an element of `src` (`per` words each).
#[inline(always)]
pub(crate) unsafe fn gather<I: Index, W: Copy>(p: MoveParams<I, W>) {
    let per = p.per;
    grid_stride(p.n, |first| {
        // SAFETY: readable for `n` (contract).
        let j = unsafe { map_entries(p.map, p.stencil, p.n, first) };
        if per == 1 {
            let mut v = [const { MaybeUninit::<W>::uninit() }; K];
            #[allow(clippy::needless_range_loop)]
            for k in 0..K {
                if j[k] != u64::MAX {
                    // SAFETY: a selected index is in range of `src` (contract).
                    v[k].write(unsafe { p.src.add(j[k] as usize).read() });
                }
            }
            #[allow(clippy::needless_range_loop)]
            for k in 0..K {
                if j[k] != u64::MAX {
                    let i = first + k as u64 * STEP;
                    // SAFETY: `i < n` (selected implies in the step), written above; one
                    // writer per index.
                    unsafe { p.dst.add(i as usize).write(v[k].assume_init()) };
                }
            }
        } else {
            for (k, &jk) in j.iter().enumerate() {
                if jk != u64::MAX {
                    let i = first + k as u64 * STEP;
                    for w in 0..per {
                        // SAFETY: word `w < per` of element `jk` of `src` and `i` of `dst`.
                        unsafe {
                            let v = p.src.add((jk * per + w) as usize).read();
                            p.dst.add((i * per + w) as usize).write(v);
                        }
                    }
                }
            }
        }
    });
}

/// `dst[map[i]] = src[i]` where selected; with duplicate indices one of the writes wins.
///
/// PTX: `parallax_scatter__<W>__<I>`.
///
/// # Safety
/// `map` (and a non-null `stencil`) readable for `n`, `src` for `n * per` words; every
/// selected `map[i]` indexes an element of `dst` (`per` words each).
#[inline(always)]
pub(crate) unsafe fn scatter<I: Index, W: Copy>(p: MoveParams<I, W>) {
    let per = p.per;
    grid_stride(p.n, |first| {
        // SAFETY: readable for `n` (contract).
        let j = unsafe { map_entries(p.map, p.stencil, p.n, first) };
        let mut v = [const { MaybeUninit::<W>::uninit() }; K];
        if per == 1 {
            #[allow(clippy::needless_range_loop)]
            for k in 0..K {
                if j[k] != u64::MAX {
                    let i = first + k as u64 * STEP;
                    // SAFETY: `i < n`, readable.
                    v[k].write(unsafe { p.src.add(i as usize).read() });
                }
            }
            #[allow(clippy::needless_range_loop)]
            for k in 0..K {
                if j[k] != u64::MAX {
                    // SAFETY: a selected index is in range of `dst` (contract); read above.
                    unsafe { p.dst.add(j[k] as usize).write(v[k].assume_init()) };
                }
            }
        } else {
            for (k, &jk) in j.iter().enumerate() {
                if jk != u64::MAX {
                    let i = first + k as u64 * STEP;
                    for w in 0..per {
                        // SAFETY: word `w < per` of element `i` of `src` and `jk` of `dst`.
                        unsafe {
                            let v = p.src.add((i * per + w) as usize).read();
                            p.dst.add((jk * per + w) as usize).write(v);
                        }
                    }
                }
            }
        }
    });
}

/// `dst[i] = src[n - 1 - i]`.
///
/// PTX: `parallax_reverse__<W>__Word`.
///
/// # Safety
/// `src` readable and `dst` writable for `n * per` words, not overlapping.
#[inline(always)]
pub(crate) unsafe fn reverse<W: Copy>(p: ReverseParams<W>) {
    let (n, per) = (p.n, p.per);
    grid_stride(n * per, |first| {
        // Word `q` of the output is word `q % per` of element `q / per`, which comes from
        // element `n - 1 - q / per` of the input.
        let src = |q: u64| (n - 1 - q / per) * per + q % per;
        // SAFETY: `q < n * per`, so `src(q) < n * per`: readable.
        let v = Gathered::<W, K>::new(first, STEP, n * per, |q| unsafe {
            p.src.add(src(q) as usize).read()
        });
        // SAFETY: `q < n * per`, writable; one writer per word.
        v.scatter(first, STEP, n * per, |q, w| unsafe {
            p.dst.add(q as usize).write(w)
        });
    });
}

/// Lowers `*first_bad` to every selected position whose index is `>= len`.
///
/// PTX: `parallax_check_map__Index__<I>`.
///
/// # Safety
/// `map` (and a non-null `stencil`) readable for `n`; `first_bad` one live `u64`.
#[inline(always)]
pub(crate) unsafe fn check_map<I: Index>(p: CheckMapParams<I>) {
    // Not through `map_entries`: its "not selected" mark, `u64::MAX`, is also an index that
    // must be reported.
    grid_stride(p.n, |first| {
        for k in 0..GATHER_ITEMS {
            let i = first + k * STEP;
            // SAFETY: `i < n`: the map (and a non-null stencil) are readable there.
            let bad = i < p.n
                && unsafe {
                    (p.stencil.is_null() || p.stencil.add(i as usize).read())
                        && p.map.add(i as usize).read().wide() >= p.len
                };
            if bad {
                // SAFETY: one live word (contract).
                unsafe { red_min_global_u64(p.first_bad, i) };
            }
        }
    });
}

/// Gather and scatter for every (word, index) pair, reverse and interleave for every word,
/// the check for every index type.
macro_rules! move_entry_points {
    (words: $( ($wt:ident: $w:ty) ),*; indices: $idx:tt) => {
        $( move_entry_points!(@word $wt: $w; $idx); )*
        move_entry_points!(@check $idx);
    };
    (@check ( $( [$it:ident: $i:ty] ),* )) => { $(
        const _: () = {
            #[unsafe(export_name = crate::entry_name!(check_map, Index, $it))]
            unsafe extern "ptx-kernel" fn entry(p: CheckMapParams<$i>) {
                // SAFETY: launched by parallaxis-device's gather launcher, which upholds the
                // contract.
                unsafe { check_map::<$i>(p) }
            }
        };
    )* };
    (@word $wt:ident: $w:ty; ( $( [$it:ident: $i:ty] ),* )) => {
        const _: () = {
            #[unsafe(export_name = crate::entry_name!(reverse, $wt, Word))]
            unsafe extern "ptx-kernel" fn entry(p: ReverseParams<$w>) {
                // SAFETY: as for the check.
                unsafe { reverse::<$w>(p) }
            }
            #[unsafe(export_name = crate::entry_name!(interleave, $wt, Word))]
            unsafe extern "ptx-kernel" fn i(p: InterleaveParams<$w>) {
                // SAFETY: as for the check.
                unsafe { interleave::<$w>(p) }
            }
        };
        $(
            const _: () = {
                #[unsafe(export_name = crate::entry_name!(gather, $wt, $it))]
                unsafe extern "ptx-kernel" fn g(p: MoveParams<$i, $w>) {
                    // SAFETY: as for the check.
                    unsafe { gather::<$i, $w>(p) }
                }
                #[unsafe(export_name = crate::entry_name!(scatter, $wt, $it))]
                unsafe extern "ptx-kernel" fn s(p: MoveParams<$i, $w>) {
                    // SAFETY: as for the check.
                    unsafe { scatter::<$i, $w>(p) }
                }
            };
        )*
    };
}
crate::for_each_move_word!(move_entry_points);
