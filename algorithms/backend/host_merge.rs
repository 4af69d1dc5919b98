//! The comparator traits (`ops_merge.rs`) on the two host backends: `Sequential` runs the
//! reference (a stable index sort, a serial merge), `Rayon` the parallel
//! merge sort and merge-path merge of `parallaxis_host`.

use super::ops_merge::{MergeByKeyOps, MergeOps};
use crate::Result;
use parallaxis_core::{Compare, DeviceCopy, SetOp};

/// Implements [`MergeOps`] and [`MergeByKeyOps`] for `$backend` with `$algo::sort_by`,
/// `merge_by`, `sort_by_key_with`, `merge_by_key_with`, `is_sorted_until`, `set_op_vec` and
/// `set_op_by_key_vec` (the reference's signatures).
macro_rules! host_merge {
    ($backend:ty, $algo:path) => {
        const _: () = {
            use $algo as algo;

            impl<T: DeviceCopy, C: Compare<T>> MergeOps<T, C> for $backend {
                const SEAL: crate::backend::Seal = crate::backend::Seal;
                fn sort_by(cmp: C, x: &[T], out: &mut [T]) -> Result<()> {
                    algo::sort_by(cmp, x, out)
                }
                fn merge_by(cmp: C, a: &[T], b: &[T], out: &mut [T]) -> Result<()> {
                    algo::merge_by(cmp, a, b, out);
                    Ok(())
                }
                fn is_sorted_until(cmp: C, x: &[T]) -> Result<usize> {
                    Ok(algo::is_sorted_until(cmp, x))
                }
                fn set_op(op: SetOp, cmp: C, a: &[T], b: &[T]) -> Result<Vec<T>> {
                    algo::set_op_vec(op, cmp, a, b)
                }
            }

            impl<K: DeviceCopy, V: DeviceCopy, C: Compare<K>> MergeByKeyOps<K, V, C> for $backend {
                const SEAL: crate::backend::Seal = crate::backend::Seal;
                fn sort_by_key_with(
                    cmp: C,
                    keys: &[K],
                    values: &[V],
                    out_keys: &mut [K],
                    out_values: &mut [V],
                ) -> Result<()> {
                    algo::sort_by_key_with(cmp, keys, values, out_keys, out_values)
                }
                fn merge_by_key_with(
                    cmp: C,
                    a_keys: &[K],
                    a_values: &[V],
                    b_keys: &[K],
                    b_values: &[V],
                    out_keys: &mut [K],
                    out_values: &mut [V],
                ) -> Result<()> {
                    algo::merge_by_key_with(
                        cmp, a_keys, a_values, b_keys, b_values, out_keys, out_values,
                    );
                    Ok(())
                }
                fn set_op_by_key(
                    op: SetOp,
                    cmp: C,
                    a_keys: &[K],
                    a_values: &[V],
                    b_keys: &[K],
                    b_values: &[V],
                ) -> Result<(Vec<K>, Vec<V>)> {
                    algo::set_op_by_key_vec(op, cmp, a_keys, a_values, b_keys, b_values)
                }
            }
        };
    };
}

host_merge!(super::Sequential, parallaxis_core::reference);
#[cfg(feature = "rayon")]
host_merge!(super::Rayon, parallaxis_host);
