//! Host-only checks (no GPU needed) that the host and the PTX agree: every instantiated
//! (algorithm, operator, type) has an entry point in the embedded PTX whose one parameter has
//! exactly the size of the host's `#[repr(C)]` struct; names come from the shared macro; the
//! reduce partition covers every input; and a missing driver is an error, not a panic.
//!
//! The one test binary of this crate: the per-family checks (`abi_*.rs` beside this file) are
//! its modules, so the crate and its kernel library are linked once.

mod common;

mod abi_extrema;
mod abi_merge;
mod abi_segmented;
mod abi_select;
mod abi_sort;
mod abi_stencil;

use common::{assert_entry, PTX};

use parallaxis_core::{BinaryFunction, UnaryFunction};
use parallaxis_device::kernels::fused_entry_name;
use parallaxis_device::kernels::{
    params::reduce::ReduceParams, params::reduce::Transform2ReduceParams,
    params::reduce::TransformReduceParams, params::scan::ScanParams,
    params::scan::Transform2ScanParams, params::scan::TransformScanParams,
    params::transform::TabulateParams, params::transform::Transform2Params,
    params::transform::TransformParams,
};
use parallaxis_device::kernels::{
    params::spmv::SpmvCoordsParams, params::spmv::SpmvCsrVectorParams, params::spmv::SpmvEllParams,
    params::spmv::SpmvFixupParams, params::spmv::SpmvMergeParams,
};
use parallaxis_device::kernels::{
    policy::common::items_per_thread, policy::reduce::reduce_grid, policy::reduce::reduce_grid_for,
    policy::reduce::reduce_group, policy::reduce::reduce_level, policy::reduce::reduce_plan,
    policy::reduce::reduce_tree_slots, policy::reduce::ReduceShape,
    policy::reduce::REDUCE_COUNTERS, policy::reduce::REDUCE_MAX_BLOCKS,
    policy::reduce::REDUCE_WAVE_BLOCKS, policy::reduce::REDUCE_WAVE_TILES,
};
use parallaxis_device::{
    kernel_name, BinaryKernel, Device, DeviceBuffer, Error, MonoidKernel, SemiringKernel,
    SpmvIndex, TabulateKernel, UnaryKernel,
};
use std::mem::size_of;

macro_rules! check_monoids {
    ($( ($mt:ident: $m:ty, $tt:ident: $t:ty) ),* $(,)?) => {{ let mut count = 0; $(
        assert_entry(<$m as MonoidKernel<$t>>::REDUCE, size_of::<ReduceParams<$t, $m>>());
        assert_entry(<$m as MonoidKernel<$t>>::INCLUSIVE_SCAN, size_of::<ScanParams<$t, $m>>());
        assert_entry(<$m as MonoidKernel<$t>>::EXCLUSIVE_SCAN, size_of::<ScanParams<$t, $m>>());
        count += 3;
    )* count }};
}

macro_rules! check_unary {
    ($( ($ft:ident: $f:ty, $tt:ident: $t:ty) ),* $(,)?) => {{ let mut count = 0; $(
        assert_entry(
            <$f as UnaryKernel<$t>>::TRANSFORM,
            size_of::<TransformParams<$t, <$f as UnaryFunction<$t>>::Output, $f>>(),
        );
        count += 1;
    )* count }};
}

/// Every triple of a fused list: the tags the host builds the entry's name from, and the
/// entry with the size of `$params<A, F, Output, M>`.
macro_rules! check_fused {
    ($algo:ident, $params:ident; $( ($ft:ident: $f:ty, $mt:ident: $m:ty, $tt:ident: $t:ty) ),* $(,)?) => {{ let mut count = 0; $(
        // The host finds the entry by the operators' tags (`device/src/ops/fused/lookup.rs`).
        assert_eq!(
            (<$f as UnaryKernel<$t>>::OP, <$f as UnaryKernel<$t>>::TYPE),
            (stringify!($ft), stringify!($tt))
        );
        assert_eq!(
            <$m as MonoidKernel<<$f as UnaryFunction<$t>>::Output>>::OP,
            stringify!($mt)
        );
        assert_entry(
            fused_entry_name!($algo, $ft, $mt, $tt),
            size_of::<$params<$t, $f, <$f as UnaryFunction<$t>>::Output, $m>>(),
        );
        count += 1;
    )* count }};
}

