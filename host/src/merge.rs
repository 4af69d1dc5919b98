//! Merge sort and merge by a [`Compare`] order on the host.
//!
//! The merges cut the output into the fixed chunks of [`crate::chunk::split`], find where
//! each chunk starts in `a` and `b` by a merge-path search on its diagonal ([`merge_path`],
//! the GPU's split too), and merge the chunks independently: results equal the sequential
//! reference's. On inputs that are not sorted the searches need not agree with each other,
//! so the starts are made monotone first ([`monotone_starts`]): every chunk then merges its
//! own disjoint pieces of `a` and `b`, and the output is always a permutation of the inputs.
//!
//! The sorts sort chunks on the pool with [`stable_sort_by`] and merge sorted runs pairwise
//! by the same chunked merge until one is left: stable, two fallible allocations (the items
//! and a buffer), and a permutation of the input, without a panic or an abort, whatever the
//! comparator answers (rayon's unstable sort can overflow the stack on a comparator that is
//! no strict weak order; the standard library's may panic).

use crate::chunk::split::{for_chunks_mut, CHUNK, PAR_MIN};
use parallaxis_core::{
    merge_path, reference, stable_sort_by, try_with_capacity, Compare, DeviceCopy, Result,
};
use rayon::prelude::*;

/// Below this many elements a sort runs the reference on the calling thread.
const SMALL: usize = 4096;

/// `v` sorted stably by `before`, on the pool: chunks sorted apart, then merge rounds.
/// `scratch` is as long as `v`; a round ping-pongs between them.
fn par_stable_sort<T: Copy + Send + Sync>(
    v: &mut [T],
    scratch: &mut [T],
    before: impl Fn(T, T) -> bool + Sync + Send,
) {
    let n = v.len().min(scratch.len());
    let (v, scratch) = (&mut v[..n], &mut scratch[..n]);
    v.par_chunks_mut(CHUNK)
        .zip(scratch.par_chunks_mut(CHUNK))
        .for_each(|(run, buf)| stable_sort_by(run, buf, &before));
    let mut width = CHUNK;
    let mut in_scratch = false;
    while width < n {
        let (from, to): (&[T], &mut [T]) = if in_scratch {
            (scratch, v)
        } else {
            (v, scratch)
        };
        from.par_chunks(2 * width)
            .zip(to.par_chunks_mut(2 * width))
            .for_each(|(src, dst)| {
                let (a, b) = src.split_at(width.min(src.len()));
                merge_chunked(a, b, dst, &before);
            });
        in_scratch = !in_scratch;
        width = width.saturating_mul(2);
    }
    if in_scratch {
        v.par_chunks_mut(CHUNK)
            .zip(scratch.par_chunks(CHUNK))
            .for_each(|(d, s)| d.copy_from_slice(s));
    }
}

/// A fallible copy of `x`.
///
/// # Errors
/// [`Error::OutOfMemory`](parallaxis_core::Error::OutOfMemory).
fn try_copy<T: Copy>(x: &[T]) -> Result<Vec<T>> {
    let mut v = try_with_capacity(x.len())?;
    v.extend_from_slice(x);
    Ok(v)
}

/// See [`parallaxis_core::reference::sort_by`]: `x` sorted stably by `cmp` into `out`.
///
/// # Errors
/// [`Error::OutOfMemory`](parallaxis_core::Error::OutOfMemory) for the sort's buffer.
///
/// ```
/// let mut out = [0_u32; 4];
/// parallaxis_host::sort_by(parallaxis_core::Greater, &[2, 9, 4, 9], &mut out)?;
/// assert_eq!(out, [9, 9, 4, 2]);
/// # Ok::<(), parallaxis_core::Error>(())
/// ```
pub fn sort_by<T: DeviceCopy, C: Compare<T>>(cmp: C, x: &[T], out: &mut [T]) -> Result<()> {
    let n = x.len().min(out.len());
    if n < SMALL {
        return reference::sort_by(cmp, &x[..n], &mut out[..n]);
    }
    let mut scratch = try_copy(&x[..n])?;
    let out = &mut out[..n];
    out.par_chunks_mut(CHUNK)
        .zip(x.par_chunks(CHUNK))
        .for_each(|(o, s)| o.copy_from_slice(s));
    par_stable_sort(out, &mut scratch, |a, b| cmp.less(a, b));
    Ok(())
}

