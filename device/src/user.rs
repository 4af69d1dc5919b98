//! Your own types and kernels on the GPU, host side.
//!
//! **Your types in the library's algorithms.** A monoid or functor of your own gets GPU kernels
//! when your `no_std` kernel crate invokes `parallaxis_kernels::instantiate_monoid!` (or
//! `instantiate_unary!` / `instantiate_binary!`) and builds itself with
//! `parallaxis-ptx-builder`: the macro implements [`MonoidKernel`](crate::MonoidKernel) (etc.)
//! with `KERNELS` naming your crate's kernel library, which the device loads kernel by kernel
//! on first use, next to its own. A type that was never instantiated has no implementation,
//! so the call does not compile:
//!
//! ```compile_fail,E0277
//! use parallaxis_core::Monoid;
//! use parallaxis_device::{inclusive_scan, DeviceBuffer};
//!
//! /// "The later non-zero value": non-commutative, and never instantiated.
//! #[derive(Clone, Copy)]
//! struct LastNonZero;
//! impl Monoid<u32> for LastNonZero {
//!     fn identity(&self) -> u32 { 0 }
//!     fn combine(&self, a: u32, b: u32) -> u32 { if b != 0 { b } else { a } }
//! }
//!
//! let x = DeviceBuffer::from_slice(&[1_u32, 0, 3])?;
//! let mut y = DeviceBuffer::zeroed(3)?;
//! // error[E0277]: the trait bound `LastNonZero: MonoidKernel<u32>` is not satisfied
//! inclusive_scan(LastNonZero, &x, &mut y)?;
//! # Ok::<(), parallaxis_device::Error>(())
//! ```
//!
//! A fused triple (`instantiate_fused!`) is checked on the host against its operators'
//! kernel-trait tags, because the host finds the fused entry by those tags: the stock
//! `Square with Sum for f32` passes; the same functor under an alias, whose derived tag is not
//! the one its kernels were instantiated with, does not compile:
//!
//! ```
//! use parallaxis_core::{Square, Sum};
//! parallaxis_kernels::instantiate_fused! { transform_reduce: Square with Sum for f32 }
//! ```
//!
//! ```compile_fail,E0080
//! // error[E0080]: a fused triple's operators must have the kernels of instantiate_unary! ...
//! use parallaxis_core::Sum;
//! type Sqr = parallaxis_core::Square;
//! parallaxis_kernels::instantiate_fused! { transform_reduce: Sqr with Sum for f32 }
//! ```
//!
//! **Your own kernels.** [`UserKernel<P>`] launches an entry point of your [`Kernels`] (your
//! kernel crate's library, or a PTX text) taking one `#[repr(C)]` parameter struct `P` by
//! value. Buffers enter `P` as [`In`] / [`Out`] from [`DeviceBuffer::arg`] /
//! [`DeviceBuffer::arg_mut`], which borrow the buffers for as long as
//! `P` lives; [`UserKernel::launch`] validates the [`LaunchConfig`], launches and
//! synchronizes before returning, so no buffer is freed or touched by the host while the
//! kernel runs. What stays `unsafe`, and is your promise when you create the handle
//! ([`UserKernel::new`]): that the entry point really takes a `P`, and that the kernel body
//! only touches memory through the `In`/`Out` arguments within their lengths (the
//! bounds-checked accessors do that) without data races between its threads, and stays in
//! the shared memory the configuration asks for.

use crate::buffer::DeviceBuffer;
use crate::context::Device;
use crate::{Error, Kernels, Result};
use core::marker::PhantomData;
use parallaxis_core::{DeviceCopy, DeviceRef, MemorySpace};
use parallaxis_kernels::args::{In, Out};

/// The most threads a block may have.
pub const MAX_BLOCK_THREADS: u32 = 1024;
/// Dynamic shared memory a block may use without opting in per function (48 KiB).
pub const MAX_SHARED_BYTES: u32 = 48 * 1024;

