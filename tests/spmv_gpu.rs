//! SpMV on the GPU against `parallaxis::reference` (needs `--features cuda` and a GPU).
//!
//! Every instantiated (semiring, type), `u32` and `u64` indices (`usize` on one matrix),
//! accumulate on and off, CSR (the automatic choice and each kernel forced), ELL, COO and
//! HYB, on: empty matrices, 0 rows, 0 columns, all-empty rows, one dense row among empty ones
//! (also one spanning ~25 CSR block tiles), runs of empty rows longer than a tile between long
//! rows, random rows with repeated columns, power-law rows,
//! and the 8 gallery matrices. Exact types (integers wrap, min/max, or/and) must match the
//! sequential fold exactly; float `(+, ×)` within `2·(n + 2)·eps·Σ|a·x|` of an f64 product.
//! `spmv_bench` (ignored) times CSR on the matrices of `benches/peers/peers.cu`.
#![cfg(feature = "cuda")]

use parallaxis::{
    backend::SpmvOps,
    ops::{MaxTimes, MinPlus, Number, OrAnd, PlusTimes},
    reference,
    sparse::{CooMatrix, CsrMatrix},
    Cuda, DeviceVector, Sequential,
};
use parallaxis_core::{DeviceCopy, SplitMix64};
use parallaxis_device::kernels::{policy::spmv::csr_kernel, policy::spmv::CsrKernel};
use parallaxis_device::{GpuTimer, SemiringKernel, SpmvIndex};
use std::fmt::Debug;
use std::path::PathBuf;

/// The backend `require_gpu!` probes.
type B = Cuda;

/// The suite's generator: `SplitMix64` with the two draws the patterns need.
struct Rng(SplitMix64);
impl Rng {
    fn new(seed: u64) -> Self {
        Rng(SplitMix64::new(seed))
    }
    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn unit(&mut self) -> f64 {
        self.0.unit_f64()
    }
}

/// A sparsity pattern in CSR order (columns in any order, repeats allowed).
struct Pattern {
    name: String,
    nrows: usize,
    ncols: usize,
    row_ptr: Vec<usize>,
    col: Vec<usize>,
    /// Values when the pattern came from a file.
    values: Option<Vec<f64>>,
}

fn pattern(name: &str, nrows: usize, ncols: usize, rows: impl Fn(usize) -> Vec<usize>) -> Pattern {
    let mut row_ptr = vec![0];
    let mut col = Vec::new();
    for r in 0..nrows {
        col.extend(rows(r));
        row_ptr.push(col.len());
    }
    Pattern {
        name: name.into(),
        nrows,
        ncols,
        row_ptr,
        col,
        values: None,
    }
}

fn random_rows(
    nrows: usize,
    ncols: usize,
    len: impl Fn(&mut Rng) -> usize,
    seed: u64,
) -> Vec<Vec<usize>> {
    let mut g = Rng::new(seed);
    (0..nrows)
        .map(|_| {
            let n = len(&mut g);
            (0..n).map(|_| g.below(ncols)).collect()
        })
        .collect()
}

fn synthetic(small: bool) -> Vec<Pattern> {
    let scale = if small { 10 } else { 1 };
    let mut v = vec![
        pattern("empty 5x7", 5, 7, |_| vec![]),
        pattern("0x5", 0, 5, |_| vec![]),
        pattern("5x0", 5, 0, |_| vec![]),
        pattern("0x0", 0, 0, |_| vec![]),
        pattern("all-empty rows 1000x1000", 1000, 1000, |_| vec![]),
        pattern("dense row 2000x3000", 2000, 3000, |r| {
            if r == 777 {
                (0..3000).collect()
            } else {
                vec![]
            }
        }),
    ];
    let wide = 50_000 / scale;
    v.push(pattern(
        "dense row 100xwide + 2 short rows",
        100,
        wide,
        |r| match r {
            0 => vec![3, 1, 3],
            50 => (0..wide).rev().collect(),
            99 => vec![wide - 1],
            _ => vec![],
        },
    ));
    // Tiles of nothing but row ends (the CSR merge kernel's block tile is 2048 items: here
    // 2497 empty rows in a row), tiles inside one long row, and a row of 2047 entries. ELL
    // pads to the longest row: 5000 x 2100 slots.
    let n = 5000 / scale;
    v.push(pattern("empty runs and long rows", n, 3000, |r| {
        match r % 2500 {
            1 => (0..2100).map(|k| (k * 7) % 3000).collect(),
            2 => vec![r % 3000; 2047],
            _ => vec![],
        }
    }));
    let (n, m) = (5000 / scale, 4000 / scale);
    let rows = random_rows(n, m, |g| g.below(41), 7);
    v.push(pattern("random 0..40 per row", n, m, |r| rows[r].clone()));
    // ELL pads every row to the longest: at most 4000 x 1500 slots.
    let n = 4000 / scale;
    let rows = random_rows(
        n,
        n,
        |g| ((2.0 / g.unit().max(1e-6).powf(0.7)) as usize).min(1500),
        11,
    );
    v.push(pattern("power law", n, n, |r| rows[r].clone()));
    v
}

