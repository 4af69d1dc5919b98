// Conformance body for gather, gather_if, scatter, scatter_if and reverse: maps of u32, u64
// and usize, values of 1, 2, 4, 8, 12 and 16 bytes (12 bytes moves as three 4-byte words on
// the GPU), against the reference element for element.

use super::B;
use crate::common::*;
use parallaxis::reference as r;
use parallaxis::{DeviceCopy, DeviceVector, backend::{GatherOps, ReverseOps}, ops::SparseIndex};
use proptest::prelude::*;

/// Random indices below `len` (`len > 0`).
fn map_of<I: SparseIndex>(n: usize, len: usize, seed: u64) -> Vec<I> {
    pseudo_random(n, seed)
        .into_iter()
        .map(|z| I::from_usize((z % len as u64) as usize).unwrap())
        .collect()
}

/// A permutation of `0..n` (an odd multiplier modulo a power of two, folded into `n`), so
/// scatter has no duplicate indices.
fn permutation<I: SparseIndex>(n: usize) -> Vec<I> {
    let mut p: Vec<usize> = (0..n).collect();
    let mut s = 0x9E37_79B9_7F4A_7C15u64;
    for i in (1..n).rev() {
        s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        p.swap(i, (s >> 33) as usize % (i + 1));
    }
    p.into_iter().map(|v| I::from_usize(v).unwrap()).collect()
}

fn flags(n: usize, seed: u64) -> Vec<bool> {
    pseudo_random(n, seed).into_iter().map(|z| z % 3 != 0).collect()
}

/// Every move of `T` through maps of `I`, at `n` positions over `len` source elements.
fn check_moves<I, T>(n: usize, values: &[T], seed: u64, what: &str)
where
    I: SparseIndex,
    T: DeviceCopy + PartialEq + std::fmt::Debug,
    B: GatherOps<I, T> + ReverseOps<T>,
{
    let len = values.len();
    let src = dv::<T, B>(values);
    if len > 0 {
        let map = map_of::<I>(n, len, seed);
        let dmap = dv::<I, B>(&map);
        let mut want = vec![values[0]; n];
        r::gather(&map, values, &mut want);
        assert_eq!(host(&parallaxis::gather(&dmap, &src).unwrap()), want, "{what}: gather n={n}");
        let mut y = DeviceVector::<T, B>::filled(n, values[0]).unwrap();
        parallaxis::gather_into(&dmap, &src, &mut y).unwrap();
        assert_eq!(host(&y), want, "{what}: gather_into n={n}");

        let st = flags(n, seed + 1);
        let keep = values[len - 1];
        let mut want = vec![keep; n];
        r::gather_if(&map, &st, values, &mut want);
        let mut y = DeviceVector::<T, B>::filled(n, keep).unwrap();
        parallaxis::gather_if(&dmap, &dv(&st), &src, &mut y).unwrap();
        assert_eq!(host(&y), want, "{what}: gather_if n={n}");
    }

    // Scatter through a permutation of the source positions (no duplicates).
    let perm = permutation::<I>(len);
    let mut want = values.to_vec();
    r::scatter(values, &perm, &mut want);
    let mut dst = DeviceVector::<T, B>::from_slice(values).unwrap();
    parallaxis::scatter(&src, &dv(&perm), &mut dst).unwrap();
    assert_eq!(host(&dst), want, "{what}: scatter len={len}");

    let st = flags(len, seed + 2);
    let mut want = values.to_vec();
    r::scatter_if(values, &perm, &st, &mut want);
    let mut dst = DeviceVector::<T, B>::from_slice(values).unwrap();
    parallaxis::scatter_if(&src, &dv(&perm), &dv(&st), &mut dst).unwrap();
    assert_eq!(host(&dst), want, "{what}: scatter_if len={len}");

    let mut want = values.to_vec();
    r::reverse(values, &mut want);
    assert_eq!(host(&parallaxis::reverse(&src).unwrap()), want, "{what}: reverse len={len}");
    let mut y = DeviceVector::<T, B>::from_slice(values).unwrap();
    parallaxis::reverse_into(&src, &mut y).unwrap();
    assert_eq!(host(&y), want, "{what}: reverse_into len={len}");
}

