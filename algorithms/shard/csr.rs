//! [`ShardedCsr`]: a CSR matrix split by rows over shards, each shard holding the rows of its
//! block of `y = A·x` (the split rule over the row count) as a [`CsrMatrix`] with the
//! matrix's global column indices, so each block multiplies a whole `x` beside it
//! (`shard/spmv.rs` gathers one there).

use super::spans::{device_spans, host_span};
use super::split::{check_shard_count, shard_range};
use crate::sparse::check_offsets;
use crate::{
    backend::ArgOps, ops::ArgMinMax, sparse::CsrMatrix, Backend, DefaultBackend, Error, Result,
    SparseProblem,
};
use core::ops::Range;
use parallaxis_core::{try_push, try_to_vec, try_with_capacity, DeviceCopy, Number, SparseIndex};

/// A CSR matrix in host memory, borrowed: row `r` holds entries `row_ptr[r]..row_ptr[r + 1]`
/// of `col_idx` and `values` (the arrays of [`CsrMatrix::try_new`]). The sharded
/// constructors upload each shard's rows from it.
#[derive(Clone, Copy, Debug)]
pub struct HostCsr<'a, T, I> {
    /// Number of rows.
    pub nrows: usize,
    /// Number of columns (the length of `x`).
    pub ncols: usize,
    /// Row pointers, `nrows + 1` of them.
    pub row_ptr: &'a [I],
    /// Column index of each stored entry.
    pub col_idx: &'a [I],
    /// Value of each stored entry.
    pub values: &'a [T],
}

impl<T: DeviceCopy, I: SparseIndex> HostCsr<'_, T, I> {
    /// The row pointers' shape: `nrows + 1` of them, from 0, non-decreasing, to nnz; and as
    /// many values as column indices. The columns are checked block by block on upload.
    pub(super) fn check(&self) -> Result<()> {
        let expected = self.nrows.checked_add(1).ok_or(Error::InvalidSparse {
            format: "CSR",
            problem: SparseProblem::IndexOverflow {
                what: "nrows",
                value: self.nrows,
            },
        })?;
        crate::check::lengths_agree("CSR row_ptr (nrows + 1)", expected, self.row_ptr.len())?;
        crate::check::lengths_agree(
            "CSR values (nnz = col_idx.len())",
            self.col_idx.len(),
            self.values.len(),
        )?;
        check_offsets(self.row_ptr, self.col_idx.len()).map_err(|problem| Error::InvalidSparse {
            format: "CSR",
            problem,
        })
    }

    /// Rows `rows` as a matrix of backend `B` (allocated on the thread's default device),
    /// with the row pointers rebased to the block's first entry and the global columns, and
    /// its column span read from the host arrays. `self` was checked.
    pub(super) fn upload<B: Backend>(
        &self,
        rows: Range<usize>,
    ) -> Result<(CsrMatrix<T, I, B>, Range<usize>)> {
        let pointers = &self.row_ptr[rows.start..=rows.end];
        let (start, end) = (pointers[0].to_usize(), pointers[rows.len()].to_usize());
        let mut rebased = try_with_capacity(pointers.len())?;
        for p in pointers {
            // Below the original pointer, so it fits `I` as that one does.
            let local = I::from_usize(p.to_usize() - start).ok_or(Error::InvalidSparse {
                format: "CSR",
                problem: SparseProblem::IndexOverflow {
                    what: "row pointer",
                    value: p.to_usize() - start,
                },
            })?;
            try_push(&mut rebased, local)?;
        }
        let block = CsrMatrix::try_new(
            rows.len(),
            self.ncols,
            rebased,
            try_to_vec(&self.col_idx[start..end])?,
            try_to_vec(&self.values[start..end])?,
        )?;
        // After `try_new`, which checked the columns below `ncols`.
        Ok((block, host_span(&self.col_idx[start..end])))
    }
}

