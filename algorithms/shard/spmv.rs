//! SpMV over a row-partitioned [`ShardedCsr`]: `x` (sharded over the columns) is gathered
//! beside each row block through an [`Exchange`], then each block's `parallaxis::spmv` runs
//! where it lives and `y` comes out sharded like the rows. [`ShardedSpmv`] keeps the gathered
//! copies between calls, so an iteration (`x ← A·x`) allocates them once.
//!
//! What moves: each block's column span (its smallest to its largest column index, found once
//! with the matrix, [`ShardedCsr::column_spans`], and all-gathered through the [`Collective`]
//! by [`ShardedSpmv::new`]) is filled from the `x` shards it overlaps, and nothing else. A
//! general matrix spans every column, and each shard receives the `ncols - ncols / k`
//! elements of `x` it does not hold (over NVLink or PCIe between GPUs); a banded matrix (a
//! discretised PDE's, Poisson's) spans its own rows' columns and a band beside them, so the
//! gather is a halo exchange of the band's width. The full all-gather of a 2^28-column `x`
//! took longer than the product on 2 × H200; the spans are what make SpMV scale
//! (`benches/results/h200-x2/multi-gpu/spmv.md`). With one shard in all, `x`'s only shard is
//! the whole `x`, and [`ShardedSpmv::apply`] reads it in place instead of gathering a copy.

use super::each::each_shard;
use super::split::shard_range;
use super::{Collective, Exchange, Move, ShardedCsr, ShardedVector};
use crate::check::lengths_agree;
use crate::{backend::SpmvOps, Backend, DeviceVector, Error, Result};
use core::ops::Range;
use parallaxis_core::{try_push, try_with_capacity, DeviceCopy, Pair, Semiring, SparseIndex};

/// `y = A·x` over the semiring `s` (as [`parallaxis::spmv`](crate::spmv)), with `A` split by
/// rows and `x` by columns over the same shards; `y` is split like `A`'s rows. For repeated
/// products keep a [`ShardedSpmv`] instead (this allocates the gathered `x` each call).
///
/// # Errors
/// As [`ShardedSpmv::apply`].
///
/// ```
/// use parallaxis::shard::{self, HostCsr, InMemory, ShardedCsr, ShardedVector};
/// use parallaxis::{ops::PlusTimes, Rayon};
/// // [[2, 0, 0], [1, 3, 0], [0, 0, 4]]
/// let host = HostCsr { nrows: 3, ncols: 3, row_ptr: &[0_u32, 1, 3, 4], col_idx: &[0, 0, 1, 2], values: &[2, 1, 3, 4] };
/// let a = ShardedCsr::<i64, u32, Rayon>::from_csr(&host, 2)?;
/// let x = ShardedVector::from_slice(&[1, 10, 100], 2)?;
/// let y = shard::spmv(PlusTimes, &a, &x, &InMemory)?;
/// assert_eq!(y.to_vec()?, [2, 31, 400]);
/// assert_eq!(y.shard_lengths(), [2, 1]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn spmv<T, I, S, B, X>(
    s: S,
    a: &ShardedCsr<T, I, B>,
    x: &ShardedVector<T, B>,
    exchange: &X,
) -> Result<ShardedVector<T, B>>
where
    T: DeviceCopy,
    I: SparseIndex,
    S: Semiring<T>,
    B: SpmvOps<T, I, S>,
    X: Collective + Exchange,
{
    ShardedSpmv::new(a, exchange)?.apply(s, a, x, exchange)
}

/// A reusable sharded SpMV for matrices of one layout: one whole-`x` buffer beside each
/// held row block, allocated once ([`new`](Self::new)) and refilled by every
/// [`gather`](Self::gather).
///
/// ```
/// use parallaxis::shard::{HostCsr, InMemory, ShardedCsr, ShardedSpmv, ShardedVector};
/// use parallaxis::{ops::PlusTimes, Sequential};
/// // The cyclic shift: y[i] = x[(i + 1) % 3].
/// let host = HostCsr { nrows: 3, ncols: 3, row_ptr: &[0_u32, 1, 2, 3], col_idx: &[1, 2, 0], values: &[1, 1, 1] };
/// let a = ShardedCsr::<u8, u32, Sequential>::from_csr(&host, 3)?;
/// let mut plan = ShardedSpmv::new(&a, &InMemory)?;
/// let mut x = ShardedVector::from_slice(&[1, 2, 3], 3)?;
/// for _ in 0..2 {
///     x = plan.apply(PlusTimes, &a, &x, &InMemory)?; // no new gathered buffers
/// }
/// assert_eq!(x.to_vec()?, [3, 1, 2]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub struct ShardedSpmv<T: DeviceCopy, B: Backend> {
    /// A whole-length `x` beside each held row block, in shard order; only the block's
    /// column span is filled.
    gathered: Vec<DeviceVector<T, B>>,
    /// The columns each block reads (every shard's, held here or not), in shard order.
    spans: Vec<Range<usize>>,
    /// The layout the plan serves: columns, first held shard, shard count.
    ncols: usize,
    first: usize,
    count: usize,
}

