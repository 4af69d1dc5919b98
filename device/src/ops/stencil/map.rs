//! Stencil map over a semiring on 1D, 2D and 3D row-major grids. Returns once the kernel is
//! queued (more than `STENCIL_INLINE_TAPS` taps go in a device buffer, whose free is ordered
//! after the kernel on the stream).

use super::special::Special;
use crate::kernel::stencil::StencilKernel;
use crate::launch::stencil as launch_stencil;
use crate::ops::prologue::{check, enter};
use crate::DeviceBuffer;
use crate::{Error, Result};
use parallaxis_core::{Boundary, DeviceCopy, Stencil};
use parallaxis_kernels::{
    params::stencil::StencilParams, params::stencil::StencilTap, params::stencil::BOUNDARY_CLAMP,
    params::stencil::BOUNDARY_WRAP, params::stencil::BOUNDARY_ZERO,
    params::stencil::STENCIL_INLINE_TAPS, policy::stencil::stencil_plan,
    policy::stencil::stencil_tiles,
};

/// `st`'s points padded to 3D (`[0, 0, dx]`, `[0, dy, dx]`), weights alongside.
fn taps_3d<T: DeviceCopy, const D: usize, const K: usize>(
    st: &Stencil<T, D, K>,
) -> Vec<StencilTap<T>> {
    st.offsets
        .iter()
        .zip(&st.weights)
        .map(|(o, &w)| {
            let mut off = [0_i32; 4];
            off[3 - D..3].copy_from_slice(o);
            StencilTap { off, w }
        })
        .collect()
}

/// Reduces each offset of a wrapped stencil below its axis length (`off % n`, keeping the
/// sign): the same neighbour on a periodic grid, and the kernels then wrap any coordinate
/// with one add or subtract instead of a 64-bit remainder.
fn wrap_offsets<T>(taps: &mut [StencilTap<T>], dims: [u64; 3]) {
    for t in taps {
        for (off, &n) in t.off.iter_mut().zip(&dims) {
            let n = i64::try_from(n).unwrap_or(i64::MAX);
            *off = (i64::from(*off) % n) as i32;
        }
    }
}

/// `true` when the kernels may stage grid rows as 16-byte chunks: `T`'s size divides 16,
/// the grid starts 16-byte aligned and, beyond 1D, every row is whole chunks (so each row
/// starts aligned too).
fn vector_rows<T: DeviceCopy>(x: &DeviceBuffer<T>, dims: [u64; 3], d: usize) -> bool {
    let size = core::mem::size_of::<T>() as u64;
    let fits = size > 0 && size < 16 && 16 % size == 0;
    let aligned = (x.as_ptr() as usize) % 16 == 0;
    fits && aligned && (d == 1 || (dims[2] * size) % 16 == 0)
}

/// Halo below and above each axis `[z, y, x]`.
fn halo<T>(taps: &[StencilTap<T>]) -> ([u32; 3], [u32; 3]) {
    let (mut lo, mut hi) = ([0_u32; 3], [0_u32; 3]);
    for t in taps {
        for axis in 0..3 {
            let d = t.off[axis];
            if d < 0 {
                lo[axis] = lo[axis].max(d.unsigned_abs());
            } else {
                hi[axis] = hi[axis].max(d as u32);
            }
        }
    }
    (lo, hi)
}

