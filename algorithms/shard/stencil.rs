//! The 3D stencil over z-slabs ([`ShardedGrid`]): equal to `parallaxis::stencil_map` on the
//! whole grid, for any stencil reaching at most one plane along z (the 7-point star, the
//! 27-point box) and every [`Boundary`].
//!
//! Per shard with `m` planes:
//! 1. The bulk: the unsharded stencil on the slab alone. Every plane but the first and last
//!    is final (its z-neighbours are in the slab); so are those two where they are the
//!    grid's own edge under `Zero` or `Clamp` (the slab's edge is the grid's, and the
//!    boundary rule reads the same planes).
//! 2. The edges: each other end plane is recomputed on a window of at most three planes, the
//!    plane and its z-neighbours (the neighbour shard's edge plane as the halo, arriving
//!    through the [`Exchange`] with the slab's own planes), and the window's middle output
//!    plane is copied over the bulk's. `Wrap` takes the halos cyclically (shard 0's lower
//!    halo is the last plane of the last shard with planes).
//!
//! So `x` stays untouched and slabs need no halo storage. The extra work per shard is at most
//! six planes moved and stencilled (against the slab's `m`), plus a few small launches; the
//! windows are small enough that they are allocated per call.

use super::grid::ShardedGrid;
use super::split::shard_range;
use super::{Exchange, Move};
use crate::{backend::StencilOps, Backend, DeviceVector, Error, Result};
use parallaxis_core::{try_push, try_with_capacity, Boundary, DeviceCopy, Semiring, Stencil};

/// `y[p] = ⊕_k w[k] ⊗ x[p + o[k]]` over the whole grid, with `x` and `y` split into the same
/// z-slabs: exactly [`parallaxis::stencil_map`](crate::stencil_map) on the unsharded grid of
/// `x.shape()`.
///
/// # Errors
/// [`Error::InvalidStencil`] when an offset reaches more than one plane along z (one halo
/// plane is exchanged); a failure of the exchange; out of memory, a device fault.
///
/// ```
/// use parallaxis::shard::{self, InMemory, ShardedGrid};
/// use parallaxis::{Sequential, ops::{Boundary, PlusTimes}};
/// let shape = [4, 3, 2];
/// let data: Vec<i64> = (0..24).map(|v| v * v % 7).collect();
/// let lap = parallaxis::star_3d([-6_i64, 1, 1, 1, 1, 1, 1]);
/// let x = ShardedGrid::<i64, Sequential>::from_slice(&data, shape, 3)?;
/// let y = shard::stencil3d(PlusTimes, &lap, Boundary::Wrap, &x, &InMemory)?;
/// let whole = parallaxis::DeviceVector::<i64, Sequential>::from_slice(&data)?;
/// let want = parallaxis::stencil_map(PlusTimes, &lap, Boundary::Wrap, shape, &whole)?;
/// assert_eq!(y.to_vec()?, want.to_vec()?);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn stencil3d<T, S, B, X, const K: usize>(
    s: S,
    stencil: &Stencil<T, 3, K>,
    boundary: Boundary,
    x: &ShardedGrid<T, B>,
    exchange: &X,
) -> Result<ShardedGrid<T, B>>
where
    T: DeviceCopy,
    S: Semiring<T>,
    B: StencilOps<T, S, 3, K>,
    X: Exchange,
{
    let edges = Edges::gather(stencil, boundary, x, exchange)?;
    let [_, ny, nx] = x.shape();
    let mut slabs = try_with_capacity(x.shards().len())?;
    for (j, (slab, planes)) in x.shards().iter().zip(x.shard_planes()).enumerate() {
        let y = B::at_home_of(slab.buffer(), || -> Result<_> {
            if slab.is_empty() {
                return DeviceVector::zeros(0);
            }
            let mut y = crate::stencil_map(s, stencil, boundary, [planes, ny, nx], slab)?;
            edges.fix(j, s, stencil, boundary, &mut y)?;
            Ok(y)
        })?;
        try_push(&mut slabs, y)?;
    }
    ShardedGrid::from_layout(slabs, x.shape(), x.first_shard(), x.shard_count())
}

/// [`stencil3d`] into an existing grid split like `x` (which may not alias it; each slab
/// on its `x` slab's device).
///
/// # Errors
/// As [`stencil3d`], and [`Error::InvalidArgument`] when `y` is not split like `x`.
pub fn stencil3d_into<T, S, B, X, const K: usize>(
    s: S,
    stencil: &Stencil<T, 3, K>,
    boundary: Boundary,
    x: &ShardedGrid<T, B>,
    y: &mut ShardedGrid<T, B>,
    exchange: &X,
) -> Result<()>
where
    T: DeviceCopy,
    S: Semiring<T>,
    B: StencilOps<T, S, 3, K>,
    X: Exchange,
{
    if !x.same_layout(y) {
        return Err(Error::InvalidArgument {
            what: "sharded stencil output",
            reason: "must have x's shape and be split into the same slabs",
        });
    }
    let edges = Edges::gather(stencil, boundary, x, exchange)?;
    let [_, ny, nx] = x.shape();
    let planes = x.shard_planes();
    for (j, (slab, out)) in x.shards().iter().zip(y.shards_mut()).enumerate() {
        if slab.is_empty() {
            continue;
        }
        B::at_home_of(slab.buffer(), || -> Result<()> {
            crate::stencil_map_into(s, stencil, boundary, [planes[j], ny, nx], slab, out)?;
            edges.fix(j, s, stencil, boundary, out)
        })?;
    }
    Ok(())
}

