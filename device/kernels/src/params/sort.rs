//! Parameters of the radix sort kernels (`kernels/sort/`): the histogram of every digit, the
//! scan of the histograms into bin starts, and one onesweep pass per digit and portion.

/// `radix_histogram`: the counts of every digit of `n` keys.
///
/// PTX: `parallax_radix_histogram__Key__<K>`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct RadixHistParams<K> {
    /// The keys.
    pub keys: *const K,
    /// Their number (> 0).
    pub n: u64,
    /// `[pass][bin]` counts, `size_of::<K>() · 256` zeroed `u64`s, added to atomically.
    pub counts: *mut u64,
    /// The sorted bits of the (flipped) order bits, in the low bits: every other bit is
    /// cleared before the digits are taken, so it counts in bin 0.
    pub keep: u64,
    /// 1: the digits of descending order (the key bits inverted).
    pub descending: u32,
}

/// `radix_offsets`: `starts[pass][bin]` = the exclusive scan over bins of `counts[pass]`,
/// for `passes` passes; one block.
///
/// PTX: `parallax_radix_offsets__Bins__u64`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct RadixOffsetsParams {
    /// `[pass][bin]` counts.
    pub counts: *const u64,
    /// `[pass][bin]` bin starts.
    pub starts: *mut u64,
    /// Number of passes (the key's bytes).
    pub passes: u32,
}

/// One onesweep pass over one portion: ranks every tile's keys by the digit at `shift`,
/// chains the tiles' per-bin counts through the look-back words and scatters keys (and
/// values) stably to `bins_in[bin]` + the count of that bin before them in the portion.
///
/// PTX: `parallax_radix_pass__<K>__V0` (keys alone), `..__V4`, `..__V8` (4- and 8-byte
/// values, moved as words).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct RadixPassParams<K, V> {
    /// The portion's keys (the pass's input at the portion's first index).
    pub keys_in: *const K,
    /// The whole output (destinations are global indices).
    pub keys_out: *mut K,
    /// The portion's values (unused for `V0`).
    pub values_in: *const V,
    /// The whole value output.
    pub values_out: *mut V,
    /// Keys in the portion (> 0).
    pub n: u64,
    /// Per bin, where the portion's first key of that bin goes.
    pub bins_in: *const u64,
    /// Per bin, where the next portion's first key of that bin goes: written by the
    /// portion's last tile.
    pub bins_out: *mut u64,
    /// `tiles · 256` zeroed look-back words.
    pub lookback: *mut u32,
    /// The sorted bits, as [`RadixHistParams::keep`].
    pub keep: u64,
    /// The digit's lowest bit.
    pub shift: u32,
    /// 1: descending (the key bits inverted).
    pub descending: u32,
}
