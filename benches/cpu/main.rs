//! CPU benchmark: parallaxis's rayon backend against the sequential reference and against what
//! a user writes by hand with rayon, for n = 2^16 … 2^26 (f32).
//!
//! ```text
//! cargo bench --bench cpu              # full table (a few minutes on 2 cores)
//! cargo bench --bench cpu -- --quick   # n = 2^16, 2^20, 2^24 only
//! cargo bench --bench cpu -- --max-log2 22   # sizes up to 2^22 only
//! cargo bench --bench cpu -- --min-log2 20 --only segmented   # one group of cases
//! ```
//!
//! GB/s is effective bandwidth: ideal bytes moved / time (transform: 2 reads + 1 write;
//! reduce: 1 read; scans: read + write, plus the flags; SpMV: values, column indices, row
//! pointers, x and y once; stencil: read + write).

mod hand_written;
mod histogram;
mod lazy;
mod select;
mod sort;
mod timing;

use parallaxis::{
    ops::{Boundary, PlusTimes, SaxpyFunctor, Sum},
    reference,
    sparse::CsrMatrix,
    DeviceVector, Rayon, Sequential,
};
use std::hint::black_box;
use timing::{median_time, Row};

type Rv<T> = DeviceVector<T, Rayon>;
type Sv<T> = DeviceVector<T, Sequential>;

/// Deterministic uniform values in [0, 1) (splitmix64).
fn uniform(n: usize, seed: u64) -> Vec<f64> {
    let mut g = parallaxis::ops::SplitMix64::new(seed);
    (0..n).map(|_| g.unit_f64()).collect()
}

/// CSR arrays of a generated matrix.
struct Csr {
    row_ptr: Vec<u32>,
    col: Vec<u32>,
    val: Vec<f32>,
}

/// The 2D 5-point Poisson matrix on a `g x g` grid (regular rows).
fn poisson(g: usize) -> Csr {
    let (mut row_ptr, mut col, mut val) = (vec![0_u32], vec![], vec![]);
    for r in 0..g * g {
        let (i, j) = ((r / g) as i64, (r % g) as i64);
        for (di, dj, w) in [
            (-1, 0, -1.0),
            (0, -1, -1.0),
            (0, 0, 4.0),
            (0, 1, -1.0),
            (1, 0, -1.0),
        ] {
            let (a, b) = (i + di, j + dj);
            if (0..g as i64).contains(&a) && (0..g as i64).contains(&b) {
                col.push((a * g as i64 + b) as u32);
                val.push(w);
            }
        }
        row_ptr.push(col.len() as u32);
    }
    Csr { row_ptr, col, val }
}

/// Power-law row lengths as in `benches/peers/peers.cu`: `min(20000, 2 / u^0.7)`.
fn power_law(rows: usize) -> Csr {
    let u = uniform(rows, 42);
    let (mut row_ptr, mut col, mut val) = (vec![0_u32], vec![], vec![]);
    for (r, &ur) in u.iter().enumerate() {
        let len = (2.0 / ur.max(1e-6).powf(0.7)).min(20_000.0) as usize;
        let cols = uniform(len, r as u64);
        let start = col.len();
        col.extend(cols.iter().map(|c| (c * rows as f64) as u32));
        col[start..].sort_unstable();
        val.extend(std::iter::repeat_n(1.0_f32, len));
        row_ptr.push(col.len() as u32);
    }
    Csr { row_ptr, col, val }
}

