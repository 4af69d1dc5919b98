//! The gather kernel, one entry point per coarsening factor.

use super::{CoulombParams, BLOCK_X, BLOCK_Y};
use crate::fast_math::{fma, rsqrt};
use parallaxis_kernels::thread::{block_idx, thread_idx};

/// `POINTS` points of row `j` per thread, at `i0 + c * BLOCK_X`.
///
/// # Safety
/// Launched by `host::coulomb`: block `(BLOCK_X, BLOCK_Y)`, grid covering `nx / POINTS` by
/// `ny` threads.
#[inline(always)]
unsafe fn gather<const POINTS: usize>(p: &CoulombParams<'_>) {
    let (t, b) = (thread_idx(), block_idx());
    let (nx, ny) = (p.nx as usize, p.ny as usize);
    if (p.potential.len() as usize) < nx * ny {
        return;
    }
    let j = (b.y * BLOCK_Y + t.y) as usize;
    if j >= ny {
        return;
    }
    let i0 = b.x as usize * BLOCK_X as usize * POINTS + t.x as usize;
    let gy = j as f32 * p.spacing;
    let gx: [f32; POINTS] =
        core::array::from_fn(|c| (i0 + c * BLOCK_X as usize) as f32 * p.spacing);
    let mut v = [0.0_f32; POINTS];
    let atoms = p.atoms.as_ptr();
    for k in 0..p.atoms.len() as usize {
        // SAFETY: `k < atoms.len()`; the buffer is readable for the launch (`In`).
        let a = unsafe { atoms.add(k).read() };
        let (dy, dz) = (gy - a.y, p.z - a.z);
        let dyz2 = fma(dy, dy, dz * dz);
        for c in 0..POINTS {
            let dx = gx[c] - a.x;
            v[c] = fma(a.q, rsqrt(fma(dx, dx, dyz2)), v[c]);
        }
    }
    for (c, v) in v.iter().enumerate() {
        let i = i0 + c * BLOCK_X as usize;
        if i < nx {
            // SAFETY: `i < nx`, `j < ny`: below `nx * ny <= potential.len()`; each point
            // belongs to exactly one thread, and no thread reads `potential`.
            unsafe { p.potential.as_mut_ptr().add(j * nx + i).write(*v) };
        }
    }
}

macro_rules! entry_points {
    ($($name:ident = $points:literal),*) => {$(
        /// # Safety
        /// As [`gather`].
        #[unsafe(no_mangle)]
        pub unsafe extern "ptx-kernel" fn $name(p: CoulombParams<'_>) {
            // SAFETY: forwarded launch contract.
            unsafe { gather::<$points>(&p) }
        }
    )*};
}
entry_points!(coulomb_1 = 1, coulomb_4 = 4, coulomb_8 = 8);
