//! Scratch plans: where one operation's temporaries lie in the device's scratch, and the
//! decoupled look-back state every single-pass scan kernel (plain, segmented, reduce by key)
//! chains its tiles through.

use crate::buffer::device_ptr_mut;
use crate::context::Device;
use crate::context::{align_up, Scratch};
use crate::Result;
use cudarc::driver::{result, sys::CUdeviceptr};
use parallaxis_kernels::params::common::TileStatus;
use std::mem::size_of;
use std::sync::OnceLock;

/// Scratch regions of one operation, as 256-byte aligned offsets from the scratch base.
#[derive(Default)]
pub(super) struct Plan {
    bytes: usize,
}

impl Plan {
    /// Room for `bytes` more bytes; returns their offset.
    pub(super) fn take(&mut self, bytes: usize) -> usize {
        let at = self.bytes;
        self.bytes = align_up(at + bytes);
        at
    }

    /// Look-back state of a scan over `n` values of `V` in tiles of `tile_items` items: in
    /// the scratch the ticket counter (16 bytes, zeroed per launch), then for the split
    /// layout one flag per tile (zeroed per launch), the tile aggregates and inclusive
    /// prefixes; the packed layout's words live in the look-back words instead
    /// (`lookback_words.rs`: tagged per launch, not zeroed). `packed_words` must be the kernel
    /// codec's choice (`policy::lookback::packed_words` of the element type for plain and segmented
    /// scans, `packed_run_words` for reduce by key; 0 for the split layout). Tiles of 8192
    /// f32: 2^28 f32 makes 32768 tiles, 256 KiB of packed words.
    pub(super) fn state<V>(&mut self, n: u64, tile_items: u64, packed_words: usize) -> State {
        let tiles = n.div_ceil(tile_items);
        let tickets = tile_order() == TileOrder::Tickets;
        let packed_bytes = tiles as usize * 8 * packed_words;
        // The counter's 16 bytes, then the split layout's flags. Zeroed per launch: the flags
        // always, the counter only when tickets are on.
        let (region, zero_bytes) = match (packed_words > 0, tickets) {
            (true, false) => (16, 0),
            (true, true) => (16, 16),
            (false, _) => (16 + tiles as usize * 4, 16 + tiles as usize * 4),
        };
        let zeroed = self.take(region);
        let (aggregates, inclusives) = if packed_words > 0 {
            (None, None)
        } else {
            let values = tiles as usize * size_of::<V>();
            (Some(self.take(values)), Some(self.take(values)))
        };
        State {
            tiles,
            zeroed,
            zero_bytes,
            packed_bytes,
            aggregates,
            inclusives,
            tickets,
        }
    }

    /// Reserves the plan's bytes in the device's scratch; returns the base address.
    pub(super) fn reserve(&self, dev: &Device, scratch: &mut Scratch) -> Result<CUdeviceptr> {
        scratch.reserve(dev, self.bytes.max(1))
    }
}

/// Where a scan's look-back state lies: offsets from the scratch base, and the size of its
/// packed words.
#[derive(Clone, Copy)]
pub(super) struct State {
    /// Tiles (blocks) of the scan.
    pub(super) tiles: u64,
    /// The ticket counter (16 bytes), then the split layout's flags.
    zeroed: usize,
    /// Bytes from `zeroed` to zero before each launch.
    zero_bytes: usize,
    /// Bytes of packed words (0: the split layout).
    packed_bytes: usize,
    aggregates: Option<usize>,
    inclusives: Option<usize>,
    tickets: bool,
}

impl State {
    /// Readies the state for one launch and returns the kernel's view of it: the packed
    /// words with a fresh epoch (no zeroing), or the split layout's flags zeroed; the ticket
    /// counter zeroed when tickets are on. Zeroing is queued on the stream before the scan.
    ///
    /// The caller holds `scratch` (whose base is `base`) until it has queued the launch.
    pub(super) fn ready<V>(
        self,
        dev: &Device,
        scratch: &mut Scratch,
        base: CUdeviceptr,
    ) -> Result<TileStatus<V>> {
        let at = |offset: Option<usize>| match offset {
            Some(o) => device_ptr_mut(base + o as u64),
            None => std::ptr::null_mut(),
        };
        let zeroed = base + self.zeroed as u64;
        let (words, flags, epoch) = if self.packed_bytes > 0 {
            let (words, epoch) = scratch.lookback.next(dev, self.packed_bytes)?;
            (device_ptr_mut(words), std::ptr::null_mut(), epoch)
        } else {
            (std::ptr::null_mut(), device_ptr_mut(zeroed + 16), 0)
        };
        // The packed layout without tickets needs no zeroing at all.
        if self.zero_bytes > 0 {
            // SAFETY: the region lies inside the reserved scratch, locked by the caller while
            // it queues; queued before the kernel that reads it.
            unsafe { result::memset_d8_async(zeroed, 0, self.zero_bytes, dev.stream()) }
                .map_err(|e| dev.fail("zeroing scan tile states", e))?;
        }
        Ok(TileStatus {
            words,
            flags,
            aggregates: at(self.aggregates),
            inclusives: at(self.inclusives),
            counter: if self.tickets {
                device_ptr_mut(zeroed)
            } else {
                std::ptr::null_mut()
            },
            epoch,
        })
    }
}

/// How scan blocks find their tile (see [`TileStatus`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TileOrder {
    /// Tile = block index: blocks start in index order on NVIDIA GPUs (the assumption CUB's
    /// scans make), so no ticket is needed. The default: it saves every block one atomic
    /// round trip and a barrier before its first load.
    BlockIndex,
    /// Each block draws the next tile from a counter as it starts, so a tile only waits on
    /// blocks already running whatever the dispatch order. Chosen with the environment
    /// variable `PARALLAX_SCAN_TICKETS=1`, read once per process.
    Tickets,
}

/// The process's [`TileOrder`].
pub fn tile_order() -> TileOrder {
    static ORDER: OnceLock<TileOrder> = OnceLock::new();
    *ORDER.get_or_init(|| match std::env::var("PARALLAX_SCAN_TICKETS") {
        Ok(v) if v == "1" => TileOrder::Tickets,
        _ => TileOrder::BlockIndex,
    })
}
