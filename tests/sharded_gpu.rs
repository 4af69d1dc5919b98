//! Sharded vectors on the GPU: shards on devices of the caller's choosing, each
//! shard's steps on its own device, and every result equal to the
//! unsharded algorithm's, on the same device many times over (any GPU machine) and over
//! every GPU of the machine (a counted skip with fewer than two), the segmented scans by
//! offsets included. The results must also
//! stay where their inputs are: each output shard on its input shard's device.
#![cfg(feature = "cuda")]

use crate::common;

use common::gpus::{data, every_gpu, on_one_device, twice, SIZES};
use parallaxis::shard::{self, InMemory, ShardedVector};
use parallaxis::{
    device::Device,
    ops::{Max, Plus, Square, Sum},
    Cuda, DeviceVector, Error,
};

type B = Cuda;

/// Every sharded algorithm over shards on `devices` against its unsharded result, and each
/// output shard on its input shard's device.
fn check_on(devices: &[&'static Device]) {
    let want: Vec<usize> = devices.iter().map(|d| d.ordinal()).collect();
    for n in SIZES {
        let host = data(n);
        let x = ShardedVector::from_slice_on(&host, devices).unwrap();
        let whole = DeviceVector::<u32, B>::from_slice(&host).unwrap();
        assert_eq!(x.devices(), want);
        assert_eq!(x.to_vec().unwrap(), host, "n={n}");

        let sq = shard::transform(Square, &x).unwrap();
        assert_eq!(sq.devices(), want, "transform output placement, n={n}");
        assert_eq!(
            sq.to_vec().unwrap(),
            parallaxis::transform(Square, &whole)
                .unwrap()
                .to_vec()
                .unwrap()
        );
        let sum2 = shard::transform2(Plus, &x, &sq).unwrap();
        assert_eq!(sum2.devices(), want);
        assert_eq!(
            sum2.to_vec().unwrap(),
            host.iter()
                .map(|&v| v.wrapping_add(v.wrapping_mul(v)))
                .collect::<Vec<_>>()
        );

        assert_eq!(
            shard::reduce(Sum, &x, &InMemory).unwrap(),
            parallaxis::reduce(Sum, &whole).unwrap(),
            "n={n}"
        );
        assert_eq!(
            shard::reduce(Max, &x, &InMemory).unwrap(),
            parallaxis::reduce(Max, &whole).unwrap()
        );
        let inc = shard::inclusive_scan(Sum, &x, &InMemory).unwrap();
        assert_eq!(inc.devices(), want);
        assert_eq!(
            inc.to_vec().unwrap(),
            parallaxis::inclusive_scan(Sum, &whole)
                .unwrap()
                .to_vec()
                .unwrap(),
            "inclusive scan, n={n}"
        );
        let exc = shard::exclusive_scan(Sum, 7, &x, &InMemory).unwrap();
        assert_eq!(exc.devices(), want);
        assert_eq!(
            exc.to_vec().unwrap(),
            parallaxis::exclusive_scan(Sum, 7, &whole)
                .unwrap()
                .to_vec()
                .unwrap(),
            "exclusive scan, n={n}"
        );

        // Segments of 1000 and one long segment over the middle third: they cross shards.
        // Offset 0 always stays (the offsets must start there).
        let mut offsets: Vec<usize> = (0..n)
            .step_by(1000)
            .filter(|&o| o == 0 || o < n / 3 || o > 2 * n / 3)
            .collect();
        offsets.push(n);
        offsets.dedup();
        let whole_offsets = DeviceVector::<usize, B>::from_slice(&offsets).unwrap();
        let seg = shard::inclusive_scan_by_offsets(Sum, &offsets, &x, &InMemory).unwrap();
        assert_eq!(seg.devices(), want);
        assert_eq!(
            seg.to_vec().unwrap(),
            parallaxis::inclusive_scan_by_offsets(Sum, &whole_offsets, &whole)
                .unwrap()
                .to_vec()
                .unwrap(),
            "segmented inclusive scan, n={n}"
        );
        let seg = shard::exclusive_scan_by_offsets(Max, 3, &offsets, &x, &InMemory).unwrap();
        assert_eq!(
            seg.to_vec().unwrap(),
            parallaxis::exclusive_scan_by_offsets(Max, 3, &whole_offsets, &whole)
                .unwrap()
                .to_vec()
                .unwrap(),
            "segmented exclusive scan, n={n}"
        );
    }
}

#[test]
fn shards_on_one_device_match_the_unsharded_algorithms() {
    require_gpu!();
    for devices in on_one_device(Device::default_device().unwrap()) {
        check_on(&devices);
    }
}

#[test]
fn shards_on_every_gpu_match_the_unsharded_algorithms() {
    require_gpu!();
    let Some(gpus) = every_gpu() else { return };
    check_on(&gpus);
    check_on(&twice(&gpus));
    let all = ShardedVector::from_slice_on_every_gpu(&data(1000)).unwrap();
    assert_eq!(all.devices(), (0..gpus.len()).collect::<Vec<_>>());
}

#[test]
fn as_default_moves_allocations_and_mixed_devices_are_an_error() {
    require_gpu!();
    let Some(gpus) = every_gpu() else { return };
    let (a, b) = (gpus[0], gpus[1]);
    let on_b = b
        .as_default(|| DeviceVector::<u32, B>::from_slice(&[1, 2, 3]))
        .unwrap();
    assert_eq!(on_b.buffer().device().ordinal(), b.ordinal());
    // Nested scopes, and the default comes back after them.
    let inner = b.as_default(|| a.as_default(|| DeviceVector::<u32, B>::zeros(4)));
    assert_eq!(inner.unwrap().buffer().device().ordinal(), a.ordinal());
    let after = DeviceVector::<u32, B>::zeros(4).unwrap();
    assert_eq!(
        after.buffer().device().ordinal(),
        Device::default_device().unwrap().ordinal()
    );
    // Shards of one index on different devices: a typed error, no copy between them.
    let x = ShardedVector::from_slice_on(&data(100), &[a, b]).unwrap();
    let y = ShardedVector::from_slice_on(&data(100), &[b, a]).unwrap();
    assert!(matches!(
        shard::transform2(Plus, &x, &y),
        Err(Error::DeviceMismatch { .. })
    ));
}
