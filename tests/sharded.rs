//! Sharded vectors and the algorithms over shards on the CPU: every algorithm on a
//! `ShardedVector` with the in-memory collective gives exactly what `parallaxis::reference`
//! gives on the unsharded data, for shard counts from 1 to more than the elements. Run on
//! `Sequential` and (with the `rayon` feature) `Rayon`; integers (wrapping arithmetic) and
//! affine maps (a non-commutative monoid), so the comparisons are exact.

macro_rules! sharded_suite {
    ($name:ident, $backend:ty) => {
        mod $name {
            /// The backend under test.
            pub(crate) type B = $backend;
            mod body {
                include!("sharded/body.rs");
            }
            mod spmv {
                include!("sharded/spmv.rs");
            }
            mod keys {
                include!("sharded/keys.rs");
            }
            mod sort {
                include!("sharded/sort.rs");
            }
        }
    };
}

sharded_suite!(sequential, parallaxis::Sequential);
#[cfg(feature = "rayon")]
sharded_suite!(rayon, parallaxis::Rayon);

/// The sharded algorithms are generic over the backend: they type-check on CUDA with the
/// stock kernels (checked by clippy with `--features cuda`); they run on GPUs in
/// `tests/sharded*_gpu.rs` and `tests/nccl_gpu.rs`.
#[cfg(feature = "cuda")]
#[allow(dead_code)]
fn compiles_on_cuda(
    x: &parallaxis::shard::ShardedVector<f32, parallaxis::Cuda>,
) -> parallaxis::Result<(f32, parallaxis::shard::ShardedVector<f32, parallaxis::Cuda>)> {
    use parallaxis::shard::{self, InMemory};
    let total = shard::reduce(parallaxis::ops::Sum, x, &InMemory)?;
    let _ = shard::inclusive_scan(parallaxis::ops::Sum, x, &InMemory)?;
    let _ = shard::exclusive_scan(parallaxis::ops::Max, 0.0, x, &InMemory)?;
    Ok((total, shard::transform(parallaxis::ops::Square, x)?))
}
