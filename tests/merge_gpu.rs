//! GPU-only checks of the comparator merge sort and merge (`device/src/ops/merge.rs`) that
//! the conformance body's sizes do not reach: many merge passes (2^22 + 13 items: 12 passes
//! of 4-byte keys), pairs of 8-byte keys and values, merges of two 2^21-item halves with
//! long runs of ties, and a sort past 2^31 items (ignored unless asked, as the large tier).
//! Every result against the reference, exactly.
//!
//! Merges of inputs that are not sorted (random, reversed, one list sorted the other way,
//! from 1 item to a few million, keys alone and with 4- and 8-byte values): each must give
//! either the exact `InvalidArgument` for unsorted inputs or an interleaving of the two
//! lists (keys a permutation of the inputs', values beside their keys), never a fault, and
//! leave the inputs as they were. Two layouts the kernels' checks must catch return the
//! error itself. (Sorts by a comparator that is not a strict weak order need a user
//! comparator, so a kernel crate: the `gpu_user_monoid` example runs those.)
#![cfg(feature = "cuda")]

use crate::common;

use common::{dv, host, pseudo_random};
use parallaxis::reference as r;
use parallaxis::{
    ops::{Greater, Less, Order, SortKey},
    Cuda, DeviceCopy, Error,
};
use rayon::prelude::*;
use std::fmt::Debug;

type B = Cuda;

#[test]
fn many_passes_match_the_radix_sort() {
    require_gpu!();
    let n = (1 << 22) + 13;
    let x = pseudo_random(n, 2027);
    let u: Vec<u32> = x.iter().map(|&v| v as u32).collect();
    let ud = dv::<u32, B>(&u);
    // `Less` and `Greater` are `SortKey`'s order: the radix sort's results exactly.
    assert_eq!(
        host(&parallaxis::sort_by(Less, &ud).unwrap()),
        host(&parallaxis::sort(&ud).unwrap())
    );
    assert_eq!(
        host(&parallaxis::sort_by(Greater, &ud).unwrap()),
        host(&parallaxis::sort_descending(&ud).unwrap())
    );
    let f: Vec<f64> = x.iter().map(|&v| (v as i64 >> 30) as f64).collect();
    let fd = dv::<f64, B>(&f);
    let mut want = f.clone();
    r::sort(&f, &mut want, Order::Ascending).unwrap();
    let got = host(&parallaxis::sort_by(Less, &fd).unwrap());
    assert!(
        got.iter()
            .zip(&want)
            .all(|(a, b)| a.to_bits() == b.to_bits()),
        "f64 Less"
    );
}

#[test]
fn pairs_keep_input_order_over_many_passes() {
    require_gpu!();
    let n = (1 << 21) + 999;
    let x = pseudo_random(n, 77);
    // 8-byte keys with few distinct values, 8-byte values the input positions.
    let k: Vec<i64> = x.iter().map(|&v| (v % 13) as i64 - 6).collect();
    let v: Vec<u64> = (0..n as u64).collect();
    let (gk, gv) =
        parallaxis::sort_by_key_with(Greater, &dv::<i64, B>(&k), &dv::<u64, B>(&v)).unwrap();
    let (mut wk, mut wv) = (k.clone(), v.clone());
    r::sort_by_key_with(Greater, &k, &v, &mut wk, &mut wv).unwrap();
    assert_eq!(host(&gk), wk);
    assert_eq!(host(&gv), wv);
    // 4-byte keys with 4-byte values.
    let k: Vec<u32> = x.iter().map(|&v| (v % 1000) as u32).collect();
    let v: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let (gk, gv) =
        parallaxis::sort_by_key_with(Less, &dv::<u32, B>(&k), &dv::<f32, B>(&v)).unwrap();
    let (mut wk, mut wv) = (k.clone(), v.clone());
    r::sort_by_key_with(Less, &k, &v, &mut wk, &mut wv).unwrap();
    assert_eq!(host(&gk), wk);
    assert_eq!(host(&gv), wv);
}

