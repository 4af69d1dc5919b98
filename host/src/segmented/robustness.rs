//! Unit tests: the segmented scans against the reference on head layouts aimed at the lane
//! walk by head list ([`super::walk`]): heads on lane starts, ends and in the tail rows,
//! every density around the dense switch, chunks that turn dense after a sparse start and
//! the other way round, no heads at all. Affine maps (non-commutative) and integers, exact.

use crate::*;
use parallaxis_core::reference::{self as seq, ScanKind};
use parallaxis_core::{Affine, AffineMap, DeviceCopy, Monoid, Sum};

/// The lane width of a full chunk (`chunk::lanes::lane_width(CHUNK)`).
const Q: usize = CHUNK / 8 - 16;

/// Sizes: one short chunk (a single lane), two full chunks and a short one with lanes,
/// and five chunks and a bit (parallel).
const SIZES: [usize; 3] = [300, 2 * CHUNK + 1000 + 5, 5 * CHUNK + 7];

fn ints(n: usize) -> Vec<i64> {
    (0..n as i64).map(|i| (i * 7919) % 1013 - 500).collect()
}

/// Head positions below `n` for layout `kind`.
fn layout(n: usize, kind: usize) -> Vec<usize> {
    let every = |len: usize| (0..n).step_by(len).collect::<Vec<_>>();
    let chunks = (0..n).step_by(CHUNK);
    let mut h: Vec<usize> = match kind {
        0 => vec![],
        1..=12 => every([1, 2, 3, 9, 10, 11, 17, 33, 100, 1000, Q, Q + 1][kind - 1]),
        // Lane starts, the rows next to them, the tail rows and the chunk's last element.
        13 => chunks
            .flat_map(|c| {
                (0..8)
                    .flat_map(move |j| [c + j * Q, c + j * Q + 1, (c + j * Q).saturating_sub(1)])
                    .chain([c + 8 * Q, c + 8 * Q + 5, c + CHUNK - 1])
            })
            .collect(),
        // A dense start, then sparse: the list is given up on at once.
        14 => chunks
            .flat_map(|c| (c..c + 40).chain((c + 40..c + CHUNK).step_by(777)))
            .collect(),
        // Sparse, then dense at the end: the list is given up on late.
        15 => chunks
            .flat_map(|c| {
                (c..c + CHUNK - 600)
                    .step_by(500)
                    .chain(c + CHUNK - 600..c + CHUNK)
            })
            .collect(),
        // The same head in every lane on one row, and a row of heads in one lane only.
        _ => chunks
            .flat_map(|c| {
                (0..8)
                    .map(move |j| c + j * Q + 77)
                    .chain(c + 3 * Q + 1..c + 3 * Q + 9)
            })
            .collect(),
    };
    h.retain(|&p| p < n);
    h.sort_unstable();
    h.dedup();
    h
}

/// The flags, keys and offsets of heads `h` over `n` elements (empty segments at every
/// third head, for the offsets).
fn forms(h: &[usize], n: usize) -> (Vec<bool>, Vec<u8>, Vec<usize>) {
    let mut flags = vec![false; n];
    for &p in h {
        flags[p] = true;
    }
    let mut keys = vec![0; n];
    let mut k = 0_u8;
    for (i, key) in keys.iter_mut().enumerate() {
        if flags[i] {
            k = (k + 1) % 3;
        }
        *key = k;
    }
    let mut offsets = vec![0];
    for (s, &p) in h.iter().enumerate() {
        offsets.push(p);
        if s % 3 == 0 {
            offsets.push(p);
        }
    }
    offsets.push(n);
    offsets.sort_unstable();
    (flags, keys, offsets)
}

fn check<T: DeviceCopy + PartialEq + core::fmt::Debug, M: Monoid<T>>(m: M, init: T, x: &[T]) {
    let n = x.len();
    let (mut y, mut want) = (x.to_vec(), x.to_vec());
    for kind in 0..17 {
        let (flags, keys, offsets) = forms(&layout(n, kind), n);
        for sk in [ScanKind::Inclusive, ScanKind::Exclusive(init)] {
            let what = |form| format!("{form} layout {kind} {sk:?} n={n}");
            scan_by_flags(m, &flags, x, &mut y, sk);
            seq::scan_by_flags(m, &flags, x, &mut want, sk);
            assert!(y == want, "{}", what("flags"));
            scan_by_keys(m, &keys, x, &mut y, sk);
            seq::scan_by_keys(m, &keys, x, &mut want, sk);
            assert!(y == want, "{}", what("keys"));
            scan_by_offsets(m, &offsets, x, &mut y, sk);
            seq::scan_by_offsets(m, &offsets, x, &mut want, sk);
            assert!(y == want, "{}", what("offsets"));
        }
    }
}

#[test]
fn head_layouts_match_the_reference() {
    for n in SIZES {
        let x = ints(n);
        check(Sum, 7, &x);
        let maps: Vec<_> = x.iter().map(|&v| AffineMap::new(v | 1, v)).collect();
        check(Affine, AffineMap::new(3, 1), &maps);
    }
}
