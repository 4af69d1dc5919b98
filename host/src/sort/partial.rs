//! Partial sort on the host: the first `k` keys (and values) of the stable sort without
//! sorting the rest. Each chunk keeps its `k` best candidates (a buffer of `2k` under a bar
//! that rises each time the buffer is cut back to its best `k`, so most keys cost one
//! comparison); the candidates of all chunks are cut to the best `k` and those are sorted.
//! When `k` is a large part of the input, the radix sort's prefix is cheaper.
//! Same results as `parallaxis_core::reference::partial_sort` / `partial_sort_by_key`.

use super::NoValue;
use crate::chunk::split::{chunk_count, chunk_range, index_map};
use parallaxis_core::{
    try_collect, try_filled_vec, try_grow, try_with_capacity, DeviceCopy, RadixBits, RadixOrder,
    Result, SortKey,
};
use rayon::prelude::*;

/// From `k * FULL >= n` keys on, the whole radix sort and its prefix: the candidates of every
/// chunk would be a large part of the input, and the final sort of `k` of them as costly.
const FULL: usize = 8;

/// Below this many keys the reference's comparison sort (on the calling thread).
const SMALL: usize = 256;

/// From this many keys on the chunks run on rayon's pool.
const PAR_MIN: usize = 1 << 16;

/// What a key is compared by: its order bits, flipped in descending order and masked to the
/// sorted range, smaller first; ties by input position.
#[derive(Clone, Copy)]
struct Rank<W> {
    flip: W,
    keep: W,
}

impl<W: RadixBits> Rank<W> {
    fn of(order: RadixOrder) -> Result<Self> {
        Ok(Rank {
            flip: order.order().mask::<W>(),
            keep: order.keep::<W>()?,
        })
    }

    #[inline(always)]
    fn of_key<K: SortKey<Bits = W>>(self, key: K) -> W {
        key.order_bits().xor(self.flip).and(self.keep)
    }
}

/// `out` = the first `out.len()` keys of the stable sort of `keys` in `order`, as
/// `parallaxis_core::reference::partial_sort` (an `out` longer than `keys` gets all of them
/// in front).
///
/// # Errors
/// `Error::OutOfMemory` when the candidates (at most `2k` a chunk) or, for a large `k`, the
/// radix sort's scratch cannot be had; `Error::InvalidArgument` for a bit range beyond the
/// key.
///
/// ```
/// use parallaxis_core::Order;
/// let mut top = [0_u32; 3];
/// parallaxis_host::partial_sort(&[4, 9, 1, 9, 7], &mut top, Order::Descending)?;
/// assert_eq!(top, [9, 9, 7]);
/// # Ok::<(), parallaxis_core::Error>(())
/// ```
pub fn partial_sort<K: SortKey>(
    keys: &[K],
    out: &mut [K],
    order: impl Into<RadixOrder>,
) -> Result<()> {
    let (n, k) = (keys.len(), out.len().min(keys.len()));
    // Zero-sized: these allocate nothing, whatever `n`.
    let (none, mut none_out) = (try_filled_vec(n, NoValue)?, try_filled_vec(k, NoValue)?);
    partial_sort_by_key(keys, &none, out, &mut none_out, order)
}

/// `(out_keys, out_values)` = the first pairs of the stable sort by key in `order`, as many
/// as the shorter output holds, as `parallaxis_core::reference::partial_sort_by_key` (the
/// pairs are the common prefix of `keys` and `values`).
///
/// # Errors
/// As [`partial_sort`].
///
/// ```
/// use parallaxis_core::Order;
/// let (mut k, mut v) = ([0_i8; 2], [0_u16; 2]);
/// parallaxis_host::partial_sort_by_key(&[5, -3, 5, 0], &[10, 20, 30, 40], &mut k, &mut v,
///     Order::Descending)?;
/// assert_eq!((k, v), ([5, 5], [10, 30]));
/// # Ok::<(), parallaxis_core::Error>(())
/// ```
pub fn partial_sort_by_key<K: SortKey, V: DeviceCopy>(
    keys: &[K],
    values: &[V],
    out_keys: &mut [K],
    out_values: &mut [V],
    order: impl Into<RadixOrder>,
) -> Result<()> {
    let order = order.into();
    let n = keys.len().min(values.len());
    let (keys, values) = (&keys[..n], &values[..n]);
    let k = out_keys.len().min(out_values.len()).min(n);
    let (out_keys, out_values) = (&mut out_keys[..k], &mut out_values[..k]);
    if k == 0 {
        return Ok(());
    }
    if k == n {
        return super::sort_by_key(keys, values, out_keys, out_values, order);
    }
    if n < SMALL {
        return parallaxis_core::reference::partial_sort_by_key(
            keys, values, out_keys, out_values, order,
        );
    }
    if k.saturating_mul(FULL) >= n {
        let mut sorted_keys = try_filled_vec(n, keys[0])?;
        let mut sorted_values = try_filled_vec(n, values[0])?;
        super::lsd::sort_pairs(keys, values, &mut sorted_keys, &mut sorted_values, order)?;
        out_keys.copy_from_slice(&sorted_keys[..k]);
        out_values.copy_from_slice(&sorted_values[..k]);
        return Ok(());
    }
    let best = best_positions(keys, k, order)?;
    for ((ok, ov), &i) in out_keys.iter_mut().zip(out_values.iter_mut()).zip(&best) {
        *ok = keys[i];
        *ov = values[i];
    }
    Ok(())
}

