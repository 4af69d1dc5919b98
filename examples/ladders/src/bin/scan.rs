//! The scan ladder (`ladder_kernels::scan`): Kogge-Stone (double-buffered) and Brent-Kung
//! (work-efficient) block scans of 1024-element tiles, made multi-block by
//! scan-then-propagate (scan the tiles, scan their totals with the same kernel, add the
//! scanned totals back), beside `parallaxis::inclusive_scan` (one pass, decoupled look-back)
//! and the copy roof, timed in the same run. `u32` sums of values in 0..8: exact, checked
//! bit for bit.
//!
//! ```text
//! cargo run --release -p ladders --bin scan [-- --quick]
//! ```

use ladder_kernels::scan::{add_totals, scan_tiles, tiles, Variant};
use ladders::{copy_roof_gbs, gbs, ms_per_launch, small_ints, Result};
use parallaxis::{ops::Sum, Cuda, DeviceVector};
use parallaxis_device::{DeviceBuffer, GpuTimer};

/// The buffers of a multi-level scan of `n` elements: level `l` scans `lens[l]` elements
/// into `outs[l]` and its tiles' totals into `totals[l]`; level `l + 1` scans `totals[l]`
/// into `outs[l + 1]`, which the add pass then folds into `outs[l]`.
struct Levels {
    lens: Vec<u64>,
    outs: Vec<DeviceBuffer<u32>>,
    totals: Vec<DeviceBuffer<u32>>,
}

impl Levels {
    fn new(n: u64) -> Result<Self> {
        let mut lens = vec![n];
        while tiles(*lens.last().unwrap_or(&1)) > 1 {
            lens.push(tiles(lens[lens.len() - 1]));
        }
        let outs = lens
            .iter()
            .map(|&l| DeviceBuffer::zeroed(l as usize))
            .collect::<core::result::Result<_, _>>()?;
        let totals = lens
            .iter()
            .map(|&l| DeviceBuffer::zeroed(tiles(l).max(1) as usize))
            .collect::<core::result::Result<_, _>>()?;
        Ok(Levels { lens, outs, totals })
    }

    /// Scans `x` into `outs[0]`; each launch repeated `reps` times back to back, and timed
    /// with `timer` (then the add passes add `reps` times: the result is only right with
    /// `reps = 1`). Returns the summed milliseconds per launch.
    fn scan(
        &mut self,
        v: Variant,
        x: &DeviceBuffer<u32>,
        timer: &GpuTimer,
        reps: u32,
    ) -> Result<f64> {
        let mut ms = 0.0;
        for l in 0..self.lens.len() {
            let (below, from_l) = self.totals.split_at_mut(l);
            let src = if l == 0 { x } else { &below[l - 1] };
            let (out, totals) = (&mut self.outs[l], &mut from_l[0]);
            ms += ms_per_launch(timer, reps, |r| {
                scan_tiles(v, src, out, totals, self.lens[l], r)
            })?;
        }
        for l in (0..self.lens.len() - 1).rev() {
            let (upto, above) = self.outs.split_at_mut(l + 1);
            ms += ms_per_launch(timer, reps, |r| {
                add_totals(&mut upto[l], &above[0], self.lens[l], r)
            })?;
        }
        Ok(ms)
    }
}

fn cpu_scan(x: &[u32]) -> Vec<u32> {
    x.iter()
        .scan(0_u32, |s, &v| {
            *s = s.wrapping_add(v);
            Some(*s)
        })
        .collect()
}

fn first_mismatch(got: &[u32], want: &[u32]) -> Option<usize> {
    got.iter().zip(want).position(|(g, w)| g != w)
}

fn main() -> Result<()> {
    let quick = std::env::args().any(|a| a == "--quick");
    let n = if quick { 1 << 20 } else { 1 << 26 };
    let x = small_ints(n, 8);
    let dx = DeviceBuffer::from_slice(&x)?;
    let timer = GpuTimer::new(dx.device())?;
    // The check sizes that fit in `x` (`--quick` stops at 2^20).
    let checked: Vec<usize> = [1, 1023, 1024, 1025, 4097, 1 << 20, (1 << 20) + 3]
        .into_iter()
        .filter(|&len| len <= n)
        .collect();
    for &len in &checked {
        let part = DeviceBuffer::from_slice(&x[..len])?;
        let want = cpu_scan(&x[..len]);
        for v in Variant::ALL {
            let mut levels = Levels::new(len as u64)?;
            levels.scan(v, &part, &timer, 1)?;
            if let Some(i) = first_mismatch(&levels.outs[0].to_vec()?, &want) {
                return Err(format!("{v:?} n={len}: MISMATCH at {i}").into());
            }
        }
    }
    println!("both rungs match the CPU scan at n = {checked:?}");

    let want = cpu_scan(&x);
    let reps = 20;
    let bytes = 8 * n;
    let roof = copy_roof_gbs(&timer, &dx, reps)?;
    println!("inclusive scan n = {n} u32 (GB/s = 8n / time; copy roof {roof:.0} GB/s)");
    let mut levels = Levels::new(n as u64)?;
    let mut first_ms = None;
    for v in Variant::ALL {
        levels.scan(v, &dx, &timer, 1)?;
        if let Some(i) = first_mismatch(&levels.outs[0].to_vec()?, &want) {
            return Err(format!("{v:?} n={n}: MISMATCH at {i}").into());
        }
        let ms = levels.scan(v, &dx, &timer, reps)?;
        let first = *first_ms.get_or_insert(ms);
        println!(
            "  {:<11} {ms:>8.4} ms  {:>6.0} GB/s  {:>5.2}x Kogge-Stone  ({} levels)",
            format!("{v:?}"),
            gbs(bytes, ms),
            first / ms,
            levels.lens.len()
        );
    }
    let lx = DeviceVector::<u32, Cuda>::from_slice(&x)?;
    let mut ly = DeviceVector::<u32, Cuda>::zeros(n)?;
    parallaxis::inclusive_scan_into(Sum, &lx, &mut ly)?;
    let ms = ms_per_launch(&timer, reps, |r| {
        (0..r).try_for_each(|_| parallaxis::inclusive_scan_into(Sum, &lx, &mut ly))
    })?;
    if let Some(i) = first_mismatch(&ly.to_vec()?, &want) {
        return Err(format!("parallaxis::inclusive_scan n={n}: MISMATCH at {i}").into());
    }
    println!(
        "  {:<11} {ms:>8.4} ms  {:>6.0} GB/s  {:>5.2}x Kogge-Stone  (one pass)",
        "parallaxis",
        gbs(bytes, ms),
        first_ms.unwrap_or(ms) / ms
    );
    Ok(())
}
