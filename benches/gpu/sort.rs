//! Radix sort rows: `radix_sort_keys_{u32,f32,u64}`, `radix_sort_keys_u32_bits20` (the u32
//! keys by their low 20 bits: CUB's `end_bit = 20`) and
//! `radix_sort_pairs_u32_u32`, against CUB's `DeviceRadixSort` (`peers/sort_rows.cuh`) on
//! the same keys: splitmix64 of `i ^ seed` (seeds 1, 4 and 3; values seed 2), f32 uniform in
//! [0, 1) from its top 24 bits. `radix_sort_keys_{u8,u16}` (seeds 5 and 6, the low bits;
//! one and two passes) against `peers/sort_narrow_peers.cu` (results:
//! `benches/results/h200/sort-narrow/`). Bytes as CUB's rows count them: keys read and written once
//! (`2 n sizeof(K)`), pairs `16 n`. Timed: the backend call into preallocated outputs (as
//! CUB's is), which allocates its temporaries from the pool. After timing, the first 2^20
//! outputs are checked sorted (`CHECK FAILED` otherwise), as the peer checks its own.

use super::{Bench, Dv};
use parallaxis::{
    backend::{SegmentedSortOps, SortByKeyOps, SortOps},
    ops::{Order, RadixOrder, SortKey},
    Cuda, DeviceCopy,
};
use rayon::prelude::*;

/// splitmix64's output function, as the peer's `sort_mix`.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn keys<T: DeviceCopy + Send>(n: usize, f: impl Fn(u64) -> T + Sync + Send) -> Option<Dv<T>> {
    let v: Vec<T> = (0..n as u64).into_par_iter().map(f).collect();
    Dv::from_vec(v).ok()
}

/// Whether the first 2^20 elements of `v` are sorted (`le` compares).
fn sorted_head<T: DeviceCopy>(v: &Dv<T>, le: impl Fn(&T, &T) -> bool) -> bool {
    let h = v.to_vec().unwrap_or_default();
    let m = h.len().min(1 << 20);
    h[..m].windows(2).all(|w| le(&w[0], &w[1]))
}

fn sort_keys_row<K: SortKey + PartialOrd>(b: &mut Bench, case: &str, n: usize, input: Option<Dv<K>>)
where
    Cuda: SortOps<K>,
{
    sort_keys_row_by(b, case, n, input, Order::Ascending.into(), |a, b| a <= b);
}

/// A keys row sorted in `order` (a bit range, say), checked with `le`.
fn sort_keys_row_by<K: SortKey>(
    b: &mut Bench,
    case: &str,
    n: usize,
    input: Option<Dv<K>>,
    order: RadixOrder,
    le: impl Fn(&K, &K) -> bool,
) where
    Cuda: SortOps<K>,
{
    let (Some(k), Ok(mut out)) = (input, Dv::<K>::zeros(n)) else {
        b.skipped(case, n, "no memory for the inputs".into());
        return;
    };
    let bytes = 2.0 * (n * size_of::<K>()) as f64;
    b.case(case, n, bytes, None, || {
        <Cuda as SortOps<K>>::sort(k.buffer(), out.buffer_mut(), order)
    });
    if !sorted_head(&out, le) {
        println!("  CHECK FAILED: {case} n={n}: output not sorted");
    }
}

/// `sort_segmented` of `u32` keys (seed 1) in segments of `len` (the last shorter): the GPU
/// composition (two radix sorts, a scan, gathers); bytes as a sort of the keys counts them.
fn sort_segmented_row(b: &mut Bench, case: &str, n: usize, len: usize) {
    let offsets: Vec<usize> = (0..n.div_ceil(len)).map(|s| s * len).chain([n]).collect();
    let inputs = (keys(n, |i| mix(i ^ 1) as u32), Dv::from_vec(offsets).ok());
    let (Some(k), Some(o), Ok(mut out)) = (inputs.0, inputs.1, Dv::<u32>::zeros(n)) else {
        b.skipped(case, n, "no memory for the inputs".into());
        return;
    };
    b.case(case, n, 8.0 * n as f64, None, || {
        <Cuda as SegmentedSortOps<u32>>::sort_segmented(
            o.buffer(),
            k.buffer(),
            out.buffer_mut(),
            Order::Ascending,
        )
    });
    let h = out.to_vec().unwrap_or_default();
    let m = h.len().min(1 << 20);
    if !(0..m)
        .step_by(len)
        .all(|s| h[s..(s + len).min(m)].is_sorted())
    {
        println!("  CHECK FAILED: {case} n={n}: a segment not sorted");
    }
}

/// The sort rows at `n` (the target sizes: 2^24 and 2^28; any size runs).
pub(super) fn bench_sort(b: &mut Bench, n: usize) {
    let case = "radix_sort_keys_u32";
    if b.wants(case) {
        sort_keys_row(b, case, n, keys(n, |i| mix(i ^ 1) as u32));
    }
    let case = "radix_sort_keys_u32_bits20";
    if b.wants(case) {
        // The same keys as radix_sort_keys_u32, sorted by their low 20 bits (3 passes).
        let low = |k: &u32| k & 0xf_ffff;
        let order = Order::Ascending.bits(0..20);
        let input = keys(n, |i| mix(i ^ 1) as u32);
        sort_keys_row_by(b, case, n, input, order, |a, b| low(a) <= low(b));
    }
    let case = "radix_sort_keys_f32";
    if b.wants(case) {
        let f = |i: u64| (mix(i ^ 4) >> 40) as f32 / (1_u64 << 24) as f32;
        sort_keys_row(b, case, n, keys(n, f));
    }
    let case = "radix_sort_keys_u64";
    if b.wants(case) {
        sort_keys_row(b, case, n, keys(n, |i| mix(i ^ 3)));
    }
    let case = "radix_sort_keys_u8";
    if b.wants(case) {
        sort_keys_row(b, case, n, keys(n, |i| mix(i ^ 5) as u8));
    }
    let case = "radix_sort_keys_u16";
    if b.wants(case) {
        sort_keys_row(b, case, n, keys(n, |i| mix(i ^ 6) as u16));
    }
    let case = "sort_segmented_keys_u32_seg1000";
    if b.wants(case) {
        sort_segmented_row(b, case, n, 1000);
    }
    let case = "radix_sort_pairs_u32_u32";
    if !b.wants(case) {
        return;
    }
    let inputs = (
        keys(n, |i| mix(i ^ 1) as u32),
        keys(n, |i| mix(i ^ 2) as u32),
    );
    let (Some(k), Some(v), Ok(mut ok), Ok(mut ov)) =
        (inputs.0, inputs.1, Dv::<u32>::zeros(n), Dv::<u32>::zeros(n))
    else {
        b.skipped(case, n, "no memory for the inputs".into());
        return;
    };
    b.case(case, n, 16.0 * n as f64, None, || {
        <Cuda as SortByKeyOps<u32, u32>>::sort_by_key(
            k.buffer(),
            v.buffer(),
            ok.buffer_mut(),
            ov.buffer_mut(),
            Order::Ascending.into(),
        )
    });
    if !sorted_head(&ok, |a, b| a <= b) {
        println!("  CHECK FAILED: {case} n={n}: keys not sorted");
    }
}
