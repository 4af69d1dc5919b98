//! The sort traits on the two host backends: `Sequential` runs the reference (a stable
//! comparison sort), `Rayon` the parallel LSD radix sort of `parallaxis_host` (and for a
//! partial sort its per-chunk candidates).

use super::ops_sort::{SortByKeyOps, SortOps};
use crate::Result;
use parallaxis_core::{DeviceCopy, RadixOrder, SortKey};

/// Implements [`SortOps`] and [`SortByKeyOps`] for `$backend` with `$algo::sort`,
/// `$algo::sort_by_key` and their `partial_` forms (the reference's signatures).
macro_rules! host_sort {
    ($backend:ty, $algo:path) => {
        impl<K: SortKey> SortOps<K> for $backend {
            const SEAL: crate::backend::Seal = crate::backend::Seal;
            fn sort(keys: &[K], out: &mut [K], order: RadixOrder) -> Result<()> {
                use $algo as algo;
                algo::sort(keys, out, order)
            }
            fn partial_sort(keys: &[K], out: &mut [K], order: RadixOrder) -> Result<()> {
                use $algo as algo;
                algo::partial_sort(keys, out, order)
            }
        }

        impl<K: SortKey, V: DeviceCopy> SortByKeyOps<K, V> for $backend {
            const SEAL: crate::backend::Seal = crate::backend::Seal;
            fn sort_by_key(
                keys: &[K],
                values: &[V],
                out_keys: &mut [K],
                out_values: &mut [V],
                order: RadixOrder,
            ) -> Result<()> {
                use $algo as algo;
                algo::sort_by_key(keys, values, out_keys, out_values, order)
            }
            fn partial_sort_by_key(
                keys: &[K],
                values: &[V],
                out_keys: &mut [K],
                out_values: &mut [V],
                order: RadixOrder,
            ) -> Result<()> {
                use $algo as algo;
                algo::partial_sort_by_key(keys, values, out_keys, out_values, order)
            }
        }
    };
}

host_sort!(super::Sequential, parallaxis_core::reference);
#[cfg(feature = "rayon")]
host_sort!(super::Rayon, parallaxis_host);
