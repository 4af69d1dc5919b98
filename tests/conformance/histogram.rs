// Conformance body for the histograms: `histogram_even` and `histogram` (bins by edges), their
// `_into` forms, the multi-channel `histogram_even_channels`, every sample type and both counter types, against the reference bin for bin.
// Counts are integers, so every comparison is exact; float samples are binned by the same two
// correctly rounded operations on every backend, so they agree exactly too.

use super::B;
use crate::common::*;
use parallaxis::reference as r;
use parallaxis::{DeviceVector, ops::{EvenBins, HistogramCounter, HistogramSample}, backend::HistogramOps};
use proptest::prelude::*;

/// `histogram_even` and `histogram_even_into` (over a vector of garbage) against the
/// reference.
fn check_even<T, C>(x: &[T], bins: usize, lower: T::Level, upper: T::Level, what: &str)
where
    T: HistogramSample,
    C: HistogramCounter,
    B: HistogramOps<T, C>,
{
    let e = EvenBins::<T>::new(lower, upper, bins).unwrap();
    let mut want = vec![C::ZERO; bins];
    r::histogram_even(x, &e, &mut want);
    let xs = dv::<T, B>(x);
    let got: DeviceVector<C, B> = parallaxis::histogram_even(&xs, bins, lower, upper).unwrap();
    assert!(host(&got) == want, "{what}: histogram_even, n={}, bins={bins}", x.len());
    let mut into = DeviceVector::<C, B>::filled(bins, C::ZERO.add_count(7)).unwrap();
    parallaxis::histogram_even_into(&xs, bins, lower, upper, &mut into).unwrap();
    assert!(host(&into) == want, "{what}: histogram_even_into, n={}", x.len());
}

/// `histogram` and `histogram_into` against the reference.
fn check_range<T, C>(x: &[T], edges: &[T::Level], what: &str)
where
    T: HistogramSample,
    C: HistogramCounter,
    B: HistogramOps<T, C>,
{
    let bins = edges.len() - 1;
    let mut want = vec![C::ZERO; bins];
    r::histogram_range(x, edges, &mut want);
    let (xs, es) = (dv::<T, B>(x), dv::<T::Level, B>(edges));
    let got: DeviceVector<C, B> = parallaxis::histogram(&xs, &es).unwrap();
    assert!(host(&got) == want, "{what}: histogram, n={}, bins={bins}", x.len());
    let mut into = DeviceVector::<C, B>::filled(bins, C::ZERO.add_count(3)).unwrap();
    parallaxis::histogram_into(&xs, &es, &mut into).unwrap();
    assert!(host(&into) == want, "{what}: histogram_into, n={}", x.len());
}

/// The largest f32 below the positive `x` (`f32::next_down`, stable only since Rust 1.86).
fn below32(x: f32) -> f32 {
    f32::from_bits(x.to_bits() - 1)
}

fn bytes(n: usize, seed: u64) -> Vec<u8> {
    pseudo_random(n, seed).into_iter().map(|v| v as u8).collect()
}

/// Floats in [-0.25, 1.25): a tenth outside [0, 1), plus the awkward values.
fn unit_f32(n: usize, seed: u64) -> Vec<f32> {
    let mut v: Vec<f32> = pseudo_random(n, seed)
        .into_iter()
        .map(|z| (z >> 40) as f32 / (1u64 << 24) as f32 * 1.5 - 0.25)
        .collect();
    let odd = [0.0, 1.0, f32::NAN, -0.0, below32(1.0), f32::INFINITY, 0.5];
    for (i, o) in odd.iter().enumerate() {
        if let Some(s) = v.get_mut(i * 7) {
            *s = *o;
        }
    }
    v
}

fn unit_f64(n: usize, seed: u64) -> Vec<f64> {
    unit_f32(n, seed).into_iter().map(f64::from).collect()
}

