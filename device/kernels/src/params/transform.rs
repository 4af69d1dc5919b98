//! Parameters of the element-wise kernels: transform, transform2, tabulate and fill.

/// `y[i] = f(x[i])` for `i < n`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct TransformParams<A, O, F> {
    /// Input, `n` elements.
    pub x: *const A,
    /// Output, `n` elements.
    pub y: *mut O,
    /// Number of elements.
    pub n: u64,
    /// The unary functor.
    pub f: F,
}

/// `y[i] = f(a[i], b[i])` for `i < n`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct Transform2Params<A, B, O, F> {
    /// First input, `n` elements.
    pub a: *const A,
    /// Second input, `n` elements.
    pub b: *const B,
    /// Output, `n` elements.
    pub y: *mut O,
    /// Number of elements.
    pub n: u64,
    /// The binary functor.
    pub f: F,
}

/// `y[i] = f(i)` for `i < n`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct TabulateParams<O, F> {
    /// Output, `n` elements.
    pub y: *mut O,
    /// Number of elements.
    pub n: u64,
    /// The index functor.
    pub f: F,
}

/// Repeats a `period`-word pattern `count` times: `y[e * period + w] = pattern[w]`.
/// `fill` of any `DeviceCopy` element goes through this with `W = u32` (element size a
/// multiple of 4) or `W = u8`, so fill never reads a value's bytes as a typed integer on the
/// host.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct FillParams<W> {
    /// Output, `count * period` words.
    pub y: *mut W,
    /// Number of elements (pattern repetitions).
    pub count: u64,
    /// The element's bytes as words, in device memory.
    pub pattern: *const W,
    /// Words per element.
    pub period: u64,
}
