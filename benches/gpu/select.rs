//! Selection rows beside CUB's `DeviceSelect` / `DevicePartition` and Thrust's `count_if`
//! (`benches/peers/peers.cu`, the cases copied from the anchors' part 2): f32 uniform in
//! [0, 1) kept when below 0.5 (about half), random stencil bytes, u32 keys in runs of 4.
//! The `_into` forms are timed (outputs allocated once, the count left on the device, as
//! CUB's calls write into preallocated buffers); `count_if` returns its count to the host,
//! as Thrust's does. Bytes: each input read once, each selected item written once.

use super::{Bench, Dv};
use parallaxis::{
    backend::{FlaggedOps, SelectOps, UniqueOps},
    ops::{LessThan, SplitMix64},
    Cuda,
};

/// `n` floats uniform in [0, 1) (24 random bits each), as peers.cu's `fill_f32`.
fn uniform(n: usize) -> Vec<f32> {
    let mut r = SplitMix64::new(4);
    (0..n)
        .map(|_| (r.next_u64() >> 40) as f32 / (1_u64 << 24) as f32)
        .collect()
}

/// Reports a count that differs from the host's (for a case `--only` kept: a filtered one
/// never ran).
fn check(b: &Bench, case: &str, n: usize, got: &Dv<usize>, want: usize) {
    if !b.wants(case) {
        return;
    }
    match got.to_vec() {
        Ok(v) if v == [want] => {}
        other => eprintln!("CHECK FAILED {case} n={n}: count {other:?}, want {want}"),
    }
}

/// `select_if_half_f32`, `select_flagged_half_f32`, `unique_runs4_u32`,
/// `partition_if_half_f32` (stable: two passes), `partition_unstable_half_f32` (one pass, as
/// CUB's `DevicePartition::If`) and `count_if_f32` at `n`.
pub(super) fn bench_select(b: &mut Bench, n: usize) {
    let cases = [
        "select_if_half_f32",
        "select_flagged_half_f32",
        "unique_runs4_u32",
        "partition_if_half_f32",
        "count_if_f32",
        "partition_unstable_half_f32",
    ];
    if !cases.iter().any(|c| b.wants(c)) {
        return;
    }
    let host = uniform(n);
    let p = LessThan { bound: 0.5_f32 };
    let half = host.iter().filter(|&&v| v < 0.5).count();
    let mut r = SplitMix64::new(6);
    let flags: Vec<bool> = (0..n).map(|_| r.next_u64() & 1 == 1).collect();
    let flagged = flags.iter().filter(|&&f| f).count();
    let inputs = (
        Dv::<f32>::from_vec(host),
        Dv::<bool>::from_vec(flags),
        Dv::<u32>::from_vec((0..n as u32).map(|i| i / 4).collect()),
        Dv::<f32>::zeros(n),
        Dv::<u32>::zeros(n),
        Dv::<usize>::zeros(1),
    );
    let (x, f, keys, mut y, mut yk, mut count) = match inputs {
        (Ok(x), Ok(f), Ok(k), Ok(y), Ok(yk), Ok(c)) => (x, f, k, y, yk, c),
        _ => {
            for c in cases {
                b.skipped(c, n, "out of memory".into());
            }
            return;
        }
    };
    let v = (n * 4) as f64;
    b.case(cases[0], n, v + 4.0 * half as f64, None, || {
        <Cuda as SelectOps<f32, LessThan<f32>>>::copy_if_into(
            p,
            true,
            x.buffer(),
            y.buffer_mut(),
            count.buffer_mut(),
        )
    });
    check(b, cases[0], n, &count, half);
    b.case(cases[1], n, 1.25 * v + 4.0 * flagged as f64, None, || {
        <Cuda as FlaggedOps<f32>>::copy_if_stencil_into(
            f.buffer(),
            x.buffer(),
            y.buffer_mut(),
            count.buffer_mut(),
        )
    });
    check(b, cases[1], n, &count, flagged);
    b.case(cases[2], n, v + v / 4.0, None, || {
        <Cuda as UniqueOps<u32>>::unique_into(keys.buffer(), yk.buffer_mut(), count.buffer_mut())
    });
    check(b, cases[2], n, &count, n.div_ceil(4));
    b.case(cases[3], n, 2.0 * v, None, || {
        <Cuda as SelectOps<f32, LessThan<f32>>>::partition_into(
            p,
            x.buffer(),
            y.buffer_mut(),
            count.buffer_mut(),
        )
    });
    check(b, cases[3], n, &count, half);
    b.case(cases[5], n, 2.0 * v, None, || {
        <Cuda as SelectOps<f32, LessThan<f32>>>::partition_unstable_into(
            p,
            x.buffer(),
            y.buffer_mut(),
            count.buffer_mut(),
        )
    });
    check(b, cases[5], n, &count, half);
    let mut got = 0;
    b.case(cases[4], n, v, None, || {
        got = <Cuda as SelectOps<f32, LessThan<f32>>>::count_if(p, x.buffer())?;
        Ok(())
    });
    if got != half && b.wants(cases[4]) {
        eprintln!("CHECK FAILED {} n={n}: {got}, want {half}", cases[4]);
    }
}
