//! Segmented sort on the host: each segment `offsets[s]..offsets[s + 1]` sorted on its own,
//! stably, as [`super::sort`] / [`super::sort_by_key`] would sort it alone, and the batched
//! top-k: the first items of each segment's sort, at the output's own offsets. The segments
//! are split in halves recursively (`rayon::join`), at a segment boundary, until a half holds
//! one segment or few elements; then each segment runs the radix sort or the partial sort
//! (parallel themselves when large), or, when tiny, an insertion sort, which allocates
//! nothing where the radix sort and the reference would allocate per segment.

use parallaxis_core::{try_filled_vec, DeviceCopy, Order, Result, SortKey};

/// Where a run of segments starts: in the input, and in the output.
#[derive(Clone, Copy)]
struct Base {
    input: usize,
    output: usize,
}

/// Below this many elements a run of segments is sorted on one thread.
const GRAIN: usize = 1 << 14;

/// Segments up to this long are insertion sorted.
const TINY: usize = 24;

/// `out` = `keys` with every segment sorted stably in `order`. `offsets` are CSR-style
/// (`offsets[0] == 0`, never decreasing, the last `keys.len()`; the caller checks them),
/// `out` as long as `keys`.
///
/// # Errors
/// `Error::OutOfMemory` when a segment's scratch cannot be had.
///
/// ```
/// use parallaxis_core::Order;
/// let mut out = [0_u8; 6];
/// parallaxis_host::sort_segmented(&[0, 3, 3, 6], &[3, 1, 2, 9, 0, 9], &mut out, Order::Ascending)?;
/// assert_eq!(out, [1, 2, 3, 0, 9, 9]);
/// # Ok::<(), parallaxis_core::Error>(())
/// ```
pub fn sort_segmented<K: SortKey>(
    offsets: &[usize],
    keys: &[K],
    out: &mut [K],
    order: Order,
) -> Result<()> {
    // Every segment's first `len` keys: its whole sort (a full output is the sort itself).
    partial_sort_segmented(offsets, keys, offsets, out, order)
}

/// `out` = for every segment `s` the first `out_offsets[s + 1] - out_offsets[s]` keys of its
/// stable sort in `order` (no more than the segment holds), at `out_offsets[s]`: the batched
/// top-k. `offsets` as for [`sort_segmented`]; `out_offsets` as many, from 0, `out` as long
/// as their last (the caller checks).
///
/// # Errors
/// `Error::OutOfMemory` when a segment's scratch cannot be had.
///
/// ```
/// use parallaxis_core::Order;
/// let mut out = [0_u32; 3];
/// // The two largest of [4, 9, 1] and the one largest of [7, 8].
/// parallaxis_host::partial_sort_segmented(&[0, 3, 5], &[4, 9, 1, 7, 8], &[0, 2, 3], &mut out,
///     Order::Descending)?;
/// assert_eq!(out, [9, 4, 8]);
/// # Ok::<(), parallaxis_core::Error>(())
/// ```
pub fn partial_sort_segmented<K: SortKey>(
    offsets: &[usize],
    keys: &[K],
    out_offsets: &[usize],
    out: &mut [K],
    order: Order,
) -> Result<()> {
    // Zero-sized: these allocate nothing, whatever the lengths.
    let none = try_filled_vec(keys.len(), super::NoValue)?;
    let mut none_out = try_filled_vec(out.len(), super::NoValue)?;
    partial_sort_by_key_segmented(offsets, keys, &none, out_offsets, out, &mut none_out, order)
}

/// `(out_keys, out_values)` = the pairs with every segment sorted stably by key in `order`;
/// as [`sort_segmented`], all four slices as long as `keys`.
///
/// # Errors
/// `Error::OutOfMemory` when a segment's scratch cannot be had.
///
/// ```
/// use parallaxis_core::Order;
/// let (mut k, mut v) = ([0_i32; 4], [0_u8; 4]);
/// parallaxis_host::sort_by_key_segmented(&[0, 2, 4], &[1, 5, 7, 7], &[1, 2, 3, 4], &mut k,
///     &mut v, Order::Descending)?;
/// assert_eq!((k, v), ([5, 1, 7, 7], [2, 1, 3, 4])); // equal keys keep their order
/// # Ok::<(), parallaxis_core::Error>(())
/// ```
pub fn sort_by_key_segmented<K: SortKey, V: DeviceCopy>(
    offsets: &[usize],
    keys: &[K],
    values: &[V],
    out_keys: &mut [K],
    out_values: &mut [V],
    order: Order,
) -> Result<()> {
    partial_sort_by_key_segmented(offsets, keys, values, offsets, out_keys, out_values, order)
}