#[test]
fn merges_of_large_halves() {
    require_gpu!();
    let n = 1 << 21;
    let x = pseudo_random(2 * n, 5);
    let mut a: Vec<u32> = x[..n].iter().map(|&v| (v % 4096) as u32).collect();
    let mut b: Vec<u32> = x[n..].iter().map(|&v| (v % 4096) as u32).collect();
    a.sort_unstable();
    b.sort_unstable();
    b.truncate(n - 12345);
    let mut want = vec![0; a.len() + b.len()];
    r::merge_by(Less, &a, &b, &mut want);
    let (ad, bd) = (dv::<u32, B>(&a), dv::<u32, B>(&b));
    assert_eq!(host(&parallaxis::merge(&ad, &bd).unwrap()), want);
    let va: Vec<u32> = (0..a.len() as u32).collect();
    let vb: Vec<u32> = (0..b.len() as u32).map(|i| i | 1 << 31).collect();
    let (gk, gv) =
        parallaxis::merge_by_key(&ad, &dv::<u32, B>(&va), &bd, &dv::<u32, B>(&vb)).unwrap();
    let (mut wk, mut wv) = (want.clone(), vec![0; want.len()]);
    r::merge_by_key_with(Less, &a, &va, &b, &vb, &mut wk, &mut wv);
    assert_eq!(host(&gk), wk);
    assert_eq!(host(&gv), wv);
}

/// 2^31 + 12345 keys (`x[i] = n - 1 - i`, reversed), sorted by `Less`: the result must be
/// `0, 1, ..., n - 1`, checked in parallel on the host. ~26 GB of GPU memory.
#[test]
#[ignore = "large tier: 2^31 + 12345 keys, ~26 GB of GPU memory (run with --ignored)"]
fn sort_past_two_to_the_31() {
    require_gpu!();
    let n: usize = (1 << 31) + 12345;
    let x = parallaxis::sequence::<u32, B>(n, 0, 1).unwrap();
    let rev = parallaxis::reverse(&x).unwrap();
    drop(x);
    let got = host(&parallaxis::sort_by(Less, &rev).unwrap());
    assert_eq!(got.len(), n);
    let bad = got
        .par_iter()
        .enumerate()
        .find_any(|&(i, &v)| v != i as u32);
    assert!(bad.is_none(), "first mismatch {bad:?}");
}

/// What a merge of inputs not sorted by its comparator may return instead of a merge.
const UNSORTED: Error = Error::InvalidArgument {
    what: "merge inputs",
    reason: "not sorted by the comparator",
};

/// A key type of the stock merge kernels, with its bits (exact comparisons, NaNs included)
/// and a key made from random bits.
trait Key: SortKey + DeviceCopy + Debug {
    fn bits(self) -> u64;
    fn from_random(v: u64) -> Self;
    fn from_small(v: u8) -> Self;
}
impl Key for u32 {
    fn bits(self) -> u64 {
        self.into()
    }
    fn from_random(v: u64) -> Self {
        v as u32
    }
    fn from_small(v: u8) -> Self {
        v.into()
    }
}
impl Key for u64 {
    fn bits(self) -> u64 {
        self
    }
    fn from_random(v: u64) -> Self {
        v
    }
    fn from_small(v: u8) -> Self {
        v.into()
    }
}
impl Key for f32 {
    fn bits(self) -> u64 {
        self.to_bits().into()
    }
    /// Any bit pattern: NaNs, infinities and both zeros included.
    fn from_random(v: u64) -> Self {
        f32::from_bits(v as u32)
    }
    fn from_small(v: u8) -> Self {
        v.into()
    }
}
impl Key for f64 {
    fn bits(self) -> u64 {
        self.to_bits()
    }
    fn from_random(v: u64) -> Self {
        f64::from_bits(v)
    }
    fn from_small(v: u8) -> Self {
        v.into()
    }
}

