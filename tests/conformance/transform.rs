// Conformance body for transform, transform2 (and their `_into` forms), tabulate and sequence.
// An element-wise map does the same arithmetic on every backend, so every comparison with
// `parallaxis::reference` is exact, floats bit for bit.

use super::B;
use crate::common::*;
use parallaxis::reference as r;
use parallaxis::{DeviceVector, ops::{Negate, SaxpyFunctor, Scale, Sequence, Square, Times}};
use proptest::prelude::*;

fn ints(n: usize, seed: u64) -> Vec<i32> {
    pseudo_random(n, seed)
        .into_iter()
        .map(|v| v as i32)
        .collect()
}

fn floats(n: usize, seed: u64) -> Vec<f64> {
    let unit = |v: u64| (v >> 11) as f64 / (1u64 << 53) as f64;
    pseudo_random(n, seed)
        .into_iter()
        .map(|v| unit(v) * 2e3 - 1e3)
        .collect()
}

fn bits(v: &[f64]) -> Vec<u64> {
    v.iter().map(|x| x.to_bits()).collect()
}

/// Unary maps on i32 (wrapping) and f64, through `transform` and `transform_into`.
fn check_unary(xi: &[i32], xf: &[f64]) {
    let n = xi.len();
    let got = host(&parallaxis::transform(Negate, &dv::<i32, B>(xi)).unwrap());
    let mut want = vec![0; n];
    r::transform(Negate, xi, &mut want);
    assert_eq!(got, want, "transform Negate i32, n={n}");

    let f = Scale { factor: -3 };
    let mut into = DeviceVector::<i32, B>::zeros(n).unwrap();
    parallaxis::transform_into(f, &dv::<i32, B>(xi), &mut into).unwrap();
    r::transform(f, xi, &mut want);
    assert_eq!(host(&into), want, "transform_into Scale i32, n={n}");

    let got = host(&parallaxis::transform(Square, &dv::<f64, B>(xf)).unwrap());
    let mut want = vec![0.0; xf.len()];
    r::transform(Square, xf, &mut want);
    assert_eq!(bits(&got), bits(&want), "transform Square f64, n={n}");
}

/// Binary maps through `transform2` and `transform2_into`.
fn check_binary(ai: &[i32], bi: &[i32], af: &[f64], bf: &[f64]) {
    let n = ai.len();
    let got = host(&parallaxis::transform2(Times, &dv::<i32, B>(ai), &dv::<i32, B>(bi)).unwrap());
    let mut want = vec![0; n];
    r::transform2(Times, ai, bi, &mut want);
    assert_eq!(got, want, "transform2 Times i32, n={n}");

    let f = SaxpyFunctor { a: 1.5 };
    let mut into = DeviceVector::<f64, B>::zeros(af.len()).unwrap();
    parallaxis::transform2_into(f, &dv::<f64, B>(af), &dv::<f64, B>(bf), &mut into).unwrap();
    let mut want = vec![0.0; af.len()];
    r::transform2(f, af, bf, &mut want);
    assert_eq!(
        bits(&host(&into)),
        bits(&want),
        "transform2_into saxpy f64, n={n}"
    );
}

/// `tabulate` and `sequence` against the reference tabulate.
fn check_tabulate(n: usize, start: f64, step: f64) {
    let f = Sequence { start, step };
    let got = host(&parallaxis::tabulate::<_, B>(f, n).unwrap());
    let mut want = vec![0.0; n];
    r::tabulate(f, &mut want);
    assert_eq!(bits(&got), bits(&want), "tabulate, n={n}");
    let seq = host(&parallaxis::sequence::<f64, B>(n, start, step).unwrap());
    assert_eq!(bits(&seq), bits(&want), "sequence, n={n}");
    let idx = host(&parallaxis::sequence::<u32, B>(n, 7, 3).unwrap());
    assert!(
        idx.iter().enumerate().all(|(i, &v)| v == 7 + 3 * i as u32),
        "n={n}"
    );
}

#[test]
fn edge_sizes_match_reference() {
    require_gpu!();
    for n in edge_sizes() {
        check_unary(&ints(n, 1), &floats(n, 2));
        check_binary(&ints(n, 3), &ints(n, 4), &floats(n, 5), &floats(n, 6));
        check_tabulate(n, -2.5, 0.125);
    }
}

#[test]
fn beyond_the_parallel_threshold() {
    require_gpu!();
    // The host backend maps on one thread below 2^19 elements (32 chunks).
    let n = 33 * HOST_CHUNK + 5;
    check_unary(&ints(n, 7), &floats(n, 8));
    check_binary(&ints(n, 9), &ints(n, 10), &floats(n, 11), &floats(n, 12));
    check_tabulate(n, 0.75, -0.5);
}

#[test]
fn transform_into_rejects_wrong_length() {
    require_gpu!();
    let x = dv::<i32, B>(&ints(HOST_CHUNK + 1, 9));
    let mut y = DeviceVector::<i32, B>::filled(HOST_CHUNK, 5).unwrap();
    assert!(parallaxis::transform_into(Negate, &x, &mut y).is_err());
    assert!(host(&y).iter().all(|&v| v == 5), "output untouched");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn unary_equivalence(
        xi in prop::collection::vec(any::<i32>(), 0..3 * HOST_CHUNK),
        seed in any::<u64>(),
    ) {
        require_gpu!(proptest);
        check_unary(&xi, &floats(xi.len(), seed));
    }

    #[test]
    fn binary_equivalence(
        ab in prop::collection::vec((any::<i32>(), any::<i32>()), 0..3 * HOST_CHUNK),
        f in prop::collection::vec((general_f64(), general_f64()), 0..3 * HOST_CHUNK),
    ) {
        require_gpu!(proptest);
        let (ai, bi): (Vec<i32>, Vec<i32>) = ab.into_iter().unzip();
        let (af, bf): (Vec<f64>, Vec<f64>) = f.into_iter().unzip();
        check_binary(&ai, &bi, &af, &bf);
    }

    #[test]
    fn tabulate_equivalence(n in 0..3 * HOST_CHUNK, start in general_f64(), step in general_f64()) {
        require_gpu!(proptest);
        check_tabulate(n, start, step);
    }
}
