//! Cross-correlation of radio-telescope stations (`S_ij = Σ_t X_i[t] · conj(X_j[t])`, complex
//! `f32`, `i >= j`, per channel) with 1×1, 2×1 and 2×2 register blocking (see
//! `case_studies_kernels::xcorr`), checked against an `f64` CPU correlator and timed.
//!
//! ```text
//! cargo run --release -p case-studies --bin xcorr [-- --quick]
//! ```

use case_studies::{expect_all, quick, time_ms, Result, SplitMix};
use case_studies_kernels::xcorr::{xcorr, Blocking, C32};
use parallaxis_device::DeviceBuffer;

const VARIANTS: [Blocking; 3] = [Blocking::B1x1, Blocking::B2x1, Blocking::B2x2];

/// `(channels, samples, stations)`.
type Shape = (u32, u32, u32);

fn signal(len: usize, seed: u64) -> Vec<C32> {
    let mut r = SplitMix::new(seed);
    (0..len)
        .map(|_| C32 {
            re: r.range(-1.0, 1.0),
            im: r.range(-1.0, 1.0),
        })
        .collect()
}

/// `S[c][i][j]` in `f64`, and `Σ_t |X_i[t]| |X_j[t]|` (the scale of its rounding).
fn reference(x: &[C32], (_, samples, n): Shape, c: usize, i: usize, j: usize) -> (f64, f64, f64) {
    let (t, n) = (samples as usize, n as usize);
    (0..t).fold((0.0, 0.0, 0.0), |(re, im, s), k| {
        let (a, b) = (x[(c * t + k) * n + i], x[(c * t + k) * n + j]);
        let (ar, ai, br, bi) = (
            f64::from(a.re),
            f64::from(a.im),
            f64::from(b.re),
            f64::from(b.im),
        );
        (
            re + ar * br + ai * bi,
            im + ai * br - ar * bi,
            s + ar.hypot(ai) * br.hypot(bi),
        )
    })
}

/// Runs `blocking` and compares channels `channels` (every `i >= j`) with the reference:
/// `|got − want| ≤ 2e-5 · Σ|X_i||X_j|` per part (f32 sums of `samples` terms; one missing
/// term moves an entry by about `1 / samples` of that scale). Entries above the diagonal
/// must stay as the output was initialised (NaN).
fn check(blocking: Blocking, x: &[C32], shape: Shape, channels: &[usize]) -> Result<()> {
    const TOL: f64 = 2e-5;
    let (nc, _, n) = (shape.0 as usize, shape.1, shape.2 as usize);
    let d_x = DeviceBuffer::from_slice(x)?;
    let nan = C32 {
        re: f32::NAN,
        im: f32::NAN,
    };
    let mut d_s = DeviceBuffer::from_slice(&vec![nan; nc * n * n])?;
    xcorr(blocking, &d_x, &mut d_s, shape, 1)?;
    let got = d_s.to_vec()?;
    let at = |k: usize| (channels[k / (n * n)], (k / n) % n, k % n);
    let bad = |k: usize| {
        let (c, i, j) = at(k);
        let g = got[(c * n + i) * n + j];
        if j > i {
            return !(g.re.is_nan() && g.im.is_nan());
        }
        let (re, im, scale) = reference(x, shape, c, i, j);
        (f64::from(g.re) - re).abs() > TOL * scale || (f64::from(g.im) - im).abs() > TOL * scale
    };
    let describe = |k: usize| {
        let (c, i, j) = at(k);
        let (re, im, scale) = reference(x, shape, c, i, j);
        let g = got[(c * n + i) * n + j];
        format!("channel {c} ({i}, {j}): got {g:?} want ({re}, {im}), scale {scale}")
    };
    expect_all(
        &format!("xcorr {blocking:?} {shape:?}"),
        channels.len() * n * n,
        bad,
        describe,
    )?;
    println!(
        "xcorr {blocking:?} {shape:?} (channels, samples, stations): channels {channels:?} match the f64 correlator"
    );
    Ok(())
}

fn main() -> Result<()> {
    // Station counts that are not multiples of a block's 16 / 32 rows.
    let small: Shape = (3, 37, 45);
    let x = signal((small.0 * small.1 * small.2) as usize, 1);
    for b in VARIANTS {
        check(b, &x, small, &[0, 1, 2])?;
    }
    if quick() {
        return Ok(());
    }
    let shape: Shape = (128, 1024, 256);
    let (c, t, n) = (f64::from(shape.0), f64::from(shape.1), f64::from(shape.2));
    let x = signal((shape.0 * shape.1 * shape.2) as usize, 2);
    for b in VARIANTS {
        check(b, &x, shape, &[0, 77, 127])?;
    }
    // Useful flops: 8 per complex multiply-add, for the n(n+1)/2 pairs i >= j (the diagonal
    // blocks also compute some pairs above the diagonal, not counted).
    let flops = 8.0 * c * t * n * (n + 1.0) / 2.0;
    let d_x = DeviceBuffer::from_slice(&x)?;
    let mut d_s = DeviceBuffer::<C32>::zeroed((shape.0 * shape.2 * shape.2) as usize)?;
    println!(
        "{} channels x {} samples x {} stations ({:.1} GFLOP per correlation):",
        shape.0,
        shape.1,
        shape.2,
        flops / 1e9
    );
    for b in VARIANTS {
        let ms = time_ms(d_x.device(), 20, |times| {
            xcorr(b, &d_x, &mut d_s, shape, times)
        })?;
        let (ri, rj) = b.shape();
        println!(
            "  {ri}x{rj}: {ms:.3} ms, {:.0} GFLOP/s",
            flops / (ms * 1e-3) / 1e9
        );
    }
    Ok(())
}
