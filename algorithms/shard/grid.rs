//! [`ShardedGrid`]: a 3D grid split into z-slabs (whole planes) over shards.
//!
//! The split rule is [`ShardedVector`](super::ShardedVector)'s, applied to planes instead of
//! elements: shard `j` holds planes `shard_range(nz, k, j)`. A slab must hold whole planes
//! (its stencil needs them, and a halo is one plane), and the element split rule over
//! `nz·ny·nx` would cut planes, so a grid is its own type rather than a `ShardedVector` with
//! another rule: every algorithm over a `ShardedVector` may keep relying on the element rule.

use super::split::{check_shard_count, shard_range};
use crate::{Backend, DefaultBackend, DeviceVector, Error, Result};
use core::fmt;
use core::ops::Range;
use parallaxis_core::{try_push, try_with_capacity, DeviceCopy};

/// A row-major `[nz, ny, nx]` grid (last axis contiguous, as `parallaxis::stencil_map`'s
/// shapes) split into contiguous z-slabs over `k` shards: shard `j` holds planes
/// `j*b + min(j, r) ..` of count `b + (j < r)`, with `b = nz / k` and `r = nz % k`, as one
/// [`DeviceVector`] of `planes · ny · nx` elements. More shards than planes leave the last
/// ones empty.
///
/// ```
/// use parallaxis::shard::ShardedGrid;
/// use parallaxis::Sequential;
/// let data: Vec<u32> = (0..5 * 2 * 3).collect();
/// let g = ShardedGrid::<u32, Sequential>::from_slice(&data, [5, 2, 3], 2)?;
/// assert_eq!(g.shard_planes(), [3, 2]);
/// assert_eq!(g.shards()[1].len(), 2 * 2 * 3);
/// assert_eq!(g.to_vec()?, data);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub struct ShardedGrid<T: DeviceCopy, B: Backend = DefaultBackend> {
    /// The slabs held here, in shard order.
    slabs: Vec<DeviceVector<T, B>>,
    /// `[nz, ny, nx]` of the whole grid.
    shape: [usize; 3],
    /// The index of `slabs[0]` among all shards.
    first: usize,
    /// Shards over every participant.
    count: usize,
}

impl<T: DeviceCopy, B: Backend> ShardedGrid<T, B> {
    /// Copies the row-major grid `data` of `shape` into `k` slabs.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] when `k == 0`; [`Error::LengthMismatch`] when `data.len()`
    /// is not the product of `shape`; [`Error::InvalidStencil`] when that product overflows;
    /// out of memory.
    pub fn from_slice(data: &[T], shape: [usize; 3], k: usize) -> Result<Self> {
        check_shard_count(k)?;
        crate::check::lengths_agree(
            "sharded grid data (shape product)",
            grid_len(shape)?,
            data.len(),
        )?;
        let mut slabs = try_with_capacity(k)?;
        for j in 0..k {
            let range = slab_elements(shape, k, j);
            try_push(&mut slabs, DeviceVector::from_slice(&data[range])?)?;
        }
        Self::from_layout(slabs, shape, 0, k)
    }

    /// Takes slabs made elsewhere (each filled on its own GPU, say), in shard order; their
    /// plane counts must follow the split rule over `shape[0]`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] when `slabs` is empty or a slab is not its shard's length;
    /// [`Error::InvalidStencil`] when the shape's product overflows.
    pub fn from_parts(slabs: Vec<DeviceVector<T, B>>, shape: [usize; 3]) -> Result<Self> {
        let k = slabs.len();
        Self::from_layout(slabs, shape, 0, k)
    }

    /// One participant's slab of a grid of `shape` split over `world` participants: the
    /// form of a run with one process per GPU. `slab` is shard `rank`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] when `world == 0`, `rank >= world`, or `slab` is not shard
    /// `rank`'s length; [`Error::InvalidStencil`] when the shape's product overflows.
    pub fn from_rank(
        slab: DeviceVector<T, B>,
        rank: usize,
        world: usize,
        shape: [usize; 3],
    ) -> Result<Self> {
        check_shard_count(world)?;
        if rank >= world {
            return Err(Error::InvalidArgument {
                what: "rank",
                reason: "must be below world",
            });
        }
        let mut slabs = try_with_capacity(1)?;
        try_push(&mut slabs, slab)?;
        Self::from_layout(slabs, shape, rank, world)
    }

