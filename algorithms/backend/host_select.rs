//! The selection traits (`ops_select.rs`) for the two host backends: `Sequential` forwards
//! to the reference (`parallaxis_core::reference`), `Rayon` to `parallaxis_host`.

use super::ops_select::{FlaggedOps, SelectOps, UniqueByKeyOps, UniqueOps};
use crate::Result;
use parallaxis_core::{DeviceCopy, Predicate};

/// Stores `k` in `count[0]` (the front doors pass a one-element count).
fn store(count: &mut [usize], k: usize) {
    if let Some(c) = count.first_mut() {
        *c = k;
    }
}

/// Implements the selection traits for host backend `$backend` from the functions of module
/// `$algo`: `parallaxis_host`'s names (`copy_if` writing to the front of an output and
/// returning the count, `copy_if_vec` allocating, ...).
macro_rules! host_select {
    ($backend:ty, $algo:path) => {
        const _: () = {
            use $algo as algo;

            impl<T: DeviceCopy, P: Predicate<T>> SelectOps<T, P> for $backend {
                const SEAL: crate::backend::Seal = crate::backend::Seal;
                fn copy_if(p: P, selected: bool, x: &[T]) -> Result<Vec<T>> {
                    if selected {
                        algo::copy_if_vec(p, x)
                    } else {
                        algo::remove_if_vec(p, x)
                    }
                }
                fn copy_if_into(
                    p: P,
                    selected: bool,
                    x: &[T],
                    out: &mut [T],
                    count: &mut [usize],
                ) -> Result<()> {
                    let k = if selected {
                        algo::copy_if(p, x, out)
                    } else {
                        algo::remove_if(p, x, out)
                    };
                    store(count, k);
                    Ok(())
                }
                fn partition_into(p: P, x: &[T], out: &mut [T], split: &mut [usize]) -> Result<()> {
                    store(split, algo::partition(p, x, out));
                    Ok(())
                }
                fn partition_unstable_into(
                    p: P,
                    x: &[T],
                    out: &mut [T],
                    split: &mut [usize],
                ) -> Result<()> {
                    // The stable partition with its rejected side reversed: what the GPU's
                    // one pass writes, so that every backend gives the same vector.
                    let k = algo::partition(p, x, out);
                    if let Some(rejected) = out.get_mut(k..) {
                        rejected.reverse();
                    }
                    store(split, k);
                    Ok(())
                }
                fn count_if(p: P, x: &[T]) -> Result<usize> {
                    Ok(algo::count_if(p, x))
                }
                fn find_if(p: P, want: bool, x: &[T]) -> Result<Option<usize>> {
                    Ok(algo::find_if(p, want, x))
                }
            }

            impl<T: DeviceCopy> FlaggedOps<T> for $backend {
                const SEAL: crate::backend::Seal = crate::backend::Seal;
                fn copy_if_stencil(stencil: &[bool], x: &[T]) -> Result<Vec<T>> {
                    algo::copy_if_stencil_vec(stencil, x)
                }
                fn copy_if_stencil_into(
                    stencil: &[bool],
                    x: &[T],
                    out: &mut [T],
                    count: &mut [usize],
                ) -> Result<()> {
                    store(count, algo::copy_if_stencil(stencil, x, out));
                    Ok(())
                }
            }

            impl<T: DeviceCopy + PartialEq> UniqueOps<T> for $backend {
                const SEAL: crate::backend::Seal = crate::backend::Seal;
                fn unique(x: &[T]) -> Result<Vec<T>> {
                    algo::unique_vec(x)
                }
                fn unique_into(x: &[T], out: &mut [T], count: &mut [usize]) -> Result<()> {
                    store(count, algo::unique(x, out));
                    Ok(())
                }
                fn mismatch(x: &[T], y: &[T]) -> Result<Option<usize>> {
                    Ok(algo::mismatch(x, y))
                }
                fn unique_count(x: &[T]) -> Result<usize> {
                    Ok(algo::unique_count(x))
                }
            }

            impl<K: DeviceCopy + PartialEq, V: DeviceCopy> UniqueByKeyOps<K, V> for $backend {
                const SEAL: crate::backend::Seal = crate::backend::Seal;
                fn unique_by_key(keys: &[K], values: &[V]) -> Result<(Vec<K>, Vec<V>)> {
                    algo::unique_by_key_vec(keys, values)
                }
                fn unique_by_key_into(
                    keys: &[K],
                    values: &[V],
                    out_keys: &mut [K],
                    out_values: &mut [V],
                    count: &mut [usize],
                ) -> Result<()> {
                    store(
                        count,
                        algo::unique_by_key(keys, values, out_keys, out_values),
                    );
                    Ok(())
                }
            }
        };
    };
}

/// The reference algorithms under `parallaxis_host`'s names (the `_vec` forms compact into an
/// output as long as the input and truncate it).
mod seq {
    pub(super) use parallaxis_core::reference::{
        copy_if, copy_if_stencil, count_if, find_if, mismatch, partition, remove_if, unique,
        unique_by_key, unique_count,
    };
    use parallaxis_core::{zeroed_vec, DeviceCopy, Predicate, Result};

    /// `f` into a zeroed output of `n` elements, truncated to the count it returns.
    fn truncated<T: DeviceCopy>(n: usize, f: impl FnOnce(&mut [T]) -> usize) -> Result<Vec<T>> {
        let mut out = zeroed_vec(n)?;
        let k = f(&mut out);
        out.truncate(k);
        Ok(out)
    }

    pub(super) fn copy_if_vec<T: DeviceCopy, P: Predicate<T>>(p: P, x: &[T]) -> Result<Vec<T>> {
        truncated(x.len(), |out| copy_if(p, x, out))
    }
    pub(super) fn remove_if_vec<T: DeviceCopy, P: Predicate<T>>(p: P, x: &[T]) -> Result<Vec<T>> {
        truncated(x.len(), |out| remove_if(p, x, out))
    }
    pub(super) fn copy_if_stencil_vec<T: DeviceCopy>(stencil: &[bool], x: &[T]) -> Result<Vec<T>> {
        truncated(x.len(), |out| copy_if_stencil(stencil, x, out))
    }
    pub(super) fn unique_vec<T: DeviceCopy + PartialEq>(x: &[T]) -> Result<Vec<T>> {
        truncated(x.len(), |out| unique(x, out))
    }
    pub(super) fn unique_by_key_vec<K: DeviceCopy + PartialEq, V: DeviceCopy>(
        keys: &[K],
        values: &[V],
    ) -> Result<(Vec<K>, Vec<V>)> {
        let n = keys.len().min(values.len());
        let (mut out_keys, mut out_values) = (zeroed_vec(n)?, zeroed_vec(n)?);
        let k = unique_by_key(keys, values, &mut out_keys, &mut out_values);
        out_keys.truncate(k);
        out_values.truncate(k);
        Ok((out_keys, out_values))
    }
}

host_select!(super::Sequential, seq);
#[cfg(feature = "rayon")]
host_select!(super::Rayon, parallaxis_host);
