//! [`Exchange`]: moving elements between shards, the step the sharded algorithms that are not
//! a local pass plus one value per shard need: SpMV gathers the whole `x` beside every row
//! block, the 3D stencil brings each slab its neighbours' boundary planes, the sort sends
//! each bucket to its shard.
//!
//! Every participant passes the same list of [`Move`]s (each derived from values every
//! participant knows: the split rule, the all-gathered counts); each carries out the moves
//! that touch the shards it holds. With [`InMemory`] the participant holds every shard and
//! a move is a [`copy`](crate::copy) (on CUDA between the GPUs of the process, directly over
//! NVLink or PCIe where the devices reach each other). One process per GPU maps a move onto
//! NCCL's point-to-point send and receive.

use super::InMemory;
use crate::{view::Output, Backend, DeviceVector, Error, Result};
use parallaxis_core::DeviceCopy;

/// `len` elements from shard `from`'s source vector, at `from_start`, to shard `to`'s
/// destination vector, at `to_start`. Shards are numbered over every participant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// The sending shard.
    pub from: usize,
    /// The first element sent, in the sender's source vector.
    pub from_start: usize,
    /// The receiving shard.
    pub to: usize,
    /// Where the first element lands, in the receiver's destination vector.
    pub to_start: usize,
    /// How many elements move.
    pub len: usize,
}

/// Carries out [`Move`]s between the shards of a run.
///
/// ```
/// use parallaxis::shard::{Exchange, InMemory, Move};
/// use parallaxis::{DeviceVector, Sequential};
/// let src = [
///     DeviceVector::<u8, Sequential>::from_slice(&[1, 2])?,
///     DeviceVector::from_slice(&[3, 4])?,
/// ];
/// let mut dst = [DeviceVector::zeros(3)?, DeviceVector::zeros(3)?];
/// // Each shard receives the other's first element after its own last one.
/// let moves = [
///     Move { from: 0, from_start: 1, to: 0, to_start: 0, len: 1 },
///     Move { from: 1, from_start: 0, to: 0, to_start: 1, len: 1 },
///     Move { from: 1, from_start: 1, to: 1, to_start: 0, len: 1 },
///     Move { from: 0, from_start: 0, to: 1, to_start: 1, len: 1 },
/// ];
/// InMemory.exchange(&moves, 0, &src, &mut dst)?;
/// assert_eq!(dst[0].to_vec()?, [2, 3, 0]);
/// assert_eq!(dst[1].to_vec()?, [4, 1, 0]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
///
/// # Safety
/// When [`exchange`](Self::exchange) returns `Ok`, every element of every move's destination
/// range on a shard held here has been written with the move's source elements. The sharded
/// sort allocates its buckets without initialising them and reads them after the exchange,
/// so a move left undone would be a read of uninitialised (on a GPU, device) memory.
///
/// ```compile_fail,E0200
/// use parallaxis::shard::{Exchange, InMemory, Move};
/// use parallaxis::{Backend, DeviceCopy, DeviceVector, Result};
/// struct Mine;
/// impl Exchange for Mine {
///     fn exchange<T: DeviceCopy, B: Backend>(&self, moves: &[Move], first: usize,
///         src: &[DeviceVector<T, B>], dst: &mut [DeviceVector<T, B>]) -> Result<()> {
///         InMemory.exchange(moves, first, src, dst)
///     }
/// }
/// ```
pub unsafe trait Exchange {
    /// Carries out every move from or to a shard held here. `src[i]` and `dst[i]` belong to
    /// shard `first + i`; every participant passes the same `moves`.
    ///
    /// # Errors
    /// [`Error::IndexOutOfRange`] when a move reaches past its vectors, or names a shard held
    /// nowhere (checked before anything moves); a device fault or a communication failure.
    fn exchange<T: DeviceCopy, B: Backend>(
        &self,
        moves: &[Move],
        first: usize,
        src: &[DeviceVector<T, B>],
        dst: &mut [DeviceVector<T, B>],
    ) -> Result<()>;
}

// SAFETY: `exchange` checks every move first and copies each one whole, or returns an error.
unsafe impl Exchange for InMemory {
    fn exchange<T: DeviceCopy, B: Backend>(
        &self,
        moves: &[Move],
        first: usize,
        src: &[DeviceVector<T, B>],
        dst: &mut [DeviceVector<T, B>],
    ) -> Result<()> {
        for m in moves {
            check_move(m, first, src, dst)?;
        }
        // The moves between shards first, then those within a shard. On CUDA a copy between
        // GPUs waits for all work queued on both (`cuMemcpyPeer`), so a copy within a shard
        // queued before it would chain the GPUs' local copies one after another; queued after
        // the last copy between GPUs, they run on every GPU at once.
        let between = moves.iter().filter(|m| m.from != m.to);
        let within = moves.iter().filter(|m| m.from == m.to);
        for m in between.chain(within).filter(|m| m.len > 0) {
            // Ranges of the whole vectors, not views: a view at an unaligned start would stage
            // a copy of its range on the GPU (`parallaxis_device`'s view docs).
            let from = src[m.from - first].buffer();
            let to = dst[m.to - first].buffer_out(crate::backend::TOKEN);
            B::copy_range(from, m.from_start, to, m.to_start, m.len)?;
        }
        Ok(())
    }
}

/// `Ok` when both ends of `m` are held here and its ranges lie inside their vectors.
pub(super) fn check_move<T: DeviceCopy, B: Backend>(
    m: &Move,
    first: usize,
    src: &[DeviceVector<T, B>],
    dst: &[DeviceVector<T, B>],
) -> Result<()> {
    let held = |what, shard: usize, len: usize| {
        shard
            .checked_sub(first)
            .filter(|&i| i < len)
            .ok_or(Error::IndexOutOfRange {
                what,
                at: 0,
                index: shard,
                len: first + len,
            })
    };
    let inside = |what, v: &DeviceVector<T, B>, start: usize| {
        let fits = start.checked_add(m.len).is_some_and(|end| end <= v.len());
        if fits {
            Ok(())
        } else {
            Err(Error::IndexOutOfRange {
                what,
                at: 0,
                index: start.saturating_add(m.len),
                len: v.len(),
            })
        }
    };
    inside(
        "move source range",
        &src[held("move source shard", m.from, src.len())?],
        m.from_start,
    )?;
    inside(
        "move destination range",
        &dst[held("move destination shard", m.to, dst.len())?],
        m.to_start,
    )
}