/// Every sample type, both counter types, even bins (small and shared-memory-busting counts)
/// and bins by edges, at `n`.
fn check_all(n: usize, seed: u64) {
    let b = bytes(n, seed);
    check_even::<u8, u32>(&b, 256, 0, 256, "u8 256 bins");
    check_even::<u8, u64>(&b, 7, 3, 250, "u8 7 bins");
    let i8s: Vec<i8> = b.iter().map(|&v| v as i8).collect();
    check_even::<i8, u32>(&i8s, 10, -100, 100, "i8");
    let u16s: Vec<u16> = pseudo_random(n, seed + 1).iter().map(|&v| v as u16).collect();
    check_even::<u16, u32>(&u16s, 1000, 100, 60000, "u16");
    let i16s: Vec<i16> = u16s.iter().map(|&v| v as i16).collect();
    check_even::<i16, u64>(&i16s, 33, -30000, 30001, "i16");
    let u32s: Vec<u32> = pseudo_random(n, seed + 2).iter().map(|&v| v as u32).collect();
    check_even::<u32, u32>(&u32s, 1 << 16, 0, 1 << 32, "u32 full range");
    let i32s: Vec<i32> = u32s.iter().map(|&v| (v as i32) >> 8).collect();
    check_even::<i32, u64>(&i32s, 999, -(1 << 22), 1 << 22, "i32");
    let f = unit_f32(n, seed + 3);
    check_even::<f32, u32>(&f, 1024, 0.0, 1.0, "f32 1024 bins");
    check_even::<f32, u64>(&f, 20_000, -0.1, 1.1, "f32 20000 bins (global)");
    check_even::<f32, u32>(&f, 3, 0.1, 0.7, "f32 3 bins");
    let d = unit_f64(n, seed + 4);
    check_even::<f64, u64>(&d, 100, 0.0, 1.0, "f64");

    check_range::<u8, u32>(&b, &[0, 1, 2, 16, 100, 100, 255, 256], "u8 edges");
    check_range::<i16, u64>(&i16s, &[-40000, -5, 0, 5, 1000, 40000], "i16 edges");
    check_range::<u32, u32>(&u32s, &[0, 1 << 20, 1 << 31, (1 << 32) - 1], "u32 edges");
    let fe: Vec<f32> = (0..=64).map(|k| (k as f32 / 64.0).powi(2)).collect();
    check_range::<f32, u32>(&f, &fe, "f32 edges");
    // 5000 f64 edges: bins and edges do not fit the GPU's shared memory (global path).
    let de: Vec<f64> = (0..5000).map(|k| k as f64 / 4999.0).collect();
    check_range::<f64, u64>(&d, &de, "f64 5000 edges");
    check_range::<i32, u32>(&i32s, &[i32::MIN as i64, 0, i32::MAX as i64 + 1], "i32 edges");
}

#[test]
fn edge_sizes_match_reference() {
    require_gpu!();
    for (k, n) in edge_sizes().into_iter().enumerate() {
        check_all(n, k as u64);
    }
}

#[test]
fn beyond_the_parallel_threshold() {
    require_gpu!();
    // The rayon backend folds on one thread below 2^17 samples.
    check_all(33 * HOST_CHUNK + 5, 99);
}

/// 1-byte samples enough to make the GPU's per-lane 8-bit counters flush many times (a lane
/// counts 64 bytes a step and adds its counters up every third step): all one value (one
/// counter of each lane at its most between flushes), long runs, noise, as `u8` and `i8`, by
/// even bins and by edges; and from an odd offset through a view (on the GPU every byte then
/// goes the one-at-a-time way).
#[test]
fn bytes_past_many_counter_flushes() {
    require_gpu!();
    let n = (40 << 20) + 13;
    let same = vec![255u8; n];
    check_even::<u8, u32>(&same, 256, 0, 256, "all 255");
    check_even::<u8, u64>(&same, 3, 200, 256, "all 255, 3 bins");
    let runs: Vec<u8> = (0..n).map(|i| (i / 1000) as u8).collect();
    check_even::<u8, u32>(&runs, 256, 0, 256, "runs of 1000");
    let noise = bytes(n, 17);
    check_even::<u8, u32>(&noise, 256, 0, 256, "noise");
    check_range::<u8, u64>(&noise, &[0, 1, 2, 16, 100, 100, 255, 256], "noise edges");
    let i8s: Vec<i8> = noise.iter().map(|&v| v as i8).collect();
    check_even::<i8, u32>(&i8s, 5, -128, 128, "i8 noise");
    let xs = dv::<u8, B>(&noise);
    let (a, b) = (3, n - 1);
    let e = EvenBins::<u8>::new(0, 256, 256).unwrap();
    let mut want = vec![0u32; 256];
    r::histogram_even(&noise[a..b], &e, &mut want);
    let got: DeviceVector<u32, B> =
        parallaxis::histogram_even(&xs.slice(a..b).unwrap(), 256, 0, 256).unwrap();
    assert!(host(&got) == want, "noise from offset {a}");
}

#[test]
fn edge_samples_land_where_defined() {
    require_gpu!();
    // Exactly `lower` is counted in bin 0; just under `upper` in the last bin; `upper`, NaN,
    // the infinities and values below `lower` are not counted.
    let x = [
        0.0f32,
        below32(1.0),
        1.0,
        f32::NAN,
        f32::INFINITY,
        f32::NEG_INFINITY,
        -1e-30,
        0.25,
        below32(0.75),
    ];
    let h: DeviceVector<u32, B> = parallaxis::histogram_even(&dv(&x), 4, 0.0, 1.0).unwrap();
    assert_eq!(host(&h), [1, 1, 1, 1]);
    let ints = [0u8, 9, 10, 99, 100, 255];
    let h: DeviceVector<u64, B> = parallaxis::histogram_even(&dv(&ints), 10, 0, 100).unwrap();
    assert_eq!(host(&h), [2, 1, 0, 0, 0, 0, 0, 0, 0, 1]);
    let edges = [0.0f64, 0.5, 0.5, 1.0];
    let xd = [0.0, 0.5, f64::from_bits(1.0f64.to_bits() - 1), 1.0, f64::NAN, 0.49];
    let h: DeviceVector<u32, B> = parallaxis::histogram(&dv(&xd), &dv(&edges)).unwrap();
    assert_eq!(host(&h), [2, 0, 2]);
}

