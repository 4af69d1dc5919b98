//! The GPU availability policy of the test suite (`docs/testing.md`).
//!
//! Every test that runs on the `Cuda` backend calls [`skip_gpu`] first (through the
//! [`require_gpu!`] macro in the conformance bodies). On a host backend it does nothing. On
//! `Cuda` it probes the GPU once per process (an upload and a download of one element):
//!
//! - a usable GPU: the test runs;
//! - no usable GPU and `PARALLAX_SKIP_GPU=1`: the test prints exactly one line
//!   `SKIPPED <test path>: <reason>` and returns. The line goes straight to the process's
//!   stderr (not through `eprintln!`, which libtest captures and shows only for failures), so
//!   `scripts/run-gpu-tests.sh` can count it; libtest itself counts the test as passed, and
//!   the script subtracts the skips from its "passed" column;
//! - no usable GPU and no skip variable: the test panics with the reason and the way out.
//!   A machine built with `--features cuda` that cannot reach its GPU is an error, never a
//!   silent pass.

use parallaxis::{Backend, DeviceVector};
use std::collections::HashSet;
use std::io::Write;
use std::sync::{Mutex, OnceLock};

/// The variable that turns "no usable GPU" from a failure into a counted skip.
pub(crate) const SKIP_VAR: &str = "PARALLAX_SKIP_GPU";

/// `Ok(())` when backend `B` (a GPU backend) holds data and gives it back, else the reason.
fn probe<B: Backend>() -> Result<(), String> {
    let v = DeviceVector::<u32, B>::from_slice(&[0x5EED_1234]).map_err(|e| e.to_string())?;
    match v.to_vec().map_err(|e| e.to_string())?.as_slice() {
        [0x5EED_1234] => Ok(()),
        other => Err(format!("round trip of one u32 gave {other:?}")),
    }
}

/// The test's path as libtest names it (libtest runs each test on a thread of that name).
fn test_path() -> String {
    std::thread::current()
        .name()
        .unwrap_or("<unnamed test>")
        .to_owned()
}

/// Whether the calling test must return at once without checking anything: `false` on host
/// backends and with a usable GPU; `true` (after printing `SKIPPED ...` once per test) when
/// no GPU is usable and `PARALLAX_SKIP_GPU=1`.
///
/// # Panics
/// When backend `B` is the GPU, no GPU is usable and `PARALLAX_SKIP_GPU` is not `1`.
pub(crate) fn skip_gpu<B: Backend>() -> bool {
    if B::NAME != "cuda" {
        return false;
    }
    static PROBE: OnceLock<Result<(), String>> = OnceLock::new();
    let Err(reason) = PROBE.get_or_init(probe::<B>) else {
        return false;
    };
    let path = test_path();
    if std::env::var(SKIP_VAR).as_deref() != Ok("1") {
        panic!(
            "{path}: no usable GPU for the cuda backend: {reason}. This build has \
             `--features cuda`, so its GPU tests fail without a GPU; set {SKIP_VAR}=1 to \
             skip them (each skip is printed and counted)"
        );
    }
    // One line per test, also for property tests whose body runs once per case.
    static PRINTED: Mutex<Option<HashSet<String>>> = Mutex::new(None);
    let mut printed = PRINTED.lock().unwrap_or_else(|e| e.into_inner());
    if printed
        .get_or_insert_with(HashSet::new)
        .insert(path.clone())
    {
        print_skipped(&path, reason);
    }
    true
}

/// The `SKIPPED <test path>: <reason>` line, straight to the process's stderr (past
/// libtest's capture) for `scripts/run-gpu-tests.sh` to count.
fn print_skipped(path: &str, reason: &str) {
    let line = format!("SKIPPED {path}: {reason}\n");
    let _ = std::io::stderr().lock().write_all(line.as_bytes());
}

/// First statement of every test that may run on the GPU: returns from the test (or, with
/// `proptest`, from the property's case) when [`skip_gpu`] says so. Uses the `B` in scope.
#[allow(unused_macros)] // test binaries that call `skip_gpu` directly
macro_rules! require_gpu {
    () => {
        if $crate::common::gpu::skip_gpu::<B>() {
            return;
        }
    };
    (proptest) => {
        if $crate::common::gpu::skip_gpu::<B>() {
            return Ok(());
        }
    };
}

/// Prints the counted `SKIPPED <test path>: <reason>` line for a GPU test that cannot check
/// its premise on this machine, once per unchecked case (`scripts/run-gpu-tests.sh` counts
/// the test once as skipped, never as passed).
pub(crate) fn skip_with(reason: &str) {
    print_skipped(&test_path(), reason);
}