fn gallery() -> Vec<Pattern> {
    let dir = [
        "data/matrices",
        concat!(env!("CARGO_MANIFEST_DIR"), "/data/matrices"),
    ]
    .into_iter()
    .map(PathBuf::from)
    .find(|d| d.is_dir())
    .expect("data/matrices");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "mtx"))
        .collect();
    files.sort();
    assert_eq!(
        files.len(),
        8,
        "the 8 gallery matrices in {}",
        dir.display()
    );
    files
        .iter()
        .map(|f| {
            let coo = CooMatrix::<f64, usize, Sequential>::read_matrix_market(f).unwrap();
            let csr = coo.to_csr().unwrap();
            Pattern {
                name: f.file_name().unwrap().to_string_lossy().into_owned(),
                nrows: csr.nrows(),
                ncols: csr.ncols(),
                row_ptr: csr.row_ptr().to_vec().unwrap(),
                col: csr.col_idx().to_vec().unwrap(),
                values: Some(csr.values().to_vec().unwrap()),
            }
        })
        .collect()
}

/// A float's conversion to f64 and its machine epsilon.
type Tolerance<T> = (fn(T) -> f64, f64);

/// How one element type is generated and compared.
struct Elem<T> {
    /// Values of matrix, `x` and `y`.
    gen: fn(&mut Rng) -> T,
    /// A file's value as `T`.
    from_f64: fn(f64) -> T,
    /// `Some((to_f64, eps))`: float `(+, ×)`, compared within a bound of an f64 product.
    tolerant: Option<Tolerance<T>>,
}

/// Checks `got` against the sequential reference (exact) or the f64 bound.
#[allow(clippy::too_many_arguments)]
fn compare<T: Copy + PartialEq + Debug>(
    e: &Elem<T>,
    p: &Pattern,
    val: &[T],
    x: &[T],
    y0: &[T],
    want: &[T],
    got: &[T],
    what: &str,
    acc: bool,
) {
    assert_eq!(got.len(), want.len(), "{what}");
    for r in 0..want.len() {
        let ok = match e.tolerant {
            None => got[r] == want[r],
            Some((f, eps)) => {
                let (mut sum, mut abs) = if acc {
                    (f(y0[r]), f(y0[r]).abs())
                } else {
                    (0.0, 0.0)
                };
                for k in p.row_ptr[r]..p.row_ptr[r + 1] {
                    let t = f(val[k]) * f(x[p.col[k]]);
                    sum += t;
                    abs += t.abs();
                }
                let n = (p.row_ptr[r + 1] - p.row_ptr[r] + 1) as f64;
                (f(got[r]) - sum).abs() <= 2.0 * (n + 2.0) * eps * abs
            }
        };
        assert!(
            ok,
            "{what} [{}] accumulate={acc} row {r}: got {:?}, want {:?}",
            p.name, got[r], want[r]
        );
    }
}

