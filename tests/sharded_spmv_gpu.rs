//! The sharded SpMV (row blocks, x all-gathered by peer copies) and the 3D stencil over
//! z-slabs (halo planes) on the GPU: every result equal to the unsharded
//! algorithm's on the whole matrix or grid, with shards on one device many times over (any GPU
//! machine) and over every GPU of the machine (a counted skip with fewer than two), and each
//! output shard on its block's or slab's device. Integers, so the comparisons are exact.
#![cfg(feature = "cuda")]

use crate::common;

use common::gpus::{every_gpu, on_one_device, twice};
use common::pseudo_random;
use parallaxis::shard::ShardedVector;
use parallaxis::shard::{self, HostCsr, InMemory, ShardedCsr, ShardedGrid, ShardedSpmv};
use parallaxis::{
    device::Device,
    ops::{Boundary, MinPlus, PlusTimes, Stencil},
    sparse::CsrMatrix,
    Cuda, DeviceVector,
};

type B = Cuda;

/// A random CSR matrix in host arrays: rows of 0..=7 entries, a third of them empty.
struct Csr {
    nrows: usize,
    ncols: usize,
    row_ptr: Vec<u32>,
    col_idx: Vec<u32>,
    values: Vec<u32>,
}

impl Csr {
    fn random(nrows: usize, ncols: usize, seed: u64) -> Self {
        let r = pseudo_random(nrows + 1, seed);
        let mut row_ptr = vec![0_u32];
        let (mut col_idx, mut values) = (Vec::new(), Vec::new());
        for (i, &v) in r.iter().take(nrows).enumerate() {
            let len = if ncols == 0 || v % 3 == 0 {
                0
            } else {
                (v >> 8) as usize % 8
            };
            for e in 0..len as u64 {
                let h = (v >> 16).wrapping_mul(e + 1).wrapping_add(i as u64 * 7919);
                col_idx.push((h % ncols as u64) as u32);
                values.push((h >> 7) as u32);
            }
            row_ptr.push(col_idx.len() as u32);
        }
        Self {
            nrows,
            ncols,
            row_ptr,
            col_idx,
            values,
        }
    }

    fn host(&self) -> HostCsr<'_, u32, u32> {
        HostCsr {
            nrows: self.nrows,
            ncols: self.ncols,
            row_ptr: &self.row_ptr,
            col_idx: &self.col_idx,
            values: &self.values,
        }
    }
}

/// (rows, columns): empty, fewer rows than shards, uneven, a million rows.
const SHAPES: [(usize, usize); 5] = [
    (0, 0),
    (2, 3),
    (1001, 999),
    (65_537, 65_537),
    (1 << 20, 1 << 20),
];

