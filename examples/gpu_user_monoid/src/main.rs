//! parallaxis scans a user-defined non-commutative monoid on the GPU: 2×2 integer matrix
//! products ([`MatMul`] over [`Mat2`], defined and instantiated in the user's own kernel
//! crate `user-monoid-kernels`), checked against the sequential reference, with the same
//! crate's fused `transform_reduce` / `transform_inclusive_scan` /
//! `transform_exclusive_scan` / `transform2_reduce` kernels, and the same crate's user
//! comparators (`instantiate_compare!`) in the merge sort and merge (`comparators.rs`).
//!
//! ```text
//! cargo run --release -p gpu-user-monoid
//! cargo run --release -p gpu-user-monoid -- --bench-compare   # time sort_by(ByMagnitude)
//! ```

use parallaxis::{reference, Cuda, DeviceVector};
use user_monoid_kernels::{Companion, Det, Mat2, MatMul, Transpose, WrappingAdd};

mod comparators;

type Result<T> = core::result::Result<T, Box<dyn std::error::Error>>;

/// Deterministic matrices with entries in -2..=2 (products wrap quickly: exercises all bits).
fn input(n: usize) -> Vec<Mat2> {
    let mut s = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        (s % 5) as i32 - 2
    };
    (0..n)
        .map(|_| Mat2 {
            a: next(),
            b: next(),
            c: next(),
            d: next(),
        })
        .collect()
}

fn check<T: PartialEq + core::fmt::Debug>(what: &str, got: &[T], want: &[T]) -> Result<()> {
    let first_bad = got.iter().zip(want).position(|(g, w)| g != w);
    if got.len() != want.len() || first_bad.is_some() {
        return Err(format!(
            "{what}: MISMATCH at {first_bad:?} (len {} vs {})",
            got.len(),
            want.len()
        )
        .into());
    }
    println!("{what:<40} ok ({} elements)", got.len());
    Ok(())
}

