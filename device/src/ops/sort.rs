//! Radix sort (onesweep): one histogram kernel over the keys for every digit, one block
//! scanning the histograms into bin starts, then per digit (a pass per key byte: 1, 2, 4 or
//! 8; for a bit range, per byte the range touches) one onesweep pass kernel per portion
//! (`kernels/sort/`), ping-ponging between the output and a temporary so the last pass lands
//! in the output. Returns once queued, as CUB's `DeviceRadixSort`.
//!
//! Temporaries: the counts and bin starts in the scratch; the keys' (and values') second
//! buffer and the per-bin look-back words from the memory pool (returned to it, stream
//! ordered, when the call ends), since they scale with `n`.
//!
//! How it compares with CUB's `DeviceRadixSort`: `benches/RESULTS.md`.

use super::plan::Plan;
use super::prologue::{check, enter, reserve};
use crate::buffer::device_ptr_mut;
use crate::context::Device;
use crate::kernel::sort::{SortKernel, SortValue};
use crate::{launch, DeviceBuffer, Result};
use core::ops::Range;
use cudarc::driver::result;
use parallaxis_core::{Order, RadixBits, RadixOrder, SortKey};
use parallaxis_kernels::params::sort::{RadixHistParams, RadixOffsetsParams, RadixPassParams};
use parallaxis_kernels::policy::common::BLOCK_THREADS;
use parallaxis_kernels::policy::sort::{
    radix_hist_shared_bytes, radix_portion_tiles, radix_tile_items, RADIX_BINS, RADIX_HIST_ITEMS,
};
use std::mem::size_of;

/// `out` = `keys` sorted stably in `order` (`SortKey`'s total order, or the order bits in
/// a range: `Order::Ascending.bits(0..12)`).
///
/// # Errors
/// [`LengthMismatch`](crate::Error::LengthMismatch) unless `out.len() == keys.len()`;
/// [`InvalidArgument`](crate::Error::InvalidArgument) for a bit range beyond the key;
/// buffers on different devices; out of memory for the temporaries.
pub fn sort<K: SortKernel>(
    keys: &DeviceBuffer<K>,
    out: &mut DeviceBuffer<K>,
    order: impl Into<RadixOrder>,
) -> Result<()> {
    let digits = Digits::of::<K>(order.into())?;
    check(&[("sort output", keys.len(), out.len())], &[(keys, out)])?;
    let Some(dev) = enter(keys.device(), keys.is_empty())? else {
        return Ok(());
    };
    if digits.bytes.is_empty() {
        // No bit compared: every key equal, the stable order is the input's.
        return out.copy_from(keys);
    }
    let mut tmp = DeviceBuffer::<K>::alloc_uninit(dev, digits.ping_pong_len(keys.len()))?;
    let io = Io::<K, ()> {
        keys: keys.as_ptr(),
        out: out.as_mut_ptr(),
        tmp: tmp.as_mut_ptr(),
        values: std::ptr::null(),
        values_out: std::ptr::null_mut(),
        values_tmp: std::ptr::null_mut(),
    };
    // SAFETY: every pointer is live for `keys.len()` items on `dev` (the values, null, are
    // never touched by the keys-only pass).
    unsafe { queue(dev, keys.len() as u64, io, K::PASS_V0, digits) }
}

