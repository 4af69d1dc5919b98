// Invalid-input rows of the histograms and of gather / scatter / reverse: each bad argument
// gives its exact error, and the output passed in is untouched. (Included beside table.rs,
// whose helpers `v` and `mismatch` it uses.)

fn invalid(what: &'static str, reason: &'static str) -> Error {
    Error::InvalidArgument { what, reason }
}

fn out_of_range(what: &'static str, at: usize, index: usize, len: usize) -> Error {
    Error::IndexOutOfRange { what, at, index, len }
}

#[test]
fn histogram_arguments() {
    require_gpu!();
    let x = v(&[0.5_f32, 1.5]);
    let mut h = v(&[9_u32, 9, 9]);
    let no_bins = invalid("bins", "a histogram needs at least one bin");
    let e = parallaxis::histogram_even::<f32, u32, B>(&x, 0, 0.0, 1.0).unwrap_err();
    assert_eq!(e, no_bins);
    let e = parallaxis::histogram_even_into(&x, 0, 0.0, 1.0, &mut h).unwrap_err();
    assert_eq!(e, no_bins);
    let e = parallaxis::histogram_even_into(&x, 3, 1.0, 1.0, &mut h).unwrap_err();
    assert_eq!(e, invalid("bounds", "lower must be below upper"));
    let e = parallaxis::histogram_even_into(&x, 3, 2.0, 1.0, &mut h).unwrap_err();
    assert_eq!(e, invalid("bounds", "lower must be below upper"));
    let e = parallaxis::histogram_even_into(&x, 3, f32::NAN, 1.0, &mut h).unwrap_err();
    assert_eq!(e, invalid("bounds", "a bound is NaN"));
    let e = parallaxis::histogram_even_into(&x, 3, 0.0, f32::NAN, &mut h).unwrap_err();
    assert_eq!(e, invalid("bounds", "a bound is NaN"));
    let e = parallaxis::histogram_even_into(&x, 3, 0.0, f32::INFINITY, &mut h).unwrap_err();
    assert_eq!(e, invalid("bounds", "a bound is infinite"));
    let e = parallaxis::histogram_even_into(&x, 2, 0.0, 1.0, &mut h).unwrap_err();
    assert_eq!(e, mismatch("histogram counts", 2, 3));
    let bytes = v(&[1_u8, 2]);
    let e = parallaxis::histogram_even_into(&bytes, 3, 0, 1 << 40, &mut h).unwrap_err();
    assert_eq!(e, invalid("bounds", "upper - lower above 2^32 (the bins are computed in 64 bits)"));
    assert_eq!(h.to_vec().unwrap(), [9, 9, 9], "counts untouched");
}

#[test]
fn histogram_edges() {
    require_gpu!();
    let x = v(&[0.5_f64, 1.5]);
    let mut h = v(&[9_u64, 9]);
    let e = parallaxis::histogram_into(&x, &v(&[0.0, 2.0, 1.0]), &mut h).unwrap_err();
    assert_eq!(e, invalid("edges", "edges are not sorted"));
    let e = parallaxis::histogram_into(&x, &v(&[0.0, f64::NAN, 1.0]), &mut h).unwrap_err();
    assert_eq!(e, invalid("edges", "an edge is NaN"));
    let few = invalid("edges", "fewer than two edges: a histogram needs at least one bin");
    let e = parallaxis::histogram_into(&x, &v(&[0.0]), &mut h).unwrap_err();
    assert_eq!(e, few);
    let e = parallaxis::histogram::<f64, u64, B>(&x, &v(&[])).unwrap_err();
    assert_eq!(e, few);
    let e = parallaxis::histogram_into(&x, &v(&[0.0, 1.0, 2.0, 3.0]), &mut h).unwrap_err();
    assert_eq!(e, mismatch("histogram counts", 3, 2));
    let ints = v(&[3_i32]);
    let e = parallaxis::histogram::<i32, u32, B>(&ints, &v(&[5_i64, 4])).unwrap_err();
    assert_eq!(e, invalid("edges", "edges are not sorted"));
    assert_eq!(h.to_vec().unwrap(), [9, 9], "counts untouched");
}

#[test]
fn gather_scatter_maps_out_of_range() {
    require_gpu!();
    let src = v(&[10_i32, 20, 30]);
    let mut y = v(&[7_i32; 4]);
    // The first offending position is reported, even with a later one out of range too.
    let map = v(&[0_u32, 3, 1, 9]);
    let e = parallaxis::gather(&map, &src).unwrap_err();
    assert_eq!(e, out_of_range("gather map", 1, 3, 3));
    let e = parallaxis::gather_into(&map, &src, &mut y).unwrap_err();
    assert_eq!(e, out_of_range("gather map", 1, 3, 3));
    let wide = v(&[2_u64, 0, u64::MAX, 1]);
    let e = parallaxis::gather_into(&wide, &src, &mut y).unwrap_err();
    assert_eq!(e, out_of_range("gather map", 2, u64::MAX as usize, 3));
    // gather_if checks the selected positions only.
    let on = v(&[true, false, false, true]);
    let e = parallaxis::gather_if(&map, &on, &src, &mut y).unwrap_err();
    assert_eq!(e, out_of_range("gather_if map", 3, 9, 3));
    assert_eq!(y.to_vec().unwrap(), [7; 4], "gather output untouched");

    let mut dst = v(&[5_i32; 3]);
    let vals = v(&[1_i32, 2, 3, 4]);
    let e = parallaxis::scatter(&vals, &map, &mut dst).unwrap_err();
    assert_eq!(e, out_of_range("scatter map", 1, 3, 3));
    let sized = v(&[0_usize, 1, 2, 3]);
    let e = parallaxis::scatter(&vals, &sized, &mut dst).unwrap_err();
    assert_eq!(e, out_of_range("scatter map", 3, 3, 3));
    let e = parallaxis::scatter_if(&vals, &map, &on, &mut dst).unwrap_err();
    assert_eq!(e, out_of_range("scatter_if map", 3, 9, 3));
    assert_eq!(dst.to_vec().unwrap(), [5; 3], "scatter destination untouched");
    assert_eq!(map.to_vec().unwrap(), [0, 3, 1, 9]);
}

#[test]
fn gather_scatter_lengths() {
    require_gpu!();
    let src = v(&[10_i32, 20, 30]);
    let map = v(&[0_u32, 1]);
    let mut y = v(&[7_i32; 3]);
    let e = parallaxis::gather_into(&map, &src, &mut y).unwrap_err();
    assert_eq!(e, mismatch("gather output", 2, 3));
    let e = parallaxis::gather_if(&map, &v(&[true]), &src, &mut y).unwrap_err();
    assert_eq!(e, mismatch("gather_if stencil", 2, 1));
    let e = parallaxis::scatter(&src, &map, &mut y).unwrap_err();
    assert_eq!(e, mismatch("scatter map", 3, 2));
    let e = parallaxis::scatter_if(&src, &v(&[0_u32, 1, 2]), &v(&[true]), &mut y).unwrap_err();
    assert_eq!(e, mismatch("scatter_if stencil", 3, 1));
    let e = parallaxis::reverse_into(&src, &mut v(&[0_i32; 2])).unwrap_err();
    assert_eq!(e, mismatch("reverse output", 3, 2));
    assert_eq!(y.to_vec().unwrap(), [7; 3], "output untouched");
    // Empty inputs are defined: nothing to move.
    let none = parallaxis::gather(&v::<u32>(&[]), &v::<i32>(&[])).unwrap();
    assert!(none.is_empty());
    assert!(parallaxis::reverse(&v::<u8>(&[])).unwrap().is_empty());
}
