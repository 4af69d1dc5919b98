//! [`ShardedVector`]: a vector split into contiguous blocks over shards.

use super::split::{check_shard_count, shard_range};
use crate::{Backend, DefaultBackend, DeviceVector, Result};
use core::fmt;
use parallaxis_core::{try_push, try_with_capacity, DeviceCopy};

/// `n` elements of `T` split into contiguous blocks over `k` shards, each a
/// [`DeviceVector`] of backend `B` (on the GPU, one shard per device).
///
/// Split rule: shard `j` holds the elements `j*b + min(j, r) ..` of length `b + (j < r)`,
/// with `b = n / k` and `r = n % k`: the first `n % k` shards hold one element more. So any
/// `k >= 1` works for any `n`, and shards of one or no elements occur (`k > n`).
///
/// ```
/// use parallaxis::shard::ShardedVector;
/// use parallaxis::Sequential;
/// let x = ShardedVector::<i32, Sequential>::from_slice(&[1, 2, 3, 4, 5, 6, 7], 3)?;
/// assert_eq!(x.shard_lengths(), [3, 2, 2]);
/// assert_eq!(x.shards()[1].to_vec()?, [4, 5]);
/// assert_eq!(x.to_vec()?, [1, 2, 3, 4, 5, 6, 7]);
/// // More shards than elements: the last ones are empty.
/// let y = ShardedVector::<i32, Sequential>::from_slice(&[8, 9], 4)?;
/// assert_eq!(y.shard_lengths(), [1, 1, 0, 0]);
/// assert_eq!(y.gather()?.to_vec()?, [8, 9]);
/// // No shards at all is a typed error.
/// assert!(matches!(
///     ShardedVector::<i32, Sequential>::from_slice(&[1], 0),
///     Err(parallaxis::Error::InvalidArgument { .. })
/// ));
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub struct ShardedVector<T: DeviceCopy, B: Backend = DefaultBackend> {
    /// The shards this participant holds (in one process: all of them), in order.
    shards: Vec<DeviceVector<T, B>>,
    /// Elements over every shard of every participant.
    len: usize,
    /// The index of `shards[0]` among all shards.
    first: usize,
    /// Shards over every participant.
    count: usize,
}

impl<T: DeviceCopy, B: Backend> ShardedVector<T, B> {
    /// Copies `data` into `k` shards (the split rule in the type's docs).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) when `k == 0`; out of memory
    /// or a device fault.
    pub fn from_slice(data: &[T], k: usize) -> Result<Self> {
        check_shard_count(k)?;
        let n = data.len();
        let mut shards = try_with_capacity(k)?;
        for j in 0..k {
            try_push(
                &mut shards,
                DeviceVector::from_slice(&data[shard_range(n, k, j)])?,
            )?;
        }
        Ok(Self::from_shards(shards))
    }

    /// Splits the elements of a vector, view or lazy sequence (written out once first; see
    /// [`Readable`](crate::lazy::Readable)) of the same backend into `k` shards. In this
    /// CPU step the elements pass through host memory once (the GPU step copies between
    /// devices instead).
    ///
    /// # Errors
    /// As [`from_slice`](Self::from_slice).
    ///
    /// ```
    /// use parallaxis::shard::ShardedVector;
    /// use parallaxis::{DeviceVector, Rayon};
    /// let x = DeviceVector::<u8, Rayon>::from_slice(&[1, 2, 3, 4, 5])?;
    /// let s = ShardedVector::scatter(&x, 2)?;
    /// assert_eq!(s.shard_lengths(), [3, 2]);
    /// # Ok::<(), parallaxis::Error>(())
    /// ```
    pub fn scatter(x: &impl crate::lazy::Readable<T, B>, k: usize) -> Result<Self> {
        check_shard_count(k)?;
        Self::from_slice(&x.with_stored(|x| B::to_vec(x))?, k)
    }

    /// Takes vectors made elsewhere (on CUDA, say, each filled on its own GPU) as the
    /// shards, in order. Their lengths must be those of the split rule for their total and
    /// count, so that every sharded algorithm may rely on it.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) when `shards` is empty or
    /// its lengths break the split rule (the vectors are dropped).
    ///
    /// ```
    /// use parallaxis::shard::ShardedVector;
    /// use parallaxis::{DeviceVector, Sequential};
    /// let parts = vec![
    ///     DeviceVector::<u8, Sequential>::from_slice(&[1, 2])?,
    ///     DeviceVector::from_slice(&[3])?,
    /// ];
    /// assert_eq!(ShardedVector::from_parts(parts)?.to_vec()?, [1, 2, 3]);
    /// let uneven = vec![
    ///     DeviceVector::<u8, Sequential>::from_slice(&[1])?,
    ///     DeviceVector::from_slice(&[2, 3])?,
    /// ];
    /// assert!(ShardedVector::from_parts(uneven).is_err()); // the longer shard comes first
    /// # Ok::<(), parallaxis::Error>(())
    /// ```
    pub fn from_parts(shards: Vec<DeviceVector<T, B>>) -> Result<Self> {
        check_shard_count(shards.len())?;
        let parts = Self::from_shards(shards);
        let k = parts.shards.len();
        let follows_rule = parts
            .shards
            .iter()
            .enumerate()
            .all(|(j, s)| s.len() == shard_range(parts.len, k, j).len());
        if !follows_rule {
            return Err(crate::Error::InvalidArgument {
                what: "shard lengths",
                reason: "must follow the split rule: the first n % k shards one longer",
            });
        }
        Ok(parts)
    }

