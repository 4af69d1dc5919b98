//! One check per kernel and size: run it on the GPU, compare with the sequential reference.

use crate::compare::{exact, prefixes, within, Report};
use parallaxis_core::reference as seq;
use parallaxis_core::DeviceCopy;
use parallaxis_core::{
    Affine, AffineMap, Max, Min, Negate, Number, Plus, SaxpyFunctor, Scale, Sequence, Square, Sum,
    Times,
};
use parallaxis_device::{
    self as dev, BinaryKernel, DeviceBuffer, Error, MonoidKernel, ScanLayout, TabulateKernel,
    UnaryKernel,
};

pub(crate) use crate::paths::{beyond_2_31, error_paths};

/// A device error as a failure message.
pub(crate) fn err(e: Error) -> String {
    e.to_string()
}

/// `n` pseudo-random words (splitmix64), reproducible from `seed`.
pub(crate) fn bits(n: usize, seed: u64) -> Vec<u64> {
    parallaxis_core::SplitMix64::new(seed).take(n).collect()
}

/// Full-range integers (so sums wrap) or floats uniform in [-1, 1) (so sums cancel).
fn data<T: Number>(n: usize, seed: u64) -> Vec<T> {
    let unit = |b: u64| (b >> 11) as f64 / (1_u64 << 53) as f64 * 2.0 - 1.0;
    bits(n, seed)
        .into_iter()
        .map(|b| {
            if T::EPSILON > 0.0 {
                T::from_f64(unit(b))
            } else {
                T::from_u64(b)
            }
        })
        .collect()
}

/// Runs `op` into a fresh zeroed buffer of `n` elements and downloads the result.
fn run_into<T: DeviceCopy>(
    n: usize,
    op: impl FnOnce(&mut DeviceBuffer<T>) -> parallaxis_device::Result<()>,
) -> Result<Vec<T>, String> {
    let mut y = DeviceBuffer::zeroed(n).map_err(err)?;
    op(&mut y).map_err(err)?;
    y.to_vec().map_err(err)
}

/// Every kernel at size `n`.
pub(crate) fn all_kernels(n: usize, rep: &mut Report) {
    number_kernels::<f32>(n, rep);
    number_kernels::<f64>(n, rep);
    number_kernels::<i32>(n, rep);
    number_kernels::<u32>(n, rep);
    number_kernels::<i64>(n, rep);
    number_kernels::<u64>(n, rep);
    affine_kernels(n, rep);
    fill_kernels(n, rep);
}

/// The 14 kernels instantiated for each primitive number type.
fn number_kernels<T: Number>(n: usize, rep: &mut Report)
where
    Sum: MonoidKernel<T>,
    Min: MonoidKernel<T>,
    Max: MonoidKernel<T>,
    Square: UnaryKernel<T, Output = T>,
    Negate: UnaryKernel<T, Output = T>,
    Scale<T>: UnaryKernel<T, Output = T>,
    SaxpyFunctor<T>: BinaryKernel<T, T, Output = T>,
    Plus: BinaryKernel<T, T, Output = T>,
    Times: BinaryKernel<T, T, Output = T>,
    Sequence<T>: TabulateKernel<Output = T>,
{
    let xs: Vec<T> = data(n, 1 + n as u64);
    let ys: Vec<T> = data(n, 2 + n as u64);
    let (x, y) = match (DeviceBuffer::from_slice(&xs), DeviceBuffer::from_slice(&ys)) {
        (Ok(x), Ok(y)) => (x, y),
        (Err(e), _) | (_, Err(e)) => return rep.record("upload", n, Err(err(e))),
    };
    let init = T::from_u64(3);
    if T::EPSILON > 0.0 {
        float_sum(&xs, &x, init, rep);
    } else {
        exact_monoid(Sum, &xs, &x, init, rep);
    }
    exact_monoid(Min, &xs, &x, init, rep);
    exact_monoid(Max, &xs, &x, init, rep);
    unary(Square, &xs, &x, rep);
    unary(Negate, &xs, &x, rep);
    unary(Scale { factor: init }, &xs, &x, rep);
    binary(
        SaxpyFunctor { a: T::from_u64(2) },
        (&xs, &ys),
        (&x, &y),
        rep,
    );
    binary(Plus, (&xs, &ys), (&x, &y), rep);
    binary(Times, (&xs, &ys), (&x, &y), rep);
    let f = Sequence {
        start: T::from_u64(5),
        step: init,
    };
    let outcome = run_into(n, |y| dev::tabulate(f, y)).and_then(|got| {
        let mut want = vec![T::ZERO; n];
        seq::tabulate(f, &mut want);
        exact(&got, &want)
    });
    rep.record(<Sequence<T> as TabulateKernel>::TABULATE, n, outcome);
}

/// reduce, inclusive_scan and exclusive_scan of one monoid, compared exactly with the
/// reference (integers wrap identically; `Min`/`Max` and `Affine` over integers are exact).
fn exact_monoid<T, M>(m: M, xs: &[T], x: &DeviceBuffer<T>, init: T, rep: &mut Report)
where
    T: DeviceCopy + PartialEq + core::fmt::Debug,
    M: MonoidKernel<T>,
{
    let n = xs.len();
    let outcome = dev::reduce(m, x)
        .map_err(err)
        .and_then(|got| exact(&[got], &[seq::reduce(m, xs)]));
    rep.record(M::REDUCE, n, outcome);
    // The device-resident form: the same kernel into a one-element buffer, read back.
    let outcome = run_into(1, |out| dev::reduce_into(m, x, out))
        .and_then(|got| exact(&got, &[seq::reduce(m, xs)]));
    rep.record(&format!("{} (into)", M::REDUCE), n, outcome);
    let mut inclusive = vec![init; n];
    seq::inclusive_scan(m, xs, &mut inclusive);
    let mut exclusive = vec![init; n];
    seq::exclusive_scan(m, init, xs, &mut exclusive);
    for (layout, tag) in LAYOUTS {
        let outcome = run_into(n, |y| dev::scan_with_layout(m, None, x, y, layout))
            .and_then(|got| exact(&got, &inclusive));
        rep.record(&format!("{}{tag}", M::INCLUSIVE_SCAN), n, outcome);
        let outcome = run_into(n, |y| dev::scan_with_layout(m, Some(init), x, y, layout))
            .and_then(|got| exact(&got, &exclusive));
        rep.record(&format!("{}{tag}", M::EXCLUSIVE_SCAN), n, outcome);
    }
}

