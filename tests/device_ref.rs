//! Functors that read device data on the host backends: a functor holding
//! a `DeviceRef` of another vector gives what a plain loop over the slices gives, `get` reads
//! nothing past the end, and a view of CUDA memory reads nothing on the host (the GPU side is
//! checked by `examples/nearest_neighbour`).

use parallaxis::{
    backend::{Transform2Ops, TransformOps},
    ops::{BinaryFunction, DeviceRef, MemorySpace, SplitMix64, UnaryFunction},
    Backend, DeviceVector,
};

/// `i -> table[i]`, or `MISSING` when `table` has no element `i` readable here.
#[derive(Clone, Copy, Debug)]
struct Lookup<'a> {
    table: DeviceRef<'a, i64>,
}

const MISSING: i64 = i64::MIN;

impl UnaryFunction<u32> for Lookup<'_> {
    type Output = i64;
    fn apply(&self, i: u32) -> i64 {
        self.table.get(i as usize).unwrap_or(MISSING)
    }
}

/// `(i, j) -> table[i] - table[j]` (wrapping), `MISSING` when either is missing.
#[derive(Clone, Copy, Debug)]
struct Difference<'a> {
    table: DeviceRef<'a, i64>,
}

impl BinaryFunction<u32, u32> for Difference<'_> {
    type Output = i64;
    fn apply(&self, i: u32, j: u32) -> i64 {
        match (self.table.get(i as usize), self.table.get(j as usize)) {
            (Some(a), Some(b)) => a.wrapping_sub(b),
            _ => MISSING,
        }
    }
}

/// A table of `n` values and `m` indices into it, a quarter of them past its end.
fn inputs(n: usize, m: usize, seed: u64) -> (Vec<i64>, Vec<u32>) {
    let mut rng = SplitMix64::new(seed);
    let table = (0..n).map(|_| rng.next_u64() as i64).collect();
    let past_end = (n + n / 3 + 1) as u64;
    let indices = (0..m).map(|_| (rng.next_u64() % past_end) as u32).collect();
    (table, indices)
}

fn lookup_matches_reference<B>()
where
    B: Backend
        + for<'a> TransformOps<u32, Lookup<'a>>
        + for<'a> Transform2Ops<u32, u32, Difference<'a>>,
{
    for (n, m) in [(0, 5), (1, 1), (257, 1000), (10_000, 100_003)] {
        let (table, indices) = inputs(n, m, n as u64);
        let at = |i: u32| table.get(i as usize).copied();
        let want: Vec<i64> = indices.iter().map(|&i| at(i).unwrap_or(MISSING)).collect();
        let reversed: Vec<u32> = indices.iter().rev().copied().collect();
        let want2: Vec<i64> = indices
            .iter()
            .zip(&reversed)
            .map(|(&i, &j)| match (at(i), at(j)) {
                (Some(a), Some(b)) => a.wrapping_sub(b),
                _ => MISSING,
            })
            .collect();

        let t = DeviceVector::<i64, B>::from_slice(&table).unwrap();
        let x = DeviceVector::<u32, B>::from_slice(&indices).unwrap();
        let y = DeviceVector::<u32, B>::from_slice(&reversed).unwrap();
        let view = t.device_ref();
        assert_eq!((view.len(), view.space()), (n, MemorySpace::Host));
        let got = parallaxis::transform(Lookup { table: view }, &x).unwrap();
        assert_eq!(got.to_vec().unwrap(), want, "{} transform n={n}", B::NAME);
        let got = parallaxis::transform2(Difference { table: view }, &x, &y).unwrap();
        assert_eq!(got.to_vec().unwrap(), want2, "{} transform2 n={n}", B::NAME);
    }
}

#[test]
fn lookup_matches_reference_sequential() {
    lookup_matches_reference::<parallaxis::Sequential>();
}

#[cfg(feature = "rayon")]
#[test]
fn lookup_matches_reference_rayon() {
    lookup_matches_reference::<parallaxis::Rayon>();
}

#[test]
fn get_past_the_end_is_none() {
    let data = [3_u16, 1, 4];
    let view = DeviceRef::from_slice(&data);
    assert_eq!((view.len(), view.is_empty()), (3, false));
    assert_eq!(view.get(2), Some(4));
    assert_eq!(view.get(3), None);
    assert_eq!(view.get(usize::MAX), None);
    let empty = DeviceRef::<u16>::from_slice(&[]);
    assert!(empty.is_empty() && empty.get(0).is_none());
    let v = DeviceVector::<u16, parallaxis::Sequential>::zeros(0).unwrap();
    assert!(v.device_ref().is_empty());
}

#[test]
fn a_cuda_view_reads_nothing_on_the_host() {
    let data = [7_i64, 8, 9];
    // SAFETY: the pointer is valid for 3 elements for the borrow of `data`, so even a read
    // would be defined; tagged CUDA memory, every read on the host must refuse it.
    let view =
        unsafe { DeviceRef::from_raw_parts(data.as_ptr(), data.len(), MemorySpace::CudaDevice) };
    assert!(!view.is_readable_here());
    assert_eq!(view.get(0), None);
    let x = DeviceVector::<u32, parallaxis::Sequential>::from_slice(&[0, 1, 2]).unwrap();
    let got = parallaxis::transform(Lookup { table: view }, &x).unwrap();
    assert_eq!(got.to_vec().unwrap(), [MISSING; 3]);
}

#[cfg(feature = "rayon")]
#[test]
fn a_closure_may_borrow_on_the_host() {
    // `UnaryFunction` no longer asks `'static`: a closure borrowing a local table is a functor
    // on the CPU backends.
    let (table, indices) = inputs(100, 1000, 9);
    let x = DeviceVector::<u32, parallaxis::Rayon>::from_slice(&indices).unwrap();
    let got = parallaxis::transform(|i: u32| table.get(i as usize).copied().unwrap_or(0), &x);
    let want: Vec<i64> = indices
        .iter()
        .map(|&i| table.get(i as usize).copied().unwrap_or(0))
        .collect();
    assert_eq!(got.unwrap().to_vec().unwrap(), want);
}