fn bench_elementwise(n: usize, x: &[f32], y: &[f32]) {
    let (rx, ry) = (Rv::from_slice(x).unwrap(), Rv::from_slice(y).unwrap());
    let (sx, sy) = (Sv::from_slice(x).unwrap(), Sv::from_slice(y).unwrap());
    let f = SaxpyFunctor { a: 2.0_f32 };
    let mut rz = Rv::<f32>::zeros(n).unwrap();
    let mut sz = Sv::<f32>::zeros(n).unwrap();
    let mut z = vec![0.0_f32; n];
    Row {
        case: "saxpy (transform2)",
        n,
        bytes: 12 * n,
        ours: median_time(|| {
            parallaxis::transform2_into(f, &rx, &ry, &mut rz).unwrap();
            black_box(&mut rz);
        }),
        sequential: median_time(|| {
            parallaxis::transform2_into(f, &sx, &sy, &mut sz).unwrap();
            black_box(&mut sz);
        }),
        hand_rayon: median_time(|| {
            hand_written::saxpy(2.0, x, y, &mut z);
            black_box(&mut z);
        }),
    }
    .print();
    Row {
        case: "reduce f32 sum",
        n,
        bytes: 4 * n,
        ours: median_time(|| {
            black_box(parallaxis::reduce(Sum, &rx).unwrap());
        }),
        sequential: median_time(|| {
            black_box(parallaxis::reduce(Sum, &sx).unwrap());
        }),
        hand_rayon: median_time(|| {
            black_box(hand_written::sum(x));
        }),
    }
    .print();
}

fn bench_scans(n: usize, x: &[f32]) {
    let (rx, sx) = (Rv::from_slice(x).unwrap(), Sv::from_slice(x).unwrap());
    let mut ry = Rv::<f32>::zeros(n).unwrap();
    let mut sy = Sv::<f32>::zeros(n).unwrap();
    let mut out = vec![0.0_f32; n];
    Row {
        case: "inclusive scan f32",
        n,
        bytes: 8 * n,
        ours: median_time(|| {
            parallaxis::inclusive_scan_into(Sum, &rx, &mut ry).unwrap();
            black_box(&mut ry);
        }),
        sequential: median_time(|| {
            parallaxis::inclusive_scan_into(Sum, &sx, &mut sy).unwrap();
            black_box(&mut sy);
        }),
        hand_rayon: median_time(|| {
            hand_written::scan(x, &mut out);
            black_box(&mut out);
        }),
    }
    .print();
}

