//! Streams, pinned copies and graphs (`device/src/stream/`, `device/src/pinned.rs`): work of
//! several host threads on four streams at once, each result against a host computation;
//! nested scopes; work outside any scope ordered with the streams; a scope that unwinds;
//! graphs that replay reductions and scans (whose look-back words a replay must not read as
//! published) with new inputs, that keep alive the buffers they use, and that refuse calls
//! handing a value to the host.
#![cfg(feature = "cuda")]

use crate::common;

use common::pseudo_random;
use parallaxis::device::{Graph, PinnedBuffer, Stream};
use parallaxis::ops::{LessThan, SaxpyFunctor, Sum};
use parallaxis::{Cuda, DeviceVector, Error};

type B = Cuda;
type Dv<T> = DeviceVector<T, B>;

/// `n` pseudo-random `u32` below 2^20 (sums of up to 2^12 of them fit in `u32`).
fn values(n: usize, seed: u64) -> Vec<u32> {
    pseudo_random(n, seed)
        .iter()
        .map(|&v| (v >> 44) as u32)
        .collect()
}

/// One round of many algorithms on the calling thread's stream, each checked on the host.
fn round(t: usize, r: usize) {
    let n = 1 + (t * 7919 + r * 104_729) % 300_000;
    let at = format!("thread {t}, round {r}, n = {n}");
    let x = values(n, (t * 1000 + r) as u64);
    let y = values(n, (t * 1000 + r + 500) as u64);
    let (xd, yd) = (Dv::from_slice(&x).unwrap(), Dv::from_slice(&y).unwrap());

    // Wrapping u32 arithmetic is exact on both sides.
    let z = parallaxis::transform2(SaxpyFunctor { a: 3_u32 }, &xd, &yd).unwrap();
    let want_z: Vec<u32> = x.iter().zip(&y).map(|(&a, &b)| 3 * a + b).collect();
    assert_eq!(z.to_vec().unwrap(), want_z, "{at}: saxpy");

    let scan = parallaxis::inclusive_scan(Sum, &z).unwrap();
    let want_scan: Vec<u32> = want_z
        .iter()
        .scan(0_u32, |s, &v| {
            *s = s.wrapping_add(v);
            Some(*s)
        })
        .collect();
    assert_eq!(scan.to_vec().unwrap(), want_scan, "{at}: inclusive scan");

    let mut ex = Dv::<u32>::zeros(n).unwrap();
    parallaxis::exclusive_scan_into(Sum, 7, &xd, &mut ex).unwrap();
    let ex = ex.to_vec().unwrap();
    let mut acc = 7_u32;
    for (i, (&got, &v)) in ex.iter().zip(&x).enumerate() {
        assert_eq!(got, acc, "{at}: exclusive scan at {i}");
        acc = acc.wrapping_add(v);
    }

    let total = x.iter().fold(0_u32, |s, &v| s.wrapping_add(v));
    assert_eq!(parallaxis::reduce(Sum, &xd).unwrap(), total, "{at}: reduce");
    let mut out = Dv::<u32>::zeros(1).unwrap();
    parallaxis::reduce_into(Sum, &xd, &mut out).unwrap();
    assert_eq!(out.to_vec().unwrap(), [total], "{at}: reduce_into");

    let mut sorted = x.clone();
    sorted.sort_unstable();
    assert_eq!(
        parallaxis::sort(&xd).unwrap().to_vec().unwrap(),
        sorted,
        "{at}: sort"
    );
    let (k, v) = parallaxis::sort_by_key(&xd, &yd).unwrap();
    let mut pairs: Vec<(u32, u32)> = x.iter().copied().zip(y.iter().copied()).collect();
    pairs.sort_by_key(|p| p.0); // stable, as the radix sort
    assert_eq!(k.to_vec().unwrap(), sorted, "{at}: sort_by_key keys");
    let want_v: Vec<u32> = pairs.iter().map(|p| p.1).collect();
    assert_eq!(v.to_vec().unwrap(), want_v, "{at}: sort_by_key values");

    let bound = 1 << 19;
    let kept = parallaxis::copy_if(LessThan { bound }, &xd).unwrap();
    let want_kept: Vec<u32> = x.iter().copied().filter(|&v| v < bound).collect();
    assert_eq!(kept.to_vec().unwrap(), want_kept, "{at}: copy_if");

    let mut filled = Dv::<u32>::zeros(n).unwrap();
    filled.buffer_mut().fill(r as u32).unwrap();
    assert!(
        filled.to_vec().unwrap().iter().all(|&v| v == r as u32),
        "{at}: fill"
    );
}