/// A value that names the input item it was: its index and list.
trait Tag: DeviceCopy + PartialEq + Debug {
    fn of(index: usize, from_b: bool) -> Self;
    /// `(index, from_b)`.
    fn source(self) -> (usize, bool);
}
impl Tag for u32 {
    fn of(index: usize, from_b: bool) -> Self {
        index as u32 | u32::from(from_b) << 31
    }
    fn source(self) -> (usize, bool) {
        ((self & !(1 << 31)) as usize, self >> 31 == 1)
    }
}
impl Tag for u64 {
    fn of(index: usize, from_b: bool) -> Self {
        index as u64 | u64::from(from_b) << 63
    }
    fn source(self) -> (usize, bool) {
        ((self & !(1 << 63)) as usize, self >> 63 == 1)
    }
}

fn bits<K: Key>(k: &[K]) -> Vec<u64> {
    k.iter().map(|&x| x.bits()).collect()
}

/// `keys` in ascending `Less` order (the merges' order).
fn ascending<K: Key>(mut keys: Vec<K>) -> Vec<K> {
    keys.sort_by(|x, y| x.total_cmp_key(y));
    keys
}

/// Inputs that are not sorted by `Less`, `n` items split between `a` and `b`: random keys,
/// both lists sorted descending, `a` sorted and `b` descending, and random `a` with an
/// empty `b`.
fn unsorted_inputs<K: Key>(n: usize, seed: u64) -> Vec<(&'static str, Vec<K>, Vec<K>)> {
    let x: Vec<K> = pseudo_random(n, seed)
        .into_iter()
        .map(K::from_random)
        .collect();
    let (a, b) = x.split_at(n / 3);
    let (a, b) = (a.to_vec(), b.to_vec());
    let down = |v: &[K]| {
        let mut v = ascending(v.to_vec());
        v.reverse();
        v
    };
    vec![
        ("random", a.clone(), b.clone()),
        ("both descending", down(&a), down(&b)),
        ("a ascending, b descending", ascending(a.clone()), down(&b)),
        ("random a, empty b", x.clone(), Vec::new()),
    ]
}

/// `merge(a, b)` (`Less`) and `merge_into`: each `Ok` with the multiset of `a` and `b`, or
/// exactly [`UNSORTED`]; the inputs untouched. Returns how many were errors.
fn check_unsorted_merge<K: Key>(a: &[K], b: &[K], what: &str) -> usize
where
    Cuda: parallaxis::backend::MergeOps<K, Less>,
{
    let (ad, bd) = (dv::<K, Cuda>(a), dv::<K, Cuda>(b));
    let mut want = bits(a);
    want.extend(bits(b));
    want.sort_unstable();
    let mut errors = 0;
    let mut into = dv::<K, Cuda>(&vec![K::from_small(0); a.len() + b.len()]);
    for got in [
        parallaxis::merge(&ad, &bd).map(|m| host(&m)),
        parallaxis::merge_into(&ad, &bd, &mut into).map(|()| host(&into)),
    ] {
        match got {
            Ok(m) => {
                let mut m = bits(&m);
                m.sort_unstable();
                assert!(m == want, "merge {what}: not a permutation of the inputs");
            }
            Err(e) => {
                assert_eq!(e, UNSORTED, "merge {what}");
                errors += 1;
            }
        }
    }
    assert_eq!(bits(&host(&ad)), bits(a), "merge {what}: a untouched");
    assert_eq!(bits(&host(&bd)), bits(b), "merge {what}: b untouched");
    errors
}

