//! The set operations on sorted multisets (`parallaxis_core::SetOp`) on the host.
//!
//! The two inputs are cut into pieces of about [`CHUNK`] items by balanced paths
//! ([`balanced_path`], the GPU's split too), which never part an item of `a` from its equal
//! partner in `b`, so each piece walks on its own: a first pass counts what each piece
//! emits, a prefix sum places the pieces, a second pass writes them. Results equal the
//! sequential reference's. On inputs that are not sorted the splits need not be monotone, so
//! they are made monotone first (each piece then walks its own disjoint ranges of `a` and
//! `b`, and the output is some selection of their items, never an access out of bounds).

use crate::chunk::split::{CHUNK, PAR_MIN};
use parallaxis_core::{
    balanced_path, reference, try_filled_vec, Compare, DeviceCopy, Result, SetOp,
};
use rayon::prelude::*;

/// A piece of the walk: `a[a0..a1]` and `b[b0..b1]`.
#[derive(Clone, Copy)]
struct Piece {
    a0: usize,
    a1: usize,
    b0: usize,
    b1: usize,
}

/// The pieces of `a` and `b` under `cmp`: balanced-path splits every [`CHUNK`] items,
/// made monotone in both lists.
fn pieces<T: Copy + Sync, C: Compare<T>>(cmp: &C, a: &[T], b: &[T]) -> Vec<Piece> {
    let n = a.len() + b.len();
    let cuts = n.div_ceil(CHUNK);
    let split = |c: usize| {
        let d = (c * CHUNK).min(n) as u64;
        let (i, j) = balanced_path(
            cmp,
            d,
            a.len() as u64,
            b.len() as u64,
            |i| a[i as usize],
            |j| b[j as usize],
        );
        (i as usize, j as usize)
    };
    let mut at: Vec<(usize, usize)> = if n >= PAR_MIN {
        (0..=cuts).into_par_iter().map(split).collect()
    } else {
        (0..=cuts).map(split).collect()
    };
    if let Some(last) = at.last_mut() {
        *last = (a.len(), b.len());
    }
    for c in 1..at.len() {
        at[c].0 = at[c].0.max(at[c - 1].0);
        at[c].1 = at[c].1.max(at[c - 1].1);
    }
    at.windows(2)
        .map(|w| Piece {
            a0: w[0].0,
            a1: w[1].0,
            b0: w[0].1,
            b1: w[1].1,
        })
        .collect()
}

/// Where each piece's output starts (and the total last): the prefix sum of their counts.
fn offsets(counts: &[usize]) -> Vec<usize> {
    let mut at = Vec::with_capacity(counts.len() + 1);
    let mut sum = 0;
    at.push(0);
    for &c in counts {
        sum += c;
        at.push(sum);
    }
    at
}

/// `out` cut into consecutive pieces at `at` (a prefix sum ending at `out.len()`).
fn cut_mut<'a, T>(mut out: &'a mut [T], at: &[usize]) -> Vec<&'a mut [T]> {
    let mut parts = Vec::with_capacity(at.len().saturating_sub(1));
    for w in at.windows(2) {
        let (head, rest) = out.split_at_mut(w[1] - w[0]);
        parts.push(head);
        out = rest;
    }
    parts
}

/// What each piece emits, counted on the pool where the input is large.
fn counts<T: DeviceCopy, C: Compare<T>>(
    op: SetOp,
    cmp: C,
    a: &[T],
    b: &[T],
    pieces: &[Piece],
) -> Vec<usize> {
    let count = |p: &Piece| reference::set_op_count(op, cmp, &a[p.a0..p.a1], &b[p.b0..p.b1]);
    if a.len() + b.len() >= PAR_MIN {
        pieces.par_iter().map(count).collect()
    } else {
        pieces.iter().map(count).collect()
    }
}

