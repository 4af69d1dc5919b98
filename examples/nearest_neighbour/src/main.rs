//! A functor that reads device data: 1D nearest neighbour (`M` queries, `N` points, brute
//! force, 3 flops a pair). [`NearestNeighbour`] holds the points as a `DeviceRef`, and the
//! same call `parallaxis::transform(NearestNeighbour { points: pts.device_ref() }, &queries)`
//! runs on `Sequential` and `Rayon` and, with `--features cuda`, on `Cuda` through the
//! library's transform kernel instantiated for the functor, next to a hand-written kernel
//! that stages the points through a shared tile of 256 (`nearest_neighbour_kernels::tiled`).
//! Every variant is checked against a plain CPU loop on odd sizes (exact indices; ties to the
//! lowest index), then timed on `M = N = 2^16` (GFLOP/s at `3MN` flops), the CPU (rayon)
//! included; results in this example's README.
//!
//! ```text
//! cargo run --release -p nearest-neighbour -- --quick          # CPU checks only (CI)
//! cargo run --release -p nearest-neighbour --features cuda     # + GPU checks and timings
//! ```

#[cfg(feature = "cuda")]
mod gpu;

mod data;

use nearest_neighbour_kernels::NearestNeighbour;
use parallaxis::{backend::TransformOps, Backend, DeviceVector, Rayon, Sequential};
use std::time::Instant;

type Result<T> = core::result::Result<T, Box<dyn std::error::Error>>;

/// `(M, N, grid levels)` checked on every backend: sizes around one tile (255, 256, 257),
/// empty sides, and coarse grids (many exact ties) as well as fine ones.
const CHECKS: [(usize, usize, u32); 9] = [
    (1, 1, 4096),
    (255, 257, 64),
    (257, 255, 4096),
    (256, 513, 16),
    (1000, 1000, 4096),
    (1000, 1, 8),
    (1, 1000, 4096),
    (5, 0, 4096),
    (0, 7, 4096),
];

/// `(M, N)` timed without `--quick`: a square case, and many queries against few
/// points (16 times the blocks of the square case in the library's transform).
const TIMED: [(usize, usize); 2] = [(1 << 16, 1 << 16), (1 << 20, 1 << 14)];

/// The functor on backend `B`: points and queries copied to `B`, answers back to the host.
fn transform_on<B>(queries: &[f32], points: &[f32]) -> Result<Vec<u32>>
where
    B: Backend + for<'a> TransformOps<f32, NearestNeighbour<'a>>,
{
    let pts = DeviceVector::<f32, B>::from_slice(points)?;
    let q = DeviceVector::<f32, B>::from_slice(queries)?;
    let nearest = parallaxis::transform(
        NearestNeighbour {
            points: pts.device_ref(),
        },
        &q,
    )?;
    Ok(nearest.to_vec()?)
}

fn check_sizes() -> Result<()> {
    for (seed, &(m, n, levels)) in CHECKS.iter().enumerate() {
        let queries = data::values(m, levels, 2 * seed as u64);
        let points = data::values(n, levels, 2 * seed as u64 + 1);
        let want: Vec<u32> = queries.iter().map(|&q| data::nearest(q, &points)).collect();
        let size = format!("M = {m}, N = {n}, grid 1/{levels}");
        data::check(
            &format!("sequential {size}"),
            &transform_on::<Sequential>(&queries, &points)?,
            &want,
        )?;
        data::check(
            &format!("rayon {size}"),
            &transform_on::<Rayon>(&queries, &points)?,
            &want,
        )?;
        #[cfg(feature = "cuda")]
        gpu::check(&queries, &points, &want, &size)?;
        println!("{size:<36} every variant matches the reference");
    }
    Ok(())
}

fn time_rayon(queries: &[f32], points: &[f32], want: &[u32]) -> Result<()> {
    let (m, n) = (queries.len(), points.len());
    let pts = DeviceVector::<f32, Rayon>::from_slice(points)?;
    let q = DeviceVector::<f32, Rayon>::from_slice(queries)?;
    let f = NearestNeighbour {
        points: pts.device_ref(),
    };
    let start = Instant::now();
    let got = parallaxis::transform(f, &q)?;
    let s = start.elapsed().as_secs_f64();
    data::check("rayon (timed)", got.as_slice(), want)?;
    println!(
        "  {:<34} {:>10.3} ms {:>9.1} GFLOP/s  ({} threads)",
        "cpu: transform, Rayon",
        s * 1e3,
        data::gflops(m, n, s),
        rayon::current_num_threads()
    );
    Ok(())
}

fn main() -> Result<()> {
    let quick = std::env::args().any(|a| a == "--quick");
    check_sizes()?;
    if quick {
        return Ok(());
    }
    for (seed, &(m, n)) in TIMED.iter().enumerate() {
        let queries = data::values(m, 1 << 20, 100 + 2 * seed as u64);
        let points = data::values(n, 1 << 20, 101 + 2 * seed as u64);
        let want = data::reference(&queries, &points);
        println!(
            "M = {m}, N = {n}: {:.1} GFLOP a pass",
            data::gflops(m, n, 1.0)
        );
        time_rayon(&queries, &points, &want)?;
        #[cfg(feature = "cuda")]
        gpu::time(&queries, &points, &want)?;
    }
    Ok(())
}
