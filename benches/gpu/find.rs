//! The searches that stop early, beside their peers (`benches/peers/find_peers.cu`): find_if
//! beside CUB's `DeviceFind::FindIf` and Thrust's `find_if`, mismatch and is_sorted_until
//! beside Thrust's. find_if: f32 uniform in [0, 1) (the extrema rows' data) with a 2.0
//! written at position 1000 (`front`), at `n / 2` (`middle`) or nowhere (`none`), found by
//! `x > 1.5`; mismatch: that input against a copy with the 2.0 there; is_sorted_until:
//! `x[i] = i as f32` with a -1.0 there. The position returned to the host, as the peers
//! return it. Bytes: a whole pass over the input(s), so that an early stop shows as a figure
//! above the memory's bandwidth.

use super::extrema_search::uniform_f32;
use super::{Bench, Dv};
use parallaxis::{
    backend::{MergeOps, SelectOps, UniqueOps},
    ops::{GreaterThan, Less},
    Cuda,
};

/// The three places of the one hit in `n` items, by case suffix.
fn hits(n: usize) -> [(&'static str, Option<usize>); 3] {
    [
        ("front", Some(1000.min(n - 1))),
        ("middle", Some(n / 2)),
        ("none", None),
    ]
}

/// An upload of `host`, or the row skipped with the reason.
fn upload(b: &mut Bench, case: &str, n: usize, host: Vec<f32>) -> Option<Dv<f32>> {
    match Dv::<f32>::from_vec(host) {
        Ok(x) => Some(x),
        Err(e) => {
            b.skipped(case, n, e.to_string());
            None
        }
    }
}

/// `find_if_front_f32`, `find_if_middle_f32` and `find_if_none_f32` at `n`; the same for
/// `mismatch_*_f32` and `is_sorted_until_*_f32`.
pub(super) fn bench_find(b: &mut Bench, n: usize) {
    for (place, hit) in hits(n) {
        let case = format!("find_if_{place}_f32");
        if b.wants(&case) {
            let mut host = uniform_f32(n);
            if let Some(i) = hit {
                host[i] = 2.0;
            }
            let Some(x) = upload(b, &case, n, host) else {
                continue;
            };
            let p = GreaterThan { bound: 1.5_f32 };
            b.case(&case, n, n as f64 * 4.0, None, || {
                <Cuda as SelectOps<f32, GreaterThan<f32>>>::find_if(p, true, x.buffer()).map(drop)
            });
            report(&case, n, parallaxis::find_if(p, &x), hit);
        }
        let case = format!("mismatch_{place}_f32");
        if b.wants(&case) {
            let host = uniform_f32(n);
            let mut other = host.clone();
            if let Some(i) = hit {
                other[i] = 2.0;
            }
            let (Some(x), Some(y)) = (upload(b, &case, n, host), upload(b, &case, n, other)) else {
                continue;
            };
            b.case(&case, n, n as f64 * 8.0, None, || {
                <Cuda as UniqueOps<f32>>::mismatch(x.buffer(), y.buffer()).map(drop)
            });
            report(&case, n, parallaxis::mismatch(&x, &y), hit);
        }
        let case = format!("is_sorted_until_{place}_f32");
        if b.wants(&case) {
            let mut host: Vec<f32> = (0..n).map(|i| i as f32).collect();
            if let Some(i) = hit {
                host[i] = -1.0;
            }
            let Some(x) = upload(b, &case, n, host) else {
                continue;
            };
            b.case(&case, n, n as f64 * 4.0, None, || {
                <Cuda as MergeOps<f32, Less>>::is_sorted_until(Less, x.buffer()).map(drop)
            });
            let got = parallaxis::is_sorted_until(&x).map(|k| (k < n).then_some(k));
            report(&case, n, got, hit.filter(|&i| i > 0));
        }
    }
}

/// Prints a failed check of a row's answer.
fn report(case: &str, n: usize, got: parallaxis::Result<Option<usize>>, want: Option<usize>) {
    match got {
        Ok(got) if got == want => {}
        other => println!("  CHECK FAILED: {case} n={n}: got {other:?}, want {want:?}"),
    }
}
