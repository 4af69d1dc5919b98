//! parallaxis in five minutes: every algorithm family once, on the default backend (rayon on
//! the CPU; the GPU with `--features cuda`), each result checked against the sequential
//! reference.
//!
//! ```text
//! cargo run --release --example quickstart
//! ```

use parallaxis::{
    ops::{Affine, AffineMap, Boundary, MinPlus, PlusTimes, SaxpyFunctor, Stencil, Sum, Times},
    reference,
    sparse::CsrMatrix,
    DefaultBackend, DeviceVector,
};

type Result<T> = core::result::Result<T, Box<dyn std::error::Error>>;

/// Prints one line per algorithm and fails if a result differs from the reference.
fn check<T: PartialEq + core::fmt::Debug>(what: &str, got: &[T], want: &[T]) -> Result<()> {
    let shown: Vec<_> = got.iter().take(6).collect();
    let ok = if got == want { "ok" } else { "MISMATCH" };
    println!(
        "{what:<28} {shown:?}{} [{ok}]",
        if got.len() > 6 { " ..." } else { "" }
    );
    if got != want {
        return Err(format!("{what}: {got:?} != reference {want:?}").into());
    }
    Ok(())
}

fn main() -> Result<()> {
    println!(
        "parallaxis quickstart on the {} backend\n",
        <DefaultBackend as parallaxis::Backend>::NAME
    );
    let n = 1 << 20;
    let xs: Vec<f32> = (0..n).map(|i| (i % 7) as f32 * 0.5).collect();
    let ys: Vec<f32> = (0..n).map(|i| (i % 3) as f32).collect();
    let x = DeviceVector::<f32>::from_slice(&xs)?;
    let y = DeviceVector::<f32>::from_slice(&ys)?;

    // transform: saxpy z = 2x + y (values on a dyadic grid, so every backend is exact).
    let saxpy = SaxpyFunctor { a: 2.0_f32 };
    let z = parallaxis::transform2(saxpy, &x, &y)?.to_vec()?;
    let mut want = vec![0.0; n];
    reference::transform2(saxpy, &xs, &ys, &mut want);
    check("transform2 (saxpy)", &z, &want)?;

    // reduce: the sum of z.
    let total = parallaxis::reduce(Sum, &DeviceVector::<f32>::from_slice(&z)?)?;
    check("reduce (sum)", &[total], &[reference::reduce(Sum, &want)])?;

    // Fused: the dot product x·y in one pass (no vector of products), Thrust's inner_product.
    let dot = parallaxis::transform2_reduce(Times, Sum, &x, &y)?;
    let want_dot = reference::transform2_reduce(Times, Sum, &xs, &ys);
    check("transform2_reduce (dot)", &[dot], &[want_dot])?;

    // scan: a linear recurrence x[i] = 2 x[i-1] + 1 as a scan of affine maps (the monoid is
    // not commutative, so this also proves operand order).
    let maps = vec![AffineMap::new(2_i64, 1); 16];
    let scanned = parallaxis::inclusive_scan(Affine, &DeviceVector::<_>::from_slice(&maps)?)?;
    let values: Vec<i64> = scanned.to_vec()?.iter().map(|f| f.apply(0)).collect();
    let want: Vec<i64> = (1..=16).map(|i| (1_i64 << i) - 1).collect();
    check("inclusive_scan (affine)", &values, &want)?;

    // segmented scan: running totals that restart at every head flag.
    let v = [1_i32, 2, 3, 4, 5, 6, 7];
    let flags = [true, false, false, true, false, true, false];
    let got = parallaxis::inclusive_scan_by_flags(
        Sum,
        &DeviceVector::<bool>::from_slice(&flags)?,
        &DeviceVector::<i32>::from_slice(&v)?,
    )?;
    let mut want = [0; 7];
    reference::scan_by_flags(
        Sum,
        &flags,
        &v,
        &mut want,
        parallaxis::ops::ScanKind::Inclusive,
    );
    check("segmented scan (flags)", &got.to_vec()?, &want)?;

    // SpMV over two semirings: a 1D Laplacian, and one shortest-path relaxation.
    let rows = 8;
    let (mut row_ptr, mut cols, mut vals) = (vec![0_u32], vec![], vec![]);
    for r in 0..rows as u32 {
        for (c, a) in [(r.wrapping_sub(1), -1.0_f32), (r, 2.0), (r + 1, -1.0)] {
            if (c as usize) < rows {
                cols.push(c);
                vals.push(a);
            }
        }
        row_ptr.push(cols.len() as u32);
    }
    let a = CsrMatrix::<f32>::try_new(rows, rows, row_ptr.clone(), cols.clone(), vals.clone())?;
    let u: Vec<f32> = (0..rows).map(|i| (i * i) as f32).collect();
    let got = parallaxis::spmv(PlusTimes, &a, &DeviceVector::<f32>::from_slice(&u)?)?;
    let mut want = vec![0.0; rows];
    reference::spmv_csr(PlusTimes, &row_ptr, &cols, &vals, &u, &mut want, false);
    check("spmv (+,x) Laplacian", &got.to_vec()?, &want)?;
    let w: Vec<f32> = vals.iter().map(|v| v.abs()).collect();
    let graph = CsrMatrix::<f32>::try_new(rows, rows, row_ptr.clone(), cols.clone(), w.clone())?;
    let dist: Vec<f32> = (0..rows)
        .map(|i| if i == 0 { 0.0 } else { f32::INFINITY })
        .collect();
    let got = parallaxis::spmv(MinPlus, &graph, &DeviceVector::<f32>::from_slice(&dist)?)?;
    reference::spmv_csr(MinPlus, &row_ptr, &cols, &w, &dist, &mut want, false);
    check("spmv (min,+) relaxation", &got.to_vec()?, &want)?;

    // stencil: the 2D 5-point Laplacian on a 64 x 64 grid with clamped edges.
    let shape = [64, 64];
    let lap = Stencil::new(
        [[-1, 0], [0, -1], [0, 0], [0, 1], [1, 0]],
        [1.0, 1.0, -4.0, 1.0, 1.0],
    );
    let grid: Vec<f32> = (0..64 * 64).map(|i| ((i % 64) * (i / 64)) as f32).collect();
    let got = parallaxis::stencil_map(
        PlusTimes,
        &lap,
        Boundary::Clamp,
        shape,
        &DeviceVector::<f32>::from_slice(&grid)?,
    )?;
    let mut want = vec![0.0; grid.len()];
    reference::stencil(PlusTimes, &lap, Boundary::Clamp, shape, &grid, &mut want);
    check("stencil (2D 5-point)", &got.to_vec()?, &want)?;

    // The smallest element and its index, a reduce from an initial value (init
    // first: affine maps do not commute), and a vectorized search.
    let smallest = parallaxis::min_element(&y)?;
    check("min_element", &[smallest], &[reference::min_element(&ys)])?;
    let init = AffineMap::new(3_i64, 1);
    let folded =
        parallaxis::reduce_with_init(Affine, init, &DeviceVector::<_>::from_slice(&maps)?)?;
    let want_fold = reference::reduce_with_init(Affine, init, &maps);
    check("reduce_with_init (affine)", &[folded], &[want_fold])?;
    let sorted: Vec<u32> = (0..1000).map(|i| i / 3).collect();
    let queries: Vec<u32> = (0..50).map(|i| i * 7).collect();
    let found = parallaxis::lower_bound(
        &DeviceVector::<u32>::from_slice(&sorted)?,
        &DeviceVector::<u32>::from_slice(&queries)?,
    )?;
    let mut want_pos = vec![0; queries.len()];
    reference::lower_bound(&sorted, &queries, &mut want_pos);
    check("lower_bound", &found.to_vec()?, &want_pos)?;

    println!("\nall results match the sequential reference");
    Ok(())
}