/// Every format and CSR kernel of pattern `p` with index type `I`; returns the products run.
fn run_pattern<T, I, S>(s: S, e: &Elem<T>, p: &Pattern, g: &mut Rng, what: &str) -> usize
where
    T: DeviceCopy + PartialEq + Debug,
    I: SpmvIndex,
    S: SemiringKernel<T>,
    Cuda: SpmvOps<T, I, S>,
{
    let idx = |v: &[usize]| {
        v.iter()
            .map(|&i| I::from_usize(i).unwrap())
            .collect::<Vec<I>>()
    };
    let val: Vec<T> = match &p.values {
        Some(v) => v.iter().map(|&a| (e.from_f64)(a)).collect(),
        None => (0..p.col.len()).map(|_| (e.gen)(g)).collect(),
    };
    let x: Vec<T> = (0..p.ncols).map(|_| (e.gen)(g)).collect();
    let y0: Vec<T> = (0..p.nrows).map(|_| (e.gen)(g)).collect();
    let csr = CsrMatrix::<T, I, Cuda>::try_new(
        p.nrows,
        p.ncols,
        idx(&p.row_ptr),
        idx(&p.col),
        val.clone(),
    )
    .unwrap();
    let (coo, ell, hyb) = (
        csr.to_coo().unwrap(),
        csr.to_ell().unwrap(),
        csr.to_hyb().unwrap(),
    );
    let xd = DeviceVector::<T, Cuda>::from_slice(&x).unwrap();
    let mut runs = 0;
    for acc in [false, true] {
        let mut want = y0.clone();
        reference::spmv_csr(s, &p.row_ptr, &p.col, &val, &x, &mut want, acc);
        let mut check = |f: &dyn Fn(&mut DeviceVector<T, Cuda>) -> parallaxis::Result<()>,
                         fmt: &str| {
            let mut y = DeviceVector::<T, Cuda>::from_slice(&y0).unwrap();
            f(&mut y).unwrap_or_else(|err| panic!("{what} {fmt} [{}]: {err}", p.name));
            let got = y.to_vec().unwrap();
            compare(
                e,
                p,
                &val,
                &x,
                &y0,
                &want,
                &got,
                &format!("{what} {fmt}"),
                acc,
            );
            runs += 1;
        };
        check(&|y| parallaxis::spmv_into(s, &csr, &xd, y, acc), "CSR auto");
        check(&|y| parallaxis::spmv_into(s, &coo, &xd, y, acc), "COO");
        check(&|y| parallaxis::spmv_into(s, &ell, &xd, y, acc), "ELL");
        check(&|y| parallaxis::spmv_into(s, &hyb, &xd, y, acc), "HYB");
        for k in [
            CsrKernel::Vector { lanes_log2: 0 },
            CsrKernel::Vector { lanes_log2: 1 },
            CsrKernel::Vector { lanes_log2: 3 },
            CsrKernel::Vector { lanes_log2: 5 },
            CsrKernel::Merge,
        ] {
            check(
                &|y| {
                    let (rp, c, v) = (csr.row_ptr(), csr.col_idx(), csr.values());
                    // SAFETY: `csr` was validated by `try_new`.
                    unsafe {
                        parallaxis_device::spmv_csr_with_kernel(
                            s,
                            k,
                            rp.buffer(),
                            c.buffer(),
                            v.buffer(),
                            xd.buffer(),
                            y.buffer_mut(),
                            acc,
                        )
                    }
                },
                &format!("CSR {k:?}"),
            );
        }
    }
    runs
}

/// All patterns with `u32` and `u64` indices (and `usize` on the random one).
fn suite<T, S>(s: S, e: &Elem<T>, what: &str, patterns: &[Pattern]) -> usize
where
    T: DeviceCopy + PartialEq + Debug,
    S: SemiringKernel<T>,
    Cuda: SpmvOps<T, u32, S> + SpmvOps<T, u64, S> + SpmvOps<T, usize, S>,
{
    let mut g = Rng::new(0x9e37_79b9_7f4a_7c15);
    let mut runs = 0;
    for p in patterns {
        runs += run_pattern::<T, u32, S>(s, e, p, &mut g, &format!("{what} u32"));
        runs += run_pattern::<T, u64, S>(s, e, p, &mut g, &format!("{what} u64"));
        if p.name.starts_with("random") {
            runs += run_pattern::<T, usize, S>(s, e, p, &mut g, &format!("{what} usize"));
        }
    }
    runs
}

