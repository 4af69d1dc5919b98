//! The packed look-back words of the single-pass scans (plain, segmented, reduce by key):
//! one grow-only device allocation that no other operation writes, tagged per launch with an
//! epoch instead of zeroed before every launch.
//!
//! Each launch gets the next epoch ([`TileStatus::epoch`]); a kernel writes it into every
//! word it publishes and reads a word carrying any other epoch as an empty tile. So the words
//! a previous launch left behind are as good as zeroed, and a scan is one kernel instead of a
//! `cuMemsetD8Async` plus a kernel: on the H100 the memset cost a scan ~4 µs of its 12-16 µs
//! at 2^16-2^20 (`benches/RESULTS.md#h100-2026-11-23-all-kernels`: a scan took 15.4 µs against
//! 11.5 µs for a one-kernel transform). The words are zeroed only when the allocation is new
//! or grows (its contents are unspecified) and once every [`LOOKBACK_EPOCH_MAX`] launches,
//! when the epochs run out.
//!
//! Why an allocation of its own: the scratch region is rewritten by other operations with
//! arbitrary bytes (reduce partials, staged values), which could carry the next epoch's bits
//! by chance. Here every 8-byte word is only ever written as a packed word (epoch and flag in
//! its low half, whatever the codec and words per tile), so a word matches an epoch only if
//! a launch with that epoch wrote it. The split layout (values other than 4 or 8 bytes) keeps
//! its flags in the scratch and zeroes them per launch.
//!
//! [`TileStatus::epoch`]: parallaxis_kernels::params::common::TileStatus::epoch

use super::access::DeviceAccess;
use super::grow_only::GrowOnly;
use crate::Result;
use cudarc::driver::{result, sys::CUdeviceptr};
use parallaxis_kernels::params::common::LOOKBACK_EPOCH_MAX;

/// Smallest allocation: 256 KiB holds the words of 2^27 f32 (16384 tiles of 8192).
const MIN_BYTES: usize = 256 << 10;

/// The words' allocation and the last epoch handed out (0: the words are all zero and no
/// launch has used them).
#[derive(Debug, Default)]
pub(crate) struct LookbackWords {
    words: GrowOnly,
    epoch: u32,
    /// Zero the words before every launch: a graph's, whose replays repeat the epochs they
    /// recorded, so words a replay left would read as published by the next.
    per_launch: bool,
}

impl LookbackWords {
    /// Words zeroed before every launch (a graph's recording).
    pub(crate) fn zeroed_per_launch() -> Self {
        Self {
            per_launch: true,
            ..Self::default()
        }
    }

    /// Frees the allocation (no work may use it any more).
    pub(crate) fn release(&mut self, dev: &impl DeviceAccess) {
        self.words.release(dev);
        self.epoch = 0;
    }

    /// At least `bytes` bytes of words and the epoch of the launch about to be queued, which
    /// no word in them carries yet. Zeroing, when needed, is queued on the stream first.
    ///
    /// The caller holds the device's scratch lock while it queues the launch that uses them
    /// (so a later growth frees them only after that launch: frees are stream-ordered).
    pub(crate) fn next(
        &mut self,
        dev: &impl DeviceAccess,
        bytes: usize,
    ) -> Result<(CUdeviceptr, u32)> {
        let during = "allocating scan look-back words";
        let (ptr, fresh) = self.words.reserve(dev, bytes, MIN_BYTES, during)?;
        // Fresh memory holds anything; used-up epochs would repeat.
        if fresh || self.per_launch || self.epoch >= LOOKBACK_EPOCH_MAX {
            self.zero(dev, ptr)?;
        }
        self.epoch += 1;
        Ok((ptr, self.epoch))
    }

    /// Skips epochs so that at most `left` launches remain before the next zeroing (never
    /// goes back to an epoch already handed out). For tests of the wrap-around.
    pub(crate) fn leave_epochs(&mut self, left: u32) {
        self.epoch = self
            .epoch
            .max(LOOKBACK_EPOCH_MAX - left.min(LOOKBACK_EPOCH_MAX));
    }

    /// Zeroes the whole allocation at `ptr` (queued before the next launch) and restarts the
    /// epochs.
    fn zero(&mut self, dev: &impl DeviceAccess, ptr: CUdeviceptr) -> Result<()> {
        // SAFETY: `ptr` holds `words.bytes()` bytes; queued on the stream after every launch
        // that used them and before the next.
        if let Err(e) = unsafe { result::memset_d8_async(ptr, 0, self.words.bytes(), dev.stream()) }
        {
            // Not zeroed: the next call tries again before handing out an epoch.
            self.epoch = LOOKBACK_EPOCH_MAX;
            return Err(dev.fail("zeroing scan look-back words", e));
        }
        self.epoch = 0;
        Ok(())
    }
}
