//! Selection on the rayon pool: `copy_if` (by predicate and by stencil), `remove_if`,
//! stable `partition`, `unique`, `unique_by_key` and `count_if`, each with the semantics of
//! its reference in `parallaxis_core::reference` (the `_into`-style functions write to the
//! front of an output and return the count; the `_vec` ones allocate exactly the selection).
//! Chunk boundaries depend only on the length, as everywhere in this crate.

mod compact;

use crate::chunk::split::{chunk_count, chunk_range, PAR_MIN};
use compact::{compact, compact_into, counts, pieces, write};
use parallaxis_core::{Compare, DeviceCopy, Predicate, Result};
use rayon::prelude::*;

/// The elements `p` selects, in order, to the front of `out`; returns their count
/// (`parallaxis_core::reference::copy_if`).
pub fn copy_if<T: DeviceCopy, P: Predicate<T>>(p: P, x: &[T], out: &mut [T]) -> usize {
    compact_into(x, &|i| p.test(x[i]), true, out)
}

/// [`copy_if`] into a new vector of exactly the selection.
///
/// # Errors
/// `Error::OutOfMemory` when the output cannot be had.
///
/// ```
/// use parallaxis_core::LessThan;
/// assert_eq!(parallaxis_host::copy_if_vec(LessThan { bound: 3 }, &[5, 1, 4, 2])?, [1, 2]);
/// # Ok::<(), parallaxis_core::Error>(())
/// ```
pub fn copy_if_vec<T: DeviceCopy, P: Predicate<T>>(p: P, x: &[T]) -> Result<Vec<T>> {
    compact(x, &|i| p.test(x[i]), true)
}

/// The elements whose `stencil` flag is set (a missing flag is unset), in order, to the front
/// of `out`; returns their count (`parallaxis_core::reference::copy_if_stencil`).
pub fn copy_if_stencil<T: DeviceCopy>(stencil: &[bool], x: &[T], out: &mut [T]) -> usize {
    compact_into(x, &|i| flag(stencil, i), true, out)
}

/// [`copy_if_stencil`] into a new vector of exactly the selection.
///
/// # Errors
/// `Error::OutOfMemory` when the output cannot be had.
pub fn copy_if_stencil_vec<T: DeviceCopy>(stencil: &[bool], x: &[T]) -> Result<Vec<T>> {
    compact(x, &|i| flag(stencil, i), true)
}

/// `stencil[i]`, unset past its end.
fn flag(stencil: &[bool], i: usize) -> bool {
    stencil.get(i).copied().unwrap_or(false)
}

/// The elements `p` rejects, in order, to the front of `out`; returns their count
/// (`parallaxis_core::reference::remove_if`).
pub fn remove_if<T: DeviceCopy, P: Predicate<T>>(p: P, x: &[T], out: &mut [T]) -> usize {
    compact_into(x, &|i| p.test(x[i]), false, out)
}

/// [`remove_if`] into a new vector of exactly the survivors.
///
/// # Errors
/// `Error::OutOfMemory` when the output cannot be had.
pub fn remove_if_vec<T: DeviceCopy, P: Predicate<T>>(p: P, x: &[T]) -> Result<Vec<T>> {
    compact(x, &|i| p.test(x[i]), false)
}

/// Stable partition into `out` (as long as `x`): the selected elements in order, then the
/// rejected ones in order; returns the number selected (`parallaxis_core::reference::partition`).
pub fn partition<T: DeviceCopy, P: Predicate<T>>(p: P, x: &[T], out: &mut [T]) -> usize {
    let keep = |i: usize| p.test(x[i]);
    let selected = counts(x.len(), &keep, true);
    let rejected: Vec<usize> = selected
        .iter()
        .enumerate()
        .map(|(c, k)| chunk_range(c, x.len()).len() - k)
        .collect();
    let split = selected.iter().sum::<usize>().min(out.len());
    let (front, back) = out.split_at_mut(split);
    write(x, &keep, true, pieces(front, &selected));
    write(x, &keep, false, pieces(back, &rejected));
    split
}

/// The first element of each run of equal consecutive elements, in order, to the front of
/// `out`; returns their count (`parallaxis_core::reference::unique`).
pub fn unique<T: DeviceCopy + PartialEq>(x: &[T], out: &mut [T]) -> usize {
    compact_into(x, &|i| head(x, i), true, out)
}

/// [`unique`] into a new vector of exactly the run heads.
///
/// # Errors
/// `Error::OutOfMemory` when the output cannot be had.
pub fn unique_vec<T: DeviceCopy + PartialEq>(x: &[T]) -> Result<Vec<T>> {
    compact(x, &|i| head(x, i), true)
}

/// Whether `x[i]` starts a run of equal elements.
fn head<T: PartialEq>(x: &[T], i: usize) -> bool {
    i == 0 || x[i - 1] != x[i]
}

