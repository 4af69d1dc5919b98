//! Segmented scans by flags, keys and offsets: the reduce-then-scan skeleton of
//! [`crate::chunk::scan`] with the segmented lift [`Segmented`] as the carry monoid, each
//! chunk walked by [`walk_heads`] from its list of heads.
//!
//! A lane's total is a [`Flagged`] value: `head` says whether a segment starts inside the
//! lane, `value` folds the lane from its last head (or from its start when it has none), so
//! `Segmented(m)` folds the totals into each lane's carry exactly as the sequential scan
//! would run across the lane edges. For an exclusive scan the value after a head starts from
//! `init`, which makes the same fold produce exclusive carries.

use super::heads::{FlagHeads, Heads, OffsetHeads};
use super::key_heads::KeyHeads;
use super::walk::{find_heads, walk_heads};
use crate::chunk::lanes::{Discard, Lanes, LANES};
use crate::chunk::scan::{chunked_scan, LaneScan};
use parallaxis_core::reference::ScanKind;
use parallaxis_core::{DeviceCopy, Flagged, Monoid, Segmented};

/// A segmented scan of `x` with heads from `heads`.
struct SegScan<'a, T, M, H> {
    x: &'a [T],
    m: M,
    heads: H,
    kind: ScanKind<T>,
}

impl<T: DeviceCopy, M: Monoid<T>, H: Heads> LaneScan for SegScan<'_, T, M, H> {
    type Carry = Flagged<T>;
    type Out = T;
    type Found = Option<Vec<u32>>;

    fn fold_carry(&self, a: Flagged<T>, b: Flagged<T>) -> Flagged<T> {
        Segmented(self.m).combine(a, b)
    }

    fn totals(&self, start: usize, end: usize) -> Option<(Lanes<Flagged<T>>, Self::Found)> {
        let m = self.m;
        let x = self.x.get(start..end)?;
        let found = find_heads(&self.heads, start, x.len());
        let plain = |s: Flagged<T>, v| (Flagged::new(m.combine(s.value, v), s.head), ());
        let lanes = match self.kind {
            ScanKind::Inclusive => walk_heads(
                &self.heads,
                start,
                found.as_deref(),
                x,
                Discard,
                |_, (v, h)| (Flagged::new(v, h), ()),
                |s: Flagged<T>, (v, h)| {
                    let c = m.combine(s.value, v);
                    (Flagged::new(if h { v } else { c }, s.head | h), ())
                },
                plain,
            ),
            ScanKind::Exclusive(init) => walk_heads(
                &self.heads,
                start,
                found.as_deref(),
                x,
                Discard,
                |_, (v, h)| (Flagged::new(if h { m.combine(init, v) } else { v }, h), ()),
                |s: Flagged<T>, (v, h)| {
                    let base = if h { init } else { s.value };
                    (Flagged::new(m.combine(base, v), s.head | h), ())
                },
                plain,
            ),
        }?;
        Some((lanes, found))
    }

    fn scan(
        &self,
        start: usize,
        seeds: &[Option<Flagged<T>>; LANES],
        found: &Self::Found,
        y: &mut [T],
    ) {
        let m = self.m;
        let Some(x) = self.x.get(start..start + y.len()) else {
            return;
        };
        match self.kind {
            ScanKind::Inclusive => walk_heads(
                &self.heads,
                start,
                found.as_deref(),
                x,
                y,
                |j, (v, h)| {
                    let a = match seeds[j] {
                        Some(c) if !h => m.combine(c.value, v),
                        _ => v,
                    };
                    (a, a)
                },
                |a, (v, h)| {
                    let c = m.combine(a, v);
                    let a = if h { v } else { c };
                    (a, a)
                },
                |a, v| {
                    let a = m.combine(a, v);
                    (a, a)
                },
            ),
            ScanKind::Exclusive(init) => walk_heads(
                &self.heads,
                start,
                found.as_deref(),
                x,
                y,
                |j, (v, h)| {
                    let a = match seeds[j] {
                        Some(c) if !h => c.value,
                        _ => init,
                    };
                    (m.combine(a, v), a)
                },
                |a, (v, h)| {
                    let a = if h { init } else { a };
                    (m.combine(a, v), a)
                },
                |a, v| (m.combine(a, v), a),
            ),
        };
    }
}

/// Runs a segmented scan over the common prefix of `x`, `y` and the heads' input (`len`).
fn run<T: DeviceCopy, M: Monoid<T>, H: Heads>(
    m: M,
    heads: H,
    len: usize,
    x: &[T],
    y: &mut [T],
    kind: ScanKind<T>,
) {
    let n = x.len().min(y.len()).min(len);
    let first = match kind {
        ScanKind::Inclusive => None,
        ScanKind::Exclusive(init) => Some(Flagged::new(init, true)),
    };
    let s = SegScan {
        x: &x[..n],
        m,
        heads,
        kind,
    };
    chunked_scan(&s, &mut y[..n], first);
}

/// See [`parallaxis_core::reference::scan_by_flags`].
///
/// ```
/// use parallaxis_core::{reference::ScanKind, Sum};
/// let mut y = [0; 5];
/// let flags = [true, false, true, false, false];
/// parallaxis_host::scan_by_flags(Sum, &flags, &[1, 2, 3, 4, 5], &mut y, ScanKind::Inclusive);
/// assert_eq!(y, [1, 3, 3, 7, 12]);
/// ```
pub fn scan_by_flags<T: DeviceCopy, M: Monoid<T>>(
    m: M,
    flags: &[bool],
    x: &[T],
    y: &mut [T],
    kind: ScanKind<T>,
) {
    run(m, FlagHeads(flags), flags.len(), x, y, kind);
}

/// See [`parallaxis_core::reference::scan_by_keys`].
///
/// ```
/// use parallaxis_core::{reference::ScanKind, Sum};
/// let mut y = [0; 4];
/// let keys = [7, 7, 2, 2];
/// parallaxis_host::scan_by_keys(Sum, &keys, &[1, 2, 3, 4], &mut y, ScanKind::Exclusive(0));
/// assert_eq!(y, [0, 1, 0, 3]);
/// ```
pub fn scan_by_keys<K: DeviceCopy + PartialEq, T: DeviceCopy, M: Monoid<T>>(
    m: M,
    keys: &[K],
    x: &[T],
    y: &mut [T],
    kind: ScanKind<T>,
) {
    run(m, KeyHeads(keys), keys.len(), x, y, kind);
}

/// See [`parallaxis_core::reference::scan_by_offsets`]. Inputs are assumed validated (offsets
/// start at 0, never decrease, end at `x.len()`); others give unspecified values, never a
/// panic.
///
/// ```
/// use parallaxis_core::{reference::ScanKind, Sum};
/// let mut y = [0; 4];
/// let offsets = [0, 1, 1, 4]; // [1] [] [2 3 4]
/// parallaxis_host::scan_by_offsets(Sum, &offsets, &[1, 2, 3, 4], &mut y, ScanKind::Inclusive);
/// assert_eq!(y, [1, 2, 5, 9]);
/// ```
pub fn scan_by_offsets<T: DeviceCopy, M: Monoid<T>>(
    m: M,
    offsets: &[usize],
    x: &[T],
    y: &mut [T],
    kind: ScanKind<T>,
) {
    run(m, OffsetHeads(offsets), usize::MAX, x, y, kind);
}
