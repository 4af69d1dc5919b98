//! find_if rows beside CUB's `DeviceFind::FindIf` and Thrust's `find_if`
//! (`benches/peers/find_peers.cu`): f32 uniform in [0, 1) (the extrema rows' data) with a 2.0
//! written at position 1000 (`front`), at `n / 2` (`middle`) or nowhere (`none`), found by
//! `x > 1.5`; the position returned to the host, as the peers return it. Bytes: a whole pass
//! over the input, so that an early stop shows as a figure above the memory's bandwidth.

use super::extrema_search::uniform_f32;
use super::{Bench, Dv};
use parallaxis::{backend::SelectOps, ops::GreaterThan, Cuda};

/// `find_if_front_f32`, `find_if_middle_f32` and `find_if_none_f32` at `n`.
pub(super) fn bench_find(b: &mut Bench, n: usize) {
    for (case, hit) in [
        ("find_if_front_f32", Some(1000.min(n - 1))),
        ("find_if_middle_f32", Some(n / 2)),
        ("find_if_none_f32", None),
    ] {
        if !b.wants(case) {
            continue;
        }
        let mut host = uniform_f32(n);
        if let Some(i) = hit {
            host[i] = 2.0;
        }
        let x = match Dv::<f32>::from_vec(host) {
            Ok(x) => x,
            Err(e) => {
                b.skipped(case, n, e.to_string());
                continue;
            }
        };
        let p = GreaterThan { bound: 1.5_f32 };
        b.case(case, n, n as f64 * 4.0, None, || {
            <Cuda as SelectOps<f32, GreaterThan<f32>>>::find_if(p, true, x.buffer()).map(drop)
        });
        match parallaxis::find_if(p, &x) {
            Ok(got) if got == hit => {}
            other => println!("  CHECK FAILED: {case} n={n}: got {other:?}, want {hit:?}"),
        }
    }
}
