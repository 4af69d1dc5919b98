//! The invalid-input table: every row feeds one kind of bad input to a front door and checks
//! the exact error, and that the caller's output vector was left untouched. Also the defined
//! results for empty inputs. Instantiated once per backend (the GPU too with `--features
//! cuda`; each test starts with `require_gpu!`, see tests/common/gpu.rs).

macro_rules! invalid_input_table {
    ($name:ident, $backend:ty) => {
        mod $name {
            type B = $backend;
            include!("invalid_input/table.rs");
            include!("invalid_input/histogram.rs");
            include!("invalid_input/sort.rs");
            // Extrema, init values, searches.
            include!("invalid_input/extrema_search.rs");
            // Comparator sorts and merges.
            include!("invalid_input/merge.rs");
        }
    };
}

invalid_input_table!(sequential, parallaxis::Sequential);
#[cfg(feature = "rayon")]
invalid_input_table!(rayon, parallaxis::Rayon);
#[cfg(feature = "cuda")]
invalid_input_table!(cuda, parallaxis::Cuda);