/// For each run of equal consecutive keys its first key and value, in order, to the fronts of
/// `out_keys` and `out_values`; returns the number of runs written
/// (`parallaxis_core::reference::unique_by_key`).
pub fn unique_by_key<K: DeviceCopy + PartialEq, V: DeviceCopy>(
    keys: &[K],
    values: &[V],
    out_keys: &mut [K],
    out_values: &mut [V],
) -> usize {
    let n = keys.len().min(values.len());
    let (keys, values) = (&keys[..n], &values[..n]);
    let keep = |i: usize| head(keys, i);
    let runs = counts(n, &keep, true);
    write(keys, &keep, true, pieces(out_keys, &runs));
    write(values, &keep, true, pieces(out_values, &runs));
    runs.iter()
        .sum::<usize>()
        .min(out_keys.len())
        .min(out_values.len())
}

/// [`unique_by_key`] into new vectors of exactly the runs.
///
/// # Errors
/// `Error::OutOfMemory` when the output cannot be had.
pub fn unique_by_key_vec<K: DeviceCopy + PartialEq, V: DeviceCopy>(
    keys: &[K],
    values: &[V],
) -> Result<(Vec<K>, Vec<V>)> {
    let n = keys.len().min(values.len());
    let (keys, values) = (&keys[..n], &values[..n]);
    let keep = |i: usize| head(keys, i);
    let runs = counts(n, &keep, true);
    let total = runs.iter().sum();
    let (mut out_keys, mut out_values) = (crate::zeroed_vec(total)?, crate::zeroed_vec(total)?);
    write(keys, &keep, true, pieces(&mut out_keys, &runs));
    write(values, &keep, true, pieces(&mut out_values, &runs));
    Ok((out_keys, out_values))
}

/// The number of elements `p` selects (`parallaxis_core::reference::count_if`).
pub fn count_if<T: DeviceCopy, P: Predicate<T>>(p: P, x: &[T]) -> usize {
    let count = |c: usize| {
        x[chunk_range(c, x.len())]
            .iter()
            .filter(|&&v| p.test(v))
            .count()
    };
    if x.len() >= PAR_MIN {
        (0..chunk_count(x.len())).into_par_iter().map(count).sum()
    } else {
        (0..chunk_count(x.len())).map(count).sum()
    }
}

/// The number of runs of equal consecutive elements, counted chunk by chunk in parallel
/// (`parallaxis_core::reference::unique_count`).
///
/// ```
/// assert_eq!(parallaxis_host::unique_count(&[1, 1, 2, 1, 1]), 3);
/// assert_eq!(parallaxis_host::unique_count::<u8>(&[]), 0);
/// ```
pub fn unique_count<T: DeviceCopy + PartialEq>(x: &[T]) -> usize {
    let count = |c: usize| chunk_range(c, x.len()).filter(|&i| head(x, i)).count();
    if x.len() >= PAR_MIN {
        (0..chunk_count(x.len())).into_par_iter().map(count).sum()
    } else {
        (0..chunk_count(x.len())).map(count).sum()
    }
}

/// The first position whose element `p` answers `want` for, or `None`
/// (`parallaxis_core::reference::find_if`): the chunks in parallel, the first hit's chunk
/// winning; chunks past a hit found are not searched (rayon's `find_map_first`).
pub fn find_if<T: DeviceCopy, P: Predicate<T>>(p: P, want: bool, x: &[T]) -> Option<usize> {
    let find = |c: usize| {
        let range = chunk_range(c, x.len());
        let start = range.start;
        x[range]
            .iter()
            .position(|&v| p.test(v) == want)
            .map(|i| start + i)
    };
    first_in_chunks(x.len(), find)
}

/// The first chunk-wise hit of `find(chunk)` in index order: the chunks in parallel from
/// [`PAR_MIN`] items up, a chunk past a hit never searched (`find_map_first`).
fn first_in_chunks(n: usize, find: impl Fn(usize) -> Option<usize> + Sync + Send) -> Option<usize> {
    if n >= PAR_MIN {
        (0..chunk_count(n)).into_par_iter().find_map_first(find)
    } else {
        (0..chunk_count(n)).find_map(find)
    }
}

/// See [`parallaxis_core::reference::mismatch`]: the chunks of the common length in parallel,
/// stopping past the first difference.
///
/// ```
/// assert_eq!(parallaxis_host::mismatch(&[1, 2, 3], &[1, 2, 4, 5]), Some(2));
/// assert_eq!(parallaxis_host::mismatch(&[1.0, 2.0], &[1.0, 2.0, 3.0]), None);
/// ```
pub fn mismatch<T: DeviceCopy + PartialEq>(x: &[T], y: &[T]) -> Option<usize> {
    let n = x.len().min(y.len());
    first_in_chunks(n, |c| {
        let range = chunk_range(c, n);
        let start = range.start;
        x[range.clone()]
            .iter()
            .zip(&y[range])
            .position(|(a, b)| a != b)
            .map(|i| start + i)
    })
}

