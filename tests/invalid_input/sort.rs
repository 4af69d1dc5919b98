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
