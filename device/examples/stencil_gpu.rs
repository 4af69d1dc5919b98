//! GPU check and timing of the stencil kernels against `parallaxis_core::reference::stencil`.
//!
//! ```sh
//! cargo build --release -p parallaxis-device --example stencil_gpu
//! stencil_gpu            # every case, n > 2^31, timings
//! stencil_gpu --small    # the small cases only (for compute-sanitizer)
//! stencil_gpu --bench    # the timings only
//! ```
//!
//! Every result is compared with the reference bit for bit: integers wrap identically, and
//! floats (dyadic and general) must match too because each point folds the reference's
//! terms in the reference's order. Exits non-zero on any mismatch.

use parallaxis_core::{
    reference, Boundary, DeviceCopy, MaxTimes, MinPlus, PlusTimes, Sequence, Stencil,
};
use parallaxis_device::{self as dev, Device, DeviceBuffer, GpuTimer, StencilKernel};
use std::process::ExitCode;

const BOUNDARIES: [Boundary; 3] = [Boundary::Zero, Boundary::Clamp, Boundary::Wrap];

/// Element types compared by bit pattern, generated from a random word.
trait Elem: DeviceCopy + core::fmt::Debug {
    fn bits(self) -> u64;
    fn gen(r: u64, kind: u8) -> Self;
}

macro_rules! float_elem {
    ($t:ty, $bits:ty) => {
        impl Elem for $t {
            fn bits(self) -> u64 {
                self.to_bits() as u64
            }
            /// kind 0: dyadic in [-8, 8) (multiples of 1/16); 1: general in [-100, 100);
            /// 2: general in [0, 2).
            fn gen(r: u64, kind: u8) -> Self {
                let u = (r >> 11) as $t / (1u64 << 53) as $t;
                match kind {
                    0 => ((r >> 40) % 256) as $t / 16.0 - 8.0,
                    1 => -100.0 + 200.0 * u,
                    _ => 2.0 * u,
                }
            }
        }
    };
}
float_elem!(f32, u32);
float_elem!(f64, u64);

macro_rules! int_elem {
    ($($t:ty),*) => { $(
        impl Elem for $t {
            fn bits(self) -> u64 {
                self as u64
            }
            fn gen(r: u64, _: u8) -> Self {
                r as $t
            }
        }
    )* };
}
int_elem!(i32, u32, i64, u64);

/// splitmix64.
fn random(n: usize, seed: u64) -> impl Iterator<Item = u64> {
    let mut s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xD1B5_4A32_D192_ED03;
    (0..n).map(move |_| {
        s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = s;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    })
}

fn values<T: Elem>(n: usize, seed: u64, kind: u8) -> Vec<T> {
    random(n, seed).map(|r| T::gen(r, kind)).collect()
}

#[derive(Default)]
struct Report {
    passed: usize,
    failed: usize,
}

impl Report {
    fn check<T, S, const D: usize, const K: usize>(
        &mut self,
        s: S,
        offsets: [[i32; D]; K],
        b: Boundary,
        shape: [usize; D],
        kind: u8,
        seed: u64,
    ) where
        T: Elem,
        S: StencilKernel<T>,
    {
        let n: usize = shape.iter().product();
        let x = values::<T>(n, seed, kind);
        let w: Vec<T> = values(K, seed ^ 0x55, kind);
        let st = Stencil::new(offsets, core::array::from_fn(|k| w[k]));
        let mut want = vec![s.zero(); n];
        reference::stencil(s, &st, b, shape, &x, &mut want);
        let what = format!(
            "{} {} K={K} {b:?} {shape:?} kind {kind}",
            std::any::type_name::<S>().rsplit("::").next().unwrap_or(""),
            std::any::type_name::<T>()
        );
        let run = || -> dev::Result<Vec<T>> {
            let xd = DeviceBuffer::from_slice(&x)?;
            // Stale contents: every point must be written.
            let mut yd = DeviceBuffer::from_slice(&x)?;
            dev::stencil(s, &st, b, shape, &xd, &mut yd)?;
            yd.to_vec()
        };
        match run() {
            Err(e) => {
                self.failed += 1;
                println!("FAIL {what}: {e}");
            }
            Ok(got) => match (0..n).find(|&i| got[i].bits() != want[i].bits()) {
                Some(i) => {
                    self.failed += 1;
                    println!("FAIL {what}: [{i}] got {:?} want {:?}", got[i], want[i]);
                }
                None => self.passed += 1,
            },
        }
    }

