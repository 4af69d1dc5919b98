//! The device backend's error type. `parallax-device` cannot depend on the `parallax`
//! facade, so it has its own small enum; the facade converts each variant into the
//! `parallax::Error` variant of the same name.

use thiserror::Error;

/// Everything a device operation can fail with. Operations never panic on bad input or a
/// missing GPU; they return one of these.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum DeviceError {
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
    /// The embedded PTX module could not be loaded (or JIT-compiled) by the driver.
    #[error("CUDA module load failed: {reason}")]
    ModuleLoad {
        /// The driver's message.
        reason: String,
    },
    /// A driver call failed without poisoning the context.
    #[error("CUDA call failed in {during}: {reason}")]
    Cuda {
        /// What was being done.
        during: &'static str,
        /// The driver's message.
        reason: String,
    },
    /// A sticky fault (illegal address 700, launch failure 719, ...) poisoned the context.
    /// This call and every later one on the device fail with this error.
    #[error("CUDA context poisoned by an earlier fault: {reason}")]
    Poisoned {
        /// The fault that poisoned it, and where.
        reason: String,
    },
    /// The PTX has no entry point of this name (or the operation has no GPU kernel yet).
    #[error("no GPU kernel instantiated for {name}")]
    NoKernel {
        /// The entry point that was looked up.
        name: String,
    },
    /// Two buffers that must agree in length do not.
    #[error("length mismatch in {what}: expected {expected}, got {actual}")]
    LengthMismatch {
        /// Which argument was wrong.
        what: &'static str,
        /// The length it must have.
        expected: usize,
        /// The length it has.
        actual: usize,
    },
    /// Buffers of one operation live on different devices.
    #[error("buffers of one operation are on devices {first} and {second}")]
    DeviceMismatch {
        /// The first buffer's device ordinal.
        first: usize,
        /// The other buffer's device ordinal.
        second: usize,
    },
}

/// `Result<T, DeviceError>`.
pub type Result<T, E = DeviceError> = core::result::Result<T, E>;
