//! GPU-only checks of the radix sort (`device/src/ops/sort.rs`) that the conformance body's
//! sizes do not reach: many tiles of every key type (the look-back chains over thousands of
//! tiles per bin), 2^22 + 13 pairs of 8-byte keys and values, and calls back to back that
//! reuse the pool's temporaries. Every result against the reference (a stable comparison
//! sort), exactly.
#![cfg(feature = "cuda")]

use crate::common;

use common::{dv, host, pseudo_random};
use parallaxis::reference as r;
use parallaxis::{
    ops::{Order, SortKey},
    Cuda,
};

type B = Cuda;

fn check_keys<K: SortKey + PartialEq + std::fmt::Debug>(k: &[K], order: Order, what: &str)
where
    B: parallaxis::backend::SortOps<K>,
{
    let mut want = k.to_vec();
    r::sort(k, &mut want, order).unwrap();
    let kd = dv::<K, B>(k);
    let mut got = dv::<K, B>(k);
    parallaxis::sort_into(&kd, &mut got, order).unwrap();
    let got = host(&got);
    if let Some(i) = (0..k.len()).find(|&i| got[i].total_cmp_key(&want[i]).is_ne()) {
        panic!(
            "{what} {order:?}: at {i} got {:?}, want {:?}",
            got[i], want[i]
        );
    }
}

#[test]
fn many_tiles_of_every_key_type() {
    require_gpu!();
    let n = 3 * (1 << 20) + 7;
    let x = pseudo_random(n, 2026);
    for order in [Order::Ascending, Order::Descending] {
        check_keys(
            &x.iter().map(|&v| v as u32).collect::<Vec<_>>(),
            order,
            "u32",
        );
        check_keys(
            &x.iter().map(|&v| v as i32).collect::<Vec<_>>(),
            order,
            "i32",
        );
        check_keys(
            &x.iter().map(|&v| (v as i32) as f32).collect::<Vec<_>>(),
            order,
            "f32",
        );
        check_keys(&x, order, "u64");
        check_keys(
            &x.iter().map(|&v| v as i64).collect::<Vec<_>>(),
            order,
            "i64",
        );
        check_keys(
            &x.iter().map(|&v| (v as i64) as f64).collect::<Vec<_>>(),
            order,
            "f64",
        );
        // One and two passes over thousands of tiles (~12 000 keys a bin for u8).
        let k8: Vec<u8> = x.iter().map(|&v| v as u8).collect();
        check_keys(&k8, order, "u8");
        let k16: Vec<i16> = x.iter().map(|&v| (v >> 17) as i16).collect();
        check_keys(&k16, order, "i16");
    }
}

/// 1- and 2-byte keys with values over many tiles: positions as values, so any instability
/// or misplaced value shows.
#[test]
fn narrow_pairs_over_many_tiles() {
    require_gpu!();
    let n = (1 << 21) + 333;
    let x = pseudo_random(n, 5150);
    let pos32: Vec<u32> = (0..n as u32).collect();
    let pos64: Vec<u64> = (0..n as u64).collect();
    let k8: Vec<i8> = x.iter().map(|&v| (v >> 3) as i8).collect();
    let k16: Vec<u16> = x.iter().map(|&v| (v >> 9) as u16 % 700).collect();
    for order in [Order::Ascending, Order::Descending] {
        let (mut wk, mut wv) = (k8.clone(), pos32.clone());
        r::sort_by_key(&k8, &pos32, &mut wk, &mut wv, order).unwrap();
        let (mut gk, mut gv) = (dv::<i8, B>(&k8), dv::<u32, B>(&pos32));
        let (kd, vd) = (dv::<i8, B>(&k8), dv::<u32, B>(&pos32));
        parallaxis::sort_by_key_into(&kd, &vd, &mut gk, &mut gv, order).unwrap();
        assert!(host(&gk) == wk && host(&gv) == wv, "i8+u32 {order:?}");
        let (mut wk, mut wv) = (k16.clone(), pos64.clone());
        r::sort_by_key(&k16, &pos64, &mut wk, &mut wv, order).unwrap();
        let (mut gk, mut gv) = (dv::<u16, B>(&k16), dv::<u64, B>(&pos64));
        let (kd, vd) = (dv::<u16, B>(&k16), dv::<u64, B>(&pos64));
        parallaxis::sort_by_key_into(&kd, &vd, &mut gk, &mut gv, order).unwrap();
        assert!(host(&gk) == wk && host(&gv) == wv, "u16+u64 {order:?}");
    }
}

#[test]
fn wide_pairs_back_to_back() {
    require_gpu!();
    let n = (1 << 22) + 13;
    let x = pseudo_random(n, 77);
    // Keys with few distinct high digits and random low ones; values the positions.
    let k: Vec<u64> = x.iter().map(|&v| (v % 1000) << 48 | (v >> 40)).collect();
    let v: Vec<u64> = (0..n as u64).collect();
    let (mut wk, mut wv) = (k.clone(), v.clone());
    r::sort_by_key(&k, &v, &mut wk, &mut wv, Order::Ascending).unwrap();
    let (kd, vd) = (dv::<u64, B>(&k), dv::<u64, B>(&v));
    for round in 0..3 {
        let (gk, gv) = parallaxis::sort_by_key(&kd, &vd).unwrap();
        assert!(host(&gk) == wk, "keys, round {round}");
        assert!(host(&gv) == wv, "values, round {round}");
    }
    let k32: Vec<u32> = x.iter().map(|&v| (v >> 20) as u32 % 5000).collect();
    let v32: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let (mut wk, mut wv) = (k32.clone(), v32.clone());
    r::sort_by_key(&k32, &v32, &mut wk, &mut wv, Order::Descending).unwrap();
    let (gk, gv) =
        parallaxis::sort_by_key_descending(&dv::<u32, B>(&k32), &dv::<f32, B>(&v32)).unwrap();
    assert!(host(&gk) == wk && host(&gv) == wv, "u32+f32 descending");
}