/// The segmented cases: segments of 1000 elements, as the peers', given as flags, u32
/// keys (`i / 1000`) and offsets. The scans write into a reused output like the peers (and
/// like the plain scan's row); one row times the allocating form, whose fresh output can
/// cost more than the scan (page faults on first touch).
fn bench_segmented(n: usize, x: &[f32]) {
    const L: usize = 1000;
    let (rx, sx) = (Rv::from_slice(x).unwrap(), Sv::from_slice(x).unwrap());
    let mut out = vec![0.0_f32; n];
    let flags: Vec<bool> = (0..n).map(|i| i % L == 0).collect();
    let (rf, sf) = (
        Rv::from_slice(&flags).unwrap(),
        Sv::from_slice(&flags).unwrap(),
    );
    let mut ry = Rv::<f32>::zeros(n).unwrap();
    let mut sy = Sv::<f32>::zeros(n).unwrap();
    Row {
        case: "segmented scan (flags)",
        n,
        bytes: 9 * n,
        ours: median_time(|| {
            parallaxis::inclusive_scan_by_flags_into(Sum, &rf, &rx, &mut ry).unwrap();
            black_box(&mut ry);
        }),
        sequential: median_time(|| {
            parallaxis::inclusive_scan_by_flags_into(Sum, &sf, &sx, &mut sy).unwrap();
            black_box(&mut sy);
        }),
        hand_rayon: median_time(|| {
            hand_written::scan_by_flags(&flags, x, &mut out);
            black_box(&mut out);
        }),
    }
    .print();
    // The allocating form: the same scan plus a fresh output per call.
    Row {
        case: "seg. scan (flags) alloc",
        n,
        bytes: 9 * n,
        ours: median_time(|| {
            black_box(parallaxis::inclusive_scan_by_flags(Sum, &rf, &rx).unwrap());
        }),
        sequential: median_time(|| {
            black_box(parallaxis::inclusive_scan_by_flags(Sum, &sf, &sx).unwrap());
        }),
        hand_rayon: median_time(|| {
            hand_written::scan_by_flags(&flags, x, &mut out);
            black_box(&mut out);
        }),
    }
    .print();
    drop((rf, sf, flags));
    let keys: Vec<u32> = (0..n).map(|i| (i / L) as u32).collect();
    let (rk, sk) = (
        Rv::from_slice(&keys).unwrap(),
        Sv::from_slice(&keys).unwrap(),
    );
    Row {
        case: "segmented scan (keys)",
        n,
        bytes: 12 * n,
        ours: median_time(|| {
            parallaxis::inclusive_scan_by_key_into(Sum, &rk, &rx, &mut ry).unwrap();
            black_box(&mut ry);
        }),
        sequential: median_time(|| {
            parallaxis::inclusive_scan_by_key_into(Sum, &sk, &sx, &mut sy).unwrap();
            black_box(&mut sy);
        }),
        hand_rayon: median_time(|| {
            hand_written::scan_by_keys(&keys, x, &mut out);
            black_box(&mut out);
        }),
    }
    .print();
    Row {
        case: "reduce_by_key",
        n,
        bytes: 8 * n,
        ours: median_time(|| {
            black_box(parallaxis::reduce_by_key(Sum, &rk, &rx).unwrap());
        }),
        sequential: median_time(|| {
            black_box(parallaxis::reduce_by_key(Sum, &sk, &sx).unwrap());
        }),
        hand_rayon: median_time(|| {
            black_box(hand_written::reduce_by_key(&keys, x));
        }),
    }
    .print();
    drop((rk, sk, keys));
    let offsets: Vec<usize> = (0..n.div_ceil(L)).map(|s| s * L).chain([n]).collect();
    let (ro, so) = (
        Rv::from_slice(&offsets).unwrap(),
        Sv::from_slice(&offsets).unwrap(),
    );
    Row {
        case: "segmented scan (offsets)",
        n,
        bytes: 8 * n + 8 * offsets.len(),
        ours: median_time(|| {
            parallaxis::inclusive_scan_by_offsets_into(Sum, &ro, &rx, &mut ry).unwrap();
            black_box(&mut ry);
        }),
        sequential: median_time(|| {
            parallaxis::inclusive_scan_by_offsets_into(Sum, &so, &sx, &mut sy).unwrap();
            black_box(&mut sy);
        }),
        hand_rayon: median_time(|| {
            hand_written::scan_by_offsets(&offsets, x, &mut out);
            black_box(&mut out);
        }),
    }
    .print();
    Row {
        case: "segmented_reduce",
        n,
        bytes: 4 * n + 8 * offsets.len(),
        ours: median_time(|| {
            black_box(parallaxis::segmented_reduce(Sum, &ro, &rx).unwrap());
        }),
        sequential: median_time(|| {
            black_box(parallaxis::segmented_reduce(Sum, &so, &sx).unwrap());
        }),
        hand_rayon: median_time(|| {
            black_box(hand_written::segmented_reduce(&offsets, x));
        }),
    }
    .print();
}

fn bench_spmv(case: &'static str, n: usize, a: &Csr) {
    let rows = a.row_ptr.len() - 1;
    let x = vec![1.0_f32; rows];
    let build = |b: &Csr| (b.row_ptr.clone(), b.col.clone(), b.val.clone());
    let (p, c, v) = build(a);
    let ra = CsrMatrix::<f32, u32, Rayon>::try_new(rows, rows, p, c, v).unwrap();
    let (p, c, v) = build(a);
    let sa = CsrMatrix::<f32, u32, Sequential>::try_new(rows, rows, p, c, v).unwrap();
    let (rx, sx) = (Rv::from_slice(&x).unwrap(), Sv::from_slice(&x).unwrap());
    let mut ry = Rv::<f32>::zeros(rows).unwrap();
    let mut sy = Sv::<f32>::zeros(rows).unwrap();
    let mut y = vec![0.0_f32; rows];
    let nnz = a.col.len();
    Row {
        case,
        n,
        bytes: 8 * nnz + 4 * (rows + 1) + 8 * rows,
        ours: median_time(|| {
            parallaxis::spmv_into(PlusTimes, &ra, &rx, &mut ry, false).unwrap();
            black_box(&mut ry);
        }),
        sequential: median_time(|| {
            parallaxis::spmv_into(PlusTimes, &sa, &sx, &mut sy, false).unwrap()
        }),
        hand_rayon: median_time(|| {
            hand_written::spmv(&a.row_ptr, &a.col, &a.val, &x, &mut y);
            black_box(&mut y);
        }),
    }
    .print();
}

