//! Bench rows of issue 31's lazy sequences, through the public front doors: `reduce(Sum,
//! x.map(Square))` beside the fused `transform_reduce` (`transform_reduce_square_f32`, same
//! call), `reduce(Sum, zip(x, y).map(Times))` beside `transform2_reduce_times_f32`, the scan of
//! a map beside `transform_inclusive_scan_square_f32`, and the scan of a zip's products
//! beside Thrust's `inclusive_scan` over a `transform_iterator` of a `zip_iterator`
//! (`thrust_inclusive_scan_zip_times_f32` in benches/peers/peers.cu). On CUDA that scan is
//! the fused `transform2_inclusive_scan` (`algorithms/backend/cuda_lazy.rs`,
//! `device/kernels/src/kernels/scan/zipped.rs`): 3n words, as the fused peer; until then a
//! `transform2` into a temporary and the scan moved 5n (`benches/results/h100/lazy/`).

use super::Bench;
use parallax::{Square, Sum, Times};

/// The four rows at `n` (x = 0.5 and y = 1.5 everywhere, as `bench_elementwise`).
pub(crate) fn bench_lazy(b: &mut Bench, n: usize) {
    let cases = [
        "lazy_reduce_map_square_f32",
        "lazy_reduce_zip_times_f32",
        "lazy_scan_map_square_f32",
        "lazy_scan_zip_times_f32",
    ];
    let Some((x, y, mut z)) = super::map_inputs(b, n, &cases) else {
        return;
    };
    let bytes = (n * 4) as f64;
    let mut got = None;
    b.case("lazy_reduce_map_square_f32", n, bytes, None, || {
        got = Some(parallax::reduce(Sum, &x.map(Square))?);
        Ok(())
    });
    // Every square is 0.25: the sum is exactly n / 4 (see `bench_elementwise`).
    check(got, n as f64 / 4.0, 0.0, "lazy_reduce_map_square_f32", n);
    let mut got = None;
    b.case("lazy_reduce_zip_times_f32", n, 2.0 * bytes, None, || {
        got = Some(parallax::reduce(Sum, &parallax::zip(&x, &y)?.map(Times))?);
        Ok(())
    });
    check(got, 0.75 * n as f64, 1e-6, "lazy_reduce_zip_times_f32", n);
    b.case("lazy_scan_map_square_f32", n, 2.0 * bytes, None, || {
        parallax::inclusive_scan_into(Sum, &x.map(Square), &mut z)
    });
    if n <= 1 << 22 && b.wants("lazy_scan_map_square_f32") {
        super::check_last(&z, n as f32 / 4.0, "lazy_scan_map_square_f32", n);
    }
    b.case("lazy_scan_zip_times_f32", n, 3.0 * bytes, None, || {
        parallax::inclusive_scan_into(Sum, &parallax::zip(&x, &y)?.map(Times), &mut z)
    });
    // Running sums of 0.75 are exact in f32 up to 2^21 terms.
    if n <= 1 << 21 && b.wants("lazy_scan_zip_times_f32") {
        super::check_last(&z, 0.75 * n as f32, "lazy_scan_zip_times_f32", n);
    }
}

/// Prints a failed check when `got` is off `want` by more than `rel` of it.
fn check(got: Option<f32>, want: f64, rel: f64, case: &str, n: usize) {
    if let Some(g) = got.filter(|&g| (f64::from(g) - want).abs() > rel * want) {
        println!("  CHECK FAILED: {case} n={n}: got {g}, want {want}");
    }
}
