// Conformance body for stencil: stencil_map, stencil_map_into, convolve_1d/2d and mask_1d/2d
// of backend `B` against `parallaxis::reference::stencil`. Every output point of every backend
// folds exactly the reference's terms in the reference's order, so results are compared bit
// for bit: floats (general values, not a dyadic grid) as well as wrapping integers.

use super::B;
use crate::common::*;
use parallaxis::{reference, DeviceCopy, Error, ops::{Boundary, MaxTimes, MinPlus, PlusTimes, Semiring, Stencil}, backend::StencilOps};
use proptest::prelude::*;

const BOUNDARIES: [Boundary; 3] = [Boundary::Zero, Boundary::Clamp, Boundary::Wrap];

/// A value compared by its bits, so that `-0.0 != 0.0` and float results must be identical.
trait Exact: DeviceCopy + core::fmt::Debug {
    /// The bit pattern.
    type Bits: PartialEq + core::fmt::Debug;
    /// `self`'s bit pattern.
    fn bits(self) -> Self::Bits;
}

impl Exact for f32 {
    type Bits = u32;
    fn bits(self) -> u32 {
        self.to_bits()
    }
}

impl Exact for i32 {
    type Bits = i32;
    fn bits(self) -> i32 {
        self
    }
}

/// Asserts `got` and `want` have the same length and bits, naming the first difference.
fn assert_same<T: Exact>(got: &[T], want: &[T], what: &str) {
    assert_eq!(got.len(), want.len(), "{what}: length");
    if let Some(i) = (0..got.len()).find(|&i| got[i].bits() != want[i].bits()) {
        panic!("{what}[{i}]: got {:?}, want {:?}", got[i], want[i]);
    }
}

/// The reference's output for `x` on a grid of `shape`.
fn reference_of<T: Exact, S: Semiring<T>, const D: usize, const K: usize>(
    s: S,
    st: &Stencil<T, D, K>,
    b: Boundary,
    shape: [usize; D],
    x: &[T],
) -> Vec<T> {
    let mut y = vec![s.zero(); x.len()];
    reference::stencil(s, st, b, shape, x, &mut y);
    y
}

/// `stencil_map` and `stencil_map_into` (into a vector holding stale values) on `B` both
/// equal the reference bit for bit.
fn check<T: Exact, S: Semiring<T>, const D: usize, const K: usize>(
    s: S,
    st: &Stencil<T, D, K>,
    b: Boundary,
    shape: [usize; D],
    x: &[T],
) where
    B: StencilOps<T, S, D, K>,
{
    let want = reference_of(s, st, b, shape, x);
    let what = format!("{b:?} {shape:?} {}", core::any::type_name::<S>());
    let xv = dv::<T, B>(x);
    let y = parallaxis::stencil_map(s, st, b, shape, &xv).expect("stencil_map");
    assert_same(&host(&y), &want, &format!("stencil_map {what}"));
    let mut y = dv::<T, B>(x);
    parallaxis::stencil_map_into(s, st, b, shape, &xv, &mut y).expect("stencil_map_into");
    assert_same(&host(&y), &want, &format!("stencil_map_into {what}"));
}

/// `n` general floats in `[lo, hi)` (24 random mantissa bits, so sums round).
fn floats(n: usize, seed: u64, lo: f32, hi: f32) -> Vec<f32> {
    let unit = |v: u64| (v >> 40) as f32 / (1 << 24) as f32;
    pseudo_random(n, seed)
        .into_iter()
        .map(|v| lo + (hi - lo) * unit(v))
        .collect()
}

/// `n` integers over the whole `i32` range, so products and sums wrap.
fn ints(n: usize, seed: u64) -> Vec<i32> {
    pseudo_random(n, seed)
        .into_iter()
        .map(|v| v as i32)
        .collect()
}

/// `K` values of `v` as an array.
fn arr<T: Copy, const K: usize>(v: &[T]) -> [T; K] {
    core::array::from_fn(|k| v[k])
}

