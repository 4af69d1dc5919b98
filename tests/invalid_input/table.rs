use parallaxis::{DeviceVector, Error, SparseProblem, ops::{Boundary, Max, PlusTimes, Square, Stencil, Sum}, sparse::{CooMatrix, CsrMatrix, EllMatrix, HybMatrix}};

fn v<T: parallaxis::DeviceCopy>(data: &[T]) -> DeviceVector<T, B> {
    DeviceVector::from_slice(data).unwrap()
}

fn mismatch(what: &'static str, expected: usize, actual: usize) -> Error {
    Error::LengthMismatch { what, expected, actual }
}

fn bad_offsets(problem: SparseProblem) -> Error {
    Error::InvalidOffsets { problem }
}

fn bad_sparse(format: &'static str, problem: SparseProblem) -> Error {
    Error::InvalidSparse { format, problem }
}

#[test]
fn elementwise_and_scan_lengths() {
    require_gpu!();
    let x = v(&[1_i32, 2, 3]);
    let mut short = v(&[9_i32, 9]);
    let e = parallaxis::transform_into(Square, &x, &mut short).unwrap_err();
    assert_eq!(e, mismatch("transform output", 3, 2));
    let e = parallaxis::transform2(parallaxis::ops::Plus, &x, &short).unwrap_err();
    assert_eq!(e, mismatch("transform2 second input", 3, 2));
    let e = parallaxis::transform2_into(parallaxis::ops::Plus, &x, &x, &mut short).unwrap_err();
    assert_eq!(e, mismatch("transform2 output", 3, 2));
    let e = parallaxis::transform2_reduce(parallaxis::ops::Times, Sum, &x, &short).unwrap_err();
    assert_eq!(e, mismatch("transform2_reduce second input", 3, 2));
    let e = parallaxis::inclusive_scan_into(Sum, &x, &mut short).unwrap_err();
    assert_eq!(e, mismatch("inclusive_scan output", 3, 2));
    let e = parallaxis::exclusive_scan_into(Sum, 0, &x, &mut short).unwrap_err();
    assert_eq!(e, mismatch("exclusive_scan output", 3, 2));
    // reduce_into wants exactly one output slot.
    let e = parallaxis::reduce_into(Sum, &x, &mut short).unwrap_err();
    assert_eq!(e, mismatch("reduce_into output", 1, 2));
    let e = parallaxis::reduce_into(Sum, &x, &mut v::<i32>(&[])).unwrap_err();
    assert_eq!(e, mismatch("reduce_into output", 1, 0));
    // Nothing the caller passed was touched.
    assert_eq!(short.to_vec().unwrap(), [9, 9]);
    assert_eq!(x.to_vec().unwrap(), [1, 2, 3]);
}

