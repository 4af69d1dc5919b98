//! Sharded algorithms with one process per GPU through NCCL: the parent test
//! starts one copy of this test binary per GPU, each running [`nccl_rank`] as one rank. The
//! ranks meet through a file (`Nccl::join_through_file`), each fills its own shard on its
//! own GPU, and every result is checked against its closed form: reduce (`Sum`, `Max`, and
//! `Affine`, which does not commute, so shard order matters), both scans at each shard's
//! ends, and the collective's `all_gather` and `broadcast`; the sharded sort, whose buckets
//! move between the ranks by NCCL sends and receives, against the host's sort of the whole
//! input, and the sort by key against the host's stable sort of the pairs. With fewer than
//! two GPUs, or no NCCL library, the parent prints a counted skip.
#![cfg(feature = "nccl")]

#[macro_use]
mod common;

use parallaxis::shard::{self, Collective, Nccl, ShardedVector};
use parallaxis::{
    device::Device,
    ops::{Affine, AffineMap, Max, Sum},
    Cuda,
};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

type B = Cuda;

const RANK: &str = "PARALLAX_TEST_NCCL_RANK";
const WORLD: &str = "PARALLAX_TEST_NCCL_WORLD";
const ID_FILE: &str = "PARALLAX_TEST_NCCL_ID_FILE";
/// Elements over all ranks: uneven over 2, 3 and 4 ranks.
const N: usize = 3 * (1 << 20) + 5;

/// `0 + 1 + ... + (i - 1)` wrapped to `u32`.
fn triangle(i: u64) -> u32 {
    (i.wrapping_mul(i.wrapping_sub(1)) / 2) as u32
}

