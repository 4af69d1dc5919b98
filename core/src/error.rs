//! The one error type of parallaxis (feature `alloc`): every backend returns it, and the
//! facade re-exports it as `parallaxis::Error`, so each variant is written once.

extern crate alloc;
use alloc::string::String;
use thiserror::Error;

/// Everything a caller can trigger. Library code returns these instead of panicking, and an
/// operation that fails has written nothing to its outputs. The CUDA variants (`NoDriver`
/// through `DeviceMismatch`) come from the CUDA backend, `parallaxis-device`.
///
/// ```
/// use parallaxis_core::Error;
/// // Match on what went wrong; `Display` says it in words.
/// let e = Error::LengthMismatch { what: "transform2 y", expected: 3, actual: 2 };
/// assert!(matches!(e, Error::LengthMismatch { expected: 3, .. }));
/// assert_eq!(e.to_string(), "length mismatch in transform2 y: expected 3, got 2");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum Error {
    /// Two inputs, or an input and an output, that must agree in length do not.
    #[error("length mismatch in {what}: expected {expected}, got {actual}")]
    LengthMismatch {
        /// Which argument was wrong.
        what: &'static str,
        /// The length it must have.
        expected: usize,
        /// The length it has.
        actual: usize,
    },
    /// A sparse matrix's arrays do not describe a valid matrix of its format.
    #[error("invalid {format} structure: {problem}")]
    InvalidSparse {
        /// `"CSR"`, `"ELL"`, `"COO"` or `"HYB"`.
        format: &'static str,
        /// What is wrong, and where.
        problem: SparseProblem,
    },
    /// Segment offsets that do not start at 0, end at the input length, or never decrease.
    #[error("invalid segment offsets: {problem}")]
    InvalidOffsets {
        /// What is wrong, and where.
        problem: SparseProblem,
    },
    /// A stencil or convolution mask that cannot be applied (even sizes, shape and point
    /// count that disagree, or a grid whose size overflows `usize`).
    #[error("invalid stencil: {reason}")]
    InvalidStencil {
        /// What is wrong.
        reason: &'static str,
    },
    /// A Matrix Market file that cannot be read.
    #[error("Matrix Market, line {line}: {reason}")]
    MatrixMarket {
        /// 1-based line number (0 when the file could not be read at all).
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// No CUDA driver library (`libcuda.so`) could be loaded, or `cuInit` failed.
    #[error("no CUDA driver found: {reason}")]
    NoDriver {
        /// What the loader or the driver said.
        reason: String,
    },
    /// No CUDA device at the requested ordinal.
    #[error("no CUDA device {ordinal} (found {count})")]
    NoDevice {
        /// The requested ordinal.
        ordinal: usize,
        /// How many devices the driver reports.
        count: usize,
    },
    /// A device allocation failed. The context keeps working; smaller allocations may succeed.
    #[error("out of device memory allocating {bytes} bytes")]
    OutOfMemory {
        /// The requested size (`usize::MAX` when the size itself overflowed).
        bytes: usize,
    },
    /// The PTX module could not be loaded (or JIT-compiled) by the driver.
    #[error("CUDA module load failed: {reason}")]
    ModuleLoad {
        /// The driver's message.
        reason: String,
    },
    /// A driver call (a kernel launch, a copy) failed without poisoning the context.
    #[error("CUDA call failed in {during}: {reason}")]
    Cuda {
        /// What was being done.
        during: &'static str,
        /// The driver's message.
        reason: String,
    },
    /// A sticky fault (illegal address 700, launch failure 719, ...) poisoned the CUDA
    /// context. This call and every later one on the device fail with this error.
    #[error("CUDA context poisoned by an earlier fault: {reason}")]
    Poisoned {
        /// The fault that poisoned it, and where.
        reason: String,
    },
    /// The PTX has no entry point of this name: no GPU kernel instantiated for this type
    /// combination (or the operation has no GPU kernel yet).
    #[error("no GPU kernel instantiated for {name}")]
    NoKernel {
        /// The entry point that was looked up.
        name: String,
    },
    /// Buffers of one operation live on different devices.
    #[error("buffers of one operation are on devices {first} and {second}")]
    DeviceMismatch {
        /// The first buffer's device ordinal.
        first: usize,
        /// The other buffer's device ordinal.
        second: usize,
    },
    /// An index map (gather, scatter) or a position refers past the end of the vector it
    /// indexes.
    #[error("{what}: index {index} at position {at} is out of range (len = {len})")]
    IndexOutOfRange {
        /// Which argument holds the index.
        what: &'static str,
        /// The position of the index in its argument.
        at: usize,
        /// The index found.
        index: usize,
        /// The length of the vector it indexes.
        len: usize,
    },
    /// A view's range (`slice(start..end)`) that does not lie inside the vector: `start >
    /// end` or `end > len`.
    #[error("view range {start}..{end} is out of bounds (len = {len})")]
    RangeOutOfBounds {
        /// The first element asked for.
        start: usize,
        /// One past the last element asked for.
        end: usize,
        /// The length of what was sliced.
        len: usize,
    },
    /// An argument whose value (not length) makes the call meaningless: zero histogram bins,
    /// bounds that are not increasing, edges that are not sorted.
    #[error("invalid argument {what}: {reason}")]
    InvalidArgument {
        /// Which argument.
        what: &'static str,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// Work that cannot be recorded into a CUDA graph was called while one is recorded: it
    /// hands a value or a length to the host (`reduce`, `to_vec`, the comparator sorts) or
    /// copies pageable host memory, which a replay could not redo. The recording ends with
    /// this error, and what the refused call had queued goes with it.
    #[error("{during} cannot be recorded into a graph: it waits for the GPU or reads host memory (record the `_into` form, which leaves its result on the device)")]
    Unrecordable {
        /// The work that was refused.
        during: &'static str,
    },
    /// The communication between the participants of a sharded algorithm failed: NCCL not
    /// found or failing, a rendezvous that timed out, participants that disagree.
    #[error("collective communication failed in {during}: {reason}")]
    Collective {
        /// What was being done.
        during: &'static str,
        /// The library's or the rendezvous's message.
        reason: String,
    },
}

/// What is wrong with a sparse structure or a segment-offset array.
///
/// ```
/// use parallaxis_core::SparseProblem;
/// let p = SparseProblem::FirstNotZero { found: 2 };
/// assert_eq!(p.to_string(), "first offset is 2, not 0");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SparseProblem {
    /// The offsets array is empty; it needs at least `[0, len]`.
    #[error("offsets are empty; at least [0, {len}] is needed")]
    EmptyOffsets {
        /// The length the offsets must cover.
        len: usize,
    },
    /// `row_ptr[0]` (or `offsets[0]`) is not 0.
    #[error("first offset is {found}, not 0")]
    FirstNotZero {
        /// The value found.
        found: usize,
    },
    /// `row_ptr[row + 1] < row_ptr[row]`.
    #[error("offsets decrease after index {at}")]
    NotMonotone {
        /// The index after which they decrease.
        at: usize,
    },
    /// The last offset is not the number of entries.
    #[error("last offset is {found}, expected {expected}")]
    LastNotLength {
        /// The value found.
        found: usize,
        /// The number of entries (nnz, or the input length).
        expected: usize,
    },
    /// A column index is not below the number of columns.
    #[error("column {col} at entry {at} is out of range (ncols = {ncols})")]
    ColumnOutOfRange {
        /// The entry's position in storage.
        at: usize,
        /// The column found.
        col: usize,
        /// The number of columns.
        ncols: usize,
    },
    /// A COO row index is not below the number of rows.
    #[error("row {row} at entry {at} is out of range (nrows = {nrows})")]
    RowOutOfRange {
        /// The entry's position in storage.
        at: usize,
        /// The row found.
        row: usize,
        /// The number of rows.
        nrows: usize,
    },
    /// COO row indices are not sorted (SpMV relies on each row's entries being contiguous).
    #[error("row indices decrease at entry {at}")]
    RowsNotSorted {
        /// The entry whose row is smaller than its predecessor's.
        at: usize,
    },
    /// An ELL row has a stored entry after a padding slot (padding must be trailing).
    #[error("ELL row {row} has an entry after padding at slot {slot}")]
    PaddingNotTrailing {
        /// The row.
        row: usize,
        /// The slot holding the entry.
        slot: usize,
    },
    /// A dimension, or the number of entries, does not fit the index type.
    #[error("{what} = {value} does not fit the index type")]
    IndexOverflow {
        /// What overflowed.
        what: &'static str,
        /// Its value.
        value: usize,
    },
}

/// `Result<T, Error>`.
///
/// ```
/// fn half(n: u32) -> parallaxis_core::Result<u32> {
///     if n % 2 == 1 {
///         return Err(parallaxis_core::Error::InvalidArgument { what: "n", reason: "odd" });
///     }
///     Ok(n / 2)
/// }
/// assert_eq!(half(8), Ok(4));
/// assert!(half(7).is_err());
/// ```
pub type Result<T, E = Error> = core::result::Result<T, E>;
