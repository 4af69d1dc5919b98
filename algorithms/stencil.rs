//! Stencil maps in 1D, 2D and 3D, and dense convolution masks in 1D and 2D. The input grid:
//! a vector, view or lazy sequence (written out once first; see [`Readable`](crate::lazy::Readable)).

use crate::backend::TOKEN;
use crate::check::{lengths_agree, same_len};
use crate::{backend::StencilOps, DeviceVector, Error, Result};
use crate::{lazy::Readable, view::Output};
use parallaxis_core::{Boundary, DeviceCopy, Number, PlusTimes, Semiring, Stencil};

/// The number of grid points of `shape`, or `InvalidStencil` when it overflows or the grid
/// has no axis: a 0-dimensional stencil has no point to apply it at, and its one "output"
/// would be the semiring's zero that no backend computed (uninitialised memory on CUDA).
fn grid_len<const D: usize>(shape: [usize; D]) -> Result<usize> {
    if D == 0 {
        return Err(Error::InvalidStencil {
            reason: "a stencil needs at least one dimension (D = 0)",
        });
    }
    parallaxis_core::grid_len(shape).ok_or(Error::InvalidStencil {
        reason: "grid size overflows usize",
    })
}

/// `y[p] = ⊕_k w[k] ⊗ x[p + o[k]]` at every point `p` of a row-major grid of `shape`
/// (last axis contiguous), with `boundary` deciding what out-of-grid neighbours read.
///
/// # Errors
/// [`Error::LengthMismatch`] when `x.len()` is not the product of `shape`;
/// [`Error::InvalidStencil`] when that product overflows or the stencil is 0-dimensional
/// (`D = 0`).
///
/// ```
/// use parallaxis::{DeviceVector, ops::{Boundary, PlusTimes, Stencil}};
/// let lap = Stencil::new([[-1], [0], [1]], [1.0_f32, -2.0, 1.0]);
/// let x = DeviceVector::<f32>::from_slice(&[0.0, 1.0, 4.0, 9.0])?;
/// let y = parallaxis::stencil_map(PlusTimes, &lap, Boundary::Clamp, [4], &x)?;
/// assert_eq!(y.to_vec()?, [1.0, 2.0, 2.0, -5.0]); // clamped: 4 - 18 + 9
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn stencil_map<T, S, B, const D: usize, const K: usize>(
    s: S,
    stencil: &Stencil<T, D, K>,
    boundary: Boundary,
    shape: [usize; D],
    x: &impl Readable<T, B>,
) -> Result<DeviceVector<T, B>>
where
    T: DeviceCopy,
    S: Semiring<T>,
    B: StencilOps<T, S, D, K>,
{
    let n = grid_len(shape)?;
    lengths_agree("stencil input (shape product)", n, x.len())?;
    // SAFETY: the algorithm below writes every element; on an error `y` is dropped unread.
    let mut y = unsafe { DeviceVector::<T, B>::for_overwrite(n) }?;
    x.with_stored(|x| B::stencil(s, stencil, boundary, shape, x, y.buffer_out(TOKEN)))?;
    Ok(y)
}

/// [`stencil_map`] into an existing vector (which may not alias `x`).
///
/// # Errors
/// As [`stencil_map`], and [`Error::LengthMismatch`] when `y.len() != x.len()`.
///
/// ```
/// use parallaxis::{DeviceVector, ops::{Boundary, PlusTimes, Stencil}};
/// let shift = Stencil::new([[1]], [1_i32]);
/// let x = DeviceVector::<i32>::from_slice(&[1, 2, 3])?;
/// let mut y = DeviceVector::zeros(3)?;
/// parallaxis::stencil_map_into(PlusTimes, &shift, Boundary::Wrap, [3], &x, &mut y)?;
/// assert_eq!(y.to_vec()?, [2, 3, 1]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn stencil_map_into<T, S, B, const D: usize, const K: usize>(
    s: S,
    stencil: &Stencil<T, D, K>,
    boundary: Boundary,
    shape: [usize; D],
    x: &impl Readable<T, B>,
    y: &mut impl Output<T, B>,
) -> Result<()>
where
    T: DeviceCopy,
    S: Semiring<T>,
    B: StencilOps<T, S, D, K>,
{
    let n = grid_len(shape)?;
    lengths_agree("stencil input (shape product)", n, x.len())?;
    same_len("stencil output", n, y)?;
    x.with_stored(|x| B::stencil(s, stencil, boundary, shape, x, y.buffer_out(TOKEN)))
}

/// The dense 1D mask `mask` centred on each point, as a stencil (odd `K`).
///
/// # Errors
/// [`Error::InvalidStencil`] when `K` is even (the mask has no centre).
///
/// ```
/// let s = parallaxis::mask_1d([1.0_f32, 2.0, 1.0])?;
/// assert_eq!(s.offsets, [[-1], [0], [1]]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn mask_1d<T: Copy, const K: usize>(mask: [T; K]) -> Result<Stencil<T, 1, K>> {
    if K % 2 == 0 {
        return Err(Error::InvalidStencil {
            reason: "a 1D mask needs an odd number of taps",
        });
    }
    let r = (K / 2) as i32;
    Ok(Stencil::new(core::array::from_fn(|k| [k as i32 - r]), mask))
}