/// A 12-byte value: moves as three 4-byte words.
#[derive(Clone, Copy, Debug, PartialEq, DeviceCopy)]
#[repr(C)]
struct Rgb(u32, u32, u32);

fn check_all(n: usize, len: usize, seed: u64) {
    let z = pseudo_random(len, seed);
    let u8s: Vec<u8> = z.iter().map(|&v| v as u8).collect();
    check_moves::<u32, u8>(n, &u8s, seed, "u8 by u32");
    let u16s: Vec<u16> = z.iter().map(|&v| v as u16).collect();
    check_moves::<u64, u16>(n, &u16s, seed, "u16 by u64");
    let f32s: Vec<f32> = z.iter().map(|&v| v as f32).collect();
    check_moves::<u32, f32>(n, &f32s, seed, "f32 by u32");
    check_moves::<usize, u64>(n, &z, seed, "u64 by usize");
    let rgb: Vec<Rgb> = z.iter().map(|&v| Rgb(v as u32, (v >> 32) as u32, 7)).collect();
    check_moves::<u32, Rgb>(n, &rgb, seed, "12-byte by u32");
    let wide: Vec<[u64; 2]> = z.iter().map(|&v| [v, !v]).collect();
    check_moves::<u64, [u64; 2]>(n, &wide, seed, "16-byte by u64");
}

#[test]
fn edge_sizes_match_reference() {
    require_gpu!();
    for (k, n) in edge_sizes().into_iter().enumerate() {
        check_all(n, n, k as u64);
        check_all(n, 1 + n / 3, k as u64 + 100);
    }
}

#[test]
fn beyond_the_parallel_threshold() {
    require_gpu!();
    // The rayon backend moves on one thread below 2^19 elements.
    let n = 33 * HOST_CHUNK + 5;
    check_all(n, n, 7);
}

#[test]
fn scatter_with_duplicates_writes_one_of_the_candidates() {
    require_gpu!();
    let n = 3 * HOST_CHUNK;
    let map: Vec<u32> = (0..n as u32).map(|i| i % 100).collect();
    let src: Vec<u32> = (0..n as u32).collect();
    let mut dst = DeviceVector::<u32, B>::zeros(100).unwrap();
    parallaxis::scatter(&dv(&src), &dv(&map), &mut dst).unwrap();
    let got = host(&dst);
    for (j, &v) in got.iter().enumerate() {
        assert_eq!(v as usize % 100, j, "dst[{j}] = {v} was not written from a position mapping to {j}");
    }
    if <B as parallaxis::Backend>::NAME != "cuda" {
        // The host backends: the last write in position order wins.
        let mut want = vec![0u32; 100];
        r::scatter(&src, &map, &mut want);
        assert_eq!(got, want);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn gather_equivalence(
        values in prop::collection::vec(any::<i32>(), 1..3 * HOST_CHUNK),
        n in 0usize..3 * HOST_CHUNK,
        seed in any::<u64>(),
    ) {
        require_gpu!(proptest);
        let map = map_of::<u32>(n, values.len(), seed);
        let mut want = vec![0; n];
        r::gather(&map, &values, &mut want);
        prop_assert_eq!(host(&parallaxis::gather(&dv::<u32, B>(&map), &dv::<i32, B>(&values)).unwrap()), want);
    }

    #[test]
    fn scatter_reverse_equivalence(values in prop::collection::vec(any::<u64>(), 0..3 * HOST_CHUNK)) {
        require_gpu!(proptest);
        let perm = permutation::<u64>(values.len());
        let mut want = vec![0; values.len()];
        r::scatter(&values, &perm, &mut want);
        let mut dst = DeviceVector::<u64, B>::zeros(values.len()).unwrap();
        parallaxis::scatter(&dv(&values), &dv(&perm), &mut dst).unwrap();
        prop_assert_eq!(host(&dst), want);
        let mut want = vec![0; values.len()];
        r::reverse(&values, &mut want);
        prop_assert_eq!(host(&parallaxis::reverse(&dv::<u64, B>(&values)).unwrap()), want);
    }
}