/// Runs the four semirings of the suite with `offsets` on a grid of `shape`, data and
/// weights drawn from `seed`: (+,×) f32 and wrapping i32, (min,+) f32, (max,×) f32 (>= 0).
fn all_semirings<const D: usize, const K: usize>(
    offsets: [[i32; D]; K],
    b: Boundary,
    shape: [usize; D],
    seed: u64,
) where
    B: StencilOps<f32, PlusTimes, D, K>
        + StencilOps<i32, PlusTimes, D, K>
        + StencilOps<f32, MinPlus, D, K>
        + StencilOps<f32, MaxTimes, D, K>,
{
    let n: usize = shape.iter().product();
    let w = floats(K, seed ^ 1, -2.0, 2.0);
    let st = Stencil::new(offsets, arr(&w));
    check(PlusTimes, &st, b, shape, &floats(n, seed, -100.0, 100.0));
    check(MinPlus, &st, b, shape, &floats(n, seed, -100.0, 100.0));
    let st = Stencil::new(offsets, arr(&floats(K, seed ^ 2, 0.0, 2.0)));
    check(MaxTimes, &st, b, shape, &floats(n, seed, 0.0, 100.0));
    let st = Stencil::new(offsets, arr(&ints(K, seed ^ 3)));
    check(PlusTimes, &st, b, shape, &ints(n, seed));
}

fn boundary() -> impl Strategy<Value = Boundary> {
    prop_oneof![
        Just(Boundary::Zero),
        Just(Boundary::Clamp),
        Just(Boundary::Wrap)
    ]
}

/// `K` offsets for a grid of `shape`: mostly within ±3 (the interior fast path), sometimes
/// anywhere in ±min(2·extent + 3, `cap`) (beyond a small grid: many wraps, clamps and
/// dropped terms).
fn offsets<const D: usize, const K: usize>(
    shape: [usize; D],
    cap: i32,
) -> impl Strategy<Value = [[i32; D]; K]> {
    let axes: Vec<_> = shape
        .iter()
        .map(|&n| {
            let r = (2 * n as i32 + 3).min(cap);
            prop_oneof![3 => -3..=3_i32, 1 => -r..=r]
        })
        .collect();
    proptest::collection::vec(axes, K)
        .prop_map(|v| core::array::from_fn(|k| core::array::from_fn(|a| v[k][a])))
}

