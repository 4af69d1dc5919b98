//! The CUDA variants: the library's `transform` with the functor (its kernel instantiated in
//! `nearest-neighbour-kernels`), and the hand-written tiled kernel.

use crate::{data, transform_on, Result};
use nearest_neighbour_kernels::{tiled, NearestNeighbour, NO_POINT};
use parallaxis::{Cuda, DeviceVector, Rayon};
use parallaxis_device::GpuTimer;

/// Launches a timing averages over (after one warm-up launch that loads the kernel).
const REPS: u32 = 20;

/// The tiled kernel's answers for `queries` and `points`.
fn tiled_on_gpu(queries: &[f32], points: &[f32]) -> Result<Vec<u32>> {
    let q = DeviceVector::<f32, Cuda>::from_slice(queries)?;
    let pts = DeviceVector::<f32, Cuda>::from_slice(points)?;
    let mut nearest = DeviceVector::<u32, Cuda>::zeros(queries.len())?;
    tiled::nearest_tiled(q.buffer(), pts.buffer(), nearest.buffer_mut(), 1)?;
    Ok(nearest.to_vec()?)
}

/// Both GPU variants against `want`; and the GPU's points given to a CPU transform, which
/// must read nothing (every answer `NO_POINT`) rather than dereference a device address.
pub(crate) fn check(queries: &[f32], points: &[f32], want: &[u32], size: &str) -> Result<()> {
    data::check(
        &format!("cuda transform {size}"),
        &transform_on::<Cuda>(queries, points)?,
        want,
    )?;
    data::check(
        &format!("cuda tiled {size}"),
        &tiled_on_gpu(queries, points)?,
        want,
    )?;
    let on_gpu = DeviceVector::<f32, Cuda>::from_slice(points)?;
    let q = DeviceVector::<f32, Rayon>::from_slice(queries)?;
    let wrong_backend = parallaxis::transform(
        NearestNeighbour {
            points: on_gpu.device_ref(),
        },
        &q,
    )?;
    let expected = vec![NO_POINT; queries.len()];
    data::check(
        &format!("device view on the CPU {size}"),
        wrong_backend.as_slice(),
        &expected,
    )?;
    Ok(())
}

fn report(what: &str, m: usize, n: usize, total_ms: f32) {
    let ms = f64::from(total_ms) / f64::from(REPS);
    println!(
        "  {what:<34} {ms:>10.3} ms {:>9.1} GFLOP/s",
        data::gflops(m, n, ms * 1e-3)
    );
}

/// Times both variants (the mean of `REPS` launches) and checks their last answers.
pub(crate) fn time(queries: &[f32], points: &[f32], want: &[u32]) -> Result<()> {
    let (m, n) = (queries.len(), points.len());
    let q = DeviceVector::<f32, Cuda>::from_slice(queries)?;
    let pts = DeviceVector::<f32, Cuda>::from_slice(points)?;
    let mut nearest = DeviceVector::<u32, Cuda>::zeros(m)?;
    let timer = GpuTimer::new(q.buffer().device())?;

    let f = NearestNeighbour {
        points: pts.device_ref(),
    };
    parallaxis::transform_into(f, &q, &mut nearest)?;
    let (ms, ()) = timer
        .time(|| (0..REPS).try_for_each(|_| parallaxis::transform_into(f, &q, &mut nearest)))?;
    data::check("cuda transform (timed)", &nearest.to_vec()?, want)?;
    report("gpu: transform(NearestNeighbour)", m, n, ms);

    // A fresh output: the transform's answers must not stand in for the tiled kernel's.
    let mut nearest = DeviceVector::<u32, Cuda>::zeros(m)?;
    tiled::nearest_tiled(q.buffer(), pts.buffer(), nearest.buffer_mut(), 1)?;
    let (ms, ()) = timer
        .time(|| tiled::nearest_tiled(q.buffer(), pts.buffer(), nearest.buffer_mut(), REPS))?;
    data::check("cuda tiled (timed)", &nearest.to_vec()?, want)?;
    report("gpu: tiled UserKernel, B = 256", m, n, ms);
    Ok(())
}
