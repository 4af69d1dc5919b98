//! Interop with other CUDA code on the GPU: `DeviceVector<T, Cuda>` to and from
//! cudarc's `CudaSlice` without a copy (the same device address on both sides), the raw
//! device address, and ordering with a non-blocking stream of the caller's through
//! `Device::signal_stream` / `Device::wait_for_stream` and the scope `Device::with_stream` (no
//! host wait between the two sides).
//! Every value read back is compared with the closed form or the host reference.
#![cfg(feature = "cuda")]

use crate::common;

use parallaxis::cudarc::driver::{result, CudaContext, CudaStream, DevicePtr};
use parallaxis::{device::Device, ops::Sum, Cuda, DeviceVector};
use std::sync::Arc;

type B = Cuda;

/// Large enough that the queued kernels and copies overlap in time with the other side's
/// work when ordering is missing.
const N: usize = 1 << 24;

fn device() -> &'static Device {
    Device::default_device().expect("the default device")
}

/// A non-blocking stream of the caller's (cudarc's `new_stream` makes non-blocking streams,
/// which the legacy default stream does not order with implicitly).
fn user_stream() -> Arc<CudaStream> {
    let ctx = CudaContext::new(device().ordinal()).expect("cudarc context");
    ctx.new_stream().expect("a stream of the caller's")
}

#[test]
fn vector_to_cuda_slice_and_back_keeps_the_address() {
    require_gpu!();
    let v = parallaxis::sequence::<u32, B>(N, 7, 1).unwrap();
    // SAFETY: only compared, never dereferenced.
    let addr = unsafe { v.as_device_ptr() };
    let slice = v.into_cuda_slice().unwrap();
    let stream = slice.stream().clone();
    let (slice_addr, _sync) = slice.device_ptr(&stream);
    assert_eq!(slice_addr, addr, "into_cuda_slice copied the memory");
    drop(_sync);
    let host = stream.clone_dtoh(&slice).unwrap();
    assert!(
        host.iter().enumerate().all(|(i, &x)| x == 7 + i as u32),
        "cudarc read"
    );

    let back = DeviceVector::<u32, B>::from_cuda_slice(slice).unwrap();
    // SAFETY: only compared.
    let back_addr = unsafe { back.as_device_ptr() };
    assert_eq!(back_addr, addr, "from_cuda_slice copied the memory");
    assert_eq!(
        parallaxis::reduce(Sum, &back).unwrap(),
        common::sequence_sum_u32(N, 7)
    );
}

#[test]
fn cudarc_slice_on_a_non_blocking_stream_is_read_after_its_copy() {
    require_gpu!();
    let stream = user_stream();
    let data: Vec<u32> = (0..N as u32).map(|i| i.wrapping_mul(2654435761)).collect();
    // Queued on the caller's stream; `from_cuda_slice` orders parallaxis's scan after it.
    let slice = stream.clone_htod(&data).unwrap();
    let v = DeviceVector::<u32, B>::from_cuda_slice(slice).unwrap();
    let got = parallaxis::inclusive_scan(Sum, &v)
        .unwrap()
        .to_vec()
        .unwrap();
    let mut want = vec![0; N];
    parallaxis::reference::inclusive_scan(Sum, &data, &mut want);
    assert_eq!(got, want, "scan of a cudarc-written slice");
}

#[test]
fn raw_pointers_order_with_a_caller_stream() {
    require_gpu!();
    let stream = user_stream();
    // parallaxis writes, the caller's stream reads after `signal_stream`.
    let v = parallaxis::sequence::<u32, B>(N, 3, 1).unwrap();
    let y = parallaxis::transform(parallaxis::ops::Scale { factor: 5_u32 }, &v).unwrap();
    device().signal_stream(&stream).unwrap();
    let mut host = vec![0_u32; N];
    // SAFETY: `y` lives until after the synchronize below; the copy is ordered after the
    // transform by `signal_stream`, and parallaxis queues nothing on `y` meanwhile.
    unsafe { result::memcpy_dtoh_async(&mut host, y.as_device_ptr(), stream.cu_stream()) }.unwrap();
    stream.synchronize().unwrap();
    assert!(
        host.iter()
            .enumerate()
            .all(|(i, &x)| x == (3 + i as u32).wrapping_mul(5)),
        "the caller's read of parallaxis's output"
    );

    // The caller's stream writes, parallaxis reads after `wait_for_stream`.
    let mut w = DeviceVector::<u32, B>::zeros(N).unwrap();
    let ones = vec![1_u32; N];
    // SAFETY: `w` outlives the copy (the reduce below waits for it); every element written is
    // a valid u32; parallaxis's zeroing of `w` is ordered before the copy by `signal_stream`,
    // and parallaxis's reduce after it by `wait_for_stream`.
    unsafe {
        device().signal_stream(&stream).unwrap();
        result::memcpy_htod_async(w.as_device_ptr_mut(), &ones, stream.cu_stream()).unwrap();
    }
    device().wait_for_stream(&stream).unwrap();
    assert_eq!(
        parallaxis::reduce(Sum, &w).unwrap(),
        N as u32,
        "parallaxis's read"
    );
    stream.synchronize().unwrap();
}

#[test]
fn with_stream_orders_parallax_between_the_callers_work() {
    require_gpu!();
    let stream = user_stream();
    let mut w = DeviceVector::<u32, B>::zeros(N).unwrap();
    let ones = vec![1_u32; N];
    // SAFETY: `w` outlives the copy (the scan below is ordered after it); every element
    // written is a valid u32; parallaxis's zeroing of `w` is ordered before the copy by
    // `signal_stream`.
    unsafe {
        device().signal_stream(&stream).unwrap();
        result::memcpy_htod_async(w.as_device_ptr_mut(), &ones, stream.cu_stream()).unwrap();
    }
    // The scan reads the caller's write; the caller's read below sees the scan.
    let y = device()
        .with_stream(&stream, || parallaxis::inclusive_scan(Sum, &w))
        .unwrap();
    let mut host = vec![0_u32; N];
    // SAFETY: `y` lives until after the synchronize below; the copy is ordered after the scan
    // by `with_stream`, and parallaxis queues nothing on `y` meanwhile.
    unsafe { result::memcpy_dtoh_async(&mut host, y.as_device_ptr(), stream.cu_stream()) }.unwrap();
    stream.synchronize().unwrap();
    assert!(
        host.iter().enumerate().all(|(i, &x)| x == i as u32 + 1),
        "the caller's read of a scan of the caller's write"
    );
    // The work's own error comes back as it is, and the stream stays usable.
    let e = device()
        .with_stream(&stream, || {
            parallaxis::reduce_into(Sum, &w, &mut DeviceVector::<u32, B>::zeros(2)?)
        })
        .unwrap_err();
    assert!(
        matches!(e, parallaxis::Error::LengthMismatch { .. }),
        "{e:?}"
    );
    stream.synchronize().unwrap();
}

#[test]
fn empty_vectors_round_trip() {
    require_gpu!();
    let v = DeviceVector::<f32, B>::zeros(0).unwrap();
    // SAFETY: only compared.
    assert_eq!(unsafe { v.as_device_ptr() }, 0);
    let slice = v.into_cuda_slice().unwrap();
    assert_eq!(slice.len(), 0);
    let back = DeviceVector::<f32, B>::from_cuda_slice(slice).unwrap();
    assert!(back.is_empty());
    assert_eq!(parallaxis::reduce(Sum, &back).unwrap(), 0.0);
}
