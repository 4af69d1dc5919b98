//! The LSD radix sort: per pass, digit histograms of every chunk (in parallel), their
//! exclusive scan in (digit, chunk) order, then every chunk scatters its keys (and values)
//! to their digit's next slots (in parallel, disjoint slots). Chunks are contiguous and in
//! input order, and each scatters in order, so every pass is stable, and so the sort.
//!
//! The first read computes the histograms of every digit at once: their totals show which
//! digits are constant over all keys (a pass that would move nothing), and those passes are
//! skipped. Keys stay in their own type in every buffer: their bits are recomputed per pass
//! (a few instructions for floats), so there is no transform in and out.

use parallaxis_core::{zeroed_vec, DeviceCopy, RadixBits, RadixOrder, Result, SortKey};
use rayon::prelude::*;

/// From this many keys the passes run on rayon's pool; below it the very same passes run on
/// the calling thread with one chunk.
pub(super) const PAR_MIN: usize = 1 << 15;

/// Keys per chunk at least: a chunk's 256 bins of counts are 2 KiB, so chunks much smaller
/// than this spend more on histograms than on keys.
const MIN_CHUNK: usize = 1 << 14;

const BINS: usize = 256;

/// Histograms of one chunk: `[digit pass][bin]`.
type Counts = Vec<[usize; BINS]>;

/// What a pass reads of a key: its order bits, flipped for a descending sort, with the bits
/// outside the sorted range cleared (so their digits are constant and their passes skipped).
#[derive(Clone, Copy)]
struct KeyBits<W> {
    flip: W,
    keep: W,
}

impl<W: RadixBits> KeyBits<W> {
    #[inline(always)]
    fn of<K: SortKey<Bits = W>>(self, k: K) -> W {
        k.order_bits().xor(self.flip).and(self.keep)
    }
}

/// A raw pointer the scatter shares between threads: every thread writes disjoint slots.
#[derive(Clone, Copy)]
struct Slots<T>(*mut T);
// SAFETY: only used to write disjoint slots from different threads (see `scatter`).
unsafe impl<T: Send> Send for Slots<T> {}
// SAFETY: as above.
unsafe impl<T: Send> Sync for Slots<T> {}

impl<T> Slots<T> {
    /// Writes `v` to slot `i`.
    ///
    /// # Safety
    /// `i` is in bounds of the slice the pointer came from, which is live, and no other
    /// thread reads or writes slot `i` meanwhile.
    unsafe fn write(&self, i: usize, v: T) {
        // SAFETY: as the caller guarantees.
        unsafe { self.0.add(i).write(v) }
    }
}

/// The sort of `keys` with `values` (`V = NoValue` for keys alone) into `out_keys`/`out_values`,
/// all of one length `n >= 1`.
///
/// # Errors
/// `Error::OutOfMemory` when the scratch copy of the keys (and values) cannot be had;
/// `Error::InvalidArgument` for a bit range beyond the key.
pub(super) fn sort_pairs<K: SortKey, V: DeviceCopy>(
    keys: &[K],
    values: &[V],
    out_keys: &mut [K],
    out_values: &mut [V],
    order: RadixOrder,
) -> Result<()> {
    let key_bits = KeyBits {
        flip: order.order().mask(),
        keep: order.keep::<K::Bits>()?,
    };
    let n = keys.len();
    let par = n >= PAR_MIN;
    let chunks = if par {
        (n / MIN_CHUNK).clamp(1, 4 * rayon::current_num_threads())
    } else {
        1
    };
    let digits = (<K::Bits as RadixBits>::BITS / 8) as usize;
    let first = histograms(keys, chunks, digits, key_bits, par);
    // Passes whose digit is the same for every key would move nothing.
    let active: Vec<usize> = (0..digits)
        .filter(|&d| !constant_digit(&first, d, n))
        .collect();
    if active.is_empty() {
        out_keys.copy_from_slice(keys);
        out_values.copy_from_slice(values);
        return Ok(());
    }
    // Zeroed, not copied: calloc'd pages cost nothing until the first pass's scatter writes
    // them (from its threads); a copy of the input was a full extra read and write.
    let (mut tmp_keys, mut tmp_values) = (zeroed_vec::<K>(n)?, zeroed_vec::<V>(n)?);
    // The passes alternate between `out` and `tmp`, ending in `out`.
    let mut into_out = active.len() % 2 == 1;
    for (p, &d) in active.iter().enumerate() {
        let shift = 8 * d as u32;
        let counts: Vec<[usize; BINS]> = if p == 0 {
            first.iter().map(|c| c[d]).collect()
        } else {
            let src = if into_out {
                &tmp_keys[..]
            } else {
                &out_keys[..]
            };
            digit_counts(src, chunks, shift, key_bits, par)
        };
        let starts = chunk_starts(&counts);
        if p == 0 {
            let (dk, dv) = if into_out {
                (&mut *out_keys, &mut *out_values)
            } else {
                (&mut tmp_keys[..], &mut tmp_values[..])
            };
            scatter(keys, values, dk, dv, &starts, shift, key_bits, par);
        } else if into_out {
            scatter(
                &tmp_keys,
                &tmp_values,
                out_keys,
                out_values,
                &starts,
                shift,
                key_bits,
                par,
            );
        } else {
            scatter(
                out_keys,
                out_values,
                &mut tmp_keys,
                &mut tmp_values,
                &starts,
                shift,
                key_bits,
                par,
            );
        }
        into_out = !into_out;
    }
    Ok(())
}

