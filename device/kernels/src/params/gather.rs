//! Parameters of the data-movement kernels: gather, scatter, reverse, and the map check.
//! Values move as `per` words of `W` each (`W` of 1, 2, 4, 8 or 16 bytes: any element type
//! is a whole number of the largest word that divides its size).

/// `dst[i] = src[map[i]]` (gather) or `dst[map[i]] = src[i]` (scatter) for `i < n` where
/// `stencil` is null or `stencil[i]`; each element is `per` words.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct MoveParams<I, W> {
    /// The index map, `n` entries.
    pub map: *const I,
    /// Null, or `n` flags selecting the positions that move.
    pub stencil: *const bool,
    /// Source elements.
    pub src: *const W,
    /// Destination elements.
    pub dst: *mut W,
    /// Number of map entries.
    pub n: u64,
    /// Words per element.
    pub per: u64,
}

/// `dst[i] = src[n - 1 - i]` for `i < n`; each element is `per` words.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ReverseParams<W> {
    /// Source, `n` elements.
    pub src: *const W,
    /// Destination, `n` elements.
    pub dst: *mut W,
    /// Number of elements.
    pub n: u64,
    /// Words per element.
    pub per: u64,
}

/// `dst[i * pitch + offset + j] = src[i * per + j]` for `i < n`, `j < per` (in words): one
/// field of an array of `#[repr(C)]` structs written from a plain array (a `zip` of stored
/// sequences written out as `Pair`s or `Triple`s, one field at a time).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct InterleaveParams<W> {
    /// Source, `n` elements of `per` words.
    pub src: *const W,
    /// Destination, `n` structs of `pitch` words.
    pub dst: *mut W,
    /// Number of elements.
    pub n: u64,
    /// Words per element.
    pub per: u64,
    /// Words per struct of the destination.
    pub pitch: u64,
    /// The field's first word within its struct.
    pub offset: u64,
}

/// Lowers `*first_bad` to the least position `i < n` (where `stencil` is null or
/// `stencil[i]`) with `map[i] >= len`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct CheckMapParams<I> {
    /// The index map, `n` entries.
    pub map: *const I,
    /// Null, or `n` flags selecting the positions to check.
    pub stencil: *const bool,
    /// Number of map entries.
    pub n: u64,
    /// The length the indices must stay below.
    pub len: u64,
    /// One word, `u64::MAX` before the launch.
    pub first_bad: *mut u64,
}

/// A 16-byte word (16-byte aligned: one `v4` access).
#[repr(C, align(16))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Word16(pub [u32; 4]);
