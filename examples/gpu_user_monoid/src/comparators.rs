//! User comparators on the GPU (`instantiate_compare!` in the kernel crate): `sort_by`,
//! `sort_by_key_with` and `merge_by` against the sequential reference, with stability
//! checked through the input positions; and two comparators that are not strict weak
//! orders, whose sorts and merges must give a permutation of the input (values beside
//! their keys) or the `InvalidArgument` error, never a fault.

use crate::{check, Result};
use parallaxis::{ops::Compare, reference, Cuda, DeviceVector, Error};
use user_monoid_kernels::{
    AlwaysLess, ByFirstEntry, ByKey, ByMagnitude, KeyIndex, Mat2, Scrambled,
};

/// Deterministic pseudo-random words.
fn words(n: usize, seed: u64) -> Vec<u64> {
    let mut s = seed | 1;
    (0..n)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        })
        .collect()
}

/// Every user comparator at sizes around the tile edges and past many merge passes.
pub(crate) fn check_all() -> Result<()> {
    for n in [1, 33, 1000, 2049, 100_000, (1 << 20) + 3] {
        let x: Vec<i32> = words(n, 7)
            .iter()
            .map(|&v| (v % 2001) as i32 - 1000)
            .collect();
        let dx = DeviceVector::<i32, Cuda>::from_slice(&x)?;
        let mut want = x.clone();
        reference::sort_by(ByMagnitude, &x, &mut want)?;
        check(
            &format!("sort_by ByMagnitude n={n}"),
            &parallaxis::sort_by(ByMagnitude, &dx)?.to_vec()?,
            &want,
        )?;
        let idx: Vec<u32> = (0..n as u32).collect();
        let (gk, gv) =
            parallaxis::sort_by_key_with(ByMagnitude, &dx, &DeviceVector::from_slice(&idx)?)?;
        let (mut wk, mut wv) = (x.clone(), idx.clone());
        reference::sort_by_key_with(ByMagnitude, &x, &idx, &mut wk, &mut wv)?;
        check(
            &format!("sort_by_key_with ByMagnitude keys n={n}"),
            &gk.to_vec()?,
            &wk,
        )?;
        check(
            &format!("sort_by_key_with ByMagnitude values n={n}"),
            &gv.to_vec()?,
            &wv,
        )?;

        // (key, index) pairs sorted by the key field: equal keys keep rising indices.
        let p: Vec<KeyIndex> = words(n, 11)
            .iter()
            .enumerate()
            .map(|(i, &v)| KeyIndex {
                key: (v % 97) as u32,
                index: i as u32,
            })
            .collect();
        let got = parallaxis::sort_by(ByKey, &DeviceVector::<KeyIndex, Cuda>::from_slice(&p)?)?
            .to_vec()?;
        let mut want = p.clone();
        reference::sort_by(ByKey, &p, &mut want)?;
        check(&format!("sort_by ByKey (stable) n={n}"), &got, &want)?;
        // Merge two sorted halves: of equal keys, the first half's come first.
        let (mut sa, mut sb) = (p[..n / 3].to_vec(), p[n / 3..].to_vec());
        reference::sort_by(ByKey, &p[..n / 3], &mut sa)?;
        reference::sort_by(ByKey, &p[n / 3..], &mut sb)?;
        let got = parallaxis::merge_by(
            ByKey,
            &DeviceVector::<KeyIndex, Cuda>::from_slice(&sa)?,
            &DeviceVector::from_slice(&sb)?,
        )?
        .to_vec()?;
        let mut merged = vec![KeyIndex::default(); n];
        reference::merge_by(ByKey, &sa, &sb, &mut merged);
        check(&format!("merge_by ByKey n={n}"), &got, &merged)?;

        // 16-byte elements by one entry.
        let m: Vec<Mat2> = words(n, 13)
            .iter()
            .map(|&v| Mat2 {
                a: (v % 50) as i32,
                b: (v >> 8) as i32,
                c: 0,
                d: (v >> 40) as i32,
            })
            .collect();
        let got = parallaxis::sort_by(ByFirstEntry, &DeviceVector::<Mat2, Cuda>::from_slice(&m)?)?
            .to_vec()?;
        let mut want = m.clone();
        reference::sort_by(ByFirstEntry, &m, &mut want)?;
        check(&format!("sort_by ByFirstEntry Mat2 n={n}"), &got, &want)?;
    }
    inconsistent(AlwaysLess, "AlwaysLess")?;
    inconsistent(Scrambled, "Scrambled")?;
    Ok(())
}

/// `got` holds the items of `want` (as multisets).
fn same_items(what: &str, got: &[i32], want: &[i32]) -> Result<()> {
    let (mut g, mut w) = (got.to_vec(), want.to_vec());
    g.sort_unstable();
    w.sort_unstable();
    check(&format!("{what}: a permutation of the input"), &g, &w)
}