macro_rules! check_fused_reduce {
    ($($triples:tt)*) => { check_fused!(transform_reduce, TransformReduceParams; $($triples)*) };
}

macro_rules! check_fused_scan {
    ($($triples:tt)*) => {
        check_fused!(transform_inclusive_scan, TransformScanParams; $($triples)*)
    };
}

macro_rules! check_fused_exclusive_scan {
    ($($triples:tt)*) => {
        check_fused!(transform_exclusive_scan, TransformScanParams; $($triples)*)
    };
}

/// Every triple of a fused binary list: the binary functor's tags and the monoid's, and
/// the entry `$algo` with the size of `$params<A, A, F, Output, M>`.
macro_rules! check_fused2 {
    ($algo:ident, $params:ident; $( ($ft:ident: $f:ty, $mt:ident: $m:ty, $tt:ident: $t:ty) ),* $(,)?) => {{ let mut count = 0; $({
        // The host finds the entry by the operators' tags (`device/src/ops/fused/binary.rs`).
        assert_eq!(
            (<$f as BinaryKernel<$t, $t>>::OP, <$f as BinaryKernel<$t, $t>>::TYPE),
            (stringify!($ft), stringify!($tt))
        );
        type Out = <$f as BinaryFunction<$t, $t>>::Output;
        assert_eq!(<$m as MonoidKernel<Out>>::OP, stringify!($mt));
        assert_entry(
            fused_entry_name!($algo, $ft, $mt, $tt),
            size_of::<$params<$t, $t, $f, Out, $m>>(),
        );
        count += 1;
    })* count }};
}

macro_rules! check_fused2_reduce {
    ($($triples:tt)*) => { check_fused2!(transform2_reduce, Transform2ReduceParams; $($triples)*) };
}

/// Both two-input scans of each triple (`Transform2ScanParams<A, C, F, T, M>` orders its
/// parameters as `Transform2ReduceParams`'s: inputs, functor, output, monoid).
macro_rules! check_fused2_scans {
    ($($triples:tt)*) => {
        check_fused2!(transform2_inclusive_scan, Transform2ScanParams; $($triples)*)
            + check_fused2!(transform2_exclusive_scan, Transform2ScanParams; $($triples)*)
    };
}

macro_rules! check_binary {
    ($( ($ft:ident: $f:ty, $tt:ident: $t:ty) ),* $(,)?) => {{ let mut count = 0; $(
        assert_entry(
            <$f as BinaryKernel<$t, $t>>::TRANSFORM2,
            size_of::<Transform2Params<$t, $t, <$f as BinaryFunction<$t, $t>>::Output, $f>>(),
        );
        count += 1;
    )* count }};
}

macro_rules! check_tabulate {
    ($( ($ft:ident: $f:ty, $tt:ident: $t:ty) ),* $(,)?) => {{ let mut count = 0; $(
        assert_entry(<$f as TabulateKernel>::TABULATE, size_of::<TabulateParams<$t, $f>>());
        count += 1;
    )* count }};
}

macro_rules! check_semirings {
    ($( ($st:ident: $s:ty, $tt:ident: $t:ty) ),* $(,)?) => {{ let mut count = 0; $(
        let (a, b) = (<$s as SemiringKernel<$t>>::SPMV_U32, <$s as SemiringKernel<$t>>::SPMV_U64);
        assert_entry(a.csr_vector, size_of::<SpmvCsrVectorParams<$t, u32, $s>>());
        assert_entry(b.csr_vector, size_of::<SpmvCsrVectorParams<$t, u64, $s>>());
        assert_entry(a.csr_merge, size_of::<SpmvMergeParams<$t, u32, $s>>());
        assert_entry(b.csr_merge, size_of::<SpmvMergeParams<$t, u64, $s>>());
        assert_entry(a.coo, size_of::<SpmvMergeParams<$t, u32, $s>>());
        assert_entry(b.coo, size_of::<SpmvMergeParams<$t, u64, $s>>());
        assert_entry(a.ell, size_of::<SpmvEllParams<$t, u32, $s>>());
        assert_entry(b.ell, size_of::<SpmvEllParams<$t, u64, $s>>());
        assert_eq!(a.fixup, b.fixup);
        assert_entry(a.fixup, size_of::<SpmvFixupParams<$t, $s>>());
        count += 9;
    )* count }};
}

