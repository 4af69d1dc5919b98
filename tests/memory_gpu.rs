//! Device memory on the GPU: buffers come from a stream-ordered pool
//! (device/src/context/memory.rs), so dropping one does not wait and its memory is reused; an
//! allocation the pool cannot hold trims the pool and tries again; one that no trimming helps is
//! `OutOfMemory` and the device keeps working. Sizes follow the GPU's memory
//! (`Device::memory_info`), so the tests run one at a time (`common::alone`): each sizes its
//! buffers from the memory free when it starts.
#![cfg(feature = "cuda")]

use crate::common;

use parallaxis::{ops::Sum, Cuda, DeviceVector, Error};
use parallaxis_device::Device;

type B = Cuda;

fn device() -> &'static Device {
    Device::default_device().expect("the default device")
}

/// `(free, total)` bytes on the default device after handing back what the pool keeps, so
/// that each test starts from what the driver can give.
fn memory() -> (usize, usize) {
    device().trim_memory().expect("trimming the pool");
    device()
        .memory_info()
        .expect("memory info of the default device")
}

/// A buffer of `bytes / 4` u32 holding `seed + i` (written by a kernel), summed on the
/// device against the closed form, so the memory is real and usable.
fn filled(bytes: usize, seed: u32) -> DeviceVector<u32, B> {
    let n = bytes / 4;
    let v = parallaxis::sequence::<u32, B>(n, seed, 1).unwrap_or_else(|e| panic!("{bytes} B: {e}"));
    let total = parallaxis::reduce(Sum, &v).unwrap();
    let want = common::sequence_sum_u32(n, seed);
    assert_eq!(total, want, "sum over {n} elements");
    v
}

#[test]
fn dropped_buffers_are_reused() {
    require_gpu!();
    let _alone = common::alone();
    let (free, total) = memory();
    // Twelve buffers of a quarter of the memory each, one at a time: three times the memory,
    // so every drop must give its memory back for the next.
    for k in 0..12 {
        drop(filled(total / 4, k));
    }
    if device().pooled_memory() {
        // The pool served all twelve from the first one's memory: the driver handed out one
        // buffer (and at most 256 MiB of scratch and slack) in all.
        let (after, _) = device().memory_info().unwrap();
        assert!(
            after + total / 4 + (256 << 20) >= free,
            "the pool grew past one buffer: {free} -> {after} bytes free"
        );
    }
}

#[test]
fn a_full_pool_is_trimmed_for_a_larger_buffer() {
    require_gpu!();
    let _alone = common::alone();
    let (free, _) = memory();
    // Two buffers of 40% of the free memory, dropped: the pool keeps them (80%). A buffer of
    // 60% fits in neither piece, and the driver has only 20% left, so it succeeds only if
    // the pool hands its unused memory back first.
    let a = filled(free / 10 * 4, 1);
    let b = filled(free / 10 * 4, 2);
    drop((a, b));
    if device().pooled_memory() {
        // The premise: the pool kept them, so the driver alone cannot give 60%.
        let (kept, _) = device().memory_info().unwrap();
        assert!(
            kept < free / 10 * 3,
            "the pool released them: {kept} of {free} free"
        );
    }
    drop(filled(free / 10 * 6, 3));
}

#[test]
fn out_of_memory_is_typed_and_the_device_keeps_working() {
    require_gpu!();
    let _alone = common::alone();
    let (_, total) = memory();
    let n = total / 4 * 2; // u32s: twice the device's memory
    match DeviceVector::<u32, B>::zeros(n) {
        Err(Error::OutOfMemory { bytes }) => assert_eq!(bytes, n * 4),
        Err(other) => panic!("expected OutOfMemory, got {other}"),
        Ok(_) => panic!("{} bytes on a device of {total}", n * 4),
    }
    drop(filled(1 << 20, 7));
}
