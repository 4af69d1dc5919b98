//! The correlator, one entry point per register blocking.

use super::{XcorrParams, BLOCK, C32};
use crate::fast_math::fma;
use parallaxis_kernels::thread::{block_idx, thread_idx};

/// An `RI × RJ` block of `S` per thread.
///
/// # Safety
/// Launched by `host::xcorr`: block `(BLOCK, BLOCK)`, grid
/// `(ceil(n / (BLOCK·RJ)), ceil(n / (BLOCK·RI)), channels)`.
#[inline(always)]
unsafe fn correlate<const RI: usize, const RJ: usize>(p: &XcorrParams<'_>) {
    let (t, b) = (thread_idx(), block_idx());
    let (n, samples) = (p.stations as usize, p.samples as usize);
    let channel = b.z as usize;
    let bs = BLOCK as usize;
    if n == 0
        || channel >= p.channels as usize
        || (p.x.len() as usize) < p.channels as usize * samples * n
        || (p.s.len() as usize) < p.channels as usize * n * n
    {
        return;
    }
    let (i0, j0) = (b.y as usize * bs * RI, b.x as usize * bs * RJ);
    if j0 > i0 + bs * RI - 1 {
        return; // the whole block lies above the diagonal
    }
    let rows: [usize; RI] = core::array::from_fn(|r| i0 + t.y as usize + r * bs);
    let cols: [usize; RJ] = core::array::from_fn(|s| j0 + t.x as usize + s * bs);
    // Out-of-range stations read the last one (no branch in the loop) and are not written.
    let (ri, cj) = (rows.map(|i| i.min(n - 1)), cols.map(|j| j.min(n - 1)));
    let mut acc = [[C32::default(); RJ]; RI];
    let mut x = p.x.as_ptr().wrapping_add(channel * samples * n);
    for _ in 0..samples {
        // SAFETY: `x` points at sample `t < samples` of `channel < channels`, and
        // `ri`, `cj < n`: below `channels * samples * n <= x.len()`.
        let xi: [C32; RI] = ri.map(|i| unsafe { x.add(i).read() });
        // SAFETY: as above.
        let xj: [C32; RJ] = cj.map(|j| unsafe { x.add(j).read() });
        for (acc, a) in acc.iter_mut().zip(&xi) {
            for (acc, b) in acc.iter_mut().zip(&xj) {
                // a · conj(b): 4 multiply-adds, 8 flops.
                acc.re = fma(a.re, b.re, fma(a.im, b.im, acc.re));
                acc.im = fma(a.im, b.re, fma(-a.re, b.im, acc.im));
            }
        }
        x = x.wrapping_add(n);
    }
    let s = p.s.as_mut_ptr();
    for (acc, &i) in acc.iter().zip(&rows) {
        for (v, &j) in acc.iter().zip(&cols) {
            if i < n && j <= i {
                // SAFETY: `j <= i < n`, `channel < channels`: below `channels * n * n <=
                // s.len()`; each `(i, j)` belongs to one thread of one block; none reads `s`.
                unsafe { s.add((channel * n + i) * n + j).write(*v) };
            }
        }
    }
}

macro_rules! entry_points {
    ($($name:ident = ($ri:literal, $rj:literal)),*) => {$(
        /// # Safety
        /// As [`correlate`].
        #[unsafe(no_mangle)]
        pub unsafe extern "ptx-kernel" fn $name(p: XcorrParams<'_>) {
            // SAFETY: forwarded launch contract.
            unsafe { correlate::<$ri, $rj>(&p) }
        }
    )*};
}
entry_points!(xcorr_1x1 = (1, 1), xcorr_2x1 = (2, 1), xcorr_2x2 = (2, 2));
