//! [`Exchange`] for [`Nccl`]: one process per GPU, each holding its own shards. A move
//! between two shards of this participant is a local [`copy`](crate::copy); the others are
//! NCCL sends and receives, all in one group (`Communicator::exchange`), on the legacy
//! stream that parallaxis's kernels use, so they follow the work that made the source shards.
//! Every participant passes the same moves in the same order, so the sends and receives
//! between two ranks match one for one.

use super::{Exchange, Move, Nccl};
use crate::device::nccl::Transfer;
use crate::device::DeviceBuffer;
use crate::{Backend, Cuda, DeviceVector, Error, Result};
use core::any::Any;
use core::ops::Range;
use parallaxis_core::{try_push, try_with_capacity, DeviceCopy};

/// `v` as the CUDA vector it must be for NCCL to reach its memory.
fn on_cuda<T: DeviceCopy, B: Backend>(v: &DeviceVector<T, B>) -> Result<&DeviceVector<T, Cuda>> {
    (v as &dyn Any).downcast_ref().ok_or_else(not_cuda)
}

fn not_cuda() -> Error {
    Error::InvalidArgument {
        what: "NCCL exchange shards",
        reason: "must be CUDA vectors (parallaxis::Cuda)",
    }
}

/// `start..start + len` when it lies in `0..limit`.
fn inside(what: &'static str, start: usize, len: usize, limit: usize) -> Result<Range<usize>> {
    match start.checked_add(len) {
        Some(end) if end <= limit => Ok(start..end),
        _ => Err(Error::IndexOutOfRange {
            what,
            at: 0,
            index: start.saturating_add(len),
            len: limit,
        }),
    }
}

// SAFETY: every move is a grouped NCCL send and receive of the whole range; a failed
// group returns an error.
unsafe impl Exchange for Nccl {
    fn exchange<T: DeviceCopy, B: Backend>(
        &self,
        moves: &[Move],
        first: usize,
        src: &[DeviceVector<T, B>],
        dst: &mut [DeviceVector<T, B>],
    ) -> Result<()> {
        // Every rank holds as many shards as this one (as for the collectives), so shard
        // `s` lives on rank `s / held`.
        let held = src.len().max(dst.len()).max(1);
        let shards = held * self.world();
        let here = |s: usize| s.checked_sub(first).filter(|&i| i < held);
        let (mut sends, mut recvs) = (Vec::new(), Vec::new());
        let mut local = Vec::new();
        for m in moves {
            for (what, s) in [
                ("move source shard", m.from),
                ("move destination shard", m.to),
            ] {
                if s >= shards {
                    return Err(Error::IndexOutOfRange {
                        what,
                        at: 0,
                        index: s,
                        len: shards,
                    });
                }
            }
            let (from, to) = (here(m.from), here(m.to));
            let source = match from {
                Some(i) => {
                    let v = src.get(i).ok_or_else(|| held_nowhere(m.from, src.len()))?;
                    Some((
                        i,
                        inside("move source range", m.from_start, m.len, v.len())?,
                    ))
                }
                None => None,
            };
            let target = match to {
                Some(i) => {
                    let v = dst.get(i).ok_or_else(|| held_nowhere(m.to, dst.len()))?;
                    Some((
                        i,
                        inside("move destination range", m.to_start, m.len, v.len())?,
                    ))
                }
                None => None,
            };
            match (source, target) {
                (Some(s), Some(t)) => try_push(&mut local, (s, t))?,
                (Some((buffer, range)), None) => try_push(
                    &mut sends,
                    Transfer {
                        peer: m.to / held,
                        buffer,
                        range,
                    },
                )?,
                (None, Some((buffer, range))) => try_push(
                    &mut recvs,
                    Transfer {
                        peer: m.from / held,
                        buffer,
                        range,
                    },
                )?,
                (None, None) => {}
            }
        }
        for ((i, from), (j, to)) in local.into_iter().filter(|(s, _)| !s.1.is_empty()) {
            crate::copy(&src[i].slice(from)?, &mut dst[j].slice_mut(to)?)?;
        }
        if sends.is_empty() && recvs.is_empty() {
            return Ok(());
        }
        let mut send_from: Vec<&DeviceBuffer<T>> = try_with_capacity(src.len())?;
        for v in src {
            try_push(&mut send_from, on_cuda(v)?.buffer())?;
        }
        let mut recv_into: Vec<&mut DeviceBuffer<T>> = try_with_capacity(dst.len())?;
        for v in dst.iter_mut() {
            let v: &mut DeviceVector<T, Cuda> =
                (v as &mut dyn Any).downcast_mut().ok_or_else(not_cuda)?;
            try_push(&mut recv_into, v.buffer_mut())?;
        }
        self.communicator()
            .exchange(&send_from, &sends, &mut recv_into, &recvs)
    }
}

fn held_nowhere(shard: usize, len: usize) -> Error {
    Error::IndexOutOfRange {
        what: "move shard held here",
        at: 0,
        index: shard,
        len,
    }
}