/// Both tile layouts of the scans, with the suffix their report lines carry.
const LAYOUTS: [(ScanLayout, &str); 2] =
    [(ScanLayout::Staged, ""), (ScanLayout::Direct, " (direct)")];

/// reduce and both scans of float `Sum`, within the float-sum bound of exact f64 folds.
fn float_sum<T: Number>(xs: &[T], x: &DeviceBuffer<T>, init: T, rep: &mut Report)
where
    Sum: MonoidKernel<T>,
{
    let n = xs.len();
    let (t, a) = prefixes(xs, None);
    let last = |v: &[f64]| v.last().copied().unwrap_or(0.0);
    let outcome = dev::reduce(Sum, x)
        .map_err(err)
        .and_then(|got| within(&[got], &[last(&t)], &[last(&a)]));
    rep.record(<Sum as MonoidKernel<T>>::REDUCE, n, outcome);
    // Exclusive truth: init, then the init-seeded inclusive folds shifted by one.
    let (te, ae) = prefixes(xs, Some(init));
    let shift =
        |v: Vec<f64>, first: f64| -> Vec<f64> { std::iter::once(first).chain(v).take(n).collect() };
    let (te, ae) = (shift(te, init.to_f64()), shift(ae, init.to_f64().abs()));
    for (layout, tag) in LAYOUTS {
        let outcome = run_into(n, |y| dev::scan_with_layout(Sum, None, x, y, layout))
            .and_then(|got| within(&got, &t, &a));
        let name = <Sum as MonoidKernel<T>>::INCLUSIVE_SCAN;
        rep.record(&format!("{name}{tag}"), n, outcome);
        let outcome = run_into(n, |y| dev::scan_with_layout(Sum, Some(init), x, y, layout))
            .and_then(|got| within(&got, &te, &ae));
        let name = <Sum as MonoidKernel<T>>::EXCLUSIVE_SCAN;
        rep.record(&format!("{name}{tag}"), n, outcome);
    }
}

/// One unary transform, compared exactly (one IEEE operation per element on both sides).
fn unary<T: Number, F: UnaryKernel<T, Output = T>>(
    f: F,
    xs: &[T],
    x: &DeviceBuffer<T>,
    rep: &mut Report,
) {
    let outcome = run_into(xs.len(), |y| dev::transform(f, x, y)).and_then(|got| {
        let mut want = vec![T::ZERO; xs.len()];
        seq::transform(f, xs, &mut want);
        exact(&got, &want)
    });
    rep.record(F::TRANSFORM, xs.len(), outcome);
}

/// One binary transform, compared exactly (no FMA contraction: PTX `mul.rn` / `add.rn`).
fn binary<T: Number, F: BinaryKernel<T, T, Output = T>>(
    f: F,
    (xs, ys): (&[T], &[T]),
    (x, y): (&DeviceBuffer<T>, &DeviceBuffer<T>),
    rep: &mut Report,
) {
    let outcome = run_into(xs.len(), |z| dev::transform2(f, x, y, z)).and_then(|got| {
        let mut want = vec![T::ZERO; xs.len()];
        seq::transform2(f, xs, ys, &mut want);
        exact(&got, &want)
    });
    rep.record(F::TRANSFORM2, xs.len(), outcome);
}

/// reduce and both scans of `Affine` over `AffineMap<i64>`: exact, so any operand swap shows.
/// Slopes are odd, so products of slopes never vanish modulo 2^64.
fn affine_kernels(n: usize, rep: &mut Report) {
    let words = bits(2 * n, 7 + n as u64);
    let maps: Vec<AffineMap<i64>> = words
        .chunks_exact(2)
        .map(|c| AffineMap::new(c[0] as i64 | 1, c[1] as i64))
        .collect();
    let x = match DeviceBuffer::from_slice(&maps) {
        Ok(x) => x,
        Err(e) => return rep.record("upload affine", n, Err(err(e))),
    };
    exact_monoid(Affine, &maps, &x, AffineMap::new(3, -7), rep);
}

/// `fill` by words (f32: 1 word, `AffineMap<i64>`: 4 words) and by bytes (u8, bool).
fn fill_kernels(n: usize, rep: &mut Report) {
    fill_one(n, 1.5_f32, "parallax_fill__Pattern__u32 (f32)", rep);
    fill_one(
        n,
        AffineMap::new(-2_i64, 9),
        "parallax_fill__Pattern__u32 (AffineMap<i64>)",
        rep,
    );
    fill_one(n, 0xA5_u8, "parallax_fill__Pattern__u8 (u8)", rep);
    fill_one(n, true, "parallax_fill__Pattern__u8 (bool)", rep);
}

fn fill_one<T: DeviceCopy + PartialEq + core::fmt::Debug>(
    n: usize,
    v: T,
    name: &str,
    rep: &mut Report,
) {
    let outcome = run_into(n, |y| y.fill(v)).and_then(|got| exact(&got, &vec![v; n]));
    rep.record(name, n, outcome);
}