/// The sharded SpMV over blocks on `devices` against the unsharded one on the default GPU.
fn check_spmv_on(devices: &[&'static Device]) {
    let want: Vec<usize> = devices.iter().map(|d| d.ordinal()).collect();
    for (nrows, ncols) in SHAPES {
        let a = Csr::random(nrows, ncols, nrows as u64 + 1);
        let whole = CsrMatrix::<u32, u32, B>::try_new(
            nrows,
            ncols,
            a.row_ptr.clone(),
            a.col_idx.clone(),
            a.values.clone(),
        )
        .unwrap();
        let x_host: Vec<u32> = pseudo_random(ncols, 7)
            .into_iter()
            .map(|v| v as u32)
            .collect();
        let x_whole = DeviceVector::<u32, B>::from_slice(&x_host).unwrap();
        let sharded = ShardedCsr::from_csr_on(&a.host(), devices).unwrap();
        assert_eq!(sharded.devices(), want);
        let x = ShardedVector::from_slice_on(&x_host, devices).unwrap();
        let y = shard::spmv(PlusTimes, &sharded, &x, &InMemory).unwrap();
        assert_eq!(y.devices(), want, "y placement, {nrows}x{ncols}");
        let expected = parallaxis::spmv(PlusTimes, &whole, &x_whole)
            .unwrap()
            .to_vec()
            .unwrap();
        assert_eq!(y.to_vec().unwrap(), expected, "{nrows}x{ncols}");
        let y = shard::spmv(MinPlus, &sharded, &x, &InMemory).unwrap();
        assert_eq!(
            y.to_vec().unwrap(),
            parallaxis::spmv(MinPlus, &whole, &x_whole)
                .unwrap()
                .to_vec()
                .unwrap(),
            "min-plus {nrows}x{ncols}"
        );
        // Iterated through one plan (square matrices): x <- A·x three times.
        if nrows == ncols {
            let mut plan = ShardedSpmv::new(&sharded, &InMemory).unwrap();
            let (mut xs, mut xw) = (x, x_whole);
            for _ in 0..3 {
                xs = plan.apply(PlusTimes, &sharded, &xs, &InMemory).unwrap();
                xw = parallaxis::spmv(PlusTimes, &whole, &xw).unwrap();
            }
            assert_eq!(xs.devices(), want);
            assert_eq!(
                xs.to_vec().unwrap(),
                xw.to_vec().unwrap(),
                "iterated {nrows}"
            );
        }
    }
}

/// Weights with no symmetry, so a halo plane from the wrong side shows.
fn star() -> Stencil<u32, 3, 7> {
    parallaxis::star_3d([6, 3, 5, 7, 11, 13, 17])
}

fn boxed() -> Stencil<u32, 3, 27> {
    parallaxis::mask_3d(
        core::array::from_fn(|i| (i as u32 * 37) % 23 + 1),
        [3, 3, 3],
    )
    .unwrap()
}

/// Grids: empty, fewer planes than some shard counts, odd sides, one larger than the tiles.
const GRIDS: [[usize; 3]; 5] = [
    [0, 4, 4],
    [2, 3, 5],
    [5, 17, 33],
    [37, 33, 65],
    [130, 96, 160],
];

/// The sharded stencil over slabs on `devices` against the unsharded one.
fn check_stencil_on(devices: &[&'static Device]) {
    let want: Vec<usize> = devices.iter().map(|d| d.ordinal()).collect();
    for shape in GRIDS {
        let n = shape.iter().product();
        let data: Vec<u32> = pseudo_random(n, n as u64)
            .into_iter()
            .map(|v| v as u32)
            .collect();
        let whole = DeviceVector::<u32, B>::from_slice(&data).unwrap();
        let x = ShardedGrid::from_slice_on(&data, shape, devices).unwrap();
        assert_eq!(x.devices(), want);
        for boundary in [Boundary::Zero, Boundary::Clamp, Boundary::Wrap] {
            let what = format!("{shape:?} {boundary:?}");
            let y = shard::stencil3d(PlusTimes, &star(), boundary, &x, &InMemory).unwrap();
            assert_eq!(y.devices(), want, "placement {what}");
            let expected = parallaxis::stencil_map(PlusTimes, &star(), boundary, shape, &whole);
            assert_eq!(
                y.to_vec().unwrap(),
                expected.unwrap().to_vec().unwrap(),
                "star {what}"
            );
            let mut into = ShardedGrid::from_slice_on(&vec![1; n], shape, devices).unwrap();
            shard::stencil3d_into(PlusTimes, &boxed(), boundary, &x, &mut into, &InMemory).unwrap();
            let expected = parallaxis::stencil_map(PlusTimes, &boxed(), boundary, shape, &whole);
            assert_eq!(
                into.to_vec().unwrap(),
                expected.unwrap().to_vec().unwrap(),
                "box {what}"
            );
        }
    }
}

#[test]
fn spmv_and_stencil_shards_on_one_device_match_the_unsharded_algorithms() {
    require_gpu!();
    for devices in on_one_device(Device::default_device().unwrap()) {
        check_spmv_on(&devices);
        check_stencil_on(&devices);
    }
}

#[test]
fn spmv_and_stencil_shards_on_every_gpu_match_the_unsharded_algorithms() {
    require_gpu!();
    let Some(gpus) = every_gpu() else { return };
    check_spmv_on(&gpus);
    check_stencil_on(&gpus);
    // Two shards per GPU, interleaved: neighbours on other devices both ways.
    let twice = twice(&gpus);
    check_spmv_on(&twice);
    check_stencil_on(&twice);
}
