// Invalid-input rows of the sorts (included in `table.rs`'s module): mismatched lengths
// give the exact error and leave every output untouched; empty inputs sort to empty outputs.

#[test]
fn sort_lengths() {
    require_gpu!();
    let k = v(&[3_u32, 1, 2]);
    let vals = v(&[1.0_f32, 2.0]);
    let mut short = v(&[9_u32, 9]);
    let mut out_v = v(&[7.0_f32, 7.0, 7.0]);
    let e = parallaxis::sort_into(&k, &mut short, parallaxis::ops::Order::Ascending).unwrap_err();
    assert_eq!(e, mismatch("sort output", 3, 2));
    let e = parallaxis::sort_by_key(&k, &vals).unwrap_err();
    assert_eq!(e, mismatch("sort_by_key values", 3, 2));
    let e = parallaxis::sort_by_key_descending(&k, &vals).unwrap_err();
    assert_eq!(e, mismatch("sort_by_key values", 3, 2));
    let full = v(&[1.0_f32, 2.0, 3.0]);
    let order = parallaxis::ops::Order::Descending;
    let e = parallaxis::sort_by_key_into(&k, &vals, &mut short, &mut out_v, order).unwrap_err();
    assert_eq!(e, mismatch("sort_by_key values", 3, 2));
    let e = parallaxis::sort_by_key_into(&k, &full, &mut short, &mut out_v, order).unwrap_err();
    assert_eq!(e, mismatch("sort_by_key output keys", 3, 2));
    let mut out_k = v(&[5_u32, 5, 5]);
    let mut short_v = v(&[7.0_f32]);
    let e = parallaxis::sort_by_key_into(&k, &full, &mut out_k, &mut short_v, order).unwrap_err();
    assert_eq!(e, mismatch("sort_by_key output values", 3, 1));
    // Nothing the caller passed was touched.
    assert_eq!(short.to_vec().unwrap(), [9, 9]);
    assert_eq!(out_v.to_vec().unwrap(), [7.0, 7.0, 7.0]);
    assert_eq!(out_k.to_vec().unwrap(), [5, 5, 5]);
    assert_eq!(short_v.to_vec().unwrap(), [7.0]);
    assert_eq!(k.to_vec().unwrap(), [3, 1, 2]);
    // Empty inputs: empty outputs.
    let e = v::<f64>(&[]);
    assert!(parallaxis::sort(&e).unwrap().is_empty());
    let (sk, sv) = parallaxis::sort_by_key(&e, &v::<u64>(&[])).unwrap();
    assert!(sk.is_empty() && sv.is_empty());
}

/// Top-k and k-selection: an output longer than the keys, values of another length, a bit
/// range beyond the key, a position past the end; each the exact error, outputs untouched.
#[test]
fn partial_sort_arguments() {
    require_gpu!();
    let order = parallaxis::ops::Order::Descending;
    let k = v(&[3_u32, 1, 2]);
    let vals = v(&[1.0_f32, 2.0]);
    let full = v(&[1.0_f32, 2.0, 3.0]);
    let mut long = v(&[9_u32; 4]);
    let too_long = Error::InvalidArgument { what: "partial sort output", reason: "longer than the keys" };
    let e = parallaxis::partial_sort_into(&k, &mut long, order).unwrap_err();
    assert_eq!(e, too_long);
    let e = parallaxis::top_k_by_key(&k, &vals, 2).unwrap_err();
    assert_eq!(e, mismatch("top_k_by_key values", 3, 2));
    let e = parallaxis::bottom_k_by_key(&k, &vals, 2).unwrap_err();
    assert_eq!(e, mismatch("top_k_by_key values", 3, 2));
    let (mut ok, mut ov) = (v(&[5_u32, 5]), v(&[7.0_f32]));
    let e = parallaxis::partial_sort_by_key_into(&k, &vals, &mut ok, &mut ov, order).unwrap_err();
    assert_eq!(e, mismatch("partial sort values", 3, 2));
    let e = parallaxis::partial_sort_by_key_into(&k, &full, &mut ok, &mut ov, order).unwrap_err();
    assert_eq!(e, mismatch("partial sort output values", 2, 1));
    let mut ov4 = v(&[7.0_f32; 4]);
    let e = parallaxis::partial_sort_by_key_into(&k, &full, &mut long, &mut ov4, order).unwrap_err();
    assert_eq!(e, too_long);
    let mut two = v(&[9_u32, 9]);
    let e = parallaxis::partial_sort_into(&k, &mut two, order.bits(0..33)).unwrap_err();
    assert!(matches!(e, Error::InvalidArgument { what: "sort bit range", .. }), "{e:?}");
    let e = parallaxis::select_nth(&k, 3, order).unwrap_err();
    assert_eq!(e, Error::IndexOutOfRange { what: "select_nth position", at: 0, index: 3, len: 3 });
    assert_eq!(long.to_vec().unwrap(), [9; 4]);
    assert_eq!(two.to_vec().unwrap(), [9, 9]);
    assert_eq!((ok.to_vec().unwrap(), ov.to_vec().unwrap()), (vec![5, 5], vec![7.0]));
    assert_eq!(ov4.to_vec().unwrap(), [7.0; 4]);
    // Empty keys: empty results, and nothing to select.
    let e = v::<f64>(&[]);
    assert!(parallaxis::top_k(&e, 3).unwrap().is_empty());
    let (sk, sv) = parallaxis::bottom_k_by_key(&e, &v::<u64>(&[]), 3).unwrap();
    assert!(sk.is_empty() && sv.is_empty());
    assert!(parallaxis::select_nth(&e, 0, order).is_err());
}
