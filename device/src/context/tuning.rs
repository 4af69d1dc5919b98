//! The device's properties as the tuning table reads them (`policy::gpu`), from the driver.

use cudarc::driver::{sys::CUdevice_attribute as A, CudaContext};
use parallaxis_kernels::policy::gpu::GpuProperties;

/// The properties of `ctx`'s device; one the driver does not report is 0 (the table then
/// falls back on the others).
pub(super) fn read_properties(ctx: &CudaContext, capability: (u32, u32)) -> GpuProperties {
    let attribute = |a| {
        ctx.attribute(a)
            .ok()
            .and_then(|v| u64::try_from(v).ok())
            .unwrap_or(0)
    };
    let clock_khz = attribute(A::CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE);
    let bus_bits = attribute(A::CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH);
    // Double data rate: two transfers of `bus_bits` a clock.
    let peak_bandwidth_gbs = clock_khz * 1000 * 2 * (bus_bits / 8) / 1_000_000_000;
    // SAFETY: `ctx`'s device handle is valid while the context lives.
    let memory_bytes =
        unsafe { cudarc::driver::result::device::total_mem(ctx.cu_device()) }.unwrap_or(0);
    GpuProperties {
        capability,
        multiprocessors: u32::try_from(attribute(A::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT))
            .unwrap_or(0),
        l2_bytes: attribute(A::CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE),
        memory_bytes: memory_bytes as u64,
        peak_bandwidth_gbs,
    }
}
