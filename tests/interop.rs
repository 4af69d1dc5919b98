//! Interop of host vectors with Rust's collections: `collect`, `try_from_iter`,
//! `extend`, `try_extend`, `as_slice` / `as_mut_slice`, on `Sequential` and `Rayon`, each
//! checked against the same operations on a `Vec`.

use parallaxis::{DeviceVector, Sequential};
use proptest::prelude::*;

macro_rules! host_interop {
    ($name:ident, $backend:ty) => {
        mod $name {
            use super::*;
            type B = $backend;

            fn check(a: &[i32], b: &[i32]) {
                // collect / try_from_iter give the iterator's elements, in order.
                let doubled: Vec<i32> = a.iter().map(|x| x.wrapping_mul(2)).collect();
                let v: DeviceVector<i32, B> = a.iter().map(|x| x.wrapping_mul(2)).collect();
                assert_eq!(v.as_slice(), &doubled[..], "collect");
                let t =
                    DeviceVector::<i32, B>::try_from_iter(a.iter().copied().filter(|x| x % 3 == 0))
                        .unwrap();
                let want: Vec<i32> = a.iter().copied().filter(|x| x % 3 == 0).collect();
                assert_eq!(t.to_vec().unwrap(), want, "try_from_iter");

                // extend / try_extend append like Vec::extend.
                let mut want = a.to_vec();
                want.extend(b.iter().copied());
                let mut e = DeviceVector::<i32, B>::from_slice(a).unwrap();
                e.extend(b.iter().copied());
                assert_eq!(e.as_slice(), &want[..], "extend");
                let mut f = DeviceVector::<i32, B>::from_slice(a).unwrap();
                f.try_extend(b.iter().copied()).unwrap();
                assert_eq!(f.as_slice(), &want[..], "try_extend");

                // as_mut_slice writes through to what the algorithms see.
                let mut m = DeviceVector::<i32, B>::from_slice(a).unwrap();
                m.as_mut_slice()
                    .iter_mut()
                    .for_each(|x| *x = x.wrapping_add(1));
                let want: i64 = a.iter().map(|&x| i64::from(x.wrapping_add(1))).sum();
                let widened = parallaxis::transform(|x: i32| i64::from(x), &m).unwrap();
                assert_eq!(
                    parallaxis::reduce(parallaxis::ops::Sum, &widened).unwrap(),
                    want,
                    "as_mut_slice"
                );
            }

            #[test]
            fn empty_and_small() {
                check(&[], &[]);
                check(&[1], &[]);
                check(&[], &[2, 3]);
                check(&[-4, 5, 6], &[7]);
            }

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(32))]
                #[test]
                fn like_vec(a in prop::collection::vec(any::<i32>(), 0..3000),
                            b in prop::collection::vec(any::<i32>(), 0..3000)) {
                    check(&a, &b);
                }
            }
        }
    };
}

host_interop!(sequential, Sequential);
#[cfg(feature = "rayon")]
host_interop!(rayon, parallaxis::Rayon);

/// A size no allocator can give is an error, not an abort: the lower size hint of an
/// iterator of `usize::MAX / 2` elements asks for more bytes than the address space has.
#[test]
fn try_from_iter_reports_out_of_memory() {
    let huge = core::iter::repeat_n(0_u64, usize::MAX / 2);
    match DeviceVector::<u64, Sequential>::try_from_iter(huge) {
        Err(parallaxis::Error::OutOfMemory { bytes }) => {
            assert!(bytes >= usize::MAX / 2, "{bytes}")
        }
        other => panic!("expected OutOfMemory, got {:?}", other.map(|v| v.len())),
    }
}
