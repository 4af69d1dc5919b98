//! The integration tests of the CPU backends, and of the GPU where the same bodies run there
//! too (with `--features cuda`, `conformance` and `invalid_input` add their `cuda::` modules
//! and `matrices` its GPU test), in one test binary: each file beside this one is a module of it, so the library
//! and proptest are linked once rather than once per file. `docs/testing.md` lists every test
//! binary and what it holds.
//!
//! Proptest keeps failing cases beside the source file that declares the test
//! (`tests/conformance/reduce.proptest-regressions` for a test written in
//! `tests/conformance/reduce.rs`): no `main.rs` or `lib.rs` may sit in `tests/` or in a
//! folder of it, or proptest would look for them in a `proptest-regressions/` folder instead.

#[macro_use]
mod common;

mod closures;
mod conformance;
mod device_ref;
mod interop;
mod invalid_input;
mod lazy_host;
mod matrices;
mod matrix_market;
mod sharded;
mod sparse_constructors;
mod threads;
