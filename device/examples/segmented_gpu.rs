//! GPU check of the segmented family against `parallaxis_core::reference`, bit for bit:
//! `scan_by_flags`, `scan_by_keys`, `scan_by_offsets` (inclusive and exclusive),
//! `segmented_reduce` and `reduce_by_key`, over sizes 0, 1, 31, 32, 33, tile ± 1, many tiles
//! plus an odd remainder and ~2^24, and segment layouts with one segment, one per element,
//! boundaries on tile edges, random lengths, and (offsets) empty segments.
//!
//! ```sh
//! cargo build --release -p parallaxis-device --example segmented_gpu
//! segmented_gpu            # the full check
//! segmented_gpu --small    # sizes up to a few tiles (for compute-sanitizer)
//! segmented_gpu --bench    # 2^28 f32 timings, segment lengths 32 and 1000
//! segmented_gpu --large    # n = 2^31 + 12345 (u32 Sum by flags and offsets)
//! ```
//!
//! Values: f32 on a dyadic grid with signed zeros (every sum exact, so any association gives
//! the reference's bits), i64 / u32 / u64 spanning the whole range (wrapping), i32 Max,
//! f64 Min, and `Affine` over `AffineMap<i64>` (non-commutative: proves operand order).

use parallaxis_core::reference::{self, ScanKind};
use parallaxis_core::{Affine, AffineMap, DeviceCopy, Max, Min, Sum};
use parallaxis_device::{self as dev, Device, DeviceBuffer, GpuTimer, KeyKernel, SegmentedKernel};
use std::process::ExitCode;

/// splitmix64: deterministic pseudo-random words.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The bytes of a slice of plain data (every instantiated type has no padding).
fn bytes<T: DeviceCopy>(v: &[T]) -> &[u8] {
    // SAFETY: `DeviceCopy` types are plain data; the instantiated ones have no padding, so
    // every byte is initialised; the length covers exactly the slice.
    unsafe { std::slice::from_raw_parts(v.as_ptr().cast::<u8>(), std::mem::size_of_val(v)) }
}

/// Pass/fail counters.
#[derive(Default)]
struct Report {
    pass: usize,
    fail: usize,
}

impl Report {
    fn check<T: DeviceCopy + std::fmt::Debug>(&mut self, what: &str, got: &[T], want: &[T]) {
        if got.len() == want.len() && bytes(got) == bytes(want) {
            self.pass += 1;
            return;
        }
        self.fail += 1;
        let first = (0..got.len().min(want.len()))
            .find(|&i| bytes(&got[i..=i]) != bytes(&want[i..=i]))
            .unwrap_or(got.len().min(want.len()));
        println!(
            "FAIL {what}: len {} vs {}, first difference at {first}: got {:?} want {:?}",
            got.len(),
            want.len(),
            got.get(first),
            want.get(first)
        );
    }

    fn error(&mut self, what: &str, e: dev::Error) {
        self.fail += 1;
        println!("FAIL {what}: {e}");
    }
}

/// Segment heads (`true` at each segment start; index 0 always true) of a layout.
fn layout_heads(layout: &str, n: usize, tile: usize, seed: u64) -> Vec<bool> {
    (0..n)
        .map(|i| {
            i == 0
                || match layout {
                    "one" => false,
                    "each" => true,
                    "tile_edges" => i % tile == 0 || i % tile == tile - 1 || i % tile == 1,
                    "len32" => i % 32 == 0,
                    "len1000" => i % 1000 == 0,
                    _ => mix(seed ^ i as u64) % 37 == 0,
                }
        })
        .collect()
}

/// Keys whose runs are the segments of `heads` (segment number, as `K` by `from_id`).
fn keys_of<K>(heads: &[bool], from_id: impl Fn(u64) -> K) -> Vec<K> {
    let mut id = 0_u64;
    heads
        .iter()
        .enumerate()
        .map(|(i, &h)| {
            if h && i > 0 {
                id += 1;
            }
            from_id(id)
        })
        .collect()
}

