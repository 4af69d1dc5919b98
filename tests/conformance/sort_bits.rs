// Conformance body for the radix sorts of a bit range (`sort_bits`, `sort_by_key_bits` and
// the `_into` forms with `Order::bits`): against the reference and against an oracle that
// shares no code with it (the standard library's stable sort by the masked order bits), keys
// and pairs (values = input positions, so stability is checked), both orders, ranges inside
// one byte, across bytes, empty and whole; and the typed error of a range beyond the key.

use super::B;
use crate::common::*;
use parallaxis::reference as r;
use parallaxis::{
    backend::{SortByKeyOps, SortOps},
    ops::{Order, RadixBits, SortKey},
    DeviceVector, Error,
};
use proptest::prelude::*;
use std::fmt::Debug;
use std::ops::Range;

/// The keys' bits, so that `-0.0 != 0.0` compares as bits.
fn bits_of<K: SortKey>(k: &[K]) -> Vec<K::Bits> {
    k.iter().map(|&x| x.order_bits()).collect()
}

/// The oracle: a stable sort of the positions by the order bits in `range` (reversed for
/// descending), from the standard library.
fn oracle<K: SortKey>(k: &[K], range: Range<u32>, order: Order) -> Vec<usize> {
    let below = |b: u32| if b >= 64 { u64::MAX } else { (1_u64 << b) - 1 };
    let keep = K::Bits::from_low(below(range.end) & !below(range.start));
    let mut at: Vec<usize> = (0..k.len()).collect();
    at.sort_by(|&a, &b| {
        let c = k[a].order_bits().and(keep).cmp(&k[b].order_bits().and(keep));
        match order {
            Order::Ascending => c,
            Order::Descending => c.reverse(),
        }
    });
    at
}

/// Keys and pairs sorted by `range` in both orders, all four forms, against the reference
/// and the oracle.
fn check<K: SortKey + Debug>(k: &[K], range: Range<u32>, what: &str)
where
    B: SortOps<K> + SortByKeyOps<K, u32>,
    K::Bits: Debug,
{
    let n = k.len();
    let pos: Vec<u32> = (0..n as u32).collect();
    let (kd, vd) = (dv::<K, B>(k), dv::<u32, B>(&pos));
    for order in [Order::Ascending, Order::Descending] {
        let at = oracle(k, range.clone(), order);
        let want_k: Vec<K> = at.iter().map(|&i| k[i]).collect();
        let want_v: Vec<u32> = at.iter().map(|&i| i as u32).collect();
        let mut reference = k.to_vec();
        r::sort(k, &mut reference, order.bits(range.clone())).unwrap();
        let case = format!("{what} bits {range:?} {order:?}, n = {n}");
        assert_eq!(bits_of(&reference), bits_of(&want_k), "reference vs oracle, {case}");

        let got = parallaxis::sort_bits(&kd, range.clone(), order).unwrap();
        assert_eq!(bits_of(&host(&got)), bits_of(&want_k), "sort_bits, {case}");
        let mut into = DeviceVector::<K, B>::from_slice(k).unwrap();
        parallaxis::sort_into(&kd, &mut into, order.bits(range.clone())).unwrap();
        assert_eq!(bits_of(&host(&into)), bits_of(&want_k), "sort_into, {case}");

        let (gk, gv) = parallaxis::sort_by_key_bits(&kd, &vd, range.clone(), order).unwrap();
        assert_eq!(bits_of(&host(&gk)), bits_of(&want_k), "sort_by_key_bits keys, {case}");
        assert_eq!(host(&gv), want_v, "sort_by_key_bits values, {case}");
        let (mut ik, mut iv) = (dv::<K, B>(k), dv::<u32, B>(&pos));
        parallaxis::sort_by_key_into(&kd, &vd, &mut ik, &mut iv, order.bits(range.clone()))
            .unwrap();
        assert_eq!(bits_of(&host(&ik)), bits_of(&want_k), "sort_by_key_into keys, {case}");
        assert_eq!(host(&iv), want_v, "sort_by_key_into values, {case}");
    }
}

