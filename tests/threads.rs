//! Results of the rayon backend do not depend on the thread count: every 1D algorithm gives
//! the same bits in pools of 1, 2 and 3 threads and in the default pool, on integers and on
//! general floats (where any change of association would show), on inputs of ~10 chunks so
//! that every algorithm takes its parallel path. Integer results are also checked against
//! the sequential reference.
#![cfg(feature = "rayon")]

use parallaxis::reference::{self as r, ScanKind};
use parallaxis::{
    ops::{Affine, AffineMap, Max, SaxpyFunctor, Sequence, Square, Sum},
    DeviceCopy, DeviceVector, Rayon,
};
use std::fmt::Debug;

/// The rayon backend's chunk size (`parallaxis_host::CHUNK`), as in `tests/common`.
const HOST_CHUNK: usize = 1 << 14;
const N: usize = 10 * HOST_CHUNK + 123;

/// Deterministic pseudo-random values, as `tests/common` generates them.
fn pseudo_random(n: usize, seed: u64) -> Vec<u64> {
    parallaxis::ops::SplitMix64::new(seed).take(n).collect()
}

fn host<T: DeviceCopy>(v: &DeviceVector<T, Rayon>) -> Vec<T> {
    v.to_vec().expect("download")
}

/// Runs `f` in the default pool and in pools of 1, 2 and 3 threads; all results must agree.
fn same_everywhere<R: PartialEq + Debug + Send>(what: &str, f: impl Fn() -> R + Sync) -> R {
    let default = f();
    for k in [1, 2, 3] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(k)
            .build()
            .unwrap();
        assert!(
            pool.install(&f) == default,
            "{what}: {k} threads differ from the default pool"
        );
    }
    default
}

fn ints(seed: u64) -> Vec<i32> {
    pseudo_random(N, seed)
        .into_iter()
        .map(|v| v as i32)
        .collect()
}

/// General floats in [-1e3, 1e3): rounding differs with any change of association.
fn floats(seed: u64) -> Vec<f64> {
    let unit = |v: u64| (v >> 11) as f64 / (1u64 << 53) as f64;
    pseudo_random(N, seed)
        .into_iter()
        .map(|v| unit(v) * 2e3 - 1e3)
        .collect()
}

fn f32s(seed: u64) -> Vec<f32> {
    floats(seed).into_iter().map(|v| v as f32).collect()
}

fn bits64(v: &[f64]) -> Vec<u64> {
    v.iter().map(|x| x.to_bits()).collect()
}

fn bits32(v: &[f32]) -> Vec<u32> {
    v.iter().map(|x| x.to_bits()).collect()
}

fn up<T: DeviceCopy>(v: &[T]) -> DeviceVector<T, Rayon> {
    DeviceVector::from_slice(v).expect("upload")
}

/// ~1000 segments of random lengths plus a few long ones, and an empty one.
fn offsets() -> Vec<usize> {
    let mut o: Vec<usize> = pseudo_random(1000, 7)
        .into_iter()
        .map(|z| z as usize % N)
        .collect();
    o.extend([0, 0, 3 * HOST_CHUNK, 3 * HOST_CHUNK, N]);
    // Only chunk-aligned boundaries in 2..=6 chunks: segments that span whole chunks.
    o.retain(|&p| !(2 * HOST_CHUNK..=6 * HOST_CHUNK).contains(&p) || p % HOST_CHUNK == 0);
    o.sort_unstable();
    o
}

fn keys_of(offsets: &[usize]) -> Vec<u32> {
    let mut k = vec![0; N];
    for (s, w) in offsets.windows(2).enumerate() {
        k[w[0]..w[1]].fill(s as u32 % 5);
    }
    k
}

#[test]
fn elementwise_is_thread_count_independent() {
    // Element-wise maps go parallel from 2^19 elements: use 4 times `N`.
    let long = |s| [floats(s), floats(s + 10), floats(s + 20), floats(s + 30)].concat();
    let (a, b) = (up(&long(1)), up(&long(2)));
    same_everywhere("transform f64", || {
        bits64(&parallaxis::transform(Square, &a).unwrap())
    });
    let saxpy = SaxpyFunctor { a: 0.7 };
    same_everywhere("transform2 f64", || {
        bits64(&parallaxis::transform2(saxpy, &a, &b).unwrap())
    });
    let seq = Sequence {
        start: 0.3_f64,
        step: 1.7,
    };
    same_everywhere("tabulate f64", || {
        bits64(&parallaxis::tabulate::<_, Rayon>(seq, 4 * N).unwrap())
    });
}

#[test]
fn reduce_is_thread_count_independent() {
    let (xi, xf, x32) = (ints(3), up(&floats(4)), up(&f32s(5)));
    let got = same_everywhere("reduce i32", || parallaxis::reduce(Sum, &up(&xi)).unwrap());
    assert_eq!(got, r::reduce(Sum, &xi));
    same_everywhere("reduce f64", || {
        parallaxis::reduce(Sum, &xf).unwrap().to_bits()
    });
    same_everywhere("reduce f32", || {
        parallaxis::reduce(Sum, &x32).unwrap().to_bits()
    });
    let f = || {
        parallaxis::transform_reduce(Square, Sum, &xf)
            .unwrap()
            .to_bits()
    };
    same_everywhere("transform_reduce f64", f);
}

