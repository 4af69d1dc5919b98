//! [`Collective`]: the communication the sharded algorithms need, and [`InMemory`], its
//! implementation for shards that all live in one process (the CPU backends).

use crate::{Error, Result};
use parallaxis_core::{DeviceCopy, Monoid};

/// The exchanges between shards that the sharded algorithms make: each exchanges one small
/// value per shard (a shard's total, its carry), never the shards' elements.
///
/// A participant holds some of the shards (with [`InMemory`] all of them; with NCCL, one
/// process or thread per GPU, one each) and passes one value per shard it holds, in shard
/// order (`local`). The methods map onto NCCL's collectives:
///
/// | method         | NCCL                                 |
/// |----------------|--------------------------------------|
/// | [`all_gather`](Self::all_gather) | `ncclAllGather` (one value per rank, all ranks get all) |
/// | [`broadcast`](Self::broadcast)   | `ncclBroadcast` from the root's rank                  |
/// | [`all_reduce`](Self::all_reduce) | provided: `all_gather`, then a fold in shard order; an implementation may use `ncclAllReduce` instead only for a commutative monoid that is one of NCCL's reduction ops (`ncclSum`, `ncclProd`, `ncclMin`, `ncclMax`) on a type NCCL has |
///
/// `ncclAllReduce` combines ranks in an order of its choosing, so the provided fold is the
/// only correct form for a non-commutative monoid ([`Affine`](crate::ops::Affine)).
///
/// ```
/// use parallaxis::shard::{Collective, InMemory};
/// use parallaxis::ops::Sum;
/// assert_eq!(InMemory.all_gather(&[3, 1, 4])?, [3, 1, 4]);
/// assert_eq!(InMemory.broadcast(2, &[3, 1, 4])?, 4);
/// assert_eq!(InMemory.all_reduce(Sum, &[3, 1, 4])?, 8);
/// # Ok::<(), parallaxis::Error>(())
/// ```
///
/// # Safety
/// On `Ok`, [`all_gather`](Self::all_gather) returns the values the participants passed, in
/// shard order, and [`broadcast`](Self::broadcast) the root's, the same on every participant.
/// The sharded sort sizes uninitialised buckets from gathered counts and fills them through
/// an [`Exchange`](super::Exchange) planned from the same counts; counts that differ
/// between participants would leave bucket elements unwritten and then read.
///
/// ```compile_fail,E0200
/// use parallaxis::shard::{Collective, InMemory};
/// use parallaxis::{DeviceCopy, Result};
/// struct Mine;
/// impl Collective for Mine {
///     fn all_gather<T: DeviceCopy>(&self, local: &[T]) -> Result<Vec<T>> {
///         InMemory.all_gather(local)
///     }
///     fn broadcast<T: DeviceCopy>(&self, root: usize, local: &[T]) -> Result<T> {
///         InMemory.broadcast(root, local)
///     }
/// }
/// ```
pub unsafe trait Collective {
    /// Every shard's value, in shard order, on every participant.
    ///
    /// # Errors
    /// Out of memory; a communication failure.
    fn all_gather<T: DeviceCopy>(&self, local: &[T]) -> Result<Vec<T>>;

    /// The value of shard `root`, on every participant.
    ///
    /// # Errors
    /// [`Error::IndexOutOfRange`] when there is no shard `root`; a communication failure.
    fn broadcast<T: DeviceCopy>(&self, root: usize, local: &[T]) -> Result<T>;

    /// `identity ⊕ v[0] ⊕ ... ⊕ v[k-1]` over every shard's value `v[j]`, combined in shard
    /// order (the monoid need not commute), on every participant.
    ///
    /// # Errors
    /// As [`all_gather`](Self::all_gather).
    fn all_reduce<T: DeviceCopy, M: Monoid<T>>(&self, m: M, local: &[T]) -> Result<T> {
        let all = self.all_gather(local)?;
        Ok(all
            .into_iter()
            .fold(m.identity(), |acc, v| m.combine(acc, v)))
    }
}

/// The [`Collective`] of shards that live in one process: the participant holds every
/// shard, so `local` is already every shard's value and each exchange just reads it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InMemory;

// SAFETY: one participant holds every shard: it returns `local` itself, or an error.
unsafe impl Collective for InMemory {
    fn all_gather<T: DeviceCopy>(&self, local: &[T]) -> Result<Vec<T>> {
        parallaxis_core::try_to_vec(local)
    }

    fn broadcast<T: DeviceCopy>(&self, root: usize, local: &[T]) -> Result<T> {
        local.get(root).copied().ok_or(Error::IndexOutOfRange {
            what: "broadcast root",
            at: 0,
            index: root,
            len: local.len(),
        })
    }
}
