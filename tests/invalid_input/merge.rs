// Invalid-input rows of the comparator sorts and the merges (included beside table.rs,
// whose helpers `v` and `mismatch` it uses): every length mismatch gives the exact error and
// leaves every output untouched; empty inputs give empty outputs.

#[test]
fn merge_sort_and_merge_lengths() {
    require_gpu!();
    use parallaxis::{ops::{Greater, Less}};
    let k = v(&[3_u32, 1, 2]);
    let two_f = v(&[1.0_f32, 2.0]);
    let three_f = v(&[1.0_f32, 2.0, 3.0]);
    let mut short = v(&[9_u32, 9]);
    let mut out_f = v(&[7.0_f32; 3]);
    let e = parallaxis::sort_by_into(Less, &k, &mut short).unwrap_err();
    assert_eq!(e, mismatch("sort_by output", 3, 2));
    let e = parallaxis::sort_by_key_with(Greater, &k, &two_f).unwrap_err();
    assert_eq!(e, mismatch("sort_by_key_with values", 3, 2));
    let e =
        parallaxis::sort_by_key_with_into(Less, &k, &three_f, &mut short, &mut out_f).unwrap_err();
    assert_eq!(e, mismatch("sort_by_key_with output keys", 3, 2));
    let mut out_k = v(&[5_u32; 3]);
    let mut short_f = v(&[7.0_f32]);
    let e =
        parallaxis::sort_by_key_with_into(Less, &k, &three_f, &mut out_k, &mut short_f).unwrap_err();
    assert_eq!(e, mismatch("sort_by_key_with output values", 3, 1));

    // Merges: the output must hold a.len() + b.len(); each list's values match its keys.
    let b = v(&[4_u32, 5]);
    let mut four = v(&[8_u32; 4]);
    let e = parallaxis::merge_into(&k, &b, &mut four).unwrap_err();
    assert_eq!(e, mismatch("merge output", 5, 4));
    let e = parallaxis::merge_by_into(Greater, &k, &b, &mut four).unwrap_err();
    assert_eq!(e, mismatch("merge output", 5, 4));
    let e = parallaxis::merge_by_key(&k, &two_f, &b, &two_f).unwrap_err();
    assert_eq!(e, mismatch("merge_by_key a values", 3, 2));
    let e = parallaxis::merge_by_key_with(Less, &k, &three_f, &b, &three_f).unwrap_err();
    assert_eq!(e, mismatch("merge_by_key b values", 2, 3));
    let mut five_f = v(&[6.0_f32; 5]);
    let e =
        parallaxis::merge_by_key_into(&k, &three_f, &b, &two_f, &mut four, &mut five_f).unwrap_err();
    assert_eq!(e, mismatch("merge_by_key output keys", 5, 4));
    let mut five = v(&[8_u32; 5]);
    let e = parallaxis::merge_by_key_with_into(Less, &k, &three_f, &b, &two_f, &mut five, &mut out_f)
        .unwrap_err();
    assert_eq!(e, mismatch("merge_by_key output values", 5, 3));

    // Nothing the caller passed was touched.
    assert_eq!(short.to_vec().unwrap(), [9, 9]);
    assert_eq!(out_f.to_vec().unwrap(), [7.0; 3]);
    assert_eq!(out_k.to_vec().unwrap(), [5; 3]);
    assert_eq!(short_f.to_vec().unwrap(), [7.0]);
    assert_eq!(four.to_vec().unwrap(), [8; 4]);
    assert_eq!(five.to_vec().unwrap(), [8; 5]);
    assert_eq!(five_f.to_vec().unwrap(), [6.0; 5]);
    assert_eq!(k.to_vec().unwrap(), [3, 1, 2]);

    // Empty inputs: empty outputs.
    let e = v::<f64>(&[]);
    assert!(parallaxis::sort_by(Less, &e).unwrap().is_empty());
    assert!(parallaxis::merge(&e, &e).unwrap().is_empty());
    let (sk, sv) = parallaxis::sort_by_key_with(Greater, &e, &v::<u64>(&[])).unwrap();
    assert!(sk.is_empty() && sv.is_empty());
    let one = v(&[2.5_f64]);
    assert_eq!(parallaxis::merge(&e, &one).unwrap().to_vec().unwrap(), [2.5]);
}