/// [`partial_sort_segmented`] of key-value pairs: for every segment the first pairs of its
/// stable sort by key, as many as its output range holds.
///
/// # Errors
/// `Error::OutOfMemory` when a segment's scratch cannot be had.
///
/// ```
/// use parallaxis_core::Order;
/// let (mut k, mut v) = ([0_i32; 2], [0_u8; 2]);
/// parallaxis_host::partial_sort_by_key_segmented(&[0, 2, 4], &[5, 1, 7, 7], &[1, 2, 3, 4],
///     &[0, 1, 2], &mut k, &mut v, Order::Ascending)?;
/// assert_eq!((k, v), ([1, 7], [2, 3])); // equal keys keep their order
/// # Ok::<(), parallaxis_core::Error>(())
/// ```
pub fn partial_sort_by_key_segmented<K: SortKey, V: DeviceCopy>(
    offsets: &[usize],
    keys: &[K],
    values: &[V],
    out_offsets: &[usize],
    out_keys: &mut [K],
    out_values: &mut [V],
    order: Order,
) -> Result<()> {
    let parts = Pairs {
        keys,
        values,
        out_keys,
        out_values,
    };
    let first_of_one = |p: Pairs<'_, K, V>| {
        if p.keys.len() > TINY {
            super::partial_sort_by_key(p.keys, p.values, p.out_keys, p.out_values, order)
        } else if let (Some(&k0), Some(&v0)) = (p.keys.first(), p.values.first()) {
            let n = p.keys.len();
            let (mut keys, mut values) = ([k0; TINY], [v0; TINY]);
            let (keys, values) = (&mut keys[..n], &mut values[..n]);
            keys.copy_from_slice(p.keys);
            values.copy_from_slice(p.values);
            insertion_sort(keys, values, order);
            let m = p.out_keys.len().min(n);
            p.out_keys[..m].copy_from_slice(&keys[..m]);
            p.out_values[..m].copy_from_slice(&values[..m]);
            Ok(())
        } else {
            Ok(())
        }
    };
    split(
        offsets,
        out_offsets,
        base_of(offsets, out_offsets),
        parts,
        &first_of_one,
    )
}

/// Inputs and outputs that split at a segment boundary (an index of the inputs and one of
/// the outputs), each half for its own segments.
trait Parts: Send + Sized {
    /// The input element count.
    fn len(&self) -> usize;
    /// `[0, at)` and `[at, len)` of the inputs, `[0, out_at)` and the rest of the outputs.
    fn split_at(self, at: usize, out_at: usize) -> (Self, Self);
}

/// Keys, values and their outputs, split together.
struct Pairs<'a, K, V> {
    keys: &'a [K],
    values: &'a [V],
    out_keys: &'a mut [K],
    out_values: &'a mut [V],
}

impl<K: Sync + Send, V: Sync + Send> Parts for Pairs<'_, K, V> {
    fn len(&self) -> usize {
        self.keys.len()
    }
    fn split_at(self, at: usize, out_at: usize) -> (Self, Self) {
        let (k0, k1) = self.keys.split_at(at);
        let (v0, v1) = self.values.split_at(at);
        let (ok0, ok1) = self.out_keys.split_at_mut(out_at);
        let (ov0, ov1) = self.out_values.split_at_mut(out_at);
        (
            Pairs {
                keys: k0,
                values: v0,
                out_keys: ok0,
                out_values: ov0,
            },
            Pairs {
                keys: k1,
                values: v1,
                out_keys: ok1,
                out_values: ov1,
            },
        )
    }
}

/// Where the segments of `offsets` and `out_offsets` start (their first entries).
fn base_of(offsets: &[usize], out_offsets: &[usize]) -> Base {
    Base {
        input: offsets.first().copied().unwrap_or(0),
        output: out_offsets.first().copied().unwrap_or(0),
    }
}