/// An `nrows × ncols` CSR matrix split by rows over `k` shards: shard `j` holds rows
/// `shard_range(nrows, k, j)` (the split rule of [`ShardedVector`](super::ShardedVector):
/// the first `nrows % k` shards one row longer) as a [`CsrMatrix`] of those rows with global
/// column indices. `shard::spmv` gives `y` in the same layout.
///
/// ```
/// use parallaxis::shard::{HostCsr, ShardedCsr};
/// use parallaxis::Sequential;
/// // [[1, 0, 2], [0, 0, 0], [0, 3, 0]] over two shards: rows 0..2 and 2..3.
/// let host = HostCsr { nrows: 3, ncols: 3, row_ptr: &[0_u32, 2, 2, 3], col_idx: &[0, 2, 1], values: &[1, 2, 3] };
/// let a = ShardedCsr::<i32, u32, Sequential>::from_csr(&host, 2)?;
/// assert_eq!(a.block_rows(), [2, 1]);
/// assert_eq!(a.blocks()[1].col_idx().to_vec()?, [1]); // a global column
/// assert_eq!(a.column_spans(), [0..3, 1..2]); // the columns of x each block reads
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub struct ShardedCsr<T: DeviceCopy, I: SparseIndex = u32, B: Backend = DefaultBackend> {
    /// The row blocks held here, in shard order.
    blocks: Vec<CsrMatrix<T, I, B>>,
    /// Each held block's column span (`spans.rs`), in shard order.
    spans: Vec<Range<usize>>,
    /// Rows over every shard of every participant.
    nrows: usize,
    ncols: usize,
    /// The index of `blocks[0]` among all shards.
    first: usize,
    /// Shards over every participant.
    count: usize,
}

impl<T: DeviceCopy, I: SparseIndex, B: Backend> ShardedCsr<T, I, B> {
    /// Uploads `csr` split by rows into `k` shards.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] when `k == 0`; [`Error::LengthMismatch`] when `row_ptr` is
    /// not `nrows + 1` long or `values` and `col_idx` differ in length;
    /// [`Error::InvalidSparse`] for bad row pointers, a column `>= ncols` or a dimension that
    /// does not fit `I`; out of memory.
    pub fn from_csr(csr: &HostCsr<'_, T, I>, k: usize) -> Result<Self> {
        check_shard_count(k)?;
        csr.check()?;
        let (mut blocks, mut spans) = (try_with_capacity(k)?, try_with_capacity(k)?);
        for j in 0..k {
            let (block, span) = csr.upload(shard_range(csr.nrows, k, j))?;
            try_push(&mut blocks, block)?;
            try_push(&mut spans, span)?;
        }
        Self::from_layout(blocks, csr.nrows, csr.ncols, 0, k, |_| Ok(spans))
    }

    /// Only shard `rank`'s rows of `csr` split over `world` shards: the form of a run with
    /// one process per GPU (each uploads its own block; call it inside `Device::as_default`
    /// to choose the GPU).
    ///
    /// # Errors
    /// As [`from_csr`](Self::from_csr), and [`Error::InvalidArgument`] when `rank >= world`.
    pub fn from_csr_rank(csr: &HostCsr<'_, T, I>, rank: usize, world: usize) -> Result<Self> {
        check_shard_count(world)?;
        check_rank(rank, world)?;
        csr.check()?;
        let (block, span) = csr.upload(shard_range(csr.nrows, world, rank))?;
        let mut blocks = try_with_capacity(1)?;
        try_push(&mut blocks, block)?;
        Self::from_layout(blocks, csr.nrows, csr.ncols, rank, world, |_| {
            let mut spans = try_with_capacity(1)?;
            try_push(&mut spans, span)?;
            Ok(spans)
        })
    }

    /// Takes row blocks made elsewhere (on CUDA, say, each generated on its own GPU), in
    /// shard order. Their row counts must follow the split rule over their total, and all
    /// must have the same column count. Each block's column span is found here, by one
    /// [`minmax_element`](crate::minmax_element) of its column indices where it lives.
    ///
    /// The bound `B: ArgOps<I, ArgMinMax>` is for that pass: every host backend has it for
    /// every index type, CUDA for `u32` and `u64` (its extremum kernels do not cover
    /// `usize`; there, [`from_csr`](Self::from_csr) and the uploads from host arrays take
    /// the spans from the host).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] when `blocks` is empty, a row count breaks the split rule
    /// or the column counts differ; out of memory or a device fault.
    pub fn from_blocks(blocks: Vec<CsrMatrix<T, I, B>>) -> Result<Self>
    where
        I: Number,
        B: ArgOps<I, ArgMinMax>,
    {
        Self::from_spanned_blocks(blocks, device_spans)
    }