impl<T: DeviceCopy, B: Backend> ShardedSpmv<T, B> {
    /// Allocates a whole-length `x` buffer beside each block of `a` held here, and
    /// all-gathers every block's column span ([`ShardedCsr::column_spans`], found with the
    /// matrix) through `c`.
    ///
    /// # Errors
    /// [`Error::Collective`] when `c` does not return one span per shard; out of memory, a
    /// device fault or a communication failure.
    pub fn new<I, C>(a: &ShardedCsr<T, I, B>, c: &C) -> Result<Self>
    where
        I: SparseIndex,
        C: Collective,
    {
        let mut gathered = try_with_capacity(a.blocks().len())?;
        let mut local = try_with_capacity(a.blocks().len())?;
        for (block, span) in a.blocks().iter().zip(a.column_spans()) {
            // The row pointers are never empty (nrows + 1), so they name the block's home.
            let home = block.row_ptr().buffer();
            try_push(
                &mut gathered,
                B::at_home_of(home, || DeviceVector::zeros(a.ncols()))?,
            )?;
            try_push(&mut local, Pair::new(span.start as u64, span.end as u64))?;
        }
        let all = c.all_gather(&local)?;
        if all.len() != a.shard_count() {
            return Err(Error::Collective {
                during: "gathering the sharded spmv column spans",
                reason: format!("{} spans for {} shards", all.len(), a.shard_count()),
            });
        }
        let spans = all
            .iter()
            .map(|p| p.first as usize..p.second as usize)
            .collect();
        Ok(Self {
            gathered,
            spans,
            ncols: a.ncols(),
            first: a.first_shard(),
            count: a.shard_count(),
        })
    }

