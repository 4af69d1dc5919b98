//! Scan by key and reduce by key with 8-byte keys (`u64`), f32 values: the keyed kernels
//! read 4- and 8-byte keys of full tiles through the warp as coalesced 16-byte chunks
//! (`device/kernels/src/kernels/segmented/heads.rs`), and these rows hold the 8-byte path to CUB's
//! `InclusiveSumByKey` and `ReduceByKey` over `unsigned long long` keys (`peers.cu`). Keys
//! are the run ordinal, `i / seg`, as in the 4-byte rows.

use super::{bench_reduce_by_key_into, Bench, Dv};
use parallaxis::{
    backend::KeyedOps,
    ops::{ScanKind, Sum},
    Cuda,
};

/// `scan_by_keys_u64_seg{seg}_f32` (16 bytes an item: key, value, output) and, for runs of
/// 1000, `reduce_by_key_into_u64_seg1000_f32` (12 bytes an item; the runs' outputs are
/// 1/1000 of that).
pub(super) fn bench_wide_keys(b: &mut Bench, n: usize, seg: usize) {
    let scan = format!("scan_by_keys_u64_seg{seg}_f32");
    let reduce = "reduce_by_key_into_u64_seg1000_f32";
    let want_reduce = seg == 1000 && b.wants(reduce);
    if !b.wants(&scan) && !want_reduce {
        return;
    }
    let inputs = (
        Dv::<u64>::from_vec((0..n).map(|i| (i / seg) as u64).collect()),
        Dv::<f32>::filled(n, 0.5),
        Dv::<f32>::zeros(n),
    );
    let (keys, x, mut y) = match inputs {
        (Ok(k), Ok(x), Ok(y)) => (k, x, y),
        (Err(e), _, _) | (_, Err(e), _) | (_, _, Err(e)) => {
            b.skipped(&scan, n, e.to_string());
            if seg == 1000 {
                b.skipped(reduce, n, e.to_string());
            }
            return;
        }
    };
    let v = (n * 4) as f64;
    b.case(&scan, n, 4.0 * v, None, || {
        <Cuda as KeyedOps<u64, f32, Sum>>::scan_by_keys(
            Sum,
            keys.buffer(),
            x.buffer(),
            y.buffer_mut(),
            ScanKind::Inclusive,
        )
    });
    if !want_reduce {
        return;
    }
    bench_reduce_by_key_into(b, reduce, 3.0 * v, &keys, &x, &mut y, n.div_ceil(seg));
}
