// Comparator sorts and merges of user types with user comparators, on the host backends
// (on CUDA a user comparator needs a kernel crate's `instantiate_compare!`: the
// `gpu_user_monoid` example runs the same two cases there). A (key, index) pair type sorted
// by its key field alone must keep equal keys in input order (their indices rise); a
// descending-by-magnitude order on i32, where `x` and `-x` are equal, is stable too.

use super::B;
use crate::common::*;
use parallaxis::reference as r;
use parallaxis::{ops::Compare, DeviceCopy, DeviceVector};

/// A key and the element's input position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
struct KeyIndex {
    key: u32,
    index: u32,
}
// SAFETY: `repr(C)`, two `u32`s, no padding, no pointers: every bit pattern is valid.
unsafe impl DeviceCopy for KeyIndex {}

/// By the key field only: pairs with equal keys are equal.
#[derive(Clone, Copy, Debug)]
struct ByKey;
impl Compare<KeyIndex> for ByKey {
    fn less(&self, a: KeyIndex, b: KeyIndex) -> bool {
        a.key < b.key
    }
}

/// Descending by absolute value (`x` and `-x` are equal).
#[derive(Clone, Copy, Debug)]
struct ByMagnitude;
impl Compare<i32> for ByMagnitude {
    fn less(&self, a: i32, b: i32) -> bool {
        a.unsigned_abs() > b.unsigned_abs()
    }
}

fn pairs(n: usize, distinct: u64, seed: u64) -> Vec<KeyIndex> {
    pseudo_random(n, seed)
        .iter()
        .enumerate()
        .map(|(i, &v)| KeyIndex {
            key: (v % distinct) as u32,
            index: i as u32,
        })
        .collect()
}

#[test]
fn key_field_sort_is_stable() {
    require_gpu!();
    for n in edge_sizes() {
        let x = pairs(n, 6, 3 + n as u64);
        let got = host(&parallaxis::sort_by(ByKey, &dv::<KeyIndex, B>(&x)).unwrap());
        let mut want = x.clone();
        r::sort_by(ByKey, &x, &mut want).unwrap();
        assert_eq!(got, want, "n={n}");
        // Stability spelled out: within a key, the indices rise.
        assert!(
            got.windows(2)
                .all(|w| w[0].key < w[1].key || (w[0].key == w[1].key && w[0].index < w[1].index)),
            "n={n}"
        );
    }
}

#[test]
fn key_field_merge_takes_a_first() {
    require_gpu!();
    for n in edge_sizes() {
        let mut a = pairs(n, 4, 5);
        let mut b = pairs(n / 2 + 1, 4, 6);
        b.iter_mut().for_each(|p| p.index += 1 << 30);
        let (sa, sb) = (a.clone(), b.clone());
        r::sort_by(ByKey, &sa, &mut a).unwrap();
        r::sort_by(ByKey, &sb, &mut b).unwrap();
        let got = host(
            &parallaxis::merge_by(ByKey, &dv::<KeyIndex, B>(&a), &dv::<KeyIndex, B>(&b)).unwrap(),
        );
        let mut want = vec![KeyIndex { key: 0, index: 0 }; a.len() + b.len()];
        r::merge_by(ByKey, &a, &b, &mut want);
        assert_eq!(got, want, "n={n}");
        // Within a key, every element of a (index < 2^30) before every element of b.
        assert!(
            got.windows(2)
                .all(|w| w[0].key < w[1].key || w[0].index < w[1].index),
            "n={n}"
        );
    }
}

#[test]
fn descending_magnitude_is_stable() {
    require_gpu!();
    for n in edge_sizes() {
        let x: Vec<i32> = pseudo_random(n, 9)
            .iter()
            .map(|&v| (v % 41) as i32 - 20)
            .collect();
        let xd = dv::<i32, B>(&x);
        let mut want = x.clone();
        r::sort_by(ByMagnitude, &x, &mut want).unwrap();
        assert_eq!(
            host(&parallaxis::sort_by(ByMagnitude, &xd).unwrap()),
            want,
            "n={n}"
        );
        assert!(want
            .windows(2)
            .all(|w| w[0].unsigned_abs() >= w[1].unsigned_abs()));
        let idx: Vec<u32> = (0..n as u32).collect();
        let (k, v) = parallaxis::sort_by_key_with(ByMagnitude, &xd, &dv::<u32, B>(&idx)).unwrap();
        let (mut wk, mut wv) = (x.clone(), idx.clone());
        r::sort_by_key_with(ByMagnitude, &x, &idx, &mut wk, &mut wv).unwrap();
        assert_eq!((host(&k), host(&v)), (wk, wv), "pairs n={n}");
    }
}

