//! Throughput at 2^28 f32 (1 GiB per vector): median of 20 timed runs after 3 warm-ups,
//! timed with CUDA events around each call (which includes the operation's own
//! synchronisation), as effective bandwidth = ideal bytes moved / time.

use parallaxis_core::{Affine, AffineMap, SaxpyFunctor, Sequence, Square, Sum};
use parallaxis_device::{self as dev, Device, DeviceBuffer, GpuTimer, Result, ScanLayout};

const WARMUPS: usize = 3;
const RUNS: usize = 20;

/// Prints one line: median and best time, and GB/s at the median.
fn measure(
    timer: &GpuTimer,
    name: &str,
    bytes: f64,
    mut f: impl FnMut() -> Result<()>,
) -> Result<()> {
    for _ in 0..WARMUPS {
        f()?;
    }
    let mut ms = Vec::with_capacity(RUNS);
    for _ in 0..RUNS {
        ms.push(timer.time(&mut f)?.0);
    }
    ms.sort_by(f32::total_cmp);
    let median = f64::from(ms[RUNS / 2 - 1] + ms[RUNS / 2]) / 2.0;
    println!(
        "BENCH {name:<34} median {median:>8.3} ms  best {:>8.3} ms  {:>7.1} GB/s",
        ms[0],
        bytes / median / 1e6
    );
    Ok(())
}

/// The timing table.
pub(crate) fn run(device: &'static Device) -> Result<()> {
    let n = 1_usize << 28;
    let b = (n * 4) as f64;
    let mut x = DeviceBuffer::<f32>::zeroed(n)?;
    let mut y = DeviceBuffer::<f32>::zeroed(n)?;
    let mut z = DeviceBuffer::<f32>::zeroed(n)?;
    dev::tabulate(
        Sequence {
            start: 1.0_f32,
            step: 1.0 / 1024.0,
        },
        &mut x,
    )?;
    dev::tabulate(
        Sequence {
            start: -3.0_f32,
            step: 1.0 / 4096.0,
        },
        &mut y,
    )?;
    let timer = GpuTimer::new(device)?;
    println!("\nthroughput, n = 2^28 f32 (median of {RUNS} after {WARMUPS} warm-ups):");
    measure(&timer, "copy roof (cuMemcpyDtoD, 8n B)", 2.0 * b, || {
        z.copy_from(&x)
    })?;
    measure(&timer, "reduce Sum f32 (4n B)", b, || {
        dev::reduce(Sum, &x).map(|_| ())
    })?;
    let mut total = DeviceBuffer::<f32>::zeroed_on(device, 1)?;
    measure(
        &timer,
        "reduce_into Sum f32 (4n B, result on device)",
        b,
        || dev::reduce_into(Sum, &x, &mut total),
    )?;
    measure(&timer, "inclusive_scan Sum f32 (8n B)", 2.0 * b, || {
        dev::inclusive_scan(Sum, &x, &mut z)
    })?;
    measure(
        &timer,
        "inclusive_scan Sum f32 direct (8n B)",
        2.0 * b,
        || dev::scan_with_layout(Sum, None, &x, &mut z, ScanLayout::Direct),
    )?;
    measure(&timer, "exclusive_scan Sum f32 (8n B)", 2.0 * b, || {
        dev::exclusive_scan(Sum, 0.0, &x, &mut z)
    })?;
    measure(&timer, "saxpy transform2 f32 (12n B)", 3.0 * b, || {
        dev::transform2(SaxpyFunctor { a: 2.0_f32 }, &x, &y, &mut z)
    })?;
    measure(&timer, "transform Square f32 (8n B)", 2.0 * b, || {
        dev::transform(Square, &x, &mut z)
    })?;
    drop((x, y, z));
    // The non-commutative monoid at 2^26 (1 GiB of 16-byte maps).
    let m = 1_usize << 26;
    let maps = DeviceBuffer::from_slice(&vec![AffineMap::new(1_i64, 1); m])?;
    let mut out = DeviceBuffer::<AffineMap<i64>>::zeroed(m)?;
    measure(
        &timer,
        "inclusive_scan Affine i64 2^26 (32n B)",
        (m * 32) as f64,
        || dev::inclusive_scan(Affine, &maps, &mut out),
    )?;
    measure(
        &timer,
        "inclusive_scan Affine direct",
        (m * 32) as f64,
        || dev::scan_with_layout(Affine, None, &maps, &mut out, ScanLayout::Direct),
    )?;
    Ok(())
}
