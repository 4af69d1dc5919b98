//! Weak scaling of the sharded algorithms over the GPUs of one machine: the same
//! number of `u32` per GPU on 1, 2, 4, ... GPUs, each shard made and kept on its own GPU
//! (`ShardedVector::from_parts` over a `sequence` filled on each device), and the time of
//! `shard::transform`, `shard::reduce` and `shard::inclusive_scan` on each count; then
//! `shard::sort` of a permutation of `0..n` (`(i · 1000003) mod n`, made on the host, each
//! GPU's block uploaded to it). The speed-up is `k · t(1) / t(k)` with `t(1)` the unsharded
//! algorithm on one GPU's worth: how much more work per second `k` GPUs do than one. Beside
//! the sort rows, the choice in its step 4 on one GPU: merging the two sorted halves of one
//! GPU's worth (`parallaxis::merge`) against sorting it again (`sort-step-merge`,
//! `sort-step-resort`).
//!
//! ```text
//! cargo run --release --features cuda --example multi_gpu -- [LOG2_PER_GPU] [REPS]
//! ```
//!
//! With 2^33 per GPU on four GPUs the input alone is 128 GiB and the scan's output as much:
//! a scan of more elements than one GPU holds.
//!
//! Prints `multi_gpu op=<op> gpus=<k> n=<n> ms=<median> speedup=<x>` per row, after checking
//! every result against its closed form (the sum of `0..n`, the scan at each shard's first
//! and last element; the sort's shard lengths, its sum, and every element, which must equal
//! its global position); exits non-zero on a mismatch. Without the `cuda` feature it checks the same on four rayon shards and
//! prints no timings (one memory: nothing to scale over).

use parallaxis::shard::{self, InMemory, ShardedVector};
use parallaxis::{
    ops::{Square, Sum},
    DefaultBackend,
};
use std::time::Instant;

type B = DefaultBackend;

/// `0 + 1 + ... + (i - 1)` wrapped to `u32`, the exclusive prefix of the sequence at `i`
/// (whose elements are their index wrapped to `u32`); in `u128`, so that `i (i - 1)` does not
/// wrap before the halving for `i` past 2^32.
fn triangle(i: u64) -> u32 {
    let i = u128::from(i);
    (i * i.saturating_sub(1) / 2) as u32
}

/// Checks the reduce and the scan of the sequence `0..n` against their closed forms.
fn check(x: &ShardedVector<u32, B>) -> parallaxis::Result<()> {
    let n = x.len() as u64;
    let total = shard::reduce(Sum, x, &InMemory)?;
    let scan = shard::inclusive_scan(Sum, x, &InMemory)?;
    let mut first = 0_u64;
    let mut bad = Vec::new();
    if total != triangle(n) {
        bad.push(format!("reduce {total} != {}", triangle(n)));
    }
    for s in scan.shards() {
        let len = s.len() as u64;
        if len > 0 {
            for (at, want) in [(0, triangle(first + 1)), (len - 1, triangle(first + len))] {
                let got = s.slice(at as usize..at as usize + 1)?.to_vec()?[0];
                if got != want {
                    bad.push(format!("scan[{}] {got} != {want}", first + at));
                }
            }
        }
        first += len;
    }
    if bad.is_empty() {
        Ok(())
    } else {
        eprintln!("multi_gpu: wrong results: {}", bad.join("; "));
        std::process::exit(1);
    }
}

/// The stride of the permutation the sort rows sort: a prime, so `i -> (i · STRIDE) mod n`
/// is a bijection of `0..n` for every `n` it does not divide (none here: `n` is a GPU count
/// times a power of two).
const STRIDE: u64 = 1_000_003;

/// Elements `range` of the permutation `(i · STRIDE) mod n` of `0..n` (`n <= 2^32`), made on
/// every core of the host.
fn permutation(range: std::ops::Range<usize>, n: usize) -> Vec<u32> {
    let mut out = vec![0_u32; range.len()];
    let threads = std::thread::available_parallelism().map_or(1, |t| t.get());
    let chunk = out.len().div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        for (c, part) in out.chunks_mut(chunk).enumerate() {
            let first = (range.start + c * chunk) as u64;
            scope.spawn(move || {
                for (i, v) in part.iter_mut().enumerate() {
                    // (first + i) < 2^34 and STRIDE < 2^20: the product fits in a u64.
                    *v = ((first + i as u64) * STRIDE % n as u64) as u32;
                }
            });
        }
    });
    out
}