/// `merge_by_key(a, va, b, vb)` with values naming their items: `Ok` with each input item
/// exactly once, every value beside its own key, and each list's items in their input order
/// (an interleaving), or exactly [`UNSORTED`]; the inputs untouched. Returns 1 on an error.
fn check_unsorted_merge_by_key<K: Key, V: Tag>(a: &[K], b: &[K], what: &str) -> usize
where
    Cuda: parallaxis::backend::MergeByKeyOps<K, V, Less>,
{
    let va: Vec<V> = (0..a.len()).map(|i| V::of(i, false)).collect();
    let vb: Vec<V> = (0..b.len()).map(|i| V::of(i, true)).collect();
    let (ad, bd) = (dv::<K, Cuda>(a), dv::<K, Cuda>(b));
    let (vad, vbd) = (dv::<V, Cuda>(&va), dv::<V, Cuda>(&vb));
    let errors = match parallaxis::merge_by_key(&ad, &vad, &bd, &vbd) {
        Ok((k, v)) => {
            let (k, v) = (host(&k), host(&v));
            assert_eq!((k.len(), v.len()), (a.len() + b.len(), a.len() + b.len()));
            let (mut seen_a, mut seen_b) = (vec![false; a.len()], vec![false; b.len()]);
            let (mut next_a, mut next_b) = (0, 0);
            for (p, (&key, &tag)) in k.iter().zip(&v).enumerate() {
                let (i, from_b) = tag.source();
                let (list, seen, next) = if from_b {
                    (b, &mut seen_b, &mut next_b)
                } else {
                    (a, &mut seen_a, &mut next_a)
                };
                assert!(
                    i < list.len(),
                    "merge_by_key {what}: value {tag:?} at {p} names no item"
                );
                assert!(!seen[i], "merge_by_key {what}: item {tag:?} twice (at {p})");
                seen[i] = true;
                assert_eq!(
                    key.bits(),
                    list[i].bits(),
                    "merge_by_key {what}: key of {tag:?} at {p}"
                );
                assert_eq!(
                    i, *next,
                    "merge_by_key {what}: {tag:?} at {p} out of its list's order"
                );
                *next += 1;
            }
            0
        }
        Err(e) => {
            assert_eq!(e, UNSORTED, "merge_by_key {what}");
            1
        }
    };
    assert_eq!(
        bits(&host(&ad)),
        bits(a),
        "merge_by_key {what}: a untouched"
    );
    assert_eq!(
        bits(&host(&bd)),
        bits(b),
        "merge_by_key {what}: b untouched"
    );
    assert_eq!(host(&vad), va, "merge_by_key {what}: a's values untouched");
    assert_eq!(host(&vbd), vb, "merge_by_key {what}: b's values untouched");
    errors
}

/// Sizes of the unsorted merges: a few items, around a tile, many tiles.
const UNSORTED_SIZES: [usize; 9] = [1, 2, 3, 33, 1000, 2049, 65_537, 1_000_003, 3_000_017];

fn unsorted_merges_of<K: Key, V: Tag>(seed: u64) -> (usize, usize)
where
    Cuda: parallaxis::backend::MergeOps<K, Less> + parallaxis::backend::MergeByKeyOps<K, V, Less>,
{
    let (mut calls, mut errors) = (0, 0);
    for n in UNSORTED_SIZES {
        for (pattern, a, b) in unsorted_inputs::<K>(n, seed + n as u64) {
            let what = format!("{} n={n} {pattern}", std::any::type_name::<K>());
            errors += check_unsorted_merge(&a, &b, &what);
            errors += check_unsorted_merge_by_key::<K, V>(&a, &b, &what);
            calls += 3;
        }
    }
    (calls, errors)
}

#[test]
fn unsorted_merges_give_an_interleaving_or_the_error() {
    require_gpu!();
    for (name, (calls, errors)) in [
        ("u32 + u32", unsorted_merges_of::<u32, u32>(11)),
        ("u32 + u64", unsorted_merges_of::<u32, u64>(12)),
        ("f32 + u32", unsorted_merges_of::<f32, u32>(13)),
        ("u64 + u64", unsorted_merges_of::<u64, u64>(14)),
        ("u64 + u32", unsorted_merges_of::<u64, u32>(15)),
        ("f64 + u64", unsorted_merges_of::<f64, u64>(16)),
    ] {
        eprintln!("unsorted merges {name}: {errors} of {calls} returned the error");
    }
}

