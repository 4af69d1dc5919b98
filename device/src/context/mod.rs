//! The context and its memory: the device (context, modules, poison flag), the
//! stream-ordered memory pool, and the per-device working memory every operation reuses
//! (the scratch region, the reduce counters, the mapped host slot, the look-back words).

mod access;
mod current;
mod device;
mod grow_only;
mod host_slot;
mod kernels;
mod lookback_words;
mod memory;
mod peer;
mod scratch;
mod timing;
mod tuning;

pub use device::{Device, DEVICE_ENV};
pub use kernels::Kernels;
pub(crate) use scratch::{align_up, Scratch};
pub use timing::GpuTimer;
