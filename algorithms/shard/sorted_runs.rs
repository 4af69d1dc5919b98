//! The sorted runs a shard holds after the sharded sort's exchange (`sort.rs`, step 4): its
//! own part of its bucket, in place in its sorted shard, and the other shards' parts in its
//! receive buffer; and the pairwise merge tree that makes them one sorted bucket.

use super::buckets::Buckets;
use crate::{view::View, Backend, DeviceVector, Result};
use parallaxis_core::{try_push, try_with_capacity, DeviceCopy};

/// A sorted run: part of a vector, or a merge's output.
pub(super) enum Run<'a, T: DeviceCopy, B: Backend> {
    Part(View<'a, T, B>),
    Whole(DeviceVector<T, B>),
}

impl<T: DeviceCopy, B: Backend> Run<'_, T, B> {
    /// The run as a vector of its own (a part is copied).
    pub(super) fn into_owned(self) -> Result<DeviceVector<T, B>> {
        match self {
            Self::Whole(v) => Ok(v),
            Self::Part(v) => {
                // SAFETY: the copy writes every element; on an error `out` is dropped unread.
                let mut out = unsafe { DeviceVector::<T, B>::for_overwrite(v.len()) }?;
                crate::copy(&v, &mut out)?;
                Ok(out)
            }
        }
    }
}

/// The non-empty parts of shard `g`'s bucket, in shard order: its own in `local` (the sorted
/// shard), the others in `received`.
pub(super) fn parts<'a, T: DeviceCopy, B: Backend>(
    local: &'a DeviceVector<T, B>,
    received: &'a DeviceVector<T, B>,
    g: usize,
    buckets: &Buckets,
) -> Result<Vec<View<'a, T, B>>> {
    let k = buckets.shards();
    let mut parts = try_with_capacity(k)?;
    for from in 0..k {
        let part = if from == g {
            local.slice(buckets.run(g, g))?
        } else {
            let at = buckets.received_at(from, g);
            received.slice(at..at + buckets.run(from, g).len())?
        };
        if !part.is_empty() {
            try_push(&mut parts, part)?;
        }
    }
    Ok(parts)
}

/// The runs merged pairwise, neighbours first (`log2` of their count rounds), so the order
/// of the runs is kept among equal keys when `merge` keeps `a`'s first; an empty vector's
/// run when there are none. Generic over what a run is: keys alone, or keys with values.
pub(super) fn merge_tree<R: Empty>(
    mut runs: Vec<R>,
    merge: impl Fn(&R, &R) -> Result<R>,
) -> Result<R> {
    while runs.len() > 1 {
        let mut next = try_with_capacity(runs.len().div_ceil(2))?;
        let mut pending = runs.into_iter();
        while let Some(a) = pending.next() {
            let merged = match pending.next() {
                Some(b) => merge(&a, &b)?,
                None => a,
            };
            try_push(&mut next, merged)?;
        }
        runs = next;
    }
    match runs.pop() {
        Some(run) => Ok(run),
        None => R::empty(),
    }
}

/// A run of no elements.
pub(super) trait Empty: Sized {
    fn empty() -> Result<Self>;
}

impl<T: DeviceCopy, B: Backend> Empty for Run<'_, T, B> {
    fn empty() -> Result<Self> {
        Ok(Self::Whole(DeviceVector::zeros(0)?))
    }
}

impl<A: Empty, C: Empty> Empty for (A, C) {
    fn empty() -> Result<Self> {
        Ok((A::empty()?, C::empty()?))
    }
}