#[test]
fn segmented_lengths() {
    require_gpu!();
    let x = v(&[1_i32, 2, 3]);
    let flags = v(&[true, false]);
    let keys = v(&[1_u8, 1, 2, 2]);
    let e = parallaxis::inclusive_scan_by_flags(Sum, &flags, &x).unwrap_err();
    assert_eq!(e, mismatch("segment flags", 3, 2));
    let e = parallaxis::exclusive_scan_by_flags(Sum, 0, &flags, &x).unwrap_err();
    assert_eq!(e, mismatch("segment flags", 3, 2));
    let e = parallaxis::inclusive_scan_by_key(Sum, &keys, &x).unwrap_err();
    assert_eq!(e, mismatch("segment keys", 3, 4));
    let e = parallaxis::exclusive_scan_by_key(Sum, 0, &keys, &x).unwrap_err();
    assert_eq!(e, mismatch("segment keys", 3, 4));
    let e = parallaxis::reduce_by_key(Sum, &keys, &x).unwrap_err();
    assert_eq!(e, mismatch("reduce_by_key keys", 3, 4));
    let (mut ok_keys, mut ok_values, mut runs) = (v(&[7_u8; 4]), v(&[7_i32; 4]), v(&[5_usize]));
    let e = parallaxis::reduce_by_key_into(Sum, &keys, &x, &mut ok_keys, &mut ok_values, &mut runs);
    assert_eq!(e.unwrap_err(), mismatch("reduce_by_key_into keys", 3, 4));
    let good = v(&[1_u8, 1, 2]);
    let e = parallaxis::reduce_by_key_into(Sum, &good, &x, &mut ok_keys, &mut ok_values, &mut runs);
    assert_eq!(e.unwrap_err(), mismatch("reduce_by_key_into output keys", 3, 4));
    let mut keys3 = v(&[7_u8; 3]);
    let e = parallaxis::reduce_by_key_into(Sum, &good, &x, &mut keys3, &mut ok_values, &mut runs);
    assert_eq!(e.unwrap_err(), mismatch("reduce_by_key_into output values", 3, 4));
    let (mut values3, mut runs2) = (v(&[7_i32; 3]), v(&[5_usize; 2]));
    let e = parallaxis::reduce_by_key_into(Sum, &good, &x, &mut keys3, &mut values3, &mut runs2);
    assert_eq!(e.unwrap_err(), mismatch("reduce_by_key_into run count", 1, 2));
    assert_eq!(ok_keys.to_vec().unwrap(), [7; 4]);
    assert_eq!(ok_values.to_vec().unwrap(), [7; 4]);
    assert_eq!(keys3.to_vec().unwrap(), [7; 3]);
    assert_eq!(values3.to_vec().unwrap(), [7; 3]);
    assert_eq!(runs.to_vec().unwrap(), [5]);
    assert_eq!(runs2.to_vec().unwrap(), [5; 2]);
    // The `_into` forms check the heads first, then the output, and touch nothing on error.
    let (good_flags, good_keys) = (v(&[true, false, true]), v(&[1_u8, 1, 2]));
    let mut short = v(&[9_i32, 9]);
    let e = parallaxis::inclusive_scan_by_flags_into(Sum, &flags, &x, &mut short).unwrap_err();
    assert_eq!(e, mismatch("segment flags", 3, 2));
    let e = parallaxis::exclusive_scan_by_flags_into(Sum, 0, &good_flags, &x, &mut short);
    assert_eq!(e.unwrap_err(), mismatch("scan_by_flags output", 3, 2));
    let e = parallaxis::inclusive_scan_by_key_into(Sum, &keys, &x, &mut short).unwrap_err();
    assert_eq!(e, mismatch("segment keys", 3, 4));
    let e = parallaxis::exclusive_scan_by_key_into(Sum, 0, &good_keys, &x, &mut short);
    assert_eq!(e.unwrap_err(), mismatch("scan_by_key output", 3, 2));
    let offsets = v(&[0_usize, 3]);
    let e = parallaxis::inclusive_scan_by_offsets_into(Sum, &offsets, &x, &mut short);
    assert_eq!(e.unwrap_err(), mismatch("scan_by_offsets output", 3, 2));
    assert_eq!(short.to_vec().unwrap(), [9, 9]);
}

#[test]
fn segment_offsets() {
    require_gpu!();
    let x = v(&[1_i32, 2, 3]);
    let rows: [(&[usize], SparseProblem); 4] = [
        (&[], SparseProblem::EmptyOffsets { len: 3 }),
        (&[1, 3], SparseProblem::FirstNotZero { found: 1 }),
        (&[0, 2, 1, 3], SparseProblem::NotMonotone { at: 1 }),
        (&[0, 2], SparseProblem::LastNotLength { found: 2, expected: 3 }),
    ];
    let mut y = v(&[9_i32, 9, 9]);
    for (offsets, problem) in rows {
        let o = v(offsets);
        let want = bad_offsets(problem);
        assert_eq!(parallaxis::inclusive_scan_by_offsets(Sum, &o, &x).unwrap_err(), want);
        assert_eq!(parallaxis::exclusive_scan_by_offsets(Sum, 0, &o, &x).unwrap_err(), want);
        assert_eq!(parallaxis::segmented_reduce(Max, &o, &x).unwrap_err(), want);
        let e = parallaxis::inclusive_scan_by_offsets_into(Sum, &o, &x, &mut y).unwrap_err();
        assert_eq!(e, want);
        let e = parallaxis::exclusive_scan_by_offsets_into(Sum, 0, &o, &x, &mut y).unwrap_err();
        assert_eq!(e, want);
    }
    assert_eq!(y.to_vec().unwrap(), [9, 9, 9]);
}

