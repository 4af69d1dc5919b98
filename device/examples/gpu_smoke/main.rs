//! GPU smoke test of every instantiated kernel, and the 2^28 f32 throughput figures.
//!
//! ```sh
//! cargo build --release -p parallaxis-device --example gpu_smoke
//! gpu_smoke            # sizes 0, 1, 33, 4097, 2^20+7, 2^26; error paths; n > 2^31; timings
//! gpu_smoke --small    # sizes 0, 1, 33, 4097 and the error paths only (for compute-sanitizer)
//! ```
//!
//! Every kernel's output is compared with the sequential reference of `parallaxis_core`:
//! exactly for integers, `Min`/`Max`, transforms and `Affine` (the non-commutative monoid that
//! proves operand order); within `(256 + 2·i/1024)·eps·Σ|x|` of the exact (f64) prefix for
//! f32 sums (plus the sequential reference's own `i·eps` for f64). Exits non-zero on any
//! failure; prints one line per kernel and size.

mod bench;
mod check;
mod compare;
mod paths;

use parallaxis_device::Device;
use std::process::ExitCode;

fn main() -> ExitCode {
    let small = std::env::args().any(|a| a == "--small");
    let device = match Device::default_device() {
        Ok(d) => d,
        Err(e) => {
            eprintln!("gpu_smoke: no GPU: {e}");
            return ExitCode::from(2);
        }
    };
    println!(
        "device {}: {}",
        device.ordinal(),
        device.name().unwrap_or_default()
    );
    let sizes: &[usize] = if small {
        &[0, 1, 33, 4097]
    } else {
        &[0, 1, 33, 4097, (1 << 20) + 7, 1 << 26]
    };
    let mut report = compare::Report::default();
    for &n in sizes {
        check::all_kernels(n, &mut report);
    }
    check::error_paths(&mut report);
    if !small {
        check::beyond_2_31(&mut report);
        if let Err(e) = bench::run(device) {
            report.record("bench", 1 << 28, Err(e.to_string()));
        }
    }
    report.summary()
}
