//! Batched Gauss-Jordan inversion of 32 × 32 matrices, one per block, with 1, 2, 4, 8 and 16
//! elements per thread held in registers (see `case_studies_kernels::gauss_jordan`), checked
//! against an `f64` CPU inversion; prints GFLOP/s, registers and occupancy per variant.
//!
//! Registers come from `ptxas -v` over this crate's PTX (pass its report with
//! `--ptxas-log FILE`); occupancy is computed from them, the block size and the shared
//! memory with the sm_90 limits (`case_studies::occupancy`).
//!
//! ```text
//! cargo run --release -p case-studies --bin gauss_jordan [-- --quick] [-- --ptxas-log FILE]
//! ```

use case_studies::occupancy::{occupancy, SM90};
use case_studies::{expect_all, ptxas, quick, time_ms, Result, SplitMix};
use case_studies_kernels::gauss_jordan::{
    entry, invert, threads, ELEMENTS_PER_THREAD, FLOPS_PER_MATRIX, N, SHARED_BYTES,
};
use parallaxis_device::DeviceBuffer;
use rayon::prelude::*;

/// `batch` diagonally dominant matrices (diagonal in `[N, N + 8)`, the rest in `[-1, 1)`):
/// Gauss-Jordan without pivoting is stable on them.
fn matrices(batch: usize, seed: u64) -> Vec<f32> {
    let mut r = SplitMix::new(seed);
    (0..batch * N * N)
        .map(|k| {
            if (k / N) % N == k % N {
                r.range(N as f32, N as f32 + 8.0)
            } else {
                r.range(-1.0, 1.0)
            }
        })
        .collect()
}

/// The inverse of one `N × N` matrix in `f64`, by the kernel's algorithm (in-place
/// Gauss-Jordan without pivoting).
fn inverse(a: &[f32]) -> Vec<f64> {
    let mut m: Vec<f64> = a.iter().map(|&v| f64::from(v)).collect();
    for k in 0..N {
        let inv_pivot = 1.0 / m[k * N + k];
        let row: Vec<f64> = (0..N).map(|j| m[k * N + j] * inv_pivot).collect();
        let col: Vec<f64> = (0..N).map(|i| m[i * N + k]).collect();
        for i in 0..N {
            for j in 0..N {
                m[i * N + j] = match (i == k, j == k) {
                    (true, true) => inv_pivot,
                    (true, false) => row[j],
                    (false, true) => -col[i] * inv_pivot,
                    (false, false) => m[i * N + j] - col[i] * row[j],
                };
            }
        }
    }
    m
}

/// `max |A · X − I|` for one matrix `a` and its computed inverse `x`, in `f64`.
fn residual(a: &[f32], x: &[f32]) -> f64 {
    let mut worst = 0.0_f64;
    for i in 0..N {
        for j in 0..N {
            let ax: f64 = (0..N)
                .map(|k| f64::from(a[i * N + k]) * f64::from(x[k * N + j]))
                .sum();
            worst = worst.max((ax - if i == j { 1.0 } else { 0.0 }).abs());
        }
    }
    worst
}

/// Inverts `a` with `e` elements per thread and compares every matrix with the `f64`
/// inverse: `max |got − want| ≤ 1e-4 · max |want|` per matrix (the matrices are well
/// conditioned; the f32 kernel's error is about 1e-6 of that), and checks that each result
/// is an inverse: `max |A · X − I| ≤ 1e-4` (f32 rounding leaves about 1e-6).
fn check(e: u32, a: &[f32], want: &[Vec<f64>]) -> Result<()> {
    const TOL: f64 = 1e-4;
    let d_a = DeviceBuffer::from_slice(a)?;
    let mut d_inv = DeviceBuffer::<f32>::zeroed(a.len())?;
    invert(e, &d_a, &mut d_inv, 1)?;
    let got = d_inv.to_vec()?;
    let error = |m: usize| {
        let w = &want[m];
        let scale = w.iter().fold(0.0_f64, |s, v| s.max(v.abs()));
        let err = got[m * N * N..(m + 1) * N * N]
            .iter()
            .zip(w)
            .fold(0.0_f64, |s, (&g, &w)| s.max((f64::from(g) - w).abs()));
        (err, scale)
    };
    expect_all(
        &format!("gauss-jordan E={e}"),
        want.len(),
        |m| {
            let (err, scale) = error(m);
            let res = residual(&a[m * N * N..][..N * N], &got[m * N * N..][..N * N]);
            !(err <= TOL * scale && res <= TOL)
        },
        |m| {
            let (err, scale) = error(m);
            let res = residual(&a[m * N * N..][..N * N], &got[m * N * N..][..N * N]);
            format!("matrix {m}: max error {err:e}, max |inverse| {scale:e}, |AX - I| {res:e}")
        },
    )?;
    println!(
        "gauss-jordan E={e:<2}: {} matrices match the f64 inverse, |AX - I| <= {TOL:e}",
        want.len()
    );
    Ok(())
}

fn main() -> Result<()> {
    let log = std::env::args()
        .skip_while(|a| a != "--ptxas-log")
        .nth(1)
        .map(std::fs::read_to_string)
        .transpose()?;
    let regs = log.as_deref().map(ptxas::registers).unwrap_or_default();
    let batch = if quick() { 5 } else { 65536 };
    let a = matrices(batch, 1);
    let want: Vec<Vec<f64>> = a.par_chunks(N * N).map(inverse).collect();
    for e in ELEMENTS_PER_THREAD {
        check(e, &a, &want)?;
    }
    if quick() {
        return Ok(());
    }
    let d_a = DeviceBuffer::from_slice(&a)?;
    let mut d_inv = DeviceBuffer::<f32>::zeroed(a.len())?;
    let flops = FLOPS_PER_MATRIX as f64 * batch as f64;
    println!(
        "{batch} inversions of {N} x {N} f32 ({FLOPS_PER_MATRIX} flops each); occupancy for sm_90 \
         from registers (ptxas -v), threads and {SHARED_BYTES} B of shared memory per block:"
    );
    for e in ELEMENTS_PER_THREAD {
        let ms = time_ms(d_a.device(), 20, |times| invert(e, &d_a, &mut d_inv, times))?;
        let name = entry(e).unwrap_or("?");
        let occ = match regs.get(name) {
            Some(&r) => {
                let (blocks, why, occ) = occupancy(&SM90, threads(e), r, SHARED_BYTES);
                format!("{r} registers, {blocks} blocks/SM ({why}), occupancy {occ:.2}")
            }
            None => "registers unknown (no --ptxas-log)".to_owned(),
        };
        println!(
            "  {e:>2} elements/thread ({:>4} threads): {ms:.3} ms, {:.0} GFLOP/s; {occ}",
            threads(e),
            flops / (ms * 1e-3) / 1e9
        );
    }
    Ok(())
}
