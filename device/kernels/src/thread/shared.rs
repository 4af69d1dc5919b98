//! The block's dynamic shared memory, whose size the launcher passes at launch.

/// The block's dynamic shared memory, typed as `S`. The launcher passes
/// `size_of::<S>()` bytes as the launch's dynamic shared-memory size.
///
/// # Safety
/// The launch must have provided at least `size_of::<S>()` bytes; accesses through the
/// pointer must be ordered between threads with [`super::sync_threads`].
#[inline(always)]
pub unsafe fn dynamic_shared<S>() -> *mut S {
    core::intrinsics::gpu::gpu_launch_sized_workgroup_mem::<S>()
}

/// The block's dynamic shared memory at byte `offset`, typed as `S`.
///
/// # Safety
/// As [`dynamic_shared`], for `offset + size_of::<S>()` bytes; `offset` must be a multiple
/// of `align_of::<S>()` (the region's base is aligned for `S`).
#[inline(always)]
pub unsafe fn dynamic_shared_at<S>(offset: usize) -> *mut S {
    // SAFETY: inside the launch's dynamic shared memory (caller contract).
    unsafe { dynamic_shared::<S>().cast::<u8>().add(offset).cast::<S>() }
}