/// `(out_keys, out_values)` = the pairs sorted stably by key in `order`.
///
/// # Errors
/// As [`sort`], for all four lengths.
pub fn sort_by_key<K: SortKernel, V: SortValue>(
    keys: &DeviceBuffer<K>,
    values: &DeviceBuffer<V>,
    out_keys: &mut DeviceBuffer<K>,
    out_values: &mut DeviceBuffer<V>,
    order: impl Into<RadixOrder>,
) -> Result<()> {
    let digits = Digits::of::<K>(order.into())?;
    let n = keys.len();
    check(
        &[
            ("sort_by_key values", n, values.len()),
            ("sort_by_key output keys", n, out_keys.len()),
            ("sort_by_key output values", n, out_values.len()),
        ],
        &[(keys, values), (keys, out_keys), (keys, out_values)],
    )?;
    let Some(dev) = enter(keys.device(), n == 0)? else {
        return Ok(());
    };
    if digits.bytes.is_empty() {
        // No bit compared: every key equal, the stable order is the input's.
        out_keys.copy_from(keys)?;
        return out_values.copy_from(values);
    }
    let mut tmp = DeviceBuffer::<K>::alloc_uninit(dev, digits.ping_pong_len(n))?;
    let mut values_tmp = DeviceBuffer::<V>::alloc_uninit(dev, digits.ping_pong_len(n))?;
    let io = Io::<K, V::Word> {
        keys: keys.as_ptr(),
        out: out_keys.as_mut_ptr(),
        tmp: tmp.as_mut_ptr(),
        values: values.as_ptr().cast(),
        values_out: out_values.as_mut_ptr().cast(),
        values_tmp: values_tmp.as_mut_ptr().cast(),
    };
    // SAFETY: every pointer is live for `n` items on `dev`; `V::Word` has `V`'s size.
    unsafe { queue(dev, n as u64, io, V::pass::<K>(), digits) }
}

/// Which digits a sort passes over and what its kernels read of a key.
#[derive(Clone)]
struct Digits {
    /// The 8-bit digits (bytes of the order bits) the sorted bits touch, lowest first.
    bytes: Range<usize>,
    /// The sorted bits (`RadixOrder::keep_low`).
    keep: u64,
    /// 1: descending.
    descending: u32,
}

impl Digits {
    /// The digits of `order` for keys `K`.
    ///
    /// # Errors
    /// `InvalidArgument` for a bit range beyond the key.
    fn of<K: SortKey>(order: RadixOrder) -> Result<Self> {
        let bits = order.bit_range::<K::Bits>()?;
        let bytes = if bits.is_empty() {
            0..0
        } else {
            bits.start as usize / 8..(bits.end as usize).div_ceil(8)
        };
        debug_assert!(bytes.end * 8 <= <K::Bits as RadixBits>::BITS as usize);
        Ok(Digits {
            bytes,
            keep: order.keep_low::<K::Bits>()?,
            descending: u32::from(order.order() == Order::Descending),
        })
    }

    /// The length of the second (ping-pong) buffers: `n`, or none for a sort of one pass
    /// (1-byte keys, or a range within one byte), which reads the input and writes the output
    /// (the temporaries' pointers, null, go unused).
    fn ping_pong_len(&self, n: usize) -> usize {
        if self.bytes.len() > 1 {
            n
        } else {
            0
        }
    }
}

/// The buffers of one sort: input, output and temporary, for keys and values.
struct Io<K, V> {
    keys: *const K,
    out: *mut K,
    tmp: *mut K,
    values: *const V,
    values_out: *mut V,
    values_tmp: *mut V,
}