#[test]
fn wide_user_elements_sort() {
    require_gpu!();
    // A 24-byte element sorted by one field: the host sorts any `DeviceCopy` type.
    #[derive(Clone, Copy, Debug, PartialEq)]
    #[repr(C)]
    struct Wide {
        tag: u64,
        weight: f64,
        id: u64,
    }
    // SAFETY: `repr(C)`, three 8-byte fields, no padding, no pointers.
    unsafe impl DeviceCopy for Wide {}
    #[derive(Clone, Copy)]
    struct ByWeight;
    impl Compare<Wide> for ByWeight {
        fn less(&self, a: Wide, b: Wide) -> bool {
            a.weight.total_cmp(&b.weight).is_lt()
        }
    }
    let n = 3 * HOST_CHUNK + 5;
    let x: Vec<Wide> = pseudo_random(n, 1)
        .iter()
        .enumerate()
        .map(|(i, &v)| Wide {
            tag: v,
            weight: (v % 100) as f64 * 0.5,
            id: i as u64,
        })
        .collect();
    let got: DeviceVector<Wide, B> = parallaxis::sort_by(ByWeight, &dv::<Wide, B>(&x)).unwrap();
    let mut want = x.clone();
    r::sort_by(ByWeight, &x, &mut want).unwrap();
    assert_eq!(host(&got), want);
}

/// No strict weak order at all: every element goes before every other.
#[derive(Clone, Copy, Debug)]
struct Always;
impl Compare<u32> for Always {
    fn less(&self, _: u32, _: u32) -> bool {
        true
    }
}

/// Neither irreflexive nor transitive.
#[derive(Clone, Copy, Debug)]
struct OddSum;
impl Compare<u32> for OddSum {
    fn less(&self, a: u32, b: u32) -> bool {
        a.wrapping_add(b) & 1 == 1
    }
}

fn same_items(got: &[u32], want: &[u32], what: &str) {
    let (mut g, mut w) = (got.to_vec(), want.to_vec());
    g.sort_unstable();
    w.sort_unstable();
    assert_eq!(g, w, "{what}: not a permutation of the input");
}

/// A comparator that is no strict weak order must not abort, hang or panic: the sorts end
/// with a permutation of the input (values with their keys), the merges with a permutation
/// of both inputs. 40 000 items overflowed the stack of rayon's unstable sort.
#[test]
fn lying_comparators_give_permutations() {
    require_gpu!();
    for n in [0, 1, 5000, 40_000, 300_001] {
        let x: Vec<u32> = pseudo_random(n, 11 + n as u64).iter().map(|&v| v as u32).collect();
        let dx = dv::<u32, B>(&x);
        let v: Vec<u32> = (0..n as u32).collect();
        let dvals = dv::<u32, B>(&v);
        for name in ["Always", "OddSum"] {
            let what = format!("{name}, n = {n}");
            let (sorted, (k, vv)) = match name {
                "Always" => (
                    parallaxis::sort_by(Always, &dx).unwrap(),
                    parallaxis::sort_by_key_with(Always, &dx, &dvals).unwrap(),
                ),
                _ => (
                    parallaxis::sort_by(OddSum, &dx).unwrap(),
                    parallaxis::sort_by_key_with(OddSum, &dx, &dvals).unwrap(),
                ),
            };
            same_items(&host(&sorted), &x, &what);
            let (k, vv) = (host(&k), host(&vv));
            same_items(&vv, &v, &what);
            assert!(k.iter().zip(&vv).all(|(&k, &i)| k == x[i as usize]), "{what}");
            let half = n / 2;
            let (a, b) = (dv::<u32, B>(&x[..half]), dv::<u32, B>(&x[half..]));
            let m = match name {
                "Always" => parallaxis::merge_by(Always, &a, &b).unwrap(),
                _ => parallaxis::merge_by(OddSum, &a, &b).unwrap(),
            };
            same_items(&host(&m), &x, &what);
        }
        assert_eq!(host(&dx), x, "the input changed");
    }
}