#[test]
fn every_spmv_instantiation_has_its_entry_points() {
    let spmv = parallaxis_device::kernels::for_each_semiring_instance!(check_semirings);
    assert_eq!(spmv, 135);
    // Plus the CSR merge kernel's tile coordinates, one per index width.
    assert_entry(
        <u32 as SpmvIndex>::COORDS,
        size_of::<SpmvCoordsParams<u32>>(),
    );
    assert_entry(
        <u64 as SpmvIndex>::COORDS,
        size_of::<SpmvCoordsParams<u64>>(),
    );
    assert_eq!(<usize as SpmvIndex>::COORDS, <u64 as SpmvIndex>::COORDS);
    assert_eq!(
        PTX.matches(".visible .entry parallax_spmv_").count(),
        spmv + 2
    );
}

/// The extrema and search entry points, checked in abi_extrema.rs: 18 fused extremum reduces (ArgMin,
/// ArgMax, ArgMinMax over 6 types) and 18 searches (3 over 6 types).
const EXTREMA_SEARCH: usize = 36;

/// The selection entry points (their parameters are checked in abi_select.rs): 36
/// `select_if` and 36 `count_if` (6 stock predicates x 6 types), 6 `select_flagged`, 6
/// `select_unique`, 12 `unique_by_key` (u32 and u64 keys x 6 value types).
const SELECT: usize = 96;

/// The histogram and data-movement entry points (no parameter check of their own
/// yet): `histogram_even` and `histogram_range` 16 each (8 sample types x u32 and u64
/// counters), `gather` and `scatter` 10 each (5 word widths x u32 and u64 maps), `reverse`
/// 5 (word widths), `check_map` 2 (u32 and u64 maps), `interleave` 5 (word widths).
const HISTOGRAM_GATHER: usize = 64;

#[test]
fn every_instantiation_has_an_entry_point_with_the_host_parameter_size() {
    let monoid = parallaxis_device::kernels::for_each_monoid_instance!(check_monoids);
    let unary = parallaxis_device::kernels::for_each_unary_instance!(check_unary);
    let binary = parallaxis_device::kernels::for_each_binary_instance!(check_binary);
    let tabulate = parallaxis_device::kernels::for_each_tabulate_instance!(check_tabulate);
    let fused = parallaxis_device::kernels::for_each_fused_reduce_instance!(check_fused_reduce)
        + parallaxis_device::kernels::for_each_fused_scan_instance!(check_fused_scan)
        + parallaxis_device::kernels::for_each_fused_scan_instance!(check_fused_exclusive_scan)
        + parallaxis_device::kernels::for_each_fused2_reduce_instance!(check_fused2_reduce)
        + parallaxis_device::kernels::for_each_fused2_scan_instance!(check_fused2_scans);
    // 51 monoid pairs (35, the 12 ArgMin / ArgMax over `Indexed<T>` of 6 types, and the 4
    // `Both` over pairs) x 3
    // algorithms; 6 types x 3 unary functors + Identity on AffineMap<i64> + the 4
    // `PairWith`; fused: reduces of Square with Sum and Max over 6 types, Identity with Affine
    // and PairWith with Both(Sum, Sum) over f32 and f64 (15),
    // inclusive and exclusive scans of Square with Sum over 6 types and Identity with Affine
    // (7 each), reduces of Times with Sum over two inputs of 6 types (6), and its inclusive
    // and exclusive scans (6 each).
    assert_eq!(
        (monoid, unary, binary, tabulate, fused),
        (153, 23, 18, 6, 47)
    );
    // Plus the two fill kernels and the segmented family (tests/abi_segmented.rs: 7 per
    // monoid pair, 1 offsets pass): nothing the host does not know about.
    // (SpMV's entry points are counted by their own test; the 70 stencil entry points, 30
    // general, 5 dense-box, 5 dense-row, 20 z-marching and 10 register-marching stars, are
    // checked in abi_stencil.rs.)
    let segmented = 7 * (monoid / 3) + 1;
    let spmv = PTX.matches(".visible .entry parallax_spmv_").count();
    // The radix sort's entry points are checked in abi_sort.rs, the merge sort's in
    // abi_merge.rs.
    let sort = PTX.matches(".visible .entry parallax_radix_").count()
        + PTX.matches(".visible .entry parallax_merge_").count();
    assert_eq!(
        PTX.matches(".visible .entry").count() - spmv - sort,
        monoid
            + unary
            + binary
            + tabulate
            + fused
            + 2
            + segmented
            + 70
            + EXTREMA_SEARCH
            + SELECT
            + HISTOGRAM_GATHER
    );
    assert_entry("parallax_fill__Pattern__u32", 32);
    assert_entry("parallax_fill__Pattern__u8", 32);
}

