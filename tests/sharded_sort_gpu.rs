//! The sharded sort on the GPU: shards on one device many times over (any GPU
//! machine) and over every GPU of the machine (a counted skip with fewer than two), each
//! result equal bit for bit to the unsharded `parallaxis::sort` of the same keys, in the split
//! rule's layout, each output shard on its input shard's device. Keys the sample sort could
//! split badly: all equal, few distinct, sorted, reverse sorted, floats with -0.0 and NaNs;
//! and `shard::sort_by_key` against the unsharded `parallaxis::sort_by_key` (stable: values are
//! the input positions).
#![cfg(feature = "cuda")]

use crate::common;

use common::gpus::{every_gpu, on_one_device, twice, SIZES};
use common::sharded::split_lengths;
use parallaxis::shard::{self, InMemory, ShardedVector};
use parallaxis::{
    device::Device,
    ops::{SearchKey, SortKey},
    Cuda, DeviceVector,
};

type B = Cuda;

/// Environment variable capping the sizes (for a run under compute-sanitizer, which is
/// slow): only sizes up to its value run.
const MAX_N: &str = "PARALLAX_TEST_SORT_MAX_N";

fn sizes() -> Vec<usize> {
    let cap = std::env::var(MAX_N)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(usize::MAX);
    SIZES.into_iter().filter(|&n| n <= cap).collect()
}

fn hashed(n: usize, salt: u32) -> Vec<u32> {
    (0..n as u32)
        .map(|i| (i ^ salt).wrapping_mul(2_654_435_761).rotate_left(13))
        .collect()
}

/// The sharded sort of `host` over `devices` against the unsharded sort, as `bits`.
fn check_one<K, W>(what: &str, host: &[K], devices: &[&'static Device], bits: impl Fn(K) -> W)
where
    K: SortKey + SearchKey,
    W: PartialEq + core::fmt::Debug,
    B: parallaxis::backend::SortOps<K>
        + parallaxis::backend::SearchOps<K>
        + parallaxis::backend::MergeOps<K, parallaxis::ops::Less>
        + parallaxis::backend::GatherOps<usize, K>,
{
    let (n, k) = (host.len(), devices.len());
    let x = ShardedVector::from_slice_on(host, devices).unwrap();
    let y = shard::sort(&x, &InMemory).unwrap();
    let want_devices: Vec<usize> = devices.iter().map(|d| d.ordinal()).collect();
    assert_eq!(y.devices(), want_devices, "placement, {what}, n={n}, k={k}");
    assert_eq!(
        y.shard_lengths(),
        split_lengths(n, k),
        "layout, {what}, n={n}, k={k}"
    );
    let whole = DeviceVector::<K, B>::from_slice(host).unwrap();
    let want: Vec<W> = parallaxis::sort(&whole)
        .unwrap()
        .to_vec()
        .unwrap()
        .into_iter()
        .map(&bits)
        .collect();
    let got: Vec<W> = y.to_vec().unwrap().into_iter().map(&bits).collect();
    assert!(
        got == want,
        "sort differs from the unsharded sort: {what}, n={n}, k={k}"
    );
}

/// The sharded sort by key of `host` with values `0..n` (stability shows) against the
/// unsharded `parallaxis::sort_by_key`.
fn check_by_key(what: &str, host: &[u32], devices: &[&'static Device]) {
    let (n, k) = (host.len(), devices.len());
    let values: Vec<u32> = (0..n as u32).collect();
    let keys = ShardedVector::from_slice_on(host, devices).unwrap();
    let vals = ShardedVector::from_slice_on(&values, devices).unwrap();
    let (sk, sv) = shard::sort_by_key(&keys, &vals, &InMemory).unwrap();
    let want_devices: Vec<usize> = devices.iter().map(|d| d.ordinal()).collect();
    assert_eq!(
        (sk.devices(), sv.devices()),
        (want_devices.clone(), want_devices)
    );
    let whole_k = DeviceVector::<u32, B>::from_slice(host).unwrap();
    let whole_v = DeviceVector::<u32, B>::from_slice(&values).unwrap();
    let (wk, wv) = parallaxis::sort_by_key(&whole_k, &whole_v).unwrap();
    assert!(
        sk.to_vec().unwrap() == wk.to_vec().unwrap()
            && sv.to_vec().unwrap() == wv.to_vec().unwrap(),
        "sort_by_key differs from the unsharded one: {what}, n={n}, k={k}"
    );
}

fn check_on(devices: &[&'static Device]) {
    for n in sizes() {
        let random = hashed(n, 7);
        check_one("random u32", &random, devices, |v| v);
        check_one("all equal", &vec![42_u32; n], devices, |v| v);
        let few: Vec<u32> = random.iter().map(|v| v % 3).collect();
        check_one("three distinct", &few, devices, |v| v);
        check_by_key("three distinct, by key", &few, devices);
        check_by_key("random, by key", &random, devices);
        let sorted: Vec<u32> = (0..n as u32).collect();
        check_one("sorted", &sorted, devices, |v| v);
        let reversed: Vec<u32> = sorted.iter().rev().copied().collect();
        check_one("reverse sorted", &reversed, devices, |v| v);
        let mut floats: Vec<f32> = random
            .iter()
            .map(|&v| (v % 20001) as f32 - 10000.0)
            .collect();
        let specials = [
            -0.0,
            0.0,
            f32::NAN,
            -f32::NAN,
            f32::INFINITY,
            f32::NEG_INFINITY,
        ];
        for (i, v) in specials.into_iter().enumerate() {
            if let Some(slot) = floats.get_mut(i * 97) {
                *slot = v;
            }
        }
        check_one("f32 with -0.0 and NaNs", &floats, devices, f32::to_bits);
        let wide: Vec<i64> = random.iter().map(|&v| i64::from(v as i32) << 20).collect();
        check_one("i64", &wide, devices, |v| v);
    }
}

#[test]
fn shards_on_one_device_sort_as_the_unsharded_sort() {
    require_gpu!();
    for devices in on_one_device(Device::default_device().unwrap()) {
        check_on(&devices);
    }
}

#[test]
fn shards_on_every_gpu_sort_as_the_unsharded_sort() {
    require_gpu!();
    let Some(gpus) = every_gpu() else { return };
    check_on(&gpus);
    // Two shards per GPU, interleaved: the moves go both between and within devices.
    check_on(&twice(&gpus));
}
