//! What a user writes by hand with std and rayon (the peers of `benches/peers/cpu_peers`).

use rayon::prelude::*;

/// `z = a*x + y` with `par_iter`.
pub(crate) fn saxpy(a: f32, x: &[f32], y: &[f32], z: &mut [f32]) {
    z.par_iter_mut()
        .zip(x.par_iter().zip(y))
        .for_each(|(z, (x, y))| *z = a * x + y);
}

/// `par_iter().sum()`.
pub(crate) fn sum(x: &[f32]) -> f32 {
    x.par_iter().sum()
}

/// `par_iter().map(|v| v * v).sum()`.
pub(crate) fn sum_of_squares(x: &[f32]) -> f32 {
    x.par_iter().map(|v| v * v).sum()
}

/// The sum and the count in one `fold` / `reduce`, then their quotient.
pub(crate) fn mean(x: &[f32]) -> f32 {
    let (s, c) = x
        .par_iter()
        .fold(|| (0.0_f32, 0_u64), |(s, c), v| (s + v, c + 1))
        .reduce(|| (0.0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    s / c as f32
}

/// [`scan`] of `a[i] * b[i]`, the products computed in both passes (no temporary).
pub(crate) fn scan_of_products(a: &[f32], b: &[f32], out: &mut [f32]) {
    let chunk = (a.len() / rayon::current_num_threads()).max(1 << 14);
    let sums: Vec<f32> = a
        .par_chunks(chunk)
        .zip(b.par_chunks(chunk))
        .map(|(p, q)| p.iter().zip(q).map(|(u, v)| u * v).sum())
        .collect();
    let mut offs = Vec::with_capacity(sums.len());
    let mut acc = 0.0f32;
    for s in &sums {
        offs.push(acc);
        acc += s;
    }
    out.par_chunks_mut(chunk)
        .zip(a.par_chunks(chunk).zip(b.par_chunks(chunk)))
        .zip(offs.par_iter())
        .for_each(|((o, (p, q)), &off)| {
            let mut acc = off;
            for (oo, (u, v)) in o.iter_mut().zip(p.iter().zip(q)) {
                acc += u * v;
                *oo = acc;
            }
        });
}

/// The naive two-pass rayon scan of `benches/peers/cpu_peers` (the CPU scan peer): sum
/// each chunk in parallel, scan the chunk sums, then scan each chunk from its offset.
pub(crate) fn scan(x: &[f32], out: &mut [f32]) {
    let chunk = (x.len() / rayon::current_num_threads()).max(1 << 14);
    let sums: Vec<f32> = x.par_chunks(chunk).map(|c| c.iter().sum()).collect();
    let mut offs = Vec::with_capacity(sums.len());
    let mut acc = 0.0f32;
    for s in &sums {
        offs.push(acc);
        acc += s;
    }
    out.par_chunks_mut(chunk)
        .zip(x.par_chunks(chunk))
        .zip(offs.par_iter())
        .for_each(|((o, i), &off)| {
            let mut a = off;
            for (oo, ii) in o.iter_mut().zip(i) {
                a += ii;
                *oo = a;
            }
        });
}

/// Segmented scan by head flags: the sequential loop a user writes (a by-hand segmented
/// scan is rarely parallelised).
pub(crate) fn scan_by_flags(flags: &[bool], x: &[f32], y: &mut [f32]) {
    let mut acc = 0.0;
    for ((yi, xi), f) in y.iter_mut().zip(x).zip(flags) {
        acc = if *f { *xi } else { acc + xi };
        *yi = acc;
    }
}

/// Segmented scan by runs of equal keys, the sequential loop.
pub(crate) fn scan_by_keys(keys: &[u32], x: &[f32], y: &mut [f32]) {
    let (mut acc, mut prev) = (0.0, None);
    for ((yi, xi), k) in y.iter_mut().zip(x).zip(keys) {
        acc = if prev != Some(*k) { *xi } else { acc + xi };
        prev = Some(*k);
        *yi = acc;
    }
}

/// Segmented scan by offsets, the sequential loop over segments.
pub(crate) fn scan_by_offsets(offsets: &[usize], x: &[f32], y: &mut [f32]) {
    for w in offsets.windows(2) {
        let mut acc = 0.0;
        for (yi, xi) in y[w[0]..w[1]].iter_mut().zip(&x[w[0]..w[1]]) {
            acc += xi;
            *yi = acc;
        }
    }
}

/// One sum per segment, segments in parallel (`par_windows`).
pub(crate) fn segmented_reduce(offsets: &[usize], x: &[f32]) -> Vec<f32> {
    offsets
        .par_windows(2)
        .map(|w| x[w[0]..w[1]].iter().sum())
        .collect()
}

/// One `(key, sum)` per run of equal keys, the sequential loop.
pub(crate) fn reduce_by_key(keys: &[u32], x: &[f32]) -> (Vec<u32>, Vec<f32>) {
    let (mut ks, mut vs) = (Vec::new(), Vec::<f32>::new());
    for (&k, &v) in keys.iter().zip(x) {
        match (ks.last(), vs.last_mut()) {
            (Some(&last), Some(acc)) if last == k => *acc += v,
            _ => {
                ks.push(k);
                vs.push(v);
            }
        }
    }
    (ks, vs)
}

/// Row-parallel CSR SpMV (`par_iter` over rows).
pub(crate) fn spmv(row_ptr: &[u32], col: &[u32], val: &[f32], x: &[f32], y: &mut [f32]) {
    y.par_iter_mut().enumerate().for_each(|(r, yr)| {
        let (lo, hi) = (row_ptr[r] as usize, row_ptr[r + 1] as usize);
        *yr = (lo..hi).map(|k| val[k] * x[col[k] as usize]).sum();
    });
}

/// 1D convolution with zero boundary, parallel over output elements.
pub(crate) fn conv1d(mask: &[f32], x: &[f32], y: &mut [f32]) {
    let r = mask.len() / 2;
    y.par_iter_mut().enumerate().for_each(|(i, yi)| {
        let mut acc = 0.0;
        for (k, w) in mask.iter().enumerate() {
            if let Some(&v) = (i + k).checked_sub(r).and_then(|j| x.get(j)) {
                acc += w * v;
            }
        }
        *yi = acc;
    });
}