fn float<T: Number>(lo: f64, hi: f64) -> fn(&mut Rng) -> T {
    // Closures cannot capture in a `fn` pointer: the ranges used are spelled out.
    match (lo as i64, hi as i64) {
        (-2, 2) => |g| T::from_f64(g.unit() * 4.0 - 2.0),
        (-100, 100) => |g| T::from_f64(g.unit() * 200.0 - 100.0),
        _ => |g| T::from_f64(g.unit() * 10.0),
    }
}

macro_rules! elems {
    (tolerant $t:ty) => {
        Elem::<$t> {
            gen: float::<$t>(-2.0, 2.0),
            from_f64: |v| v as $t,
            tolerant: Some((|v| v as f64, <$t>::EPSILON as f64)),
        }
    };
    (float $t:ty, $lo:expr, $hi:expr) => {
        Elem::<$t> {
            gen: float::<$t>($lo, $hi),
            from_f64: |v| v as $t,
            tolerant: None,
        }
    };
    (wrapping $t:ty) => {
        // Full-range integers: products and sums wrap.
        Elem::<$t> {
            gen: |g| g.next() as $t,
            from_f64: |v| v as $t,
            tolerant: None,
        }
    };
    (small $t:ty) => {
        Elem::<$t> {
            gen: |g| g.below(1_000_000) as $t,
            from_f64: |v| v.abs() as $t,
            tolerant: None,
        }
    };
}

fn every_semiring(patterns: &[Pattern], files: bool) -> usize {
    let mut n = 0;
    n += suite(PlusTimes, &elems!(tolerant f32), "PlusTimes f32", patterns);
    n += suite(PlusTimes, &elems!(tolerant f64), "PlusTimes f64", patterns);
    n += suite(PlusTimes, &elems!(wrapping i32), "PlusTimes i32", patterns);
    n += suite(PlusTimes, &elems!(wrapping u32), "PlusTimes u32", patterns);
    n += suite(PlusTimes, &elems!(wrapping i64), "PlusTimes i64", patterns);
    n += suite(PlusTimes, &elems!(wrapping u64), "PlusTimes u64", patterns);
    n += suite(
        MinPlus,
        &elems!(float f32, -100.0, 100.0),
        "MinPlus f32",
        patterns,
    );
    n += suite(
        MinPlus,
        &elems!(float f64, -100.0, 100.0),
        "MinPlus f64",
        patterns,
    );
    n += suite(MinPlus, &elems!(small i32), "MinPlus i32", patterns);
    n += suite(MinPlus, &elems!(small u32), "MinPlus u32", patterns);
    n += suite(MinPlus, &elems!(small i64), "MinPlus i64", patterns);
    n += suite(MinPlus, &elems!(small u64), "MinPlus u64", patterns);
    n += suite(
        MaxTimes,
        &elems!(float f32, 0.0, 10.0),
        "MaxTimes f32",
        patterns,
    );
    n += suite(
        MaxTimes,
        &elems!(float f64, 0.0, 10.0),
        "MaxTimes f64",
        patterns,
    );
    let boolean = Elem::<bool> {
        gen: |g| g.below(10) < 3,
        from_f64: |v| v != 0.0,
        tolerant: None,
    };
    n += suite(OrAnd, &boolean, "OrAnd bool", patterns);
    if files {
        // Sanity on the generic front door: the result vector path.
        let p = &patterns[0];
        let a = CsrMatrix::<f32, u32, Cuda>::try_new(
            p.nrows,
            p.ncols,
            vec![0; p.nrows + 1],
            vec![],
            vec![],
        )
        .unwrap();
        let x = DeviceVector::<f32, Cuda>::from_slice(&vec![1.0; p.ncols]).unwrap();
        assert!(parallaxis::spmv(PlusTimes, &a, &x)
            .unwrap()
            .to_vec()
            .unwrap()
            .iter()
            .all(|&v| v == 0.0));
    }
    n
}