/// A launch shape: grid and block dimensions (x, y, z) and dynamic shared-memory bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LaunchConfig {
    /// Blocks in x, y, z.
    pub grid: (u32, u32, u32),
    /// Threads per block in x, y, z.
    pub block: (u32, u32, u32),
    /// Dynamic shared memory per block, in bytes.
    pub shared_bytes: u32,
}

impl LaunchConfig {
    /// A 1-D launch of `blocks` blocks of `threads` threads, no shared memory.
    pub const fn linear(blocks: u32, threads: u32) -> Self {
        LaunchConfig {
            grid: (blocks, 1, 1),
            block: (threads, 1, 1),
            shared_bytes: 0,
        }
    }

    /// The same shape with `bytes` of dynamic shared memory.
    pub const fn with_shared(mut self, bytes: u32) -> Self {
        self.shared_bytes = bytes;
        self
    }

    /// Checks the shape against CUDA's limits: every dimension at least 1; grid x below
    /// 2^31, y and z at most 65535; block x and y at most 1024, z at most 64, at most 1024
    /// threads in all; at most 48 KiB of dynamic shared memory.
    ///
    /// # Errors
    /// [`Error::Cuda`] naming the dimension that is out of range.
    pub fn validate(&self) -> Result<()> {
        let bad = |reason: String| {
            Err(Error::Cuda {
                during: "validating a launch configuration",
                reason,
            })
        };
        let (gx, gy, gz) = self.grid;
        let (bx, by, bz) = self.block;
        if gx == 0 || gy == 0 || gz == 0 || bx == 0 || by == 0 || bz == 0 {
            return bad(format!("empty dimension in {self:?}"));
        }
        if gx > i32::MAX as u32 || gy > 65_535 || gz > 65_535 {
            return bad(format!(
                "grid {:?} exceeds (2^31 - 1, 65535, 65535)",
                self.grid
            ));
        }
        if bx > 1024 || by > 1024 || bz > 64 {
            return bad(format!("block {:?} exceeds (1024, 1024, 64)", self.block));
        }
        let threads = u64::from(bx) * u64::from(by) * u64::from(bz);
        if threads > u64::from(MAX_BLOCK_THREADS) {
            return bad(format!(
                "block {:?} has {threads} threads (at most {MAX_BLOCK_THREADS})",
                self.block
            ));
        }
        if self.shared_bytes > MAX_SHARED_BYTES {
            return bad(format!(
                "{} bytes of dynamic shared memory (at most {MAX_SHARED_BYTES})",
                self.shared_bytes
            ));
        }
        Ok(())
    }
}

/// A handle to entry point `entry` of `kernels`, which takes one `P` by value. Creating it is
/// `unsafe` (see [`UserKernel::new`]); launching it is safe.
pub struct UserKernel<P> {
    kernels: Kernels,
    entry: &'static str,
    _params: PhantomData<fn(P)>,
}

impl<P> core::fmt::Debug for UserKernel<P> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("UserKernel")
            .field("entry", &self.entry)
            .finish()
    }
}

impl<P> Clone for UserKernel<P> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<P> Copy for UserKernel<P> {}

impl<P: Copy> UserKernel<P> {
    /// The entry point `entry` of `kernels` (your crate's kernel library, or a PTX text; loaded
    /// on first launch, once per device).
    ///
    /// # Safety
    /// - `entry` takes exactly one parameter whose layout is `P`'s (`P` is `#[repr(C)]` and
    ///   the kernel is compiled from the same definition);
    /// - the kernel reads and writes device memory only through the `In`/`Out` arguments in
    ///   `P`, within their lengths, with no two threads racing on an element, and uses no
    ///   more dynamic shared memory than the launch configuration gives it;
    /// - pointers in `P` other than `In`/`Out` are valid for what the kernel does with them.
    pub const unsafe fn new(kernels: Kernels, entry: &'static str) -> Self {
        UserKernel {
            kernels,
            entry,
            _params: PhantomData,
        }
    }