/// See [`parallaxis_core::reference::sort_by_key_with`]: the pairs sorted stably by key under
/// `cmp`.
///
/// # Errors
/// [`Error::OutOfMemory`](parallaxis_core::Error::OutOfMemory) for the sort's pairs.
///
/// ```
/// let (mut k, mut v) = ([0_i32; 3], [0_u8; 3]);
/// parallaxis_host::sort_by_key_with(parallaxis_core::Less, &[3, -1, 3], &[1, 2, 3], &mut k, &mut v)?;
/// assert_eq!((k, v), ([-1, 3, 3], [2, 1, 3]));
/// # Ok::<(), parallaxis_core::Error>(())
/// ```
pub fn sort_by_key_with<K: DeviceCopy, V: DeviceCopy, C: Compare<K>>(
    cmp: C,
    keys: &[K],
    values: &[V],
    out_keys: &mut [K],
    out_values: &mut [V],
) -> Result<()> {
    let n = keys
        .len()
        .min(values.len())
        .min(out_keys.len())
        .min(out_values.len());
    if n < SMALL {
        return reference::sort_by_key_with(cmp, keys, values, out_keys, out_values);
    }
    let mut pairs = try_with_capacity::<(K, V)>(n)?;
    // The capacity is there: an indexed `par_extend` of `n` items does not allocate again.
    pairs.par_extend(
        keys[..n]
            .par_iter()
            .zip(&values[..n])
            .map(|(&k, &v)| (k, v)),
    );
    let mut scratch = try_copy(&pairs)?;
    par_stable_sort(&mut pairs, &mut scratch, |a, b| cmp.less(a.0, b.0));
    out_keys[..n]
        .par_iter_mut()
        .zip(&mut out_values[..n])
        .zip(&pairs)
        .for_each(|((ok, ov), &(k, v))| {
            *ok = k;
            *ov = v;
        });
    Ok(())
}

/// The diagonal output chunk `c` starts on, for an output of `n`.
fn diagonal(c: usize, n: usize) -> usize {
    c.saturating_mul(CHUNK).min(n)
}

/// Where each output chunk starts in `a` (of `a_len`), for an output of `n`: entry `c` for
/// `c` in `0..=chunks` (the last one the end), each a merge-path split by `b_before_a(j, i)`
/// ("`b[j]` goes strictly before `a[i]`"), made monotone by [`monotone_starts`].
fn chunk_starts(
    n: usize,
    a_len: usize,
    b_len: usize,
    b_before_a: impl Fn(usize, usize) -> bool + Sync,
) -> Vec<usize> {
    let chunks = n.div_ceil(CHUNK);
    let split = |c: usize| {
        merge_path(diagonal(c, n) as u64, a_len as u64, b_len as u64, |j, i| {
            b_before_a(j as usize, i as usize)
        }) as usize
    };
    let mut starts: Vec<usize> = if n >= PAR_MIN {
        (0..=chunks).into_par_iter().map(split).collect()
    } else {
        (0..=chunks).map(split).collect()
    };
    monotone_starts(&mut starts, n);
    starts
}

/// Makes the chunk starts in `a` monotone, so that chunk `c` takes the non-negative counts
/// `starts[c + 1] - starts[c]` from `a` and `(diagonal(c + 1) - starts[c + 1]) -
/// (diagonal(c) - starts[c])` from `b`. First a running maximum (`a`'s counts
/// non-negative), then a running minimum of `starts[c - 1]` plus the chunk's length (`b`'s
/// counts non-negative). Each start stays a feasible split of its diagonal
/// (`diagonal - b_len <= start <= min(diagonal, a_len)`), and starts that were monotone
/// already, as every search on sorted inputs gives, are left as they are.
fn monotone_starts(starts: &mut [usize], n: usize) {
    for c in 1..starts.len() {
        starts[c] = starts[c].max(starts[c - 1]);
    }
    for c in 1..starts.len() {
        let step = diagonal(c, n) - diagonal(c - 1, n);
        starts[c] = starts[c].min(starts[c - 1] + step);
    }
}

