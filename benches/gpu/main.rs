//! GPU benchmark: parallaxis's CUDA backend, per algorithm and size, against the copy roof
//! measured in the same run (and, through `scripts/compare.py`, against CUB / Thrust /
//! cuSPARSE / cuDNN measured by `benches/peers/`). See `benches/README.md`.
//!
//! ```text
//! cargo bench --features cuda --bench gpu -- [--csv PATH] [--min-log2 16] [--max-log2 30]
//!     [--step 2] [--iters 20] [--warmups 3] [--only SUBSTRING] [--matrix-checksum]
//!     [--seg-lengths 32,1000]
//! ```
//!
//! Each case: `warmups` untimed calls, then `iters` calls each timed with CUDA events
//! (`parallaxis_device::GpuTimer`); the median is reported (the upper median for an even count,
//! like peers.cu). GB/s is effective bandwidth (ideal bytes / time, docs/benchmarks.md);
//! `%roof` is the time of a `cuMemcpyDtoD` moving the same bytes (half read, half written),
//! measured in the same run, over our time. A case whose CUDA kernel does not exist yet
//! (`Error::NoKernel`) prints `no kernel` and the run goes on. The CSV goes to `--csv PATH`,
//! else `$OUT/gpu_bench.csv` when `$OUT` is set, else `gpu_bench.csv`.

mod extrema_search;
mod find;
mod histogram_gather;
mod lazy;
mod matrices;
mod merge;
mod report;
mod runs;
mod select;
mod set_ops;
mod sort;
mod wide_keys;

use parallaxis::{
    backend::{
        Fused2Ops, FusedOps, KeyedOps, MonoidOps, SpmvOps, StencilOps, Transform2Ops, TransformOps,
    },
    ops::{
        Boundary, MinPlus, PlusTimes, SaxpyFunctor, ScanKind, Semiring, Square, Stencil, Sum, Times,
    },
    sparse::CsrMatrix,
    Cuda, DeviceCopy, DeviceVector, Error,
};
use parallaxis_device::kernels::policy::reduce::ReduceShape;
use parallaxis_device::{Device, DeviceBuffer, GpuTimer};
use report::{Outcome, Report, Row};
use std::collections::HashMap;

type Dv<T> = DeviceVector<T, Cuda>;
type Res<T> = parallaxis::Result<T>;
type Csr = CsrMatrix<f32, u32, Cuda>;
/// One SpMV over some semiring: `y = A x`.
type SpmvFn = dyn Fn(&Csr, &Dv<f32>, &mut Dv<f32>) -> Res<()>;
/// Keys, flags, offsets, values and output of a segmented case.
type SegInputs = (Dv<u32>, Dv<bool>, Dv<usize>, Dv<f32>, Dv<f32>);

/// Command-line options.
struct Opts {
    csv: String,
    min_log2: u32,
    max_log2: u32,
    step: u32,
    iters: usize,
    warmups: usize,
    only: Option<String>,
    checksum: bool,
    /// Segment lengths of the segmented and keyed rows (reduce by key runs at 1000 only).
    seg_lengths: Vec<usize>,
    /// `--reduce-shape MAX,WAVE,TILES,MIN_TILES`: a reduce shape in place of the tuning
    /// table's entry (for sweeps; `policy::reduce::ReduceShape`).
    reduce_shape: Option<[u64; 4]>,
}

fn parse_opts() -> Opts {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let get = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1).cloned())
    };
    let num = |name: &str, default: u32| {
        get(name).map_or(default, |v| {
            v.parse()
                .unwrap_or_else(|_| panic!("{name} takes a number, got {v}"))
        })
    };
    let csv = get("--csv").unwrap_or_else(|| match std::env::var("OUT") {
        Ok(out) if !out.is_empty() => format!("{out}/gpu_bench.csv"),
        _ => "gpu_bench.csv".into(),
    });
    Opts {
        csv,
        min_log2: num("--min-log2", 16),
        max_log2: num("--max-log2", 30),
        step: num("--step", 2).max(1),
        iters: num("--iters", 20).max(1) as usize,
        warmups: num("--warmups", 3) as usize,
        only: get("--only"),
        checksum: args.iter().any(|a| a == "--matrix-checksum"),
        seg_lengths: get("--seg-lengths").map_or_else(
            || vec![32, 1000],
            |v| {
                v.split(',')
                    .map(|s| {
                        s.parse().ok().filter(|&l| l > 0).unwrap_or_else(|| {
                            panic!("--seg-lengths takes positive numbers, got {v}")
                        })
                    })
                    .collect()
            },
        ),
        reduce_shape: get("--reduce-shape").map(|v| {
            let parts: Vec<u64> = v.split(',').filter_map(|s| s.parse().ok()).collect();
            parts.try_into().unwrap_or_else(|_| {
                panic!("--reduce-shape takes MAX_BLOCKS,WAVE_BLOCKS,WAVE_TILES,MIN_TILES, got {v}")
            })
        }),
    }
}

