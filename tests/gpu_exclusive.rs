//! The GPU tests that need the device to themselves (`--features cuda`), in a test binary of
//! their own: each holds `common::alone()` from start to end, so they run one at a time, and
//! no test of another module shares their process. They read or set state the whole process
//! shares: the memory pool's free memory and the block it hands out next (`memory_gpu`,
//! `overwrite_gpu`), and the look-back words' epochs (`lookback_gpu`). A test of a module
//! added here must hold `common::alone()` too.

#[macro_use]
mod common;

mod lookback_gpu;
mod memory_gpu;
mod overwrite_gpu;
