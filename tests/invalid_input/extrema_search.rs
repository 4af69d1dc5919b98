// Invalid-input rows of the extrema, init values and searches (included beside
// table.rs, whose helpers `v` and `mismatch` it uses): every `_into` form with an output of
// the wrong length gives `LengthMismatch` and leaves the output untouched.

#[test]
fn extrema_init_search_lengths() {
    require_gpu!();
    use parallaxis::{ops::{Indexed, MinMax}};
    let x = v(&[4_i32, 1, 3]);
    let mut two = v(&[Indexed::new(9_i32, 9); 2]);
    let e = parallaxis::min_element_into(&x, &mut two).unwrap_err();
    assert_eq!(e, mismatch("min_element_into output", 1, 2));
    let e = parallaxis::max_element_into(&x, &mut two).unwrap_err();
    assert_eq!(e, mismatch("max_element_into output", 1, 2));
    assert_eq!(two.to_vec().unwrap(), [Indexed::new(9, 9); 2]);
    let mut none = v::<MinMax<i32>>(&[]);
    let e = parallaxis::minmax_element_into(&x, &mut none).unwrap_err();
    assert_eq!(e, mismatch("minmax_element_into output", 1, 0));

    let mut short = v(&[9_i32, 9]);
    let e = parallaxis::reduce_with_init_into(Sum, 1, &x, &mut short).unwrap_err();
    assert_eq!(e, mismatch("reduce_with_init_into output", 1, 2));
    let e = parallaxis::inclusive_scan_with_init_into(Sum, 1, &x, &mut short).unwrap_err();
    assert_eq!(e, mismatch("inclusive_scan_with_init output", 3, 2));
    assert_eq!(short.to_vec().unwrap(), [9, 9]);

    let sorted = v(&[1_i32, 2, 3, 4]);
    let mut pos = v(&[7_usize, 7]);
    let e = parallaxis::lower_bound_into(&sorted, &x, &mut pos).unwrap_err();
    assert_eq!(e, mismatch("lower_bound output", 3, 2));
    let e = parallaxis::upper_bound_into(&sorted, &x, &mut pos).unwrap_err();
    assert_eq!(e, mismatch("upper_bound output", 3, 2));
    assert_eq!(pos.to_vec().unwrap(), [7, 7]);
    let mut hits = v(&[true; 4]);
    let e = parallaxis::binary_search_into(&sorted, &x, &mut hits).unwrap_err();
    assert_eq!(e, mismatch("binary_search output", 3, 4));
    assert_eq!(hits.to_vec().unwrap(), [true; 4]);
    assert_eq!(x.to_vec().unwrap(), [4, 1, 3]);
}
