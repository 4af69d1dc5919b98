//! Allocating front doors hand back outputs they wrote whole. On the GPU an allocating front
//! door takes its output from the memory pool without a memset (`Backend::for_overwrite`),
//! so an element its kernels skipped would keep whatever the pool held before. Each case
//! here first empties the pool (`Device::trim_memory`) and leaves a poison pattern in it (a
//! buffer of `POISON` words, dropped: the emptied pool's one free block, which the next
//! allocation of that size on the stream takes), checks that premise with an uninitialized
//! buffer of the output's size (it must read the poison, so the case can fail), then runs the
//! front door and compares it bit for bit with the `Rayon` backend, whose outputs start
//! zeroed. Which block a pool hands out is the driver's choice: where the premise does not
//! hold, that case prints a counted `SKIPPED` line saying so and is not checked (the H200's
//! driver has handed out another block), never a failure of the library. Every input
//! is an integer or an integer-valued float whose results are exact, so the two backends
//! agree bit for bit, and no result can equal the poison (`0x7F7F_7F7F`: 2 139 062 143 as
//! `i32`, 3.4e38 as `f32`).
//!
//! Sizes cross several tiles of every kernel and end ragged (`N` is odd); the segment and
//! row layouts include empty segments and rows, which the kernels must still write (the
//! identity, the semiring's zero). Every stencil kernel is covered (the 1D row kernel, the 2D
//! box, the 3D star and march kernels, and the general kernel in 1D, 2D and 3D), and
//! `segmented_reduce` with no elements; not its scan path for `n > u32::MAX` (16 GiB of
//! input).
#![cfg(feature = "cuda")]

use crate::common;

use common::{dv, host, pseudo_random};
use parallaxis::{
    ops::{Boundary, PlusTimes, SaxpyFunctor, Sequence, Square, Sum},
    sparse::CsrMatrix,
    Cuda, DeviceCopy, DeviceVector, Rayon,
};
use parallaxis_device::{Device, DeviceBuffer};
use std::mem::size_of;

type B = Cuda;

/// Elements of every 1D case: tens of scan tiles, not a multiple of any tile or warp.
const N: usize = 200_003;
/// The word left in the pool before each case.
const POISON: u32 = 0x7F7F_7F7F;

/// Whether freed memory goes back to a stream-ordered pool that hands it out again, which
/// every case relies on; where the driver has none, prints the counted `SKIPPED` line.
fn pooled() -> bool {
    let dev = Device::default_device().expect("the default device");
    if !dev.pooled_memory() {
        common::gpu::skip_with(
            "this driver has no stream-ordered memory pools, so no poisoned memory can be \
             handed to an output",
        );
    }
    dev.pooled_memory()
}

/// Leaves `POISON` in the pool memory that the next allocation of `bytes` gets, after
/// emptying the pool so that the poisoned block is the one free block; `false` (after the
/// counted `SKIPPED` line) when a fresh buffer of `bytes` still does not read the poison.
fn poison_pool(bytes: usize, what: &str) -> bool {
    let words = bytes.div_ceil(4);
    let dev = Device::default_device().expect("the default device");
    dev.trim_memory().expect("trim the pool");
    drop(DeviceVector::<u32, B>::filled(words, POISON).expect("poison buffer"));
    // SAFETY: read back only as `u32`, for which every bit pattern is valid.
    let probe = unsafe { DeviceBuffer::<u32>::uninit(words) }.expect("probe buffer");
    let seen = probe.to_vec().expect("probe read back");
    drop(probe);
    let poisoned = seen.iter().filter(|&&w| w == POISON).count();
    if poisoned != words {
        common::gpu::skip_with(&format!(
            "{what}: premise not met: a fresh buffer of {bytes} bytes got other memory than \
             the poisoned block ({poisoned} of {words} words poisoned), so this case was not \
             checked"
        ));
    }
    poisoned == words
}