fn bench_stencil(n: usize, x: &[f32]) {
    let mask = [0.05_f32, 0.1, 0.1, 0.15, 0.2, 0.15, 0.1, 0.1, 0.05];
    let (rx, sx) = (Rv::from_slice(x).unwrap(), Sv::from_slice(x).unwrap());
    let mut out = vec![0.0_f32; n];
    Row {
        case: "convolve_1d 9 taps",
        n,
        bytes: 8 * n,
        ours: median_time(|| {
            black_box(parallaxis::convolve_1d(mask, Boundary::Zero, &rx).unwrap());
        }),
        sequential: median_time(|| {
            black_box(parallaxis::convolve_1d(mask, Boundary::Zero, &sx).unwrap());
        }),
        hand_rayon: median_time(|| {
            hand_written::conv1d(&mask, x, &mut out);
            black_box(&mut out);
        }),
    }
    .print();
}

/// The value of option `name` (`--name VALUE`), parsed, or `default`.
fn option<T: std::str::FromStr>(args: &[String], name: &str, default: T) -> T {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .map_or(default, |v| {
            v.parse()
                .unwrap_or_else(|_| panic!("{name} takes a number"))
        })
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let quick = args.iter().any(|a| a == "--quick");
    // `--min-log2 N` / `--max-log2 N`: sizes from / up to 2^N only (to fit a time budget).
    let min_log2: u32 = option(&args, "--min-log2", 16);
    let max_log2: u32 = option(&args, "--max-log2", 26);
    // `--only GROUP`: one group of cases (elementwise, scan, lazy, segmented, stencil,
    // histogram, select, sort, spmv).
    let only = args
        .iter()
        .position(|a| a == "--only")
        .and_then(|i| args.get(i + 1))
        .cloned();
    let run = |group: &str| only.as_deref().is_none_or(|o| o == group);
    let exps: Vec<u32> = if quick {
        vec![16, 20, 24]
    } else {
        (16..=26).step_by(2).collect()
    };
    let exps: Vec<u32> = exps
        .into_iter()
        .filter(|&e| (min_log2..=max_log2).contains(&e))
        .collect();
    println!("parallaxis CPU benchmark on {}", timing::machine());
    println!(
        "ratios: peer time / parallaxis time (> 1: parallaxis faster); seq = parallaxis Sequential\n"
    );
    timing::print_header();
    for e in exps {
        let n = 1_usize << e;
        let x: Vec<f32> = uniform(n, 1).iter().map(|&u| u as f32).collect();
        let y: Vec<f32> = uniform(n, 2).iter().map(|&u| u as f32).collect();
        if run("elementwise") {
            bench_elementwise(n, &x, &y);
        }
        if run("scan") {
            bench_scans(n, &x);
        }
        if run("lazy") {
            lazy::bench_lazy(n, &x, &y);
        }
        if run("segmented") {
            bench_segmented(n, &x);
        }
        if run("stencil") {
            bench_stencil(n, &x);
        }
        if run("histogram") {
            histogram::bench_histogram(n, &x);
        }
        if run("select") {
            select::bench_select(n, &x);
        }
        if run("sort") {
            sort::bench_sort(n);
            sort::bench_top_k(n);
            sort::bench_top_k_segmented(n);
        }
        if run("spmv") {
            // SpMV with about n non-zeros: Poisson (5 per row) and power-law (~6.7 per row).
            let g = ((n / 5) as f64).sqrt() as usize;
            bench_spmv("spmv CSR Poisson 2D", n, &poisson(g));
            bench_spmv("spmv CSR power-law", n, &power_law(n / 7));
        }
    }
    // Keep the reference reachable from the bench so a change to its signature is noticed.
    let _ = reference::reduce::<f32, Sum>;
}