/// The timer, the options, the copy-roof cache and the report.
struct Bench {
    timer: GpuTimer,
    iters: usize,
    warmups: usize,
    only: Option<String>,
    roof: HashMap<usize, Option<f64>>,
    report: Report,
    /// Algorithm families found to have no kernel (probed once, on a small input).
    missing: HashMap<&'static str, bool>,
}

impl Bench {
    /// Whether `case` is selected by `--only`.
    fn wants(&self, case: &str) -> bool {
        // `--only a,b` selects the cases containing either.
        self.only
            .as_ref()
            .is_none_or(|s| s.split(',').any(|part| case.contains(part)))
    }

    /// Median ms of `f` over `iters` event-timed calls after `warmups` untimed ones.
    fn median_ms(&self, mut f: impl FnMut() -> Res<()>) -> Res<f64> {
        for _ in 0..self.warmups {
            f()?;
        }
        let mut ms = Vec::with_capacity(self.iters);
        for _ in 0..self.iters {
            let mut result = Ok(());
            let (t, ()) = self.timer.time(|| {
                result = f();
                Ok(())
            })?;
            result?;
            ms.push(f64::from(t));
        }
        ms.sort_by(f64::total_cmp);
        Ok(ms[ms.len() / 2])
    }

    /// Median ms of a `cuMemcpyDtoD` moving `bytes` in all (`bytes / 2` read and written),
    /// measured once per byte count; `None` when the buffers do not fit. The copy's speed
    /// varies by a few percent with where its two buffers land, so this is the faster of two
    /// freshly allocated buffer pairs (the roof is what a copy can reach).
    fn roof_ms(&mut self, bytes: f64) -> Option<f64> {
        let half = (bytes / 2.0) as usize;
        if let Some(&t) = self.roof.get(&half) {
            return t;
        }
        let one_pair = || -> Res<f64> {
            let src = DeviceBuffer::<u8>::zeroed(half)?;
            let mut dst = DeviceBuffer::<u8>::zeroed(half)?;
            self.median_ms(|| dst.copy_from(&src))
        };
        let t = match (one_pair(), one_pair()) {
            (Ok(a), Ok(b)) => Some(a.min(b)),
            (Ok(a), Err(_)) | (Err(_), Ok(a)) => Some(a),
            _ => None,
        };
        self.roof.insert(half, t);
        t
    }

    /// Times `f` and records the row (with the copy roof of the same bytes).
    fn case(
        &mut self,
        case: &str,
        n: usize,
        bytes: f64,
        flops: Option<f64>,
        f: impl FnMut() -> Res<()>,
    ) {
        if !self.wants(case) {
            return;
        }
        let outcome = match self.median_ms(f) {
            Ok(ms) => Outcome::Timed(ms),
            Err(Error::NoKernel { .. }) => Outcome::NoKernel,
            Err(e) => Outcome::Failed(e.to_string()),
        };
        let roof_ms = match outcome {
            Outcome::Timed(_) => self.roof_ms(bytes),
            _ => None,
        };
        self.report.add(&Row {
            case: case.into(),
            n,
            bytes,
            flops,
            outcome,
            roof_ms,
            check: String::new(),
        });
    }

    /// Records a case that was not run, with the reason.
    fn skipped(&mut self, case: &str, n: usize, why: String) {
        if !self.wants(case) {
            return;
        }
        let outcome = if why == "no kernel" {
            Outcome::NoKernel
        } else {
            Outcome::Failed(why)
        };
        self.report.add(&Row {
            case: case.into(),
            n,
            bytes: 0.0,
            flops: None,
            outcome,
            roof_ms: None,
            check: String::new(),
        });
    }

    /// `true` when `family` has a kernel: `probe` is run once on a small input and
    /// `Error::NoKernel` marks the family missing (other errors are left to the real run).
    fn has_kernel(&mut self, family: &'static str, probe: impl FnOnce() -> Res<()>) -> bool {
        let missing = *self
            .missing
            .entry(family)
            .or_insert_with(|| matches!(probe(), Err(Error::NoKernel { .. })));
        !missing
    }
}