fn main() -> Result<()> {
    if std::env::args().any(|a| a == "--bench-compare") {
        return comparators::bench();
    }
    // Non-commutativity is real: the order matters.
    let (p, q) = (
        Mat2 {
            a: 1,
            b: 1,
            c: 0,
            d: 1,
        },
        Mat2 {
            a: 1,
            b: 0,
            c: 1,
            d: 1,
        },
    );
    assert_ne!(p.matmul(q), q.matmul(p));
    if !parallaxis_device::transform_reduce_is_fused::<Mat2, Transpose, MatMul>()
        || !parallaxis_device::transform_inclusive_scan_is_fused::<Mat2, Transpose, MatMul>()
        || !parallaxis_device::transform_exclusive_scan_is_fused::<Mat2, Transpose, MatMul>()
        || !parallaxis_device::transform_reduce_is_fused::<Mat2, Det, WrappingAdd>()
        || !parallaxis_device::transform_reduce_is_fused::<i32, Companion, MatMul>()
        || !parallaxis_device::transform2_reduce_is_fused::<Mat2, MatMul, MatMul>()
    {
        return Err("a fused kernel of user-monoid-kernels was not found".into());
    }

    // 3 · 2^20: the fused reduce of 16-byte inputs folds 3 warp tiles a warp (one wave).
    for n in [1_usize, 1000, 4097, 1 << 20, 3 << 20, 10_000_019] {
        let x = input(n);
        let dx = DeviceVector::<Mat2, Cuda>::from_slice(&x)?;

        let mut want = vec![Mat2::default(); n];
        reference::inclusive_scan(MatMul, &x, &mut want);
        let got = parallaxis::inclusive_scan(MatMul, &dx)?.to_vec()?;
        check(&format!("inclusive_scan MatMul n={n}"), &got, &want)?;

        let seed = Mat2 {
            a: 2,
            b: 1,
            c: 1,
            d: 1,
        };
        reference::exclusive_scan(MatMul, seed, &x, &mut want);
        let got = parallaxis::exclusive_scan(MatMul, seed, &dx)?.to_vec()?;
        check(&format!("exclusive_scan MatMul n={n}"), &got, &want)?;

        let total = parallaxis::reduce(MatMul, &dx)?;
        check(
            &format!("reduce MatMul n={n}"),
            &[total],
            &[reference::reduce(MatMul, &x)],
        )?;

        // The segmented family comes with the same instantiation (segments of 61 elements).
        let flags: Vec<bool> = (0..n).map(|i| i % 61 == 0).collect();
        let dflags = DeviceVector::<bool, Cuda>::from_slice(&flags)?;
        reference::scan_by_flags(
            MatMul,
            &flags,
            &x,
            &mut want,
            reference::ScanKind::Inclusive,
        );
        let got = parallaxis::inclusive_scan_by_flags(MatMul, &dflags, &dx)?.to_vec()?;
        check(
            &format!("inclusive_scan_by_flags MatMul n={n}"),
            &got,
            &want,
        )?;

        let det = parallaxis::transform(Det, &dx)?.to_vec()?;
        let want_det: Vec<i32> = x
            .iter()
            .map(|&m| parallaxis::ops::UnaryFunction::apply(&Det, m))
            .collect();
        check(&format!("transform Det n={n}"), &det, &want_det)?;

        // Fused kernels (`instantiate_fused!`'s `transform_reduce` and
        // `transform_inclusive_scan` in the kernel crate).
        reference::transform_inclusive_scan(Transpose, MatMul, &x, &mut want);
        let got = parallaxis::transform_inclusive_scan(Transpose, MatMul, &dx)?.to_vec()?;
        check(
            &format!("transform_inclusive_scan Transpose MatMul n={n}"),
            &got,
            &want,
        )?;
        reference::transform_exclusive_scan(Transpose, MatMul, seed, &x, &mut want);
        let got = parallaxis::transform_exclusive_scan(Transpose, MatMul, seed, &dx)?.to_vec()?;
        check(
            &format!("transform_exclusive_scan Transpose MatMul n={n}"),
            &got,
            &want,
        )?;
        let total = parallaxis::transform_reduce(Transpose, MatMul, &dx)?;
        check(
            &format!("transform_reduce Transpose MatMul n={n}"),
            &[total],
            &[reference::transform_reduce(Transpose, MatMul, &x)],
        )?;

        let total = parallaxis::transform_reduce(Det, WrappingAdd, &dx)?;
        check(
            &format!("transform_reduce Det WrappingAdd n={n}"),
            &[total],
            &[reference::transform_reduce(Det, WrappingAdd, &x)],
        )?;

        let k: Vec<i32> = x.iter().map(|m| m.a.wrapping_sub(m.d)).collect();
        let dk = DeviceVector::<i32, Cuda>::from_slice(&k)?;
        let total = parallaxis::transform_reduce(Companion, MatMul, &dk)?;
        check(
            &format!("transform_reduce Companion MatMul n={n}"),
            &[total],
            &[reference::transform_reduce(Companion, MatMul, &k)],
        )?;

        let sq = parallaxis::transform2(MatMul, &dx, &dx)?.to_vec()?;
        let want_sq: Vec<Mat2> = x.iter().map(|&m| m.matmul(m)).collect();
        check(&format!("transform2 MatMul n={n}"), &sq, &want_sq)?;

        // `instantiate_fused!`'s `transform2_reduce`: the product of the pairwise products,
        // in order; the second input is the first reversed, so a swapped pair would show.
        let y: Vec<Mat2> = x.iter().rev().copied().collect();
        let dy = DeviceVector::<Mat2, Cuda>::from_slice(&y)?;
        let total = parallaxis::transform2_reduce(MatMul, MatMul, &dx, &dy)?;
        check(
            &format!("transform2_reduce MatMul MatMul n={n}"),
            &[total],
            &[reference::transform2_reduce(MatMul, MatMul, &x, &y)],
        )?;

        if n == 1000 {
            println!("  x[0..3]      = {:?}", &x[..3]);
            println!("  scan[0..3]   = {:?}", &got_first3(&dx)?);
        }
    }
    comparators::check_all()?;
    println!("user-defined non-commutative monoid on the GPU: all results match the reference");
    Ok(())
}

fn got_first3(dx: &DeviceVector<Mat2, Cuda>) -> Result<Vec<Mat2>> {
    Ok(parallaxis::inclusive_scan(MatMul, dx)?.to_vec()?[..3].to_vec())
}