/// See [`parallaxis_core::reference::set_op_vec`]: the set operation `op` of sorted `a` and
/// `b` under `cmp`, in a new vector of exactly the items emitted, by independent pieces.
///
/// # Errors
/// [`Error::OutOfMemory`](parallaxis_core::Error::OutOfMemory) for the output.
///
/// ```
/// use parallaxis_core::{Less, SetOp};
/// let u = parallaxis_host::set_op_vec(SetOp::Union, Less, &[1_u32, 3, 3], &[2, 3])?;
/// assert_eq!(u, [1, 2, 3, 3]);
/// # Ok::<(), parallaxis_core::Error>(())
/// ```
pub fn set_op_vec<T: DeviceCopy, C: Compare<T>>(
    op: SetOp,
    cmp: C,
    a: &[T],
    b: &[T],
) -> Result<Vec<T>> {
    let pieces = pieces(&cmp, a, b);
    let at = offsets(&counts(op, cmp, a, b, &pieces));
    let total = at.last().copied().unwrap_or(0);
    let Some(&fill) = a.first().or(b.first()) else {
        return Ok(Vec::new());
    };
    let mut out = try_filled_vec(total, fill)?;
    let write = |(p, o): (&Piece, &mut [T])| {
        reference::set_op_by(op, cmp, &a[p.a0..p.a1], &b[p.b0..p.b1], o);
    };
    let parts = cut_mut(&mut out, &at);
    if a.len() + b.len() >= PAR_MIN {
        pieces.par_iter().zip(parts).for_each(write);
    } else {
        pieces.iter().zip(parts).for_each(write);
    }
    Ok(out)
}

/// See [`parallaxis_core::reference::set_op_by_key_vec`]: [`set_op_vec`] of key-value pairs
/// by key, each emitted key with its own value, by independent pieces.
///
/// # Errors
/// [`Error::OutOfMemory`](parallaxis_core::Error::OutOfMemory) for the outputs.
///
/// ```
/// use parallaxis_core::{Less, SetOp};
/// let (k, v) = parallaxis_host::set_op_by_key_vec(
///     SetOp::Difference, Less, &[1_u32, 2, 5], &[10_u8, 20, 50], &[2], &[99])?;
/// assert_eq!((k, v), (vec![1, 5], vec![10, 50]));
/// # Ok::<(), parallaxis_core::Error>(())
/// ```
#[allow(clippy::type_complexity)]
pub fn set_op_by_key_vec<K: DeviceCopy, V: DeviceCopy, C: Compare<K>>(
    op: SetOp,
    cmp: C,
    a_keys: &[K],
    a_values: &[V],
    b_keys: &[K],
    b_values: &[V],
) -> Result<(Vec<K>, Vec<V>)> {
    let na = a_keys.len().min(a_values.len());
    let nb = b_keys.len().min(b_values.len());
    let (ak, av, bk, bv) = (
        &a_keys[..na],
        &a_values[..na],
        &b_keys[..nb],
        &b_values[..nb],
    );
    let pieces = pieces(&cmp, ak, bk);
    let at = offsets(&counts(op, cmp, ak, bk, &pieces));
    let total = at.last().copied().unwrap_or(0);
    let (Some(&k0), Some(&v0)) = (ak.first().or(bk.first()), av.first().or(bv.first())) else {
        return Ok((Vec::new(), Vec::new()));
    };
    let mut keys = try_filled_vec(total, k0)?;
    let mut values = try_filled_vec(total, v0)?;
    let write = |((p, ko), vo): ((&Piece, &mut [K]), &mut [V])| {
        let (a, b) = ((p.a0..p.a1), (p.b0..p.b1));
        reference::set_op_by_key_with(
            op,
            cmp,
            &ak[a.clone()],
            &av[a],
            &bk[b.clone()],
            &bv[b],
            ko,
            vo,
        );
    };
    let (kparts, vparts) = (cut_mut(&mut keys, &at), cut_mut(&mut values, &at));
    if na + nb >= PAR_MIN {
        pieces.par_iter().zip(kparts).zip(vparts).for_each(write);
    } else {
        pieces.iter().zip(kparts).zip(vparts).for_each(write);
    }
    Ok((keys, values))
}