/// Whether digit `d` has one bin holding all `n` keys.
fn constant_digit(counts: &[Counts], d: usize, n: usize) -> bool {
    (0..BINS).any(|b| counts.iter().map(|c| c[d][b]).sum::<usize>() == n)
}

/// The range of chunk `c` of `chunks` over `n` keys.
fn chunk_range(c: usize, chunks: usize, n: usize) -> core::ops::Range<usize> {
    (c * n / chunks)..((c + 1) * n / chunks)
}

/// Per chunk, the histograms of every digit of the keys.
fn histograms<K: SortKey>(
    keys: &[K],
    chunks: usize,
    digits: usize,
    key_bits: KeyBits<K::Bits>,
    par: bool,
) -> Vec<Counts> {
    let one = |c: usize| {
        let mut h = vec![[0_usize; BINS]; digits];
        for &k in &keys[chunk_range(c, chunks, keys.len())] {
            let b = key_bits.of(k);
            for (d, hd) in h.iter_mut().enumerate() {
                hd[b.digit(8 * d as u32)] += 1;
            }
        }
        h
    };
    if par {
        (0..chunks).into_par_iter().map(one).collect()
    } else {
        (0..chunks).map(one).collect()
    }
}

/// Per chunk, the histogram of the digit at `shift`.
fn digit_counts<K: SortKey>(
    keys: &[K],
    chunks: usize,
    shift: u32,
    key_bits: KeyBits<K::Bits>,
    par: bool,
) -> Vec<[usize; BINS]> {
    let one = |c: usize| {
        let mut h = [0_usize; BINS];
        for &k in &keys[chunk_range(c, chunks, keys.len())] {
            h[key_bits.of(k).digit(shift)] += 1;
        }
        h
    };
    if par {
        (0..chunks).into_par_iter().map(one).collect()
    } else {
        (0..chunks).map(one).collect()
    }
}

/// The first slot of every (chunk, bin): the exclusive scan of the counts in bin-major,
/// chunk-minor order.
fn chunk_starts(counts: &[[usize; BINS]]) -> Vec<[usize; BINS]> {
    let mut starts = vec![[0_usize; BINS]; counts.len()];
    let mut at = 0;
    for b in 0..BINS {
        for (c, h) in counts.iter().enumerate() {
            starts[c][b] = at;
            at += h[b];
        }
    }
    starts
}

/// Every chunk moves its keys and values, in order, to its bins' next slots.
#[allow(clippy::too_many_arguments)] // the pass's sources, destinations and digit
fn scatter<K: SortKey, V: DeviceCopy>(
    keys: &[K],
    values: &[V],
    out_keys: &mut [K],
    out_values: &mut [V],
    starts: &[[usize; BINS]],
    shift: u32,
    key_bits: KeyBits<K::Bits>,
    par: bool,
) {
    let n = keys
        .len()
        .min(values.len())
        .min(out_keys.len())
        .min(out_values.len());
    let chunks = starts.len();
    let (ok, ov) = (Slots(out_keys.as_mut_ptr()), Slots(out_values.as_mut_ptr()));
    let one = |c: usize| {
        let mut next = starts[c];
        let range = chunk_range(c, chunks, n);
        for (k, v) in keys[range.clone()].iter().zip(&values[range]) {
            let slot = &mut next[key_bits.of(*k).digit(shift)];
            // SAFETY: the starts are the exclusive scan of exact counts of these chunks over
            // these keys, so chunk `c`'s slots for each bin are its own, disjoint from every
            // other chunk's and below `n`; both outputs hold at least `n` elements and
            // outlive this call (the parallel loop joins before it returns).
            unsafe {
                ok.write(*slot, *k);
                ov.write(*slot, *v);
            }
            *slot += 1;
        }
    };
    if par {
        (0..chunks).into_par_iter().for_each(one);
    } else {
        (0..chunks).for_each(one);
    }
}
