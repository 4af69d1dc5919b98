//! Radix sort on the host: the stable LSD sort of [`lsd`] over the key bits of
//! [`SortKey::order_bits`], one 8-bit digit per pass, keys (and values) moved whole.
//! Same results as `parallaxis_core::reference::sort` / `sort_by_key`, which compare keys.

mod lsd;
mod partial;
mod segmented;

pub use partial::{partial_sort, partial_sort_by_key};
pub use segmented::{
    partial_sort_by_key_segmented, partial_sort_segmented, sort_by_key_segmented, sort_segmented,
};

use parallaxis_core::{try_filled_vec, DeviceCopy, RadixOrder, Result, SortKey};

/// The value of a sort of keys alone: zero-sized, so its vectors and moves cost nothing.
#[derive(Clone, Copy)]
struct NoValue;

// SAFETY: zero-sized, no pointers; its only value is all (zero) bits.
unsafe impl DeviceCopy for NoValue {}

/// Below this many keys a sort runs the reference (the standard library's stable sort) on
/// the calling thread: a radix pass costs 256-bin histograms and scans, which dominate for a
/// few hundred keys.
const SMALL: usize = 256;

/// `out` = `keys` sorted stably in `order` (an `Order`, or one over a bit range:
/// `Order::Ascending.bits(0..12)`), as `parallaxis_core::reference::sort`: an LSD radix sort,
/// in parallel on rayon's pool from `lsd::PAR_MIN` keys. The common prefix on mismatched
/// lengths.
///
/// # Errors
/// `Error::OutOfMemory` when the scratch buffer (one more copy of the keys) cannot be had;
/// `Error::InvalidArgument` for a bit range beyond the key.
///
/// ```
/// use parallaxis_core::Order;
/// let mut out = [0_i32; 5];
/// parallaxis_host::sort(&[3, -1, 2, -7, 0], &mut out, Order::Ascending)?;
/// assert_eq!(out, [-7, -1, 0, 2, 3]);
/// # Ok::<(), parallaxis_core::Error>(())
/// ```
pub fn sort<K: SortKey>(keys: &[K], out: &mut [K], order: impl Into<RadixOrder>) -> Result<()> {
    let order = order.into();
    let n = keys.len().min(out.len());
    if n < SMALL {
        return parallaxis_core::reference::sort(&keys[..n], &mut out[..n], order);
    }
    // Zero-sized: these allocate nothing, whatever `n`.
    let (none, mut none_out) = (try_filled_vec(n, NoValue)?, try_filled_vec(n, NoValue)?);
    lsd::sort_pairs(&keys[..n], &none, &mut out[..n], &mut none_out, order)
}

/// `(out_keys, out_values)` = the pairs sorted stably by key in `order`, as
/// `parallaxis_core::reference::sort_by_key`. The common prefix on mismatched lengths.
///
/// # Errors
/// `Error::OutOfMemory` when the scratch buffers (one more copy of the pairs) cannot be had;
/// `Error::InvalidArgument` for a bit range beyond the key.
///
/// ```
/// use parallaxis_core::Order;
/// let (mut k, mut v) = ([0.0_f32; 4], [0_u8; 4]);
/// parallaxis_host::sort_by_key(&[1.5, -0.0, 0.0, -2.0], &[1, 2, 3, 4], &mut k, &mut v,
///     Order::Ascending)?;
/// assert_eq!(v, [4, 2, 3, 1]);
/// # Ok::<(), parallaxis_core::Error>(())
/// ```
pub fn sort_by_key<K: SortKey, V: DeviceCopy>(
    keys: &[K],
    values: &[V],
    out_keys: &mut [K],
    out_values: &mut [V],
    order: impl Into<RadixOrder>,
) -> Result<()> {
    let order = order.into();
    let n = keys
        .len()
        .min(values.len())
        .min(out_keys.len())
        .min(out_values.len());
    let (k, v) = (&keys[..n], &values[..n]);
    let (ok, ov) = (&mut out_keys[..n], &mut out_values[..n]);
    if n < SMALL {
        return parallaxis_core::reference::sort_by_key(k, v, ok, ov, order);
    }
    lsd::sort_pairs(k, v, ok, ov, order)
}