/// Runs `gpu` (which allocates its output first) over a poisoned pool and compares its
/// output with `want`, bit for bit; skips the case (counted) where the pool cannot be
/// poisoned for it.
fn check<T: DeviceCopy + PartialEq + std::fmt::Debug>(
    what: &str,
    want: Vec<T>,
    gpu: impl FnOnce() -> parallaxis::Result<DeviceVector<T, B>>,
) {
    if !poison_pool(want.len() * size_of::<T>(), what) {
        return;
    }
    let got = gpu()
        .unwrap_or_else(|e| panic!("{what}: {e}"))
        .to_vec()
        .expect("read back");
    assert_eq!(got.len(), want.len(), "{what}: length");
    if let Some(i) = (0..want.len()).find(|&i| got[i] != want[i]) {
        panic!(
            "{what}: element {i} of {} is {:?}, want {:?}",
            want.len(),
            got[i],
            want[i]
        );
    }
}

/// `data` on the GPU and on `Rayon` (`common::dv`).
fn both<T: DeviceCopy>(data: &[T]) -> (DeviceVector<T, B>, DeviceVector<T, Rayon>) {
    (dv(data), dv(data))
}

/// The `Rayon` backend's result, downloaded: what the GPU must equal.
fn want<T: DeviceCopy>(v: parallaxis::Result<DeviceVector<T, Rayon>>) -> Vec<T> {
    host(&v.expect("the Rayon backend"))
}

/// [`check`] of a front door written once: `$call` reads its inputs through the names bound
/// to [`both`] pairs, the `Rayon` side for the reference and the GPU side for the run.
macro_rules! on_both {
    ($what:expr, [$($v:ident: $pair:expr),*], $call:expr) => {{
        let reference = {
            $(let $v = &$pair.1;)*
            want($call)
        };
        check($what, reference, || {
            $(let $v = &$pair.0;)*
            $call
        })
    }};
}

/// `n` small integers (0..8), as `i32`.
fn small_ints(n: usize, seed: u64) -> Vec<i32> {
    pseudo_random(n, seed)
        .iter()
        .map(|&r| (r % 8) as i32)
        .collect()
}

/// Offsets of segments of 0 to 40 elements (about one in five empty) over `n` elements.
fn offsets(n: usize, seed: u64) -> Vec<usize> {
    let mut o = vec![0];
    let mut r = pseudo_random(n, seed).into_iter();
    while *o.last().unwrap() < n {
        let len = match r.next().unwrap_or(1) % 5 {
            0 => 0,
            k => (k * 10) as usize,
        };
        o.push((o.last().unwrap() + len).min(n));
    }
    o
}

#[test]
fn elementwise_and_scans_write_every_element() {
    require_gpu!();
    let _alone = common::alone();
    if !pooled() {
        return;
    }
    let (xs, ys) = (both(&small_ints(N, 1)), both(&small_ints(N, 2)));
    on_both!("transform", [x: xs], parallaxis::transform(Square, x));
    let saxpy = SaxpyFunctor { a: 3 };
    on_both!("transform2", [x: xs, y: ys], parallaxis::transform2(saxpy, x, y));
    let seq = Sequence {
        start: 5_i32,
        step: 3,
    };
    on_both!("tabulate", [], parallaxis::tabulate(seq, N));
    check("filled", vec![9_i32; N], || {
        DeviceVector::<i32, B>::filled(N, 9)
    });
    on_both!("inclusive_scan", [x: xs], parallaxis::inclusive_scan(Sum, x));
    on_both!("exclusive_scan", [x: xs], parallaxis::exclusive_scan(Sum, 4, x));
    on_both!(
        "transform_inclusive_scan",
        [x: xs],
        parallaxis::transform_inclusive_scan(Square, Sum, x)
    );
    on_both!(
        "transform_exclusive_scan",
        [x: xs],
        parallaxis::transform_exclusive_scan(Square, Sum, 2, x)
    );
}