/// The dense 2D mask of `mask_shape = [height, width]` (row-major, `K = height * width`,
/// both odd), centred on each point, as a stencil.
///
/// # Errors
/// [`Error::InvalidStencil`] when a side is even or `height * width != K`.
///
/// ```
/// let s = parallaxis::mask_2d([1_i32; 9], [3, 3])?;
/// assert_eq!(s.offsets[0], [-1, -1]);
/// assert_eq!(s.offsets[5], [0, 1]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn mask_2d<T: Copy, const K: usize>(
    mask: [T; K],
    mask_shape: [usize; 2],
) -> Result<Stencil<T, 2, K>> {
    let [h, w] = mask_shape;
    if h % 2 == 0 || w % 2 == 0 {
        return Err(Error::InvalidStencil {
            reason: "a 2D mask needs odd height and width",
        });
    }
    if h.checked_mul(w) != Some(K) {
        return Err(Error::InvalidStencil {
            reason: "mask height * width must equal its length",
        });
    }
    let (rh, rw) = ((h / 2) as i32, (w / 2) as i32);
    let offsets = core::array::from_fn(|k| [(k / w) as i32 - rh, (k % w) as i32 - rw]);
    Ok(Stencil::new(offsets, mask))
}

/// The dense 3D mask of `mask_shape = [depth, height, width]` (row-major, `K` their product,
/// all odd), centred on each point, as a stencil. With sides of 3 (the 27-point box) the CUDA
/// backend runs it with its z-marching kernel.
///
/// # Errors
/// [`Error::InvalidStencil`] when a side is even or `depth * height * width != K`.
///
/// ```
/// let s = parallaxis::mask_3d([1_i32; 27], [3, 3, 3])?;
/// assert_eq!(s.offsets[0], [-1, -1, -1]);
/// assert_eq!(s.offsets[14], [0, 0, 1]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn mask_3d<T: Copy, const K: usize>(
    mask: [T; K],
    mask_shape: [usize; 3],
) -> Result<Stencil<T, 3, K>> {
    let [d, h, w] = mask_shape;
    if d % 2 == 0 || h % 2 == 0 || w % 2 == 0 {
        return Err(Error::InvalidStencil {
            reason: "a 3D mask needs odd depth, height and width",
        });
    }
    if d.checked_mul(h).and_then(|dh| dh.checked_mul(w)) != Some(K) {
        return Err(Error::InvalidStencil {
            reason: "mask depth * height * width must equal its length",
        });
    }
    let r = [d / 2, h / 2, w / 2].map(|v| v as i32);
    let offsets = core::array::from_fn(|k| {
        [
            (k / (h * w)) as i32 - r[0],
            (k / w % h) as i32 - r[1],
            (k % w) as i32 - r[2],
        ]
    });
    Ok(Stencil::new(offsets, mask))
}

/// The 3D 7-point star: `weights` for the centre, then the neighbours at `z - 1, z + 1,
/// y - 1, y + 1, x - 1, x + 1` (the discrete Laplacian is `[-6, 1, 1, 1, 1, 1, 1]`). The CUDA
/// backend runs this tap order with its z-marching kernel; the same taps in another order
/// give the same map (up to float rounding) through the general kernel.
///
/// ```
/// use parallaxis::{DeviceVector, ops::{Boundary, PlusTimes}};
/// let lap = parallaxis::star_3d([-6.0_f32, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]);
/// assert_eq!(lap.offsets[1], [-1, 0, 0]);
/// let x = DeviceVector::<f32>::from_slice(&[1.0; 27])?;
/// let y = parallaxis::stencil_map(PlusTimes, &lap, Boundary::Clamp, [3, 3, 3], &x)?;
/// assert_eq!(y.to_vec()?, [0.0; 27]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn star_3d<T: Copy>(weights: [T; 7]) -> Stencil<T, 3, 7> {
    Stencil::new(parallaxis_core::STAR_3D_OFFSETS, weights)
}

/// 1D convolution with a dense odd-length mask: `y[i] = Σ_k mask[k]·x[i + k - K/2]`.
/// This is cross-correlation, the convention of cuDNN and PyTorch; flip the mask for the
/// signal-processing convolution.
///
/// # Errors
/// [`Error::InvalidStencil`] for an even mask.
///
/// ```
/// use parallaxis::{ops::Boundary, DeviceVector};
/// let x = DeviceVector::<f64>::from_slice(&[1.0, 2.0, 3.0])?;
/// let y = parallaxis::convolve_1d([0.25, 0.5, 0.25], Boundary::Zero, &x)?;
/// assert_eq!(y.to_vec()?, [1.0, 2.0, 2.0]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn convolve_1d<T, B, const K: usize>(
    mask: [T; K],
    boundary: Boundary,
    x: &impl Readable<T, B>,
) -> Result<DeviceVector<T, B>>
where
    T: Number,
    B: StencilOps<T, PlusTimes, 1, K>,
{
    stencil_map(PlusTimes, &mask_1d(mask)?, boundary, [x.len()], x)
}

/// 2D convolution (cross-correlation, as cuDNN) of a `shape = [rows, cols]` image with a
/// dense `mask_shape = [height, width]` mask.
///
/// # Errors
/// [`Error::InvalidStencil`] for a bad mask; [`Error::LengthMismatch`] when `x.len()` is not
/// `rows * cols`.
///
/// ```
/// use parallaxis::{ops::Boundary, DeviceVector};
/// let x = DeviceVector::<i32>::from_slice(&[1, 2, 3, 4])?; // [[1, 2], [3, 4]]
/// let y = parallaxis::convolve_2d([1; 9], [3, 3], Boundary::Zero, [2, 2], &x)?;
/// assert_eq!(y.to_vec()?, [10, 10, 10, 10]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn convolve_2d<T, B, const K: usize>(
    mask: [T; K],
    mask_shape: [usize; 2],
    boundary: Boundary,
    shape: [usize; 2],
    x: &impl Readable<T, B>,
) -> Result<DeviceVector<T, B>>
where
    T: Number,
    B: StencilOps<T, PlusTimes, 2, K>,
{
    stencil_map(PlusTimes, &mask_2d(mask, mask_shape)?, boundary, shape, x)
}
