// Conformance body for sorts of 1- and 2-byte keys (u8, i8, u16, i16) on every backend (the
// GPU runs one onesweep pass per key byte): keys and pairs with 4- and 8-byte values, both
// orders, against the reference.

use super::B;
use crate::common::*;
use parallaxis::reference as r;
use parallaxis::{DeviceCopy, ops::{Order, SortKey}, backend::{SortByKeyOps, SortOps}};
use std::fmt::Debug;

fn check<K: SortKey + PartialEq + Debug, V: DeviceCopy + PartialEq + Debug>(k: &[K], v: &[V])
where
    B: SortOps<K> + SortByKeyOps<K, V>,
{
    let (kd, vd) = (dv::<K, B>(k), dv::<V, B>(v));
    for order in [Order::Ascending, Order::Descending] {
        let mut want = k.to_vec();
        r::sort(k, &mut want, order).unwrap();
        let mut got = dv::<K, B>(k);
        parallaxis::sort_into(&kd, &mut got, order).unwrap();
        assert_eq!(host(&got), want, "sort {order:?}, n={}", k.len());
        let (mut wk, mut wv) = (k.to_vec(), v.to_vec());
        r::sort_by_key(k, v, &mut wk, &mut wv, order).unwrap();
        let (mut gk, mut gv) = (dv::<K, B>(k), dv::<V, B>(v));
        parallaxis::sort_by_key_into(&kd, &vd, &mut gk, &mut gv, order).unwrap();
        assert_eq!((host(&gk), host(&gv)), (wk, wv), "pairs {order:?}, n={}", k.len());
    }
}

#[test]
fn narrow_keys_match_reference() {
    require_gpu!();
    for n in edge_sizes().into_iter().chain([70_000, 300_000]) {
        let x = pseudo_random(n, 11 + n as u64);
        let pos: Vec<u32> = (0..n as u32).collect();
        check(&x.iter().map(|&v| v as u8).collect::<Vec<_>>(), &pos);
        check(&x.iter().map(|&v| (v % 7) as i8 - 3).collect::<Vec<_>>(), &pos);
        check(&x.iter().map(|&v| v as u16).collect::<Vec<_>>(), &pos);
        check(&x.iter().map(|&v| (v >> 3) as i16).collect::<Vec<_>>(), &pos);
        let wide: Vec<u64> = (0..n as u64).collect();
        check(&x.iter().map(|&v| (v % 3) as u8).collect::<Vec<_>>(), &wide);
        check(&x.iter().map(|&v| (v >> 11) as i16).collect::<Vec<_>>(), &wide);
    }
}
