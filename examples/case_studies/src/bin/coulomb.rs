//! Direct Coulomb summation (gather form) with 1, 4 and 8 grid points per thread (see
//! `case_studies_kernels::coulomb`), checked against an `f64` CPU sum, timed against each
//! other and against the same sum in `f32` on the CPU's cores (rayon), as the literature
//! compares with a CPU.
//!
//! ```text
//! cargo run --release -p case-studies --bin coulomb [-- --quick]
//! ```

use case_studies::{expect_all, quick, time_ms, Result, SplitMix};
use case_studies_kernels::coulomb::{coulomb, Atom, Coarsening};
use parallaxis_device::DeviceBuffer;
use rayon::prelude::*;
use std::time::Instant;

const VARIANTS: [Coarsening; 3] = [Coarsening::One, Coarsening::Four, Coarsening::Eight];
/// Flops counted per (atom, point) interaction: `dx`, the fma `dx² + (dy² + dz²)`, `rsqrt`,
/// the fma `v += q · r⁻¹` (fma = 2). The per-atom `dy² + dz²`, shared by a thread's points,
/// is not counted.
const FLOPS_PER_INTERACTION: f64 = 6.0;
/// Lattice spacing (Å).
const SPACING: f32 = 0.5;
/// The slice's height: 1 Å below the box that holds the atoms, so no distance is below 1.
const SLICE_Z: f32 = -1.0;

/// `count` atoms in the box over the `nx × ny` slice, heights in `[0, 8)`, charges in
/// `[-1, 1)`.
fn atoms(count: usize, (nx, ny): (u32, u32), seed: u64) -> Vec<Atom> {
    let mut r = SplitMix::new(seed);
    let (lx, ly) = (nx as f32 * SPACING, ny as f32 * SPACING);
    (0..count)
        .map(|_| Atom {
            x: r.range(0.0, lx),
            y: r.range(0.0, ly),
            z: r.range(0.0, 8.0),
            q: r.range(-1.0, 1.0),
        })
        .collect()
}

/// The potential at point `(i, j)` in `f64`, and `Σ |q / r|` (the scale of its rounding).
fn reference(atoms: &[Atom], i: u32, j: u32) -> (f64, f64) {
    let (x, y, z) = (
        f64::from(i as f32 * SPACING),
        f64::from(j as f32 * SPACING),
        f64::from(SLICE_Z),
    );
    atoms.iter().fold((0.0, 0.0), |(v, s), a| {
        let d = (x - f64::from(a.x)).hypot(y - f64::from(a.y));
        let t = f64::from(a.q) / d.hypot(z - f64::from(a.z));
        (v + t, s + t.abs())
    })
}

/// The CPU baseline: rows `0..rows` of the slice in `f32`, the kernel's arithmetic, on all
/// cores. Returns the potentials (so the work is not optimised away).
fn cpu_rows(atoms: &[Atom], nx: u32, rows: u32) -> Vec<f32> {
    (0..rows)
        .into_par_iter()
        .flat_map_iter(|j| {
            (0..nx).map(move |i| {
                let (x, y) = (i as f32 * SPACING, j as f32 * SPACING);
                atoms.iter().fold(0.0_f32, |v, a| {
                    let (dx, dy, dz) = (x - a.x, y - a.y, SLICE_Z - a.z);
                    v + a.q / (dx * dx + dy * dy + dz * dz).sqrt()
                })
            })
        })
        .collect()
}

/// Runs `c` on the GPU and compares rows `rows` (all points of each) with the reference:
/// `|got − want| ≤ TOL · Σ|q/r|` (rsqrt.approx and f32 sums; a missing atom moves a point
/// by far more).
fn check(c: Coarsening, atoms: &[Atom], shape: (u32, u32), rows: &[u32]) -> Result<()> {
    const TOL: f64 = 3e-5;
    let d_atoms = DeviceBuffer::from_slice(atoms)?;
    let mut d_v = DeviceBuffer::<f32>::zeroed(shape.0 as usize * shape.1 as usize)?;
    coulomb(c, &d_atoms, &mut d_v, shape, SPACING, SLICE_Z, 1)?;
    let got = d_v.to_vec()?;
    let nx = shape.0 as usize;
    let points = rows.len() * nx;
    let at = |k: usize| (k % nx, rows[k / nx] as usize);
    expect_all(
        &format!("coulomb {c:?} {shape:?}"),
        points,
        |k| {
            let (i, j) = at(k);
            let (want, scale) = reference(atoms, i as u32, j as u32);
            (f64::from(got[j * nx + i]) - want).abs() > TOL * scale
        },
        |k| {
            let (i, j) = at(k);
            let (want, scale) = reference(atoms, i as u32, j as u32);
            format!(
                "({i}, {j}): got {} want {want} (scale {scale})",
                got[j * nx + i]
            )
        },
    )?;
    println!(
        "coulomb {:<5} {:>4} x {:<4} {:>5} atoms: {points} points match the f64 sum",
        format!("{c:?}"),
        shape.0,
        shape.1,
        atoms.len()
    );
    Ok(())
}

fn main() -> Result<()> {
    // Shapes that are not multiples of a block's 16 × 8 · 16 points.
    let small = (100, 37);
    let few = atoms(300, small, 1);
    let all_rows: Vec<u32> = (0..small.1).collect();
    for c in VARIANTS {
        check(c, &few, small, &all_rows)?;
    }
    if quick() {
        return Ok(());
    }
    let shape = (2048_u32, 2048_u32);
    let many = atoms(4096, shape, 2);
    let sampled: Vec<u32> = (0..shape.1).step_by(97).chain([shape.1 - 1]).collect();
    for c in VARIANTS {
        check(c, &many, shape, &sampled)?;
    }
    let interactions = f64::from(shape.0) * f64::from(shape.1) * many.len() as f64;
    let cpu_rows_timed = 64;
    let start = Instant::now();
    let cpu = cpu_rows(&many, shape.0, cpu_rows_timed);
    let cpu_s = start.elapsed().as_secs_f64();
    let cpu_rate = f64::from(shape.0 * cpu_rows_timed) * many.len() as f64 / cpu_s;
    println!(
        "CPU ({} threads, f32, {cpu_rows_timed} rows; checksum {:.3}): {:.2} G interactions/s",
        rayon::current_num_threads(),
        cpu.iter().map(|&v| f64::from(v)).sum::<f64>(),
        cpu_rate / 1e9
    );
    let d_atoms = DeviceBuffer::from_slice(&many)?;
    let mut d_v = DeviceBuffer::<f32>::zeroed(shape.0 as usize * shape.1 as usize)?;
    println!(
        "{} x {} points, {} atoms ({:.2e} interactions, {FLOPS_PER_INTERACTION} flops each):",
        shape.0,
        shape.1,
        many.len(),
        interactions
    );
    for c in VARIANTS {
        let ms = time_ms(d_atoms.device(), 10, |times| {
            coulomb(c, &d_atoms, &mut d_v, shape, SPACING, SLICE_Z, times)
        })?;
        let rate = interactions / (ms * 1e-3);
        println!(
            "  {} point(s)/thread: {ms:.3} ms, {:.1} G interactions/s, {:.0} GFLOP/s, {:.0}x the CPU",
            c.points(),
            rate / 1e9,
            rate * FLOPS_PER_INTERACTION / 1e9,
            rate / cpu_rate
        );
    }
    Ok(())
}