    /// Every semiring/type pair the suite covers, on one stencil and shape.
    fn all<const D: usize, const K: usize>(
        &mut self,
        offsets: [[i32; D]; K],
        shape: [usize; D],
        seed: u64,
    ) {
        for b in BOUNDARIES {
            self.check::<f32, _, D, K>(PlusTimes, offsets, b, shape, 0, seed);
            self.check::<f32, _, D, K>(PlusTimes, offsets, b, shape, 1, seed);
            self.check::<f64, _, D, K>(PlusTimes, offsets, b, shape, 1, seed);
            self.check::<i32, _, D, K>(PlusTimes, offsets, b, shape, 0, seed);
            self.check::<i64, _, D, K>(PlusTimes, offsets, b, shape, 0, seed);
            self.check::<u32, _, D, K>(PlusTimes, offsets, b, shape, 0, seed);
            self.check::<u64, _, D, K>(PlusTimes, offsets, b, shape, 0, seed);
            self.check::<f32, _, D, K>(MinPlus, offsets, b, shape, 1, seed);
            self.check::<f64, _, D, K>(MinPlus, offsets, b, shape, 1, seed);
            self.check::<f32, _, D, K>(MaxTimes, offsets, b, shape, 2, seed);
            self.check::<f64, _, D, K>(MaxTimes, offsets, b, shape, 2, seed);
        }
    }
}

/// Dense centred mask offsets of `h × w` (row-major).
fn dense_2d<const K: usize>(h: i32, w: i32) -> [[i32; 2]; K] {
    core::array::from_fn(|k| [k as i32 / w - h / 2, k as i32 % w - w / 2])
}

fn dense_1d<const K: usize>() -> [[i32; 1]; K] {
    core::array::from_fn(|k| [k as i32 - K as i32 / 2])
}

fn dense_3d<const K: usize>() -> [[i32; 3]; K] {
    core::array::from_fn(|k| [k as i32 / 9 - 1, (k as i32 / 3) % 3 - 1, k as i32 % 3 - 1])
}

/// The 7-point star in the order the march kernel is compiled for.
const SEVEN_POINT: [[i32; 3]; 7] = parallaxis_core::STAR_3D_OFFSETS;

