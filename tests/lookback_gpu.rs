//! The scans' look-back words are not zeroed between launches
//! (device/src/context/lookback_words.rs): each launch tags its words with a new epoch and reads
//! any other epoch as an empty tile. These tests run scans back to back whose predecessors left
//! words behind in every packed codec (one word per tile: 4-byte scans; two: 8-byte scans,
//! segmented scans of 8-byte values, reduce by key of 4-byte values), and across the wrap-around
//! where the epochs start over. A stale word read as published would hand a tile its predecessor's
//! prefix from an earlier scan: every result is compared exactly (wrapping integer sums) with the
//! reference. The tests run one at a time (`common::alone`): the wrap-around test relies on no
//! other scan running between its own.
#![cfg(feature = "cuda")]

use crate::common;

use common::{dv, host, pseudo_random};
use parallaxis::reference as r;
use parallaxis::{ops::Sum, Cuda};
use parallaxis_device::Device;

type B = Cuda;

/// Inclusive u32 and exclusive u64 scans of `n` values from `seed`, checked exactly.
fn plain_scans(n: usize, seed: u64) {
    let x32: Vec<u32> = pseudo_random(n, seed).iter().map(|&v| v as u32).collect();
    let mut want = vec![0_u32; n];
    r::inclusive_scan(Sum, &x32, &mut want);
    let got = host(&parallaxis::inclusive_scan(Sum, &dv::<u32, B>(&x32)).unwrap());
    assert!(got == want, "inclusive u32 scan, n = {n}, seed {seed}");

    let x64 = pseudo_random(n, seed ^ 0x55);
    let mut want = vec![0_u64; n];
    r::exclusive_scan(Sum, 7, &x64, &mut want);
    let got = host(&parallaxis::exclusive_scan(Sum, 7, &dv::<u64, B>(&x64)).unwrap());
    assert!(got == want, "exclusive u64 scan, n = {n}, seed {seed}");
}

/// A segmented u64 scan by flags and a reduce by key of u32 values, checked exactly.
fn segmented_scans(n: usize, seed: u64) {
    let x = pseudo_random(n, seed);
    // Segments of 1..=3000 items: most tiles of 4096 (u64) hold a head, some none.
    let lens = pseudo_random(n, seed ^ 0xAA);
    let mut flags = vec![false; n];
    let mut at = 0;
    for len in lens {
        if at >= n {
            break;
        }
        flags[at] = true;
        at += 1 + (len % 3000) as usize;
    }
    let mut want = vec![0_u64; n];
    r::scan_by_flags(Sum, &flags, &x, &mut want, r::ScanKind::Inclusive);
    let got = parallaxis::inclusive_scan_by_flags(Sum, &dv::<bool, B>(&flags), &dv::<u64, B>(&x));
    assert!(
        host(&got.unwrap()) == want,
        "u64 scan by flags, n = {n}, seed {seed}"
    );

    let keys: Vec<u32> = (0..n).map(|i| (i / 1000) as u32).collect();
    let x32: Vec<u32> = x.iter().map(|&v| v as u32).collect();
    let (mut want_keys, mut want_values) = (vec![0_u32; n], vec![0_u32; n]);
    let runs = r::reduce_by_key(Sum, &keys, &x32, &mut want_keys, &mut want_values);
    let (got_keys, got_values) =
        parallaxis::reduce_by_key(Sum, &dv::<u32, B>(&keys), &dv::<u32, B>(&x32)).unwrap();
    assert!(
        host(&got_keys) == want_keys[..runs],
        "reduce by key: keys, n = {n}"
    );
    assert!(
        host(&got_values) == want_values[..runs],
        "reduce by key: values, n = {n}"
    );
}

#[test]
fn scans_ignore_the_words_earlier_scans_left() {
    require_gpu!();
    let _alone = common::alone();
    // Sizes from one tile to ~700 (8192 u32 / 4096 u64 a tile), rising and falling, so every
    // scan's tiles lie on words of earlier scans of other codecs and lengths.
    for (round, n) in [3_000_000, 1 << 20, 5_000, 2_900_000, 70_001, 1_500_000]
        .into_iter()
        .enumerate()
    {
        plain_scans(n, round as u64);
        segmented_scans(n, round as u64 + 100);
    }
}

#[test]
fn scans_stay_exact_across_the_epoch_wrap_around() {
    require_gpu!();
    let _alone = common::alone();
    let dev = Device::default_device().expect("the default device");
    let n = 2_000_000;
    // The next scan zeroes the words and takes the first epoch: its words are left behind,
    // tagged with the epoch the scan after the wrap-around takes again.
    dev.leave_lookback_epochs(0);
    plain_scans(n, 1);
    // Two scans (the two of `plain_scans`) run on the last epochs, the next ones after the
    // words are zeroed again: without that zeroing they would read the words above.
    dev.leave_lookback_epochs(2);
    plain_scans(n, 2);
    plain_scans(n, 3);
    segmented_scans(n, 4);
}