#[test]
fn spmv_synthetic_every_semiring() {
    require_gpu!();
    let n = every_semiring(&synthetic(false), false);
    println!("spmv synthetic: {n} products checked");
}

#[test]
fn spmv_gallery_every_semiring() {
    require_gpu!();
    let n = every_semiring(&gallery(), true);
    println!("spmv gallery: {n} products checked");
}

/// A small case for `compute-sanitizer --tool memcheck`.
#[test]
fn spmv_small_for_memcheck() {
    require_gpu!();
    let patterns = synthetic(true);
    let mut n = suite(PlusTimes, &elems!(tolerant f32), "PlusTimes f32", &patterns);
    n += suite(MinPlus, &elems!(small i64), "MinPlus i64", &patterns);
    n += suite(
        OrAnd,
        &Elem::<bool> {
            gen: |g| g.below(2) == 0,
            from_f64: |v| v != 0.0,
            tolerant: None,
        },
        "OrAnd",
        &patterns,
    );
    println!("spmv small: {n} products checked");
}

/// libstdc++'s `std::mt19937`, for the power-law matrix of `benches/peers/peers.cu`.
struct Mt19937 {
    s: [u32; 624],
    i: usize,
}
impl Mt19937 {
    fn new(seed: u32) -> Self {
        let mut s = [0_u32; 624];
        s[0] = seed;
        for i in 1..624 {
            s[i] = 1_812_433_253_u32
                .wrapping_mul(s[i - 1] ^ (s[i - 1] >> 30))
                .wrapping_add(i as u32);
        }
        Self { s, i: 624 }
    }
    fn next(&mut self) -> u32 {
        if self.i >= 624 {
            for k in 0..624 {
                let y = (self.s[k] & 0x8000_0000) | (self.s[(k + 1) % 624] & 0x7fff_ffff);
                let mut v = self.s[(k + 397) % 624] ^ (y >> 1);
                if y & 1 != 0 {
                    v ^= 0x9908_b0df;
                }
                self.s[k] = v;
            }
            self.i = 0;
        }
        let mut y = self.s[self.i];
        self.i += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }
    /// `std::uniform_real_distribution<double>(a, b)` via `generate_canonical<double, 53>`.
    fn uniform(&mut self, a: f64, b: f64) -> f64 {
        let lo = f64::from(self.next());
        let hi = f64::from(self.next());
        let mut c = (lo + hi * 4_294_967_296.0) / 18_446_744_073_709_551_616.0;
        if c >= 1.0 {
            c = 1.0 - f64::EPSILON / 2.0;
        }
        c * (b - a) + a
    }
}

/// (row_ptr, col, values) of peers.cu's 2D 5-point Poisson on a `g × g` grid.
fn poisson(g: usize) -> (Vec<u32>, Vec<u32>, Vec<f32>) {
    let rows = g * g;
    let (mut rp, mut ci, mut v) = (
        Vec::with_capacity(rows + 1),
        Vec::with_capacity(rows * 5),
        Vec::with_capacity(rows * 5),
    );
    for r in 0..rows {
        let (i, j) = ((r / g) as i64, (r % g) as i64);
        rp.push(ci.len() as u32);
        for (a, b) in [(i - 1, j), (i, j - 1), (i, j), (i, j + 1), (i + 1, j)] {
            if a >= 0 && a < g as i64 && b >= 0 && b < g as i64 {
                ci.push((a as usize * g + b as usize) as u32);
                v.push(if a == i && b == j { 4.0 } else { -1.0 });
            }
        }
    }
    rp.push(ci.len() as u32);
    (rp, ci, v)
}

/// peers.cu's power-law matrix: 2^22 rows, `len = min(20000, (int)(2 / u^0.7))`, `u` uniform
/// in [1e-6, 1), columns `g() % rows` sorted per row, mt19937 seeded 42.
fn power_law() -> (Vec<u32>, Vec<u32>, Vec<f32>) {
    let rows = 1_usize << 22;
    let mut g = Mt19937::new(42);
    let (mut rp, mut ci) = (Vec::with_capacity(rows + 1), Vec::new());
    for _ in 0..rows {
        let start = ci.len();
        rp.push(start as u32);
        let u = g.uniform(1e-6, 1.0);
        let len = ((2.0 / u.powf(0.7)) as i32).min(20000);
        for _ in 0..len {
            ci.push(g.next() % rows as u32);
        }
        ci[start..].sort_unstable();
    }
    rp.push(ci.len() as u32);
    let v = vec![1.0_f32; ci.len()];
    (rp, ci, v)
}