/// Offsets of the segments of `heads`, with empty segments inserted (at the start, the end
/// and at random heads) when `empties`.
fn offsets_of(heads: &[bool], empties: bool, seed: u64) -> Vec<usize> {
    let n = heads.len();
    let mut o = vec![0];
    if empties {
        o.push(0);
    }
    for (i, &h) in heads.iter().enumerate().skip(1) {
        if h {
            o.push(i);
            if empties && mix(seed ^ i as u64) % 3 == 0 {
                o.push(i);
            }
        }
    }
    if n > 0 {
        o.push(n);
    }
    if empties {
        o.push(n);
    }
    o
}

/// Every segmented operation for one (monoid, type) on one size and layout.
#[allow(clippy::too_many_arguments)]
fn check_all<T, M>(
    rep: &mut Report,
    name: &str,
    m: M,
    init: T,
    xs: &[T],
    heads: &[bool],
    layout: &str,
    seed: u64,
) where
    T: DeviceCopy + std::fmt::Debug,
    M: SegmentedKernel<T>,
{
    let n = xs.len();
    let tag = |op: &str| format!("{op} {name} n={n} {layout}");
    let mut run = || -> Result<(), dev::Error> {
        let x = DeviceBuffer::from_slice(xs)?;
        let mut y = DeviceBuffer::<T>::zeroed(n)?;
        // Flags: the head at 0 is left unset half the time (index 0 starts a segment anyway).
        let mut flags = heads.to_vec();
        if n > 0 && seed % 2 == 0 {
            flags[0] = false;
        }
        let f = DeviceBuffer::from_slice(&flags)?;
        let keys32 = keys_of(heads, |id| id as u32);
        let keys8 = keys_of(heads, |id| (id % 3) as u8);
        let keys64 = keys_of(heads, |id| (id as i64).wrapping_mul(-0x1234_5678_9abc));
        let (k32, k8, k64) = (
            DeviceBuffer::from_slice(&keys32)?,
            DeviceBuffer::from_slice(&keys8)?,
            DeviceBuffer::from_slice(&keys64)?,
        );
        let offsets = offsets_of(heads, layout == "random", seed);
        let o = DeviceBuffer::from_slice(&offsets)?;
        let mut want = vec![init; n];
        for kind in [ScanKind::Inclusive, ScanKind::Exclusive(init)] {
            let (k, seed_of) = match kind {
                ScanKind::Inclusive => ("incl", None),
                ScanKind::Exclusive(v) => ("excl", Some(v)),
            };
            reference::scan_by_flags(m, &flags, xs, &mut want, kind);
            dev::scan_by_flags(m, &f, &x, &mut y, seed_of)?;
            rep.check(&tag(&format!("scan_by_flags {k}")), &y.to_vec()?, &want);
            reference::scan_by_keys(m, &keys32, xs, &mut want, kind);
            dev::scan_by_keys(m, &k32, &x, &mut y, seed_of)?;
            rep.check(&tag(&format!("scan_by_keys<u32> {k}")), &y.to_vec()?, &want);
            reference::scan_by_keys(m, &keys8, xs, &mut want, kind);
            dev::scan_by_keys(m, &k8, &x, &mut y, seed_of)?;
            rep.check(&tag(&format!("scan_by_keys<u8> {k}")), &y.to_vec()?, &want);
            reference::scan_by_offsets(m, &offsets, xs, &mut want, kind);
            dev::scan_by_offsets(m, &o, &x, &mut y, seed_of)?;
            rep.check(&tag(&format!("scan_by_offsets {k}")), &y.to_vec()?, &want);
        }
        let segs = offsets.len() - 1;
        let mut want = vec![init; segs];
        reference::segmented_reduce(m, &offsets, xs, &mut want);
        let mut r = DeviceBuffer::<T>::zeroed(segs)?;
        dev::segmented_reduce(m, &o, &x, &mut r)?;
        rep.check(&tag("segmented_reduce"), &r.to_vec()?, &want);
        rbk(
            rep,
            &tag("reduce_by_key<i64>"),
            m,
            init,
            &keys64,
            &k64,
            xs,
            &x,
        )?;
        rbk(rep, &tag("reduce_by_key<u8>"), m, init, &keys8, &k8, xs, &x)?;
        Ok(())
    };
    let outcome = run();
    if let Err(e) = outcome {
        rep.error(&tag("segmented"), e);
    }
}

