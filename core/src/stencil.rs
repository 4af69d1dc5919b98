//! Stencils: a fixed set of (offset, weight) points applied at every grid point.

use crate::DeviceCopy;

/// The number of points of a row-major grid of `shape`, or `None` when that product
/// overflows `usize`. (`Some(1)` for the empty shape of a 0-dimensional grid, which the
/// front doors reject as an invalid stencil.)
///
/// ```
/// use parallaxis_core::grid_len;
/// assert_eq!(grid_len([4, 5, 6]), Some(120));
/// assert_eq!(grid_len([usize::MAX, 2]), None);
/// ```
pub fn grid_len<const D: usize>(shape: [usize; D]) -> Option<usize> {
    shape.iter().try_fold(1_usize, |acc, &d| acc.checked_mul(d))
}

/// What a stencil reads where a neighbour falls outside the grid.
///
/// ```
/// use parallaxis_core::Boundary;
/// // Coordinate -1 of a 4-point axis:
/// assert_eq!(Boundary::Zero.resolve(-1, 4), None); // the term is dropped
/// assert_eq!(Boundary::Clamp.resolve(-1, 4), Some(0));
/// assert_eq!(Boundary::Wrap.resolve(-1, 4), Some(3));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(u32)]
pub enum Boundary {
    /// The term is dropped (the semiring's zero is added: `0` for `(+,×)`).
    #[default]
    Zero,
    /// The nearest edge value is read (replicate padding).
    Clamp,
    /// Indices wrap around (periodic domain).
    Wrap,
}

impl Boundary {
    /// Maps a possibly out-of-range coordinate onto `0..n`, or `None` when the term is
    /// dropped (always for `n == 0`: an empty axis has nothing to read).
    ///
    /// ```
    /// use parallaxis_core::Boundary;
    /// assert_eq!(Boundary::Wrap.resolve(-1, 5), Some(4));
    /// assert_eq!(Boundary::Clamp.resolve(9, 5), Some(4));
    /// assert_eq!(Boundary::Wrap.resolve(3, 0), None);
    /// ```
    #[inline]
    pub fn resolve(self, i: i64, n: usize) -> Option<usize> {
        // Saturated, not cast: a side past `i64::MAX` (a grid no memory holds, but a shape a
        // caller may pass) must not turn negative.
        let n = i64::try_from(n).unwrap_or(i64::MAX);
        if (0..n).contains(&i) {
            return Some(i as usize);
        }
        if n == 0 {
            return None;
        }
        match self {
            Boundary::Zero => None,
            Boundary::Clamp => Some(if i < 0 { 0 } else { (n - 1) as usize }),
            Boundary::Wrap => Some(i.rem_euclid(n) as usize),
        }
    }
}

/// A `D`-dimensional stencil of `K` points: `y[p] = ⊕_k w[k] ⊗ x[p + offsets[k]]`, folded in
/// point order from the semiring's zero.
///
/// Grids are row-major (C order, like ndarray and NumPy): for a shape `[nz, ny, nx]` the last
/// axis is contiguous and an offset is written `[dz, dy, dx]`.
///
/// ```
/// use parallaxis_core::Stencil;
/// // The 1D three-point Laplacian.
/// let lap = Stencil::new([[-1], [0], [1]], [1.0_f32, -2.0, 1.0]);
/// assert_eq!(lap.radius(), [1]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[repr(C)]
pub struct Stencil<T, const D: usize, const K: usize> {
    /// Neighbour offsets, one `[i32; D]` per point, slowest axis first.
    pub offsets: [[i32; D]; K],
    /// One weight per point.
    pub weights: [T; K],
}

// SAFETY: repr(C) arrays of i32 and DeviceCopy weights; all-zero is a valid stencil.
unsafe impl<T: DeviceCopy, const D: usize, const K: usize> DeviceCopy for Stencil<T, D, K> {}

/// The 3D 7-point star `[dz, dy, dx]`: the centre, then `z - 1, z + 1, y - 1, y + 1, x - 1,
/// x + 1` (the order of `parallaxis::star_3d`, for which the CUDA backend has a kernel).
pub const STAR_3D_OFFSETS: [[i32; 3]; 7] = [
    [0, 0, 0],
    [-1, 0, 0],
    [1, 0, 0],
    [0, -1, 0],
    [0, 1, 0],
    [0, 0, -1],
    [0, 0, 1],
];

impl<T: Copy, const D: usize, const K: usize> Stencil<T, D, K> {
    /// A stencil from its points.
    pub const fn new(offsets: [[i32; D]; K], weights: [T; K]) -> Self {
        Self { offsets, weights }
    }

    /// The largest absolute offset along each axis (the halo width a tile needs).
    pub fn radius(&self) -> [u32; D] {
        let mut r = [0_u32; D];
        for o in &self.offsets {
            for (axis, &d) in o.iter().enumerate() {
                r[axis] = r[axis].max(d.unsigned_abs());
            }
        }
        r
    }
}
