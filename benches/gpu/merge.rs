//! Comparator merge sort and merge rows: `merge_sort_keys_{u32,u64}` with `Less`,
//! `merge_sort_keys_u32_greater` (a comparator other than the natural order),
//! `merge_sort_pairs_u32_u32`, against CUB's `DeviceMergeSort::SortKeysCopy` /
//! `SortPairsCopy` with the same comparator functors; `merge_u32` and
//! `merge_by_key_u32_u32` of two sorted halves of n/2, against `thrust::merge` /
//! `thrust::merge_by_key` (`peers/merge_rows.cuh`). Keys as the radix sort rows':
//! splitmix64 of `i ^ 1` (u32 and u64: seeds 1 and 3; values seed 2). Bytes: keys read and
//! written once (`2 n sizeof(K)`), pairs `16 n`, merges `8 n` (`16 n` by key). Timed: the
//! backend call into preallocated outputs. After timing, the first 2^20 outputs are checked
//! sorted (`CHECK FAILED` otherwise). (A user comparator needs a kernel crate: the
//! `gpu_user_monoid` example times `ByMagnitude` beside its peer.)

use super::{Bench, Dv};
use parallaxis::{
    backend::{MergeByKeyOps, MergeOps},
    ops::{Compare, Greater, Less},
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

fn host_keys<T: Send>(range: std::ops::Range<u64>, f: impl Fn(u64) -> T + Sync + Send) -> Vec<T> {
    range.into_par_iter().map(f).collect()
}

/// Whether the first 2^20 elements of `v` are sorted by `cmp`.
fn sorted_head<T: DeviceCopy, C: Compare<T>>(v: &Dv<T>, cmp: C) -> bool {
    let h = v.to_vec().unwrap_or_default();
    let m = h.len().min(1 << 20);
    h[..m].windows(2).all(|w| !cmp.less(w[1], w[0]))
}

fn sort_row<K: DeviceCopy, C: Compare<K>>(b: &mut Bench, case: &str, n: usize, cmp: C, keys: Vec<K>)
where
    Cuda: MergeOps<K, C>,
{
    let (Ok(k), Ok(mut out)) = (Dv::from_vec(keys), Dv::<K>::zeros(n)) else {
        b.skipped(case, n, "no memory for the inputs".into());
        return;
    };
    let bytes = 2.0 * (n * size_of::<K>()) as f64;
    b.case(case, n, bytes, None, || {
        <Cuda as MergeOps<K, C>>::sort_by(cmp, k.buffer(), out.buffer_mut())
    });
    if !sorted_head(&out, cmp) {
        println!("  CHECK FAILED: {case} n={n}: output not sorted");
    }
}

/// The merge sort and merge rows at `n` (the target sizes: 2^24 and 2^28).
pub(super) fn bench_merge(b: &mut Bench, n: usize) {
    let n64 = n as u64;
    let case = "merge_sort_keys_u32";
    if b.wants(case) {
        sort_row(b, case, n, Less, host_keys(0..n64, |i| mix(i ^ 1) as u32));
    }
    let case = "merge_sort_keys_u32_greater";
    if b.wants(case) {
        sort_row(
            b,
            case,
            n,
            Greater,
            host_keys(0..n64, |i| mix(i ^ 1) as u32),
        );
    }
    let case = "merge_sort_keys_u64";
    if b.wants(case) {
        sort_row(b, case, n, Less, host_keys(0..n64, |i| mix(i ^ 3)));
    }
    let case = "merge_sort_pairs_u32_u32";
    if b.wants(case) {
        let (k, v) = (
            host_keys(0..n64, |i| mix(i ^ 1) as u32),
            host_keys(0..n64, |i| mix(i ^ 2) as u32),
        );
        match (
            Dv::from_vec(k),
            Dv::from_vec(v),
            Dv::<u32>::zeros(n),
            Dv::<u32>::zeros(n),
        ) {
            (Ok(k), Ok(v), Ok(mut ok), Ok(mut ov)) => {
                b.case(case, n, 16.0 * n as f64, None, || {
                    <Cuda as MergeByKeyOps<u32, u32, Less>>::sort_by_key_with(
                        Less,
                        k.buffer(),
                        v.buffer(),
                        ok.buffer_mut(),
                        ov.buffer_mut(),
                    )
                });
                if !sorted_head(&ok, Less) {
                    println!("  CHECK FAILED: {case} n={n}: keys not sorted");
                }
            }
            _ => b.skipped(case, n, "no memory for the inputs".into()),
        }
    }
    if b.wants("merge_u32") || b.wants("merge_by_key_u32_u32") {
        bench_merges(b, n);
    }
}

/// `merge_u32` and `merge_by_key_u32_u32`: two sorted halves of `n / 2`.
fn bench_merges(b: &mut Bench, n: usize) {
    let h = (n / 2) as u64;
    let half = |r: std::ops::Range<u64>| {
        let mut v = host_keys(r, |i| mix(i ^ 1) as u32);
        v.par_sort_unstable();
        v
    };
    let inputs = (
        Dv::from_vec(half(0..h)),
        Dv::from_vec(half(h..2 * h)),
        Dv::from_vec(host_keys(0..h, |i| mix(i ^ 2) as u32)),
        Dv::from_vec(host_keys(h..2 * h, |i| mix(i ^ 2) as u32)),
        Dv::<u32>::zeros(2 * h as usize),
        Dv::<u32>::zeros(2 * h as usize),
    );
    let (Ok(a), Ok(bk), Ok(av), Ok(bv), Ok(mut ok), Ok(mut ov)) = inputs else {
        b.skipped("merge_u32", n, "no memory for the inputs".into());
        return;
    };
    let case = "merge_u32";
    if b.wants(case) {
        b.case(case, n, 8.0 * n as f64, None, || {
            <Cuda as MergeOps<u32, Less>>::merge_by(Less, a.buffer(), bk.buffer(), ok.buffer_mut())
        });
        if !sorted_head(&ok, Less) {
            println!("  CHECK FAILED: {case} n={n}: output not sorted");
        }
    }
    let case = "merge_by_key_u32_u32";
    if b.wants(case) {
        b.case(case, n, 16.0 * n as f64, None, || {
            <Cuda as MergeByKeyOps<u32, u32, Less>>::merge_by_key_with(
                Less,
                a.buffer(),
                av.buffer(),
                bk.buffer(),
                bv.buffer(),
                ok.buffer_mut(),
                ov.buffer_mut(),
            )
        });
        if !sorted_head(&ok, Less) {
            println!("  CHECK FAILED: {case} n={n}: keys not sorted");
        }
    }
}