/// `Some` of an `Ok` value, `None` for exactly `error`, an error for any other.
fn ok_or<T>(what: &str, got: parallaxis::Result<T>, error: &Error) -> Result<Option<T>> {
    match got {
        Ok(v) => Ok(Some(v)),
        Err(e) if e == *error => Ok(None),
        Err(e) => Err(format!("{what}: unexpected error {e:?}").into()),
    }
}

/// Sorts, sorts by key and merges with a comparator that is not a strict weak order: each
/// a permutation of the input (values beside their keys) or the error the call documents.
fn inconsistent<C: Compare<i32> + parallaxis_device::CompareKernel<i32>>(
    cmp: C,
    name: &str,
) -> Result<()> {
    let not_an_order = Error::InvalidArgument {
        what: "comparator",
        reason: "not a strict weak order",
    };
    let unsorted = Error::InvalidArgument {
        what: "merge inputs",
        reason: "not sorted by the comparator",
    };
    let (mut calls, mut errors) = (0, 0);
    for n in [1, 2, 33, 1000, 2049, 100_000, (1 << 20) + 3] {
        let x: Vec<i32> = words(n, 17).iter().map(|&v| v as i32).collect();
        let dx = DeviceVector::<i32, Cuda>::from_slice(&x)?;
        let what = format!("{name} n={n}");
        calls += 3;
        match ok_or(&what, parallaxis::sort_by(cmp, &dx), &not_an_order)? {
            Some(got) => same_items(&format!("sort_by {what}"), &got.to_vec()?, &x)?,
            None => errors += 1,
        }
        let idx: Vec<u64> = (0..n as u64).collect();
        let di = DeviceVector::<u64, Cuda>::from_slice(&idx)?;
        match ok_or(
            &what,
            parallaxis::sort_by_key_with(cmp, &dx, &di),
            &not_an_order,
        )? {
            Some((k, v)) => {
                let (k, v) = (k.to_vec()?, v.to_vec()?);
                let mut seen = v.clone();
                seen.sort_unstable();
                check(&format!("sort_by_key_with {what}: values"), &seen, &idx)?;
                let beside: Vec<i32> = v.iter().map(|&i| x[i as usize]).collect();
                check(
                    &format!("sort_by_key_with {what}: keys beside values"),
                    &k,
                    &beside,
                )?;
            }
            None => errors += 1,
        }
        let (a, b) = x.split_at(n / 3);
        let (da, db) = (
            DeviceVector::<i32, Cuda>::from_slice(a)?,
            DeviceVector::<i32, Cuda>::from_slice(b)?,
        );
        match ok_or(&what, parallaxis::merge_by(cmp, &da, &db), &unsorted)? {
            Some(got) => same_items(&format!("merge_by {what}"), &got.to_vec()?, &x)?,
            None => errors += 1,
        }
        check(&format!("{what}: input untouched"), &dx.to_vec()?, &x)?;
        check(&format!("{what}: values untouched"), &di.to_vec()?, &idx)?;
    }
    println!("  {name} (not a strict weak order): {errors} of {calls} calls returned the error");
    Ok(())
}

/// `--bench-compare`: `sort_by(ByMagnitude)` of i32 keys (`splitmix64(i ^ 7) % 2001 - 1000`,
/// the peer's `merge_fill_i32`) at 2^24 and 2^28, the median of 20 event-timed calls into a
/// preallocated output after 3 warm-ups; CUB's `SortKeysCopy` with the same functor is the
/// peer row `cub_merge_sort_keys_i32_by_magnitude` (benches/peers/merge_rows.cuh).
pub(crate) fn bench() -> Result<()> {
    let device = parallaxis_device::Device::default_device()?;
    let timer = parallaxis_device::GpuTimer::new(device)?;
    let mix = |mut z: u64| {
        z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    for e in [24, 28] {
        let n = 1_usize << e;
        let x: Vec<i32> = (0..n as u64)
            .map(|i| (mix(i ^ 7) % 2001) as i32 - 1000)
            .collect();
        let dx = DeviceVector::<i32, Cuda>::from_slice(&x)?;
        let mut out = DeviceVector::<i32, Cuda>::zeros(n)?;
        for _ in 0..3 {
            parallaxis::sort_by_into(ByMagnitude, &dx, &mut out)?;
        }
        let mut ms = Vec::new();
        for _ in 0..20 {
            let (t, ()) = timer.time(|| parallaxis::sort_by_into(ByMagnitude, &dx, &mut out))?;
            ms.push(t);
        }
        ms.sort_by(f32::total_cmp);
        let head = out.to_vec()?;
        let ok = head[..n.min(1 << 20)]
            .windows(2)
            .all(|w| w[0].unsigned_abs() >= w[1].unsigned_abs());
        println!(
            "ours merge_sort_keys_i32_by_magnitude n={n} ms={:.4} GBps={:.1} check={}",
            ms[10],
            8.0 * n as f64 / f64::from(ms[10]) / 1e6,
            if ok { "ok" } else { "BAD" }
        );
    }
    Ok(())
}
