//! Scratch plans: where one operation's temporaries lie in the device's scratch, and the
//! decoupled look-back state every single-pass scan kernel (plain, segmented, reduce by key)
//! chains its tiles through.

use crate::buffer::device_ptr_mut;
use crate::device::Device;
use crate::error::Result;
use crate::scratch::align_up;
use crate::STREAM;
use cudarc::driver::{result, sys::CUdeviceptr};
use parallax_kernels::params::TileStatus;
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

    /// Look-back state of a scan over `n` values of `V` in tiles of `tile_items` items: the
    /// ticket counter (16 bytes) and one status word per tile (to be zeroed), then for the
    /// split layout the tile aggregates and inclusive prefixes. `packed_words` must be the
    /// kernel codec's choice (`tuning::packed_words` of the element type for plain and
    /// segmented scans, `packed_run_words` for reduce by key; 0 for the split layout).
    /// Tiles of 4096 f32: 2^28 f32 makes 65536 tiles, 512 KiB of packed words.
    pub(super) fn state<V>(&mut self, n: u64, tile_items: u64, packed_words: usize) -> State {
        let tiles = n.div_ceil(tile_items);
        let word_bytes = 16
            + tiles as usize
                * if packed_words > 0 {
                    8 * packed_words
                } else {
                    4
                };
        let words = self.take(word_bytes);
        let (aggregates, inclusives) = if packed_words > 0 {
            (None, None)
        } else {
            let values = tiles as usize * size_of::<V>();
            (Some(self.take(values)), Some(self.take(values)))
        };
        State {
            tiles,
            words,
            word_bytes,
            aggregates,
            inclusives,
            tickets: tile_order() == TileOrder::Tickets,
        }
    }

    /// Reserves the plan's bytes in the device's scratch; returns the base address.
    pub(super) fn reserve(
        &self,
        dev: &Device,
        scratch: &mut crate::scratch::Scratch,
    ) -> Result<CUdeviceptr> {
        scratch.reserve(dev, self.bytes.max(1))
    }
}

/// Where a scan's look-back state lies in scratch (offsets from the base).
#[derive(Clone, Copy)]
pub(super) struct State {
    /// Tiles (blocks) of the scan.
    pub(super) tiles: u64,
    words: usize,
    word_bytes: usize,
    aggregates: Option<usize>,
    inclusives: Option<usize>,
    tickets: bool,
}

impl State {
    /// Zeroes the counter and status words (queued on the stream before the scan).
    pub(super) fn zero(self, dev: &Device, base: CUdeviceptr) -> Result<()> {
        // SAFETY: the region lies inside the reserved scratch, locked by the caller while it
        // queues; queued before the kernel that reads it.
        unsafe { result::memset_d8_async(base + self.words as u64, 0, self.word_bytes, STREAM) }
            .map_err(|e| dev.fail("zeroing scan tile states", e))
    }

    /// The kernel's view of the state.
    pub(super) fn status<V>(self, base: CUdeviceptr) -> TileStatus<V> {
        let at = |offset: Option<usize>| match offset {
            Some(o) => device_ptr_mut(base + o as u64),
            None => std::ptr::null_mut(),
        };
        let words = base + self.words as u64 + 16;
        let packed = self.aggregates.is_none();
        TileStatus {
            words: if packed {
                device_ptr_mut(words)
            } else {
                std::ptr::null_mut()
            },
            flags: if packed {
                std::ptr::null_mut()
            } else {
                device_ptr_mut(words)
            },
            aggregates: at(self.aggregates),
            inclusives: at(self.inclusives),
            counter: if self.tickets {
                device_ptr_mut(base + self.words as u64)
            } else {
                std::ptr::null_mut()
            },
        }
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
