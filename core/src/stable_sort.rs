//! A stable merge sort that stays a permutation under any comparator: the one sequential
//! sort every backend's comparator sorts run on (the reference whole, the host per chunk).
//!
//! The standard library's sorts may panic when a comparator is not a strict weak order, and
//! rayon's parallel unstable sort can overflow the stack (an abort, not a panic). This one
//! only ever moves items it has counted: insertion sort of short runs (adjacent swaps), then
//! merges whose loops run exactly `a.len() + b.len()` steps. For a strict weak order it is
//! an ordinary stable sort; for any other `before` it ends in some permutation of the input,
//! after `O(n log n)` calls of `before`, without a panic.

/// Runs shorter than this are insertion-sorted before the merges.
const RUN: usize = 24;

/// Sorts `v` stably by `before` (`before(a, b)`: `a` goes strictly before `b`), using
/// `scratch` as the merges' second buffer. Only `v[..m]` is sorted, `m` the shorter of the
/// two lengths (callers pass equal lengths).
///
/// ```
/// use parallaxis_core::stable_sort_by;
/// let mut v = [(3, 'a'), (1, 'b'), (3, 'c'), (0, 'd')];
/// let mut scratch = v;
/// stable_sort_by(&mut v, &mut scratch, |a, b| a.0 < b.0);
/// assert_eq!(v, [(0, 'd'), (1, 'b'), (3, 'a'), (3, 'c')]);
/// // A comparator that is no order at all still leaves a permutation.
/// let mut w = [5, 1, 4, 1, 5, 9, 2, 6];
/// let mut scratch = w;
/// stable_sort_by(&mut w, &mut scratch, |_, _| true);
/// w.sort();
/// assert_eq!(w, [1, 1, 2, 4, 5, 5, 6, 9]);
/// ```
pub fn stable_sort_by<T: Copy>(v: &mut [T], scratch: &mut [T], before: impl Fn(T, T) -> bool) {
    let m = v.len().min(scratch.len());
    let (v, scratch) = (&mut v[..m], &mut scratch[..m]);
    for run in v.chunks_mut(RUN) {
        insertion_sort(run, &before);
    }
    let mut width = RUN;
    // `from` holds runs of `width`; each round merges pairs of them into `to`.
    let mut in_scratch = false;
    while width < m {
        let (from, to): (&[T], &mut [T]) = if in_scratch {
            (scratch, v)
        } else {
            (v, scratch)
        };
        for (src, dst) in from.chunks(2 * width).zip(to.chunks_mut(2 * width)) {
            let (a, b) = src.split_at(width.min(src.len()));
            merge_into(a, b, dst, &before);
        }
        in_scratch = !in_scratch;
        width = width.saturating_mul(2);
    }
    if in_scratch {
        v.copy_from_slice(scratch);
    }
}

/// Stable insertion sort: an item moves left only past items it goes strictly before.
fn insertion_sort<T: Copy>(run: &mut [T], before: &impl Fn(T, T) -> bool) {
    for i in 1..run.len() {
        let mut j = i;
        while j > 0 && before(run[j], run[j - 1]) {
            run.swap(j, j - 1);
            j -= 1;
        }
    }
}

/// The stable merge of `a` and `b` into `out` (`a` first on ties: `b`'s next item goes
/// first only when strictly before `a`'s). Writes `min(out.len(), a.len() + b.len())` items,
/// each of `a` and `b` at most once, whatever `before` answers.
///
/// ```
/// use parallaxis_core::merge_into;
/// let mut out = [0; 5];
/// merge_into(&[1, 4, 9], &[2, 4], &mut out, &|a, b| a < b);
/// assert_eq!(out, [1, 2, 4, 4, 9]);
/// ```
pub fn merge_into<T: Copy>(a: &[T], b: &[T], out: &mut [T], before: &impl Fn(T, T) -> bool) {
    let limit = out.len().min(a.len() + b.len());
    let out = &mut out[..limit];
    let (mut i, mut j, mut o) = (0, 0, 0);
    // Both lists have items: one comparison per step.
    while o < limit && i < a.len() && j < b.len() {
        let (x, y) = (a[i], b[j]);
        if before(y, x) {
            out[o] = y;
            j += 1;
        } else {
            out[o] = x;
            i += 1;
        }
        o += 1;
    }
    // One list is done (or the output full): the rest of the other, as far as it fits.
    let rest = if i < a.len() { &a[i..] } else { &b[j..] };
    let tail = &mut out[o..];
    let take = tail.len().min(rest.len());
    tail[..take].copy_from_slice(&rest[..take]);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SplitMix64;

    fn counts(v: &[u32]) -> [usize; 16] {
        let mut c = [0; 16];
        for &x in v {
            c[x as usize] += 1;
        }
        c
    }

    #[test]
    fn any_comparator_leaves_a_permutation_and_an_order_sorts_stably() {
        let mut rng = SplitMix64::new(7);
        for n in [0, 1, 2, 23, 24, 25, 47, 48, 49, 100, 1000, 4099] {
            let x: [u32; 4099] = core::array::from_fn(|_| (rng.next_u64() % 16) as u32);
            let x = &x[..n];
            let mut scratch = [0_u32; 4099];
            let liars: [&dyn Fn(u32, u32) -> bool; 4] = [
                &|_, _| true,
                &|_, _| false,
                &|a, b| (a ^ b) & 1 == 1,
                &|a, b| a.wrapping_mul(7) % 5 < b % 3,
            ];
            for before in liars {
                let mut v = [0_u32; 4099];
                v[..n].copy_from_slice(x);
                stable_sort_by(&mut v[..n], &mut scratch[..n], before);
                assert_eq!(counts(&v[..n]), counts(x), "n = {n}");
            }
            // Items tagged with their position: a strict weak order on the value sorts them
            // stably, positions ascending among equal values.
            let mut tagged = [(0_u32, 0_usize); 4099];
            for (k, t) in tagged[..n].iter_mut().enumerate() {
                *t = (x[k], k);
            }
            let mut scratch = [(0_u32, 0_usize); 4099];
            stable_sort_by(&mut tagged[..n], &mut scratch[..n], |a, b| a.0 < b.0);
            assert!(tagged[..n].windows(2).all(|w| w[0] <= w[1]), "n = {n}");
        }
    }
}