/// Queues the histogram, the scan of the bins and every pass.
///
/// # Safety
/// The pointers of `io` are live on `dev` for `n > 0` items (values unless `V` is `()`)
/// until the queued work has run (the caller's buffers outlive the call; the temporaries'
/// frees are stream ordered), the temporaries for `n` items unless `digits` has one byte;
/// `pass` is `K`'s pass entry for `V`; `digits` has at least one byte, all within `K`.
unsafe fn queue<K: SortKernel, V: Copy>(
    dev: &'static Device,
    n: u64,
    io: Io<K, V>,
    pass: &'static str,
    digits: Digits,
) -> Result<()> {
    // The histogram counts every byte of the keys (the bytes outside the range all in bin 0).
    let passes = size_of::<K>();
    let bins = passes * RADIX_BINS;
    let tile = radix_tile_items(size_of::<K>(), size_of::<V>()) as u64;
    let portion = radix_portion_tiles(size_of::<K>(), size_of::<V>()) as u64 * tile;
    let mut plan = Plan::default();
    let (counts_at, starts_at) = (plan.take(bins * 8), plan.take(bins * 8));
    let spare_at = [plan.take(RADIX_BINS * 8), plan.take(RADIX_BINS * 8)];
    let portion_tiles = n.min(portion).div_ceil(tile);
    let mut lookback = DeviceBuffer::<u32>::alloc_uninit(dev, portion_tiles as usize * RADIX_BINS)?;
    let (_scratch, base) = reserve(dev, &plan)?;
    let at = |offset: usize| device_ptr_mut::<u64>(base + offset as u64);
    // SAFETY: the counts lie in the reserved scratch, locked while this queues.
    unsafe { result::memset_d8_async(base + counts_at as u64, 0, bins * 8, dev.stream()) }
        .map_err(|e| dev.fail("zeroing radix sort counts", e))?;
    let tiles = n.div_ceil((BLOCK_THREADS as usize * RADIX_HIST_ITEMS) as u64);
    let resident = dev.resident_blocks(
        crate::KERNELS,
        K::HISTOGRAM,
        BLOCK_THREADS,
        radix_hist_shared_bytes(size_of::<K>()),
    )?;
    let hist = RadixHistParams {
        keys: io.keys,
        n,
        counts: at(counts_at),
        keep: digits.keep,
        descending: digits.descending,
    };
    // SAFETY: `keys` holds `n` keys; the counts are zeroed above, in the scratch.
    unsafe { launch::sort::histogram::<K>(dev, tiles.min(resident), hist)? };
    let offsets = RadixOffsetsParams {
        counts: at(counts_at),
        starts: at(starts_at),
        passes: passes as u32,
    };
    // SAFETY: both regions hold `passes · 256` `u64`s of the scratch.
    unsafe { launch::sort::offsets(dev, offsets)? };
    let active = digits.bytes.len();
    for (p, d) in digits.bytes.clone().enumerate() {
        // Pass `p` writes the output when an even number of passes follow it.
        let to_out = (active - 1 - p) % 2 == 0;
        let (dst, vdst) = if to_out {
            (io.out, io.values_out)
        } else {
            (io.tmp, io.values_tmp)
        };
        let (src, vsrc) = match (p, to_out) {
            (0, _) => (io.keys, io.values),
            (_, true) => (io.tmp.cast_const(), io.values_tmp.cast_const()),
            (_, false) => (io.out.cast_const(), io.values_out.cast_const()),
        };
        let mut first = 0;
        let mut q = 0;
        while first < n {
            let len = (n - first).min(portion);
            let tiles = len.div_ceil(tile);
            let bins_in = if q == 0 {
                at(starts_at + d * RADIX_BINS * 8).cast_const()
            } else {
                at(spare_at[(q - 1) % 2]).cast_const()
            };
            let words = tiles as usize * RADIX_BINS;
            // SAFETY: `lookback` holds `portion_tiles · 256 >= words` words; queued after
            // the previous launch that used them.
            unsafe {
                result::memset_d8_async(lookback_ptr(&mut lookback), 0, words * 4, dev.stream())
            }
            .map_err(|e| dev.fail("zeroing radix sort look-back words", e))?;
            let params = RadixPassParams {
                // SAFETY: `first < n`: within the source's `n` items.
                keys_in: unsafe { src.add(first as usize) },
                keys_out: dst,
                values_in: if vsrc.is_null() {
                    vsrc
                } else {
                    // SAFETY: as for the keys.
                    unsafe { vsrc.add(first as usize) }
                },
                values_out: vdst,
                n: len,
                bins_in,
                bins_out: at(spare_at[q % 2]),
                lookback: lookback.as_mut_ptr(),
                keep: digits.keep,
                shift: 8 * d as u32,
                descending: digits.descending,
            };
            // SAFETY: the sources hold `n` items, the destinations too, and the counts are
            // exact, so every destination is in range; look-back words zeroed above; the bin
            // starts written by the offsets kernel or the previous portion's last tile.
            unsafe { launch::sort::pass::<K, V>(dev, pass, tiles, params)? };
            first += len;
            q += 1;
        }
    }
    Ok(())
}

/// The device address of the look-back words.
fn lookback_ptr(words: &mut DeviceBuffer<u32>) -> cudarc::driver::sys::CUdeviceptr {
    words.as_mut_ptr().addr() as cudarc::driver::sys::CUdeviceptr
}
