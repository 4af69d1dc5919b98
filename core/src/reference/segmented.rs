use super::ScanKind;
use crate::Monoid;

/// Segmented scan where `is_head(i)` says that a segment starts at `i` (index 0 always
/// starts one). Inclusive: `y[i]` folds its segment from the head through `i`, starting from
/// the identity. Exclusive(init): `y[head] = init`, then `y[i] = y[i-1] ⊕ x[i-1]`.
fn scan_with_heads<T: Copy, M: Monoid<T>>(
    m: M,
    is_head: impl Fn(usize) -> bool,
    x: &[T],
    y: &mut [T],
    kind: ScanKind<T>,
) {
    let mut acc = m.identity();
    for (i, (yi, &xi)) in y.iter_mut().zip(x).enumerate() {
        let head = i == 0 || is_head(i);
        match kind {
            ScanKind::Inclusive => {
                acc = if head { xi } else { m.combine(acc, xi) };
                *yi = acc;
            }
            ScanKind::Exclusive(init) => {
                if head {
                    acc = init;
                }
                *yi = acc;
                acc = m.combine(acc, xi);
            }
        }
    }
}

/// Segmented scan by head flags: `flags[i] == true` starts a segment at `i`.
pub fn scan_by_flags<T: Copy, M: Monoid<T>>(
    m: M,
    flags: &[bool],
    x: &[T],
    y: &mut [T],
    kind: ScanKind<T>,
) {
    scan_with_heads(m, |i| flags.get(i).copied().unwrap_or(false), x, y, kind);
}

/// Segmented scan by keys: a segment is a maximal run of equal consecutive keys.
pub fn scan_by_keys<K: PartialEq, T: Copy, M: Monoid<T>>(
    m: M,
    keys: &[K],
    x: &[T],
    y: &mut [T],
    kind: ScanKind<T>,
) {
    scan_with_heads(m, |i| keys.get(i) != keys.get(i - 1), x, y, kind);
}

/// Segmented scan by offsets: segment `s` is `offsets[s]..offsets[s + 1]` (empty segments
/// allowed; `offsets` starts at 0, ends at `x.len()` and never decreases).
pub fn scan_by_offsets<T: Copy, M: Monoid<T>>(
    m: M,
    offsets: &[usize],
    x: &[T],
    y: &mut [T],
    kind: ScanKind<T>,
) {
    for w in offsets.windows(2) {
        let (Some(xs), Some(ys)) = (x.get(w[0]..w[1]), y.get_mut(w[0]..w[1])) else {
            continue;
        };
        scan_with_heads(m, |_| false, xs, ys, kind);
    }
}

/// Reduce by key: each maximal run of equal consecutive keys becomes one output pair
/// `(key, fold of its values from the identity)`. Writes the runs to the front of
/// `out_keys`/`out_values` (each needs room for `keys.len()` runs) and returns their count.
pub fn reduce_by_key<K: PartialEq + Copy, T: Copy, M: Monoid<T>>(
    m: M,
    keys: &[K],
    x: &[T],
    out_keys: &mut [K],
    out_values: &mut [T],
) -> usize {
    let mut runs = 0;
    for (i, (&k, &v)) in keys.iter().zip(x).enumerate() {
        if i == 0 || keys[i - 1] != k {
            if runs >= out_keys.len() || runs >= out_values.len() {
                break;
            }
            out_keys[runs] = k;
            out_values[runs] = m.combine(m.identity(), v);
            runs += 1;
        } else {
            out_values[runs - 1] = m.combine(out_values[runs - 1], v);
        }
    }
    runs
}

/// Segmented reduce by offsets: `y[s]` folds `x[offsets[s]..offsets[s + 1]]` from the
/// identity (so an empty segment gives the identity).
pub fn segmented_reduce<T: Copy, M: Monoid<T>>(m: M, offsets: &[usize], x: &[T], y: &mut [T]) {
    for (w, ys) in offsets.windows(2).zip(y.iter_mut()) {
        let seg = x.get(w[0]..w[1]).unwrap_or(&[]);
        *ys = super::reduce(m, seg);
    }
}