/// Checks the sharded sort of a permutation of `0..n`: the split rule's shard lengths, the
/// sum, and every element at its global position (each shard read back whole: a shard on
/// another GPU than the thread's default is read where it is, with no vector made beside
/// it).
fn check_sorted(y: &ShardedVector<u32, B>) -> parallaxis::Result<()> {
    let (n, k) = (y.len(), y.shard_count());
    let mut bad = Vec::new();
    let lengths: Vec<usize> = (0..k).map(|j| n / k + usize::from(j < n % k)).collect();
    if y.shard_lengths() != lengths {
        bad.push(format!(
            "shard lengths {:?} != {lengths:?}",
            y.shard_lengths()
        ));
    }
    let total = shard::reduce(Sum, y, &InMemory)?;
    if total != triangle(n as u64) {
        bad.push(format!("sum {total} != {}", triangle(n as u64)));
    }
    let mut start = 0;
    for s in y.shards() {
        let got = s.to_vec()?;
        if let Some(p) = (0..got.len()).find(|&p| got[p] as usize != start + p) {
            bad.push(format!("sorted[{}] = {}", start + p, got[p]));
        }
        start += got.len();
    }
    if bad.is_empty() {
        Ok(())
    } else {
        eprintln!("multi_gpu: wrong sort: {}", bad.join("; "));
        std::process::exit(1);
    }
}