#[test]
fn empty_samples_give_zero_counts() {
    require_gpu!();
    let h: DeviceVector<u32, B> = parallaxis::histogram_even(&dv::<f32, B>(&[]), 5, 0.0, 1.0).unwrap();
    assert_eq!(host(&h), [0; 5]);
    let mut into = DeviceVector::<u64, B>::filled(2, 9).unwrap();
    parallaxis::histogram_into(&dv::<u8, B>(&[]), &dv(&[0i64, 1, 2]), &mut into).unwrap();
    assert_eq!(host(&into), [0, 0]);
}

/// `histogram_even_channels` against the reference over each channel's samples taken out on
/// the host.
fn check_channels<T, C>(
    x: &[T],
    channels: usize,
    bins: &[usize],
    lower: &[T::Level],
    upper: &[T::Level],
    what: &str,
) where
    T: HistogramSample,
    C: HistogramCounter,
    B: HistogramOps<T, C> + parallaxis::backend::GatherOps<usize, T>,
{
    let got: Vec<DeviceVector<C, B>> =
        parallaxis::histogram_even_channels(&dv::<T, B>(x), channels, bins, lower, upper).unwrap();
    assert_eq!(got.len(), bins.len(), "{what}: one histogram per active channel");
    for (c, h) in got.iter().enumerate() {
        let samples: Vec<T> = x.iter().skip(c).step_by(channels).copied().collect();
        let e = EvenBins::<T>::new(lower[c], upper[c], bins[c]).unwrap();
        let mut want = vec![C::ZERO; bins[c]];
        r::histogram_even(&samples, &e, &mut want);
        assert!(host(h) == want, "{what}: channel {c}, n={}", x.len());
    }
}

#[test]
fn interleaved_channels() {
    require_gpu!();
    for pixels in [0, 1, 33, 1000, 3 * HOST_CHUNK + 5] {
        // RGBA bytes, RGB counted with their own bins and bounds.
        let px = bytes(4 * pixels, 71);
        check_channels::<u8, u32>(&px, 4, &[256, 16, 3], &[0, 0, 50], &[256, 256, 200], "rgba u8");
        check_channels::<u8, u64>(&px, 4, &[7, 7, 7, 7], &[0; 4], &[256; 4], "rgba u8 all four");
        check_channels::<u8, u32>(&px, 1, &[256], &[0], &[256], "one channel");
        // Two float channels, one counted.
        let f = unit_f32(2 * pixels, 72);
        check_channels::<f32, u32>(&f, 2, &[10], &[0.0], &[1.0], "f32 pairs");
        let i: Vec<i32> = pseudo_random(3 * pixels, 73).iter().map(|&v| v as i32).collect();
        check_channels::<i32, u64>(&i, 3, &[100, 5], &[-1 << 30, 0], &[1 << 30, 1 << 31], "i32 triples");
    }
    let x = dv::<u8, B>(&[1, 2, 3, 4, 5]);
    let err = |c, b: &[usize], l: &[i64], u: &[i64]| {
        parallaxis::histogram_even_channels::<u8, u32, B>(&x, c, b, l, u).unwrap_err()
    };
    let invalid = |what, reason| parallaxis::Error::InvalidArgument { what, reason };
    assert_eq!(err(0, &[2], &[0], &[256]), invalid("channels", "is zero"));
    assert_eq!(err(5, &[2, 2], &[0], &[256, 256]), parallaxis::Error::LengthMismatch { what: "histogram lower levels", expected: 2, actual: 1 });
    assert_eq!(err(5, &[2], &[0], &[]), parallaxis::Error::LengthMismatch { what: "histogram upper levels", expected: 1, actual: 0 });
    assert_eq!(err(1, &[2, 2], &[0, 0], &[256, 256]), invalid("active channels", "more than the channels"));
    assert_eq!(err(2, &[2], &[0], &[256]), invalid("samples", "not a whole number of pixels"));
    assert!(matches!(err(5, &[0], &[0], &[256]), parallaxis::Error::InvalidArgument { .. }));
    assert!(matches!(err(5, &[2], &[9], &[3]), parallaxis::Error::InvalidArgument { .. }));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn even_equivalence(
        x in prop::collection::vec(any::<i32>(), 0..3 * HOST_CHUNK),
        lower in -1000i64..1000,
        width in 1i64..1 << 31,
        bins in 1usize..3000,
    ) {
        require_gpu!(proptest);
        check_even::<i32, u32>(&x, bins, lower, lower + width, "proptest i32");
        let f: Vec<f32> = x.iter().map(|&v| v as f32 / 1e6).collect();
        check_even::<f32, u64>(&f, bins, -1.0, 1.5, "proptest f32");
    }

    #[test]
    fn range_equivalence(
        x in prop::collection::vec(any::<u16>(), 0..3 * HOST_CHUNK),
        mut edges in prop::collection::vec(0i64..70000, 2..200),
    ) {
        require_gpu!(proptest);
        edges.sort_unstable();
        check_range::<u16, u64>(&x, &edges, "proptest u16 edges");
    }
}
