//! One step on every shard, where each shard lives ([`Backend::at_home_of`](crate::Backend):
//! on CUDA with the shard's GPU as the thread's default device, so the step's outputs land
//! beside the shard). On a backend whose shards work apart (CUDA, one GPU each) every shard
//! gets a thread of its own, so the GPUs run at the same time even where a step waits for
//! its GPU (a reduce returning its value); on the host backends the shards run one after
//! another, each already using every core.

use crate::{Backend, DeviceVector, Result};
use parallax_core::{try_push, try_with_capacity, DeviceCopy};
use std::thread;

/// `[step(0, shard_0), ..., step(k - 1, shard_(k-1))]`, in shard order; the first error in
/// shard order is returned. A panic in a step is resumed on the caller's thread. If the
/// system cannot start a thread, that shard's step runs on the caller's thread.
pub(super) fn each_shard<T, B, R, F>(shards: &[DeviceVector<T, B>], step: F) -> Result<Vec<R>>
where
    T: DeviceCopy,
    B: Backend,
    R: Send,
    F: Fn(usize, &DeviceVector<T, B>) -> Result<R> + Sync,
{
    run_each(B::SHARDS_RUN_APART, shards, step)
}

/// [`each_shard`] with the choice of threads made by the caller (`apart`), so the threaded
/// path is tested on the host backends too.
fn run_each<T, B, R, F>(apart: bool, shards: &[DeviceVector<T, B>], step: F) -> Result<Vec<R>>
where
    T: DeviceCopy,
    B: Backend,
    R: Send,
    F: Fn(usize, &DeviceVector<T, B>) -> Result<R> + Sync,
{
    let at_home =
        |j: usize, shard: &DeviceVector<T, B>| B::at_home_of(shard.buffer(), || step(j, shard));
    let mut out = try_with_capacity(shards.len())?;
    if !apart || shards.len() < 2 {
        for (j, shard) in shards.iter().enumerate() {
            try_push(&mut out, at_home(j, shard)?)?;
        }
        return Ok(out);
    }
    thread::scope(|scope| {
        let at_home = &at_home;
        let started: Vec<_> = shards
            .iter()
            .enumerate()
            .map(|(j, shard)| {
                let handle = thread::Builder::new()
                    .name(format!("parallax-shard-{j}"))
                    .spawn_scoped(scope, move || at_home(j, shard));
                (j, shard, handle)
            })
            .collect();
        for (j, shard, handle) in started {
            let result = match handle {
                Ok(handle) => handle
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
                Err(_) => at_home(j, shard),
            };
            try_push(&mut out, result?)?;
        }
        Ok(out)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Error, Sequential};

    fn shards(k: usize) -> Vec<DeviceVector<u32, Sequential>> {
        (0..k)
            .map(|j| DeviceVector::from_slice(&[j as u32; 3]).unwrap())
            .collect()
    }

    #[test]
    fn results_come_in_shard_order_with_and_without_threads() {
        for apart in [false, true] {
            for k in [1, 2, 5, 16] {
                let got = run_each(apart, &shards(k), |j, s| {
                    // Later shards finish first, so arrival order is not shard order.
                    std::thread::sleep(std::time::Duration::from_millis((k - j) as u64));
                    Ok((j, s.to_vec()?[0]))
                })
                .unwrap();
                let want: Vec<_> = (0..k).map(|j| (j, j as u32)).collect();
                assert_eq!(got, want, "apart={apart} k={k}");
            }
        }
    }

    #[test]
    fn the_first_error_in_shard_order_is_returned() {
        for apart in [false, true] {
            let got = run_each(apart, &shards(4), |j, _| {
                if j >= 2 {
                    Err(Error::InvalidArgument {
                        what: if j == 2 { "shard 2" } else { "shard 3" },
                        reason: "test",
                    })
                } else {
                    Ok(j)
                }
            });
            assert!(
                matches!(
                    got,
                    Err(Error::InvalidArgument {
                        what: "shard 2",
                        ..
                    })
                ),
                "apart={apart}: {got:?}"
            );
        }
    }

    #[test]
    fn threads_run_the_shards_at_the_same_time() {
        // Four steps of 50 ms each: one after another they take 200 ms.
        let t = std::time::Instant::now();
        run_each(true, &shards(4), |_, _| {
            std::thread::sleep(std::time::Duration::from_millis(50));
            Ok(())
        })
        .unwrap();
        assert!(
            t.elapsed() < std::time::Duration::from_millis(190),
            "{:?}",
            t.elapsed()
        );
    }
}