#[test]
fn csr_structure() {
    require_gpu!();
    type Csr = CsrMatrix<f32, u32, B>;
    let vals = || vec![1.0_f32, 2.0];
    let e = Csr::try_new(2, 2, vec![0, 2], vec![0, 1], vals()).err().unwrap();
    assert_eq!(e, mismatch("CSR row_ptr (nrows + 1)", 3, 2));
    let e = Csr::try_new(2, 2, vec![0, 1, 2], vec![0, 1], vec![1.0]).err().unwrap();
    assert_eq!(e, mismatch("CSR values (nnz = col_idx.len())", 2, 1));
    let e = Csr::try_new(2, 2, vec![1, 1, 2], vec![0, 1], vals()).err().unwrap();
    assert_eq!(e, bad_sparse("CSR", SparseProblem::FirstNotZero { found: 1 }));
    let e = Csr::try_new(2, 2, vec![0, 2, 1], vec![0, 1], vals()).err().unwrap();
    assert_eq!(e, bad_sparse("CSR", SparseProblem::NotMonotone { at: 1 }));
    let e = Csr::try_new(2, 2, vec![0, 1, 1], vec![0, 1], vals()).err().unwrap();
    assert_eq!(e, bad_sparse("CSR", SparseProblem::LastNotLength { found: 1, expected: 2 }));
    let e = Csr::try_new(2, 2, vec![0, 1, 2], vec![0, 2], vals()).err().unwrap();
    let problem = SparseProblem::ColumnOutOfRange { at: 1, col: 2, ncols: 2 };
    assert_eq!(e, bad_sparse("CSR", problem));
    // u32::MAX is the padding marker, so it is not a usable dimension for u32 indices.
    let e = Csr::try_new(1, u32::MAX as usize, vec![0, 0], vec![], vec![]).err().unwrap();
    let problem = SparseProblem::IndexOverflow { what: "ncols", value: u32::MAX as usize };
    assert_eq!(e, bad_sparse("CSR", problem));
}

#[test]
fn ell_coo_hyb_structure() {
    require_gpu!();
    const P: u32 = u32::MAX;
    type Ell = EllMatrix<f32, u32, B>;
    type Coo = CooMatrix<f32, u32, B>;
    let e = Ell::try_new(2, 2, 2, vec![0, 1, 1], vec![0.0; 4]).err().unwrap();
    assert_eq!(e, mismatch("ELL col_idx (nrows * width)", 4, 3));
    let e = Ell::try_new(2, 2, 2, vec![0, 1, 5, P], vec![0.0; 4]).err().unwrap();
    let problem = SparseProblem::ColumnOutOfRange { at: 2, col: 5, ncols: 2 };
    assert_eq!(e, bad_sparse("ELL", problem));
    let e = Ell::try_new(2, 2, 2, vec![P, 1, 1, P], vec![0.0; 4]).err().unwrap();
    let problem = SparseProblem::PaddingNotTrailing { row: 0, slot: 1 };
    assert_eq!(e, bad_sparse("ELL", problem));
    let e = Coo::try_new(2, 2, vec![0, 1], vec![0], vec![1.0, 2.0]).err().unwrap();
    assert_eq!(e, mismatch("COO col_idx", 2, 1));
    let e = Coo::try_new(2, 2, vec![0, 2], vec![0, 0], vec![1.0, 2.0]).err().unwrap();
    let problem = SparseProblem::RowOutOfRange { at: 1, row: 2, nrows: 2 };
    assert_eq!(e, bad_sparse("COO", problem));
    let e = Coo::try_new(2, 2, vec![0, 1], vec![0, 7], vec![1.0, 2.0]).err().unwrap();
    let problem = SparseProblem::ColumnOutOfRange { at: 1, col: 7, ncols: 2 };
    assert_eq!(e, bad_sparse("COO", problem));
    let e = Coo::try_new(2, 2, vec![1, 0], vec![0, 0], vec![1.0, 2.0]).err().unwrap();
    assert_eq!(e, bad_sparse("COO", SparseProblem::RowsNotSorted { at: 1 }));
    let ell = Ell::try_new(2, 2, 1, vec![0, 1], vec![1.0, 1.0]).unwrap();
    let coo = Coo::try_new(3, 2, vec![], vec![], vec![]).unwrap();
    let e = HybMatrix::try_new(ell, coo).err().unwrap();
    assert_eq!(e, mismatch("HYB nrows", 2, 3));
}