/// The stable merge of `a` and `b` into `out` (`min(out.len(), a.len() + b.len())` items) by
/// independent chunks, `b`'s item first only when `before(b, a)`: a permutation of the
/// merged items whatever `before` answers.
fn merge_chunked<T: Copy + Send + Sync>(
    a: &[T],
    b: &[T],
    out: &mut [T],
    before: &(impl Fn(T, T) -> bool + Sync),
) {
    let n = out.len().min(a.len() + b.len());
    let starts = chunk_starts(n, a.len(), b.len(), |j, i| before(b[j], a[i]));
    for_chunks_mut(n >= PAR_MIN, &mut out[..n], |c, oc| {
        let (i0, i1) = (starts[c], starts[c + 1]);
        let (j0, j1) = (diagonal(c, n) - i0, diagonal(c + 1, n) - i1);
        parallaxis_core::merge_into(&a[i0..i1], &b[j0..j1], oc, before);
    });
}

/// See [`parallaxis_core::reference::merge_by`]: the stable merge of `a` and `b` by `cmp` into
/// `out` (`min(out.len(), a.len() + b.len())` items), by independent chunks.
///
/// ```
/// let mut out = [0_u64; 5];
/// parallaxis_host::merge_by(parallaxis_core::Less, &[1, 4, 9], &[2, 4], &mut out);
/// assert_eq!(out, [1, 2, 4, 4, 9]);
/// ```
pub fn merge_by<T: DeviceCopy, C: Compare<T>>(cmp: C, a: &[T], b: &[T], out: &mut [T]) {
    merge_chunked(a, b, out, &|x, y| cmp.less(x, y));
}

