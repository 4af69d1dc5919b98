//! No allocation of the CPU backends aborts or panics. Requests the allocator
//! refuses, sizes past `isize::MAX` and byte sizes that overflow `usize` are all
//! `Error::OutOfMemory`, from `DeviceVector`'s constructors, the front doors' outputs, the
//! sparse conversions and the Matrix Market reader.
//!
//! This test binary's global allocator refuses any single request above [`CAP`] (1 GiB), as
//! an allocator on a machine without that memory would: so every "too large" request here
//! fails at the allocator without a page being touched, on any machine (a 32 GB request
//! would succeed on a large host, and the test must not then fill it). The requests of 2^40
//! and 2^62 elements fail under any allocator too.

use parallaxis::{
    sparse::{CooMatrix, CsrMatrix, EllMatrix},
    Backend, DeviceVector, Error, Sequential,
};
use std::alloc::{GlobalAlloc, Layout, System};

/// The largest single allocation this binary grants.
const CAP: usize = 1 << 30;

/// The system allocator, refusing requests above [`CAP`].
struct Capped;

// SAFETY: forwards to `System`, or returns null (an allocation failure, which the
// `GlobalAlloc` contract allows) without allocating.
unsafe impl GlobalAlloc for Capped {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if layout.size() > CAP {
            return std::ptr::null_mut();
        }
        // SAFETY: the caller's contract, forwarded.
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if layout.size() > CAP {
            return std::ptr::null_mut();
        }
        // SAFETY: the caller's contract, forwarded.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System` with `layout` (only granted requests return it).
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size > CAP {
            return std::ptr::null_mut();
        }
        // SAFETY: the caller's contract, forwarded.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Capped = Capped;

/// `r` is `OutOfMemory` for at least `min_bytes` (the request, or `usize::MAX` when the size
/// itself overflowed).
#[track_caller]
fn out_of_memory<T>(r: parallaxis::Result<T>, min_bytes: usize) {
    match r {
        Err(Error::OutOfMemory { bytes }) => {
            assert!(bytes >= min_bytes, "bytes = {bytes} < {min_bytes}")
        }
        Err(e) => panic!("expected OutOfMemory, got {e:?}"),
        Ok(_) => panic!("expected OutOfMemory, got a value"),
    }
}

/// `u8` to `u64`: an output eight times its input.
#[derive(Clone, Copy)]
struct Widen;
impl parallaxis::ops::UnaryFunction<u8> for Widen {
    type Output = u64;
    fn apply(&self, x: u8) -> u64 {
        u64::from(x)
    }
}

fn vectors_of<B: Backend + parallaxis::backend::TransformOps<u8, Widen>>() {
    out_of_memory(DeviceVector::<f32, B>::zeros(1 << 40), 4 << 40);
    out_of_memory(DeviceVector::<f32, B>::zeros(1 << 62), usize::MAX);
    out_of_memory(DeviceVector::<u8, B>::zeros(usize::MAX), usize::MAX);
    out_of_memory(DeviceVector::<f64, B>::filled(1 << 40, 1.5), 8 << 40);
    out_of_memory(DeviceVector::<f64, B>::filled(1 << 62, 1.5), usize::MAX);
    // An allocating front door: its output is refused before anything is computed.
    // (`x` is calloc'd and never read: its pages are not touched.)
    let x = DeviceVector::<u8, B>::zeros(CAP / 8 + 1).unwrap();
    out_of_memory(parallaxis::transform(Widen, &x), CAP);
    // Zero-sized requests still succeed.
    assert_eq!(DeviceVector::<f32, B>::zeros(0).unwrap().len(), 0);
}

#[test]
fn vectors_of_2_40_and_2_62_elements_are_out_of_memory() {
    vectors_of::<Sequential>();
    #[cfg(feature = "rayon")]
    vectors_of::<parallaxis::Rayon>();
}

#[test]
fn the_core_helpers_report_the_bytes_asked_for() {
    out_of_memory(parallax_core_zeroed::<u32>(1 << 40), 4 << 40);
    out_of_memory(parallax_core_zeroed::<u32>(1 << 62), usize::MAX);
}

/// `DeviceVector::zeros` on the sequential backend is `parallaxis_core::zeroed_vec`.
fn parallax_core_zeroed<T: parallaxis::DeviceCopy>(n: usize) -> parallaxis::Result<Vec<T>> {
    DeviceVector::<T, Sequential>::zeros(n).map(|v| v.into_vec())
}

/// The 4e9-row matrix of a 2-line Matrix Market file: reading it is cheap (no entries), its
/// CSR needs 4e9 + 1 row pointers (32 GB), refused.
fn huge<B: Backend>() {
    let text = "%%MatrixMarket matrix coordinate real general\n4000000000 4000000000 0\n";
    let coo = CooMatrix::<f64, u64, B>::from_matrix_market(text.as_bytes()).unwrap();
    assert_eq!((coo.nrows(), coo.nnz()), (4_000_000_000, 0));
    out_of_memory(coo.to_csr(), 32_000_000_000);
    let ell = EllMatrix::<f64, u64, B>::try_new(4_000_000_000, 1, 0, vec![], vec![]).unwrap();
    out_of_memory(ell.to_csr(), 32_000_000_000);
    // CSR of that many rows cannot be built to convert from; a wide ELL of a small one can
    // be asked for: 2^31 rows' worth of slots from one long row.
    let n = 1 << 20;
    let mut row_ptr = vec![0_u64; n + 1];
    row_ptr[n] = n as u64;
    let long_row =
        CsrMatrix::<f64, u64, B>::try_new(n, n, row_ptr, (0..n as u64).collect(), vec![1.0; n])
            .unwrap();
    out_of_memory(long_row.to_ell(), (n * n) * 8);
    // HYB keeps that row in COO instead: a few MB, granted.
    assert_eq!(long_row.to_hyb().unwrap().coo().nnz(), n);
}

#[test]
fn conversions_of_a_4e9_row_matrix_are_out_of_memory() {
    huge::<Sequential>();
    #[cfg(feature = "rayon")]
    huge::<parallaxis::Rayon>();
}
