//! What the stencil kernels share: boundary resolution of a coordinate, taps as inline
//! weights, and a lane's window of neighbouring runs.

use crate::params::stencil::StencilParams;
use crate::thread::lane;
use crate::warp::{shuffle_idx, shuffle_up};
use parallaxis_core::Semiring;

/// Coordinate `v` mapped into `0..n` (`n > 0`) as `Boundary::Wrap` does when `wrap`, else
/// clamped (`Boundary::Clamp`; for `Boundary::Zero` the value is never used).
///
/// Division-free: for a wrapped grid the launcher reduces every tap offset below the axis
/// length (`|off| < n`), so coordinates lie in `(-n, 2n)` and one add or subtract wraps them.
/// The final clamp keeps any other input inside the grid. (With `rem_euclid`, the kernels
/// called a 64-bit remainder routine, whose calling convention took the 1D kernel to 80
/// registers and the 2D and 3D ones to 96-118.)
#[inline(always)]
pub(super) fn resolve_axis(v: i64, n: u64, wrap: bool) -> u64 {
    let n = n as i64;
    let r = if v < 0 && wrap {
        v + n
    } else if v >= n && wrap {
        v - n
    } else {
        v
    };
    r.clamp(0, n - 1) as u64
}

/// [`resolve_axis`] in 32 bits (`0 < n < 2^31`, `-n < v < 2n` for `wrap`): 5 instructions
/// where the 64-bit form takes ~25, for the kernels that take grids of 32-bit extents only.
#[inline(always)]
pub(super) fn resolve32(v: i32, n: u32, wrap: bool) -> u32 {
    let n = n as i32;
    let r = if wrap && v < 0 {
        v + n
    } else if wrap && v >= n {
        v - n
    } else {
        v
    };
    r.clamp(0, n - 1) as u32
}

/// The first `K <= STENCIL_INLINE_TAPS` tap weights, read from the parameter block at
/// constant indices (a run-time index copies the whole block to local memory), for the
/// kernels that fold a fixed tap layout.
#[inline(always)]
pub(super) fn inline_weights<T: Copy, S: Semiring<T>, const K: usize>(
    p: &StencilParams<T, S>,
) -> [T; K] {
    let mut w = [p.s.zero(); K];
    // `k < K`: the bound only keeps the arms past `K` (never run) inside `w` for the compiler.
    unroll!(k in K; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15
                    16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31; {
        w[k.min(K - 1)] = p.inline[k].w;
    });
    w
}

/// A lane's window `west ++ run ++ east` (`W = C + 2H` values) around its run of `C`
/// consecutive values, for the kernels that fold it at compile-time indices.
#[inline(always)]
pub(super) fn window_of<T: Copy, const C: usize, const H: usize, const W: usize>(
    west: &[T; H],
    run: &[T; C],
    east: &[T; H],
) -> [T; W] {
    const {
        assert!(
            W == C + 2 * H,
            "a window is its run and H values on each side"
        )
    };
    core::array::from_fn(|k| {
        if k < H {
            west[k]
        } else if k < H + C {
            run[k - H]
        } else {
            east[k - H - C]
        }
    })
}

/// The `H` values on each side of a lane's run of `C` consecutive columns, in a warp whose
/// lanes hold consecutive runs: the last `H` of the lane on the left and the first `H` of the
/// lane on the right, by shuffles, except where the lane loaded them itself (`own`, taken
/// where `use_own` says: lane 0's left, lane 31's right, and whatever else the kernel
/// decides). Called by all 32 lanes together.
#[inline(always)]
pub(super) fn run_neighbours<T: Copy, const C: usize, const H: usize>(
    run: &[T; C],
    own: ([T; H], [T; H]),
    use_own: (bool, bool),
) -> ([T; H], [T; H]) {
    let l = lane();
    let (mut west, mut east) = own;
    for k in 0..H {
        let left = shuffle_up(run[C - H + k], 1);
        let right = shuffle_idx(run[k], l + 1);
        if !use_own.0 {
            west[k] = left;
        }
        if !use_own.1 {
            east[k] = right;
        }
    }
    (west, east)
}