/// See [`parallaxis_core::reference::merge_by_key_with`]: the stable merge of two lists of
/// pairs by key, by independent chunks.
///
/// ```
/// let (mut k, mut v) = ([0_u32; 3], [0.0_f32; 3]);
/// parallaxis_host::merge_by_key_with(parallaxis_core::Less, &[5], &[1.0], &[2, 5], &[2.0, 3.0],
///     &mut k, &mut v);
/// assert_eq!((k, v), ([2, 5, 5], [2.0, 1.0, 3.0]));
/// ```
pub fn merge_by_key_with<K: DeviceCopy, V: DeviceCopy, C: Compare<K>>(
    cmp: C,
    a_keys: &[K],
    a_values: &[V],
    b_keys: &[K],
    b_values: &[V],
    out_keys: &mut [K],
    out_values: &mut [V],
) {
    let na = a_keys.len().min(a_values.len());
    let nb = b_keys.len().min(b_values.len());
    let (ak, av, bk, bv) = (
        &a_keys[..na],
        &a_values[..na],
        &b_keys[..nb],
        &b_values[..nb],
    );
    let n = out_keys.len().min(out_values.len()).min(na + nb);
    let (ok, ov) = (&mut out_keys[..n], &mut out_values[..n]);
    let starts = chunk_starts(n, na, nb, |j, i| cmp.less(bk[j], ak[i]));
    let run = |c: usize, kc: &mut [K], vc: &mut [V]| {
        let (i0, i1) = (starts[c], starts[c + 1]);
        let (j0, j1) = (diagonal(c, n) - i0, diagonal(c + 1, n) - i1);
        let (a, b) = ((&ak[i0..i1], &av[i0..i1]), (&bk[j0..j1], &bv[j0..j1]));
        reference::merge_by_key_with(cmp, a.0, a.1, b.0, b.1, kc, vc);
    };
    if n >= PAR_MIN {
        ok.par_chunks_mut(CHUNK)
            .zip(ov.par_chunks_mut(CHUNK))
            .enumerate()
            .for_each(|(c, (kc, vc))| run(c, kc, vc));
    } else {
        for (c, (kc, vc)) in ok.chunks_mut(CHUNK).zip(ov.chunks_mut(CHUNK)).enumerate() {
            run(c, kc, vc);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use parallaxis_core::{Less, SplitMix64};

    /// A comparator that is no strict weak order: every item goes before every other.
    #[derive(Clone, Copy)]
    struct Always;
    impl Compare<u32> for Always {
        fn less(&self, _: u32, _: u32) -> bool {
            true
        }
    }

    /// Neither irreflexive nor transitive: by the parity of the two items' sum.
    #[derive(Clone, Copy)]
    struct Parity;
    impl Compare<u32> for Parity {
        fn less(&self, a: u32, b: u32) -> bool {
            (a.wrapping_add(b)) & 1 == 1
        }
    }

    fn random(n: usize, seed: u64, modulus: u32) -> Vec<u32> {
        let mut g = SplitMix64::new(seed);
        (0..n)
            .map(|_| (g.next_u64() % u64::from(modulus)) as u32)
            .collect()
    }

    fn sorted(mut v: Vec<u32>) -> Vec<u32> {
        v.sort_unstable();
        v
    }

    const SIZES: [usize; 6] = [0, 1, 4095, 40_000, CHUNK * 5 + 17, PAR_MIN * 3 + 5];

    #[test]
    fn monotone_starts_keeps_monotone_starts_and_repairs_the_rest() {
        let n = 3 * CHUNK + 10;
        let mut ok = vec![0, 5, CHUNK + 3, 2 * CHUNK, 2 * CHUNK + 10];
        let before = ok.clone();
        monotone_starts(&mut ok, n);
        assert_eq!(ok, before);
        // Falling, then jumping by more than a chunk.
        let mut bad = vec![0, 9, 2, 3 * CHUNK, 2 * CHUNK + 10];
        monotone_starts(&mut bad, n);
        for c in 1..bad.len() {
            let (da, db) = (bad[c] - bad[c - 1], diagonal(c, n) - diagonal(c - 1, n));
            assert!(da <= db, "{bad:?}");
        }
    }

    #[test]
    fn merges_of_unsorted_inputs_are_permutations() {
        for (k, &n) in SIZES.iter().enumerate() {
            let (a, b) = (
                random(n, k as u64, 1000),
                random(n / 3 + 1, 99 + k as u64, 1000),
            );
            let mut want = a.clone();
            want.extend(&b);
            let want = sorted(want);
            let mut out = vec![0; a.len() + b.len()];
            merge_by(Less, &a, &b, &mut out);
            assert_eq!(sorted(out.clone()), want, "merge_by, n = {n}");
            merge_by(Always, &a, &b, &mut out);
            assert_eq!(sorted(out.clone()), want, "merge_by Always, n = {n}");
            // Values stay with their keys: each value is its key's position tag.
            let av: Vec<u64> = (0..a.len() as u64).collect();
            let bv: Vec<u64> = (0..b.len() as u64).map(|i| i + (1 << 40)).collect();
            let mut ok = vec![0; out.len()];
            let mut ov = vec![0_u64; out.len()];
            merge_by_key_with(Parity, &a, &av, &b, &bv, &mut ok, &mut ov);
            assert_eq!(sorted(ok.clone()), want, "merge_by_key_with, n = {n}");
            let mut tags = ov.clone();
            tags.sort_unstable();
            let mut all = av.clone();
            all.extend(&bv);
            assert_eq!(tags, all, "values, n = {n}");
            for (&key, &tag) in ok.iter().zip(&ov) {
                let from = if tag >= 1 << 40 {
                    b[(tag - (1 << 40)) as usize]
                } else {
                    a[tag as usize]
                };
                assert_eq!(key, from, "a value left its key, n = {n}");
            }
        }
    }

    #[test]
    fn sorts_with_lying_comparators_finish_with_permutations() {
        for (k, &n) in SIZES.iter().enumerate() {
            let x = random(n, 7 + k as u64, 1 << 20);
            let want = sorted(x.clone());
            let mut out = vec![0; n];
            sort_by(Less, &x, &mut out).unwrap();
            assert_eq!(out, want, "Less, n = {n}");
            for name in ["Always", "Parity"] {
                match name {
                    "Always" => sort_by(Always, &x, &mut out).unwrap(),
                    _ => sort_by(Parity, &x, &mut out).unwrap(),
                }
                assert_eq!(sorted(out.clone()), want, "{name}, n = {n}");
            }
            let v: Vec<u32> = (0..n as u32).collect();
            let (mut ok, mut ov) = (vec![0; n], vec![0; n]);
            sort_by_key_with(Always, &x, &v, &mut ok, &mut ov).unwrap();
            assert_eq!(sorted(ov.clone()), v, "values, n = {n}");
            assert!(
                ok.iter().zip(&ov).all(|(&k, &i)| k == x[i as usize]),
                "n = {n}"
            );
        }
    }
}