    /// Gathers `x` beside every held block: the part of `x` shard `f` (columns
    /// `shard_range(ncols, k, f)`) inside block `t`'s column span moves to the same columns of
    /// block `t`'s copy (the same move list on every participant).
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] when `x.len()` is not the plan's column count;
    /// [`Error::InvalidArgument`] unless `x` has the plan's shard count and holds the same
    /// shards; a failure of the exchange.
    pub fn gather<X: Exchange>(&mut self, x: &ShardedVector<T, B>, exchange: &X) -> Result<()> {
        self.check_x(x)?;
        let k = self.count;
        let mut moves = try_with_capacity(k.saturating_mul(k))?;
        for (to, span) in self.spans.iter().enumerate() {
            for from in 0..k {
                let cols = shard_range(self.ncols, k, from);
                let (lo, hi) = (cols.start.max(span.start), cols.end.min(span.end));
                if lo < hi {
                    try_push(
                        &mut moves,
                        Move {
                            from,
                            from_start: lo - cols.start,
                            to,
                            to_start: lo,
                            len: hi - lo,
                        },
                    )?;
                }
            }
        }
        exchange.exchange(&moves, self.first, x.shards(), &mut self.gathered)
    }

    /// `y = A·x` on the `x` of the last [`gather`](Self::gather): each block's product,
    /// queued where it lives, into a new `y` split like the rows.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] when `a` is not of the plan's layout; a device fault.
    pub fn multiply<I, S>(&self, s: S, a: &ShardedCsr<T, I, B>) -> Result<ShardedVector<T, B>>
    where
        I: SparseIndex,
        S: Semiring<T>,
        B: SpmvOps<T, I, S>,
    {
        self.check_matrix(a)?;
        product(s, a, &self.gathered)
    }

    /// [`multiply`](Self::multiply) into an existing `y` split like the rows (each shard on
    /// its block's device), or with `accumulate` `y = y ⊕ A·x`.
    ///
    /// # Errors
    /// As [`multiply`](Self::multiply), and [`Error::LengthMismatch`] or
    /// [`Error::InvalidArgument`] when `y` is not split like the rows.
    pub fn multiply_into<I, S>(
        &self,
        s: S,
        a: &ShardedCsr<T, I, B>,
        y: &mut ShardedVector<T, B>,
        accumulate: bool,
    ) -> Result<()>
    where
        I: SparseIndex,
        S: Semiring<T>,
        B: SpmvOps<T, I, S>,
    {
        self.check_matrix(a)?;
        lengths_agree("sharded spmv y (nrows)", a.nrows(), y.len())?;
        if (y.first_shard(), y.shard_count(), y.shards().len())
            != (self.first, self.count, self.gathered.len())
        {
            return Err(Error::InvalidArgument {
                what: "sharded spmv y",
                reason: "must be split like the matrix's rows",
            });
        }
        for ((block, x), y) in a.blocks().iter().zip(&self.gathered).zip(y.shards_mut()) {
            B::at_home_of(x.buffer(), || {
                crate::spmv_into(s, block, x, &mut *y, accumulate)
            })?;
        }
        Ok(())
    }

    /// [`gather`](Self::gather) then [`multiply`](Self::multiply); with one shard in all
    /// (and `x` beside the block), the product reads `x`'s only shard in place instead, as
    /// the gather would copy the whole `x` (the plan's buffer is then left as it was).
    ///
    /// # Errors
    /// As those two.
    pub fn apply<I, S, X>(
        &mut self,
        s: S,
        a: &ShardedCsr<T, I, B>,
        x: &ShardedVector<T, B>,
        exchange: &X,
    ) -> Result<ShardedVector<T, B>>
    where
        I: SparseIndex,
        S: Semiring<T>,
        B: SpmvOps<T, I, S>,
        X: Exchange,
    {
        self.check_matrix(a)?;
        let whole = self.whole_x(x, exchange)?;
        product(s, a, whole)
    }

    /// The whole `x` beside each held block: `x`'s own shard when there is one shard in all
    /// and it lives where the block does (a gather would only copy it, 0.5 ms on a GPU for
    /// 2^28 columns), else the plan's buffers after a [`gather`](Self::gather).
    fn whole_x<'p, X: Exchange>(
        &'p mut self,
        x: &'p ShardedVector<T, B>,
        exchange: &X,
    ) -> Result<&'p [DeviceVector<T, B>]> {
        if self.count == 1 {
            self.check_x(x)?;
            if let ([whole], [buffer]) = (x.shards(), self.gathered.as_slice()) {
                if B::same_home(whole.buffer(), buffer.buffer()) {
                    return Ok(x.shards());
                }
            }
        }
        self.gather(x, exchange)?;
        Ok(&self.gathered)
    }

    /// `x` has the plan's column count and shard layout.
    fn check_x(&self, x: &ShardedVector<T, B>) -> Result<()> {
        lengths_agree("sharded spmv x (ncols)", self.ncols, x.len())?;
        let held = (x.first_shard(), x.shard_count(), x.shards().len());
        if held != (self.first, self.count, self.gathered.len()) {
            return Err(Error::InvalidArgument {
                what: "sharded spmv x",
                reason: "must have the matrix's shard count and hold the same shards",
            });
        }
        Ok(())
    }

    /// `a` has the layout the plan was made for.
    fn check_matrix<I: SparseIndex>(&self, a: &ShardedCsr<T, I, B>) -> Result<()> {
        let layout = (
            a.ncols(),
            a.first_shard(),
            a.shard_count(),
            a.blocks().len(),
        );
        if layout != (self.ncols, self.first, self.count, self.gathered.len()) {
            return Err(Error::InvalidArgument {
                what: "sharded spmv plan",
                reason: "was made for a matrix of another column count or shard layout",
            });
        }
        Ok(())
    }
}

/// Each held block of `a` times its whole `x` (`xs`, in shard order, each beside its block),
/// queued where the blocks live, into a `y` split like the rows. The layouts were checked.
fn product<T, I, S, B>(
    s: S,
    a: &ShardedCsr<T, I, B>,
    xs: &[DeviceVector<T, B>],
) -> Result<ShardedVector<T, B>>
where
    T: DeviceCopy,
    I: SparseIndex,
    S: Semiring<T>,
    B: SpmvOps<T, I, S>,
{
    let shards = each_shard(xs, |j, x| crate::spmv(s, &a.blocks()[j], x))?;
    Ok(ShardedVector::from_layout(
        shards,
        a.nrows(),
        a.first_shard(),
        a.shard_count(),
    ))
}
