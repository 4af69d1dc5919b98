//! Host-only checks (no GPU needed) that the host and the PTX agree: every declared
//! (algorithm, operator, type) has an entry point in the embedded PTX whose one parameter has
//! exactly the size and alignment of the host's `#[repr(C)]` struct (the rows of
//! `parallaxis_kernels::abi`, generated from the family declarations that generate the entry
//! points and the host's kernel traits); names come from the shared declarations; the
//! reduce partition covers every input; and a missing driver is an error, not a panic.
//!
//! The one test binary of this crate: the per-family checks (`abi_*.rs` beside this file) are
//! its modules, so the crate and its kernel library are linked once.

mod common;

mod abi_extrema;
mod abi_segmented;
mod abi_sort;
mod abi_stencil;

use common::{assert_entry, param_layout, PTX};

use parallaxis_device::kernels::params::spmv::SpmvCoordsParams;
use parallaxis_device::kernels::{
    policy::common::items_per_thread, policy::reduce::reduce_grid, policy::reduce::reduce_grid_for,
    policy::reduce::reduce_group, policy::reduce::reduce_level, policy::reduce::reduce_plan,
    policy::reduce::reduce_tree_slots, policy::reduce::ReduceShape,
    policy::reduce::REDUCE_COUNTERS, policy::reduce::REDUCE_MAX_BLOCKS,
    policy::reduce::REDUCE_WAVE_BLOCKS, policy::reduce::REDUCE_WAVE_TILES,
};
use parallaxis_device::{
    kernel_name, CompareKernel, Device, DeviceBuffer, Error, MonoidKernel, SemiringKernel,
    SpmvIndex,
};
use std::collections::HashSet;
use std::mem::size_of;

#[test]
fn every_spmv_instantiation_has_its_entry_points() {
    // The declared rows (nine per (semiring, type) pair, `entry/families/semiring.rs`) are
    // checked against the PTX with every family's below.
    let mut spmv = 0;
    parallaxis_device::kernels::abi::for_each_entry(|e| {
        spmv += usize::from(e.name.starts_with("parallax_spmv_"));
    });
    assert_eq!(spmv, 135);
    let (a, b) = (
        <parallaxis_core::PlusTimes as SemiringKernel<f32>>::SPMV_U32,
        <parallaxis_core::PlusTimes as SemiringKernel<f32>>::SPMV_U64,
    );
    assert_eq!(a.csr_vector, "parallax_spmv_csr_vector_u32__PlusTimes__f32");
    assert_eq!(b.ell, "parallax_spmv_ell_u64__PlusTimes__f32");
    assert_eq!(a.fixup, b.fixup);
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

/// The data-movement entry points (no parameter check of their own yet): `gather` and
/// `scatter` 10 each (5 word widths x u32 and u64 maps), `reverse` 5 (word widths),
/// `check_map` 2 (u32 and u64 maps), `interleave` 5 (word widths).
const MOVES: usize = 32;

/// Every entry point a family declares (`parallaxis_kernels::abi`): the monoid family (51
/// pairs, 10 entries each), `transform` (59: 36 of them `ReplaceIf`), `transform2` (24), `tabulate` (6), the fused
/// families (47), the selections (108 by predicate: select_if, count_if and find_if over 36
/// pairs; 18 by flags, equality and mismatch over 6 types, 12 by key) and
/// the comparator sorts, merges, sorted prefixes and set operations (144: 12 pairs x 12), the radix sort's histogram and three passes per key
/// type (40), the fused extremum reduces (18: ArgMin, ArgMax, ArgMinMax over 6 types) and the
/// searches (18: 3 over 6 types), `histogram_even` and `histogram_range` (32: 8 sample types x
/// u32 and u64 counters), SpMV (135: 15 (semiring, type) pairs x 9) and the stencils (70:
/// 10 pairs x 6, the 5 boxed pairs' dense box and row kernels).
const DECLARED: usize = 510 + 59 + 24 + 6 + 47 + 108 + 18 + 12 + 144 + 40 + 18 + 18 + 32 + 135 + 70;

#[test]
fn every_declared_entry_has_the_host_parameter_layout_and_nothing_else_is_unlisted() {
    let mut names = HashSet::new();
    parallaxis_device::kernels::abi::for_each_entry(|e| {
        assert_eq!(
            param_layout(e.name),
            Some((e.align, e.size)),
            "entry point {} (align, size)",
            e.name
        );
        assert!(names.insert(e.name), "{} declared twice", e.name);
    });
    assert_eq!(names.len(), DECLARED);
    // Plus the two fill kernels, the offsets pass, the radix sort's offsets scan
    // (abi_sort.rs) and SpMV's two tile-coordinate kernels.
    assert_eq!(PTX.matches(".visible .entry").count(), DECLARED + 6 + MOVES);
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
    assert_eq!(
        <parallaxis_core::Greater as CompareKernel<f64>>::MERGE[2],
        "parallax_merge_tiles_v8__Greater__f64"
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