#[test]
fn ranks_in_separate_processes_match_the_closed_forms() {
    require_gpu!();
    let world = Device::count().unwrap();
    if world < 2 {
        common::gpu::skip_with(&format!("needs 2 GPUs, the machine has {world}"));
        return;
    }
    if let Err(e) = parallaxis::device::nccl::version() {
        common::gpu::skip_with(&format!("no NCCL library: {e}"));
        return;
    }
    let dir = std::env::temp_dir().join(format!("parallaxis-nccl-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let id_file = dir.join("id");
    let _ = std::fs::remove_file(&id_file);
    let exe = std::env::current_exe().unwrap();
    let mut ranks: Vec<_> = (0..world)
        .map(|rank| {
            Command::new(&exe)
                .args(["--exact", "nccl_rank", "--ignored", "--nocapture"])
                .env(RANK, rank.to_string())
                .env(WORLD, world.to_string())
                .env(ID_FILE, &id_file)
                .env("NCCL_NVLS_ENABLE", "0")
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let start = Instant::now();
    let mut statuses = vec![None; world];
    while statuses.iter().any(Option::is_none) {
        for (rank, child) in ranks.iter_mut().enumerate() {
            if statuses[rank].is_none() {
                statuses[rank] = child.try_wait().unwrap();
            }
        }
        if start.elapsed() > Duration::from_secs(180) {
            for child in &mut ranks {
                let _ = child.kill();
            }
            panic!("the ranks did not finish in 180 s: {statuses:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let mut failed = Vec::new();
    for (rank, child) in ranks.into_iter().enumerate() {
        let out = child.wait_with_output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned()
            + &String::from_utf8_lossy(&out.stderr);
        if !out.status.success() || !text.contains("rank checks passed") {
            failed.push(format!("rank {rank} ({}):\n{text}", out.status));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

#[test]
#[ignore = "one rank of ranks_in_separate_processes_match_the_closed_forms, which runs it"]
fn nccl_rank() {
    let env = |name| {
        std::env::var(name).unwrap_or_else(|_| {
            panic!("{name} unset: run by ranks_in_separate_processes_match_the_closed_forms")
        })
    };
    let rank: usize = env(RANK).parse().unwrap();
    let world: usize = env(WORLD).parse().unwrap();
    let device = Device::get(rank).unwrap();
    let nccl = Nccl::join_through_file(
        device,
        rank,
        world,
        std::path::Path::new(&env(ID_FILE)),
        Duration::from_secs(60),
    )
    .unwrap();
    assert_eq!((nccl.rank(), nccl.world()), (rank, world));

    // This rank's block of 0..N, filled on its own GPU.
    let (base, longer) = (N / world, N % world);
    let first = rank * base + rank.min(longer);
    let len = base + usize::from(rank < longer);
    let part = device
        .as_default(|| parallaxis::sequence::<u32, B>(len, first as u32, 1))
        .unwrap();
    let x = ShardedVector::from_rank(part, rank, world, N).unwrap();
    assert_eq!(x.devices(), [rank]);

    assert_eq!(shard::reduce(Sum, &x, &nccl).unwrap(), triangle(N as u64));
    assert_eq!(shard::reduce(Max, &x, &nccl).unwrap(), N as u32 - 1);
    let at_ends = |v: &ShardedVector<u32, B>| {
        let s = &v.shards()[0];
        [
            s.slice(0..1).unwrap().to_vec().unwrap()[0],
            s.slice(len - 1..len).unwrap().to_vec().unwrap()[0],
        ]
    };
    let (lo, hi) = (first as u64, (first + len) as u64);
    let inc = shard::inclusive_scan(Sum, &x, &nccl).unwrap();
    assert_eq!(inc.devices(), [rank]);
    assert_eq!(at_ends(&inc), [triangle(lo + 1), triangle(hi)]);
    let exc = shard::exclusive_scan(Sum, 7, &x, &nccl).unwrap();
    assert_eq!(
        at_ends(&exc),
        [
            7_u32.wrapping_add(triangle(lo)),
            7_u32.wrapping_add(triangle(hi - 1))
        ]
    );

    // Affine maps compose in shard order: rank r holds x -> x + (r + 1), then x -> 2x.
    let maps = [AffineMap::new(1_i64, rank as i64 + 1), AffineMap::new(2, 0)];
    let per_rank = device
        .as_default(|| parallaxis::DeviceVector::<AffineMap<i64>, B>::from_slice(&maps))
        .unwrap();
    let f = ShardedVector::from_rank(per_rank, rank, world, 2 * world).unwrap();
    let composed = shard::reduce(Affine, &f, &nccl).unwrap();
    let want = (0..world as i64).fold(0_i64, |x, r| 2 * (x + r + 1));
    assert_eq!(composed.apply(0), want);

    // The sort: every rank makes the whole input on the host, holds its block on its GPU,
    // and must end with its block of the host's sort of the whole.
    type Input = (&'static str, fn(u64) -> u32);
    let inputs: [Input; 3] = [
        ("hashed", |i| {
            (i as u32).wrapping_mul(2_654_435_761).rotate_left(11)
        }),
        ("seven distinct", |i| (i % 7) as u32),
        ("all equal", |_| 5),
    ];
    for (what, f) in inputs {
        let whole: Vec<u32> = (0..N as u64).map(f).collect();
        let mut want = whole.clone();
        want.sort_unstable();
        let part = device
            .as_default(|| {
                parallaxis::DeviceVector::<u32, B>::from_slice(&whole[first..first + len])
            })
            .unwrap();
        let x = ShardedVector::from_rank(part, rank, world, N).unwrap();
        let y = shard::sort(&x, &nccl).unwrap();
        assert_eq!(y.devices(), [rank]);
        assert_eq!(y.shard_lengths(), [len], "sort layout, {what}");
        assert!(
            y.to_vec().unwrap() == want[first..first + len],
            "rank {rank}: sorted block differs, {what}"
        );
    }

    // By key: keys i % 7, values the global positions; stable, so each block of the result
    // is the host's stable sort of the pairs.
    let whole: Vec<u32> = (0..N as u32).map(|i| i % 7).collect();
    let mut want: Vec<(u32, u32)> = whole.iter().copied().zip(0..N as u32).collect();
    want.sort_by_key(|&(key, _)| key);
    let block = |v: &[u32]| {
        device.as_default(|| parallaxis::DeviceVector::<u32, B>::from_slice(&v[first..first + len]))
    };
    let positions: Vec<u32> = (0..N as u32).collect();
    let keys = ShardedVector::from_rank(block(&whole).unwrap(), rank, world, N).unwrap();
    let values = ShardedVector::from_rank(block(&positions).unwrap(), rank, world, N).unwrap();
    let (sk, sv) = shard::sort_by_key(&keys, &values, &nccl).unwrap();
    let got: Vec<(u32, u32)> = sk
        .to_vec()
        .unwrap()
        .into_iter()
        .zip(sv.to_vec().unwrap())
        .collect();
    assert!(
        got == want[first..first + len],
        "rank {rank}: sort_by_key block differs"
    );

    let all = nccl.all_gather(&[rank as u64 * 10]).unwrap();
    assert_eq!(all, (0..world as u64).map(|r| r * 10).collect::<Vec<_>>());
    let last = nccl.broadcast(world - 1, &[rank as f64 + 0.5]).unwrap();
    assert_eq!(last, world as f64 - 0.5);
    println!("rank {rank} of {world}: rank checks passed");
}