/// Element types benchmarked for reduce and scans: their name and a fill value.
trait Elem: DeviceCopy + parallaxis::ops::Number + PartialEq + std::fmt::Debug {
    const NAME: &'static str;
    /// A fill value whose sums are exact at the smallest size (for the check).
    const FILL: Self;
    /// `n` copies of `FILL` folded, when exact (for the checks at the smallest size).
    fn folded(n: usize) -> Self;
}
macro_rules! elem {
    ($t:ty, $name:literal, $one:expr) => {
        impl Elem for $t {
            const NAME: &'static str = $name;
            const FILL: Self = $one;
            fn folded(n: usize) -> Self {
                n as $t * $one
            }
        }
    };
}
elem!(f32, "f32", 0.5);
elem!(f64, "f64", 0.5);
elem!(i32, "i32", 3);
elem!(u64, "u64", 3);

/// reduce (to the host, and `reduce_into` a device slot), inclusive and exclusive scan
/// (`Sum`) of one element type at size `n`.
fn bench_monoid<T: Elem>(b: &mut Bench, n: usize)
where
    Cuda: MonoidOps<T, Sum>,
{
    let t = T::NAME;
    let sz = size_of::<T>() as f64;
    let names = [
        format!("reduce_sum_{t}"),
        format!("reduce_into_sum_{t}"),
        format!("inclusive_scan_sum_{t}"),
        format!("exclusive_scan_sum_{t}"),
    ];
    if !names.iter().any(|c| b.wants(c)) {
        return;
    }
    let (x, mut y) = match (Dv::<T>::filled(n, T::FILL), Dv::<T>::zeros(n)) {
        (Ok(x), Ok(y)) => (x, y),
        (Err(e), _) | (_, Err(e)) => {
            for c in &names {
                b.skipped(c, n, e.to_string());
            }
            return;
        }
    };
    // Exact results at the smallest sizes: check them once before timing.
    let small = n <= 1 << 16;
    let mut got = None;
    b.case(&names[0], n, n as f64 * sz, None, || {
        got = Some(<Cuda as MonoidOps<T, Sum>>::reduce(Sum, x.buffer())?);
        Ok(())
    });
    if small && b.wants(&names[0]) && got.is_some() && got != Some(T::folded(n)) {
        println!(
            "  CHECK FAILED: reduce_sum_{t} n={n}: got {got:?}, want {:?}",
            T::folded(n)
        );
    }
    bench_reduce_into(b, &names[1], &x, got, n);
    b.case(&names[2], n, 2.0 * n as f64 * sz, None, || {
        <Cuda as MonoidOps<T, Sum>>::inclusive_scan(Sum, x.buffer(), y.buffer_mut())
    });
    if small && b.wants(&names[2]) {
        check_last(&y, T::folded(n), &names[2], n);
    }
    b.case(&names[3], n, 2.0 * n as f64 * sz, None, || {
        <Cuda as MonoidOps<T, Sum>>::exclusive_scan(Sum, T::folded(0), x.buffer(), y.buffer_mut())
    });
    if small && b.wants(&names[3]) {
        check_last(&y, T::folded(n - 1), &names[3], n);
    }
}

/// The allocating front door, `parallaxis::inclusive_scan(Sum, &x)` on f32: each call takes a
/// new output from the memory pool (no memset: `Backend::for_overwrite`) and drops it inside
/// the timed call. Beside CUB's `InclusiveSum` into a buffer allocated once: what the
/// one-line API costs over the `_into` form (not a target).
fn bench_alloc_scan(b: &mut Bench, n: usize) {
    let case = "inclusive_scan_alloc_sum_f32";
    if !b.wants(case) {
        return;
    }
    let x = match Dv::<f32>::filled(n, f32::FILL) {
        Ok(x) => x,
        Err(e) => return b.skipped(case, n, e.to_string()),
    };
    b.case(case, n, 2.0 * n as f64 * 4.0, None, || {
        parallaxis::inclusive_scan(Sum, &x).map(drop)
    });
    if n <= 1 << 16 {
        if let Ok(y) = parallaxis::inclusive_scan(Sum, &x) {
            check_last(&y, f32::folded(n), case, n);
        }
    }
}

/// `reduce_into` a one-element device vector: the result stays on the device and the call
/// does not wait for it, which is what CUB's `DeviceReduce::Sum` timing covers (its events
/// bracket the launches only). The value is read back after timing and must equal the
/// exact sum at the smallest sizes and, at every size, the value `reduce` returned (`got`):
/// the same kernel with the same association, so the same bits.
fn bench_reduce_into<T: Elem>(b: &mut Bench, case: &str, x: &Dv<T>, got: Option<T>, n: usize)
where
    Cuda: MonoidOps<T, Sum>,
{
    if !b.wants(case) {
        return;
    }
    let mut out = match Dv::<T>::zeros(1) {
        Ok(out) => out,
        Err(e) => return b.skipped(case, n, e.to_string()),
    };
    b.case(case, n, n as f64 * size_of::<T>() as f64, None, || {
        <Cuda as MonoidOps<T, Sum>>::reduce_into(Sum, x.buffer(), out.buffer_mut())
    });
    let Ok(v) = out.to_vec() else { return };
    let want = if n <= 1 << 16 {
        Some(T::folded(n))
    } else {
        got
    };
    if let Some(want) = want {
        if v.first() != Some(&want) {
            println!(
                "  CHECK FAILED: {case} n={n}: got {:?}, want {want:?}",
                v.first()
            );
        }
    }
}

