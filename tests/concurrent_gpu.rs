//! Host threads sharing the GPU. `reduce` and `reduce_by_key` hand their value to the host through
//! one mapped slot per device (device/src/context/host_slot.rs): the kernel writes the value, then
//! raises the slot's flag to a number the caller chose, and the caller watches the flag. The
//! scratch lock keeps one caller on the slot at a time; these tests check that every call, from
//! whichever thread, reads its own kernel's value and never a neighbour's or a stale one.
#![cfg(feature = "cuda")]

use crate::common;

use parallaxis::{ops::Sum, Cuda, DeviceVector};

type B = Cuda;

/// Threads, and calls per thread (each call a different input).
const THREADS: u32 = 4;
const ROUNDS: u32 = 40;

/// `n` for call `round` of thread `t`, up to 12 million: from one block to the one-wave
/// launches whose warps fold several tiles (`policy::reduce::reduce_grid`), spread so that
/// neighbouring calls differ.
fn size(t: u32, round: u32) -> usize {
    let mix = u64::from(t) * 7919 + u64::from(round) * 104_729;
    1 + (mix * 2_654_435_761 % 12_000_000) as usize
}

/// Runs `call(t, round)` for `rounds` rounds on each of [`THREADS`] threads at once.
fn on_every_thread(rounds: u32, call: impl Fn(u32, u32) + Sync) {
    std::thread::scope(|s| {
        for t in 0..THREADS {
            let call = &call;
            s.spawn(move || (0..rounds).for_each(|round| call(t, round)));
        }
    });
}

#[test]
fn every_thread_reads_its_own_reduce() {
    require_gpu!();
    on_every_thread(ROUNDS, |t, round| {
        let (n, seed) = (size(t, round), t * 1_000_003 + round * 977);
        let v = parallaxis::sequence::<u32, B>(n, seed, 1).expect("sequence");
        let got = parallaxis::reduce(Sum, &v).expect("reduce");
        assert_eq!(
            got,
            common::sequence_sum_u32(n, seed),
            "thread {t}, call {round}, n = {n}"
        );
    });
}

#[test]
fn every_thread_reads_its_own_run_count() {
    require_gpu!();
    on_every_thread(ROUNDS / 4, |t, round| {
        let n = size(t, round) / 4 + 1;
        // Runs of `len` equal keys; each thread and call its own length.
        let len = 1 + (t + 3 * round) as usize % 37;
        let keys: Vec<u32> = (0..n).map(|i| (i / len) as u32).collect();
        let kd = DeviceVector::<u32, B>::from_vec(keys).expect("keys");
        let xd = DeviceVector::<u32, B>::from_vec(vec![1; n]).expect("values");
        let (k, x) = parallaxis::reduce_by_key(Sum, &kd, &xd).expect("reduce_by_key");
        let runs = n.div_ceil(len);
        let at = format!("thread {t}, call {round}, n = {n}, runs of {len}");
        assert_eq!(k.len(), runs, "{at}");
        let (k, x) = (k.to_vec().expect("keys"), x.to_vec().expect("folds"));
        for (r, (&key, &fold)) in k.iter().zip(&x).enumerate() {
            let want = len.min(n - r * len) as u32;
            assert_eq!((key, fold), (r as u32, want), "{at}: run {r}");
        }
    });
}