fn correctness(r: &mut Report, small: bool) {
    // 1D.
    let sizes_1d: &[usize] = if small {
        &[1, 2, 31, 33, 2049]
    } else {
        &[1, 2, 31, 32, 33, 2047, 2048, 2049, 5003, 100_003]
    };
    for (i, &n) in sizes_1d.iter().enumerate() {
        let seed = i as u64;
        r.all([[0]], [n], seed);
        r.all([[-1], [0], [1]], [n], seed);
        r.all([[-3], [0], [1], [2], [7]], [n], seed);
        r.all(dense_1d::<9>(), [n], seed);
        r.all([[-40], [0], [35]], [n], seed);
        if !small {
            r.all(dense_1d::<25>(), [n], seed);
            r.all(dense_1d::<41>(), [n], seed); // > 32 taps: taps from a device buffer
        }
    }
    // 2D.
    let shapes_2d: &[[usize; 2]] = if small {
        &[[1, 1], [2, 2], [33, 31], [40, 70]]
    } else {
        &[
            [1, 1],
            [2, 2],
            [31, 33],
            [32, 32],
            [33, 31],
            [1, 100],
            [100, 1],
            [67, 129],
            [300, 257],
            // The dense-box kernel: strips of 64 rows in blocks of 512, 128 columns each;
            // a partial last strip, aligned rows with an unaligned last strip, wrapped
            // grids smaller than the mask's reach.
            [1100, 260],
            [520, 36],
            [70, 1030],
            [3, 4],
            [5, 3],
        ]
    };
    for (i, &shape) in shapes_2d.iter().enumerate() {
        let seed = 100 + i as u64;
        r.all([[0, 0]], shape, seed);
        r.all([[0, 0], [-1, 0], [1, 0], [0, -1], [0, 1]], shape, seed);
        r.all(dense_2d::<25>(5, 5), shape, seed);
        r.all([[-2, 1], [0, 0], [3, -4]], shape, seed);
        if !small {
            r.all(dense_2d::<9>(3, 3), shape, seed);
            r.all(dense_2d::<15>(3, 5), shape, seed);
            r.all([[-50, 0], [0, 0], [0, 60]], shape, seed);
            // A halo tile too large for shared memory: the untiled path.
            r.all([[-200, 0], [0, 1], [0, 300]], shape, seed);
        }
    }
    // 3D.
    let shapes_3d: &[[usize; 3]] = if small {
        // [36, 20, 136]: the march kernels' inner and edge columns, a partial last z chunk.
        &[[1, 1, 1], [2, 3, 4], [9, 10, 35], [36, 20, 136]]
    } else {
        &[
            [1, 1, 1],
            [2, 3, 4],
            [31, 32, 33],
            [33, 9, 17],
            [8, 8, 32],
            [17, 19, 70],
            [1, 40, 40],
            [40, 1, 1],
            // March kernels: several z chunks, inner and edge columns, partial tiles.
            [70, 37, 132],
            [66, 40, 200],
        ]
    };
    for (i, &shape) in shapes_3d.iter().enumerate() {
        let seed = 200 + i as u64;
        r.all([[0, 0, 0]], shape, seed);
        r.all(SEVEN_POINT, shape, seed);
        r.all(dense_3d::<27>(), shape, seed);
        r.all([[-1, 2, 0], [0, 0, -3], [2, -1, 1]], shape, seed);
        if !small {
            r.all([[-20, 0, 0], [0, 0, 0], [0, 0, 45]], shape, seed);
        }
    }
    if !small {
        // More taps than shared memory takes: taps and grid read from global memory.
        let offs: [[i32; 1]; 1100] = core::array::from_fn(|k| [k as i32 - 550]);
        for b in BOUNDARIES {
            r.check::<i32, _, 1, 1100>(PlusTimes, offs, b, [3001], 0, 7);
            r.check::<f32, _, 1, 1100>(PlusTimes, offs, b, [3001], 1, 7);
        }
    }
}

/// A 1D stencil on `2^31 + 1001` u32 (x[i] = i): sampled points, including those past 2^31.
fn beyond_2_31(r: &mut Report) -> dev::Result<()> {
    let n = (1_usize << 31) + 1001;
    let mut x = DeviceBuffer::<u32>::zeroed(n)?;
    dev::tabulate(
        Sequence {
            start: 0_u32,
            step: 1,
        },
        &mut x,
    )?;
    let mut y = DeviceBuffer::<u32>::zeroed(n)?;
    let st = Stencil::new([[-1], [0], [2]], [3_u32, 5, 7]);
    dev::stencil(PlusTimes, &st, Boundary::Wrap, [n], &x, &mut y)?;
    let got = y.to_vec()?;
    let xv = |i: i64| (i.rem_euclid(n as i64) as u64) as u32;
    let mut bad = 0;
    let samples = [
        0,
        1,
        2,
        n / 2,
        (1 << 31) - 3,
        (1 << 31) - 1,
        1 << 31,
        (1 << 31) + 1,
        n - 2,
        n - 1,
    ];
    for i in samples.into_iter().chain((0..n).step_by(1 << 20)) {
        let i64i = i as i64;
        let want = xv(i64i - 1)
            .wrapping_mul(3)
            .wrapping_add(xv(i64i).wrapping_mul(5))
            .wrapping_add(xv(i64i + 2).wrapping_mul(7));
        if got[i] != want {
            bad += 1;
            if bad < 5 {
                println!("FAIL beyond 2^31: [{i}] got {} want {want}", got[i]);
            }
        }
    }
    if bad == 0 {
        r.passed += 1;
        println!("ok   beyond 2^31: n = {n}");
    } else {
        r.failed += 1;
    }
    Ok(())
}

