//! The tiled matrix-multiply ladder (`ladder_kernels::matmul`): naive, shared 16 × 16 tiles,
//! register tiles of 2 × 2 and 4 × 4 outputs per thread. Each rung is checked bit for bit
//! against a CPU product on shapes that are not multiples of the tiles, then timed on
//! 4096² `f32` (flops = 2 m n k) and spot-checked there. The cuBLAS figure beside it comes
//! from `benches/peers/peers_matmul.py`, run in the same session (examples/ladders/README.md).
//!
//! ```text
//! cargo run --release -p ladders --bin matmul [-- --quick]
//! ```

use ladder_kernels::matmul::{matmul, Variant};
use ladders::{ms_per_launch, small_ints, Result};
use parallaxis_device::{DeviceBuffer, GpuTimer};

/// Entries in -2..=2: every partial sum of a 4096-long dot product is an integer below 2^24,
/// so f32 products are exact whatever the summation order.
fn entries(n: usize, salt: u32) -> Vec<f32> {
    small_ints(n + salt as usize, 5)[salt as usize..]
        .iter()
        .map(|&v| v as f32 - 2.0)
        .collect()
}

/// `c[r][col]` of `a · b`, exactly (integer entries).
fn cpu_entry(a: &[f32], b: &[f32], (n, k): (usize, usize), r: usize, col: usize) -> f32 {
    (0..k).map(|i| a[r * k + i] * b[i * n + col]).sum()
}

fn check_all(m: usize, n: usize, k: usize) -> Result<()> {
    let (a, b) = (entries(m * k, 1), entries(k * n, 7));
    let want: Vec<f32> = (0..m * n)
        .map(|i| cpu_entry(&a, &b, (n, k), i / n, i % n))
        .collect();
    let (da, db) = (DeviceBuffer::from_slice(&a)?, DeviceBuffer::from_slice(&b)?);
    for v in Variant::ALL {
        let mut dc = DeviceBuffer::from_slice(&vec![f32::NAN; m * n])?;
        matmul(v, &da, &db, &mut dc, (m as u64, n as u64, k as u64), 1)?;
        let got = dc.to_vec()?;
        if let Some(i) = got.iter().zip(&want).position(|(g, w)| g != w) {
            return Err(format!("{v:?} {m}x{k} · {k}x{n}: MISMATCH at {i}").into());
        }
    }
    println!("matmul {m:>4} x {k:<4} · {k:>4} x {n:<4}: every rung matches the CPU product");
    Ok(())
}

fn main() -> Result<()> {
    let quick = std::env::args().any(|a| a == "--quick");
    for (m, n, k) in [
        (1, 1, 1),
        (17, 33, 5),
        (100, 77, 130),
        (257, 129, 200),
        (64, 64, 64),
    ] {
        check_all(m, n, k)?;
    }
    let s = if quick { 512 } else { 4096 };
    let (a, b) = (entries(s * s, 3), entries(s * s, 11));
    let (da, db) = (DeviceBuffer::from_slice(&a)?, DeviceBuffer::from_slice(&b)?);
    let mut dc = DeviceBuffer::<f32>::zeroed(s * s)?;
    let timer = GpuTimer::new(da.device())?;
    let shape = (s as u64, s as u64, s as u64);
    let flops = 2.0 * (s as f64).powi(3);
    println!("matmul {s} x {s} x {s} f32 (flops = 2 m n k = {flops:.3e})");
    let mut naive_ms = None;
    for v in Variant::ALL {
        matmul(v, &da, &db, &mut dc, shape, 1)?; // warm-up (module load)
        let reps = if v == Variant::Naive { 3 } else { 10 };
        let ms = ms_per_launch(&timer, reps, |r| matmul(v, &da, &db, &mut dc, shape, r))?;
        let naive = *naive_ms.get_or_insert(ms);
        // Spot check: one entry per row, the column walking the matrix.
        let got = dc.to_vec()?;
        let bad = (0..s)
            .map(|r| (r, (r * 7919 + 13) % s))
            .find(|&(r, c)| got[r * s + c] != cpu_entry(&a, &b, (s, s), r, c));
        if let Some((r, c)) = bad {
            return Err(format!("{v:?} {s}^3: MISMATCH at ({r}, {c})").into());
        }
        println!(
            "  {:<8} {:>3}x{:<3} per thread: {ms:>9.3} ms  {:>8.0} GFLOP/s  {:>5.1}x naive  ({s} entries checked)",
            format!("{v:?}"),
            v.per_thread(),
            v.per_thread(),
            flops / (ms * 1e-3) / 1e9,
            naive / ms,
        );
    }
    Ok(())
}