/// One end plane recomputed on a window of its z-neighbourhood.
#[derive(Clone, Copy, Debug)]
struct Window {
    /// The window's first plane in the shard's edge buffer.
    start: usize,
    /// Planes in the window (2 or 3).
    planes: usize,
    /// The slab plane it recomputes.
    target: usize,
    /// The target's place in the window.
    centre: usize,
}

/// The windows of every held shard, filled.
struct Edges<T: DeviceCopy, B: Backend> {
    /// Per held shard, its windows (none for an empty slab or one bounded by the grid).
    windows: Vec<Vec<Window>>,
    /// Per held shard, its windows' planes back to back, beside its slab.
    buffers: Vec<DeviceVector<T, B>>,
    /// The grid's `[ny, nx]`: every window keeps the grid's plane shape.
    sides: [usize; 2],
}

impl<T: DeviceCopy, B: Backend> Edges<T, B> {
    /// Plans every shard's windows (the same move list on every participant) and fills the
    /// held shards' through the exchange.
    fn gather<X: Exchange, const K: usize>(
        stencil: &Stencil<T, 3, K>,
        boundary: Boundary,
        x: &ShardedGrid<T, B>,
        exchange: &X,
    ) -> Result<Self> {
        if stencil.radius()[0] > 1 {
            return Err(Error::InvalidStencil {
                reason:
                    "the sharded 3D stencil exchanges one halo plane: z offsets must be in -1..=1",
            });
        }
        let [nz, ny, nx] = x.shape();
        let plane = ny * nx; // fits: the grid's size was checked
        let (k, first) = (x.shard_count(), x.first_shard());
        let mut all_windows = try_with_capacity(k)?;
        let mut moves = Vec::new();
        for g in 0..k {
            let windows = plan_shard(nz, k, g, boundary == Boundary::Wrap, plane, &mut moves)?;
            try_push(&mut all_windows, windows)?;
        }
        let mut windows = try_with_capacity(x.shards().len())?;
        let mut buffers = try_with_capacity(x.shards().len())?;
        for (j, slab) in x.shards().iter().enumerate() {
            let mine = core::mem::take(&mut all_windows[first + j]);
            let len = mine.iter().map(|w| w.planes).sum::<usize>() * plane;
            try_push(
                &mut buffers,
                B::at_home_of(slab.buffer(), || DeviceVector::zeros(len))?,
            )?;
            try_push(&mut windows, mine)?;
        }
        exchange.exchange(&moves, first, x.shards(), &mut buffers)?;
        Ok(Self {
            windows,
            buffers,
            sides: [ny, nx],
        })
    }

    /// Overwrites held shard `j`'s recomputed end planes in its output slab `y` (run at the
    /// slab's home).
    fn fix<S, const K: usize>(
        &self,
        j: usize,
        s: S,
        stencil: &Stencil<T, 3, K>,
        boundary: Boundary,
        y: &mut DeviceVector<T, B>,
    ) -> Result<()>
    where
        S: Semiring<T>,
        B: StencilOps<T, S, 3, K>,
    {
        let [ny, nx] = self.sides;
        let p = ny * nx;
        for w in &self.windows[j] {
            let window = self.buffers[j].slice(w.start * p..(w.start + w.planes) * p)?;
            let out = crate::stencil_map(s, stencil, boundary, [w.planes, ny, nx], &window)?;
            crate::copy(
                &out.slice(w.centre * p..(w.centre + 1) * p)?,
                &mut y.slice_mut(w.target * p..(w.target + 1) * p)?,
            )?;
        }
        Ok(())
    }
}

/// Shard `g`'s windows (of `k` over `nz` planes), and the moves that fill them appended to
/// `moves`: one window per end plane whose z-neighbour lies in another shard (or, under
/// `wrap`, across the grid's edge).
fn plan_shard(
    nz: usize,
    k: usize,
    g: usize,
    wrap: bool,
    plane: usize,
    moves: &mut Vec<Move>,
) -> Result<Vec<Window>> {
    let m = shard_range(nz, k, g).len();
    let mut windows = Vec::new();
    if m == 0 || plane == 0 {
        return Ok(windows);
    }
    // Shards 0..live hold planes (the split rule puts the empty ones last).
    let live = k.min(nz);
    let (below, above) = ((g + live - 1) % live, (g + 1) % live);
    let lo = usize::from(wrap || g > 0);
    let hi = usize::from(wrap || g + 1 < live);
    // The extended slab: [lower halo?] own planes [upper halo?], each as (shard, plane).
    let ext_len = m + lo + hi;
    let source = |e: usize| {
        if e < lo {
            (below, shard_range(nz, k, below).len() - 1)
        } else if e - lo < m {
            (g, e - lo)
        } else {
            (above, 0)
        }
    };
    let mut targets = [None, None];
    if lo == 1 {
        targets[0] = Some(0);
    }
    if hi == 1 && !(m == 1 && lo == 1) {
        targets[1] = Some(m - 1);
    }
    let mut at = 0;
    for t in targets.into_iter().flatten() {
        let e = t + lo;
        let (first, last) = (e.saturating_sub(1), (e + 1).min(ext_len - 1));
        for p in first..=last {
            let (from, from_plane) = source(p);
            try_push(
                moves,
                Move {
                    from,
                    from_start: from_plane * plane,
                    to: g,
                    to_start: (at + p - first) * plane,
                    len: plane,
                },
            )?;
        }
        let planes = last - first + 1;
        try_push(
            &mut windows,
            Window {
                start: at,
                planes,
                target: t,
                centre: e - first,
            },
        )?;
        at += planes;
    }
    Ok(windows)
}