/// Prints a failure when the last element of `y` is not `want`.
fn check_last<T: Elem>(y: &Dv<T>, want: T, case: &str, n: usize) {
    if let Ok(v) = y.to_vec() {
        if v.last() != Some(&want) {
            println!(
                "  CHECK FAILED: {case} n={n}: last {:?}, want {want:?}",
                v.last()
            );
        }
    }
}

/// `reduce_by_key_into` (`Sum` over f32 `x`) as case `case`, moving `bytes` a call: its
/// outputs of `x.len()` entries allocated here, the run count left on the device (CUB's
/// contract) and checked against `want_runs` afterwards.
fn bench_reduce_by_key_into<K: DeviceCopy + PartialEq>(
    b: &mut Bench,
    case: &str,
    bytes: f64,
    keys: &Dv<K>,
    x: &Dv<f32>,
    y: &mut Dv<f32>,
    want_runs: usize,
) where
    Cuda: KeyedOps<K, f32, Sum>,
{
    let n = x.len();
    match (Dv::<K>::zeros(n), Dv::<usize>::zeros(1)) {
        (Ok(mut out_keys), Ok(mut runs)) => {
            b.case(case, n, bytes, None, || {
                <Cuda as KeyedOps<K, f32, Sum>>::reduce_by_key_into(
                    Sum,
                    keys.buffer(),
                    x.buffer(),
                    out_keys.buffer_mut(),
                    y.buffer_mut(),
                    runs.buffer_mut(),
                )
            });
            if b.wants(case) {
                check_runs(case, n, &runs, want_runs);
            }
        }
        (Err(e), _) | (_, Err(e)) => b.skipped(case, n, e.to_string()),
    }
}

/// Prints a failure when a reduce by key left a run count other than `want`.
fn check_runs(case: &str, n: usize, runs: &Dv<usize>, want: usize) {
    if let Ok(v) = runs.to_vec() {
        if v.first() != Some(&want) {
            println!(
                "  CHECK FAILED: {case} n={n}: {:?} runs, want {want}",
                v.first()
            );
        }
    }
}