    /// [`from_blocks`](Self::from_blocks) with the spans from `spans` (for blocks uploaded
    /// from host arrays, the spans of those arrays: `placed.rs`).
    pub(super) fn from_spanned_blocks(
        blocks: Vec<CsrMatrix<T, I, B>>,
        spans: impl FnOnce(&[CsrMatrix<T, I, B>]) -> Result<Vec<Range<usize>>>,
    ) -> Result<Self> {
        let nrows = blocks.iter().map(CsrMatrix::nrows).sum();
        let ncols = blocks.first().map_or(0, CsrMatrix::ncols);
        let k = blocks.len();
        Self::from_layout(blocks, nrows, ncols, 0, k, spans)
    }

    /// One participant's block of an `nrows`-row matrix split over `world` participants:
    /// `block` holds shard `rank`'s rows (the split rule) with global columns. Its column
    /// span is found as in [`from_blocks`](Self::from_blocks) (whose bound this shares).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] when `world == 0`, `rank >= world` or `block` has other
    /// than shard `rank`'s row count; out of memory or a device fault.
    pub fn from_rank(
        block: CsrMatrix<T, I, B>,
        rank: usize,
        world: usize,
        nrows: usize,
    ) -> Result<Self>
    where
        I: Number,
        B: ArgOps<I, ArgMinMax>,
    {
        check_shard_count(world)?;
        check_rank(rank, world)?;
        let ncols = block.ncols();
        let mut blocks = try_with_capacity(1)?;
        try_push(&mut blocks, block)?;
        Self::from_layout(blocks, nrows, ncols, rank, world, device_spans)
    }

    /// Checks the held blocks against the layout (each its shard's split-rule row count and
    /// every one `ncols` wide), then takes their column spans from `spans`: after the check,
    /// so a bad layout costs no device pass.
    fn from_layout(
        blocks: Vec<CsrMatrix<T, I, B>>,
        nrows: usize,
        ncols: usize,
        first: usize,
        count: usize,
        spans: impl FnOnce(&[CsrMatrix<T, I, B>]) -> Result<Vec<Range<usize>>>,
    ) -> Result<Self> {
        check_shard_count(blocks.len())?;
        let follows_rule = blocks.iter().enumerate().all(|(j, b)| {
            b.nrows() == shard_range(nrows, count, first + j).len() && b.ncols() == ncols
        });
        if !follows_rule {
            return Err(Error::InvalidArgument {
                what: "row blocks",
                reason: "must follow the split rule over the rows (the first nrows % k one \
                         longer) and share one column count",
            });
        }
        let spans = spans(&blocks)?;
        crate::check::lengths_agree("column spans (held blocks)", blocks.len(), spans.len())?;
        Ok(Self {
            blocks,
            spans,
            nrows,
            ncols,
            first,
            count,
        })
    }

    /// Rows over every shard (the length of `y`).
    pub fn nrows(&self) -> usize {
        self.nrows
    }

    /// Columns (the length of `x`).
    pub fn ncols(&self) -> usize {
        self.ncols
    }

    /// The row blocks held here, in order: `blocks()[j]` is shard `first_shard() + j`.
    pub fn blocks(&self) -> &[CsrMatrix<T, I, B>] {
        &self.blocks
    }

    /// The row count of each block held here, in shard order.
    pub fn block_rows(&self) -> Vec<usize> {
        self.blocks.iter().map(CsrMatrix::nrows).collect()
    }

    /// The column span of each block held here, in shard order: the columns from the
    /// block's smallest to its largest column index (`0..0` for a block with no entries),
    /// the part of `x` its product reads and the only part `shard::spmv` gathers beside it.
    /// Found once, when the matrix was made: from the host arrays by the uploads, by one
    /// `minmax_element` per block for [`from_blocks`](Self::from_blocks) and
    /// [`from_rank`](Self::from_rank).
    pub fn column_spans(&self) -> &[Range<usize>] {
        &self.spans
    }

    /// The index of the first shard held here among all shards (0 in one process).
    pub fn first_shard(&self) -> usize {
        self.first
    }

    /// The number of shards over every participant.
    pub fn shard_count(&self) -> usize {
        self.count
    }
}

/// `rank` names one of `world` shards.
fn check_rank(rank: usize, world: usize) -> Result<()> {
    if rank >= world {
        return Err(Error::InvalidArgument {
            what: "rank",
            reason: "must be below world",
        });
    }
    Ok(())
}
