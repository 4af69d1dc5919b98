//! The GPU-only tests (`--features cuda`), in one test binary: each `*_gpu.rs` file beside
//! this one that shares the device with the others is a module of it. The tests that need the
//! device to themselves are in `gpu_exclusive.rs`, the NCCL ranks in `nccl_gpu.rs`; the
//! conformance bodies run on the GPU in `suite.rs`. `docs/testing.md` lists every test binary.
//!
//! The large tier (`large_gpu`, every test `#[ignore]`d) runs with
//! `--ignored --test-threads=1 large_gpu::` (`scripts/run-gpu-tests.sh --large`).

#[macro_use]
mod common;

mod concurrent_gpu;
mod fused2_gpu;
mod fused2_scan_gpu;
mod fused_gpu;
mod histogram_gpu;
mod interop_gpu;
mod large_gpu;
mod merge_gpu;
mod sharded_gpu;
mod sharded_keys_gpu;
mod sharded_sort_gpu;
mod sharded_spmv_gpu;
mod sort_gpu;
mod spmv_gpu;
mod stream_gpu;