#[test]
fn spmv_lengths_leave_y_untouched() {
    require_gpu!();
    let a = CsrMatrix::<i32, u32, B>::try_new(2, 3, vec![0, 1, 2], vec![0, 2], vec![1, 1]).unwrap();
    let e = parallaxis::spmv(PlusTimes, &a, &v(&[1, 2])).unwrap_err();
    assert_eq!(e, mismatch("spmv x (ncols)", 3, 2));
    let mut y = v(&[7, 7, 7]);
    let e = parallaxis::spmv_into(PlusTimes, &a, &v(&[1, 2, 3]), &mut y, true).unwrap_err();
    assert_eq!(e, mismatch("spmv y (nrows)", 2, 3));
    assert_eq!(y.to_vec().unwrap(), [7, 7, 7]);
}

/// A 0-dimensional stencil (shape `[]`) has no point to apply it at; every front
/// door refuses it instead of returning a zero nothing computed (uninitialised on CUDA), and
/// leaves the output alone.
#[test]
fn zero_dimensional_stencil_is_invalid() {
    require_gpu!();
    let st: Stencil<f64, 0, 2> = Stencil::new([[], []], [1.0, 2.0]);
    let x = v(&[3.0_f64]);
    let e = parallaxis::stencil_map(PlusTimes, &st, Boundary::Zero, [], &x).unwrap_err();
    assert!(matches!(e, Error::InvalidStencil { reason } if reason.contains("D = 0")), "{e:?}");
    let mut y = v(&[7.0_f64]);
    let e = parallaxis::stencil_map_into(PlusTimes, &st, Boundary::Wrap, [], &x, &mut y);
    assert!(matches!(e, Err(Error::InvalidStencil { .. })), "{e:?}");
    assert_eq!(y.to_vec().unwrap(), [7.0]);
}

/// Shapes whose point count overflows `usize` are a typed error at the front door,
/// and the reference (which has no error type) writes nothing instead of panicking.
#[test]
fn overflowing_stencil_shapes_never_panic() {
    require_gpu!();
    let st = Stencil::new([[0, 1, -1]], [2_i64]);
    let x = v(&[1_i64; 8]);
    for shape in [[usize::MAX, 2, 1], [1 << 32, 1 << 32, 2], [2, usize::MAX, usize::MAX]] {
        for b in [Boundary::Zero, Boundary::Clamp, Boundary::Wrap] {
            let e = parallaxis::stencil_map(PlusTimes, &st, b, shape, &x).unwrap_err();
            assert_eq!(e, Error::InvalidStencil { reason: "grid size overflows usize" });
            let mut y = [5_i64; 8];
            parallaxis::reference::stencil(PlusTimes, &st, b, shape, &[1; 8], &mut y);
            assert_eq!(y, [5; 8], "{shape:?} {b:?}");
        }
    }
    // A side past i64::MAX with a fitting product: no panic in the boundary arithmetic.
    let mut y = [5_i64; 2];
    for b in [Boundary::Zero, Boundary::Clamp, Boundary::Wrap] {
        let st1 = Stencil::new([[-1], [1]], [1_i64, 1]);
        parallaxis::reference::stencil(PlusTimes, &st1, b, [usize::MAX], &[1; 2], &mut y);
    }
}