/// `a = [1; k] ++ [0; k]`, `b = [0; 2k]`.
fn ones_then_zeros<K: Key>(k: usize) -> (Vec<K>, Vec<K>) {
    let mut a = vec![K::from_small(1); k];
    a.extend(vec![K::from_small(0); k]);
    (a, vec![K::from_small(0); 2 * k])
}

/// Two layouts whose merge-path splits do not chain, so the merges must return the error.
/// With `k` a tile (`merge_tile_items`): the split at diagonal `k` is 0 (`a`'s leading ones
/// go after `b`'s zeros) and at `2k` it is `2k` (`a`'s zeros, tied with `b`'s, go first), so
/// the second tile would take `2k` items of `a` for `k` outputs. With `k = 256` (one tile of 1024 items, for every key width): the tile's own
/// splits are fine, but inside it the threads' splits are not monotone, so a thread's merge
/// does not stop where the next one starts.
fn must_be_caught<K: Key, V: Tag>()
where
    Cuda: parallaxis::backend::MergeOps<K, Less> + parallaxis::backend::MergeByKeyOps<K, V, Less>,
{
    let tile = parallaxis::device::kernels::policy::merge::merge_tile_items(size_of::<K>());
    for (k, layout) in [(tile, "across tiles"), (256, "inside a tile")] {
        let (a, b) = ones_then_zeros::<K>(k);
        let (ad, bd) = (dv::<K, Cuda>(&a), dv::<K, Cuda>(&b));
        let what = format!("{} {layout}", std::any::type_name::<K>());
        assert_eq!(
            parallaxis::merge(&ad, &bd).err(),
            Some(UNSORTED),
            "merge {what}"
        );
        let va: Vec<V> = (0..a.len()).map(|i| V::of(i, false)).collect();
        let vb: Vec<V> = (0..b.len()).map(|i| V::of(i, true)).collect();
        assert_eq!(
            parallaxis::merge_by_key(&ad, &dv::<V, Cuda>(&va), &bd, &dv::<V, Cuda>(&vb)).err(),
            Some(UNSORTED),
            "merge_by_key {what}"
        );
        assert_eq!(bits(&host(&ad)), bits(&a), "{what}: a untouched");
        // The device stays usable: a sorted merge right after is exact.
        let sorted = ascending(a.clone());
        let m = parallaxis::merge(&dv::<K, Cuda>(&sorted), &bd).unwrap();
        assert_eq!(
            bits(&host(&m)),
            bits(&ascending([sorted, b].concat())),
            "{what}: after"
        );
    }
}

#[test]
fn unsorted_layouts_the_checks_catch() {
    require_gpu!();
    must_be_caught::<u32, u32>();
    must_be_caught::<f32, u64>();
    must_be_caught::<u64, u64>();
    must_be_caught::<f64, u32>();
}

/// The comparator sorts still equal the radix sort after merges that returned the error
/// (nothing left behind in the fault word).
#[test]
fn sorts_after_a_caught_merge_are_exact() {
    require_gpu!();
    let (a, b) = ones_then_zeros::<u32>(256);
    let caught = parallaxis::merge(&dv::<u32, Cuda>(&a), &dv::<u32, Cuda>(&b));
    assert_eq!(caught.err(), Some(UNSORTED));
    let x: Vec<u32> = pseudo_random(100_000, 3)
        .iter()
        .map(|&v| v as u32)
        .collect();
    let xd = dv::<u32, Cuda>(&x);
    assert_eq!(
        host(&parallaxis::sort_by(Less, &xd).unwrap()),
        host(&parallaxis::sort(&xd).unwrap())
    );
    let idx: Vec<u32> = (0..x.len() as u32).collect();
    let (k, v) = parallaxis::sort_by_key_with(Greater, &xd, &dv::<u32, Cuda>(&idx)).unwrap();
    let (mut wk, mut wv) = (x.clone(), idx.clone());
    r::sort_by_key_with(Greater, &x, &idx, &mut wk, &mut wv).unwrap();
    assert_eq!((host(&k), host(&v)), (wk, wv));
}