/// Runs `sort` on every segment of `parts` (whose inputs start at index `base.input` of
/// `offsets`' numbering and outputs at `base.output` of `out_offsets`'): halves in parallel
/// while a half spans several segments and at least [`GRAIN`] elements (a large segment's
/// own sort is parallel).
fn split<P: Parts>(
    offsets: &[usize],
    out_offsets: &[usize],
    base: Base,
    parts: P,
    sort: &(impl Fn(P) -> Result<()> + Sync),
) -> Result<()> {
    let segments = offsets.len().saturating_sub(1);
    if segments >= 2 && parts.len() >= GRAIN {
        let mid = segments / 2;
        let (left, right) =
            parts.split_at(offsets[mid] - base.input, out_offsets[mid] - base.output);
        let (a, b) = rayon::join(
            || split(&offsets[..=mid], &out_offsets[..=mid], base, left, sort),
            || {
                split(
                    &offsets[mid..],
                    &out_offsets[mid..],
                    base_of(&offsets[mid..], &out_offsets[mid..]),
                    right,
                    sort,
                )
            },
        );
        return a.and(b);
    }
    let mut rest = parts;
    for (w, ow) in offsets.windows(2).zip(out_offsets.windows(2)) {
        let (segment, tail) = rest.split_at(w[1] - w[0], ow[1] - ow[0]);
        sort(segment)?;
        rest = tail;
    }
    Ok(())
}

/// Stable insertion sort of `keys` in `order`, moving `values` (empty, or as long as `keys`)
/// with them.
fn insertion_sort<K: SortKey, V: Copy>(keys: &mut [K], values: &mut [V], order: Order) {
    let before = |a: &K, b: &K| match order {
        Order::Ascending => a.total_cmp_key(b).is_lt(),
        Order::Descending => b.total_cmp_key(a).is_lt(),
    };
    for i in 1..keys.len() {
        let mut j = i;
        // Strictly before: equal keys stay behind their predecessors (stable).
        while j > 0 && before(&keys[j], &keys[j - 1]) {
            keys.swap(j, j - 1);
            if !values.is_empty() {
                values.swap(j, j - 1);
            }
            j -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use parallaxis_core::{reference, SplitMix64};

    /// Every segment's first `k` against the reference's partial sort of that segment alone:
    /// empty, tiny and long segments, enough in all to split in parallel.
    #[test]
    fn partial_sorts_match_the_reference_per_segment() {
        let lens = [0, 1, 5, 24, 25, 3000, 0, 20_000, 7, 40_000, 2];
        let offsets: Vec<usize> = core::iter::once(0)
            .chain(lens.iter().scan(0, |end, &l| {
                *end += l;
                Some(*end)
            }))
            .collect();
        let n = *offsets.last().unwrap();
        let keys: Vec<i16> = SplitMix64::new(3)
            .take(n)
            .map(|v| (v % 500) as i16)
            .collect();
        let values: Vec<u32> = (0..n as u32).collect();
        for k in [0, 1, 6, 30, 5000, usize::MAX] {
            let kept: Vec<usize> = core::iter::once(0)
                .chain(lens.iter().scan(0, |end, &l| {
                    *end += l.min(k);
                    Some(*end)
                }))
                .collect();
            let total = *kept.last().unwrap();
            for order in [Order::Ascending, Order::Descending] {
                let (mut wk, mut wv) = (vec![0; total], vec![0; total]);
                for s in 0..lens.len() {
                    let (i, o) = (offsets[s]..offsets[s + 1], kept[s]..kept[s + 1]);
                    let (ik, iv) = (&keys[i.clone()], &values[i]);
                    reference::partial_sort_by_key(ik, iv, &mut wk[o.clone()], &mut wv[o], order)
                        .unwrap();
                }
                let mut got = vec![0; total];
                partial_sort_segmented(&offsets, &keys, &kept, &mut got, order).unwrap();
                assert_eq!(got, wk, "keys k={k} {order:?}");
                let (mut gk, mut gv) = (vec![0; total], vec![0; total]);
                partial_sort_by_key_segmented(
                    &offsets, &keys, &values, &kept, &mut gk, &mut gv, order,
                )
                .unwrap();
                assert_eq!((gk, gv), (wk, wv), "pairs k={k} {order:?}");
            }
        }
    }
}
