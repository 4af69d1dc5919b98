//! Weak scaling of the sharded algorithms over the GPUs of one machine (issue 34): the same
//! number of `u32` per GPU on 1, 2, 4, ... GPUs, each shard made and kept on its own GPU
//! (`ShardedVector::from_parts` over a `sequence` filled on each device), and the time of
//! `shard::transform`, `shard::reduce` and `shard::inclusive_scan` on each count. The
//! speed-up is `k · t(1) / t(k)` with `t(1)` the unsharded algorithm on one GPU's worth: how
//! much more work per second `k` GPUs do than one.
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
//! and last element); exits non-zero on a mismatch. Without the `cuda` feature it checks the
//! same on four rayon shards and prints no timings (one memory: nothing to scale over).

use parallax::shard::{self, InMemory, ShardedVector};
use parallax::{DefaultBackend, Square, Sum};
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
fn check(x: &ShardedVector<u32, B>) -> parallax::Result<()> {
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
fn main() -> parallax::Result<()> {
    use parallax::Device;
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
    let v = parallax::sequence::<u32, B>(per_gpu, 0, 1)?;
    let wait0 = || gpu0.wait().expect("waiting for the GPU");
    let base = [
        time(
            reps,
            || drop(parallax::transform(Square, &v).expect("transform")),
            &wait0,
        ),
        time(
            reps,
            || {
                std::hint::black_box(parallax::reduce(Sum, &v).expect("reduce"));
            },
            &wait0,
        ),
        time(
            reps,
            || drop(parallax::inclusive_scan(Sum, &v).expect("scan")),
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
            parts.push(gpu.as_default(|| parallax::sequence::<u32, B>(per_gpu, start, 1))?);
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
    Ok(())
}

#[cfg(not(feature = "cuda"))]
fn main() -> parallax::Result<()> {
    let n = 1_usize << 20;
    let host: Vec<u32> = (0..n as u32).collect();
    let x = ShardedVector::<u32, B>::from_slice(&host, 4)?;
    check(&x)?;
    let whole = parallax::DeviceVector::<u32, B>::from_slice(&host)?;
    let sq = shard::transform(Square, &x)?.to_vec()?;
    if sq != parallax::transform(Square, &whole)?.to_vec()? {
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
    println!(
        "multi_gpu: 4 {} shards of {n} u32 checked (reduce {ms:.3} ms); \
         the scaling rows need --features cuda and GPUs",
        <B as parallax::Backend>::NAME
    );
    Ok(())
}