/// `reduce_by_key` with one key type against the reference.
#[allow(clippy::too_many_arguments)]
fn rbk<K, T, M>(
    rep: &mut Report,
    what: &str,
    m: M,
    init: T,
    keys: &[K],
    k: &DeviceBuffer<K>,
    xs: &[T],
    x: &DeviceBuffer<T>,
) -> Result<(), dev::Error>
where
    K: KeyKernel + std::fmt::Debug,
    T: DeviceCopy + std::fmt::Debug,
    M: SegmentedKernel<T>,
{
    let n = xs.len();
    let mut wk = keys.to_vec();
    let mut wv = vec![init; n];
    let runs = reference::reduce_by_key(m, keys, xs, &mut wk, &mut wv);
    let (gk, gv) = dev::reduce_by_key(m, k, x)?;
    rep.check(&format!("{what} keys"), &gk.to_vec()?, &wk[..runs]);
    rep.check(&format!("{what} values"), &gv.to_vec()?, &wv[..runs]);
    Ok(())
}

/// Dyadic f32 in [-4, 4) in steps of 1/8, zero as -0.0 half the time.
fn dyadic(w: u64) -> f32 {
    let v = ((w % 64) as f32 - 32.0) / 8.0;
    if v == 0.0 && (w >> 7) % 2 == 0 {
        -0.0
    } else {
        v
    }
}

/// Every (monoid, type) of the test on size `n` and `layout`; `wide`: all of them.
fn run_size(rep: &mut Report, n: usize, layout: &str, wide: bool) {
    let seed = mix(n as u64 ^ layout.len() as u64);
    let w: Vec<u64> = (0..n as u64).map(|i| mix(seed ^ i)).collect();
    let f32s: Vec<f32> = w.iter().map(|&v| dyadic(v)).collect();
    let i64s: Vec<i64> = w.iter().map(|&v| v as i64).collect();
    let aff: Vec<AffineMap<i64>> = w
        .iter()
        .map(|&v| AffineMap::new((v % 7) as i64 - 3, (v >> 8) as i64 % 1000))
        .collect();
    let tile4 = 4096;
    let heads = layout_heads(layout, n, tile4, seed);
    check_all(rep, "Sum<f32>", Sum, -0.0_f32, &f32s, &heads, layout, seed);
    check_all(rep, "Sum<i64>", Sum, 7_i64, &i64s, &heads, layout, seed);
    let aff_heads = layout_heads(layout, n, 1024, seed);
    check_all(
        rep,
        "Affine<i64>",
        Affine,
        AffineMap::new(2, -1),
        &aff,
        &aff_heads,
        layout,
        seed,
    );
    if wide {
        let u32s: Vec<u32> = w.iter().map(|&v| v as u32).collect();
        let u64s: Vec<u64> = w.clone();
        let i32s: Vec<i32> = w.iter().map(|&v| (v >> 3) as i32).collect();
        let f64s: Vec<f64> = f32s.iter().map(|&v| f64::from(v)).collect();
        check_all(rep, "Sum<u32>", Sum, 3_u32, &u32s, &heads, layout, seed);
        // Float Min/Max are IEEE minNum/maxNum, which leave the sign of a zero result
        // unspecified (the CPU and the GPU's min.f32 differ), so no signed zeros here.
        let unsigned: Vec<f32> = f32s
            .iter()
            .map(|&v| if v == 0.0 { 0.0 } else { v })
            .collect();
        check_all(
            rep,
            "Max<f32>",
            Max,
            f32::MIN,
            &unsigned,
            &heads,
            layout,
            seed,
        );
        check_all(
            rep, "Min<f32>", Min, 1.5_f32, &unsigned, &heads, layout, seed,
        );
        check_all(rep, "Max<i32>", Max, 0_i32, &i32s, &heads, layout, seed);
        let heads8 = layout_heads(layout, n, 2048, seed);
        check_all(
            rep,
            "Min<u64>",
            Min,
            u64::MAX / 2,
            &u64s,
            &heads8,
            layout,
            seed,
        );
        check_all(rep, "Sum<f64>", Sum, 0.5_f64, &f64s, &heads8, layout, seed);
    }
}