#[test]
fn many_algorithms_on_four_streams_from_eight_threads_match_the_host() {
    require_gpu!();
    let streams: Vec<Stream> = (0..4).map(|_| Stream::new().unwrap()).collect();
    // Eight threads, two on each stream: a stream's users share its working memory.
    std::thread::scope(|s| {
        for t in 0..8 {
            let stream = &streams[t % 4];
            s.spawn(move || {
                for r in 0..6 {
                    stream
                        .run(|| {
                            round(t, r);
                            Ok(())
                        })
                        .unwrap();
                }
            });
        }
    });
}

#[test]
fn nested_scopes_and_work_outside_them_stay_ordered() {
    require_gpu!();
    let n = 3_000_017;
    let x = values(n, 11);
    let total = x.iter().fold(0_u32, |s, &v| s.wrapping_add(v));
    // Made on the legacy stream, used on two streams, read back on the legacy stream.
    let xd = Dv::from_slice(&x).unwrap();
    let (mut a, mut b) = (Dv::<u32>::zeros(1).unwrap(), Dv::<u32>::zeros(n).unwrap());
    let (s1, s2) = (Stream::new().unwrap(), Stream::new().unwrap());
    let scanned = s1
        .run(|| {
            parallaxis::reduce_into(Sum, &xd, &mut a)?;
            s2.run(|| parallaxis::inclusive_scan_into(Sum, &xd, &mut b))?;
            // Made on s1, returned out of the scope.
            parallaxis::inclusive_scan(Sum, &xd)
        })
        .unwrap();
    assert_eq!(a.to_vec().unwrap(), [total]);
    assert_eq!(b.to_vec().unwrap().last(), Some(&total));
    assert_eq!(scanned.to_vec().unwrap(), b.to_vec().unwrap());
}

#[test]
fn a_scope_that_unwinds_waits_for_its_work() {
    require_gpu!();
    let n = 5_000_000;
    let xd = Dv::from_slice(&values(n, 5)).unwrap();
    let stream = Stream::new().unwrap();
    let unwound = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        stream
            .run(|| -> parallaxis::Result<()> {
                let y = parallaxis::inclusive_scan(Sum, &xd)?;
                drop(y); // freed on the stream, after the scan
                panic!("the closure fails after queueing");
            })
            .ok();
    }));
    assert!(unwound.is_err());
    // The stream and the device are fine: a new round on the same stream.
    stream
        .run(|| {
            round(99, 0);
            Ok(())
        })
        .unwrap();
}

#[test]
fn streams_are_reused_and_a_scope_returns_the_closures_error() {
    require_gpu!();
    for i in 0..64 {
        let s = Stream::new().unwrap();
        let short = Dv::<u32>::zeros(3).unwrap();
        let mut long = Dv::<u32>::zeros(4).unwrap();
        let e = s
            .run(|| parallaxis::inclusive_scan_into(Sum, &short, &mut long))
            .unwrap_err();
        assert!(
            matches!(e, Error::LengthMismatch { .. }),
            "stream {i}: {e:?}"
        );
    }
}

#[test]
fn pinned_copies_on_two_streams_round_trip() {
    require_gpu!();
    let n = 1 << 22;
    let x = values(n, 21);
    let src = PinnedBuffer::from_slice(&x).unwrap();
    let mut dst = PinnedBuffer::<u32>::zeroed(n).unwrap();
    let mut d = Dv::<u32>::zeros(n).unwrap();
    let (s1, s2) = (Stream::new().unwrap(), Stream::new().unwrap());
    s1.run(|| d.copy_from_pinned(&src)).unwrap();
    // Queued without waiting: `dst` waits for the copy when read.
    s2.run(|| d.copy_to_pinned(&mut dst)).unwrap();
    assert_eq!(dst.as_slice().unwrap(), &x[..]);
    // Outside any scope (legacy stream), and lengths that disagree.
    let mut short = PinnedBuffer::<u32>::zeroed(n - 1).unwrap();
    assert!(matches!(
        d.copy_to_pinned(&mut short),
        Err(Error::LengthMismatch { .. })
    ));
    let mut again = PinnedBuffer::<u32>::zeroed(n).unwrap();
    d.copy_to_pinned(&mut again).unwrap();
    assert_eq!(again.as_mut_slice().unwrap(), &x[..]);
}

/// A graph of `reduce_into` and `inclusive_scan_into` over `x`, into `total` and `scan`.
fn record_sum_and_scan(s: &Stream, x: &Dv<u32>, total: &mut Dv<u32>, scan: &mut Dv<u32>) -> Graph {
    s.capture(|| {
        parallaxis::reduce_into(Sum, x, total)?;
        parallaxis::inclusive_scan_into(Sum, x, scan)
    })
    .unwrap()
}