#[test]
fn segmented_forms_write_every_element_and_segment() {
    require_gpu!();
    let _alone = common::alone();
    if !pooled() {
        return;
    }
    let x = small_ints(N, 3);
    let o = offsets(N, 4);
    let flags: Vec<bool> = {
        let mut f = vec![false; N];
        for &s in &o[..o.len() - 1] {
            if s < N {
                f[s] = true;
            }
        }
        f
    };
    let keys: Vec<u32> = pseudo_random(N, 5)
        .iter()
        .scan(0_u32, |k, &r| {
            *k += u32::from(r % 40 == 0);
            Some(*k)
        })
        .collect();
    let (xs, os) = (both(&x), both(&o));
    let (fs, ks) = (both(&flags), both(&keys));
    on_both!(
        "inclusive_scan_by_flags",
        [f: fs, x: xs],
        parallaxis::inclusive_scan_by_flags(Sum, f, x)
    );
    on_both!(
        "exclusive_scan_by_flags",
        [f: fs, x: xs],
        parallaxis::exclusive_scan_by_flags(Sum, 1, f, x)
    );
    on_both!(
        "inclusive_scan_by_key",
        [k: ks, x: xs],
        parallaxis::inclusive_scan_by_key(Sum, k, x)
    );
    on_both!(
        "exclusive_scan_by_key",
        [k: ks, x: xs],
        parallaxis::exclusive_scan_by_key(Sum, 1, k, x)
    );
    on_both!(
        "inclusive_scan_by_offsets",
        [o: os, x: xs],
        parallaxis::inclusive_scan_by_offsets(Sum, o, x)
    );
    on_both!(
        "exclusive_scan_by_offsets",
        [o: os, x: xs],
        parallaxis::exclusive_scan_by_offsets(Sum, 1, o, x)
    );
    assert!(
        o.windows(2).any(|w| w[0] == w[1]),
        "the layout has empty segments"
    );
    on_both!(
        "segmented_reduce (empty segments: the gather)",
        [o: os, x: xs],
        parallaxis::segmented_reduce(Sum, o, x)
    );
    // No elements: every segment is empty and folds to the identity.
    let (zs, es) = (both(&[0_usize; 6]), both::<i32>(&[]));
    on_both!(
        "segmented_reduce (no elements)",
        [o: zs, x: es],
        parallaxis::segmented_reduce(Sum, o, x)
    );
    // No empty segment: the reduce-runs pass's folds are `y` already (one copy).
    // Segments of 37 and a shorter last one (`N` is not a multiple of 37).
    let whole: Vec<usize> = (0..N).step_by(37).chain([N]).collect();
    let ws = both(&whole);
    on_both!(
        "segmented_reduce (no empty segment: the copy)",
        [o: ws, x: xs],
        parallaxis::segmented_reduce(Sum, o, x)
    );
}

