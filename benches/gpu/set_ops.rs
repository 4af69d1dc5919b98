//! Set operations on sorted multisets beside their peers (`benches/peers/set_peers.cu`):
//! set_union, set_intersection, set_difference and set_symmetric_difference of u32 keys beside
//! Thrust's, and set_union_by_key (u32 keys, u32 values) beside `thrust::set_union_by_key`.
//! `n` is the total of both inputs: `a` holds `n / 2` items `a[i] = (i * 3) / 2` and `b` the
//! other `n - n / 2` items `b[j] = (j * 5) / 3` (both ascending without repeats, partly
//! overlapping); by key the values are `a_values[i] = i` and `b_values[j] = 0x8000_0000 + j`.
//! Timed: the allocating front door (`parallaxis::set_union(&a, &b)`, ...), its output dropped
//! inside the call, where the peer writes into an output allocated once. Bytes: the inputs
//! read and the outputs written (keys, and by key values too), the output length taken from
//! one untimed call. After timing, the length of one more call's output is checked against
//! `reference::set_op_count` over host copies and, up to 2^24, every item against
//! `reference::set_op_vec` / `set_op_by_key_vec` (`CHECK FAILED` otherwise).

use super::{Bench, Dv};
use parallaxis::{ops::Less, reference, Error, SetOp};
use std::fmt::Debug;

/// One keys-only set operation through its front door.
type SetFn = fn(&Dv<u32>, &Dv<u32>) -> parallaxis::Result<Dv<u32>>;

/// The largest `n` whose outputs are compared item by item with the host's (the host walk
/// and the copies back grow with `n`; above it only the length is checked).
const FULL_CHECK: usize = 1 << 24;

/// The by-key row's name.
const BY_KEY: &str = "set_union_by_key_u32";

/// `set_union_u32`, `set_intersection_u32`, `set_difference_u32`,
/// `set_symmetric_difference_u32` and `set_union_by_key_u32` at `n`.
pub(super) fn bench_set_ops(b: &mut Bench, n: usize) {
    let rows: [(&str, SetOp, SetFn); 4] = [
        ("set_union_u32", SetOp::Union, parallaxis::set_union),
        (
            "set_intersection_u32",
            SetOp::Intersection,
            parallaxis::set_intersection,
        ),
        (
            "set_difference_u32",
            SetOp::Difference,
            parallaxis::set_difference,
        ),
        (
            "set_symmetric_difference_u32",
            SetOp::SymmetricDifference,
            parallaxis::set_symmetric_difference,
        ),
    ];
    if !rows.iter().any(|r| b.wants(r.0)) && !b.wants(BY_KEY) {
        return;
    }
    let na = n / 2;
    let ha: Vec<u32> = (0..na).map(|i| (i * 3 / 2) as u32).collect();
    let hb: Vec<u32> = (0..n - na).map(|j| (j * 5 / 3) as u32).collect();
    let (da, db) = match (Dv::from_slice(&ha), Dv::from_slice(&hb)) {
        (Ok(da), Ok(db)) => (da, db),
        (Err(e), _) | (_, Err(e)) => {
            for case in rows.iter().map(|r| r.0).chain([BY_KEY]) {
                b.skipped(case, n, e.to_string());
            }
            return;
        }
    };
    for (case, op, f) in rows {
        if !b.wants(case) {
            continue;
        }
        let len = match f(&da, &db) {
            Ok(out) => out.len(),
            Err(e) => {
                b.skipped(case, n, why(&e));
                continue;
            }
        };
        b.case(case, n, 4.0 * (n + len) as f64, None, || {
            f(&da, &db).map(drop)
        });
        let want = reference::set_op_count(op, Less, &ha, &hb);
        let got = f(&da, &db);
        if check_len(case, n, got.as_ref().map(Dv::len), want) && n <= FULL_CHECK {
            let same =
                got.and_then(|v| v.to_vec()).ok() == reference::set_op_vec(op, Less, &ha, &hb).ok();
            check_items(case, n, same);
        }
    }
    if b.wants(BY_KEY) {
        bench_union_by_key(b, n, (&ha, &hb), (&da, &db));
    }
}

/// `set_union_by_key_u32` over the keys `a` and `b` (host copies and device vectors).
fn bench_union_by_key(
    b: &mut Bench,
    n: usize,
    (ha, hb): (&[u32], &[u32]),
    (da, db): (&Dv<u32>, &Dv<u32>),
) {
    let hav: Vec<u32> = (0..ha.len() as u32).collect();
    let hbv: Vec<u32> = (0..hb.len() as u32).map(|j| 0x8000_0000 + j).collect();
    let (dav, dbv) = match (Dv::from_slice(&hav), Dv::from_slice(&hbv)) {
        (Ok(dav), Ok(dbv)) => (dav, dbv),
        (Err(e), _) | (_, Err(e)) => return b.skipped(BY_KEY, n, e.to_string()),
    };
    let f = || parallaxis::set_union_by_key(da, &dav, db, &dbv);
    let len = match f() {
        Ok((keys, _)) => keys.len(),
        Err(e) => return b.skipped(BY_KEY, n, why(&e)),
    };
    b.case(BY_KEY, n, 8.0 * (n + len) as f64, None, || f().map(drop));
    let want = reference::set_op_count(SetOp::Union, Less, ha, hb);
    let got = f();
    if check_len(BY_KEY, n, got.as_ref().map(|(k, _)| k.len()), want) && n <= FULL_CHECK {
        let got = got.and_then(|(k, v)| Ok((k.to_vec()?, v.to_vec()?)));
        let host = reference::set_op_by_key_vec(SetOp::Union, Less, ha, &hav, hb, &hbv);
        check_items(BY_KEY, n, got.ok() == host.ok());
    }
}

/// The reason a row was not run: `no kernel` (which the report shows as such) or the error.
fn why(e: &Error) -> String {
    match e {
        Error::NoKernel { .. } => "no kernel".into(),
        e => e.to_string(),
    }
}

/// Prints a failed check of a row's output length; `true` when it passed.
fn check_len<E: Debug>(case: &str, n: usize, got: Result<usize, E>, want: usize) -> bool {
    match got {
        Ok(got) if got == want => true,
        other => {
            println!("  CHECK FAILED: {case} n={n}: got {other:?} items, want {want}");
            false
        }
    }
}

/// Prints a failed check of a row's items against the host's.
fn check_items(case: &str, n: usize, same: bool) {
    if !same {
        println!("  CHECK FAILED: {case} n={n}: items differ from the host's");
    }
}