/// Median of 20 timed calls after 3 warm-ups, in ms.
fn median_ms(timer: &GpuTimer, f: &dyn Fn() -> parallaxis_device::Result<()>) -> f32 {
    for _ in 0..3 {
        f().unwrap();
    }
    let mut t: Vec<f32> = (0..20).map(|_| timer.time(f).unwrap().0).collect();
    t.sort_by(f32::total_cmp);
    t[10]
}

fn bench_one<S: SemiringKernel<f32>>(
    s: S,
    sname: &str,
    name: &str,
    m: &(Vec<u32>, Vec<u32>, Vec<f32>),
    timer: &GpuTimer,
) where
    Cuda: SpmvOps<f32, u32, S>,
{
    let (rp, ci, v) = m;
    let nrows = rp.len() - 1;
    let nnz = ci.len();
    let max_row = rp.windows(2).map(|w| w[1] - w[0]).max().unwrap_or(0);
    let a = CsrMatrix::<f32, u32, Cuda>::try_new(nrows, nrows, rp.clone(), ci.clone(), v.clone())
        .unwrap();
    let x = DeviceVector::<f32, Cuda>::from_slice(&vec![1.0; nrows]).unwrap();
    let mut y = DeviceVector::<f32, Cuda>::zeros(nrows).unwrap();
    let auto = csr_kernel(nrows as u64, nnz as u64, u64::from(max_row));
    let mut want = vec![0.0_f32; nrows];
    reference::spmv_csr(s, rp, ci, v, &vec![1.0; nrows], &mut want, false);
    let vectors = (0..=5).map(|lanes_log2| CsrKernel::Vector { lanes_log2 });
    for k in vectors.chain([CsrKernel::Merge]) {
        let yb: *mut _ = y.buffer_mut();
        let run = || {
            // SAFETY: `a` is validated; `yb` points at `y`, used by nothing else meanwhile.
            unsafe {
                parallaxis_device::spmv_csr_with_kernel(
                    s,
                    k,
                    a.row_ptr().buffer(),
                    a.col_idx().buffer(),
                    a.values().buffer(),
                    x.buffer(),
                    &mut *yb,
                    false,
                )
            }
        };
        let ms = median_ms(timer, &run);
        let got = y.to_vec().unwrap();
        let bad = got
            .iter()
            .zip(&want)
            .filter(|(g, w)| (**g - **w).abs() > 1e-3 * w.abs().max(1.0))
            .count();
        println!(
            "bench spmv_csr {sname} f32 {name} rows={nrows} nnz={nnz} mean={:.2} max={max_row} kernel={k:?}{} ms={ms:.4} GFLOPs={:.1} check={}",
            nnz as f64 / nrows as f64,
            if k == auto { " (auto)" } else { "" },
            2.0 * nnz as f64 / ms as f64 / 1e6,
            if bad == 0 { "ok".to_string() } else { format!("{bad} rows off") },
        );
        assert_eq!(bad, 0);
    }
}

#[test]
#[ignore = "timing on a GPU: cargo test --features cuda --release -- --ignored spmv_bench"]
fn spmv_bench() {
    require_gpu!();
    let dev = parallaxis_device::Device::default_device().unwrap();
    let timer = GpuTimer::new(dev).unwrap();
    let p = poisson(4096);
    bench_one(PlusTimes, "PlusTimes", "poisson2d_4096", &p, &timer);
    bench_one(MinPlus, "MinPlus", "poisson2d_4096", &p, &timer);
    drop(p);
    let q = power_law();
    bench_one(PlusTimes, "PlusTimes", "powerlaw_4M", &q, &timer);
    bench_one(MinPlus, "MinPlus", "powerlaw_4M", &q, &timer);
}