/// copy (the roof itself, as a case), transform Square, saxpy, the fused sum of squares
/// (`transform_reduce`, to the host like Thrust's), the fused dot product
/// (`transform2_reduce`, to the host like Thrust's `inner_product`) and the fused scan of
/// squares (`transform_inclusive_scan`, and `transform_exclusive_scan` seeded with 1) at
/// size `n`.
fn bench_elementwise(b: &mut Bench, n: usize) {
    let cases = [
        "copy_f32",
        "transform_square_f32",
        "saxpy_f32",
        "transform_reduce_square_f32",
        "transform2_reduce_times_f32",
        "transform_inclusive_scan_square_f32",
        "transform_exclusive_scan_square_f32",
    ];
    let Some((x, y, mut z)) = map_inputs(b, n, &cases) else {
        return;
    };
    let bytes = (n * 4) as f64;
    b.case("copy_f32", n, 2.0 * bytes, None, || {
        z.buffer_mut().copy_from(x.buffer())
    });
    b.case("transform_square_f32", n, 2.0 * bytes, None, || {
        <Cuda as TransformOps<f32, Square>>::transform(Square, x.buffer(), z.buffer_mut())
    });
    let f = SaxpyFunctor { a: 2.0_f32 };
    b.case("saxpy_f32", n, 3.0 * bytes, None, || {
        <Cuda as Transform2Ops<f32, f32, SaxpyFunctor<f32>>>::transform2(
            f,
            x.buffer(),
            y.buffer(),
            z.buffer_mut(),
        )
    });
    // Every square is 0.25 and, for n a power of two, every partial a multiple of 0.25 well
    // inside f32's exact range: the sum is exactly n / 4 at every size.
    let mut sum = None;
    b.case("transform_reduce_square_f32", n, bytes, None, || {
        let s =
            <Cuda as FusedOps<f32, f32, Square, Sum>>::transform_reduce(Square, Sum, x.buffer());
        sum = Some(s?);
        Ok(())
    });
    if let Some(got) = sum.filter(|&s| s != n as f32 / 4.0) {
        println!(
            "  CHECK FAILED: transform_reduce_square_f32 n={n}: got {got}, want {}",
            n as f32 / 4.0
        );
    }
    // Every product is 0.75: the dot product is 0.75 n up to f32 rounding of the partials.
    let mut dot = None;
    b.case("transform2_reduce_times_f32", n, 2.0 * bytes, None, || {
        let d = <Cuda as Fused2Ops<f32, f32, f32, Times, Sum>>::transform2_reduce(
            Times,
            Sum,
            x.buffer(),
            y.buffer(),
        );
        dot = Some(d?);
        Ok(())
    });
    let want = 0.75 * n as f64;
    if let Some(got) = dot.filter(|&d| (f64::from(d) - want).abs() > 1e-6 * want) {
        println!("  CHECK FAILED: transform2_reduce_times_f32 n={n}: got {got}, want {want}");
    }
    b.case(
        "transform_inclusive_scan_square_f32",
        n,
        2.0 * bytes,
        None,
        || {
            <Cuda as FusedOps<f32, f32, Square, Sum>>::transform_inclusive_scan(
                Square,
                Sum,
                x.buffer(),
                z.buffer_mut(),
            )
        },
    );
    // Running sums of 0.25 are exact in f32 up to 2^22 terms (2^20, where the spacing of
    // f32 is 0.125).
    if n <= 1 << 22 && b.wants("transform_inclusive_scan_square_f32") {
        check_last(&z, n as f32 / 4.0, "transform_inclusive_scan_square_f32", n);
    }
    b.case(
        "transform_exclusive_scan_square_f32",
        n,
        2.0 * bytes,
        None,
        || {
            <Cuda as FusedOps<f32, f32, Square, Sum>>::transform_exclusive_scan(
                Square,
                Sum,
                1.0,
                x.buffer(),
                z.buffer_mut(),
            )
        },
    );
    // The last output is the seed plus the first n - 1 squares: 1 + (n - 1) / 4, exact as
    // above.
    if n <= 1 << 22 && b.wants("transform_exclusive_scan_square_f32") {
        let want = 1.0 + (n - 1) as f32 / 4.0;
        check_last(&z, want, "transform_exclusive_scan_square_f32", n);
    }
}

/// The element-wise rows' inputs at `n`: `x = 0.5`, `y = 1.5` and an output `z`; `None`
/// when no case of `cases` is selected, or (recorded as skipped) when they do not fit.
fn map_inputs(b: &mut Bench, n: usize, cases: &[&str]) -> Option<(Dv<f32>, Dv<f32>, Dv<f32>)> {
    if !cases.iter().any(|c| b.wants(c)) {
        return None;
    }
    let vecs = (|| -> Res<_> {
        Ok((
            Dv::filled(n, 0.5_f32)?,
            Dv::filled(n, 1.5_f32)?,
            Dv::zeros(n)?,
        ))
    })();
    match vecs {
        Ok(v) => Some(v),
        Err(e) => {
            for c in cases {
                b.skipped(c, n, e.to_string());
            }
            None
        }
    }
}