/// Ranges of a `bits`-bit key: empty, one bit, inside a byte, on byte edges, across bytes,
/// the top byte and the whole width.
fn ranges(bits: u32) -> Vec<Range<u32>> {
    let mut r = vec![0..0, 5..5, 0..1, 3..7, 0..8, bits - 1..bits, 0..bits, 2..bits];
    if bits >= 16 {
        r.extend([4..12, 8..16, 7..9, bits - 8..bits, 1..bits - 3]);
    }
    if bits >= 32 {
        r.extend([8..24, 12..20, 3..29]);
    }
    if bits == 64 {
        r.extend([20..44, 31..33, 40..64]);
    }
    r
}

/// Sizes: below the host's sequential cut (256), one GPU tile, several tiles with a
/// remainder, and past the host's parallel threshold.
const SIZES: [usize; 5] = [0, 1, 255, 4097, 70_001];

#[test]
fn bit_ranges_match_the_reference_and_the_oracle() {
    require_gpu!();
    for n in SIZES {
        // Few distinct values per byte, so ranges leave long runs of equal keys.
        let x: Vec<u64> = pseudo_random(n, 31 + n as u64)
            .iter()
            .map(|&v| v & 0x0f0f_3f3f_0f0f_3f3f)
            .collect();
        let u32s: Vec<u32> = x.iter().map(|&v| (v ^ (v >> 29)) as u32).collect();
        for b in ranges(32) {
            check(&u32s, b, "u32");
        }
        for b in ranges(64) {
            check(&x, b, "u64");
        }
        let i32s: Vec<i32> = u32s.iter().map(|&v| v as i32).collect();
        for b in [0..32, 24..32, 31..32, 0..16] {
            check(&i32s, b, "i32");
        }
        let f: Vec<f32> = x.iter().map(|&v| (v as i64 >> 40) as f32 * 0.25).collect();
        for b in [0..32, 16..32, 23..31] {
            check(&f, b, "f32");
        }
        let u16s: Vec<u16> = x.iter().map(|&v| v as u16).collect();
        for b in ranges(16) {
            check(&u16s, b, "u16");
        }
        let u8s: Vec<u8> = x.iter().map(|&v| (v >> 8) as u8).collect();
        for b in ranges(8) {
            check(&u8s, b, "u8");
        }
    }
}

#[test]
fn a_bit_range_beyond_the_key_is_a_typed_error() {
    require_gpu!();
    let k = dv::<u32, B>(&[3, 1, 2]);
    let v = dv::<u32, B>(&[0, 1, 2]);
    let bad = |e: Error| matches!(e, Error::InvalidArgument { what: "sort bit range", .. });
    #[allow(clippy::reversed_empty_ranges)]
    for range in [0..33, 9..3, 32..40, 40..40] {
        let e = parallaxis::sort_bits(&k, range.clone(), Order::Ascending).unwrap_err();
        assert!(bad(e), "sort_bits {range:?}");
        let e = parallaxis::sort_by_key_bits(&k, &v, range.clone(), Order::Descending)
            .unwrap_err();
        assert!(bad(e), "sort_by_key_bits {range:?}");
        let mut out = dv::<u32, B>(&[7, 7, 7]);
        let e = parallaxis::sort_into(&k, &mut out, Order::Ascending.bits(range.clone()))
            .unwrap_err();
        assert!(bad(e), "sort_into {range:?}");
        assert_eq!(host(&out), [7, 7, 7], "sort_into output untouched, {range:?}");
        let (mut ok, mut ov) = (dv::<u32, B>(&[7, 7, 7]), dv::<u32, B>(&[8, 8, 8]));
        let e = parallaxis::sort_by_key_into(&k, &v, &mut ok, &mut ov, Order::Ascending.bits(range.clone()))
            .unwrap_err();
        assert!(bad(e), "sort_by_key_into {range:?}");
        assert_eq!((host(&ok), host(&ov)), (vec![7; 3], vec![8; 3]), "untouched, {range:?}");
    }
    // Empty inputs check the range too.
    let empty = dv::<u64, B>(&[]);
    assert!(bad(parallaxis::sort_bits(&empty, 0..65, Order::Ascending).unwrap_err()));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn prop_sort_bits_matches_the_oracle(
        x in prop::collection::vec(any::<u32>(), 0..3000),
        a in 0_u32..=32,
        b in 0_u32..=32,
    ) {
        require_gpu!(proptest);
        check(&x, a.min(b)..a.max(b), "prop u32");
    }
}
