//! The in-register Gauss-Jordan kernel, one entry point per elements-per-thread.

use super::{GaussJordanParams, PivotExchange, N};
use crate::fast_math::fma;
use parallaxis_kernels::thread::{block_idx, dynamic_shared, sync_threads, thread_idx};

/// Runs `$body` for each constant `$e` in `0..$count` (at most 16), unrolled in the source.
macro_rules! each_element {
    ($count:expr, |$e:ident| $body:expr) => {
        each_element!(@ $count, $e, $body, 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15)
    };
    (@ $count:expr, $e:ident, $body:expr, $($k:literal)*) => {
        $(
            if $k < $count {
                let $e: usize = $k;
                $body;
            }
        )*
    };
}

/// Inverts matrix `blockIdx.x` with `E` elements per thread.
///
/// # Safety
/// Launched by `host::invert`: `batch` blocks of `N * N / E` threads, and
/// `size_of::<PivotExchange>()` bytes of dynamic shared memory.
#[inline(always)]
unsafe fn invert<const E: usize>(p: &GaussJordanParams<'_>) {
    let threads = N * N / E;
    let row_stride = threads / N;
    let m = block_idx().x as usize;
    let t = thread_idx().x as usize;
    let size = p.batch as usize * N * N;
    // Uniform in the block: all threads return, or none does (before any barrier).
    if m >= p.batch as usize || (p.a.len() as usize) < size || (p.inv.len() as usize) < size {
        return;
    }
    // SAFETY: the launch provides a `PivotExchange` of dynamic shared memory (contract).
    let shared = unsafe { &mut *dynamic_shared::<PivotExchange>() };
    // The `%`s are no-ops (`t < threads = N · row_stride`) that bound `col < N` and
    // `row(e) <= row_stride - 1 + (E - 1) · row_stride = N - 1` for the compiler, which then
    // drops the pivot buffers' bounds checks.
    let (col, row0) = (t % N, (t / N) % row_stride);
    // The row of element `e`: affine in `e`, so with `e` constant the offsets are too.
    let row = |e: usize| row0 + e * row_stride;
    let base = m * N * N;
    let mut v = [0.0_f32; E];
    // Every loop over the elements is unrolled by `each_element!` (LLVM left `v` in local
    // memory at E = 16 when it unrolled the loops itself, after promoting arrays).
    each_element!(E, |e| {
        // SAFETY: `base + row * N + col < batch * N * N <= a.len()`.
        v[e] = unsafe { p.a.as_ptr().add(base + row(e) * N + col).read() };
    });
    for k in 0..N {
        let buf = k % 2;
        // Publish the pivot row and column as they stand before the step.
        each_element!(E, |e| {
            if row(e) == k {
                shared.row[buf][col] = v[e];
            }
        });
        if col == k {
            each_element!(E, |e| shared.col[buf][row(e)] = v[e]);
        }
        // SAFETY: no thread returns after the entry check: all reach every barrier. The
        // buffers alternate, so this step's writes cannot race the previous step's reads
        // (every thread finished those before arriving here).
        unsafe { sync_threads() };
        let inv_pivot = 1.0 / shared.row[buf][k];
        // The pivot row becomes `row / pivot`, the pivot column `-col / pivot` (`1 / pivot`
        // at the pivot), the rest `v - col · row / pivot`: with `s` the new pivot-row value
        // of this thread's column, every element is `s` on the pivot row and
        // `fma(-col, s, v or 0)` elsewhere.
        let on_pivot_col = col == k;
        let s = if on_pivot_col {
            inv_pivot
        } else {
            shared.row[buf][col] * inv_pivot
        };
        each_element!(E, |e| {
            let f = shared.col[buf][row(e)];
            let kept = if on_pivot_col { 0.0 } else { v[e] };
            let updated = fma(-f, s, kept);
            v[e] = if row(e) == k { s } else { updated };
        });
    }
    each_element!(E, |e| {
        // SAFETY: in bounds as the load; each element is written by one thread of one block,
        // and no thread reads `inv`.
        unsafe { p.inv.as_mut_ptr().add(base + row(e) * N + col).write(v[e]) };
    });
}

macro_rules! entry_points {
    ($($name:ident = $e:literal),*) => {$(
        /// # Safety
        /// As [`invert`].
        #[unsafe(no_mangle)]
        pub unsafe extern "ptx-kernel" fn $name(p: GaussJordanParams<'_>) {
            // SAFETY: forwarded launch contract.
            unsafe { invert::<$e>(&p) }
        }
    )*};
}
entry_points!(gj_1 = 1, gj_2 = 2, gj_4 = 4, gj_8 = 8, gj_16 = 16);
