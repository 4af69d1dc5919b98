//! What the ladder binaries (`matmul`, `reduce`, `scan`) share: deterministic inputs, GPU
//! timing of back-to-back launches, and the copy roof they are measured against.

use parallaxis_device::{DeviceBuffer, GpuTimer};

/// The binaries' error type: any error, reported by `main` with a non-zero exit.
pub type Result<T> = core::result::Result<T, Box<dyn std::error::Error>>;

/// `n` pseudo-random integers in `0..bound` (xorshift64, fixed seed): small enough that sums
/// and products stay exact, so every check compares bit for bit.
pub fn small_ints(n: usize, bound: u32) -> Vec<u32> {
    let mut s = 0x9e37_79b9_7f4a_7c15_u64;
    (0..n)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            (s % u64::from(bound)) as u32
        })
        .collect()
}

/// GPU milliseconds per launch of `launch(reps)`, which queues `reps` launches back to back
/// (`UserKernel::launch_on`'s `times`, or a loop of library calls): one host round trip for
/// all of them, so the figure is the kernels' time, not the launch latency.
///
/// # Errors
/// The launch's error, or a driver failure.
pub fn ms_per_launch(
    timer: &GpuTimer,
    reps: u32,
    launch: impl FnOnce(u32) -> parallaxis_device::Result<()>,
) -> Result<f64> {
    let (ms, ()) = timer.time(|| launch(reps))?;
    Ok(f64::from(ms) / f64::from(reps))
}

/// The copy roof in GB/s: a device-to-device copy of `src` (its bytes read and written once),
/// timed like the kernels. Kernels that read and write `bytes` compare their `bytes / time`
/// with it.
///
/// # Errors
/// Out of device memory, or a driver failure.
pub fn copy_roof_gbs<T: parallaxis::DeviceCopy>(
    timer: &GpuTimer,
    src: &DeviceBuffer<T>,
    reps: u32,
) -> Result<f64> {
    let mut dst = DeviceBuffer::<T>::zeroed(src.len())?;
    dst.copy_from(src)?;
    let ms = ms_per_launch(timer, reps, |r| (0..r).try_for_each(|_| dst.copy_from(src)))?;
    Ok(gbs(2 * src.len() * core::mem::size_of::<T>(), ms))
}

/// `bytes` moved in `ms` milliseconds, in GB/s.
pub fn gbs(bytes: usize, ms: f64) -> f64 {
    bytes as f64 / (ms * 1e-3) / 1e9
}
