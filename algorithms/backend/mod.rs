//! Backends: where a [`DeviceVector`](crate::DeviceVector) lives and who runs the algorithms.
//!
//! A backend is a zero-sized type implementing [`Backend`] (memory) and the algorithm traits
//! re-exported here (`MonoidOps`, `SortOps`, ...). Host backends implement every algorithm for every operator by a blanket impl;
//! the CUDA backend implements them for the operator and type combinations that have kernels,
//! so using one that has none is a compile error. A new backend is one file here.

#[cfg(feature = "cuda")]
mod cuda;
#[cfg(feature = "cuda")]
mod cuda_extrema_search;
#[cfg(feature = "cuda")]
mod cuda_histogram;
#[cfg(feature = "cuda")]
mod cuda_lazy;
#[cfg(feature = "cuda")]
mod cuda_merge;
#[cfg(feature = "cuda")]
mod cuda_select;
#[cfg(feature = "cuda")]
mod cuda_sort;
#[cfg(feature = "cuda")]
mod cuda_sort_segmented;
mod default_backend;
mod host_backend;
mod host_extrema_search;
mod host_histogram;
mod host_lazy;
mod host_merge;
mod host_select;
mod host_sort;
mod host_sort_segmented;
#[cfg(any(test, feature = "cuda"))]
mod kept_positions;
mod ops;
mod ops_extrema_search;
mod ops_histogram;
mod ops_lazy;
mod ops_merge;
mod ops_select;
mod ops_sort;
mod ops_sort_segmented;
mod raw_parts;
#[cfg(feature = "rayon")]
mod rayon;
mod seal;
mod sequential;

#[cfg(feature = "cuda")]
pub use cuda::Cuda;
pub use default_backend::{DefaultBackend, DefaultIs};
pub use ops::{
    AdjacentOps, Fused2Ops, FusedOps, KeyedOps, MonoidOps, SpmvOps, StencilOps, TabulateOps,
    Transform2Ops, TransformOps,
};
pub use ops_extrema_search::{ArgOps, InitOps, SearchOps};
pub use ops_histogram::{GatherOps, HistogramOps, ReverseOps};
pub use ops_lazy::{HostMemory, LazyCollectOps, LazyMapOps, LazyMonoidOps};
pub use ops_merge::{MergeByKeyOps, MergeOps};
pub use ops_select::{FlaggedOps, SelectOps, UniqueByKeyOps, UniqueOps};
pub use ops_sort::{SortByKeyOps, SortOps};
pub use ops_sort_segmented::{SegmentedSortByKeyOps, SegmentedSortOps};
pub(crate) use raw_parts::RawParts;
#[cfg(feature = "rayon")]
pub use rayon::Rayon;
pub(crate) use seal::Seal;
pub(crate) use seal::{Token, TOKEN};
pub use sequential::Sequential;

use crate::Result;
use core::ops::Range;
use parallaxis_core::DeviceCopy;