#[test]
fn stencil_and_spmv_write_every_point_and_row() {
    require_gpu!();
    let _alone = common::alone();
    if !pooled() {
        return;
    }
    // The 5 × 5 box kernel and the general kernel (a 3 × 3 mask), on a grid whose rows are
    // not whole 16-byte chunks (the edge march) and one whose rows are.
    for (rows, cols) in [(301, 517), (300, 512)] {
        let xs = both(&small_ints(rows * cols, 6));
        on_both!(
            &format!("convolve_2d 5x5 {rows}x{cols}"),
            [x: xs],
            parallaxis::convolve_2d([1_i32; 25], [5, 5], Boundary::Zero, [rows, cols], x)
        );
        on_both!(
            &format!("convolve_2d 3x3 {rows}x{cols}"),
            [x: xs],
            parallaxis::convolve_2d([2_i32; 9], [3, 3], Boundary::Clamp, [rows, cols], x)
        );
    }
    // Rows of 0 to 63 entries, about one in four empty, and a run of 5000 empty rows.
    let nrows = 60_001;
    let ncols = 7_919;
    let mut row_ptr = vec![0_u32];
    let mut col = Vec::new();
    let r = pseudo_random(nrows, 7);
    for (i, &ri) in r.iter().enumerate() {
        let len = if (20_000..25_000).contains(&i) || ri % 4 == 0 {
            0
        } else {
            (ri >> 8) % 64
        };
        for k in 0..len {
            col.push(((ri >> 16).wrapping_add(k * 131) % ncols as u64) as u32);
        }
        row_ptr.push(col.len() as u32);
    }
    let val: Vec<f32> = pseudo_random(col.len(), 8)
        .iter()
        .map(|&v| (v % 5) as f32)
        .collect();
    let x: Vec<f32> = pseudo_random(ncols, 9)
        .iter()
        .map(|&v| (v % 7) as f32)
        .collect();
    let ah = CsrMatrix::<f32, u32, Rayon>::try_new(
        nrows,
        ncols,
        row_ptr.clone(),
        col.clone(),
        val.clone(),
    )
    .unwrap();
    let ag = CsrMatrix::<f32, u32, B>::try_new(nrows, ncols, row_ptr, col, val).unwrap();
    let (xg, xh) = both(&x);
    let product = want(parallaxis::spmv(PlusTimes, &ah, &xh));
    check("spmv CSR", product.clone(), || {
        parallaxis::spmv(PlusTimes, &ag, &xg)
    });
    let (coo, ell, hyb) = (
        ag.to_coo().unwrap(),
        ag.to_ell().unwrap(),
        ag.to_hyb().unwrap(),
    );
    check("spmv COO", product.clone(), || {
        parallaxis::spmv(PlusTimes, &coo, &xg)
    });
    check("spmv ELL", product.clone(), || {
        parallaxis::spmv(PlusTimes, &ell, &xg)
    });
    check("spmv HYB", product, || {
        parallaxis::spmv(PlusTimes, &hyb, &xg)
    });
}

#[test]
fn stencils_in_1d_and_3d_write_every_point() {
    require_gpu!();
    let _alone = common::alone();
    if !pooled() {
        return;
    }
    // 1D: the 9-tap row kernel (rows of whole 16-byte runs) and the general kernel (an odd
    // length; and a 3-tap mask, which the row kernel does not take).
    let taps9: [i32; 9] = [1, 2, 3, 4, 5, 4, 3, 2, 1];
    for n in [N - 3, N] {
        let xs = both(&small_ints(n, 10));
        on_both!(
            &format!("convolve_1d 9 taps, {n}"),
            [x: xs],
            parallaxis::convolve_1d(taps9, Boundary::Zero, x)
        );
        on_both!(
            &format!("convolve_1d 3 taps, {n}"),
            [x: xs],
            parallaxis::convolve_1d([1, -2, 1], Boundary::Wrap, x)
        );
    }
    // 3D: on a grid whose rows are whole 16-byte runs the 7-point star takes its own kernel
    // and the 27-point box the march kernel; on one whose rows are not, both take the general
    // kernel.
    let star = parallaxis::star_3d([6_i32, -1, -1, -1, -1, -1, -1]);
    let weights: [i32; 27] = core::array::from_fn(|k| (k % 5) as i32);
    let box27 = parallaxis::mask_3d(weights, [3, 3, 3]).expect("a 3 x 3 x 3 mask");
    for shape in [[37, 41, 64], [37, 41, 63]] {
        let xs = both(&small_ints(shape.iter().product(), 11));
        for boundary in [Boundary::Zero, Boundary::Clamp] {
            on_both!(
                &format!("3D 7-point star {shape:?} {boundary:?}"),
                [x: xs],
                parallaxis::stencil_map(PlusTimes, &star, boundary, shape, x)
            );
            on_both!(
                &format!("3D 27-point box {shape:?} {boundary:?}"),
                [x: xs],
                parallaxis::stencil_map(PlusTimes, &box27, boundary, shape, x)
            );
        }
    }
}
