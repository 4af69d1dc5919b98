//! {{project-name}}: operators of its own on the GPU through parallaxis, checked against the
//! CPU (the rayon backend runs the same operators with no kernels at all).
//!
//! ```text
//! cargo run --release
//! ```

use parallaxis::{Cuda, DeviceVector, Rayon};
use {{crate_name}}_kernels::{Hull, Interval, Point};

fn main() -> Result<(), parallaxis::Error> {
    let x: Vec<f32> = (0..1_000_000_u64)
        .map(|i| (i * 7919 % 10_007) as f32 - 5000.0)
        .collect();

    // On the GPU: the kernels of the crate beside this one.
    let gx = DeviceVector::<f32, Cuda>::from_slice(&x)?;
    let points = parallaxis::transform(Point, &gx)?;
    let hull = parallaxis::reduce(Hull, &points)?;
    let fused = parallaxis::transform_reduce(Point, Hull, &gx)?;

    // On the CPU, the same calls.
    let cx = DeviceVector::<f32, Rayon>::from_slice(&x)?;
    let want = parallaxis::transform_reduce(Point, Hull, &cx)?;

    assert_eq!(hull, want);
    assert_eq!(fused, want);
    let Interval { lo, hi } = want;
    println!(
        "min {lo}, max {hi} of {} values, on the GPU and the CPU",
        x.len()
    );
    Ok(())
}