    /// The entry point's name.
    pub fn entry(&self) -> &'static str {
        self.entry
    }

    /// Launches on the default device and waits for the kernel to finish.
    ///
    /// # Errors
    /// An invalid configuration, [`Error::NoKernel`] when the kernels have no such entry
    /// point, a module-load failure, or a fault in the kernel (which poisons the device).
    pub fn launch(&self, cfg: &LaunchConfig, params: P) -> Result<()> {
        self.launch_on(Device::default_device()?, cfg, params, 1)
    }

    /// Launches `times` times back to back on `dev` (all buffers in `params` must live on
    /// `dev`), then waits for all of them: for timing a kernel without a host round trip
    /// between launches.
    ///
    /// # Errors
    /// As [`UserKernel::launch`].
    pub fn launch_on(&self, dev: &Device, cfg: &LaunchConfig, params: P, times: u32) -> Result<()> {
        cfg.validate()?;
        dev.enter()?;
        for _ in 0..times {
            // SAFETY: `new`'s contract makes `entry` take a `P` and confines its memory
            // accesses to the `In`/`Out` arguments, which borrow their buffers for as long
            // as `params` exists; we synchronize below before returning, so they outlive
            // the work.
            unsafe {
                crate::launch::launch_shaped(
                    dev,
                    self.kernels,
                    self.entry,
                    cfg.grid,
                    cfg.block,
                    cfg.shared_bytes,
                    params,
                )?
            };
        }
        dev.synchronize(self.entry)
    }
}

impl<T: DeviceCopy> DeviceBuffer<T> {
    /// This buffer as a read-only argument of a [`UserKernel`], borrowing it.
    pub fn arg(&self) -> In<'_, T> {
        // SAFETY: a live allocation of `len` elements; the shared borrow keeps it alive and
        // unwritten (every write needs `&mut self`) for the argument's lifetime.
        unsafe { In::from_raw_parts(self.as_ptr(), self.len() as u64) }
    }

    /// This buffer as a writable argument of a [`UserKernel`], borrowing it exclusively.
    pub fn arg_mut(&mut self) -> Out<'_, T> {
        let len = self.len() as u64;
        // SAFETY: a live allocation of `len` elements; the exclusive borrow keeps it alive
        // and otherwise untouched for the argument's lifetime.
        unsafe { Out::from_raw_parts(self.as_mut_ptr(), len) }
    }

    /// This buffer as a read-only view a functor can hold (`parallaxis_core::DeviceRef`, space
    /// `CudaDevice`: readable in kernels, `None` on the host), borrowing it.
    pub fn device_ref(&self) -> DeviceRef<'_, T> {
        // SAFETY: a live allocation of `len` initialised elements in this device's memory
        // (address 0 only when `len == 0`); the shared borrow keeps it alive and unwritten
        // (every write needs `&mut self`) for the view's lifetime.
        unsafe { DeviceRef::from_raw_parts(self.as_ptr(), self.len(), MemorySpace::CudaDevice) }
    }
}

#[cfg(test)]
mod tests {
    use super::LaunchConfig;

    #[test]
    fn launch_configs_are_validated() {
        let ok = LaunchConfig {
            grid: (256, 256, 1),
            block: (32, 8, 1),
            shared_bytes: 4224,
        };
        assert!(ok.validate().is_ok());
        assert!(LaunchConfig::linear(i32::MAX as u32, 1024)
            .validate()
            .is_ok());
        let bad = [
            LaunchConfig::linear(0, 256),
            LaunchConfig::linear(1, 0),
            LaunchConfig::linear(1, 1025),
            LaunchConfig::linear(1 << 31, 256),
            LaunchConfig {
                grid: (1, 65_536, 1),
                ..ok
            },
            LaunchConfig {
                block: (32, 32, 2),
                ..ok
            },
            LaunchConfig {
                block: (1, 1, 65),
                ..ok
            },
            ok.with_shared(48 * 1024 + 1),
        ];
        for cfg in bad {
            assert!(cfg.validate().is_err(), "{cfg:?} should be rejected");
        }
    }
}