#[test]
fn graphs_replay_reductions_and_scans_over_new_inputs() {
    require_gpu!();
    // Past one scan tile, so the scan's tiles look back at each other.
    let n = 2_000_003;
    let mut xd = Dv::<u32>::zeros(n).unwrap();
    let (mut total, mut scan) = (Dv::<u32>::zeros(1).unwrap(), Dv::<u32>::zeros(n).unwrap());
    let stream = Stream::new().unwrap();
    let graph = record_sum_and_scan(&stream, &xd, &mut total, &mut scan);
    assert_eq!(total.to_vec().unwrap(), [0], "recording runs nothing");
    let mut last = Vec::new();
    for r in 0..5 {
        let x = values(n, 300 + r);
        xd.buffer_mut().copy_from_slice(&x).unwrap();
        // Replays on the legacy stream and on a stream.
        if r % 2 == 0 {
            graph.launch().unwrap();
        } else {
            stream.run(|| graph.launch()).unwrap();
        }
        let mut acc = 0_u32;
        let want: Vec<u32> = x
            .iter()
            .map(|&v| {
                acc = acc.wrapping_add(v);
                acc
            })
            .collect();
        assert_eq!(total.to_vec().unwrap(), [acc], "replay {r}: total");
        assert_eq!(scan.to_vec().unwrap(), want, "replay {r}: scan");
        last = want;
    }
    // Ordinary scans on the same stream between replays use the stream's own look-back
    // words, and the replays theirs.
    let mut other = Dv::<u32>::zeros(n).unwrap();
    for _ in 0..3 {
        stream
            .run(|| {
                parallaxis::inclusive_scan_into(Sum, &xd, &mut other)?;
                graph.launch()?;
                parallaxis::inclusive_scan_into(Sum, &xd, &mut other)
            })
            .unwrap();
        assert_eq!(scan.to_vec().unwrap(), last);
        assert_eq!(other.to_vec().unwrap(), last);
    }
}

#[test]
fn a_graph_keeps_the_buffers_it_uses_alive() {
    require_gpu!();
    let n = 1 << 20;
    let x = values(n, 77);
    let total = x.iter().fold(0_u32, |s, &v| s.wrapping_add(v));
    let xd = Dv::from_slice(&x).unwrap();
    let mut out = Dv::<u32>::zeros(1).unwrap();
    let stream = Stream::new().unwrap();
    let owned = Dv::from_slice(&x).unwrap();
    let graph = stream
        .capture(|| {
            // A temporary made and dropped while recording, and a buffer moved in and dropped.
            let doubled = parallaxis::transform2(SaxpyFunctor { a: 1_u32 }, &xd, &owned)?;
            drop(owned);
            parallaxis::reduce_into(Sum, &doubled, &mut out)
        })
        .unwrap();
    // `xd` is dropped too; new buffers would reuse freed memory if the graph did not keep it.
    drop(xd);
    let others: Vec<Dv<u32>> = (0..8).map(|_| Dv::<u32>::filled(n, 9).unwrap()).collect();
    for _ in 0..3 {
        graph.launch().unwrap();
        assert_eq!(out.to_vec().unwrap(), [total.wrapping_mul(2)]);
    }
    drop(graph);
    drop(others);
}

#[test]
fn calls_that_hand_values_to_the_host_fail_the_recording() {
    require_gpu!();
    let xd = Dv::from_slice(&values(1000, 3)).unwrap();
    let stream = Stream::new().unwrap();
    let e = stream
        .capture(|| parallaxis::reduce(Sum, &xd).map(drop))
        .unwrap_err();
    assert!(matches!(e, Error::Unrecordable { .. }), "{e:?}");
    // Swallowed by the closure: the recording fails anyway.
    let e = stream
        .capture(|| {
            assert!(matches!(xd.to_vec(), Err(Error::Unrecordable { .. })));
            Ok(())
        })
        .unwrap_err();
    assert!(matches!(e, Error::Unrecordable { .. }), "{e:?}");
    // A closure's own error ends the recording with it.
    let e = stream
        .capture(|| {
            Err(Error::InvalidArgument {
                what: "test",
                reason: "the closure's",
            })
        })
        .unwrap_err();
    assert!(
        matches!(e, Error::InvalidArgument { what: "test", .. }),
        "{e:?}"
    );
    // The stream works as before.
    let got = stream.run(|| parallaxis::reduce(Sum, &xd)).unwrap();
    assert_eq!(got, parallaxis::reduce(Sum, &xd).unwrap());
}