#[test]
fn names_come_from_the_shared_macro() {
    assert_eq!(
        <parallaxis_core::Sum as MonoidKernel<f32>>::REDUCE,
        "parallax_reduce__Sum__f32"
    );
    assert_eq!(
        <parallaxis_core::Affine as MonoidKernel<parallaxis_core::AffineMap<i64>>>::EXCLUSIVE_SCAN,
        "parallax_exclusive_scan__Affine__AffineMap_i64"
    );
    assert_eq!(
        kernel_name::<u64, parallaxis_core::Max>("scan_by_flags"),
        "parallax_scan_by_flags__Max__u64"
    );
}

#[test]
fn the_ptx_calls_nothing_outside_itself() {
    // An undefined `.func` would mean a function the kernels reach was not generated into the
    // kernels crate; the driver would reject the module.
    assert!(!PTX.contains(".extern .func"));
    // No local memory: every per-thread array stays in registers, except in the entries
    // listed, where rustc spills a 16-byte word (the W16 moves: gather, scatter, reverse,
    // interleave) or the `InRange` predicate's pair of bounds (count_if) to the stack: known,
    // to be removed, and no other may join.
    const KNOWN_LOCAL: [&str; 9] = [
        "parallax_count_if__InRange__f32",
        "parallax_count_if__InRange__i32",
        "parallax_count_if__InRange__u32",
        "parallax_gather__W16__u32",
        "parallax_gather__W16__u64",
        "parallax_interleave__W16__Word",
        "parallax_reverse__W16__Word",
        "parallax_scatter__W16__u32",
        "parallax_scatter__W16__u64",
    ];
    for entry in PTX.split(".visible .entry ").skip(1) {
        let name = entry.split('(').next().unwrap_or_default();
        assert!(
            !entry.contains(".local") || KNOWN_LOCAL.contains(&name),
            "{name} uses local memory"
        );
    }
}

#[test]
fn reduce_plan_and_grid_cover_every_item_and_give_every_block_work() {
    for size in [4, 8, 16] {
        let warp_tile = 32 * items_per_thread(size) as u64;
        for n in [
            1,
            31,
            33,
            511,
            512,
            513,
            4097,
            (1 << 20) + 7,
            1 << 22,
            (1 << 23) + 5,
            1 << 24,
            (1 << 24) + 1,
            1 << 28,
            (1 << 31) + 33,
            1 << 40,
        ] {
            let grid = reduce_grid(n, size);
            let plans = [REDUCE_MAX_BLOCKS, 1].map(|max| (max, reduce_plan(n, size, max)));
            // Every shape of the tuning table launches a partition too.
            let tuned = [ReduceShape::BASE, ReduceShape::HBM3E]
                .map(|s| (s.max_blocks, reduce_grid_for(n, size, s)));
            for (max, (blocks, per_warp)) in plans
                .into_iter()
                .chain([(REDUCE_MAX_BLOCKS, grid)])
                .chain(tuned)
            {
                let per_block = 8 * per_warp * warp_tile;
                assert!(blocks >= 1 && blocks <= max, "n={n} size={size} max={max}");
                assert!(blocks * per_block >= n, "n={n}: items left over");
                assert!((blocks - 1) * per_block < n, "n={n}: an idle block");
            }
            // The launch keeps to one wave exactly when a block per warp tile would need up
            // to four waves, and otherwise is the plain plan.
            let (plain, _) = reduce_plan(n, size, REDUCE_MAX_BLOCKS);
            let wave =
                plain > REDUCE_WAVE_BLOCKS && plain <= REDUCE_WAVE_TILES * REDUCE_WAVE_BLOCKS;
            let want_max = if wave {
                REDUCE_WAVE_BLOCKS
            } else {
                REDUCE_MAX_BLOCKS
            };
            assert_eq!(grid, reduce_plan(n, size, want_max), "n={n} size={size}");
            assert!(grid.1 <= REDUCE_WAVE_TILES || !wave, "n={n} size={size}");
        }
    }
    assert_eq!(reduce_plan(0, 4, REDUCE_MAX_BLOCKS), (0, 0));
    assert_eq!(reduce_grid(0, 4), (0, 0));
}

