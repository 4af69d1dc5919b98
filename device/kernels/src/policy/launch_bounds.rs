// Plain data, no `//!` docs and no `use`: the kernels crate's build.rs includes this file as
// well, and hands the table to `device/build.rs` (`DEP_PARALLAXIS_KERNELS_LAUNCH_BOUNDS`).

/// Launch bounds of entry points, CUDA C++'s `__launch_bounds__(threads, min_blocks)`:
/// `(entry-name prefix, threads per block, resident blocks per multiprocessor)`. The build
/// writes them into the PTX (`parallaxis_ptx_builder::apply_launch_bounds`), so ptxas keeps
/// each kernel's registers to what `min_blocks` blocks leave it.
///
/// - `parallax_radix_pass__` (the onesweep pass, 256 threads), first match wins: 1- to
///   4-byte keys alone at four blocks per multiprocessor (a few bytes of spills, faster
///   than three blocks without); beside 4-byte values they run tiles of 24 keys per thread
///   (`policy::sort::radix_items`), whose registers allow two blocks; every other pass three
///   blocks (left alone each takes enough registers for two). Registers, spills and times:
///   `benches/RESULTS.md#radix-sort-early-counts`.
/// - `parallax_transform2_{in,ex}clusive_scan__` (`kernels/scan/zipped.rs`): holding each
///   thread's runs of `y` in registers while `x` lands took 56 registers for f32 (62 for
///   64-bit integers), four blocks per multiprocessor; five blocks hold it to 48 with no
///   spills for f32 (8-20 bytes for 64-bit types), six to 40 with 72-148 bytes of spills
///   (ptxas 13, sm_90). On the H200 five ran 1.5-2% faster than none at 2^24-2^28 f32
///   (`benches/results/h200/zipscan/`).
pub const LAUNCH_BOUNDS: &[(&str, u32, u32)] = &[
    ("parallax_radix_pass__u8__V4", 256, 2),
    ("parallax_radix_pass__i8__V4", 256, 2),
    ("parallax_radix_pass__u16__V4", 256, 2),
    ("parallax_radix_pass__i16__V4", 256, 2),
    ("parallax_radix_pass__u32__V4", 256, 2),
    ("parallax_radix_pass__i32__V4", 256, 2),
    ("parallax_radix_pass__f32__V4", 256, 2),
    ("parallax_radix_pass__u8__V0", 256, 4),
    ("parallax_radix_pass__i8__V0", 256, 4),
    ("parallax_radix_pass__u16__V0", 256, 4),
    ("parallax_radix_pass__i16__V0", 256, 4),
    ("parallax_radix_pass__u32__V0", 256, 4),
    ("parallax_radix_pass__i32__V0", 256, 4),
    ("parallax_radix_pass__f32__V0", 256, 4),
    ("parallax_radix_pass__", 256, 3),
    ("parallax_transform2_inclusive_scan__", 256, 5),
    ("parallax_transform2_exclusive_scan__", 256, 5),
];
