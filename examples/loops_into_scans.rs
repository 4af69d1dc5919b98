//! Loops the compilers miss, rewritten as scans through parallaxis's algorithms, each checked
//! against the sequential loop it replaces. On the default backend (rayon on the CPU; the GPU
//! with `--features cuda`):
//!
//! 1. a running xor, `acc ^= x[i]; y[i] = acc`: `inclusive_scan(BitXor, x)`;
//! 2. a column-wise running sum of a 2D array, `y[i][j] = y[i-1][j] + a[i][j]`: transpose
//!    (a `gather`), one scan per row of the transpose (`inclusive_scan_by_offsets`, one
//!    segment per row), transpose back;
//! 3. a first-order linear recurrence, `x[i] = a[i] * x[i-1] + b[i]`: a scan of the affine
//!    maps `x -> a[i] x + b[i]` under composition (`Affine` over `AffineMap<i64>`), whose
//!    i-th prefix applied to `x[-1]` is `x[i]`.
//!
//! The loop-carried dependence makes each loop look sequential; the operator being
//! associative is what makes it a scan. Integer data, wrapping arithmetic: the checks are
//! exact.
//!
//! ```text
//! cargo run --release --example loops_into_scans [--features cuda]
//! ```

use parallaxis::{
    ops::{Affine, AffineMap, BitXor, Sum},
    DefaultBackend, DeviceVector,
};

type Result<T> = core::result::Result<T, Box<dyn std::error::Error>>;

/// Deterministic pseudo-random integers in `lo..=hi` (xorshift64).
fn ints(n: usize, lo: i64, hi: i64, mut s: u64) -> Vec<i64> {
    (0..n)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            lo + (s % (hi - lo + 1) as u64) as i64
        })
        .collect()
}

fn check<T: PartialEq>(what: &str, got: &[T], want: &[T]) -> Result<()> {
    match got.iter().zip(want).position(|(g, w)| g != w) {
        None if got.len() == want.len() => {
            println!("{what:<56} matches the loop ({} elements)", got.len());
            Ok(())
        }
        at => Err(format!("{what}: MISMATCH at {at:?}").into()),
    }
}

/// 1. The running xor of `0..n` (the material's example) and of random words.
fn running_xor(n: usize) -> Result<()> {
    let words: Vec<u32> = (0..n as u32)
        .chain(
            ints(n, 0, i64::from(u32::MAX), 7)
                .into_iter()
                .map(|v| v as u32),
        )
        .collect();
    let mut want = Vec::with_capacity(words.len());
    let mut acc = 0_u32;
    for &w in &words {
        acc ^= w;
        want.push(acc);
    }
    let x = DeviceVector::<u32>::from_slice(&words)?;
    let got = parallaxis::inclusive_scan(BitXor, &x)?.to_vec()?;
    check("running xor = inclusive_scan(BitXor)", &got, &want)
}

/// `map[j * rows + i] = i * cols + j`: gathering a row-major `rows × cols` array through it
/// gives its transpose (`cols × rows`, row-major).
fn transpose_map(rows: usize, cols: usize) -> Vec<u32> {
    (0..cols)
        .flat_map(|j| (0..rows).map(move |i| (i * cols + j) as u32))
        .collect()
}

/// 2. Column-wise running sums of a `rows × cols` array.
fn column_scan(rows: usize, cols: usize) -> Result<()> {
    let a = ints(rows * cols, -50, 50, 11);
    let mut want = a.clone();
    for i in 1..rows {
        for j in 0..cols {
            want[i * cols + j] += want[(i - 1) * cols + j];
        }
    }
    let x = DeviceVector::<i64>::from_slice(&a)?;
    let to_t = DeviceVector::<u32>::from_slice(&transpose_map(rows, cols))?;
    let from_t = DeviceVector::<u32>::from_slice(&transpose_map(cols, rows))?;
    // The rows of the transpose are the columns: one segment of `rows` elements each.
    let offsets: Vec<usize> = (0..=cols).map(|j| j * rows).collect();
    let offsets = DeviceVector::<usize>::from_slice(&offsets)?;
    let xt = parallaxis::gather(&to_t, &x)?;
    let yt = parallaxis::inclusive_scan_by_offsets(Sum, &offsets, &xt)?;
    let got = parallaxis::gather(&from_t, &yt)?.to_vec()?;
    check(
        &format!("column sums {rows}x{cols} = transpose, row scans, transpose"),
        &got,
        &want,
    )
}

/// 3. `x[i] = a[i] * x[i-1] + b[i]` from `x[-1] = x0`, wrapping.
fn linear_recurrence(n: usize, x0: i64) -> Result<()> {
    let (a, b) = (ints(n, -3, 3, 13), ints(n, -1000, 1000, 17));
    let mut want = Vec::with_capacity(n);
    let mut prev = x0;
    for i in 0..n {
        prev = a[i].wrapping_mul(prev).wrapping_add(b[i]);
        want.push(prev);
    }
    // The i-th prefix of the maps applied to x0 is x[i]. Folding x0 into the first map, the
    // constant x -> a0 x0 + b0 = x[0], makes every prefix constant too: x -> x[i].
    let maps: Vec<AffineMap<i64>> = (0..n)
        .map(|i| match i {
            0 => AffineMap::new(0, a[0].wrapping_mul(x0).wrapping_add(b[0])),
            _ => AffineMap::new(a[i], b[i]),
        })
        .collect();
    let f = DeviceVector::<AffineMap<i64>>::from_slice(&maps)?;
    let prefixes = parallaxis::inclusive_scan(Affine, &f)?.to_vec()?;
    let got: Vec<i64> = prefixes.iter().map(|p| p.apply(0)).collect();
    check(
        "x[i] = a[i] x[i-1] + b[i] = inclusive_scan(Affine)",
        &got,
        &want,
    )
}

fn main() -> Result<()> {
    println!(
        "loops into scans on the {} backend\n",
        <DefaultBackend as parallaxis::Backend>::NAME
    );
    running_xor(1 << 20)?;
    column_scan(1000, 777)?;
    column_scan(1, 5)?;
    linear_recurrence(1 << 20, 5)?;
    Ok(())
}