    /// Checks each held slab's length against its shard's planes.
    pub(super) fn from_layout(
        slabs: Vec<DeviceVector<T, B>>,
        shape: [usize; 3],
        first: usize,
        count: usize,
    ) -> Result<Self> {
        check_shard_count(slabs.len())?;
        grid_len(shape)?;
        let follows_rule = slabs
            .iter()
            .enumerate()
            .all(|(j, s)| s.len() == slab_elements(shape, count, first + j).len());
        if !follows_rule {
            return Err(Error::InvalidArgument {
                what: "slab lengths",
                reason: "must be whole planes following the split rule over nz (the first \
                         nz % k shards one plane more)",
            });
        }
        Ok(Self {
            slabs,
            shape,
            first,
            count,
        })
    }

    /// `[nz, ny, nx]` of the whole grid.
    pub fn shape(&self) -> [usize; 3] {
        self.shape
    }

    /// The slabs held here, in order: `shards()[j]` is shard `first_shard() + j`.
    pub fn shards(&self) -> &[DeviceVector<T, B>] {
        &self.slabs
    }

    /// The slabs held here, to be overwritten in place (their lengths stay).
    pub(super) fn shards_mut(&mut self) -> &mut [DeviceVector<T, B>] {
        &mut self.slabs
    }

    /// The number of planes of each slab held here, in shard order.
    pub fn shard_planes(&self) -> Vec<usize> {
        (0..self.slabs.len())
            .map(|j| shard_range(self.shape[0], self.count, self.first + j).len())
            .collect()
    }

    /// The index of the first shard held here among all shards (0 in one process).
    pub fn first_shard(&self) -> usize {
        self.first
    }

    /// The number of shards over every participant.
    pub fn shard_count(&self) -> usize {
        self.count
    }

    /// Whether `other` is split the same way: the same shape, shard count and shards held.
    pub(super) fn same_layout(&self, other: &Self) -> bool {
        (self.shape, self.first, self.count, self.slabs.len())
            == (other.shape, other.first, other.count, other.slabs.len())
    }

    /// The elements of the slabs held here, in order, in a host vector (in one process: the
    /// whole grid, row-major).
    ///
    /// # Errors
    /// Out of host memory or a device fault.
    pub fn to_vec(&self) -> Result<Vec<T>> {
        let held = self.slabs.iter().map(DeviceVector::len).sum();
        let mut all = try_with_capacity(held)?;
        for slab in &self.slabs {
            all.extend_from_slice(&slab.to_vec()?);
        }
        Ok(all)
    }
}

impl<T: DeviceCopy + fmt::Debug, B: Backend> fmt::Debug for ShardedGrid<T, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ShardedGrid<{}>{:?}", B::NAME, self.shape)?;
        f.debug_list().entries(&self.slabs).finish()
    }
}

/// The number of points of `shape`, or [`Error::InvalidStencil`] when it overflows. The
/// plane (`ny · nx`) is checked first: with `nz == 0` the product is 0 whatever the plane,
/// but the slab ranges still multiply by it.
pub(super) fn grid_len(shape: [usize; 3]) -> Result<usize> {
    let [nz, ny, nx] = shape;
    let len = ny.checked_mul(nx).and_then(|plane| plane.checked_mul(nz));
    len.ok_or(Error::InvalidStencil {
        reason: "grid size overflows usize",
    })
}

/// The elements of shard `j`'s slab in the row-major grid (`shape`'s product fits).
pub(super) fn slab_elements(shape: [usize; 3], k: usize, j: usize) -> Range<usize> {
    let plane = shape[1] * shape[2];
    let planes = shard_range(shape[0], k, j);
    planes.start * plane..planes.end * plane
}
