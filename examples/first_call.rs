//! How long a program waits for its first result: the time from the start of `main` to the
//! first `inclusive_scan` of 2^20 `f32` read back on the host, on the default backend. On the
//! GPU that includes creating the context and loading the scan's kernel (machine code where
//! the build assembled it for this GPU, else the driver compiling its PTX); a second scan
//! in the same process shows what a warm call costs.
//!
//! ```text
//! cargo run --release --features cuda --example first_call
//! CUDA_CACHE_DISABLE=1 cargo run --release --features cuda --example first_call   # cold
//! ```
//!
//! Prints one line, `first_call <backend> n=1048576 first_s=<s> second_s=<s>`, which
//! `scripts/gpu-bench.sh` collects.

use parallaxis::{ops::Sum, DefaultBackend, DeviceVector};
use std::time::Instant;

fn main() -> parallaxis::Result<()> {
    let start = Instant::now();
    let n = 1usize << 20;
    let x: Vec<f32> = (0..n).map(|i| (i % 7) as f32).collect();
    let mut first = None;
    let mut times = Vec::new();
    for _ in 0..2 {
        let t = Instant::now();
        let v = DeviceVector::<f32>::from_slice(&x)?;
        let y = parallaxis::inclusive_scan(Sum, &v)?.to_vec()?;
        times.push(if first.is_none() {
            start.elapsed()
        } else {
            t.elapsed()
        });
        first.get_or_insert(y[n - 1]);
    }
    // Exact: the sum of 2^20 values of at most 6, far below 2^24.
    let want: f32 = x.iter().sum();
    if first != Some(want) {
        eprintln!("first_call: scan total {first:?}, want {want}");
        std::process::exit(1);
    }
    println!(
        "first_call {} n={n} first_s={:.4} second_s={:.6}",
        <DefaultBackend as parallaxis::Backend>::NAME,
        times[0].as_secs_f64(),
        times[1].as_secs_f64()
    );
    Ok(())
}