/// Segmented scans (keys, flags, offsets; segments of `seg`) and, for `seg = 1000`,
/// reduce_by_key (allocating its exact-size outputs, so it waits for the run count) and
/// reduce_by_key_into (outputs of `n` allocated once, the count left on the device: CUB's
/// `ReduceByKey` contract), at size `n` (f32 values, u32 keys).
fn bench_segmented(b: &mut Bench, n: usize, seg: usize) {
    let kinds = ["keys", "flags", "offsets"];
    let names: Vec<String> = kinds
        .iter()
        .map(|k| format!("scan_by_{k}_seg{seg}_f32"))
        .chain(
            ["reduce_by_key", "reduce_by_key_into"]
                .iter()
                .filter(|_| seg == 1000)
                .map(|f| format!("{f}_seg1000_f32")),
        )
        .collect();
    if !names.iter().any(|c| b.wants(c)) {
        return;
    }
    // Probe each family on a small input so missing kernels cost no data preparation.
    let small = |m: usize| -> Res<SegInputs> {
        Ok((
            Dv::from_vec((0..m).map(|i| (i / 8) as u32).collect())?,
            Dv::from_vec((0..m).map(|i| i % 8 == 0).collect())?,
            Dv::from_vec((0..=m / 8).map(|s| s * 8).collect())?,
            Dv::filled(m, 1.0)?,
            Dv::zeros(m)?,
        ))
    };
    let probe = small(4096);
    let has = |b: &mut Bench, fam: &'static str, f: &dyn Fn(&mut Dv<f32>) -> Res<()>| match &probe {
        Ok((_, _, _, _, y)) => {
            let mut y = y.try_clone().expect("probe buffer");
            b.has_kernel(fam, || f(&mut y))
        }
        Err(_) => true,
    };
    let (pk, pf, po, px) = match &probe {
        Ok((k, f, o, x, _)) => (Some(k), Some(f), Some(o), Some(x)),
        Err(_) => (None, None, None, None),
    };
    let (Some(pk), Some(pf), Some(po), Some(px)) = (pk, pf, po, px) else {
        for c in &names {
            b.skipped(c, n, "probe allocation failed".into());
        }
        return;
    };
    let ok = [
        has(b, "scan_by_keys", &|y| {
            <Cuda as KeyedOps<u32, f32, Sum>>::scan_by_keys(
                Sum,
                pk.buffer(),
                px.buffer(),
                y.buffer_mut(),
                ScanKind::Inclusive,
            )
        }),
        has(b, "scan_by_flags", &|y| {
            <Cuda as MonoidOps<f32, Sum>>::scan_by_flags(
                Sum,
                pf.buffer(),
                px.buffer(),
                y.buffer_mut(),
                ScanKind::Inclusive,
            )
        }),
        has(b, "scan_by_offsets", &|y| {
            <Cuda as MonoidOps<f32, Sum>>::scan_by_offsets(
                Sum,
                po.buffer(),
                px.buffer(),
                y.buffer_mut(),
                ScanKind::Inclusive,
            )
        }),
        has(b, "reduce_by_key", &|_| {
            <Cuda as KeyedOps<u32, f32, Sum>>::reduce_by_key(Sum, pk.buffer(), px.buffer())
                .map(|_| ())
        }),
        has(b, "reduce_by_key_into", &|y| {
            let (mut k, mut runs) = (Dv::<u32>::zeros(pk.len())?, Dv::<usize>::zeros(1)?);
            <Cuda as KeyedOps<u32, f32, Sum>>::reduce_by_key_into(
                Sum,
                pk.buffer(),
                px.buffer(),
                k.buffer_mut(),
                y.buffer_mut(),
                runs.buffer_mut(),
            )
        }),
    ];
    for (name, &ok) in names.iter().zip(&ok) {
        if !ok {
            b.skipped(name, n, "no kernel".into());
        }
    }
    if !ok[..names.len()].iter().any(|&k| k) {
        return;
    }
    let (x, mut y) = match (Dv::<f32>::filled(n, 0.5), Dv::<f32>::zeros(n)) {
        (Ok(x), Ok(y)) => (x, y),
        (Err(e), _) | (_, Err(e)) => {
            for (c, _) in names.iter().zip(&ok).filter(|(_, &k)| k) {
                b.skipped(c, n, e.to_string());
            }
            return;
        }
    };
    let v = (n * 4) as f64;
    let keyed = |i: usize| i < names.len() && ok[i];
    if keyed(0) || keyed(3) || keyed(4) {
        match Dv::<u32>::from_vec((0..n).map(|i| (i / seg) as u32).collect()) {
            Ok(keys) => {
                if ok[0] {
                    b.case(&names[0], n, 3.0 * v, None, || {
                        <Cuda as KeyedOps<u32, f32, Sum>>::scan_by_keys(
                            Sum,
                            keys.buffer(),
                            x.buffer(),
                            y.buffer_mut(),
                            ScanKind::Inclusive,
                        )
                    });
                }
                if keyed(3) {
                    b.case(&names[3], n, 2.0 * v, None, || {
                        <Cuda as KeyedOps<u32, f32, Sum>>::reduce_by_key(
                            Sum,
                            keys.buffer(),
                            x.buffer(),
                        )
                        .map(|_| ())
                    });
                }
                if keyed(4) {
                    let runs = n.div_ceil(seg);
                    bench_reduce_by_key_into(b, &names[4], 2.0 * v, &keys, &x, &mut y, runs);
                }
            }
            Err(e) => b.skipped(&names[0], n, e.to_string()),
        }
    }
    if ok[1] {
        match Dv::<bool>::from_vec((0..n).map(|i| i % seg == 0).collect()) {
            Ok(flags) => b.case(&names[1], n, 2.0 * v + n as f64, None, || {
                <Cuda as MonoidOps<f32, Sum>>::scan_by_flags(
                    Sum,
                    flags.buffer(),
                    x.buffer(),
                    y.buffer_mut(),
                    ScanKind::Inclusive,
                )
            }),
            Err(e) => b.skipped(&names[1], n, e.to_string()),
        }
    }
    if ok[2] {
        let offs: Vec<usize> = (0..n.div_ceil(seg)).map(|s| s * seg).chain([n]).collect();
        let ob = (offs.len() * 8) as f64;
        match Dv::<usize>::from_vec(offs) {
            Ok(o) => b.case(&names[2], n, 2.0 * v + ob, None, || {
                <Cuda as MonoidOps<f32, Sum>>::scan_by_offsets(
                    Sum,
                    o.buffer(),
                    x.buffer(),
                    y.buffer_mut(),
                    ScanKind::Inclusive,
                )
            }),
            Err(e) => b.skipped(&names[2], n, e.to_string()),
        }
    }
}

