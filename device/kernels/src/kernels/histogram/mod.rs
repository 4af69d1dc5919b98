//! Histograms: even bins and bins by edges (the bin rules are `parallaxis_core`'s, so every
//! backend bins alike).
//!
//! Privatized: each block counts into its own `u32` bins in shared memory (`red.shared.add`)
//! and adds them to the output once at the end (`red.global.add`), so global atomics cost
//! `bins` per block instead of one per sample. Bins that do not fit the shared memory count
//! into the output directly. 1-byte samples count per lane instead (`lane_bytes.rs`), without
//! atomics. The output must be zeroed first (the host does): the kernels add to it.

mod bins;
mod lane_bytes;
mod walk;

pub(crate) use bins::Counter;
use bins::SharedBins;
use lane_bytes::{count_bytes, LaneBytes};
use walk::for_each_sample;

use crate::params::histogram::{counting, HistogramEvenParams, HistogramRangeParams};
use crate::policy::common::BLOCK_THREADS;
use crate::policy::histogram::{even_table_bytes, range_edges_offset};
use crate::thread::{dynamic_shared, dynamic_shared_at, sync_threads, thread_index};
use core::mem::size_of;
use core::ptr::read_unaligned;
use parallaxis_core::{range_bin, HistogramSample, NOT_COUNTED};

/// The 1-byte sample whose bits are `v`.
#[inline(always)]
fn byte_sample<T: HistogramSample>(v: u8) -> T {
    debug_assert!(size_of::<T>() == 1);
    // SAFETY: `T` is one byte (every caller checks), and every bit pattern is a valid sample.
    unsafe { read_unaligned((&v as *const u8).cast::<T>()) }
}

/// Counts 1-byte samples with the lane byte counters, `bin` binning each byte value.
///
/// # Safety
/// `T` is one byte; `x` readable for `n` samples; `bin` gives `NOT_COUNTED` or a live
/// counter's index; the launch has `policy::histogram::lane_byte_shared_bytes()` bytes of
/// dynamic shared memory.
#[inline(always)]
unsafe fn count_by_byte<T: HistogramSample, C: Counter>(
    x: *const T,
    n: u64,
    counts: *mut C,
    bin: impl Fn(T) -> u32,
) {
    // SAFETY: as the caller guarantees.
    unsafe {
        let lanes = LaneBytes::zeroed(dynamic_shared::<u32>());
        count_bytes(x.cast::<u8>(), n, lanes);
        lanes.merge_into(counts, |v| bin(byte_sample::<T>(v)));
    }
}

/// Even bins. 1-byte samples count per lane (`counting::LANE_BYTES`), or else read their
/// bin from a 256-entry table in shared memory that the block fills first with the same rule
/// (`policy::histogram::even_table_bytes`).
///
/// PTX: `parallax_histogram_even__<T>__<C>`.
///
/// # Safety
/// `x` readable for `n` samples, `counts` for `bins` counters; the launch has
/// `policy::histogram::even_shared_bytes(bins, size_of::<T>(), shared_bins)` bytes of dynamic
/// shared memory, `shared_bins` for `counting::SHARED_BINS` (`lane_byte_shared_bytes()` for
/// `counting::LANE_BYTES`, 1-byte `T` only).
#[inline(always)]
pub(crate) unsafe fn histogram_even<T: HistogramSample, C: Counter, const ITEMS: usize>(
    p: HistogramEvenParams<T, C>,
) {
    let e = p.bins;
    if size_of::<T>() == 1 && p.counting == counting::LANE_BYTES {
        // SAFETY: as the caller guarantees; even bins are below `bins` or `NOT_COUNTED`.
        unsafe { count_by_byte(p.x, p.n, p.counts, |v: T| v.even_bin(&e)) };
        return;
    }
    // A table only where it saves a division: 1-byte samples, bins wider than one value.
    let byte = size_of::<T>() == 1 && !T::unit_bins(&e);
    // SAFETY: the launch provides the table's shared memory for 1-byte samples.
    let table = unsafe { dynamic_shared::<u32>() };
    if byte {
        let mut t = thread_index();
        while t < 256 {
            // SAFETY: `t < 256`, inside the table.
            unsafe {
                table
                    .add(t as usize)
                    .write(byte_sample::<T>(t as u8).even_bin(&e))
            };
            t += BLOCK_THREADS;
        }
    }
    let bin = |v: T| {
        if byte {
            // SAFETY: `T` is one byte; any byte indexes the 256-entry table, written above
            // and published by the barrier below.
            unsafe {
                table
                    .add(read_unaligned((&v as *const T).cast::<u8>()) as usize)
                    .read()
            }
        } else {
            v.even_bin(&e)
        }
    };
    if p.counting == counting::SHARED_BINS {
        // SAFETY: the bins follow the table in the launch's shared memory; `zeroed`'s
        // barrier also publishes the table.
        let bins = unsafe {
            let at = even_table_bytes(size_of::<T>());
            SharedBins::zeroed(dynamic_shared_at::<u32>(at), e.bins, p.copies)
        };
        // SAFETY: `x` readable for `n` (contract).
        unsafe {
            for_each_sample::<T, ITEMS>(p.x, p.n, |v| {
                let b = bin(v);
                if b != NOT_COUNTED {
                    bins.count(b);
                }
            })
        };
        // SAFETY: `counts` holds `bins` counters (contract).
        unsafe { bins.merge_into(p.counts) };
    } else {
        if byte {
            // SAFETY: every thread of the block reaches this barrier: it publishes the table.
            unsafe { sync_threads() };
        }
        // SAFETY: `x` readable for `n`; bins below `bins` index live counters (contract).
        unsafe {
            for_each_sample::<T, ITEMS>(p.x, p.n, |v| {
                let b = bin(v);
                if b != NOT_COUNTED {
                    C::add(p.counts.add(b as usize), 1);
                }
            })
        };
    }
}