fn measure(timer: &GpuTimer, name: &str, bytes: f64, mut f: impl FnMut() -> dev::Result<()>) {
    let mut run = || -> dev::Result<()> {
        for _ in 0..3 {
            f()?;
        }
        let mut ms = Vec::new();
        for _ in 0..20 {
            ms.push(timer.time(&mut f)?.0);
        }
        ms.sort_by(f32::total_cmp);
        let median = f64::from(ms[9] + ms[10]) / 2.0;
        let gbs = bytes / median / 1e6;
        println!(
            "BENCH {name:<34} median {median:>8.3} ms  best {:>8.3} ms  {gbs:>7.1} GB/s  {:>5.1}% of 2967",
            ms[0],
            gbs / 2967.0 * 100.0
        );
        Ok(())
    };
    if let Err(e) = run() {
        println!("BENCH {name}: error {e}");
    }
}

/// `st` with its first two taps swapped: the same map (up to float rounding) in an order the
/// special kernels (`stencil_row`, `stencil_box`, `stencil_march`) are not compiled for, so
/// the general kernel runs it, for a same-call comparison.
fn reordered<T: Copy, const D: usize, const K: usize>(st: &Stencil<T, D, K>) -> Stencil<T, D, K> {
    let mut general = *st;
    general.offsets.swap(0, 1);
    general.weights.swap(0, 1);
    general
}

/// Times the (+,×) stencil `st` on `shape` from `x` into `y` (bytes: one read and one write
/// of the grid).
fn measure_stencil<T: DeviceCopy, const D: usize, const K: usize>(
    timer: &GpuTimer,
    name: &str,
    st: &Stencil<T, D, K>,
    boundary: Boundary,
    shape: [usize; D],
    x: &DeviceBuffer<T>,
    y: &mut DeviceBuffer<T>,
) where
    PlusTimes: StencilKernel<T>,
{
    let bytes = 2.0 * (core::mem::size_of::<T>() * x.len()) as f64;
    measure(timer, name, bytes, || {
        dev::stencil(PlusTimes, st, boundary, shape, x, y)
    });
}