    /// Shards made by a sharded algorithm, one per shard of its input and of the same
    /// lengths, so the split rule holds for them too.
    pub(super) fn from_shards(shards: Vec<DeviceVector<T, B>>) -> Self {
        let len = shards.iter().map(DeviceVector::len).sum();
        let count = shards.len();
        Self {
            shards,
            len,
            first: 0,
            count,
        }
    }

    /// Result shards with a layout given outright: `len` elements over `count` shards, the
    /// first held here being shard `first` (a sharded SpMV's `y` follows the matrix's rows,
    /// not `x`'s columns). The caller made each shard its split-rule length.
    pub(super) fn from_layout(
        shards: Vec<DeviceVector<T, B>>,
        len: usize,
        first: usize,
        count: usize,
    ) -> Self {
        Self {
            shards,
            len,
            first,
            count,
        }
    }

    /// The shards held here, to be overwritten in place by an `_into` algorithm (which keeps
    /// each shard's length, so the split rule holds).
    pub(super) fn shards_mut(&mut self) -> &mut [DeviceVector<T, B>] {
        &mut self.shards
    }

    /// One participant's shard of a vector of `total` elements split over `world`
    /// participants, one shard each (the split rule): the form of a run with one process per
    /// GPU, where each process holds only its own shard and the exchanges go through a
    /// [`Collective`](super::Collective) such as NCCL. `part` is shard `rank`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) when `world == 0`, `rank >=
    /// world`, or `part` is not shard `rank`'s length under the split rule.
    ///
    /// ```
    /// use parallaxis::shard::ShardedVector;
    /// use parallaxis::{DeviceVector, Sequential};
    /// // Rank 1 of 3 over 8 elements holds elements 3..6.
    /// let part = DeviceVector::<u32, Sequential>::from_slice(&[3, 4, 5])?;
    /// let x = ShardedVector::from_rank(part, 1, 3, 8)?;
    /// assert_eq!((x.len(), x.first_shard(), x.shard_count()), (8, 1, 3));
    /// assert_eq!(x.to_vec()?, [3, 4, 5]); // the elements held here
    /// # Ok::<(), parallaxis::Error>(())
    /// ```
    pub fn from_rank(
        part: DeviceVector<T, B>,
        rank: usize,
        world: usize,
        total: usize,
    ) -> Result<Self> {
        check_shard_count(world)?;
        if rank >= world || part.len() != shard_range(total, world, rank).len() {
            return Err(crate::Error::InvalidArgument {
                what: "rank's shard",
                reason: "rank must be below world, and the part shard rank's length under the split rule",
            });
        }
        let mut shards = try_with_capacity(1)?;
        try_push(&mut shards, part)?;
        Ok(Self {
            shards,
            len: total,
            first: rank,
            count: world,
        })
    }

    /// Result shards of a sharded algorithm over `self`: one per shard held here, of the same
    /// lengths, so the layout (and the split rule) carries over.
    pub(super) fn with_shards<U: DeviceCopy>(
        &self,
        shards: Vec<DeviceVector<U, B>>,
    ) -> ShardedVector<U, B> {
        ShardedVector {
            shards,
            len: self.len,
            first: self.first,
            count: self.count,
        }
    }

    /// Result shards of a sharded algorithm over `self` whose output has its own length: `len`
    /// elements over as many shards as `self`, held alike, the `shards` following the split
    /// rule for `len` (the reductions by segment, whose outputs hold one value per segment).
    pub(super) fn with_split_shards<U: DeviceCopy>(
        &self,
        shards: Vec<DeviceVector<U, B>>,
        len: usize,
    ) -> ShardedVector<U, B> {
        ShardedVector {
            shards,
            len,
            first: self.first,
            count: self.count,
        }
    }

    /// The number of elements over all shards (of every participant).
    pub fn len(&self) -> usize {
        self.len
    }

    /// `true` when no shard holds an element.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The shards held here, in order: `shards()[j]` is shard `first_shard() + j`, which holds
    /// that block of elements. In one process, every shard.
    pub fn shards(&self) -> &[DeviceVector<T, B>] {
        &self.shards
    }

    /// The index of the first shard held here among all shards (0 in one process).
    pub fn first_shard(&self) -> usize {
        self.first
    }

    /// The number of shards over every participant.
    pub fn shard_count(&self) -> usize {
        self.count
    }

    /// Whether `other` is split the same way: the same length, shard count and shards held.
    pub(super) fn same_layout<U: DeviceCopy>(&self, other: &ShardedVector<U, B>) -> bool {
        (self.len, self.first, self.count, self.shards.len())
            == (other.len, other.first, other.count, other.shards.len())
    }

    /// The number of elements of each shard held here, in shard order.
    pub fn shard_lengths(&self) -> Vec<usize> {
        self.shards.iter().map(DeviceVector::len).collect()
    }

    /// The elements of the shards held here, in order, in a host vector (in one process:
    /// every element).
    ///
    /// # Errors
    /// Out of host memory or a device fault.
    pub fn to_vec(&self) -> Result<Vec<T>> {
        let mut all = try_with_capacity(self.len)?;
        for shard in &self.shards {
            all.extend_from_slice(&shard.to_vec()?);
        }
        Ok(all)
    }

    /// The elements of the shards held here (in one process: every element), in order, in
    /// one vector of backend `B`, through host memory.
    ///
    /// # Errors
    /// Out of memory or a device fault.
    pub fn gather(&self) -> Result<DeviceVector<T, B>> {
        DeviceVector::from_vec(self.to_vec()?)
    }
}

impl<T: DeviceCopy + fmt::Debug, B: Backend> fmt::Debug for ShardedVector<T, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ShardedVector<{}>", B::NAME)?;
        f.debug_list().entries(&self.shards).finish()
    }
}
