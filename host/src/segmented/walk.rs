//! The lane walk of a segmented scan: the lanes of [`crate::chunk::lanes`], driven by the
//! chunk's list of segment heads ([`super::heads`]).
//!
//! Between two heads (of any lane) every lane steps with `plain`, the step of an element
//! known not to be a head, in exactly the plain scan's loop; at a row where some lane has a
//! head, that row alone takes `step` with the head bit. With a head every 1000 elements a
//! full chunk (8 lanes of 2032 rows) has ~16 such rows, so the walk costs what the plain
//! scan costs plus the reading of the heads. A chunk with more than one head per
//! [`DENSE`](super::heads::DENSE) elements walks every element with `step` instead,
//! reading the heads element by element: there the rows between heads are too short to pay
//! for finding them.
//!
//! The values are those of `step` applied to every element in index order, whichever path
//! runs, so results depend on the input alone.

use super::heads::Heads;
use crate::chunk::lanes::{lane_width, lockstep, row_blocks, Lanes, Sink, LANES};
use crate::chunk::split::CHUNK;

/// The per-element operations of a walk (see [`walk_heads`]).
struct Ops<F, G, P> {
    first: F,
    step: G,
    plain: P,
}

/// The heads of the chunk `start..start + len`, as a list, or `None` when they are too
/// dense for one (see [`Heads::list`]).
pub(crate) fn find_heads<H: Heads>(heads: &H, start: usize, len: usize) -> Option<Vec<u32>> {
    let mut list = Vec::new();
    heads.list(start, len, &mut list).then_some(list)
}

/// Walks `x`, the values of the chunk that starts at `start`, into `out` in lanes, like
/// [`lockstep`] over the pairs `(x[i], head at i)` with the heads of `heads`:
/// `first(j, (x, head))` starts lane `j`, `step(s, (x, head))` continues a lane, and
/// `plain(s, x)` continues it with an element known not to be a head (`step(s, (x, false))`
/// minus the head test). `found` is the chunk's [`find_heads`]: with a list the walk runs
/// between heads, without one it reads the heads element by element. `None` when empty.
#[allow(clippy::too_many_arguments)] // the three steps are separate closures for inference
#[inline(always)]
pub(crate) fn walk_heads<H: Heads, A: Copy, W: Sink, S: Copy, F, G, P>(
    heads: &H,
    start: usize,
    found: Option<&[u32]>,
    x: &[A],
    mut out: W,
    first: F,
    step: G,
    plain: P,
) -> Option<Lanes<S>>
where
    F: Fn(usize, (A, bool)) -> (S, W::Item),
    G: Fn(S, (A, bool)) -> (S, W::Item),
    P: Fn(S, A) -> (S, W::Item),
{
    let x = &x[..x.len().min(out.len())];
    let n = x.len();
    let Some(list) = found else {
        let mut buf = Vec::new();
        return lockstep(heads.source(x, start, &mut buf), out, first, step);
    };
    if n == 0 {
        return None;
    }
    let ops = Ops { first, step, plain };
    Some(if n == CHUNK {
        sparse::<true, A, W, S, F, G, P>(x, list, &mut out, &ops)
    } else {
        sparse::<false, A, W, S, F, G, P>(x, list, &mut out, &ops)
    })
}

/// The row of lane `j` (of width `q`) where its next head is, at or after row `i`: the head
/// `heads[k]`, or `q` when that lies past the lane (or there is none).
#[inline(always)]
fn head_row(heads: &[u32], k: usize, j: usize, q: usize, i: usize) -> usize {
    heads
        .get(k)
        .map_or(q, |&p| (p as usize).saturating_sub(j * q).max(i).min(q))
}

