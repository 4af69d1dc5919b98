//! The conformance suite: one body per algorithm, instantiated once per enabled backend by
//! the one-line `conformance!` macro. Every result is compared with the sequential reference
//! in `parallaxis::reference` (bitwise for exact types, within a stated bound for floats).
//!
//! With `--features cuda` the same bodies run on the GPU (`cuda::...`). Every test body starts
//! with `require_gpu!()` (tests/common/gpu.rs): a no-op on the host backends; on the GPU it
//! fails the test loudly when no GPU is usable, or prints `SKIPPED <test>: <reason>` and
//! returns when `PARALLAX_SKIP_GPU=1`. `every_test_body_calls_require_gpu` below keeps that
//! true for tests added later. No case is restricted on the GPU: every algorithm has GPU
//! kernels, and the operator/type pairs the bodies use are all instantiated
//! (device/kernels/src/entry/families/); a pair that was not would fail to compile.

macro_rules! conformance {
    ($name:ident, $backend:ty) => {
        mod $name {
            /// The backend under test.
            pub(crate) type B = $backend;

            mod transform {
                include!("conformance/transform.rs");
            }
            mod reduce {
                include!("conformance/reduce.rs");
            }
            mod scan {
                include!("conformance/scan.rs");
            }
            mod segmented {
                include!("conformance/segmented.rs");
            }
            mod by_key {
                include!("conformance/by_key.rs");
            }
            mod key_widths {
                include!("conformance/key_widths.rs");
            }
            mod spmv {
                include!("conformance/spmv.rs");
            }
            mod stencil {
                include!("conformance/stencil.rs");
            }
            mod histogram {
                include!("conformance/histogram.rs");
            }
            mod gather {
                include!("conformance/gather.rs");
            }
            mod select {
                include!("conformance/select.rs");
            }
            mod find {
                include!("conformance/find.rs");
            }
            mod pairwise {
                include!("conformance/pairwise.rs");
            }
            mod runs {
                include!("conformance/runs.rs");
            }
            mod replace {
                include!("conformance/replace.rs");
            }
            mod sort {
                include!("conformance/sort.rs");
            }
            mod sort_narrow {
                include!("conformance/sort_narrow.rs");
            }
            mod sort_bits {
                include!("conformance/sort_bits.rs");
            }
            mod sort_segmented {
                include!("conformance/sort_segmented.rs");
            }
            // Extrema and init values, vectorized search.
            mod extrema {
                include!("conformance/extrema.rs");
            }
            mod search {
                include!("conformance/search.rs");
            }
            // Comparator merge sort and merge.
            mod merge {
                include!("conformance/merge.rs");
            }
            mod set_ops {
                include!("conformance/set_ops.rs");
            }
            mod top_k {
                include!("conformance/top_k.rs");
            }
            mod top_k_segmented {
                include!("conformance/top_k_segmented.rs");
            }
            // Views.
            mod views {
                include!("conformance/views.rs");
            }
            mod lazy {
                include!("conformance/lazy.rs");
            }
            mod lazy_families {
                include!("conformance/lazy_families.rs");
            }
        }
    };
}

/// User comparators over user element types, on the host backends only (on the GPU they
/// need a kernel crate: the `gpu_user_monoid` example).
mod merge_user {
    mod sequential {
        pub(crate) type B = parallaxis::Sequential;
        mod cases {
            include!("conformance/merge_user.rs");
        }
    }
    #[cfg(feature = "rayon")]
    mod rayon {
        pub(crate) type B = parallaxis::Rayon;
        mod cases {
            include!("conformance/merge_user.rs");
        }
    }
}

conformance!(sequential, parallaxis::Sequential);
#[cfg(feature = "rayon")]
conformance!(rayon, parallaxis::Rayon);
#[cfg(feature = "cuda")]
conformance!(cuda, parallaxis::Cuda);

/// Every `#[test]` in the bodies (plain and property tests) begins with `require_gpu!`, so
/// no GPU test can pass without a GPU unless the skip was asked for and printed.
#[test]
fn every_test_body_calls_require_gpu() {
    let bodies = [
        ("transform", include_str!("conformance/transform.rs")),
        ("reduce", include_str!("conformance/reduce.rs")),
        ("scan", include_str!("conformance/scan.rs")),
        ("segmented", include_str!("conformance/segmented.rs")),
        ("by_key", include_str!("conformance/by_key.rs")),
        ("key_widths", include_str!("conformance/key_widths.rs")),
        ("spmv", include_str!("conformance/spmv.rs")),
        ("stencil", include_str!("conformance/stencil.rs")),
        ("histogram", include_str!("conformance/histogram.rs")),
        ("gather", include_str!("conformance/gather.rs")),
        ("select", include_str!("conformance/select.rs")),
        ("find", include_str!("conformance/find.rs")),
        ("pairwise", include_str!("conformance/pairwise.rs")),
        ("runs", include_str!("conformance/runs.rs")),
        ("replace", include_str!("conformance/replace.rs")),
        ("sort", include_str!("conformance/sort.rs")),
        ("sort_narrow", include_str!("conformance/sort_narrow.rs")),
        (
            "sort_segmented",
            include_str!("conformance/sort_segmented.rs"),
        ),
        ("invalid_input sort", include_str!("invalid_input/sort.rs")),
        ("extrema", include_str!("conformance/extrema.rs")),
        ("search", include_str!("conformance/search.rs")),
        ("merge", include_str!("conformance/merge.rs")),
        ("set_ops", include_str!("conformance/set_ops.rs")),
        ("top_k", include_str!("conformance/top_k.rs")),
        (
            "top_k_segmented",
            include_str!("conformance/top_k_segmented.rs"),
        ),
        (
            "lazy_families",
            include_str!("conformance/lazy_families.rs"),
        ),
        ("merge_user", include_str!("conformance/merge_user.rs")),
        (
            "invalid_input merge",
            include_str!("invalid_input/merge.rs"),
        ),
        (
            "invalid_input extrema_search",
            include_str!("invalid_input/extrema_search.rs"),
        ),
        ("invalid_input", include_str!("invalid_input/table.rs")),
        (
            "invalid_histogram",
            include_str!("invalid_input/histogram.rs"),
        ),
    ];
    for (name, src) in bodies {
        let mut lines = src.lines().map(str::trim).peekable();
        let mut tests = 0;
        while let Some(line) = lines.next() {
            if line != "#[test]" {
                continue;
            }
            tests += 1;
            // The signature may span lines (ending in `) {`, or a one-line `fn .. { .. }`);
            // the guard is the first thing after its `{`.
            let mut sig = String::new();
            for l in lines.by_ref() {
                sig.push_str(l);
                sig.push('\n');
                if l.ends_with(") {") || (l.starts_with("fn ") && l.ends_with('}')) {
                    break;
                }
            }
            let after = sig.rsplit_once(") {").map_or("", |(_, rest)| rest).trim();
            let first = if after.is_empty() {
                lines.peek().copied().unwrap_or("")
            } else {
                after
            };
            assert!(
                first.starts_with("require_gpu!("),
                "{name}.rs: test {tests} does not begin with require_gpu!: {sig}"
            );
        }
        assert!(tests > 0, "{name}: no tests found");
    }
}
