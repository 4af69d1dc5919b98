//! Bench rows of the lazy sequences, through the public front doors: `reduce(Sum,
//! x.map(Square))` beside the fused `transform_reduce` (`transform_reduce_square_f32`, same
//! call), `reduce(Sum, zip(x, y).map(Times))` beside `transform2_reduce_times_f32`, the scan of
//! a map beside `transform_inclusive_scan_square_f32`, and the scan of a zip's products
//! beside Thrust's `inclusive_scan` over a `transform_iterator` of a `zip_iterator`
//! (`thrust_inclusive_scan_zip_times_f32` in benches/peers/peers.cu). On CUDA that scan is
//! the fused `transform2_inclusive_scan` (`algorithms/backend/cuda_lazy.rs`,
//! `device/kernels/src/kernels/scan/zipped.rs`): 3n words, as the fused peer; until then a
//! `transform2` into a temporary and the scan moved 5n (`benches/results/h100/lazy/`). And a
//! mean's (sum, count) over `zip(x, constant(1))`, beside `reduce_sum_f32`; `count_if` and
//! `min_element` of `x.map(Square)` beside the same on the stored `x`.

use super::Bench;
use parallaxis::ops::{Both, GreaterThan, Pair, Square, Sum, Times};

/// The four rows at `n` (x = 0.5 and y = 1.5 everywhere, as `bench_elementwise`).
pub(crate) fn bench_lazy(b: &mut Bench, n: usize) {
    let cases = [
        "lazy_reduce_map_square_f32",
        "lazy_reduce_zip_times_f32",
        "lazy_scan_map_square_f32",
        "lazy_scan_zip_times_f32",
        "lazy_reduce_zip_mean_f32",
        "lazy_count_if_map_square_f32",
        "lazy_count_if_stored_f32",
        "lazy_min_element_map_square_f32",
        "lazy_min_element_stored_f32",
    ];
    let Some((x, y, mut z)) = super::map_inputs(b, n, &cases) else {
        return;
    };
    let bytes = (n * 4) as f64;
    let mut got = None;
    b.case("lazy_reduce_map_square_f32", n, bytes, None, || {
        got = Some(parallaxis::reduce(Sum, &x.map(Square))?);
        Ok(())
    });
    // Every square is 0.25: the sum is exactly n / 4 (see `bench_elementwise`).
    check(got, n as f64 / 4.0, 0.0, "lazy_reduce_map_square_f32", n);
    let mut got = None;
    b.case("lazy_reduce_zip_times_f32", n, 2.0 * bytes, None, || {
        got = Some(parallaxis::reduce(
            Sum,
            &parallaxis::lazy::zip(&x, &y)?.map(Times),
        )?);
        Ok(())
    });
    check(got, 0.75 * n as f64, 1e-6, "lazy_reduce_zip_times_f32", n);
    b.case("lazy_scan_map_square_f32", n, 2.0 * bytes, None, || {
        parallaxis::inclusive_scan_into(Sum, &x.map(Square), &mut z)
    });
    if n <= 1 << 22 && b.wants("lazy_scan_map_square_f32") {
        super::check_last(&z, n as f32 / 4.0, "lazy_scan_map_square_f32", n);
    }
    b.case("lazy_scan_zip_times_f32", n, 3.0 * bytes, None, || {
        parallaxis::inclusive_scan_into(Sum, &parallaxis::lazy::zip(&x, &y)?.map(Times), &mut z)
    });
    // Running sums of 0.75 are exact in f32 up to 2^21 terms.
    if n <= 1 << 21 && b.wants("lazy_scan_zip_times_f32") {
        super::check_last(&z, 0.75 * n as f32, "lazy_scan_zip_times_f32", n);
    }
    // A mean's (sum, count) in one reduce over `zip(x, constant(1))`. The bytes are the
    // one-pass ideal (x once, as `reduce_sum_f32`, the row to read it beside): on CUDA the zip
    // with a constant is `x.map(PairWith)`, the fused `PairWith` / `Both(Sum, Sum)` kernel
    // (`algorithms/backend/cuda_lazy.rs`); until then the pairs were written out first, 8.7-13.7x
    // the reduce (`benches/results/h200/lazy/`).
    let mut got = None;
    b.case("lazy_reduce_zip_mean_f32", n, bytes, None, || {
        let ones = parallaxis::lazy::constant::<parallaxis::Cuda, u32>(1, n);
        got = Some(parallaxis::reduce(
            Both(Sum, Sum),
            &parallaxis::lazy::zip(&x, ones)?,
        )?);
        Ok(())
    });
    if let Some(Pair { first, second }) = got {
        check(
            Some(first),
            0.5 * n as f64,
            1e-6,
            "lazy_reduce_zip_mean_f32",
            n,
        );
        if second as usize != n {
            println!("  CHECK FAILED: lazy_reduce_zip_mean_f32 n={n}: count {second}");
        }
    }
    // The families that take a `Readable`: on CUDA a map is written out once, then the
    // family's kernel reads it (3n words); the stored rows read x once (n words), the cost a
    // fused read would have. Both rows count n words.
    let over = GreaterThan { bound: 0.2_f32 };
    let mut counts = [0; 2];
    b.case("lazy_count_if_map_square_f32", n, bytes, None, || {
        counts[0] = parallaxis::count_if(over, &x.map(Square))?;
        Ok(())
    });
    b.case("lazy_count_if_stored_f32", n, bytes, None, || {
        counts[1] = parallaxis::count_if(over, &x)?;
        Ok(())
    });
    // 0.25 and 0.5 both pass; an unmeasured row leaves its 0.
    if counts.iter().any(|&c| c != 0 && c != n) {
        println!("  CHECK FAILED: lazy_count_if n={n}: counts {counts:?}");
    }
    let mut picks = [None; 2];
    b.case("lazy_min_element_map_square_f32", n, bytes, None, || {
        picks[0] = parallaxis::min_element(&x.map(Square))?;
        Ok(())
    });
    b.case("lazy_min_element_stored_f32", n, bytes, None, || {
        picks[1] = parallaxis::min_element(&x)?;
        Ok(())
    });
    if picks[0].is_some_and(|p| p != (0, 0.25)) || picks[1].is_some_and(|p| p != (0, 0.5)) {
        println!("  CHECK FAILED: lazy_min_element n={n}: picks {picks:?}");
    }
}

/// Prints a failed check when `got` is off `want` by more than `rel` of it.
fn check(got: Option<f32>, want: f64, rel: f64, case: &str, n: usize) {
    if let Some(g) = got.filter(|&g| (f64::from(g) - want).abs() > rel * want) {
        println!("  CHECK FAILED: {case} n={n}: got {g}, want {want}");
    }
}