/// n = 2^31 + 12345: u32 Sum by flags (inclusive) and segmented reduce, against the
/// reference (64-bit indices, tile counts and offsets).
fn large(rep: &mut Report) {
    let n = (1_usize << 31) + 12345;
    let mut run = || -> Result<(), dev::Error> {
        let xs: Vec<u32> = (0..n as u64).map(|i| (mix(i) >> 40) as u32).collect();
        let heads: Vec<bool> = (0..n)
            .map(|i| i == 0 || mix(i as u64 ^ 77) % 1001 == 0)
            .collect();
        let x = DeviceBuffer::from_slice(&xs)?;
        let f = DeviceBuffer::from_slice(&heads)?;
        let mut y = DeviceBuffer::<u32>::zeroed(n)?;
        dev::scan_by_flags(Sum, &f, &x, &mut y, Some(5))?;
        drop(f);
        let mut want = vec![0_u32; n];
        reference::scan_by_flags(Sum, &heads, &xs, &mut want, ScanKind::Exclusive(5));
        rep.check(
            "scan_by_flags excl Sum<u32> n=2^31+12345",
            &y.to_vec()?,
            &want,
        );
        drop(y);
        let offsets = offsets_of(&heads, true, 9);
        drop(heads);
        let o = DeviceBuffer::from_slice(&offsets)?;
        let mut r = DeviceBuffer::<u32>::zeroed(offsets.len() - 1)?;
        dev::segmented_reduce(Sum, &o, &x, &mut r)?;
        let mut want = vec![0_u32; offsets.len() - 1];
        reference::segmented_reduce(Sum, &offsets, &xs, &mut want);
        rep.check(
            "segmented_reduce Sum<u32> n=2^31+12345",
            &r.to_vec()?,
            &want,
        );
        Ok(())
    };
    let outcome = run();
    if let Err(e) = outcome {
        rep.error("large", e);
    }
}

const WARMUPS: usize = 3;
const RUNS: usize = 20;

/// Median of `RUNS` timed calls after `WARMUPS`, and GB/s of `bytes` at the median.
fn measure(
    timer: &GpuTimer,
    name: &str,
    bytes: f64,
    mut f: impl FnMut() -> dev::Result<()>,
) -> dev::Result<()> {
    for _ in 0..WARMUPS {
        f()?;
    }
    let mut ms = Vec::with_capacity(RUNS);
    for _ in 0..RUNS {
        ms.push(timer.time(&mut f)?.0);
    }
    ms.sort_by(f32::total_cmp);
    let median = f64::from(ms[RUNS / 2 - 1] + ms[RUNS / 2]) / 2.0;
    println!(
        "BENCH {name:<40} median {median:>8.3} ms  best {:>8.3} ms  {:>7.1} GB/s",
        ms[0],
        bytes / median / 1e6
    );
    Ok(())
}

