//! A user-written GPU kernel launched through parallaxis: tiled matrix transpose (see
//! `transpose-kernels`), with the rungs below it on the classic transpose ladder (naive;
//! tiled without the padding column). Checks every rung against a CPU transpose on shapes
//! that are not multiples of 32, then times each on 8192×8192 `f32` against the copy roof: a
//! device-to-device copy of the same bytes (`DeviceBuffer::copy_from`), timed in the same run
//! on the same GPU.
//!
//! ```text
//! cargo run --release -p gpu-transpose [-- --quick]
//! ```

use parallaxis_device::{DeviceBuffer, GpuTimer};
use transpose_kernels::{transpose_with, Variant};

type Result<T> = core::result::Result<T, Box<dyn std::error::Error>>;

fn cpu_transpose(src: &[f32], rows: usize, cols: usize) -> Vec<f32> {
    let mut out = vec![0.0; src.len()];
    for r in 0..rows {
        for c in 0..cols {
            out[c * rows + r] = src[r * cols + c];
        }
    }
    out
}

fn check(rows: usize, cols: usize) -> Result<()> {
    let src: Vec<f32> = (0..rows * cols).map(|i| i as f32 * 0.5 - 7.0).collect();
    let d_src = DeviceBuffer::from_slice(&src)?;
    let want = cpu_transpose(&src, rows, cols);
    for v in Variant::ALL {
        let mut d_dst = DeviceBuffer::zeroed(rows * cols)?;
        transpose_with(v, &d_src, &mut d_dst, rows as u64, cols as u64, 1)?;
        let got = d_dst.to_vec()?;
        if got != want {
            let i = got.iter().zip(&want).position(|(a, b)| a != b);
            return Err(format!("{v:?} transpose {rows}x{cols}: MISMATCH at {i:?}").into());
        }
    }
    println!("transpose {rows:>5} x {cols:<5}: every rung matches the CPU transpose");
    Ok(())
}

fn main() -> Result<()> {
    let quick = std::env::args().any(|a| a == "--quick");
    for (rows, cols) in [(1, 1), (31, 33), (1000, 1537), (1537, 1000), (64, 4096)] {
        check(rows, cols)?;
    }
    if quick {
        return Ok(());
    }
    let n = 8192_usize;
    let src: Vec<f32> = (0..n * n).map(|i| (i % 1013) as f32).collect();
    let d_src = DeviceBuffer::from_slice(&src)?;
    let timer = GpuTimer::new(d_src.device())?;
    let reps = 50;
    let bytes = 2.0 * (n * n * 4) as f64;
    // The roof: the same bytes read and written by the driver's copy (the bench's convention).
    let mut copy = DeviceBuffer::zeroed(n * n)?;
    copy.copy_from(&d_src)?;
    let (copy_ms, ()) = timer.time(|| (0..reps).try_for_each(|_| copy.copy_from(&d_src)))?;
    let roof = bytes / (f64::from(copy_ms) / f64::from(reps) * 1e-3) / 1e9;
    println!("transpose {n} x {n} f32 (GB/s = 2 n^2 4 B / time; copy roof {roof:.0} GB/s)");
    let mut naive_ms = None;
    for v in Variant::ALL {
        let mut d_dst = DeviceBuffer::zeroed(n * n)?;
        transpose_with(v, &d_src, &mut d_dst, n as u64, n as u64, 3)?; // warm-up (module load)
        let (ms, ()) =
            timer.time(|| transpose_with(v, &d_src, &mut d_dst, n as u64, n as u64, reps))?;
        let per = f64::from(ms) / f64::from(reps);
        let naive = *naive_ms.get_or_insert(per);
        let gbs = bytes / (per * 1e-3) / 1e9;
        println!(
            "  {:<9} {per:.4} ms per launch, {gbs:>5.0} GB/s ({:>3.0}% of the copy roof, {:.2}x naive)",
            format!("{v:?}"),
            100.0 * gbs / roof,
            naive / per
        );
        let got = d_dst.to_vec()?;
        let ok = (0..n)
            .step_by(97)
            .all(|r| (0..n).step_by(89).all(|c| got[c * n + r] == src[r * n + c]));
        if !ok {
            return Err(format!("{v:?} 8192 transpose mismatch").into());
        }
    }
    println!("8192 x 8192 results spot-checked: ok");
    Ok(())
}