#[test]
fn scans_are_thread_count_independent() {
    let (xi, xf, x32) = (ints(6), up(&floats(7)), up(&f32s(8)));
    let got = same_everywhere("inclusive i32", || {
        parallaxis::inclusive_scan(Sum, &up(&xi))
            .unwrap()
            .to_vec()
            .unwrap()
    });
    let mut want = xi.clone();
    r::inclusive_scan(Sum, &xi, &mut want);
    assert_eq!(got, want);
    same_everywhere("inclusive f64", || {
        bits64(&parallaxis::inclusive_scan(Sum, &xf).unwrap())
    });
    same_everywhere("exclusive f32", || {
        bits32(&parallaxis::exclusive_scan(Sum, 0.5, &x32).unwrap())
    });
    let f = || bits64(&parallaxis::transform_inclusive_scan(Square, Sum, &xf).unwrap());
    same_everywhere("transform_inclusive_scan f64", f);
}

/// A scan's super-block (the unit of its cache-blocked two passes) grows with the thread
/// count: 1 MiB of output per thread, at least 4 MiB. 300 chunks of f64 are 10 super-blocks
/// in a pool of 2 threads and 3 in a pool of 16, and both give the same bits, plain and
/// segmented (a head every 1000 elements).
#[test]
fn scans_do_not_depend_on_the_super_block_size() {
    let n = 300 * HOST_CHUNK + 77;
    let unit = |v: u64| (v >> 11) as f64 / (1u64 << 53) as f64;
    let xs: Vec<f64> = pseudo_random(n, 11)
        .into_iter()
        .map(|v| unit(v) * 2e3 - 1e3)
        .collect();
    let flags: Vec<bool> = (0..n).map(|i| i % 1000 == 0).collect();
    let (x, fd) = (up(&xs), up(&flags));
    let run = |k: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(k)
            .build()
            .unwrap();
        pool.install(|| {
            (
                bits64(&parallaxis::inclusive_scan(Sum, &x).unwrap()),
                bits64(&parallaxis::exclusive_scan_by_flags(Sum, 2.0, &fd, &x).unwrap()),
            )
        })
    };
    let (two, sixteen) = (run(2), run(16));
    assert!(two.0 == sixteen.0, "inclusive f64: 2 and 16 threads differ");
    assert!(
        two.1 == sixteen.1,
        "exclusive by flags f64: 2 and 16 threads differ"
    );
}

#[test]
fn segmented_scans_are_thread_count_independent() {
    let o = offsets();
    let k = keys_of(&o);
    let mut flags = vec![false; N];
    o.iter().filter(|&&p| p < N).for_each(|&p| flags[p] = true);
    let (od, kd, fd) = (up(&o), up(&k), up(&flags));
    let (xi, xf) = (ints(9), up(&floats(10)));
    let xid = up(&xi);
    for kind in [ScanKind::Inclusive, ScanKind::Exclusive(1)] {
        let got = same_everywhere("by offsets i32", || match kind {
            ScanKind::Inclusive => {
                host(&parallaxis::inclusive_scan_by_offsets(Sum, &od, &xid).unwrap())
            }
            ScanKind::Exclusive(i) => {
                host(&parallaxis::exclusive_scan_by_offsets(Sum, i, &od, &xid).unwrap())
            }
        });
        let mut want = xi.clone();
        r::scan_by_offsets(Sum, &o, &xi, &mut want, kind);
        assert_eq!(got, want, "{kind:?}");
    }
    same_everywhere("by flags f64", || {
        bits64(&parallaxis::inclusive_scan_by_flags(Sum, &fd, &xf).unwrap())
    });
    same_everywhere("by flags excl f64", || {
        bits64(&parallaxis::exclusive_scan_by_flags(Sum, 2.0, &fd, &xf).unwrap())
    });
    same_everywhere("by keys f64", || {
        bits64(&parallaxis::inclusive_scan_by_key(Sum, &kd, &xf).unwrap())
    });
    same_everywhere("by keys excl f64", || {
        bits64(&parallaxis::exclusive_scan_by_key(Sum, 2.0, &kd, &xf).unwrap())
    });
    same_everywhere("by offsets f64", || {
        bits64(&parallaxis::inclusive_scan_by_offsets(Sum, &od, &xf).unwrap())
    });
    same_everywhere("by offsets excl f64", || {
        bits64(&parallaxis::exclusive_scan_by_offsets(Sum, 2.0, &od, &xf).unwrap())
    });
}

#[test]
fn segmented_reductions_are_thread_count_independent() {
    let o = offsets();
    let k = keys_of(&o);
    let (od, kd) = (up(&o), up(&k));
    let xi = ints(11);
    let maps: Vec<_> = xi
        .iter()
        .map(|&v| AffineMap::new(i64::from(v | 1), i64::from(v)))
        .collect();
    let (xid, md, xf) = (up(&xi), up(&maps), up(&floats(12)));
    let got = same_everywhere("segmented_reduce affine", || {
        host(&parallaxis::segmented_reduce(Affine, &od, &md).unwrap())
    });
    let mut want = vec![AffineMap::new(1, 0); o.len() - 1];
    r::segmented_reduce(Affine, &o, &maps, &mut want);
    assert_eq!(got, want);
    let (gk, gv) = same_everywhere("reduce_by_key i32", || {
        let (k, v) = parallaxis::reduce_by_key(Max, &kd, &xid).unwrap();
        (host(&k), host(&v))
    });
    let (mut wk, mut wv) = (k.clone(), xi.clone());
    let runs = r::reduce_by_key(Max, &k, &xi, &mut wk, &mut wv);
    assert_eq!((gk, gv), (wk[..runs].to_vec(), wv[..runs].to_vec()));
    same_everywhere("segmented_reduce f64", || {
        bits64(&parallaxis::segmented_reduce(Sum, &od, &xf).unwrap())
    });
    same_everywhere("reduce_by_key f64", || {
        bits64(&parallaxis::reduce_by_key(Sum, &kd, &xf).unwrap().1)
    });
}
