//! Selection: stream compaction (`copy_if`, by predicate or by stencil flags, `remove_if`,
//! `unique`, `unique_by_key`), stable `partition`, and counting (`count_if`).
//!
//! Every compaction writes the selected elements, in input order, to the front of its output
//! and returns how many it wrote; the output's other elements keep their contents. An output
//! shorter than the selection receives its first `out.len()` elements (the count returned is
//! then the number written).

use crate::{Compare, Predicate};

/// Writes the elements `keep(i)` selects to the front of `out`, in order; returns the count.
fn compact<T: Copy>(x: &[T], keep: impl Fn(usize, T) -> bool, out: &mut [T]) -> usize {
    let mut k = 0;
    for (i, &v) in x.iter().enumerate() {
        if keep(i, v) {
            let Some(slot) = out.get_mut(k) else {
                break;
            };
            *slot = v;
            k += 1;
        }
    }
    k
}

/// The elements of `x` that `p` selects, in order, to the front of `out` (Thrust's
/// `copy_if`, CUB's `DeviceSelect::If`); returns their count.
pub fn copy_if<T: Copy, P: Predicate<T>>(p: P, x: &[T], out: &mut [T]) -> usize {
    compact(x, |_, v| p.test(v), out)
}

/// The elements of `x` whose `stencil` flag is set, in order, to the front of `out` (Thrust's
/// `copy_if` with a stencil, CUB's `DeviceSelect::Flagged`); returns their count.
pub fn copy_if_stencil<T: Copy>(stencil: &[bool], x: &[T], out: &mut [T]) -> usize {
    compact(x, |i, _| stencil.get(i).copied().unwrap_or(false), out)
}

/// The elements of `x` that `p` does not select, in order, to the front of `out` (Thrust's
/// `remove_copy_if`); returns their count.
pub fn remove_if<T: Copy, P: Predicate<T>>(p: P, x: &[T], out: &mut [T]) -> usize {
    compact(x, |_, v| !p.test(v), out)
}

/// Stable partition: the elements `p` selects, in order, then the others, in order, into
/// `out` (as long as `x`); returns the number selected (the split point). Thrust's
/// `stable_partition_copy` into one output.
pub fn partition<T: Copy, P: Predicate<T>>(p: P, x: &[T], out: &mut [T]) -> usize {
    let selected = copy_if(p, x, out);
    if let Some(rest) = out.get_mut(selected..) {
        remove_if(p, x, rest);
    }
    selected
}

/// The first element of every run of equal consecutive elements, in order, to the front of
/// `out` (Thrust's `unique_copy`, CUB's `DeviceSelect::Unique`); returns their count.
pub fn unique<T: Copy + PartialEq>(x: &[T], out: &mut [T]) -> usize {
    compact(x, |i, v| i == 0 || x[i - 1] != v, out)
}

/// The number of runs of equal consecutive elements (Thrust's `unique_count`): the length
/// [`unique`] would return, without writing.
pub fn unique_count<T: Copy + PartialEq>(x: &[T]) -> usize {
    (0..x.len()).filter(|&i| i == 0 || x[i - 1] != x[i]).count()
}

/// Each run of equal consecutive elements as its element and its length, in order, to the
/// fronts of `values` and `lengths` (Thrust's `reduce_by_key` of the input against ones,
/// CUB's `DeviceRunLengthEncode::Encode`); returns the number of runs written (the outputs
/// as long as `x` hold every run).
pub fn run_length_encode<T: Copy + PartialEq>(
    x: &[T],
    values: &mut [T],
    lengths: &mut [usize],
) -> usize {
    let room = values.len().min(lengths.len());
    let mut runs = 0;
    for (i, &v) in x.iter().enumerate() {
        if i > 0 && x[i - 1] == v {
            lengths[runs - 1] += 1;
        } else if runs < room {
            values[runs] = v;
            lengths[runs] = 1;
            runs += 1;
        } else {
            break;
        }
    }
    runs
}

/// For every run of equal consecutive keys, its first key and the value beside it, in order,
/// to the fronts of `out_keys` and `out_values` (Thrust's `unique_by_key_copy`); returns the
/// number of runs.
pub fn unique_by_key<K: Copy + PartialEq, V: Copy>(
    keys: &[K],
    values: &[V],
    out_keys: &mut [K],
    out_values: &mut [V],
) -> usize {
    let head = |i: usize| i == 0 || keys[i - 1] != keys[i];
    let n = keys.len().min(values.len());
    let k = compact(&keys[..n], |i, _| head(i), out_keys);
    let kv = compact(&values[..n], |i, _| head(i), out_values);
    k.min(kv)
}

/// The number of elements of `x` that `p` selects (Thrust's `count_if`).
pub fn count_if<T: Copy, P: Predicate<T>>(p: P, x: &[T]) -> usize {
    x.iter().filter(|&&v| p.test(v)).count()
}

/// The first position of `x` whose element `p` answers `want` for (Thrust's `find_if` with
/// `want`, `find_if_not` without), or `None`.
pub fn find_if<T: Copy, P: Predicate<T>>(p: P, want: bool, x: &[T]) -> Option<usize> {
    x.iter().position(|&v| p.test(v) == want)
}

/// The first position where `x` and `y` differ (`!=`: a NaN differs even from itself) within
/// their common length, or `None` where they agree on it (Thrust's `mismatch`, as the
/// position; `equal` is `x.len() == y.len()` and no mismatch).
pub fn mismatch<T: Copy + PartialEq>(x: &[T], y: &[T]) -> Option<usize> {
    x.iter().zip(y).position(|(a, b)| a != b)
}

/// The length of the longest prefix of `x` sorted under `c` (Thrust's `is_sorted_until`, as
/// the position): the first `i` with `c.less(x[i], x[i - 1])`, or `x.len()`; `is_sorted` is
/// `is_sorted_until(c, x) == x.len()`.
pub fn is_sorted_until<T: Copy, C: Compare<T>>(c: C, x: &[T]) -> usize {
    x.windows(2)
        .position(|w| c.less(w[1], w[0]))
        .map_or(x.len(), |i| i + 1)
}
