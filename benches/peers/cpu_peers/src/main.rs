//! CPU anchors: what a user would write by hand with std and rayon, timed on the same data.
//! Prints: cpu <case> n=<n> threads=<t> ms=<median> GBps=<effective>
//!
//! The program behind the CPU peer figures of docs/benchmarks.md; the one change is an
//! optional size cap, `cpu_peers [--max-log2 N]` (default 28: n = 2^20, 2^24, 2^26, 2^28).
use rayon::prelude::*;
use std::time::Instant;

fn median_ms(mut f: impl FnMut(), iters: usize) -> f64 {
    f();
    let mut v: Vec<f64> = (0..iters).map(|_| { let t = Instant::now(); f(); t.elapsed().as_secs_f64() * 1e3 }).collect();
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn naive_rayon_scan(x: &[f32], out: &mut [f32]) {
    let chunk = (x.len() / rayon::current_num_threads()).max(1 << 14);
    let sums: Vec<f32> = x.par_chunks(chunk).map(|c| c.iter().sum()).collect();
    let mut offs = Vec::with_capacity(sums.len());
    let mut acc = 0.0f32;
    for s in &sums { offs.push(acc); acc += s; }
    out.par_chunks_mut(chunk).zip(x.par_chunks(chunk)).zip(offs.par_iter()).for_each(|((o, i), &off)| {
        let mut a = off;
        for (oo, ii) in o.iter_mut().zip(i) { a += ii; *oo = a; }
    });
}

fn main() {
    let t = rayon::current_num_threads();
    let args: Vec<String> = std::env::args().collect();
    let max_log2: u32 = args
        .iter()
        .position(|a| a == "--max-log2")
        .and_then(|i| args.get(i + 1))
        .map_or(28, |v| v.parse().expect("--max-log2 takes a number"));
    for &n in [1usize << 20, 1 << 24, 1 << 26, 1 << 28].iter().filter(|&&n| n <= 1 << max_log2) {
        let x: Vec<f32> = (0..n).map(|i| (i % 7) as f32 * 0.5).collect();
        let y: Vec<f32> = (0..n).map(|i| (i % 5) as f32).collect();
        let mut out = vec![0f32; n];
        let it = if n >= 1 << 26 { 7 } else { 21 };
        let gb = |bytes: f64, ms: f64| bytes / ms / 1e6;
        let b = (n * 4) as f64;
        let ms = median_ms(|| out.copy_from_slice(&x), it);
        println!("cpu copy_seq n={n} threads=1 ms={ms:.3} GBps={:.1}", gb(2.0 * b, ms));
        let ms = median_ms(|| out.par_chunks_mut(1 << 16).zip(x.par_chunks(1 << 16)).for_each(|(o, i)| o.copy_from_slice(i)), it);
        println!("cpu copy_rayon n={n} threads={t} ms={ms:.3} GBps={:.1}", gb(2.0 * b, ms));
        let mut s = 0.0f32;
        let ms = median_ms(|| s = std::hint::black_box(&x).iter().sum::<f32>(), it);
        println!("cpu sum_seq n={n} threads=1 ms={ms:.3} GBps={:.1} (sum {s})", gb(b, ms));
        let ms = median_ms(|| s = std::hint::black_box(&x).par_iter().sum::<f32>(), it);
        println!("cpu sum_rayon_par_iter n={n} threads={t} ms={ms:.3} GBps={:.1}", gb(b, ms));
        let ms = median_ms(|| out.par_iter_mut().zip(x.par_iter().zip(y.par_iter())).for_each(|(o, (a, b))| *o = 2.0 * a + b), it);
        println!("cpu saxpy_rayon n={n} threads={t} ms={ms:.3} GBps={:.1}", gb(3.0 * b, ms));
        let ms = median_ms(|| { let mut a = 0f32; for (o, i) in out.iter_mut().zip(&x) { a += i; *o = a; } }, it);
        println!("cpu scan_seq n={n} threads=1 ms={ms:.3} GBps={:.1}", gb(2.0 * b, ms));
        let ms = median_ms(|| naive_rayon_scan(&x, &mut out), it);
        println!("cpu scan_rayon_naive_two_pass n={n} threads={t} ms={ms:.3} GBps={:.1}", gb(2.0 * b, ms));
    }
}
