//! The segmented algorithms by flags and keys over shards on the GPU: scans by
//! flags and by keys, `reduce_by_key` and `segmented_reduce`, with runs and segments that
//! cross shards, each equal to the unsharded algorithm on one device, on the same device
//! many times over (any GPU machine) and over every GPU of the machine (a counted skip with
//! fewer than two). Every output shard must sit beside its input shard.
#![cfg(feature = "cuda")]

use crate::common;

use common::gpus::{data, every_gpu, on_one_device, twice, SIZES};
use common::sharded::{flags_of, offsets_of};
use parallaxis::shard::{self, InMemory, ShardedVector};
use parallaxis::{
    device::Device,
    ops::{Affine, AffineMap, Max, Sum},
    Cuda, DeviceVector,
};

type B = Cuda;

/// Two key layouts: three long runs (each spans shards), and runs of 37 over three keys
/// (neighbouring runs with one key merge).
fn key_layouts(n: usize) -> [Vec<u32>; 2] {
    let long = (0..n).map(|i| ((3 * i) / n.max(1)) as u32 % 2).collect();
    let short = (0..n)
        .map(|i| ((i / 37) as u32).wrapping_mul(2_654_435_761) >> 30)
        .map(|v| v % 3)
        .collect();
    [long, short]
}

fn on_one<T: parallaxis::DeviceCopy>(host: &[T]) -> DeviceVector<T, B> {
    DeviceVector::from_slice(host).unwrap()
}

/// Every keyed algorithm over shards on `devices` against its unsharded
/// result, and the output placement.
fn check_on(devices: &[&'static Device]) {
    let want: Vec<usize> = devices.iter().map(|d| d.ordinal()).collect();
    for n in SIZES {
        let host = data(n);
        let x = ShardedVector::from_slice_on(&host, devices).unwrap();
        let whole = on_one(&host);
        for keys in key_layouts(n) {
            let what = format!("n = {n}, {} shards", devices.len());
            let flags = flags_of(&keys);
            let (sk, sf) = (
                ShardedVector::from_slice_on(&keys, devices).unwrap(),
                ShardedVector::from_slice_on(&flags, devices).unwrap(),
            );
            let (wk, wf) = (on_one(&keys), on_one(&flags));

            let got = shard::inclusive_scan_by_flags(Sum, &sf, &x, &InMemory).unwrap();
            assert_eq!(got.devices(), want);
            let expected = parallaxis::inclusive_scan_by_flags(Sum, &wf, &whole).unwrap();
            assert_eq!(
                got.to_vec().unwrap(),
                expected.to_vec().unwrap(),
                "by flags, {what}"
            );
            let got = shard::exclusive_scan_by_flags(Max, 5, &sf, &x, &InMemory).unwrap();
            let expected = parallaxis::exclusive_scan_by_flags(Max, 5, &wf, &whole).unwrap();
            assert_eq!(
                got.to_vec().unwrap(),
                expected.to_vec().unwrap(),
                "by flags, {what}"
            );

            let got = shard::inclusive_scan_by_key(Sum, &sk, &x, &InMemory).unwrap();
            assert_eq!(got.devices(), want);
            let expected = parallaxis::inclusive_scan_by_key(Sum, &wk, &whole).unwrap();
            assert_eq!(
                got.to_vec().unwrap(),
                expected.to_vec().unwrap(),
                "by key, {what}"
            );
            let got = shard::exclusive_scan_by_key(Sum, 9, &sk, &x, &InMemory).unwrap();
            let expected = parallaxis::exclusive_scan_by_key(Sum, 9, &wk, &whole).unwrap();
            assert_eq!(
                got.to_vec().unwrap(),
                expected.to_vec().unwrap(),
                "by key, {what}"
            );

            let (got_keys, got_sums) = shard::reduce_by_key(Sum, &sk, &x, &InMemory).unwrap();
            let (want_keys, want_sums) = parallaxis::reduce_by_key(Sum, &wk, &whole).unwrap();
            assert_eq!(
                (got_keys.devices(), got_sums.devices()),
                (want.clone(), want.clone())
            );
            assert_eq!(
                got_keys.to_vec().unwrap(),
                want_keys.to_vec().unwrap(),
                "{what}"
            );
            assert_eq!(
                got_sums.to_vec().unwrap(),
                want_sums.to_vec().unwrap(),
                "{what}"
            );

            let offsets = offsets_of(&keys);
            let got = shard::segmented_reduce(Max, &offsets, &x, &InMemory).unwrap();
            assert_eq!(got.devices(), want);
            let expected = parallaxis::segmented_reduce(Max, &on_one(&offsets), &whole).unwrap();
            assert_eq!(got.to_vec().unwrap(), expected.to_vec().unwrap(), "{what}");
        }
    }
}

/// Affine maps (composition does not commute) over the long runs: the parts of a run on
/// different GPUs must compose in shard order.
fn check_order_on(devices: &[&'static Device]) {
    let n = 100_003;
    let maps: Vec<AffineMap<i64>> = data(n)
        .into_iter()
        .map(|v| AffineMap::new(i64::from(v % 5) - 2, i64::from(v % 1000)))
        .collect();
    let [keys, _] = key_layouts(n);
    let (x, sk) = (
        ShardedVector::from_slice_on(&maps, devices).unwrap(),
        ShardedVector::from_slice_on(&keys, devices).unwrap(),
    );
    let (whole, wk) = (on_one(&maps), on_one(&keys));
    let got = shard::inclusive_scan_by_key(Affine, &sk, &x, &InMemory).unwrap();
    let expected = parallaxis::inclusive_scan_by_key(Affine, &wk, &whole).unwrap();
    assert_eq!(got.to_vec().unwrap(), expected.to_vec().unwrap());
    let (_, got) = shard::reduce_by_key(Affine, &sk, &x, &InMemory).unwrap();
    let (_, expected) = parallaxis::reduce_by_key(Affine, &wk, &whole).unwrap();
    assert_eq!(got.to_vec().unwrap(), expected.to_vec().unwrap());
}

#[test]
fn keyed_shards_on_one_device_match_the_unsharded_algorithms() {
    require_gpu!();
    let d = Device::default_device().unwrap();
    for devices in on_one_device(d) {
        check_on(&devices);
    }
    check_order_on(&[d; 5]);
}

#[test]
fn keyed_shards_on_every_gpu_match_the_unsharded_algorithms() {
    require_gpu!();
    let Some(gpus) = every_gpu() else { return };
    check_on(&gpus);
    // Two shards per GPU, interleaved: runs cross GPUs at every boundary.
    let twice = twice(&gpus);
    check_on(&twice);
    check_order_on(&twice);
}
