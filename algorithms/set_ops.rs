//! Set operations on sorted sequences, each a vector, view or lazy sequence (written out
//! once first; see [`Readable`]) (Thrust's `set_union`, `set_intersection`, `set_difference`,
//! `set_symmetric_difference` and their `_by_key` forms): in [`SortKey`]'s total order (the
//! stock [`Less`], the order `sort` sorts in), `_by` with any comparator, `_by_key` /
//! `_by_key_with` for key-value pairs; and [`set_operation_by`] /
//! [`set_operation_by_key_with`] with the [`SetOp`] as a value.
//!
//! The inputs are sorted multisets: of a value held `m` times by `a` and `n` times by `b`
//! (equal under the comparator), the union keeps `max(m, n)`, the intersection `min(m, n)`,
//! the difference `max(m - n, 0)` and the symmetric difference `|m - n|`, each item from its
//! own list in that list's order (equal items are paired in order, and a pair emits `a`'s
//! item); by key, each key keeps its own value. The output is sorted and holds exactly the
//! items emitted (the call waits for their number).
//!
//! The caller promises both inputs are sorted by the comparator; on unsorted inputs the
//! output is some selection of their items, or [`Error::InvalidArgument`](crate::Error)
//! (`what: "set operation inputs"`, `reason: "not sorted by the comparator"`) where the
//! backend notices (CUDA checks the splits its kernels work from); never a panic or an
//! access out of bounds. On the GPU: balanced-path partitions, then one block per tile of
//! both inputs, counted, placed by a scan of the tiles' counts, and written.

use crate::backend::{MergeByKeyOps, MergeOps};
use crate::check::lengths_agree;
use crate::lazy::Readable;
use crate::merge::stored_pairs;
use crate::{DeviceVector, Result};
use parallaxis_core::{Compare, DeviceCopy, Less, SetOp, SortKey};

/// The set operation `op` of `a` and `b`, both sorted by `cmp`, in a new vector of exactly
/// the items emitted (module docs).
///
/// # Errors
/// Out of memory or a device fault.
/// [`Error::InvalidArgument`](crate::Error::InvalidArgument) where the inputs are found
/// unsorted (module docs).
///
/// ```
/// use parallaxis::{DeviceVector, ops::Greater, SetOp};
/// let a = DeviceVector::<i32>::from_slice(&[9, 5, 5, 1])?;
/// let b = DeviceVector::from_slice(&[7, 5, 1, 1])?;
/// let d = parallaxis::set_operation_by(SetOp::SymmetricDifference, Greater, &a, &b)?;
/// assert_eq!(d.to_vec()?, [9, 7, 5, 1]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[doc(alias(
    "set_union",
    "set_intersection",
    "set_difference",
    "set_symmetric_difference"
))]
pub fn set_operation_by<T: DeviceCopy, C: Compare<T>, B: MergeOps<T, C>>(
    op: SetOp,
    cmp: C,
    a: &impl Readable<T, B>,
    b: &impl Readable<T, B>,
) -> Result<DeviceVector<T, B>> {
    a.with_stored(|a| b.with_stored(|b| B::set_op(op, cmp, a, b)))
        .map(DeviceVector::from_buffer)
}

/// [`set_operation_by`] of the pairs `(a_keys, a_values)` and `(b_keys, b_values)` by key
/// under `cmp`: the keys emitted and each one's own value (a pair of equal keys emits `a`'s
/// key and value), in two new vectors.
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) unless each list's values are as
/// long as its keys; out of memory or a device fault.
/// [`Error::InvalidArgument`](crate::Error::InvalidArgument) where the inputs are found
/// unsorted (module docs).
///
/// ```
/// use parallaxis::{DeviceVector, ops::Less, SetOp};
/// let (ak, av) = (DeviceVector::<u32>::from_slice(&[1, 2, 4])?, DeviceVector::from_slice(&[10_u32, 20, 40])?);
/// let (bk, bv) = (DeviceVector::from_slice(&[2, 3])?, DeviceVector::from_slice(&[200, 300])?);
/// let (k, v) = parallaxis::set_operation_by_key_with(SetOp::Union, Less, &ak, &av, &bk, &bv)?;
/// assert_eq!(k.to_vec()?, [1, 2, 3, 4]);
/// assert_eq!(v.to_vec()?, [10, 20, 300, 40]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[allow(clippy::type_complexity)]
pub fn set_operation_by_key_with<
    K: DeviceCopy,
    V: DeviceCopy,
    C: Compare<K>,
    B: MergeByKeyOps<K, V, C>,
>(
    op: SetOp,
    cmp: C,
    a_keys: &impl Readable<K, B>,
    a_values: &impl Readable<V, B>,
    b_keys: &impl Readable<K, B>,
    b_values: &impl Readable<V, B>,
) -> Result<(DeviceVector<K, B>, DeviceVector<V, B>)> {
    lengths_agree("set operation a values", a_keys.len(), a_values.len())?;
    lengths_agree("set operation b values", b_keys.len(), b_values.len())?;
    let (k, v) = stored_pairs(a_keys, a_values, b_keys, b_values, |ak, av, bk, bv| {
        B::set_op_by_key(op, cmp, ak, av, bk, bv)
    })?;
    Ok((DeviceVector::from_buffer(k), DeviceVector::from_buffer(v)))
}

