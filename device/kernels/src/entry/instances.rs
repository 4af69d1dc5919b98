//! The instantiation lists: which (operator, element type) pairs have GPU kernels.
//!
//! Each list macro calls a callback macro with every pair as `(OpTag: OpType, TypeTag: Type)`.
//! The kernels crate's callback generates the `extern "ptx-kernel"` entry points; the
//! callback in `parallaxis-device` implements the host-side kernel traits with the same names.
//! A pair is therefore either in the PTX and implemented on the host, or in neither, and
//! calling an algorithm with a pair that has no kernel does not compile. Entry-point names
//! come from [`entry_name!`](crate::entry_name) on both sides and are never typed by hand.

/// The PTX entry-point name of `algo` for operator tag `op` and type tag `ty`:
/// `parallax_<algo>__<op>__<ty>`.
///
/// ```
/// use parallaxis_kernels::entry_name;
/// assert_eq!(entry_name!(inclusive_scan, Affine, AffineMap_i64),
///            "parallax_inclusive_scan__Affine__AffineMap_i64");
/// ```
#[macro_export]
macro_rules! entry_name {
    ($algo:ident, $op:ident, $ty:ident) => {
        concat!(
            "parallax_",
            stringify!($algo),
            "__",
            stringify!($op),
            "__",
            stringify!($ty)
        )
    };
}

/// The PTX entry-point name of a fused algorithm `algo` for functor tag `f`, monoid tag `m`
/// and input type tag `ty`: `parallax_<algo>__<f>__<m>__<ty>`. The host builds the same name
/// at run time from the kernel traits' tags (`parallaxis_device`'s `transform_reduce`).
///
/// ```
/// use parallaxis_kernels::fused_entry_name;
/// assert_eq!(fused_entry_name!(transform_reduce, Square, Sum, f32),
///            "parallax_transform_reduce__Square__Sum__f32");
/// ```
#[macro_export]
macro_rules! fused_entry_name {
    ($algo:ident, $f:ident, $m:ident, $ty:ident) => {
        concat!(
            "parallax_",
            stringify!($algo),
            "__",
            stringify!($f),
            "__",
            stringify!($m),
            "__",
            stringify!($ty)
        )
    };
}