fn bench(device: &'static Device) -> dev::Result<()> {
    let timer = GpuTimer::new(device)?;
    let zero = Boundary::Zero;
    {
        let n = 1_usize << 28;
        let x = DeviceBuffer::<f32>::from_slice(&values::<f32>(n, 1, 1))?;
        let mut y = DeviceBuffer::<f32>::zeroed(n)?;
        measure(&timer, "copy DtoD 2^28 f32", 8.0 * n as f64, || {
            y.copy_from(&x)
        });
        let conv1 = Stencil::new(dense_1d::<9>(), [0.1_f32; 9]);
        let (x, y) = (&x, &mut y);
        measure_stencil(&timer, "1D 9-tap conv 2^28 f32", &conv1, zero, [n], x, y);
        let general = reordered(&conv1);
        measure_stencil(
            &timer,
            "1D 9-tap conv 2^28 f32 general",
            &general,
            zero,
            [n],
            x,
            y,
        );
        let box5 = Stencil::new(dense_2d::<25>(5, 5), [0.04_f32; 25]);
        let side = 1 << 14;
        measure_stencil(
            &timer,
            "2D 5x5 conv 16384^2 f32",
            &box5,
            zero,
            [side, side],
            x,
            y,
        );
    }
    {
        let n = 8192 * 8192;
        let x = DeviceBuffer::<f32>::from_slice(&values::<f32>(n, 2, 1))?;
        let mut y = DeviceBuffer::<f32>::zeroed(n)?;
        let (x, y, shape) = (&x, &mut y, [8192, 8192]);
        let box5 = Stencil::new(dense_2d::<25>(5, 5), [0.04_f32; 25]);
        measure_stencil(&timer, "2D 5x5 conv 8192^2 f32", &box5, zero, shape, x, y);
        let box3 = Stencil::new(dense_2d::<9>(3, 3), [0.1_f32; 9]);
        let clamp = Boundary::Clamp;
        measure_stencil(&timer, "2D 3x3 conv 8192^2 f32", &box3, clamp, shape, x, y);
        // Rows that are not whole 16-byte chunks: the box kernel's scalar half-strips.
        let xs = DeviceBuffer::<f32>::from_slice(&values::<f32>(8192 * 8191, 4, 1))?;
        let mut ys = DeviceBuffer::<f32>::zeroed(8192 * 8191)?;
        let name = "2D 5x5 conv 8192x8191 f32 unaligned";
        measure_stencil(&timer, name, &box5, zero, [8192, 8191], &xs, &mut ys);
    }
    {
        let n = 512 * 512 * 512;
        let x = DeviceBuffer::<f32>::from_slice(&values::<f32>(n, 3, 1))?;
        let mut y = DeviceBuffer::<f32>::zeroed(n)?;
        let (x, y, shape) = (&x, &mut y, [512, 512, 512]);
        let star = Stencil::new(SEVEN_POINT, [-6.0_f32, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]);
        let box27 = Stencil::new(dense_3d::<27>(), [0.03_f32; 27]);
        measure_stencil(&timer, "3D 7-point 512^3 f32", &star, zero, shape, x, y);
        measure_stencil(&timer, "3D 27-point 512^3 f32", &box27, zero, shape, x, y);
        let (star_g, box27_g) = (reordered(&star), reordered(&box27));
        measure_stencil(
            &timer,
            "3D 7-point 512^3 f32 general",
            &star_g,
            zero,
            shape,
            x,
            y,
        );
        measure_stencil(
            &timer,
            "3D 27-point 512^3 f32 general",
            &box27_g,
            zero,
            shape,
            x,
            y,
        );
        let xd = DeviceBuffer::<f64>::zeroed(n)?;
        let mut yd = DeviceBuffer::<f64>::zeroed(n)?;
        let star64 = Stencil::new(SEVEN_POINT, [-6.0_f64, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]);
        let star64_g = reordered(&star64);
        measure_stencil(
            &timer,
            "3D 7-point 512^3 f64",
            &star64,
            zero,
            shape,
            &xd,
            &mut yd,
        );
        let name = "3D 7-point 512^3 f64 general";
        measure_stencil(&timer, name, &star64_g, zero, shape, &xd, &mut yd);
        let clamp = Boundary::Clamp;
        measure_stencil(
            &timer,
            "3D 7-point 512^3 f32 Clamp",
            &star,
            clamp,
            shape,
            x,
            y,
        );
    }
    Ok(())
}

fn main() -> ExitCode {
    let small = std::env::args().any(|a| a == "--small");
    let bench_only = std::env::args().any(|a| a == "--bench");
    let device = match Device::default_device() {
        Ok(d) => d,
        Err(e) => {
            eprintln!("stencil_gpu: no GPU: {e}");
            return ExitCode::from(2);
        }
    };
    println!("device: {}", device.name().unwrap_or_default());
    let mut r = Report::default();
    if !bench_only {
        correctness(&mut r, small);
        println!("correctness: {} passed, {} failed", r.passed, r.failed);
    }
    if !small {
        if !bench_only {
            if let Err(e) = beyond_2_31(&mut r) {
                r.failed += 1;
                println!("FAIL beyond 2^31: {e}");
            }
        }
        if let Err(e) = bench(device) {
            println!("bench error: {e}");
        }
    }
    println!("total: {} passed, {} failed", r.passed, r.failed);
    if r.failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
