//! The reduction ladder (`ladder_kernels::reduce`): interleaved (divergent) addressing,
//! sequential addressing, two loads per thread, warp shuffles; each a tree per block, the
//! host repeating it on the partials until one value is left. Beside them `parallaxis::reduce`
//! (`reduce_into` a device slot) and the copy roof, timed in the same run. `u32` sums of
//! values in 0..8: exact, checked bit for bit.
//!
//! ```text
//! cargo run --release -p ladders --bin reduce [-- --quick]
//! ```

use ladder_kernels::reduce::{reduce_pass, Variant, BLOCK};
use ladders::{copy_roof_gbs, gbs, ms_per_launch, small_ints, Result};
use parallaxis::{ops::Sum, Cuda, DeviceVector};
use parallaxis_device::{DeviceBuffer, GpuTimer};

/// The sum of `x[..n]` by the ladder's `variant`: one pass into `partials[0]`, then passes
/// between the two partial buffers until one value is left. With `timer`, each pass is
/// launched `reps` times back to back and timed; returns the sum (of the last repetition)
/// and the summed milliseconds per pass.
fn reduce(
    variant: Variant,
    x: &DeviceBuffer<u32>,
    partials: &mut [DeviceBuffer<u32>; 2],
    n: u64,
    timing: Option<(&GpuTimer, u32)>,
) -> Result<(u32, f64)> {
    let mut ms = 0.0;
    let mut pass = |src: &DeviceBuffer<u32>, dst: &mut DeviceBuffer<u32>, len: u64| match timing {
        None => Ok(reduce_pass(variant, src, dst, len, 1)?),
        Some((timer, reps)) => {
            let mut out = 0;
            ms += ms_per_launch(timer, reps, |r| {
                out = reduce_pass(variant, src, dst, len, r)?;
                Ok(())
            })?;
            Ok::<u64, Box<dyn std::error::Error>>(out)
        }
    };
    let [first, second] = partials;
    let mut len = pass(x, first, n)?;
    let mut in_first = true;
    while len > 1 {
        len = if in_first {
            pass(first, second, len)?
        } else {
            pass(second, first, len)?
        };
        in_first = !in_first;
    }
    let last = if in_first { &*first } else { &*second };
    let total = last.to_vec()?.first().copied().ok_or("no partial")?;
    Ok((total, ms))
}

fn main() -> Result<()> {
    let quick = std::env::args().any(|a| a == "--quick");
    let n = if quick { 1 << 20 } else { 1 << 26 };
    let x = small_ints(n, 8);
    let dx = DeviceBuffer::from_slice(&x)?;
    let mut partials = [
        DeviceBuffer::<u32>::zeroed(n.div_ceil(BLOCK as usize))?,
        DeviceBuffer::<u32>::zeroed(n.div_ceil(BLOCK as usize))?,
    ];
    let fold = |len: usize| x[..len].iter().fold(0_u32, |s, &v| s.wrapping_add(v));
    for len in [1, 255, 256, 257, 511, 513, 65_537, 1_000_003] {
        for v in Variant::ALL {
            let (got, _) = reduce(v, &dx, &mut partials, len as u64, None)?;
            if got != fold(len) {
                return Err(format!("{v:?} n={len}: got {got}, want {}", fold(len)).into());
            }
        }
    }
    println!("every rung matches the CPU sum at n = 1 .. 1000003");

    let want = fold(n);
    let timer = GpuTimer::new(dx.device())?;
    let reps = 20;
    let bytes = 4 * n;
    let roof = copy_roof_gbs(&timer, &dx, reps)?;
    println!("reduce n = {n} u32 (GB/s = 4n / time; copy roof {roof:.0} GB/s)");
    let mut first_ms = None;
    for v in Variant::ALL {
        let (got, ms) = reduce(v, &dx, &mut partials, n as u64, Some((&timer, reps)))?;
        if got != want {
            return Err(format!("{v:?} n={n}: got {got}, want {want}").into());
        }
        let first = *first_ms.get_or_insert(ms);
        println!(
            "  {:<12} {ms:>8.4} ms  {:>6.0} GB/s  {:>5.1}x interleaved",
            format!("{v:?}"),
            gbs(bytes, ms),
            first / ms
        );
    }
    let lx = DeviceVector::<u32, Cuda>::from_slice(&x)?;
    let mut out = DeviceVector::<u32, Cuda>::zeros(1)?;
    parallaxis::reduce_into(Sum, &lx, &mut out)?;
    let ms = ms_per_launch(&timer, reps, |r| {
        (0..r).try_for_each(|_| parallaxis::reduce_into(Sum, &lx, &mut out))
    })?;
    let got = out.to_vec()?[0];
    if got != want {
        return Err(format!("parallaxis::reduce n={n}: got {got}, want {want}").into());
    }
    println!(
        "  {:<12} {ms:>8.4} ms  {:>6.0} GB/s  {:>5.1}x interleaved",
        "parallaxis",
        gbs(bytes, ms),
        first_ms.unwrap_or(ms) / ms
    );
    Ok(())
}
