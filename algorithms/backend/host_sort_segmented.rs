//! The segmented sort traits on the two host backends, directly (no temporaries beyond a
//! segment's own sort): `Sequential` sorts segment after segment with the reference,
//! `Rayon` runs `parallaxis_host`'s segmented sort (segments in parallel, a large segment with
//! the parallel radix sort).

use super::ops_sort_segmented::{SegmentedSortByKeyOps, SegmentedSortOps};
use crate::Result;
use parallaxis_core::reference;
use parallaxis_core::{DeviceCopy, Order, SortKey};

impl<K: SortKey> SegmentedSortOps<K> for super::Sequential {
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn sort_segmented(offsets: &[usize], keys: &[K], out: &mut [K], order: Order) -> Result<()> {
        for w in offsets.windows(2) {
            let r = w[0]..w[1];
            reference::sort(&keys[r.clone()], &mut out[r], order)?;
        }
        Ok(())
    }
    fn partial_sort_segmented(
        offsets: &[usize],
        keys: &[K],
        out_offsets: &[usize],
        out: &mut [K],
        order: Order,
    ) -> Result<()> {
        for (w, ow) in offsets.windows(2).zip(out_offsets.windows(2)) {
            reference::partial_sort(&keys[w[0]..w[1]], &mut out[ow[0]..ow[1]], order)?;
        }
        Ok(())
    }
}

impl<K: SortKey, V: DeviceCopy> SegmentedSortByKeyOps<K, V> for super::Sequential {
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn sort_by_key_segmented(
        offsets: &[usize],
        keys: &[K],
        values: &[V],
        out_keys: &mut [K],
        out_values: &mut [V],
        order: Order,
    ) -> Result<()> {
        for w in offsets.windows(2) {
            let r = w[0]..w[1];
            reference::sort_by_key(
                &keys[r.clone()],
                &values[r.clone()],
                &mut out_keys[r.clone()],
                &mut out_values[r],
                order,
            )?;
        }
        Ok(())
    }
    fn partial_sort_by_key_segmented(
        offsets: &[usize],
        keys: &[K],
        values: &[V],
        out_offsets: &[usize],
        out_keys: &mut [K],
        out_values: &mut [V],
        order: Order,
    ) -> Result<()> {
        for (w, ow) in offsets.windows(2).zip(out_offsets.windows(2)) {
            let (r, o) = (w[0]..w[1], ow[0]..ow[1]);
            reference::partial_sort_by_key(
                &keys[r.clone()],
                &values[r],
                &mut out_keys[o.clone()],
                &mut out_values[o],
                order,
            )?;
        }
        Ok(())
    }
}

#[cfg(feature = "rayon")]
impl<K: SortKey> SegmentedSortOps<K> for super::Rayon {
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn sort_segmented(offsets: &[usize], keys: &[K], out: &mut [K], order: Order) -> Result<()> {
        parallaxis_host::sort_segmented(offsets, keys, out, order)
    }
    fn partial_sort_segmented(
        offsets: &[usize],
        keys: &[K],
        out_offsets: &[usize],
        out: &mut [K],
        order: Order,
    ) -> Result<()> {
        parallaxis_host::partial_sort_segmented(offsets, keys, out_offsets, out, order)
    }
}

#[cfg(feature = "rayon")]
impl<K: SortKey, V: DeviceCopy> SegmentedSortByKeyOps<K, V> for super::Rayon {
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn sort_by_key_segmented(
        offsets: &[usize],
        keys: &[K],
        values: &[V],
        out_keys: &mut [K],
        out_values: &mut [V],
        order: Order,
    ) -> Result<()> {
        parallaxis_host::sort_by_key_segmented(offsets, keys, values, out_keys, out_values, order)
    }
    fn partial_sort_by_key_segmented(
        offsets: &[usize],
        keys: &[K],
        values: &[V],
        out_offsets: &[usize],
        out_keys: &mut [K],
        out_values: &mut [V],
        order: Order,
    ) -> Result<()> {
        parallaxis_host::partial_sort_by_key_segmented(
            offsets,
            keys,
            values,
            out_offsets,
            out_keys,
            out_values,
            order,
        )
    }
}