/// A grid of `min..=max` along each axis, `K` offsets (see [`offsets`] for `cap`), a seed
/// and a boundary.
fn case<const D: usize, const K: usize>(
    min: [usize; D],
    max: [usize; D],
    cap: i32,
) -> impl Strategy<Value = ([usize; D], [[i32; D]; K], u64, Boundary)> {
    let dims: Vec<_> = min.iter().zip(&max).map(|(&lo, &hi)| lo..=hi).collect();
    (dims, any::<u64>(), boundary()).prop_flat_map(move |(dims, seed, b)| {
        let shape: [usize; D] = core::array::from_fn(|a| dims[a]);
        (
            Just(shape),
            offsets::<D, K>(shape, cap),
            Just(seed),
            Just(b),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_1d((shape, o, seed, b) in case::<1, 5>([0], [300], 1000)) {
        require_gpu!(proptest);
        all_semirings(o, b, shape, seed);
    }

    #[test]
    fn random_2d((shape, o, seed, b) in case::<2, 5>([0, 0], [12, 40], 1000)) {
        require_gpu!(proptest);
        all_semirings(o, b, shape, seed);
    }

    #[test]
    fn random_3d((shape, o, seed, b) in case::<3, 7>([0, 0, 0], [6, 7, 24], 1000)) {
        require_gpu!(proptest);
        all_semirings(o, b, shape, seed);
    }

    #[test]
    fn random_no_points((shape, o, seed, b) in case::<2, 0>([0, 0], [9, 9], 1000)) {
        require_gpu!(proptest);
        all_semirings(o, b, shape, seed);
    }
}

proptest! {
    // Large enough for the rayon backend's parallel path (>= 2^18 terms), so fewer cases;
    // offsets capped at ±40 so that most rows keep an interior.
    #![proptest_config(ProptestConfig::with_cases(8))]

    #[test]
    fn random_large_1d((shape, o, seed, b) in case::<1, 9>([1 << 15], [(1 << 15) + 999], 40)) {
        require_gpu!(proptest);
        all_semirings(o, b, shape, seed);
    }

    #[test]
    fn random_large_3d((shape, o, seed, b) in case::<3, 7>([30, 30, 60], [34, 36, 80], 40)) {
        require_gpu!(proptest);
        all_semirings(o, b, shape, seed);
    }
}

/// The classic stencils at edge and non-trivial sizes, all boundaries, all semirings.
fn classic<const D: usize, const K: usize>(offsets: [[i32; D]; K], shapes: &[[usize; D]])
where
    B: StencilOps<f32, PlusTimes, D, K>
        + StencilOps<i32, PlusTimes, D, K>
        + StencilOps<f32, MinPlus, D, K>
        + StencilOps<f32, MaxTimes, D, K>,
{
    for (i, &shape) in shapes.iter().enumerate() {
        for b in BOUNDARIES {
            all_semirings(offsets, b, shape, 0x5EED + i as u64);
        }
    }
}

/// The offsets of a centred 1D mask of `K` (odd) taps.
fn taps<const K: usize>() -> [[i32; 1]; K] {
    core::array::from_fn(|k| [k as i32 - (K / 2) as i32])
}

/// The offsets of a centred dense mask of `h × w` points, row-major.
fn dense<const K: usize>(h: usize, w: usize) -> [[i32; 2]; K] {
    let (rh, rw) = ((h / 2) as i32, (w / 2) as i32);
    core::array::from_fn(|k| [(k / w) as i32 - rh, (k % w) as i32 - rw])
}

const LAPLACE_1D: [[i32; 1]; 3] = [[-1], [0], [1]];
const FIVE_POINT: [[i32; 2]; 5] = [[0, 0], [-1, 0], [1, 0], [0, -1], [0, 1]];
const SEVEN_POINT: [[i32; 3]; 7] = [
    [0, 0, 0],
    [-1, 0, 0],
    [1, 0, 0],
    [0, -1, 0],
    [0, 1, 0],
    [0, 0, -1],
    [0, 0, 1],
];

#[test]
fn laplacian_1d() {
    require_gpu!();
    classic(
        LAPLACE_1D,
        &[[0], [1], [2], [3], [33], [1000], [(1 << 15) + 3]],
    );
}

#[test]
fn nine_taps_1d() {
    require_gpu!();
    let sizes = [
        [0],
        [1],
        [3],
        [4],
        [5],
        [9],
        [17],
        // Around the CUDA row kernel's warp edges (256 points a warp, 4 of halo each side):
        // the last warp inside the grid or not, whole and partial tiles of 2048.
        [256],
        [260],
        [261],
        [2048 + 4],
        [4 * 2048 - 1],
        [(1 << 15) + 3],
        [HOST_CHUNK + 1],
    ];
    classic(taps::<9>(), &sizes);
}

#[test]
fn five_point_2d() {
    require_gpu!();
    let shapes = [
        [0, 5],
        [5, 0],
        [1, 1],
        [1, 7],
        [7, 1],
        [2, 2],
        [67, 130],
        [300, 257],
    ];
    classic(FIVE_POINT, &shapes);
    classic(FIVE_POINT, &[[2, HOST_CHUNK + 77]]); // rows longer than a parallel group
}

#[test]
fn dense_5x5_2d() {
    require_gpu!();
    let shapes = [
        [0, 0],
        [1, 1],
        [1, 3],
        [3, 1],
        [4, 4],
        [5, 5],
        [67, 130],
        [130, 257],
        // The CUDA dense-box kernel: several 32-row strips and 256-row blocks, aligned rows
        // with a partial last 128-column strip.
        [1100, 260],
        [3, 516],
    ];
    classic(dense::<25>(5, 5), &shapes);
}

#[test]
fn seven_point_3d() {
    require_gpu!();
    let shapes = [
        [0, 3, 3],
        [3, 0, 3],
        [1, 1, 1],
        [1, 1, 5],
        [2, 2, 2],
        [17, 9, 33],
    ];
    classic(SEVEN_POINT, &shapes);
    classic(SEVEN_POINT, &[[40, 33, 70], [3, 2, HOST_CHUNK + 5]]);
    // Rows of whole 16-byte chunks: the CUDA backend's z-marching kernel, with several z
    // chunks, inner and edge columns and partial tiles.
    classic(SEVEN_POINT, &[[2, 3, 4], [70, 20, 136]]);
}

#[test]
fn dense_27_point_3d() {
    require_gpu!();
    let m = parallaxis::mask_3d([0_i32; 27], [3, 3, 3]).expect("odd mask");
    classic(m.offsets, &[[1, 1, 1], [3, 3, 4], [5, 7, 9], [35, 18, 132]]);
}

/// `convolve_1d` and `convolve_2d` equal the reference applied to hand-built mask offsets.
#[test]
fn convolve_matches_hand_built_masks() {
    require_gpu!();
    for b in BOUNDARIES {
        for n in [0, 1, 2, 4, 5, 100, (1 << 15) + 3] {
            let x = floats(n, n as u64, -10.0, 10.0);
            let w: [f32; 9] = arr(&floats(9, 7, -1.0, 1.0));
            let want = reference_of(PlusTimes, &Stencil::new(taps::<9>(), w), b, [n], &x);
            let got = parallaxis::convolve_1d(w, b, &dv::<f32, B>(&x)).expect("convolve_1d");
            assert_same(&host(&got), &want, &format!("convolve_1d {b:?} {n}"));
            let xi = ints(n, n as u64);
            let lap = [1, -2, 1];
            let want = reference_of(PlusTimes, &Stencil::new(LAPLACE_1D, lap), b, [n], &xi);
            let got = parallaxis::convolve_1d(lap, b, &dv::<i32, B>(&xi)).expect("convolve_1d");
            assert_same(&host(&got), &want, &format!("convolve_1d i32 {b:?} {n}"));
        }
        for shape in [[0, 0], [0, 4], [1, 1], [2, 3], [67, 130], [300, 257]] {
            let n = shape[0] * shape[1];
            let x = floats(n, n as u64, -10.0, 10.0);
            let w: [f32; 15] = arr(&floats(15, 9, -1.0, 1.0));
            let want = reference_of(PlusTimes, &Stencil::new(dense(3, 5), w), b, shape, &x);
            let got =
                parallaxis::convolve_2d(w, [3, 5], b, shape, &dv::<f32, B>(&x)).expect("conv2d");
            assert_same(&host(&got), &want, &format!("convolve_2d {b:?} {shape:?}"));
            let xi = ints(n, n as u64);
            let w: [i32; 25] = arr(&ints(25, 11));
            let want = reference_of(PlusTimes, &Stencil::new(dense(5, 5), w), b, shape, &xi);
            let got =
                parallaxis::convolve_2d(w, [5, 5], b, shape, &dv::<i32, B>(&xi)).expect("conv2d");
            assert_same(
                &host(&got),
                &want,
                &format!("convolve_2d i32 {b:?} {shape:?}"),
            );
        }
    }
}

#[test]
fn masks_are_centred() {
    require_gpu!();
    let m = parallaxis::mask_1d([1_i32, 2, 3, 4, 5]).expect("odd mask");
    assert_eq!(m.offsets, [[-2], [-1], [0], [1], [2]]);
    assert_eq!(m.weights, [1, 2, 3, 4, 5]);
    let m = parallaxis::mask_2d([0_i32; 15], [3, 5]).expect("odd mask");
    assert_eq!(m.offsets, dense::<15>(3, 5));
    let m = parallaxis::mask_2d([7_i32], [1, 1]).expect("1x1 mask");
    assert_eq!(m.offsets, [[0, 0]]);
    let m = parallaxis::mask_3d([0_i32; 45], [3, 5, 3]).expect("odd mask");
    let want: [[i32; 3]; 45] =
        core::array::from_fn(|k| [k as i32 / 15 - 1, (k as i32 / 3) % 5 - 2, k as i32 % 3 - 1]);
    assert_eq!(m.offsets, want);
    let star = parallaxis::star_3d([1_i32, 2, 3, 4, 5, 6, 7]);
    assert_eq!(star.offsets, SEVEN_POINT);
    assert_eq!(star.weights, [1, 2, 3, 4, 5, 6, 7]);
}

#[test]
fn bad_masks_are_invalid_stencils() {
    require_gpu!();
    let bad = |r: Result<(), Error>| matches!(r, Err(Error::InvalidStencil { .. }));
    assert!(bad(parallaxis::mask_1d([1.0_f32, 2.0]).map(drop)));
    assert!(bad(parallaxis::mask_1d::<f32, 0>([]).map(drop)));
    assert!(bad(parallaxis::mask_2d([1_i32; 6], [2, 3]).map(drop)));
    assert!(bad(parallaxis::mask_2d([1_i32; 6], [3, 2]).map(drop)));
    assert!(bad(parallaxis::mask_2d([1_i32; 9], [3, 5]).map(drop)));
    assert!(bad(parallaxis::mask_2d([1_i32; 9], [1, 3]).map(drop)));
    let x = dv::<i32, B>(&[1, 2, 3, 4]);
    assert!(bad(
        parallaxis::convolve_1d([1, 1], Boundary::Zero, &x).map(drop)
    ));
    assert!(bad(parallaxis::convolve_2d(
        [1; 9],
        [3, 1],
        Boundary::Zero,
        [2, 2],
        &x
    )
    .map(drop)));
    assert!(bad(parallaxis::convolve_2d(
        [1; 4],
        [2, 2],
        Boundary::Zero,
        [2, 2],
        &x
    )
    .map(drop)));
    let st = Stencil::new([[0, 0]], [1_i32]);
    let huge = parallaxis::stencil_map(PlusTimes, &st, Boundary::Wrap, [usize::MAX, 2], &x);
    assert!(bad(huge.map(drop)));
}

#[test]
fn wrong_lengths_are_length_mismatches() {
    require_gpu!();
    let mismatch = |r: Result<(), Error>| matches!(r, Err(Error::LengthMismatch { .. }));
    let st = Stencil::new(FIVE_POINT, [1_i32; 5]);
    let x = dv::<i32, B>(&[1, 2, 3, 4, 5, 6]);
    for shape in [[2, 2], [2, 4], [0, 6], [6, 0]] {
        let r = parallaxis::stencil_map(PlusTimes, &st, Boundary::Zero, shape, &x);
        assert!(mismatch(r.map(drop)), "{shape:?}");
    }
    let r = parallaxis::convolve_2d([1; 9], [3, 3], Boundary::Zero, [3, 3], &x);
    assert!(mismatch(r.map(drop)));
    // A wrong output length is refused and the output left untouched.
    let mut y = dv::<i32, B>(&[9; 5]);
    let r = parallaxis::stencil_map_into(PlusTimes, &st, Boundary::Clamp, [2, 3], &x, &mut y);
    assert!(mismatch(r));
    assert_eq!(host(&y), [9; 5]);
    let mut y = dv::<i32, B>(&[9; 6]);
    let r = parallaxis::stencil_map_into(PlusTimes, &st, Boundary::Clamp, [3, 3], &x, &mut y);
    assert!(mismatch(r));
    assert_eq!(host(&y), [9; 6]);
}