/// SpMV over `(+,×)` and `(min,+)` on one matrix (x = all ones, y overwritten).
fn bench_spmv(b: &mut Bench, name: &str, make: impl FnOnce() -> matrices::Csr) {
    let cases = [
        format!("spmv_plus_times_{name}"),
        format!("spmv_min_plus_{name}"),
    ];
    if !cases.iter().any(|c| b.wants(c)) {
        return;
    }
    let tiny =
        || CsrMatrix::<f32, u32, Cuda>::try_new(2, 2, vec![0, 1, 2], vec![0, 1], vec![1.0, 1.0]);
    let probe = |b: &mut Bench, fam: &'static str, s: &SpmvFn| match (
        tiny(),
        Dv::<f32>::filled(2, 1.0),
        Dv::<f32>::zeros(2),
    ) {
        (Ok(a), Ok(x), Ok(mut y)) => b.has_kernel(fam, || s(&a, &x, &mut y)),
        _ => true,
    };
    let pt = |a: &Csr, x: &Dv<f32>, y: &mut Dv<f32>| spmv(PlusTimes, a, x, y);
    let mp = |a: &Csr, x: &Dv<f32>, y: &mut Dv<f32>| spmv(MinPlus, a, x, y);
    let ok = [
        probe(b, "spmv_csr_plus_times", &pt),
        probe(b, "spmv_csr_min_plus", &mp),
    ];
    let m = make();
    let (rows, nnz) = (m.rows, m.col.len());
    for (c, &k) in cases.iter().zip(&ok) {
        if !k {
            b.skipped(c, rows, "no kernel".into());
        }
    }
    if !ok.iter().any(|&k| k) {
        return;
    }
    let bytes = nnz as f64 * 8.0 + (rows + 1) as f64 * 4.0 + rows as f64 * 8.0;
    let flops = Some(2.0 * nnz as f64);
    let setup = (|| -> Res<_> {
        Ok((
            CsrMatrix::<f32, u32, Cuda>::try_new(rows, rows, m.row_ptr, m.col, m.val)?,
            Dv::<f32>::filled(rows, 1.0)?,
            Dv::<f32>::zeros(rows)?,
        ))
    })();
    match setup {
        Ok((a, x, mut y)) => {
            if ok[0] {
                b.case(&cases[0], rows, bytes, flops, || pt(&a, &x, &mut y));
            }
            if ok[1] {
                b.case(&cases[1], rows, bytes, flops, || mp(&a, &x, &mut y));
            }
        }
        Err(e) => {
            for c in &cases {
                b.skipped(c, rows, e.to_string());
            }
        }
    }
}

/// One CSR SpMV through the backend (no output allocation, no validation in the timing).
fn spmv<S: Semiring<f32>>(
    s: S,
    a: &CsrMatrix<f32, u32, Cuda>,
    x: &Dv<f32>,
    y: &mut Dv<f32>,
) -> Res<()>
where
    Cuda: SpmvOps<f32, u32, S>,
{
    <Cuda as SpmvOps<f32, u32, S>>::spmv_csr(s, a, x.buffer(), y.buffer_mut(), false)
}

/// One stencil case: `(+,×)` stencil `st` over `shape` (zero boundary), read + write bytes.
fn bench_stencil<const D: usize, const K: usize>(
    b: &mut Bench,
    case: &str,
    st: Stencil<f32, D, K>,
    shape: [usize; D],
) where
    Cuda: StencilOps<f32, PlusTimes, D, K>,
{
    if !b.wants(case) {
        return;
    }
    let n: usize = shape.iter().product();
    let fam: &'static str = match D {
        1 => "stencil_1d",
        2 => "stencil_2d",
        _ => "stencil_3d",
    };
    let small = [8_usize; D];
    let m = small.iter().product();
    let probed = match (Dv::<f32>::filled(m, 1.0), Dv::<f32>::zeros(m)) {
        (Ok(x), Ok(mut y)) => b.has_kernel(fam, || {
            <Cuda as StencilOps<f32, PlusTimes, D, K>>::stencil(
                PlusTimes,
                &st,
                Boundary::Zero,
                small,
                x.buffer(),
                y.buffer_mut(),
            )
        }),
        _ => true,
    };
    if !probed {
        b.skipped(case, n, "no kernel".into());
        return;
    }
    match (Dv::<f32>::filled(n, 0.25), Dv::<f32>::zeros(n)) {
        (Ok(x), Ok(mut y)) => b.case(case, n, 8.0 * n as f64, None, || {
            <Cuda as StencilOps<f32, PlusTimes, D, K>>::stencil(
                PlusTimes,
                &st,
                Boundary::Zero,
                shape,
                x.buffer(),
                y.buffer_mut(),
            )
        }),
        (Err(e), _) | (_, Err(e)) => b.skipped(case, n, e.to_string()),
    }
}