/// See [`parallaxis_core::reference::is_sorted_until`]: each chunk compares its items with
/// the ones before them (the first item of a chunk with the last of the chunk before), the
/// chunks in parallel, stopping past the first descent.
///
/// ```
/// use parallaxis_core::Less;
/// assert_eq!(parallaxis_host::is_sorted_until(Less, &[1, 2, 2, 1, 5]), 3);
/// assert_eq!(parallaxis_host::is_sorted_until(Less, &[3, 4]), 2);
/// ```
pub fn is_sorted_until<T: DeviceCopy, C: Compare<T>>(c: C, x: &[T]) -> usize {
    let n = x.len();
    first_in_chunks(n, |k| {
        let range = chunk_range(k, n);
        (range.start.max(1)..range.end).find(|&i| c.less(x[i], x[i - 1]))
    })
    .unwrap_or(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use parallaxis_core::{reference, LessThan, SplitMix64};

    fn data(n: usize) -> Vec<u32> {
        let mut r = SplitMix64::new(n as u64);
        (0..n).map(|_| (r.next_u64() % 4) as u32).collect()
    }

    #[test]
    fn matches_the_reference_on_both_sides_of_the_parallel_threshold() {
        for n in [0, 1, 300, PAR_MIN - 1, PAR_MIN + 12345] {
            let x = data(n);
            let p = LessThan { bound: 2 };
            let mut want = vec![9; n];
            let k = reference::copy_if(p, &x, &mut want);
            let mut got = vec![9; n];
            assert_eq!(copy_if(p, &x, &mut got), k);
            assert_eq!(got, want);
            assert_eq!(copy_if_vec(p, &x).unwrap(), want[..k]);
            let (mut want, mut got) = (vec![9; n], vec![9; n]);
            assert_eq!(
                partition(p, &x, &mut got),
                reference::partition(p, &x, &mut want)
            );
            assert_eq!(got, want);
            let (mut want, mut got) = (vec![9; n], vec![9; n]);
            assert_eq!(unique(&x, &mut got), reference::unique(&x, &mut want));
            assert_eq!(got, want);
            assert_eq!(count_if(p, &x), reference::count_if(p, &x));
            for want in [true, false] {
                assert_eq!(find_if(p, want, &x), reference::find_if(p, want, &x));
            }
        }
    }

    #[test]
    fn a_short_output_gets_the_first_selected_and_nothing_past_it() {
        let x = data(PAR_MIN + 7);
        let mut out = vec![9; 1000];
        assert_eq!(copy_if(LessThan { bound: 4 }, &x, &mut out), 1000);
        assert_eq!(out, x[..1000]);
        let mut out = vec![0; 10];
        assert_eq!(unique_by_key(&x, &x[..5], &mut out, &mut [0; 3]), 3);
    }

    /// A difference (descent) at every position that matters to the chunking (0, the chunk
    /// edges either side, the last item), on both sides of the parallel threshold, and none.
    #[test]
    fn mismatch_and_is_sorted_until_match_the_reference() {
        use crate::chunk::split::CHUNK;
        use parallaxis_core::{Greater, Less};
        for n in [0, 1, 2, 300, PAR_MIN - 1, PAR_MIN + 12345] {
            let x: Vec<u32> = (0..n as u32).collect();
            let mut at: Vec<usize> = vec![0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK, n / 2];
            at.push(n.saturating_sub(1));
            at.retain(|&i| i < n);
            assert_eq!(mismatch(&x, &x), None);
            assert_eq!(is_sorted_until(Less, &x), n);
            assert_eq!(
                is_sorted_until(Greater, &x),
                reference::is_sorted_until(Greater, &x)
            );
            for &i in &at {
                let mut y = x.clone();
                y[i] = u32::MAX;
                assert_eq!(
                    mismatch(&x, &y),
                    reference::mismatch(&x, &y),
                    "n {n}, at {i}"
                );
                assert_eq!(mismatch(&x, &y), Some(i));
                let mut z = x.clone();
                z[i] = 0;
                let want = reference::is_sorted_until(Less, &z);
                assert_eq!(is_sorted_until(Less, &z), want, "n {n}, at {i}");
                assert_eq!(want, if i >= 2 { i } else { n }, "n {n}, at {i}");
            }
            // Unequal lengths: the common prefix alone decides.
            assert_eq!(mismatch(&x, &x[..n / 2]), None);
        }
        let nan = [1.0_f32, f32::NAN];
        assert_eq!(mismatch(&nan, &nan), Some(1));
    }
}