/// `y[p] = ⊕_k w[k] ⊗ x[resolve(p + offsets[k])]` at every point `p` of a row-major grid of
/// `shape` (last axis contiguous), folded in tap order from the semiring's zero; terms that
/// `Boundary::Zero` drops are skipped. Bitwise equal to `parallaxis_core::reference::stencil`.
///
/// # Errors
/// [`LengthMismatch`](Error::LengthMismatch) unless `x` and `y` hold the product of
/// `shape` elements; [`NoKernel`](Error::NoKernel) for `D` outside `1..=3`; buffers on
/// different devices. A fault of the kernel itself surfaces in the next call that waits for
/// the device.
pub fn stencil<T: DeviceCopy, S: StencilKernel<T>, const D: usize, const K: usize>(
    s: S,
    st: &Stencil<T, D, K>,
    boundary: Boundary,
    shape: [usize; D],
    x: &DeviceBuffer<T>,
    y: &mut DeviceBuffer<T>,
) -> Result<()> {
    if !(1..=3).contains(&D) {
        return Err(Error::NoKernel {
            name: format!("parallax_stencil_{D}d"),
        });
    }
    let n = shape.iter().try_fold(1_usize, |a, &d| a.checked_mul(d));
    let lengths = [
        (
            "stencil input (shape product)",
            n.unwrap_or(usize::MAX),
            x.len(),
        ),
        ("stencil output", x.len(), y.len()),
    ];
    check(&lengths, &[(x, y)])?;
    let Some(dev) = enter(x.device(), x.is_empty())? else {
        return Ok(());
    };
    let mut dims = [1_u64; 3];
    for (d, &s) in dims[3 - D..].iter_mut().zip(&shape) {
        *d = s as u64;
    }
    let mut taps = taps_3d(st);
    if boundary == Boundary::Wrap {
        wrap_offsets(&mut taps, dims);
    }
    let (mut lo, mut hi) = halo(&taps);
    let vector = vector_rows::<T>(x, dims, D);
    // Some exact layouts (dense 1D and 2D masks, the 3D star and box) have kernels of their
    // own.
    let y_aligned = (y.as_ptr() as usize) % 16 == 0;
    let special = Special::find::<T, S>(D, dims, &taps, vector, y_aligned);
    if let Some(kernel) = special {
        (lo, hi) = kernel.halo();
    } else if vector {
        // Staged rows start on a 16-byte chunk: widen the x halo to whole chunks.
        let chunk = (16 / core::mem::size_of::<T>()) as u32;
        (lo[2], hi[2]) = (lo[2].next_multiple_of(chunk), hi[2].next_multiple_of(chunk));
    }
    let (shared_taps, stages, shared, tiles) = match special {
        Some(kernel) => {
            let (stages, shared, tiles) = kernel.plan::<T>(dims);
            (0, stages, shared, tiles)
        }
        None => {
            let (shared_taps, stages, shared) = stencil_plan::<T>(D, K, lo, hi);
            (shared_taps, stages, shared, stencil_tiles(D, dims))
        }
    };
    // Up to STENCIL_INLINE_TAPS taps travel in the parameters; more need a device buffer,
    // which its drop frees only after the kernel has run.
    let zero = StencilTap {
        off: [0; 4],
        w: s.zero(),
    };
    let mut inline = [zero; STENCIL_INLINE_TAPS];
    let buffer = if K <= STENCIL_INLINE_TAPS {
        inline[..K].copy_from_slice(&taps);
        None
    } else {
        Some(DeviceBuffer::from_slice_on(dev, &taps)?)
    };
    let p = StencilParams {
        x: x.as_ptr(),
        y: y.as_mut_ptr(),
        taps: buffer.as_ref().map_or(core::ptr::null(), |b| b.as_ptr()),
        shape: dims,
        tiles,
        lo,
        hi,
        k: K as u32,
        boundary: match boundary {
            Boundary::Zero => BOUNDARY_ZERO,
            Boundary::Clamp => BOUNDARY_CLAMP,
            Boundary::Wrap => BOUNDARY_WRAP,
        },
        shared_taps,
        stages,
        vector: u32::from(vector),
        inline,
        s,
    };
    // SAFETY: `x`, `y` are live, distinct buffers of the grid's size on `dev`; the taps buffer
    // (when used) holds `K` taps; `shared`, `stages` and `tiles` come from the plan of `p`'s
    // halo, or for a special kernel (whose at most 27 taps travel inline, and which `find`
    // chose only for the alignment it needs) from its own `halo` and `plan`. Freeing any of
    // them is ordered after the kernel on the stream (`DeviceBuffer`'s drop), as is anything
    // else.
    unsafe {
        match special {
            Some(kernel) => kernel.launch::<T, S>(dev, shared, p),
            None => launch_stencil::stencil::<T, S>(dev, D, shared, p),
        }
    }?;
    drop(buffer);
    Ok(())
}