/// The median wall time in ms of `reps` runs of `op` (after one warm-up), each followed by
/// `wait` (every GPU idle again).
fn time(reps: usize, mut op: impl FnMut(), wait: &dyn Fn()) -> f64 {
    op();
    wait();
    let mut ms: Vec<f64> = (0..reps)
        .map(|_| {
            let t = Instant::now();
            op();
            wait();
            t.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    ms.sort_by(f64::total_cmp);
    ms[ms.len() / 2]
}

#[cfg(feature = "cuda")]
fn main() -> parallaxis::Result<()> {
    use parallaxis::device::Device;
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let per_gpu = 1_usize << args.first().copied().unwrap_or(28);
    let reps = args.get(1).copied().unwrap_or(5).max(1);
    let count = Device::count()?;
    let mut counts: Vec<usize> = (0..).map(|p| 1 << p).take_while(|&k| k <= count).collect();
    if counts.last() != Some(&count) && count > 0 {
        counts.push(count);
    }
    println!("# {count} GPU(s); {per_gpu} u32 per GPU; median of {reps}");
    let one_gpu = Device::get(0)?.properties().memory_bytes;
    let all = count as u64 * per_gpu as u64 * 4;
    println!(
        "# over the {count} GPUs: {:.1} GiB of input and as much output; one GPU has {:.1} GiB{}",
        all as f64 / f64::from(1 << 30),
        one_gpu as f64 / f64::from(1 << 30),
        if 2 * all > one_gpu {
            " (more than one GPU holds)"
        } else {
            ""
        }
    );
    // The baseline: the unsharded algorithms on one GPU's worth of elements.
    let gpu0 = Device::get(0)?;
    let v = parallaxis::sequence::<u32, B>(per_gpu, 0, 1)?;
    let wait0 = || gpu0.wait().expect("waiting for the GPU");
    let base = [
        time(
            reps,
            || drop(parallaxis::transform(Square, &v).expect("transform")),
            &wait0,
        ),
        time(
            reps,
            || {
                std::hint::black_box(parallaxis::reduce(Sum, &v).expect("reduce"));
            },
            &wait0,
        ),
        time(
            reps,
            || drop(parallaxis::inclusive_scan(Sum, &v).expect("scan")),
            &wait0,
        ),
    ];
    drop(v);
    for (op, ms) in ["transform", "reduce", "inclusive_scan"].iter().zip(base) {
        println!("multi_gpu op={op} gpus=1 unsharded n={per_gpu} ms={ms:.3} speedup=1.00");
    }
    for &k in &counts {
        let gpus: Vec<&'static Device> = (0..k).map(Device::get).collect::<Result<_, _>>()?;
        // Each GPU fills its own shard: shard j holds j·per_gpu, j·per_gpu + 1, ...
        let mut parts = Vec::with_capacity(k);
        for (j, gpu) in gpus.iter().enumerate() {
            let start = (j * per_gpu) as u32;
            parts.push(gpu.as_default(|| parallaxis::sequence::<u32, B>(per_gpu, start, 1))?);
        }
        let x = ShardedVector::from_parts(parts)?;
        check(&x)?;
        let wait = || {
            for g in &gpus {
                g.wait().expect("waiting for a GPU");
            }
        };
        let n = x.len();
        let rows = [
            (
                "transform",
                time(
                    reps,
                    || drop(shard::transform(Square, &x).expect("transform")),
                    &wait,
                ),
            ),
            (
                "reduce",
                time(
                    reps,
                    || {
                        std::hint::black_box(shard::reduce(Sum, &x, &InMemory).expect("reduce"));
                    },
                    &wait,
                ),
            ),
            (
                "inclusive_scan",
                time(
                    reps,
                    || drop(shard::inclusive_scan(Sum, &x, &InMemory).expect("scan")),
                    &wait,
                ),
            ),
        ];
        for (i, (op, ms)) in rows.into_iter().enumerate() {
            let speedup = k as f64 * base[i] / ms;
            println!("multi_gpu op={op} gpus={k} n={n} ms={ms:.3} speedup={speedup:.2}");
        }
    }
    sort_rows(per_gpu, reps, &counts)
}

/// The sort's weak-scaling rows, and step 4's merge against a second sort on one GPU.
#[cfg(feature = "cuda")]
fn sort_rows(per_gpu: usize, reps: usize, counts: &[usize]) -> parallaxis::Result<()> {
    use parallaxis::{device::Device, DeviceVector};
    let most = per_gpu * counts.last().copied().unwrap_or(1);
    if most as u64 > 1 << 32 {
        println!("# sort rows skipped: {most} keys are more than u32 has values");
        return Ok(());
    }
    let gpu0 = Device::get(0)?;
    let wait0 = || gpu0.wait().expect("waiting for the GPU");
    let keys = DeviceVector::<u32, B>::from_vec(permutation(0..per_gpu, per_gpu))?;
    let base = time(
        reps,
        || drop(parallaxis::sort(&keys).expect("sort")),
        &wait0,
    );
    println!("multi_gpu op=sort gpus=1 unsharded n={per_gpu} ms={base:.3} speedup=1.00");
    // Step 4 on two GPUs: one GPU's worth in two sorted runs, merged or sorted again.
    let half = per_gpu / 2;
    let a = parallaxis::sort(&keys.slice(..half)?)?;
    let b = parallaxis::sort(&keys.slice(half..)?)?;
    let mut runs = DeviceVector::<u32, B>::zeros(per_gpu)?;
    parallaxis::copy(&a, &mut runs.slice_mut(..half)?)?;
    parallaxis::copy(&b, &mut runs.slice_mut(half..)?)?;
    drop(keys);
    let merge = time(
        reps,
        || drop(parallaxis::merge(&a, &b).expect("merge")),
        &wait0,
    );
    let resort = time(
        reps,
        || drop(parallaxis::sort(&runs).expect("sort")),
        &wait0,
    );
    if parallaxis::merge(&a, &b)?.to_vec()? != parallaxis::sort(&runs)?.to_vec()? {
        eprintln!("multi_gpu: merging the runs and sorting them again differ");
        std::process::exit(1);
    }
    drop((a, b, runs));
    println!("multi_gpu op=sort-step-merge gpus=1 n={per_gpu} ms={merge:.3} speedup=1.00");
    println!(
        "multi_gpu op=sort-step-resort gpus=1 n={per_gpu} ms={resort:.3} speedup={:.2}",
        merge / resort
    );
    for &k in counts {
        let n = k * per_gpu;
        let gpus: Vec<&'static Device> = (0..k).map(Device::get).collect::<Result<_, _>>()?;
        let mut parts = Vec::with_capacity(k);
        for (j, gpu) in gpus.iter().enumerate() {
            let host = permutation(j * per_gpu..(j + 1) * per_gpu, n);
            parts.push(gpu.as_default(|| DeviceVector::<u32, B>::from_vec(host))?);
        }
        let x = ShardedVector::from_parts(parts)?;
        check_sorted(&shard::sort(&x, &InMemory)?)?;
        let wait = || {
            for g in &gpus {
                g.wait().expect("waiting for a GPU");
            }
        };
        let ms = time(
            reps,
            || drop(shard::sort(&x, &InMemory).expect("sort")),
            &wait,
        );
        let speedup = k as f64 * base / ms;
        println!("multi_gpu op=sort gpus={k} n={n} ms={ms:.3} speedup={speedup:.2}");
    }
    Ok(())
}

#[cfg(not(feature = "cuda"))]
fn main() -> parallaxis::Result<()> {
    let n = 1_usize << 20;
    let host: Vec<u32> = (0..n as u32).collect();
    let x = ShardedVector::<u32, B>::from_slice(&host, 4)?;
    check(&x)?;
    let whole = parallaxis::DeviceVector::<u32, B>::from_slice(&host)?;
    let sq = shard::transform(Square, &x)?.to_vec()?;
    if sq != parallaxis::transform(Square, &whole)?.to_vec()? {
        eprintln!("multi_gpu: sharded transform differs");
        std::process::exit(1);
    }
    let ms = time(
        3,
        || {
            std::hint::black_box(shard::reduce(Sum, &x, &InMemory).ok());
        },
        &|| {},
    );
    let keys = ShardedVector::<u32, B>::from_slice(&permutation(0..n, n), 4)?;
    check_sorted(&shard::sort(&keys, &InMemory)?)?;
    println!(
        "multi_gpu: 4 {} shards of {n} u32 checked, and their sort (reduce {ms:.3} ms); \
         the scaling rows need --features cuda and GPUs",
        <B as parallaxis::Backend>::NAME
    );
    Ok(())
}