/// Bins by sorted edges: a binary search over the edges per sample, in shared memory when
/// privatized (`counting::SHARED_BINS`); 1-byte samples count per lane and search once per
/// byte value (`counting::LANE_BYTES`).
///
/// PTX: `parallax_histogram_range__<T>__<C>`.
///
/// # Safety
/// `x` readable for `n` samples, `edges` for `bins + 1`, `counts` for `bins` counters; with
/// `counting::SHARED_BINS`, the launch has
/// `policy::histogram::range_shared_bytes(bins, size_of::<T::Level>())` bytes of dynamic
/// shared memory, with `counting::LANE_BYTES` (1-byte `T` only) `lane_byte_shared_bytes()`.
#[inline(always)]
pub(crate) unsafe fn histogram_range<T: HistogramSample, C: Counter, const ITEMS: usize>(
    p: HistogramRangeParams<T, C>,
) {
    let nb = p.bins;
    if size_of::<T>() == 1 && p.counting == counting::LANE_BYTES {
        // SAFETY: as the caller guarantees; the search reads edges `<= bins` and gives a bin
        // below `bins` or `NOT_COUNTED`.
        unsafe {
            count_by_byte(p.x, p.n, p.counts, |v: T| {
                range_bin(v.level(), nb, |k| p.edges.add(k as usize).read())
            })
        };
        return;
    }
    if p.counting == counting::SHARED_BINS {
        // SAFETY: the edges follow the bins in the launch's shared memory, aligned for levels
        // (16-byte offset).
        let edges = unsafe { dynamic_shared_at::<T::Level>(range_edges_offset(nb)) };
        let mut i = thread_index();
        while i <= nb {
            // SAFETY: `i <= bins`: inside both edge arrays.
            unsafe { edges.add(i as usize).write(p.edges.add(i as usize).read()) };
            i += BLOCK_THREADS;
        }
        // SAFETY: the launch provides the bins' shared memory; its barrier also publishes
        // the edges.
        let bins = unsafe { SharedBins::zeroed(dynamic_shared::<u32>(), nb, p.copies) };
        // SAFETY: `x` readable for `n`; edge reads `<= bins` are inside the shared copy.
        unsafe {
            for_each_sample::<T, ITEMS>(p.x, p.n, |v| {
                let b = range_bin(v.level(), nb, |k| edges.add(k as usize).read());
                if b != NOT_COUNTED {
                    bins.count(b);
                }
            })
        };
        // SAFETY: `counts` holds `bins` counters (contract).
        unsafe { bins.merge_into(p.counts) };
    } else {
        // SAFETY: `x` readable for `n`, edges for `bins + 1`, counters for `bins`.
        unsafe {
            for_each_sample::<T, ITEMS>(p.x, p.n, |v| {
                let b = range_bin(v.level(), nb, |k| p.edges.add(k as usize).read());
                if b != NOT_COUNTED {
                    C::add(p.counts.add(b as usize), 1);
                }
            })
        };
    }
}

// The entry points of each sample type of the family's declaration
// (`entry/families/histogram.rs`), expanded here, where the bodies are.
crate::__histogram_family!(@stock @ptx);
