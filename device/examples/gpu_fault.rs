//! A sticky GPU fault poisons the device, and every later call reports it instead of running
//! on a broken context (`docs/errors.md`). Its own program, because the fault is not
//! recoverable in the process that caused it.
//!
//! ```sh
//! cargo build --release -p parallaxis-device --example gpu_fault
//! gpu_fault        # exit 0: the fault was reported as Poisoned, and so was every later call
//! ```
//!
//! The kernel is eight lines of hand-written PTX that stores through the pointer it is given;
//! it is given address 8, so the store is an illegal address (CUDA error 700).

use parallaxis_device::{Device, DeviceBuffer, Error, Kernels, LaunchConfig, UserKernel};
use std::process::ExitCode;

/// `*(u32*)p = 1` for the pointer parameter `p`.
const FAULT_PTX: &str = "
.version 7.0
.target sm_80
.address_size 64
.visible .entry parallax_test_store_through(.param .u64 p)
{
    .reg .b64 %a;
    .reg .b32 %v;
    ld.param.u64 %a, [p];
    mov.u32 %v, 1;
    st.global.u32 [%a], %v;
    ret;
}
";

/// An address no allocation can have: the first page is never mapped.
const BAD_ADDRESS: u64 = 8;

fn main() -> ExitCode {
    let dev = match Device::default_device() {
        Ok(d) => d,
        Err(e) => {
            eprintln!("gpu_fault: no GPU: {e}");
            return ExitCode::from(2);
        }
    };
    let mut failures = Vec::new();
    let mut check = |what: &str, ok: bool, got: String| {
        println!("{:<48} {}  ({got})", what, if ok { "ok" } else { "FAILED" });
        if !ok {
            failures.push(what.to_owned());
        }
    };

    // Before the fault the device works.
    let before = DeviceBuffer::<u32>::zeroed(4).map(|_| ());
    check(
        "before the fault: an allocation works",
        before.is_ok(),
        format!("{before:?}"),
    );

    // SAFETY: deliberately violated: the pointer parameter is invalid. The fault this causes
    // is the behaviour under test; it stays inside the GPU context this program owns.
    let kernel =
        unsafe { UserKernel::<u64>::new(Kernels::ptx(FAULT_PTX), "parallax_test_store_through") };
    let fault = kernel.launch_on(dev, &LaunchConfig::linear(1, 1), BAD_ADDRESS, 1);
    check(
        "the faulting launch returns Poisoned",
        matches!(fault, Err(Error::Poisoned { .. })),
        format!("{fault:?}"),
    );
    check(
        "the device reports why it is poisoned",
        dev.poisoned().is_some(),
        format!("{:?}", dev.poisoned()),
    );
    let after = DeviceBuffer::<u32>::zeroed(4).map(|_| ());
    check(
        "a later allocation returns Poisoned",
        matches!(after, Err(Error::Poisoned { .. })),
        format!("{after:?}"),
    );
    let relaunch = kernel.launch_on(dev, &LaunchConfig::linear(1, 1), BAD_ADDRESS, 1);
    check(
        "a later launch returns Poisoned",
        matches!(relaunch, Err(Error::Poisoned { .. })),
        format!("{relaunch:?}"),
    );

    if failures.is_empty() {
        println!("gpu_fault: a sticky fault poisons the device and every later call says so");
        ExitCode::SUCCESS
    } else {
        println!("gpu_fault: {} check(s) failed", failures.len());
        ExitCode::FAILURE
    }
}
