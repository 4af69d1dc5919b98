//! The 7-point stencil ladder (`C0 = -6`, `C1 = 1`, zero boundaries) on a 64 × 4096 × 4096
//! `f32` grid: naive, z-pencil coarsening, z neighbours in registers, and two shared x-y
//! tiles (see `case_studies_kernels::stencil7`), beside the library's
//! `parallaxis::stencil_map_into` with `parallaxis::star_3d`, timed in the same run.
//!
//! Inputs are multiples of 1/16 in `[-8, 8)`, so every sum is exact in `f32` whatever its
//! order: each kernel and the library must match the CPU reference bit for bit.
//!
//! ```text
//! cargo run --release -p case-studies --bin stencil7 [-- --quick]
//! ```

use case_studies::{expect_all, quick, time_ms, Result, SplitMix};
use case_studies_kernels::stencil7::{stencil7, Variant, C0, C1};
use parallaxis::{
    ops::{Boundary, PlusTimes},
    Cuda, DeviceVector,
};
use parallaxis_device::DeviceBuffer;
use rayon::prelude::*;

/// Global loads per output point of each rung (from the kernels: 7 neighbours; 5 with `prev`
/// and `cur` in registers; 1 (`next`) plus the tile's halo, `2 · (32 + 8)` loads for 256
/// points, with the shared tiles).
fn loads_per_output(v: Variant) -> f64 {
    match v {
        Variant::Naive | Variant::Pencil => 7.0,
        Variant::Registers => 5.0,
        Variant::SharedGlobalHalo | Variant::SharedHaloTile => 1.0 + 80.0 / 256.0,
    }
}

/// Dyadic inputs, generated in parallel chunks (reproducible for a given length).
fn input(n: usize) -> Vec<f32> {
    const CHUNK: usize = 1 << 20;
    let mut x = vec![0.0_f32; n];
    x.par_chunks_mut(CHUNK).enumerate().for_each(|(c, xs)| {
        let mut r = SplitMix::new(c as u64);
        for v in xs {
            *v = ((r.next_u64() >> 40) % 256) as f32 / 16.0 - 8.0;
        }
    });
    x
}

/// The stencil on the CPU, one row per task.
fn reference(x: &[f32], [nz, ny, nx]: [usize; 3]) -> Vec<f32> {
    let mut y = vec![0.0_f32; x.len()];
    let at = |i: usize, j: usize, k: usize| {
        if i < nx && j < ny && k < nz {
            x[(k * ny + j) * nx + i]
        } else {
            0.0
        }
    };
    y.par_chunks_mut(nx).enumerate().for_each(|(row, ys)| {
        let (j, k) = (row % ny, row / ny);
        for (i, y) in ys.iter_mut().enumerate() {
            let (im, jm, km) = (i.wrapping_sub(1), j.wrapping_sub(1), k.wrapping_sub(1));
            let faces = ((at(im, j, k) + at(i + 1, j, k)) + (at(i, jm, k) + at(i, j + 1, k)))
                + (at(i, j, km) + at(i, j, k + 1));
            *y = C0 * at(i, j, k) + C1 * faces;
        }
    });
    y
}

/// The stencil of the library (`stencil_map_into`, `star_3d`), the peer.
fn library(
    x: &DeviceVector<f32, Cuda>,
    y: &mut DeviceVector<f32, Cuda>,
    shape: [usize; 3],
) -> parallaxis::Result<()> {
    let lap = parallaxis::star_3d([C0, C1, C1, C1, C1, C1, C1]);
    parallaxis::stencil_map_into(PlusTimes, &lap, Boundary::Zero, shape, x, y)
}

fn same(what: &str, got: &[f32], want: &[f32]) -> Result<()> {
    expect_all(
        what,
        want.len(),
        |i| got[i].to_bits() != want[i].to_bits(),
        |i| format!("got {} want {}", got[i], want[i]),
    )
}

/// Every rung and the library on `shape`, each output compared bit for bit with the CPU;
/// with `reps > 0`, each is also timed (ms per launch, `reps` launches).
fn run(shape: [usize; 3], reps: u32) -> Result<()> {
    let n: usize = shape.iter().product();
    let dims = [shape[0] as u32, shape[1] as u32, shape[2] as u32];
    let x = input(n);
    let want = reference(&x, shape);
    let xv = DeviceVector::<f32, Cuda>::from_buffer(DeviceBuffer::from_slice(&x)?);
    let dev = xv.buffer().device();
    // Stale NaNs before every run: a point a kernel fails to write cannot match.
    let nans = DeviceBuffer::from_slice(&vec![f32::NAN; n])?;
    let mut y = DeviceBuffer::<f32>::zeroed(n)?;
    let mut times = Vec::new();
    for v in Variant::ALL {
        y.copy_from(&nans)?;
        stencil7(v, xv.buffer(), &mut y, dims, 1)?;
        same(&format!("stencil7 {v:?} {shape:?}"), &y.to_vec()?, &want)?;
        if reps > 0 {
            let ms = time_ms(dev, reps, |t| stencil7(v, xv.buffer(), &mut y, dims, t))?;
            times.push((format!("{v:?}"), ms, Some(loads_per_output(v))));
        }
    }
    let mut yv =
        DeviceVector::<f32, Cuda>::from_buffer(DeviceBuffer::from_slice(&vec![f32::NAN; n])?);
    library(&xv, &mut yv, shape)?;
    same(&format!("stencil_map {shape:?}"), &yv.to_vec()?, &want)?;
    println!(
        "stencil7 {shape:?} (nz, ny, nx): every rung and stencil_map match the CPU bit for bit"
    );
    if reps == 0 {
        return Ok(());
    }
    let ms = time_ms(dev, reps, |t| {
        (0..t).try_for_each(|_| library(&xv, &mut yv, shape))
    })?;
    times.push(("stencil_map (parallaxis)".to_owned(), ms, None));
    let naive = times[0].1;
    let bytes = 8.0 * n as f64; // one read and one write a point: the traffic floor
    println!("{n} points, {reps} launches each; GB/s counts 8 bytes a point:");
    for (name, ms, loads) in &times {
        let loads = loads.map_or("-".to_owned(), |l| format!("{l:.2}"));
        println!(
            "  {name:<24} {ms:8.3} ms  {:6.0} GB/s  {:5.2}x naive  loads/output {loads}",
            bytes / (ms * 1e-3) / 1e9,
            naive / ms
        );
    }
    Ok(())
}

fn main() -> Result<()> {
    // Shapes that are not multiples of the 32 × 8 block.
    run([5, 19, 45], 0)?;
    run([3, 16, 64], 0)?;
    if !quick() {
        run([64, 4096, 4096], 10)?;
    }
    Ok(())
}