#[test]
fn stencil_arguments() {
    require_gpu!();
    let x = v(&[1.0_f32; 6]);
    let st = Stencil::new([[0, 0]], [1.0_f32]);
    let e = parallaxis::stencil_map(PlusTimes, &st, Boundary::Zero, [2, 2], &x).unwrap_err();
    assert_eq!(e, mismatch("stencil input (shape product)", 4, 6));
    let e = parallaxis::stencil_map(PlusTimes, &st, Boundary::Zero, [usize::MAX, 3], &x);
    assert_eq!(e.unwrap_err(), Error::InvalidStencil { reason: "grid size overflows usize" });
    let mut y = v(&[5.0_f32; 4]);
    let e = parallaxis::stencil_map_into(PlusTimes, &st, Boundary::Zero, [2, 3], &x, &mut y);
    assert_eq!(e.unwrap_err(), mismatch("stencil output", 6, 4));
    assert_eq!(y.to_vec().unwrap(), [5.0; 4]);
    assert!(matches!(parallaxis::mask_1d([1.0_f32; 4]), Err(Error::InvalidStencil { .. })));
    assert!(matches!(parallaxis::mask_2d([1.0_f32; 6], [2, 3]), Err(Error::InvalidStencil { .. })));
    assert!(parallaxis::mask_2d([1.0_f32; 9], [1, 9]).is_ok());
    assert!(matches!(parallaxis::mask_2d([1.0_f32; 9], [3, 5]), Err(Error::InvalidStencil { .. })));
    assert!(matches!(parallaxis::mask_3d([1.0_f32; 12], [2, 3, 2]), Err(Error::InvalidStencil { .. })));
    assert!(matches!(parallaxis::mask_3d([1.0_f32; 27], [3, 3, 5]), Err(Error::InvalidStencil { .. })));
    assert!(parallaxis::mask_3d([1.0_f32; 27], [1, 27, 1]).is_ok());
    let e = parallaxis::convolve_1d([1.0_f32, 1.0], Boundary::Zero, &x).unwrap_err();
    assert!(matches!(e, Error::InvalidStencil { .. }));
}

#[test]
fn empty_inputs_have_defined_results() {
    require_gpu!();
    let empty = v::<i32>(&[]);
    assert_eq!(parallaxis::reduce(Sum, &empty).unwrap(), 0);
    assert_eq!(parallaxis::reduce(Max, &empty).unwrap(), i32::MIN);
    let mut slot = v(&[7_i32]);
    parallaxis::reduce_into(Max, &empty, &mut slot).unwrap();
    assert_eq!(slot.to_vec().unwrap(), [i32::MIN]);
    assert_eq!(parallaxis::transform_reduce(Square, Sum, &empty).unwrap(), 0);
    assert!(parallaxis::transform_exclusive_scan(Square, Sum, 4, &empty).unwrap().is_empty());
    let dot = parallaxis::transform2_reduce(parallaxis::ops::Times, Sum, &empty, &empty).unwrap();
    assert_eq!(dot, 0);
    assert!(parallaxis::inclusive_scan(Sum, &empty).unwrap().is_empty());
    assert!(parallaxis::exclusive_scan(Sum, 5, &empty).unwrap().is_empty());
    assert!(parallaxis::inclusive_scan_by_flags(Sum, &v(&[]), &empty).unwrap().is_empty());
    assert!(parallaxis::inclusive_scan_by_key(Sum, &v::<u32>(&[]), &empty).unwrap().is_empty());
    let o = v(&[0_usize]);
    assert!(parallaxis::inclusive_scan_by_offsets(Sum, &o, &empty).unwrap().is_empty());
    assert!(parallaxis::segmented_reduce(Sum, &o, &empty).unwrap().is_empty());
    // Offsets with only empty segments: one identity per segment.
    let o = v(&[0_usize, 0, 0]);
    assert_eq!(parallaxis::segmented_reduce(Sum, &o, &empty).unwrap().to_vec().unwrap(), [0, 0]);
    let (k, r) = parallaxis::reduce_by_key(Sum, &v::<u32>(&[]), &empty).unwrap();
    assert!(k.is_empty() && r.is_empty());
    let a = CsrMatrix::<i32, u32, B>::try_new(0, 0, vec![0], vec![], vec![]).unwrap();
    assert!(parallaxis::spmv(PlusTimes, &a, &empty).unwrap().is_empty());
    let st = Stencil::new([[0, 1, 0]], [1_i32]);
    let y = parallaxis::stencil_map(PlusTimes, &st, Boundary::Wrap, [0, 4, 4], &empty).unwrap();
    assert!(y.is_empty());
}