fn main() {
    let o = parse_opts();
    if o.checksum {
        for (name, m) in [
            ("poisson2d_4096", matrices::poisson(4096)),
            ("powerlaw_4M", matrices::power_law(1 << 22)),
        ] {
            let (nnz, c, p) = m.checksum();
            println!(
                "matrix {name} rows={} nnz={nnz} colsum={c} ptrsum={p}",
                m.rows
            );
        }
        return;
    }
    let device = match Device::default_device() {
        Ok(d) => d,
        Err(e) => {
            eprintln!("gpu_bench: no CUDA device: {e}");
            std::process::exit(1);
        }
    };
    if let Some([max_blocks, wave_blocks, wave_tiles, min_tiles]) = o.reduce_shape {
        let mut t = device.tuning();
        t.reduce = ReduceShape {
            max_blocks,
            wave_blocks,
            wave_tiles,
            min_tiles,
        };
        if let Err(e) = device.set_tuning(t) {
            eprintln!("gpu_bench: --reduce-shape: {e}");
            std::process::exit(2);
        }
    }
    println!(
        "# parallaxis GPU bench: median of {} after {} warm-ups; CSV -> {}",
        o.iters, o.warmups, o.csv
    );
    println!(
        "# tuning: {:?}; device properties: {:?}",
        device.tuning(),
        device.properties()
    );
    let report = Report::new(&o.csv).unwrap_or_else(|e| panic!("cannot write {}: {e}", o.csv));
    let mut b = Bench {
        timer: GpuTimer::new(device).expect("timing events"),
        iters: o.iters,
        warmups: o.warmups,
        only: o.only,
        roof: HashMap::new(),
        report,
        missing: HashMap::new(),
    };
    for e in (o.min_log2..=o.max_log2).step_by(o.step as usize) {
        let n = 1_usize << e;
        bench_elementwise(&mut b, n);
        lazy::bench_lazy(&mut b, n);
        bench_monoid::<f32>(&mut b, n);
        bench_alloc_scan(&mut b, n);
        bench_monoid::<f64>(&mut b, n);
        bench_monoid::<i32>(&mut b, n);
        bench_monoid::<u64>(&mut b, n);
        for &seg in &o.seg_lengths {
            bench_segmented(&mut b, n, seg);
            wide_keys::bench_wide_keys(&mut b, n, seg);
        }
        histogram_gather::bench_histograms(&mut b, n);
        histogram_gather::bench_moves(&mut b, n);
        select::bench_select(&mut b, n);
        find::bench_find(&mut b, n);
        runs::bench_runs(&mut b, n);
        set_ops::bench_set_ops(&mut b, n);
        sort::bench_sort(&mut b, n);
        merge::bench_merge(&mut b, n);
        // Extrema, search, and segmented reduce at tiny and long segments.
        extrema_search::bench_extrema_search(&mut b, n);
        for seg in [4, 100_000] {
            extrema_search::bench_segmented_reduce(&mut b, n, seg);
        }
    }
    bench_spmv(&mut b, "poisson2d_4096", || matrices::poisson(4096));
    bench_spmv(&mut b, "powerlaw_4M", || matrices::power_law(1 << 22));
    let taps = [0.05_f32, 0.1, 0.1, 0.15, 0.2, 0.15, 0.1, 0.1, 0.05];
    let conv1 = parallaxis::mask_1d(taps).expect("odd mask");
    bench_stencil(&mut b, "conv1d_k9_f32", conv1, [1 << 28]);
    let conv2 = parallaxis::mask_2d([0.04_f32; 25], [5, 5]).expect("odd mask");
    bench_stencil(&mut b, "conv2d_5x5_f32", conv2, [8192, 8192]);
    let lap = parallaxis::star_3d([-6.0_f32, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]);
    bench_stencil(&mut b, "stencil7_3d_f32", lap, [512, 512, 512]);
}