/// The list walk of [`walk_heads`] over `x` (`1 <= x.len() <= out.len()`); `FULL` means
/// `x.len() == CHUNK`. Never inlined, so the full-chunk copy keeps its constant lane offsets
/// (see `chunk::lanes::walk`).
#[inline(never)]
fn sparse<const FULL: bool, A: Copy, W: Sink, S: Copy, F, G, P>(
    x: &[A],
    heads: &[u32],
    out: &mut W,
    ops: &Ops<F, G, P>,
) -> Lanes<S>
where
    F: Fn(usize, (A, bool)) -> (S, W::Item),
    G: Fn(S, (A, bool)) -> (S, W::Item),
    P: Fn(S, A) -> (S, W::Item),
{
    let n = if FULL { CHUNK } else { x.len() };
    let q = lane_width(n);
    if q == 0 {
        // SAFETY: 1 <= n = x.len() <= out.len().
        let s = unsafe { run(x, heads, out, 0..n, None, ops) };
        return Lanes {
            s: [s; LANES],
            count: 1,
        };
    }
    // Lane `j < LANES` covers `j*q..(j+1)*q`, below `LANES*q <= n`; the tail `LANES*q..n`
    // continues the last lane; `n` is at most `x.len()` and `out.len()`.
    let mut k: [usize; LANES] =
        core::array::from_fn(|j| heads.partition_point(|&p| (p as usize) < j * q));
    let mut s: [S; LANES] = core::array::from_fn(|j| {
        let h = heads.get(k[j]).is_some_and(|&p| p as usize == j * q);
        k[j] += usize::from(h);
        // SAFETY: `j*q < n`, see above.
        unsafe {
            let (s, o) = (ops.first)(j, (*x.get_unchecked(j * q), h));
            out.put(j * q, o);
            s
        }
    });
    let mut next: [usize; LANES] = core::array::from_fn(|j| head_row(heads, k[j], j, q, 1));
    let mut i = 1;
    loop {
        let e = next.iter().fold(q, |a, &r| a.min(r));
        // SAFETY: rows `i..e` lie below `q`, see above.
        unsafe { row_blocks(&x, out, &mut s, q, i..e, &ops.plain) };
        if e >= q {
            break;
        }
        for j in 0..LANES {
            let at = j * q + e;
            // SAFETY: `e < q`, so `at < n`, see above.
            let v = unsafe { *x.get_unchecked(at) };
            let (t, o) = if next[j] == e {
                k[j] += 1;
                next[j] = head_row(heads, k[j], j, q, e + 1);
                (ops.step)(s[j], (v, true))
            } else {
                (ops.plain)(s[j], v)
            };
            // SAFETY: as for the read.
            unsafe { out.put(at, o) };
            s[j] = t;
        }
        i = e + 1;
    }
    if LANES * q < n {
        // SAFETY: LANES*q < n <= x.len() <= out.len().
        s[LANES - 1] = unsafe { run(x, heads, out, LANES * q..n, Some(s[LANES - 1]), ops) };
    }
    Lanes { s, count: LANES }
}

/// Walks `r` as one lane, from the state `from` (`None`: `r.start` starts lane 0), with
/// `plain` between heads and `step` on them; returns the final state.
///
/// # Safety
/// `r.start < r.end <= min(x.len(), out.len())`.
#[inline(always)]
unsafe fn run<A: Copy, W: Sink, S: Copy, F, G, P>(
    x: &[A],
    heads: &[u32],
    out: &mut W,
    r: core::ops::Range<usize>,
    from: Option<S>,
    ops: &Ops<F, G, P>,
) -> S
where
    F: Fn(usize, (A, bool)) -> (S, W::Item),
    G: Fn(S, (A, bool)) -> (S, W::Item),
    P: Fn(S, A) -> (S, W::Item),
{
    let mut k = heads.partition_point(|&p| (p as usize) < r.start);
    let h = heads.get(k).is_some_and(|&p| p as usize == r.start);
    k += usize::from(h);
    // SAFETY: `r.start < r.end`, in bounds by the caller's guarantee.
    let v = (unsafe { *x.get_unchecked(r.start) }, h);
    let (mut s, o) = match from {
        Some(s) => (ops.step)(s, v),
        None => (ops.first)(0, v),
    };
    // SAFETY: as for the read.
    unsafe { out.put(r.start, o) };
    let mut i = r.start + 1;
    while i < r.end {
        let e = heads
            .get(k)
            .map_or(r.end, |&p| (p as usize).max(i).min(r.end));
        for t in i..e {
            // SAFETY: `t < e <= r.end`.
            let (u, o) = unsafe { (ops.plain)(s, *x.get_unchecked(t)) };
            // SAFETY: as for the read.
            unsafe { out.put(t, o) };
            s = u;
        }
        if e < r.end {
            // SAFETY: `e < r.end`.
            let (u, o) = unsafe { (ops.step)(s, (*x.get_unchecked(e), true)) };
            // SAFETY: as for the read.
            unsafe { out.put(e, o) };
            s = u;
            k += 1;
        }
        i = e + 1;
    }
    s
}