/// `true` when `tag` is `expected`, byte for byte (usable in constants: the host side of
/// the fused-kernel macros checks its tags against the operators' kernel traits at compile
/// time).
///
/// ```
/// use parallaxis_kernels::tag_is;
/// assert!(tag_is("Square", "Square") && !tag_is("Square", "Sum"));
/// ```
pub const fn tag_is(tag: &str, expected: &str) -> bool {
    let (a, b) = (tag.as_bytes(), expected.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// `true` when `tag` contains `__`, the separator of entry-point names, or starts or ends
/// with `_`: such a tag could make two different (functor, monoid, type) triples spell one
/// fused name (`A__B` + `C` and `A` + `B__C`; `A_` + `B` and `A` + `_B`, both `A___B`), so
/// the host never fuses with one.
///
/// ```
/// use parallaxis_kernels::tag_has_separator;
/// assert!(tag_has_separator("My__Op") && !tag_has_separator("AffineMap_i64"));
/// assert!(tag_has_separator("Op_") && tag_has_separator("_Op"));
/// ```
pub const fn tag_has_separator(tag: &str) -> bool {
    let a = tag.as_bytes();
    if let (Some(b'_'), _) | (_, Some(b'_')) = (a.first(), a.last()) {
        return true;
    }
    let mut i = 1;
    while i < a.len() {
        if a[i - 1] == b'_' && a[i] == b'_' {
            return true;
        }
        i += 1;
    }
    false
}

/// Calls `$cb!` with every (unary functor, monoid, input element) triple that has a fused
/// `transform_reduce` kernel: those of
/// [`for_each_fused_scan_instance!`](crate::for_each_fused_scan_instance), `Square` with `Max`
/// over the six primitive numbers (sums of squares, norms, the largest square) and `PairWith`
/// with `Both(Sum, Sum)` over f32 and f64 (a mean's sum and count). Every other pair of
/// a `transform` and a `reduce` kernel runs as a transform into a temporary and a reduce; the list
/// is kept short because each triple is a whole reduce kernel in the PTX.
#[macro_export]
macro_rules! for_each_fused_reduce_instance {
    ($cb:ident) => {
        $crate::__fused_triples! { $cb;
            (Square: $crate::ops::Square, Max: $crate::ops::Max, f32: f32),
            (Square: $crate::ops::Square, Max: $crate::ops::Max, f64: f64),
            (Square: $crate::ops::Square, Max: $crate::ops::Max, i32: i32),
            (Square: $crate::ops::Square, Max: $crate::ops::Max, u32: u32),
            (Square: $crate::ops::Square, Max: $crate::ops::Max, i64: i64),
            (Square: $crate::ops::Square, Max: $crate::ops::Max, u64: u64),
            // A mean's (sum, count) of `zip(&x, constant(1, n))` in one pass.
            (PairWith_u32: $crate::ops::PairWith<u32>, Both_Sum_Sum:
                $crate::ops::Both<$crate::ops::Sum, $crate::ops::Sum>, f32: f32),
            (PairWith_u64: $crate::ops::PairWith<u64>, Both_Sum_Sum:
                $crate::ops::Both<$crate::ops::Sum, $crate::ops::Sum>, f64: f64),
        }
    };
}

/// Calls `$cb!` with every (binary functor, monoid, input element) triple that has a fused
/// `transform2_reduce` kernel (both inputs of the element type): `Times` with `Sum` over the
/// six primitive numbers, the inner product (`dot`) of every conjugate-gradient iteration.
/// Every other pair of a `transform2` and a `reduce` kernel runs as a `transform2` into a
/// temporary and a reduce.
#[macro_export]
macro_rules! for_each_fused2_reduce_instance {
    ($cb:ident) => {
        $cb! {
            (Times: $crate::ops::Times, Sum: $crate::ops::Sum, f32: f32),
            (Times: $crate::ops::Times, Sum: $crate::ops::Sum, f64: f64),
            (Times: $crate::ops::Times, Sum: $crate::ops::Sum, i32: i32),
            (Times: $crate::ops::Times, Sum: $crate::ops::Sum, u32: u32),
            (Times: $crate::ops::Times, Sum: $crate::ops::Sum, i64: i64),
            (Times: $crate::ops::Times, Sum: $crate::ops::Sum, u64: u64),
        }
    };
}

/// Calls `$cb!` with every (binary functor, monoid, input element) triple that has fused
/// `transform2_inclusive_scan` and `transform2_exclusive_scan` kernels (both inputs of the
/// element type): those of [`for_each_fused2_reduce_instance!`] (`Times` with `Sum`: the
/// running inner product, `inclusive_scan(Sum, zip(x, y).map(Times))`). Every other pair of
/// a `transform2` and a scan kernel runs as a `transform2` into a temporary and the scan.
#[macro_export]
macro_rules! for_each_fused2_scan_instance {
    ($cb:ident) => {
        $crate::for_each_fused2_reduce_instance! { $cb }
    };
}

/// Calls `$cb!` with every (unary functor, monoid, input element) triple that has fused
/// `transform_inclusive_scan` and `transform_exclusive_scan` kernels: `Square` with `Sum` over the six primitive numbers
/// and `Identity` with `Affine` over `AffineMap<i64>` (a non-commutative monoid, which
/// proves operand order). As for [`for_each_fused_reduce_instance!`], every other pair runs
/// as a transform into a temporary and a scan; a fused scan needs the functor's output to
/// have its input's size and alignment.
#[macro_export]
macro_rules! for_each_fused_scan_instance {
    ($cb:ident) => {
        $crate::__fused_triples! { $cb; }
    };
}

/// The triples both fused families have, then `$more`.
#[doc(hidden)]
#[macro_export]
macro_rules! __fused_triples {
    ($cb:ident; $($more:tt)*) => {
        $cb! {
            (Square: $crate::ops::Square, Sum: $crate::ops::Sum, f32: f32),
            (Square: $crate::ops::Square, Sum: $crate::ops::Sum, f64: f64),
            (Square: $crate::ops::Square, Sum: $crate::ops::Sum, i32: i32),
            (Square: $crate::ops::Square, Sum: $crate::ops::Sum, u32: u32),
            (Square: $crate::ops::Square, Sum: $crate::ops::Sum, i64: i64),
            (Square: $crate::ops::Square, Sum: $crate::ops::Sum, u64: u64),
            (Identity: $crate::ops::Identity, Affine: $crate::ops::Affine,
                AffineMap_i64: $crate::ops::AffineMap<i64>),
            $($more)*
        }
    };
}

/// Calls `$cb!` with every (monoid, element) pair that has `reduce`, `inclusive_scan` and
/// `exclusive_scan` kernels: `Sum`, `Min`, `Max` over the six primitive numbers, and `Affine`
/// over `AffineMap<i64>` (a non-commutative monoid, which proves operand order),
/// `Product`, `BitAnd`, `BitOr`, `BitXor` over i32, u32, i64, u64, and `ArgMin` / `ArgMax`
/// over `Indexed<T>` of the six numbers, and `Both` of two monoids over the pairs of a zip
/// (`Both(Sum, Sum)` over `Pair<f32, u32>` and `Pair<f64, u64>`, `Both(Min, Max)` over
/// `Pair<f32, f32>` and `Pair<i32, i32>`).
#[macro_export]
macro_rules! for_each_monoid_instance {
    ($cb:ident) => {
        $cb! {
            (Sum: $crate::ops::Sum, f32: f32),
            (Sum: $crate::ops::Sum, f64: f64),
            (Sum: $crate::ops::Sum, i32: i32),
            (Sum: $crate::ops::Sum, u32: u32),
            (Sum: $crate::ops::Sum, i64: i64),
            (Sum: $crate::ops::Sum, u64: u64),
            (Min: $crate::ops::Min, f32: f32),
            (Min: $crate::ops::Min, f64: f64),
            (Min: $crate::ops::Min, i32: i32),
            (Min: $crate::ops::Min, u32: u32),
            (Min: $crate::ops::Min, i64: i64),
            (Min: $crate::ops::Min, u64: u64),
            (Max: $crate::ops::Max, f32: f32),
            (Max: $crate::ops::Max, f64: f64),
            (Max: $crate::ops::Max, i32: i32),
            (Max: $crate::ops::Max, u32: u32),
            (Max: $crate::ops::Max, i64: i64),
            (Max: $crate::ops::Max, u64: u64),
            (Affine: $crate::ops::Affine, AffineMap_i64: $crate::ops::AffineMap<i64>),
            // Product and the bitwise monoids over the integer types (wrapping, exact): the
            // conformance suite's integer cases run on the GPU with them.
            (Product: $crate::ops::Product, i32: i32),
            (Product: $crate::ops::Product, u32: u32),
            (Product: $crate::ops::Product, i64: i64),
            (Product: $crate::ops::Product, u64: u64),
            (BitAnd: $crate::ops::BitAnd, i32: i32),
            (BitAnd: $crate::ops::BitAnd, u32: u32),
            (BitAnd: $crate::ops::BitAnd, i64: i64),
            (BitAnd: $crate::ops::BitAnd, u64: u64),
            (BitOr: $crate::ops::BitOr, i32: i32),
            (BitOr: $crate::ops::BitOr, u32: u32),
            (BitOr: $crate::ops::BitOr, i64: i64),
            (BitOr: $crate::ops::BitOr, u64: u64),
            (BitXor: $crate::ops::BitXor, i32: i32),
            (BitXor: $crate::ops::BitXor, u32: u32),
            (BitXor: $crate::ops::BitXor, i64: i64),
            (BitXor: $crate::ops::BitXor, u64: u64),
            // ArgMin / ArgMax over (value, index) pairs of the six numbers, for
            // reduce, the scans and the segmented kernels (reduce_by_key: segmented argmax).
            (ArgMin: $crate::ops::ArgMin, Indexed_f32: $crate::ops::Indexed<f32>),
            (ArgMin: $crate::ops::ArgMin, Indexed_f64: $crate::ops::Indexed<f64>),
            (ArgMin: $crate::ops::ArgMin, Indexed_i32: $crate::ops::Indexed<i32>),
            (ArgMin: $crate::ops::ArgMin, Indexed_u32: $crate::ops::Indexed<u32>),
            (ArgMin: $crate::ops::ArgMin, Indexed_i64: $crate::ops::Indexed<i64>),
            (ArgMin: $crate::ops::ArgMin, Indexed_u64: $crate::ops::Indexed<u64>),
            (ArgMax: $crate::ops::ArgMax, Indexed_f32: $crate::ops::Indexed<f32>),
            (ArgMax: $crate::ops::ArgMax, Indexed_f64: $crate::ops::Indexed<f64>),
            (ArgMax: $crate::ops::ArgMax, Indexed_i32: $crate::ops::Indexed<i32>),
            (ArgMax: $crate::ops::ArgMax, Indexed_u32: $crate::ops::Indexed<u32>),
            (ArgMax: $crate::ops::ArgMax, Indexed_i64: $crate::ops::Indexed<i64>),
            (ArgMax: $crate::ops::ArgMax, Indexed_u64: $crate::ops::Indexed<u64>),
            // `Both` over the pairs of a zip, a mean's (sum, count) in one reduce
            // and a (smallest, largest) range.
            (Both_Sum_Sum: $crate::ops::Both<$crate::ops::Sum, $crate::ops::Sum>,
                Pair_f32_u32: $crate::ops::Pair<f32, u32>),
            (Both_Sum_Sum: $crate::ops::Both<$crate::ops::Sum, $crate::ops::Sum>,
                Pair_f64_u64: $crate::ops::Pair<f64, u64>),
            (Both_Min_Max: $crate::ops::Both<$crate::ops::Min, $crate::ops::Max>,
                Pair_f32_f32: $crate::ops::Pair<f32, f32>),
            (Both_Min_Max: $crate::ops::Both<$crate::ops::Min, $crate::ops::Max>,
                Pair_i32_i32: $crate::ops::Pair<i32, i32>),
        }
    };
}

/// Calls `$cb!` with every (unary functor, input element) pair that has a `transform`
/// kernel: `Square`, `Negate` and `Scale<T>` over the six primitive numbers, `Identity`
/// over `AffineMap<i64>`, and `PairWith` for the stock `Both` pairs (`PairWith<u32>` and
/// `PairWith<f32>` over f32, `PairWith<u64>` over f64, `PairWith<i32>` over i32).
#[macro_export]
macro_rules! for_each_unary_instance {
    ($cb:ident) => {
        $crate::__per_number_type! { $cb, unary }
    };
}

/// Calls `$cb!` with every (binary functor, element) pair that has a `transform2` kernel:
/// `SaxpyFunctor<T>`, `Plus` and `Times` over the six primitive numbers (both inputs `T`).
#[macro_export]
macro_rules! for_each_binary_instance {
    ($cb:ident) => {
        $crate::__per_number_type! { $cb, binary }
    };
}

/// Calls `$cb!` with every (index functor, output element) pair that has a `tabulate`
/// kernel: `Sequence<T>` over the six primitive numbers.
#[macro_export]
macro_rules! for_each_tabulate_instance {
    ($cb:ident) => {
        $crate::__per_number_type! { $cb, tabulate }
    };
}

/// Expands one functor family over the six primitive numbers.
#[doc(hidden)]
#[macro_export]
macro_rules! __per_number_type {
    ($cb:ident, $family:ident) => {
        $crate::__family! { $cb, $family, f32, f64, i32, u32, i64, u64 }
    };
}

/// The functors of each family for a list of element types.
#[doc(hidden)]
#[macro_export]
macro_rules! __family {
    ($cb:ident, unary, $($t:ident),*) => {
        $cb! { $(
            (Square: $crate::ops::Square, $t: $t),
            (Negate: $crate::ops::Negate, $t: $t),
            (Scale: $crate::ops::Scale<$t>, $t: $t),
        )*
            // `transform_reduce(Identity, Affine, ..)` of the conformance suite (a fused
            // pair whose monoid is non-commutative).
            (Identity: $crate::ops::Identity, AffineMap_i64: $crate::ops::AffineMap<i64>),
            // Each element beside a constant, how CUDA reads `zip(&x, constant(c,
            // n))`, for the element and second types of the stock `Both` pairs.
            (PairWith_u32: $crate::ops::PairWith<u32>, f32: f32),
            (PairWith_u64: $crate::ops::PairWith<u64>, f64: f64),
            (PairWith_f32: $crate::ops::PairWith<f32>, f32: f32),
            (PairWith_i32: $crate::ops::PairWith<i32>, i32: i32),
        }
    };
    ($cb:ident, binary, $($t:ident),*) => {
        $cb! { $(
            (SaxpyFunctor: $crate::ops::SaxpyFunctor<$t>, $t: $t),
            (Plus: $crate::ops::Plus, $t: $t),
            (Times: $crate::ops::Times, $t: $t),
        )* }
    };
    ($cb:ident, tabulate, $($t:ident),*) => {
        $cb! { $( (Sequence: $crate::ops::Sequence<$t>, $t: $t), )* }
    };
}

/// Calls `$cb!` with every (semiring, element) pair that has SpMV kernels (CSR vector and
/// merge-based, ELL, COO, for `u32` and `u64` indices, and the fix-up): `PlusTimes` and
/// `MinPlus` over the six primitive numbers, `MaxTimes` over f32 and f64, `OrAnd` over bool.
#[macro_export]
macro_rules! for_each_semiring_instance {
    ($cb:ident) => {
        $cb! {
            (PlusTimes: $crate::ops::PlusTimes, f32: f32),
            (PlusTimes: $crate::ops::PlusTimes, f64: f64),
            (PlusTimes: $crate::ops::PlusTimes, i32: i32),
            (PlusTimes: $crate::ops::PlusTimes, u32: u32),
            (PlusTimes: $crate::ops::PlusTimes, i64: i64),
            (PlusTimes: $crate::ops::PlusTimes, u64: u64),
            (MinPlus: $crate::ops::MinPlus, f32: f32),
            (MinPlus: $crate::ops::MinPlus, f64: f64),
            (MinPlus: $crate::ops::MinPlus, i32: i32),
            (MinPlus: $crate::ops::MinPlus, u32: u32),
            (MinPlus: $crate::ops::MinPlus, i64: i64),
            (MinPlus: $crate::ops::MinPlus, u64: u64),
            (MaxTimes: $crate::ops::MaxTimes, f32: f32),
            (MaxTimes: $crate::ops::MaxTimes, f64: f64),
            (OrAnd: $crate::ops::OrAnd, bool: bool),
        }
    };
}

/// Calls `$cb!` with every (semiring, element) pair that has `stencil_1d`, `stencil_2d` and
/// `stencil_3d` kernels: `PlusTimes` over the six primitive numbers, `MinPlus` and
/// `MaxTimes` over `f32` and `f64`.
#[macro_export]
macro_rules! for_each_stencil_instance {
    ($cb:ident) => {
        $cb! {
            (PlusTimes: $crate::ops::PlusTimes, f32: f32),
            (PlusTimes: $crate::ops::PlusTimes, f64: f64),
            (PlusTimes: $crate::ops::PlusTimes, i32: i32),
            (PlusTimes: $crate::ops::PlusTimes, u32: u32),
            (PlusTimes: $crate::ops::PlusTimes, i64: i64),
            (PlusTimes: $crate::ops::PlusTimes, u64: u64),
            (MinPlus: $crate::ops::MinPlus, f32: f32),
            (MinPlus: $crate::ops::MinPlus, f64: f64),
            (MaxTimes: $crate::ops::MaxTimes, f32: f32),
            (MaxTimes: $crate::ops::MaxTimes, f64: f64),
        }
    };
}

/// Calls `$cb!` with every (semiring, element) pair that has the dense 5 × 5 box kernel
/// `stencil_box2d_r2` (`kernels/stencil/dense_box.rs`): the 4-byte element types of
/// [`for_each_stencil_instance!`]. With 8-byte elements its register tile took 229-233
/// registers (one block per multiprocessor), so those take the general 2D kernel.
#[macro_export]
macro_rules! for_each_stencil_box_instance {
    ($cb:ident) => {
        $cb! {
            (PlusTimes: $crate::ops::PlusTimes, f32: f32),
            (PlusTimes: $crate::ops::PlusTimes, i32: i32),
            (PlusTimes: $crate::ops::PlusTimes, u32: u32),
            (MinPlus: $crate::ops::MinPlus, f32: f32),
            (MaxTimes: $crate::ops::MaxTimes, f32: f32),
        }
    };
}

/// Calls `$cb!` with every (predicate, element) pair that has `select_if` (copy_if,
/// remove_if, partition) and `count_if` kernels: the stock predicates `LessThan`,
/// `GreaterThan`, `EqualTo` (and so `count`), `NotEqualTo`, `InRange` and `NonZero` over the
/// six primitive numbers.
#[macro_export]
macro_rules! for_each_predicate_instance {
    ($cb:ident) => {
        $crate::__predicates_over! { $cb, f32, f64, i32, u32, i64, u64 }
    };
}

/// The stock predicates over a list of element types.
#[doc(hidden)]
#[macro_export]
macro_rules! __predicates_over {
    ($cb:ident, $($t:ident),*) => {
        $cb! { $(
            (LessThan: $crate::ops::LessThan<$t>, $t: $t),
            (GreaterThan: $crate::ops::GreaterThan<$t>, $t: $t),
            (EqualTo: $crate::ops::EqualTo<$t>, $t: $t),
            (NotEqualTo: $crate::ops::NotEqualTo<$t>, $t: $t),
            (InRange: $crate::ops::InRange<$t>, $t: $t),
            (NonZero: $crate::ops::NonZero, $t: $t),
        )* }
    };
}

/// Calls `$cb!` with every element type that has `select_flagged` (copy_if with a stencil)
/// and `select_unique` kernels: the six primitive numbers.
#[macro_export]
macro_rules! for_each_select_type {
    ($cb:ident) => {
        $cb! { (f32: f32), (f64: f64), (i32: i32), (u32: u32), (i64: i64), (u64: u64) }
    };
}

/// Calls `$cb!` with every (key, value) pair that has a `unique_by_key` kernel: `u32` and
/// `u64` keys beside values of the six primitive numbers.
#[macro_export]
macro_rules! for_each_unique_by_key_instance {
    ($cb:ident) => {
        $crate::__unique_by_key_keys! { $cb, f32, f64, i32, u32, i64, u64 }
    };
}

/// `u32` and `u64` keys beside each listed value type.
#[doc(hidden)]
#[macro_export]
macro_rules! __unique_by_key_keys {
    ($cb:ident, $($v:ident),*) => {
        $cb! { $( (u32: u32, $v: $v), (u64: u64, $v: $v), )* }
    };
}

/// Calls `$cb!` with every key type the GPU radix sort instantiates, as `tag: type`: every
/// fixed-width integer (1, 2, 4 and 8 bytes) and both floats (`usize` sorts on the `u64`
/// kernels).
#[macro_export]
macro_rules! for_each_sort_key_instance {
    ($cb:ident) => {
        $cb! {
            u8: u8, i8: i8, u16: u16, i16: i16,
            u32: u32, i32: i32, f32: f32, u64: u64, i64: i64, f64: f64,
        }
    };
}

/// Calls `$cb!` with every (`ArgReduce` monoid, element) pair that has a fused extremum reduce
/// `arg_reduce` (`kernels/reduce/arg.rs`: `min_element`, `max_element`, `minmax_element`):
/// `ArgMin`, `ArgMax` and `ArgMinMax` over the six primitive numbers.
#[macro_export]
macro_rules! for_each_arg_reduce_instance {
    ($cb:ident) => {
        $crate::__arg_reduce_monoids! { $cb, f32, f64, i32, u32, i64, u64 }
    };
}

/// The three extremum monoids for a list of element types.
#[doc(hidden)]
#[macro_export]
macro_rules! __arg_reduce_monoids {
    ($cb:ident, $($t:ident),*) => {
        $cb! { $(
            (ArgMin: $crate::ops::ArgMin, $t: $t),
            (ArgMax: $crate::ops::ArgMax, $t: $t),
            (ArgMinMax: $crate::ops::ArgMinMax, $t: $t),
        )* }
    };
}

/// Calls `$cb!` with every element type that has the vectorized searches
/// (`kernels/search/`: `lower_bound`, `upper_bound`, `binary_search`, tagged `Key`): the six
/// primitive numbers, in `SearchKey` order.
#[macro_export]
macro_rules! for_each_search_instance {
    ($cb:ident) => {
        $cb! { (f32: f32), (f64: f64), (i32: i32), (u32: u32), (i64: i64), (u64: u64) }
    };
}

/// Calls `$cb!` with every (comparator, element) pair that has the comparator merge sort and
/// merge kernels (`kernels/merge/`): the stock `Less` and `Greater` over the six primitive
/// numbers (in `SortKey` order, so floats sort as the radix sort does).
#[macro_export]
macro_rules! for_each_compare_instance {
    ($cb:ident) => {
        $crate::__comparators_over! { $cb, f32, f64, i32, u32, i64, u64 }
    };
}

/// The stock comparators over a list of element types.
#[doc(hidden)]
#[macro_export]
macro_rules! __comparators_over {
    ($cb:ident, $($t:ident),*) => {
        $cb! { $(
            (Less: $crate::ops::Less, $t: $t),
            (Greater: $crate::ops::Greater, $t: $t),
        )* }
    };
}
