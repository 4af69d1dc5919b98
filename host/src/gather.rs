//! Gather, scatter and reverse on rayon: `CHUNK`-sized pieces of the output (gather,
//! reverse) or of the input (scatter) per task.
//!
//! Scatter writes through a shared pointer, which is sound only when no two positions name
//! the same destination. A parallel pass over a bitmap of the destination finds out first;
//! with a duplicate (or an index out of range) the scatter runs on the calling thread in
//! position order, so the last write wins, exactly as in the sequential reference.

use crate::chunk::split::{CHUNK, PAR_MIN_MAP};
use core::sync::atomic::{AtomicU64, Ordering};
use parallaxis_core::{reference, DeviceCopy, SparseIndex};
use rayon::prelude::*;

/// See [`parallaxis_core::reference::first_out_of_range`], in parallel: the first offending
/// position, as the reference finds it.
///
/// ```
/// assert_eq!(parallaxis_host::first_out_of_range(&[1_u64, 9, 0], None, 2), Some((1, 9)));
/// ```
pub fn first_out_of_range<I: SparseIndex>(
    map: &[I],
    stencil: Option<&[bool]>,
    len: usize,
) -> Option<(usize, usize)> {
    if map.len() < PAR_MIN_MAP {
        return reference::first_out_of_range(map, stencil, len);
    }
    map.par_chunks(CHUNK).enumerate().find_map_first(|(c, m)| {
        let s = stencil.map(|s| s.get(c * CHUNK..).unwrap_or(&[]));
        reference::first_out_of_range(m, s, len).map(|(i, v)| (c * CHUNK + i, v))
    })
}

/// See [`parallaxis_core::reference::gather`].
///
/// ```
/// let mut y = [0; 2];
/// parallaxis_host::gather(&[1_u32, 1], &[5, 6], &mut y);
/// assert_eq!(y, [6, 6]);
/// ```
pub fn gather<I: SparseIndex, T: DeviceCopy>(map: &[I], src: &[T], y: &mut [T]) {
    let n = map.len().min(y.len());
    for_out_chunks(&mut y[..n], |c, yc| {
        reference::gather(&map[c * CHUNK..], src, yc);
    });
}

/// See [`parallaxis_core::reference::gather_if`].
///
/// ```
/// let mut y = [0; 2];
/// parallaxis_host::gather_if(&[1_u32, 1], &[false, true], &[5, 6], &mut y);
/// assert_eq!(y, [0, 6]);
/// ```
pub fn gather_if<I: SparseIndex, T: DeviceCopy>(
    map: &[I],
    stencil: &[bool],
    src: &[T],
    y: &mut [T],
) {
    let n = map.len().min(stencil.len()).min(y.len());
    for_out_chunks(&mut y[..n], |c, yc| {
        reference::gather_if(&map[c * CHUNK..], &stencil[c * CHUNK..], src, yc);
    });
}

/// See [`parallaxis_core::reference::reverse`].
///
/// ```
/// let mut y = [0; 3];
/// parallaxis_host::reverse(&[1, 2, 3], &mut y);
/// assert_eq!(y, [3, 2, 1]);
/// ```
pub fn reverse<T: DeviceCopy>(x: &[T], y: &mut [T]) {
    let n = x.len().min(y.len());
    let x = &x[x.len() - n..];
    for_out_chunks(&mut y[..n], |c, yc| {
        // Output chunk `c` starts at `c * CHUNK` and reads the input backwards from there.
        let end = n - c * CHUNK;
        reference::reverse(&x[end - yc.len()..end], yc);
    });
}

/// See [`parallaxis_core::reference::scatter`]; with duplicate indices the last write wins,
/// as in the reference.
///
/// ```
/// let mut d = [0; 2];
/// parallaxis_host::scatter(&[7, 8, 9], &[1_u32, 0, 1], &mut d);
/// assert_eq!(d, [8, 9]);
/// ```
pub fn scatter<I: SparseIndex, T: DeviceCopy>(src: &[T], map: &[I], dst: &mut [T]) {
    scatter_where(src, map, None, dst);
}

/// See [`parallaxis_core::reference::scatter_if`]; duplicates as in [`scatter`].
///
/// ```
/// let mut d = [0; 2];
/// parallaxis_host::scatter_if(&[7, 8], &[1_u32, 0], &[true, false], &mut d);
/// assert_eq!(d, [0, 7]);
/// ```
pub fn scatter_if<I: SparseIndex, T: DeviceCopy>(
    src: &[T],
    map: &[I],
    stencil: &[bool],
    dst: &mut [T],
) {
    scatter_where(src, map, Some(stencil), dst);
}

fn scatter_where<I: SparseIndex, T: DeviceCopy>(
    src: &[T],
    map: &[I],
    stencil: Option<&[bool]>,
    dst: &mut [T],
) {
    let n = src.len().min(map.len());
    let n = stencil.map_or(n, |s| n.min(s.len()));
    let (src, map) = (&src[..n], &map[..n]);
    let on = |i: usize| stencil.is_none_or(|s| s[i]);
    if n < PAR_MIN_MAP || !distinct_in_range(map, &on, dst.len()) {
        match stencil {
            None => reference::scatter(src, map, dst),
            Some(s) => reference::scatter_if(src, map, &s[..n], dst),
        }
        return;
    }
    let out = SharedOut(dst.as_mut_ptr());
    src.par_chunks(CHUNK).enumerate().for_each(|(c, sc)| {
        let out = &out;
        for (k, &v) in sc.iter().enumerate() {
            let i = c * CHUNK + k;
            if on(i) {
                // SAFETY: `distinct_in_range` found every selected index below `dst.len()`
                // and no two equal, so each element of `dst` has at most one writer, and
                // `dst` is borrowed mutably for the whole call.
                unsafe { out.0.add(map[i].to_usize()).write(v) };
            }
        }
    });
}

/// `true` when every selected index is below `len` and no two are equal (a parallel pass
/// setting one bit per destination).
fn distinct_in_range<I: SparseIndex>(
    map: &[I],
    on: &(impl Fn(usize) -> bool + Sync),
    len: usize,
) -> bool {
    let bits: Vec<AtomicU64> = (0..len.div_ceil(64)).map(|_| AtomicU64::new(0)).collect();
    map.par_chunks(CHUNK).enumerate().all(|(c, m)| {
        m.iter().enumerate().all(|(k, &j)| {
            let j = j.to_usize();
            if !on(c * CHUNK + k) {
                return true;
            }
            if j >= len {
                return false;
            }
            let bit = 1u64 << (j % 64);
            bits[j / 64].fetch_or(bit, Ordering::Relaxed) & bit == 0
        })
    })
}

/// The destination of a parallel scatter, shared by the tasks.
struct SharedOut<T>(*mut T);
// SAFETY: the tasks write disjoint elements (checked by `distinct_in_range`) of values that
// are `Send`; the pointer itself is only copied.
unsafe impl<T: Send> Sync for SharedOut<T> {}

/// Calls `f(c, chunk)` for every `CHUNK`-sized piece of the output, in parallel above the
/// element-wise threshold.
fn for_out_chunks<T: Send>(y: &mut [T], f: impl Fn(usize, &mut [T]) + Sync + Send) {
    crate::chunk::split::for_chunks_mut(y.len() >= PAR_MIN_MAP, y, f);
}
