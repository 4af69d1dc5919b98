//! The tuning table: the launch shapes that differ between GPUs, one entry per class of GPU,
//! chosen at run time from the device's properties when it opens
//! (`parallaxis_device::Device::tuning`). Everything else in `policy/` is one constant for
//! every GPU. Each entry names the measurement that chose it.

use super::extrema::ARG_REDUCE_MAX_BLOCKS;
use super::reduce::{ReduceShape, REDUCE_MAX_BLOCKS};

/// What the table chooses by, read from the driver when a device opens. A property the
/// driver does not report is 0.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GpuProperties {
    /// Compute capability `(major, minor)`.
    pub capability: (u32, u32),
    /// Streaming multiprocessors.
    pub multiprocessors: u32,
    /// Bytes of L2 cache.
    pub l2_bytes: u64,
    /// Bytes of device memory.
    pub memory_bytes: u64,
    /// Peak memory bandwidth in GB/s (memory clock × bus width × 2, double data rate).
    pub peak_bandwidth_gbs: u64,
}

/// One entry of the table: a class of GPU and its launch shapes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tuning {
    /// The class, as the benchmark output names it (`"base"`, `"hbm3e"`).
    pub class: &'static str,
    /// The reduce's shape (reduce, `reduce_into`, the fused transform reductions).
    pub reduce: ReduceShape,
    /// Upper bound on the extremum reduce's blocks (`min_element` and friends): see
    /// [`arg_reduce_grid`](super::extrema::arg_reduce_grid).
    pub arg_reduce_max_blocks: u64,
}

impl Tuning {
    /// Every GPU without an entry of its own, and the H100 (where each base constant of
    /// `policy/` was timed).
    pub const BASE: Tuning = Tuning {
        class: "base",
        reduce: ReduceShape::BASE,
        // Timed on the H200 only; the H100 keeps it until a sweep there says otherwise.
        arg_reduce_max_blocks: ARG_REDUCE_MAX_BLOCKS,
    };

    /// GPUs with more memory bandwidth per multiprocessor than the H100 has (the H200:
    /// 4.8 TB/s over the same 132 multiprocessors): a block pass moves the same bytes in
    /// less time, so a block's fixed costs (its partial, its ticket) weigh more.
    pub const HBM3E: Tuning = Tuning {
        class: "hbm3e",
        reduce: ReduceShape::HBM3E,
        arg_reduce_max_blocks: ARG_REDUCE_MAX_BLOCKS,
    };

    /// Whether every shape of the entry is launchable.
    pub const fn is_valid(&self) -> bool {
        self.reduce.is_valid()
            && self.arg_reduce_max_blocks > 0
            && self.arg_reduce_max_blocks <= REDUCE_MAX_BLOCKS
    }
}

/// Peak bandwidth per multiprocessor (GB/s) from which a GPU counts as [`Tuning::HBM3E`]:
/// the H100 SXM has 3352 / 132 = 25, the H200 4800 / 132 = 36.
const HBM3E_GBS_PER_SM: u64 = 30;

/// Device memory from which a GPU of compute capability 9.0 whose driver does not report
/// its memory clock counts as [`Tuning::HBM3E`] (the H200 has 141 GB, the H100 80 or 94).
const HBM3E_HOPPER_MEMORY: u64 = 120 << 30;

/// The table's entry for a GPU with properties `p`.
///
/// ```
/// use parallaxis_kernels::policy::gpu::{tuning_for, GpuProperties, Tuning};
/// let h100 = GpuProperties { capability: (9, 0), multiprocessors: 132,
///     peak_bandwidth_gbs: 3352, memory_bytes: 80 << 30, l2_bytes: 50 << 20 };
/// let h200 = GpuProperties { peak_bandwidth_gbs: 4800, memory_bytes: 141 << 30, ..h100 };
/// assert_eq!(tuning_for(&h100).class, "base");
/// assert_eq!(tuning_for(&h200).class, "hbm3e");
/// assert_eq!(tuning_for(&GpuProperties::default()).class, "base");
/// ```
pub const fn tuning_for(p: &GpuProperties) -> Tuning {
    let per_sm = if p.multiprocessors == 0 {
        0
    } else {
        p.peak_bandwidth_gbs / p.multiprocessors as u64
    };
    let hopper_unreported =
        p.peak_bandwidth_gbs == 0 && p.capability.0 == 9 && p.memory_bytes >= HBM3E_HOPPER_MEMORY;
    if per_sm >= HBM3E_GBS_PER_SM || hopper_unreported {
        Tuning::HBM3E
    } else {
        Tuning::BASE
    }
}