/// The four forms of one set operation: in [`SortKey`] order, by a comparator, by key, and
/// by key with a comparator, each a thin door to [`set_operation_by`] or
/// [`set_operation_by_key_with`].
macro_rules! set_operation {
    ($op:expr, $what:literal, $plain:ident, $by:ident, $by_key:ident, $by_key_with:ident,
     $example:literal) => {
        #[doc = concat!("The ", $what, " of `a` and `b`, both sorted ascending in [`SortKey`]'s")]
        #[doc = "total order (floats: `-0.0` before `+0.0`, NaNs last), in a new vector (module docs)."]
        #[doc = ""]
        #[doc = "# Errors"]
        #[doc = "As [`set_operation_by`]."]
        #[doc = ""]
        #[doc = "```"]
        #[doc = "use parallaxis::DeviceVector;"]
        #[doc = "let a = DeviceVector::<u32>::from_slice(&[1, 2, 2, 2, 5, 8])?;"]
        #[doc = "let b = DeviceVector::from_slice(&[2, 2, 3, 8, 9])?;"]
        #[doc = concat!("assert_eq!(parallaxis::", stringify!($plain), "(&a, &b)?.to_vec()?, ", $example, ");")]
        #[doc = "# Ok::<(), parallaxis::Error>(())"]
        #[doc = "```"]
        pub fn $plain<T: SortKey, B: MergeOps<T, Less>>(
            a: &impl Readable<T, B>,
            b: &impl Readable<T, B>,
        ) -> Result<DeviceVector<T, B>> {
            set_operation_by($op, Less, a, b)
        }

        #[doc = concat!("The ", $what, " of `a` and `b`, both sorted by `cmp` (module docs).")]
        #[doc = ""]
        #[doc = "# Errors"]
        #[doc = "As [`set_operation_by`]."]
        pub fn $by<T: DeviceCopy, C: Compare<T>, B: MergeOps<T, C>>(
            cmp: C,
            a: &impl Readable<T, B>,
            b: &impl Readable<T, B>,
        ) -> Result<DeviceVector<T, B>> {
            set_operation_by($op, cmp, a, b)
        }

        #[doc = concat!("The ", $what, " of two lists of pairs by key, the keys sorted")]
        #[doc = "ascending in [`SortKey`]'s total order: each key emitted with its own value."]
        #[doc = ""]
        #[doc = "# Errors"]
        #[doc = "As [`set_operation_by_key_with`]."]
        #[allow(clippy::type_complexity)]
        pub fn $by_key<K: SortKey, V: DeviceCopy, B: MergeByKeyOps<K, V, Less>>(
            a_keys: &impl Readable<K, B>,
            a_values: &impl Readable<V, B>,
            b_keys: &impl Readable<K, B>,
            b_values: &impl Readable<V, B>,
        ) -> Result<(DeviceVector<K, B>, DeviceVector<V, B>)> {
            set_operation_by_key_with($op, Less, a_keys, a_values, b_keys, b_values)
        }

        #[doc = concat!("The ", $what, " of two lists of pairs by key under `cmp`: each key")]
        #[doc = "emitted with its own value."]
        #[doc = ""]
        #[doc = "# Errors"]
        #[doc = "As [`set_operation_by_key_with`]."]
        #[allow(clippy::type_complexity)]
        pub fn $by_key_with<
            K: DeviceCopy,
            V: DeviceCopy,
            C: Compare<K>,
            B: MergeByKeyOps<K, V, C>,
        >(
            cmp: C,
            a_keys: &impl Readable<K, B>,
            a_values: &impl Readable<V, B>,
            b_keys: &impl Readable<K, B>,
            b_values: &impl Readable<V, B>,
        ) -> Result<(DeviceVector<K, B>, DeviceVector<V, B>)> {
            set_operation_by_key_with($op, cmp, a_keys, a_values, b_keys, b_values)
        }
    };
}

set_operation!(
    SetOp::Union,
    "union (every value `max(m, n)` times)",
    set_union,
    set_union_by,
    set_union_by_key,
    set_union_by_key_with,
    "[1, 2, 2, 2, 3, 5, 8, 9]"
);
set_operation!(
    SetOp::Intersection,
    "intersection (every value `min(m, n)` times)",
    set_intersection,
    set_intersection_by,
    set_intersection_by_key,
    set_intersection_by_key_with,
    "[2, 2, 8]"
);
set_operation!(
    SetOp::Difference,
    "difference `a - b` (every value `max(m - n, 0)` times)",
    set_difference,
    set_difference_by,
    set_difference_by_key,
    set_difference_by_key_with,
    "[1, 2, 5]"
);
set_operation!(
    SetOp::SymmetricDifference,
    "symmetric difference (every value `|m - n|` times)",
    set_symmetric_difference,
    set_symmetric_difference_by,
    set_symmetric_difference_by_key,
    set_symmetric_difference_by_key_with,
    "[1, 2, 3, 5, 9]"
);
