//! Segmented sort on the host: each segment `offsets[s]..offsets[s + 1]` sorted on its own,
//! stably, as [`super::sort`] / [`super::sort_by_key`] would sort it alone. The segments are
//! split in halves recursively (`rayon::join`), at a segment boundary, until a half holds
//! one segment or few elements; then each segment runs the radix sort (parallel itself when
//! large), or, when tiny, an insertion sort, which allocates nothing where the radix sort
//! and the reference would allocate per segment.

use parallaxis_core::{DeviceCopy, Order, Result, SortKey};

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
    let base = offsets.first().copied().unwrap_or(0);
    let sort_one = |(k, o): (&[K], &mut [K])| {
        if k.len() > TINY {
            super::sort(k, o, order)
        } else {
            o.copy_from_slice(k);
            insertion_sort::<K, ()>(o, &mut [], order);
            Ok(())
        }
    };
    split(offsets, base, (keys, out), &sort_one)
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
    let base = offsets.first().copied().unwrap_or(0);
    let parts = Pairs {
        keys,
        values,
        out_keys,
        out_values,
    };
    let sort_one = |p: Pairs<'_, K, V>| {
        if p.keys.len() > TINY {
            super::sort_by_key(p.keys, p.values, p.out_keys, p.out_values, order)
        } else {
            p.out_keys.copy_from_slice(p.keys);
            p.out_values.copy_from_slice(p.values);
            insertion_sort(p.out_keys, p.out_values, order);
            Ok(())
        }
    };
    split(offsets, base, parts, &sort_one)
}

/// Inputs and outputs that split at an element index, each half for its own segments.
trait Parts: Send + Sized {
    /// The element count.
    fn len(&self) -> usize;
    /// `[0, at)` and `[at, len)`.
    fn split_at(self, at: usize) -> (Self, Self);
}

impl<K: Sync + Send> Parts for (&[K], &mut [K]) {
    fn len(&self) -> usize {
        self.0.len()
    }
    fn split_at(self, at: usize) -> (Self, Self) {
        let (k0, k1) = self.0.split_at(at);
        let (o0, o1) = self.1.split_at_mut(at);
        ((k0, o0), (k1, o1))
    }
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
    fn split_at(self, at: usize) -> (Self, Self) {
        let (k0, k1) = self.keys.split_at(at);
        let (v0, v1) = self.values.split_at(at);
        let (ok0, ok1) = self.out_keys.split_at_mut(at);
        let (ov0, ov1) = self.out_values.split_at_mut(at);
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

/// Runs `sort` on every segment of `parts` (whose element 0 is index `base` of `offsets`'
/// numbering): halves in parallel while a half spans several segments and at least
/// [`GRAIN`] elements (a large segment's own sort is parallel).
fn split<P: Parts>(
    offsets: &[usize],
    base: usize,
    parts: P,
    sort: &(impl Fn(P) -> Result<()> + Sync),
) -> Result<()> {
    let segments = offsets.len().saturating_sub(1);
    if segments >= 2 && parts.len() >= GRAIN {
        let mid = segments / 2;
        let (left, right) = parts.split_at(offsets[mid] - base);
        let (a, b) = rayon::join(
            || split(&offsets[..=mid], base, left, sort),
            || split(&offsets[mid..], offsets[mid], right, sort),
        );
        return a.and(b);
    }
    let mut rest = parts;
    for w in offsets.windows(2) {
        let (segment, tail) = rest.split_at(w[1] - w[0]);
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