/// 2^28 f32 values, u32 keys, segment lengths 32 and 1000.
fn bench(device: &'static Device) -> dev::Result<()> {
    let n = 1_usize << 28;
    let xs: Vec<f32> = (0..n as u64).map(|i| dyadic(mix(i))).collect();
    let x = DeviceBuffer::from_slice(&xs)?;
    drop(xs);
    let mut y = DeviceBuffer::<f32>::zeroed(n)?;
    let timer = GpuTimer::new(device)?;
    let nb = n as f64;
    for len in [32_usize, 1000] {
        let heads: Vec<bool> = (0..n).map(|i| i % len == 0).collect();
        let keys: Vec<u32> = (0..n).map(|i| (i / len) as u32).collect();
        let offsets: Vec<usize> = (0..n.div_ceil(len)).map(|s| s * len).chain([n]).collect();
        let runs = offsets.len() - 1;
        let f = DeviceBuffer::from_slice(&heads)?;
        let k = DeviceBuffer::from_slice(&keys)?;
        let o = DeviceBuffer::from_slice(&offsets)?;
        println!("\nn = 2^28 f32, segment length {len} ({runs} segments), median of {RUNS}:");
        measure(
            &timer,
            "scan_by_keys incl (u32 keys, 12n B)",
            12.0 * nb,
            || dev::scan_by_keys(Sum, &k, &x, &mut y, None),
        )?;
        measure(
            &timer,
            "scan_by_flags incl (bool flags, 9n B)",
            9.0 * nb,
            || dev::scan_by_flags(Sum, &f, &x, &mut y, None),
        )?;
        let ob = 8.0 * (runs + 1) as f64;
        measure(
            &timer,
            "scan_by_offsets incl (8n + offsets B)",
            8.0 * nb + ob,
            || dev::scan_by_offsets(Sum, &o, &x, &mut y, None),
        )?;
        let rb = 8.0 * nb + 8.0 * runs as f64;
        measure(&timer, "reduce_by_key (8n + 8 runs B)", rb, || {
            dev::reduce_by_key(Sum, &k, &x).map(|_| ())
        })?;
        let mut r = DeviceBuffer::<f32>::zeroed(runs)?;
        measure(
            &timer,
            "segmented_reduce (4n + 12 segs B)",
            4.0 * nb + 12.0 * runs as f64,
            || dev::segmented_reduce(Sum, &o, &x, &mut r),
        )?;
    }
    let mut z = DeviceBuffer::<f32>::zeroed(n)?;
    measure(&timer, "copy roof (cuMemcpyDtoD, 8n B)", 8.0 * nb, || {
        z.copy_from(&x)
    })?;
    measure(&timer, "inclusive_scan Sum (8n B)", 8.0 * nb, || {
        dev::inclusive_scan(Sum, &x, &mut z)
    })?;
    Ok(())
}

fn main() -> ExitCode {
    let arg = |a: &str| std::env::args().any(|x| x == a);
    let device = match Device::default_device() {
        Ok(d) => d,
        Err(e) => {
            eprintln!("segmented_gpu: no GPU: {e}");
            return ExitCode::from(2);
        }
    };
    println!(
        "device {}: {}",
        device.ordinal(),
        device.name().unwrap_or_default()
    );
    let mut rep = Report::default();
    if arg("--bench") {
        if let Err(e) = bench(device) {
            rep.error("bench", e);
        }
    } else if arg("--large") {
        large(&mut rep);
    } else {
        let small = arg("--small");
        let mut sizes = vec![0, 1, 33, 1025, 4097];
        let mut layouts = vec!["each", "tile_edges", "random"];
        if !small {
            sizes.extend([31, 32, 1023, 1024, 2047, 2049, 4095, 4096]);
            sizes.extend([37 * 4096 + 123, 3 * 4096 * 64 + 4097]);
            layouts.extend(["one", "len32"]);
        }
        for &n in &sizes {
            for &layout in &layouts {
                run_size(&mut rep, n, layout, true);
            }
        }
        if !small {
            let n = (1 << 24) + 77;
            for layout in ["one", "tile_edges", "random", "len1000"] {
                run_size(&mut rep, n, layout, false);
            }
        }
    }
    println!("segmented_gpu: {} passed, {} failed", rep.pass, rep.fail);
    if rep.fail == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
