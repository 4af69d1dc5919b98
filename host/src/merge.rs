//! Merge sort and merge by a [`Compare`] order on the host. The sorts order `(item, position)`
//! pairs with rayon's in-place unstable sort, the position breaking ties: a stable sort whose
//! one allocation, the pairs, is fallible (rayon's stable `par_sort_by` allocates a buffer it
//! cannot report the failure of). The merges cut the
//! output into the fixed chunks of [`crate::chunk::split`], find where each chunk starts in
//! `a` and `b` by a merge-path search on its diagonal ([`merge_path`], the GPU's split too),
//! and merge the chunks independently: results equal the sequential reference's.

use crate::chunk::split::{for_chunks_mut, CHUNK, PAR_MIN};
use parallax_core::{merge_path, reference, try_with_capacity, Compare, DeviceCopy, Result};
use rayon::prelude::*;

/// Below this many elements a sort runs the reference on the calling thread.
const SMALL: usize = 4096;

/// `(key(i), i)` for `i < n`, sorted by `cmp` on the key with the position breaking ties.
///
/// # Errors
/// [`Error::OutOfMemory`](parallax_core::Error::OutOfMemory) for the pairs.
fn stable_pairs<K: DeviceCopy, C: Compare<K>>(
    cmp: C,
    n: usize,
    key: impl Fn(usize) -> K + Sync + Send,
) -> Result<Vec<(K, usize)>> {
    let mut pairs = try_with_capacity::<(K, usize)>(n)?;
    // The capacity is there: an indexed `par_extend` of `n` items does not allocate again.
    pairs.par_extend((0..n).into_par_iter().map(|i| (key(i), i)));
    pairs.par_sort_unstable_by(|a, b| cmp.ordering(a.0, b.0).then(a.1.cmp(&b.1)));
    Ok(pairs)
}

/// See [`parallax_core::reference::sort_by`]: `x` sorted stably by `cmp` into `out`.
///
/// # Errors
/// [`Error::OutOfMemory`](parallax_core::Error::OutOfMemory) for the sort's pairs.
///
/// ```
/// let mut out = [0_u32; 4];
/// parallax_host::sort_by(parallax_core::Greater, &[2, 9, 4, 9], &mut out)?;
/// assert_eq!(out, [9, 9, 4, 2]);
/// # Ok::<(), parallax_core::Error>(())
/// ```
pub fn sort_by<T: DeviceCopy, C: Compare<T>>(cmp: C, x: &[T], out: &mut [T]) -> Result<()> {
    let n = x.len().min(out.len());
    if n < SMALL {
        return reference::sort_by(cmp, &x[..n], &mut out[..n]);
    }
    let pairs = stable_pairs(cmp, n, |i| x[i])?;
    out[..n]
        .par_iter_mut()
        .zip(&pairs)
        .for_each(|(o, &(v, _))| *o = v);
    Ok(())
}

/// See [`parallax_core::reference::sort_by_key_with`]: the pairs sorted stably by key under
/// `cmp`.
///
/// # Errors
/// [`Error::OutOfMemory`](parallax_core::Error::OutOfMemory) for the sort's pairs.
///
/// ```
/// let (mut k, mut v) = ([0_i32; 3], [0_u8; 3]);
/// parallax_host::sort_by_key_with(parallax_core::Less, &[3, -1, 3], &[1, 2, 3], &mut k, &mut v)?;
/// assert_eq!((k, v), ([-1, 3, 3], [2, 1, 3]));
/// # Ok::<(), parallax_core::Error>(())
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
    let pairs = stable_pairs(cmp, n, |i| keys[i])?;
    out_keys[..n]
        .par_iter_mut()
        .zip(&mut out_values[..n])
        .zip(&pairs)
        .for_each(|((ok, ov), &(k, i))| {
            *ok = k;
            *ov = values[i];
        });
    Ok(())
}

/// Where output chunk `c` starts in `a` and `b`: its diagonal's merge-path split.
fn chunk_start<T: Copy, C: Compare<T>>(cmp: C, a: &[T], b: &[T], c: usize) -> (usize, usize) {
    let diag = (c * CHUNK).min(a.len() + b.len());
    let i = merge_path(diag as u64, a.len() as u64, b.len() as u64, |j, i| {
        cmp.less(b[j as usize], a[i as usize])
    }) as usize;
    (i, diag - i)
}

/// See [`parallax_core::reference::merge_by`]: the stable merge of `a` and `b` by `cmp` into
/// `out` (`min(out.len(), a.len() + b.len())` items), by independent chunks.
///
/// ```
/// let mut out = [0_u64; 5];
/// parallax_host::merge_by(parallax_core::Less, &[1, 4, 9], &[2, 4], &mut out);
/// assert_eq!(out, [1, 2, 4, 4, 9]);
/// ```
pub fn merge_by<T: DeviceCopy, C: Compare<T>>(cmp: C, a: &[T], b: &[T], out: &mut [T]) {
    let n = out.len().min(a.len() + b.len());
    for_chunks_mut(n >= PAR_MIN, &mut out[..n], |c, oc| {
        let (i, j) = chunk_start(cmp, a, b, c);
        reference::merge_by(cmp, &a[i..], &b[j..], oc);
    });
}

/// See [`parallax_core::reference::merge_by_key_with`]: the stable merge of two lists of
/// pairs by key, by independent chunks.
///
/// ```
/// let (mut k, mut v) = ([0_u32; 3], [0.0_f32; 3]);
/// parallax_host::merge_by_key_with(parallax_core::Less, &[5], &[1.0], &[2, 5], &[2.0, 3.0],
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
    let run = |c: usize, kc: &mut [K], vc: &mut [V]| {
        let (i, j) = chunk_start(cmp, ak, bk, c);
        reference::merge_by_key_with(cmp, &ak[i..], &av[i..], &bk[j..], &bv[j..], kc, vc);
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