#[test]
fn reduce_fold_tree_levels_fit_their_slots() {
    for size in [4, 8, 16] {
        let group = reduce_group(size);
        for blocks in (1..=3 * group + 2).chain([
            group * group - 1,
            group * group,
            REDUCE_MAX_BLOCKS - 1,
            REDUCE_MAX_BLOCKS,
        ]) {
            let (slots, counters) = reduce_tree_slots(blocks, size);
            // The scratch keeps counters for the largest grid the plan makes.
            assert!(blocks > REDUCE_MAX_BLOCKS || counters <= REDUCE_COUNTERS);
            let (mut level, mut end_partial, mut end_counter) = (0, 0, 0);
            loop {
                let (count, first_partial, first_counter) = reduce_level(blocks, size, level);
                let at = format!("size={size} blocks={blocks} level={level}");
                assert!(count >= 1, "{at}");
                if count == 1 {
                    // The result: no slot; the levels before it fit the tree's slots and
                    // used exactly its counters.
                    assert!(end_partial <= slots, "{at}");
                    assert_eq!(end_counter, counters, "{at}");
                    break;
                }
                // Levels follow one another, each 16-byte aligned (16-byte vector loads).
                assert!(first_partial >= end_partial, "{at}");
                assert_eq!(first_partial * size as u64 % 16, 0, "{at}");
                assert_eq!(first_counter, end_counter, "{at}");
                let groups = count.div_ceil(group);
                assert_eq!(reduce_level(blocks, size, level + 1).0, groups, "{at}");
                end_partial = first_partial + count;
                end_counter = first_counter + groups;
                level += 1;
            }
            // Up to the cap, the block that finishes last folds at most two groups.
            if blocks <= REDUCE_MAX_BLOCKS {
                assert!(level <= 2, "size={size} blocks={blocks}: {level} levels");
            }
        }
        // At the cap the tree is two levels: one counter per group of blocks, one more for
        // the groups' partials, and the scratch keeps enough for the smallest groups.
        let groups = REDUCE_MAX_BLOCKS.div_ceil(group);
        assert!(groups <= group, "size={size}: a third level at the cap");
        assert!(groups < REDUCE_COUNTERS, "size={size}: counters");
    }
    assert_eq!(REDUCE_COUNTERS, REDUCE_MAX_BLOCKS.div_ceil(1024) + 1);
}

#[test]
fn no_driver_or_bad_ordinal_is_an_error_not_a_panic() {
    // On a machine without a GPU both calls report the missing driver; with one, the
    // absurd ordinal is `NoDevice` and the small allocation succeeds.
    match Device::get(usize::MAX) {
        Err(Error::NoDriver { .. }) => {
            let e = DeviceBuffer::<f32>::zeroed(4).expect_err("no driver, yet a buffer");
            assert!(matches!(e, Error::NoDriver { .. }), "{e:?}");
        }
        Err(Error::NoDevice { ordinal, .. }) => {
            assert_eq!(ordinal, usize::MAX);
            let b = DeviceBuffer::<f32>::zeroed(4).expect("a GPU is present");
            assert_eq!(b.to_vec().expect("download"), [0.0; 4]);
        }
        other => panic!("expected NoDriver or NoDevice, got {other:?}"),
    }
}