/// Memory management of a backend: buffers of `DeviceCopy` elements.
///
/// ```
/// use parallaxis::{Backend, DeviceVector, backend::MonoidOps, ops::Sum};
/// // Code generic over the backend: bound it by the op traits the algorithms need.
/// fn total<B: Backend + MonoidOps<u32, Sum>>(x: &DeviceVector<u32, B>) -> parallaxis::Result<u32> {
///     parallaxis::reduce(Sum, x)
/// }
/// let x = DeviceVector::<u32>::from_slice(&[5, 6, 7])?;
/// assert_eq!(total(&x)?, 18);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub trait Backend: Copy + Default + core::fmt::Debug + Send + Sync + 'static {
    /// Seals the trait: only parallaxis implements it (`backend/seal.rs`).
    #[doc(hidden)]
    const SEAL: crate::backend::Seal;
    /// A buffer of `T` in this backend's memory (owns it).
    type Buffer<T: DeviceCopy>: Send + Sync;
    /// A run of `T` in this backend's memory, borrowed: what the algorithms read and write.
    /// `[T]` on the host backends; on CUDA a `DeviceBuffer` that, for a view, does not own
    /// its memory (`Cuda`'s docs).
    type Slice<T: DeviceCopy>: ?Sized + Send + Sync + RawParts<T>;
    /// A shared view of part of a [`Backend::Slice`] (`&[T]` on the host).
    #[doc(hidden)]
    type View<'a, T: DeviceCopy>: Send + Sync;
    /// A mutable view of part of a [`Backend::Slice`] (`&mut [T]` on the host).
    #[doc(hidden)]
    type ViewMut<'a, T: DeviceCopy>: Send + Sync;
    /// A short name for messages and benchmark tables.
    const NAME: &'static str;
    /// Copies a host slice into a new buffer.
    ///
    /// # Errors
    /// Out of memory or a device fault.
    fn from_slice<T: DeviceCopy>(data: &[T]) -> Result<Self::Buffer<T>>;
    /// Moves a host vector into a new buffer (host backends take it without copying).
    ///
    /// # Errors
    /// Out of memory or a device fault.
    fn from_vec<T: DeviceCopy>(data: Vec<T>) -> Result<Self::Buffer<T>> {
        Self::from_slice(&data)
    }
    /// Copies a buffer into a new host vector.
    ///
    /// # Errors
    /// A device fault.
    fn to_vec<T: DeviceCopy>(buf: &Self::Slice<T>) -> Result<Vec<T>>;
    /// The number of elements.
    fn len<T: DeviceCopy>(buf: &Self::Slice<T>) -> usize;
    /// The whole buffer as a slice.
    #[doc(hidden)]
    fn as_slice<T: DeviceCopy>(buf: &Self::Buffer<T>) -> &Self::Slice<T>;
    /// The whole buffer as a mutable slice.
    #[doc(hidden)]
    fn as_slice_mut<T: DeviceCopy>(buf: &mut Self::Buffer<T>) -> &mut Self::Slice<T>;
    /// The elements `range` of `s` (in bounds: the caller checked) as a view.
    ///
    /// # Errors
    /// Out of memory or a device fault where the view needs a staging copy (CUDA).
    #[doc(hidden)]
    fn view<T: DeviceCopy>(s: &Self::Slice<T>, range: Range<usize>) -> Result<Self::View<'_, T>>;
    /// What a view reads.
    #[doc(hidden)]
    fn view_slice<'b, T: DeviceCopy>(v: &'b Self::View<'_, T>) -> &'b Self::Slice<T>;
    /// The elements `range` of `s` (in bounds: the caller checked) as a mutable view. Only
    /// this crate holds a [`Token`](crate::backend::Token): a CUDA view's buffer does not own
    /// its memory, and code outside that could move it out of a `&mut` would outlive it.
    ///
    /// # Errors
    /// Out of memory or a device fault where the view needs a staging copy (CUDA).
    #[doc(hidden)]
    fn view_mut<T: DeviceCopy>(
        s: &mut Self::Slice<T>,
        range: Range<usize>,
        token: crate::backend::Token,
    ) -> Result<Self::ViewMut<'_, T>>;
    /// What a mutable view reads.
    #[doc(hidden)]
    fn view_mut_slice<'b, T: DeviceCopy>(v: &'b Self::ViewMut<'_, T>) -> &'b Self::Slice<T>;
    /// What a mutable view writes (see [`Backend::view_mut`] for the token).
    #[doc(hidden)]
    fn view_mut_slice_mut<'b, T: DeviceCopy>(
        v: &'b mut Self::ViewMut<'_, T>,
        token: crate::backend::Token,
    ) -> &'b mut Self::Slice<T>;
    /// A buffer of `len` all-zero elements (valid by the `DeviceCopy` contract).
    ///
    /// # Errors
    /// Out of memory or a device fault.
    fn zeroed<T: DeviceCopy>(len: usize) -> Result<Self::Buffer<T>>;
    /// A buffer of `len` elements that an algorithm overwrites whole before anything reads
    /// it: the outputs of the allocating front doors (`inclusive_scan`, `transform`, ...).
    /// Host backends zero it, as [`Backend::zeroed`] (fresh zeroed pages cost nothing until
    /// written); the CUDA backend leaves the memory as allocated, which saves a memset of the
    /// whole output: on the H100 one more stream operation writing every byte (2^28 f32: ~0.36
    /// ms, about 40% of a scan's time).
    ///
    /// # Safety
    /// Every element must be written before the buffer is read or handed to a caller; a buffer
    /// whose writing failed must be dropped unread.
    ///
    /// # Errors
    /// Out of memory or a device fault.
    #[doc(hidden)]
    unsafe fn for_overwrite<T: DeviceCopy>(len: usize) -> Result<Self::Buffer<T>> {
        Self::zeroed(len)
    }
    /// Runs `f` on the contents as a host slice: in place on host backends, after a copy to
    /// the host otherwise. Front doors use it to validate small index arrays.
    ///
    /// # Errors
    /// A device fault.
    fn with_host_slice<T: DeviceCopy, R>(
        buf: &Self::Slice<T>,
        f: impl FnOnce(&[T]) -> R,
    ) -> Result<R> {
        Ok(f(&Self::to_vec(buf)?))
    }
    /// Sets every element to `value`.
    ///
    /// # Errors
    /// A device fault.
    fn fill<T: DeviceCopy>(buf: &mut Self::Slice<T>, value: T) -> Result<()>;
    /// `dst[to + i] = src[from + i]` for `i < len`; both ranges lie inside their slices (the
    /// callers, [`copy`](crate::copy) and the sharded exchange, check). On CUDA the two may
    /// live on different devices of the process.
    ///
    /// # Errors
    /// A device fault.
    #[doc(hidden)]
    fn copy_range<T: DeviceCopy>(
        src: &Self::Slice<T>,
        from: usize,
        dst: &mut Self::Slice<T>,
        to: usize,
        len: usize,
    ) -> Result<()>;
    /// Runs `f` where `s` lives: on CUDA with `s`'s device as the thread's default device,
    /// so that what `f` allocates lands beside `s`. The host backends have one memory.
    #[doc(hidden)]
    fn at_home_of<T: DeviceCopy, R>(s: &Self::Slice<T>, f: impl FnOnce() -> R) -> R {
        let _ = s;
        f()
    }
    /// Whether `a` and `b` live in the same memory (on CUDA, the same device), so one
    /// algorithm may read both. The host backends have one memory.
    #[doc(hidden)]
    fn same_home<T: DeviceCopy, U: DeviceCopy>(a: &Self::Slice<T>, b: &Self::Slice<U>) -> bool {
        let _ = (a, b);
        true
    }
}
