//! SpMV kernel parameters. Every struct is `#[repr(C)]`, passed by value as the kernel's one
//! parameter; the semiring `s` comes last (zero-sized for every stock semiring). Index
//! pointers are of the kernel's index width (`u32` or `u64`; a host `usize` matrix passes
//! its `u64` view). `accumulate` is 1 for `y = y ⊕ A·x` and 0 for `y = A·x`.

/// CSR, one sub-warp of `1 << lanes_log2` lanes per row ("vector" kernel): the lanes stride
/// through the row, then fold their partials with shuffles.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct SpmvCsrVectorParams<T, I, S> {
    /// Row pointers, `nrows + 1`.
    pub row_ptr: *const I,
    /// Column of each entry, `nnz`.
    pub col: *const I,
    /// Value of each entry, `nnz`.
    pub val: *const T,
    /// Input vector, `ncols`.
    pub x: *const T,
    /// Output vector, `nrows`.
    pub y: *mut T,
    /// Number of rows.
    pub nrows: u64,
    /// log2 of the lanes per row (0..=5; 0 is a thread per row).
    pub lanes_log2: u32,
    /// 1: `y = y ⊕ A·x`; 0: `y = A·x`.
    pub accumulate: u32,
    /// The semiring.
    pub s: S,
}

/// One piece of a row that crosses a tile's edge in the nonzero-balanced kernels (a CSR
/// block tile or a COO warp tile): the fold of the row's items inside one tile. Each tile
/// writes a head slot (the row it finishes that began in an earlier tile) and a tail slot
/// (the row still open at its end).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct SpmvCarry<T> {
    /// The row.
    pub row: u64,
    /// The fold of the row's items within the tile (from the semiring's zero).
    pub value: T,
    /// 1 when the slot holds a piece.
    pub valid: u32,
    /// Tail slots: 1 when the row's first item is in this tile (the fix-up starts there).
    pub began: u32,
}

impl<T> SpmvCarry<T> {
    /// An empty slot (`zero` only fills the value).
    pub const fn none(zero: T) -> Self {
        Self {
            row: 0,
            value: zero,
            valid: 0,
            began: 0,
        }
    }
}

/// Nonzero-balanced SpMV (merge-based CSR, Merrill & Garland 2016, and COO). CSR: block `b`
/// owns items `[b · CSR_MERGE_TILE, (b + 1) · CSR_MERGE_TILE)` of the merge path (`nrows` row
/// ends merged with `nnz` nonzeros), starting at the coordinates [`SpmvCoordsParams`] wrote;
/// COO: warp `w` owns nonzeros `[w · MERGE_TILE, (w + 1) · MERGE_TILE)`. Rows finished inside
/// one tile are written to `y`; pieces of rows crossing tile edges go to `heads`/`tails` for
/// [`SpmvFixupParams`].
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct SpmvMergeParams<T, I, S> {
    /// CSR: row pointers (`nrows + 1`); COO: the row of each entry (`nnz`, sorted).
    pub rows: *const I,
    /// Column of each entry, `nnz`.
    pub col: *const I,
    /// Value of each entry, `nnz`.
    pub val: *const T,
    /// Input vector, `ncols`.
    pub x: *const T,
    /// Output vector, `nrows`.
    pub y: *mut T,
    /// Number of rows.
    pub nrows: u64,
    /// Number of stored entries.
    pub nnz: u64,
    /// Tiles (CSR: blocks, COO: warps), one head and one tail slot each.
    pub tiles: u64,
    /// CSR: the row each tile starts in (`tiles + 1` entries, from [`SpmvCoordsParams`]);
    /// COO: unused (null).
    pub coords: *const u64,
    /// One head slot per tile.
    pub heads: *mut SpmvCarry<T>,
    /// One tail slot per tile.
    pub tails: *mut SpmvCarry<T>,
    /// 1: rows finished here are combined into `y` (`y ⊕ t`); 0: stored.
    pub accumulate: u32,
    /// The semiring.
    pub s: S,
}

/// Folds, for every row that crosses tile edges, its pieces in tile order (the tail
/// where it began, whole-tile middles, the head where it ends) and stores it into `y`. One
/// thread per tile checks its tail slot; a row that ends in the next tile is finished by that
/// thread, a longer one by the whole warp, 32 tiles at a time.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct SpmvFixupParams<T, S> {
    /// Output vector.
    pub y: *mut T,
    /// Head slots of the merge kernel.
    pub heads: *const SpmvCarry<T>,
    /// Tail slots of the merge kernel.
    pub tails: *const SpmvCarry<T>,
    /// Number of tiles.
    pub tiles: u64,
    /// 1: `y = y ⊕ row`; 0: `y = row`.
    pub accumulate: u32,
    /// The semiring.
    pub s: S,
}

/// ELL, one thread per row: slot `k` of row `r` at `k · nrows + r`; a column equal to the
/// index type's `PADDING` ends the row.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct SpmvEllParams<T, I, S> {
    /// Column of each slot, `nrows · width`, column-major.
    pub col: *const I,
    /// Value of each slot, `nrows · width`, column-major.
    pub val: *const T,
    /// Input vector, `ncols`.
    pub x: *const T,
    /// Output vector, `nrows`.
    pub y: *mut T,
    /// Number of rows.
    pub nrows: u64,
    /// Slots per row.
    pub width: u64,
    /// 1: `y = y ⊕ A·x`; 0: `y = A·x`.
    pub accumulate: u32,
    /// The semiring.
    pub s: S,
}

/// The merge-path coordinates of the CSR block tiles: entry `b` (for `b <= tiles`) is the
/// number of rows finished before item `min(b · CSR_MERGE_TILE, nrows + nnz)`.
/// [`COORDS_LANES`](crate::policy::spmv::COORDS_LANES) threads per entry.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct SpmvCoordsParams<I> {
    /// Row pointers, `nrows + 1`.
    pub row_ptr: *const I,
    /// Number of rows.
    pub nrows: u64,
    /// Number of stored entries.
    pub nnz: u64,
    /// Number of tiles (`tiles + 1` coordinates are written).
    pub tiles: u64,
    /// Output: `tiles + 1` coordinates.
    pub coords: *mut u64,
}