/// The positions of the first `k` keys of the stable sort in `order`, in that order
/// (`0 < k < keys.len()`).
fn best_positions<K: SortKey>(keys: &[K], k: usize, order: RadixOrder) -> Result<Vec<usize>> {
    let rank = Rank::<K::Bits>::of(order)?;
    let n = keys.len();
    if chunk_count(n) == 1 {
        // One chunk (a batched top-k's segments, mostly): its candidates are the answer.
        let mut best = chunk_best(keys, 0..n, k, rank)?;
        best.sort_unstable();
        return try_collect(best.len(), best.iter().map(|&(_, i)| i));
    }
    let mut per_chunk = Vec::new();
    index_map(
        n >= PAR_MIN,
        chunk_count(n),
        |c| chunk_best(keys, chunk_range(c, n), k, rank),
        &mut per_chunk,
    );
    let mut all = Vec::new();
    for chunk in per_chunk {
        let chunk = chunk?;
        try_grow(&mut all, chunk.len())?;
        all.extend_from_slice(&chunk);
    }
    cut(&mut all, k);
    all.par_sort_unstable();
    try_collect(all.len(), all.iter().map(|&(_, i)| i))
}

/// The `k` best `(rank, position)` of the keys at `range`, unordered.
fn chunk_best<K: SortKey>(
    keys: &[K],
    range: core::ops::Range<usize>,
    k: usize,
    rank: Rank<K::Bits>,
) -> Result<Vec<(K::Bits, usize)>> {
    let room = k.saturating_mul(2).min(range.len());
    let mut best = try_with_capacity(room)?;
    // A key whose rank is not below the bar is not among the chunk's best `k`: the `k`
    // kept already rank below it, or equal at an earlier position.
    let mut bar: Option<K::Bits> = None;
    for i in range {
        let r = rank.of_key(keys[i]);
        if bar.is_some_and(|b| r >= b) {
            continue;
        }
        best.push((r, i));
        if best.len() == room {
            cut(&mut best, k);
            bar = best.last().map(|&(b, _)| b).filter(|_| best.len() == k);
        }
    }
    cut(&mut best, k);
    Ok(best)
}

/// Keeps the `k` smallest items of `v` (unordered, the largest of them last).
fn cut<T: Ord>(v: &mut Vec<T>, k: usize) {
    if v.len() > k && k > 0 {
        v.select_nth_unstable(k - 1);
        v.truncate(k);
    } else if k == 0 {
        v.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use parallaxis_core::{reference, Order, SplitMix64};

    /// Against the reference at sizes on both sides of the small, full-sort and parallel
    /// switches, with few distinct keys (ties everywhere) and both orders.
    #[test]
    fn matches_the_reference() {
        for n in [0, 1, 255, 256, 5000, 70_001] {
            let keys: Vec<u16> = SplitMix64::new(n as u64)
                .take(n)
                .map(|v| (v % 300) as u16)
                .collect();
            let values: Vec<u32> = (0..n as u32).collect();
            for k in [0, 1, 9, n / 8, n / 8 + 1, n] {
                for order in [Order::Ascending, Order::Descending] {
                    let (mut want, mut got) = (vec![0; k], vec![0; k]);
                    reference::partial_sort(&keys, &mut want, order).unwrap();
                    partial_sort(&keys, &mut got, order).unwrap();
                    assert_eq!(got, want, "keys n={n} k={k} {order:?}");
                    let (mut wk, mut wv, mut gk, mut gv) =
                        (vec![0; k], vec![0; k], vec![0; k], vec![0; k]);
                    reference::partial_sort_by_key(&keys, &values, &mut wk, &mut wv, order)
                        .unwrap();
                    partial_sort_by_key(&keys, &values, &mut gk, &mut gv, order).unwrap();
                    assert_eq!((gk, gv), (wk, wv), "pairs n={n} k={k} {order:?}");
                }
            }
        }
    }
}
