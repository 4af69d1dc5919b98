//! Element-wise kernels: transform, transform2, tabulate and fill.
//!
//! Each block covers `BLOCK_THREADS * TRANSFORM_ITEMS` consecutive items per step, thread `t`
//! taking items `t, t + 256, t + 512, t + 768` (each load instruction of a warp reads 32
//! consecutive elements: fully coalesced), with all four loads issued before the first store
//! so they are in flight together. Larger inputs loop over the grid.

use crate::params::transform::{FillParams, TabulateParams, Transform2Params, TransformParams};
use crate::policy::common::BLOCK_THREADS;
use crate::policy::transform::TRANSFORM_ITEMS;
use crate::thread::{block_index, grid_blocks, thread_index};
use crate::tile::Gathered;
use parallaxis_core::{BinaryFunction, UnaryFunction};

const STEP: u64 = BLOCK_THREADS as u64;
const K: usize = TRANSFORM_ITEMS as usize;

/// Calls `body(first)` for this thread's first index of each grid-stride step.
#[inline(always)]
fn grid_stride(n: u64, mut body: impl FnMut(u64)) {
    let per_block = STEP * TRANSFORM_ITEMS;
    let stride = grid_blocks() * per_block;
    let mut first = block_index() * per_block + u64::from(thread_index());
    while first < n {
        body(first);
        first += stride;
    }
}

/// `y[i] = f(x[i])`.
///
/// PTX: `parallax_transform__<F>__<A>`.
///
/// # Safety
/// `x` readable and `y` writable for `n` elements; `y` does not overlap `x` unless equal.
#[inline(always)]
pub unsafe fn transform<A: Copy, F: UnaryFunction<A>>(p: TransformParams<A, F::Output, F>) {
    grid_stride(p.n, |first| {
        // SAFETY: indices below `n` (checked by `Gathered`), readable by the contract.
        let v = Gathered::<A, K>::new(first, STEP, p.n, |i| unsafe { p.x.add(i as usize).read() });
        // SAFETY: as above, writable; each index is written by exactly one thread.
        v.scatter(first, STEP, p.n, |i, a| unsafe {
            p.y.add(i as usize).write(p.f.apply(a))
        });
    });
}

/// `y[i] = f(a[i], b[i])`.
///
/// PTX: `parallax_transform2__<F>__<A>`.
///
/// # Safety
/// `a`, `b` readable and `y` writable for `n` elements.
#[inline(always)]
pub unsafe fn transform2<A: Copy, B: Copy, F: BinaryFunction<A, B>>(
    p: Transform2Params<A, B, F::Output, F>,
) {
    grid_stride(p.n, |first| {
        // SAFETY: indices below `n`, readable by the contract.
        let v = Gathered::<(A, B), K>::new(first, STEP, p.n, |i| unsafe {
            (p.a.add(i as usize).read(), p.b.add(i as usize).read())
        });
        // SAFETY: indices below `n`, writable, one writer per index.
        v.scatter(first, STEP, p.n, |i, (a, b)| unsafe {
            p.y.add(i as usize).write(p.f.apply(a, b))
        });
    });
}

/// `y[i] = f(i)`.
///
/// PTX: `parallax_tabulate__<F>__<T>`.
///
/// # Safety
/// `y` writable for `n` elements.
#[inline(always)]
pub(crate) unsafe fn tabulate<F: UnaryFunction<u64>>(p: TabulateParams<F::Output, F>) {
    grid_stride(p.n, |first| {
        for k in 0..TRANSFORM_ITEMS {
            let i = first + k * STEP;
            if i < p.n {
                // SAFETY: `i < n`, writable, one writer per index.
                unsafe { p.y.add(i as usize).write(p.f.apply(i)) };
            }
        }
    });
}

/// `y[e * period + w] = pattern[w]` for every element `e < count`.
///
/// PTX: `parallax_fill__Pattern__u32`, `parallax_fill__Pattern__u8`.
///
/// # Safety
/// `y` writable for `count * period` words, `pattern` readable for `period` words.
#[inline(always)]
pub(crate) unsafe fn fill<W: Copy>(p: FillParams<W>) {
    let period = p.period as usize;
    grid_stride(p.count, |first| {
        for k in 0..TRANSFORM_ITEMS {
            let e = first + k * STEP;
            if e < p.count {
                for w in 0..period {
                    // SAFETY: `e < count` and `w < period`: inside both ranges.
                    unsafe {
                        let v = p.pattern.add(w).read();
                        p.y.add(e as usize * period + w).write(v);
                    }
                }
            }
        }
    });
}