#[test]
fn select_lengths_leave_outputs_untouched() {
    require_gpu!();
    use parallaxis::ops::LessThan;
    let x = v(&[1_i32, 5, 2]);
    let p = LessThan { bound: 3 };
    let (mut short, mut count, mut counts2) = (v(&[9_i32, 9]), v(&[7_usize]), v(&[7_usize; 2]));
    let e = parallaxis::copy_if_into(p, &x, &mut short, &mut count).unwrap_err();
    assert_eq!(e, mismatch("copy_if_into output", 3, 2));
    let e = parallaxis::remove_if_into(p, &x, &mut short, &mut count).unwrap_err();
    assert_eq!(e, mismatch("remove_if_into output", 3, 2));
    let e = parallaxis::unique_into(&x, &mut short, &mut count).unwrap_err();
    assert_eq!(e, mismatch("unique_into output", 3, 2));
    let mut ok = v(&[9_i32; 4]);
    let e = parallaxis::copy_if_into(p, &x, &mut ok, &mut counts2).unwrap_err();
    assert_eq!(e, mismatch("copy_if_into count", 1, 2));
    // A partition's output is exactly the input's length.
    let e = parallaxis::partition_into(p, &x, &mut ok, &mut count).unwrap_err();
    assert_eq!(e, mismatch("partition_into output", 3, 4));
    let e = parallaxis::partition_unstable_into(p, &x, &mut ok, &mut count).unwrap_err();
    assert_eq!(e, mismatch("partition_unstable_into output", 3, 4));
    let e = parallaxis::partition_unstable_into(p, &x, &mut short, &mut count).unwrap_err();
    assert_eq!(e, mismatch("partition_unstable_into output", 3, 2));
    // The stencil must match the input.
    let flags = v(&[true, false]);
    let e = parallaxis::copy_if_stencil(&flags, &x).unwrap_err();
    assert_eq!(e, mismatch("copy_if_stencil stencil", 3, 2));
    let e = parallaxis::copy_if_stencil_into(&flags, &x, &mut ok, &mut count).unwrap_err();
    assert_eq!(e, mismatch("copy_if_stencil_into stencil", 3, 2));
    let good_flags = v(&[true, false, true]);
    let e = parallaxis::copy_if_stencil_into(&good_flags, &x, &mut short, &mut count).unwrap_err();
    assert_eq!(e, mismatch("copy_if_stencil_into output", 3, 2));
    // unique_by_key: keys and values agree, both outputs have room.
    let keys = v(&[1_u32, 1]);
    let e = parallaxis::unique_by_key(&keys, &x).unwrap_err();
    assert_eq!(e, mismatch("unique_by_key values", 2, 3));
    let keys3 = v(&[1_u32, 1, 2]);
    let mut short_keys = v(&[9_u32; 2]);
    let e = parallaxis::unique_by_key_into(&keys3, &x, &mut short_keys, &mut ok, &mut count);
    assert_eq!(e.unwrap_err(), mismatch("unique_by_key_into output keys", 3, 2));
    assert_eq!(short.to_vec().unwrap(), [9, 9]);
    assert_eq!(ok.to_vec().unwrap(), [9; 4]);
    assert_eq!(short_keys.to_vec().unwrap(), [9; 2]);
    assert_eq!(count.to_vec().unwrap(), [7]);
    assert_eq!(counts2.to_vec().unwrap(), [7; 2]);
    // Empty inputs: empty selections, counts of 0.
    let empty = v::<i32>(&[]);
    assert!(parallaxis::copy_if(p, &empty).unwrap().is_empty());
    assert_eq!(parallaxis::partition(p, &empty).unwrap().1, 0);
    assert_eq!(parallaxis::partition_unstable(p, &empty).unwrap().1, 0);
    assert_eq!(parallaxis::count_if(p, &empty).unwrap(), 0);
    parallaxis::unique_into(&empty, &mut ok, &mut count).unwrap();
    assert_eq!(count.to_vec().unwrap(), [0]);
}
