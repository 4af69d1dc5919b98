//! Stream compaction on a detector's readout: the classic use of `copy_if`.
//!
//! A detector with 1024 channels is read out as a stream of samples, most of them empty
//! (channel 0: no hit). Zero suppression keeps the hits (`copy_if` with `NonZero`), the
//! trigger's flag stream selects the energies of the flagged samples (`copy_if_stencil`),
//! repeated consecutive readings of one channel are merged (`unique`), the hits are split
//! into the two halves of the detector, each half in time order (the stable `partition`),
//! and a hot channel's hits are counted (`count`). Every result is checked against the
//! sequential reference, and each step's time is printed.
//!
//! ```text
//! cargo run --release --example stream_compaction              # rayon
//! cargo run --release --features cuda --example stream_compaction  # the GPU
//! cargo run --release --example stream_compaction -- 22        # 2^22 samples (default 24)
//! ```

use parallaxis::{
    ops::{LessThan, NonZero, SplitMix64},
    reference, DefaultBackend, DeviceVector,
};
use std::time::Instant;

type Result<T> = core::result::Result<T, Box<dyn std::error::Error>>;

/// Runs `f`, prints its time and what it kept of `n` samples, and returns its result.
fn step<R>(
    what: &str,
    n: usize,
    f: impl FnOnce() -> parallaxis::Result<R>,
    kept: impl Fn(&R) -> usize,
) -> Result<R> {
    let t = Instant::now();
    let r = f()?;
    let ms = t.elapsed().as_secs_f64() * 1e3;
    let k = kept(&r);
    println!(
        "{what:<36} {k:>10} of {n:>10} ({:>5.1}%)  {ms:>8.3} ms",
        100.0 * k as f64 / n.max(1) as f64
    );
    Ok(r)
}

/// Fails unless `got` equals the reference's `want`.
fn same<T: PartialEq + core::fmt::Debug>(what: &str, got: &[T], want: &[T]) -> Result<()> {
    if got == want {
        Ok(())
    } else {
        Err(format!(
            "{what}: differs from the reference ({} vs {} elements)",
            got.len(),
            want.len()
        )
        .into())
    }
}

fn main() -> Result<()> {
    let log2: u32 = std::env::args().nth(1).map_or(Ok(24), |a| a.parse())?;
    let n = 1_usize << log2;
    println!(
        "stream compaction of a detector readout, {n} samples, on the {} backend\n",
        <DefaultBackend as parallaxis::Backend>::NAME
    );
    // One sample in ten is a hit on a channel 1..=1024 (a hit often repeats on the next
    // sample: a slow pulse); the trigger flags about a quarter of the hits.
    let mut r = SplitMix64::new(2026);
    let mut channel = 0_u32;
    let mut readout = Vec::with_capacity(n);
    let (mut energy, mut trigger) = (Vec::with_capacity(n), Vec::with_capacity(n));
    for _ in 0..n {
        let z = r.next_u64();
        if z % 10 == 0 {
            channel = 1 + (z >> 32) as u32 % 1024;
        } else if z % 10 > 2 {
            channel = 0;
        }
        readout.push(channel);
        energy.push(if channel == 0 {
            0.0
        } else {
            ((z >> 40) % 4096) as f32 * 0.25
        });
        trigger.push(channel != 0 && (z >> 20) % 4 == 0);
    }
    let (x, e, t) = (
        DeviceVector::<u32>::from_slice(&readout)?,
        DeviceVector::<f32>::from_slice(&energy)?,
        DeviceVector::<bool>::from_slice(&trigger)?,
    );
    // Once untimed: the first GPU call loads the kernels.
    parallaxis::copy_if(NonZero, &x)?;

    let hits = step(
        "zero suppression (copy_if NonZero)",
        n,
        || parallaxis::copy_if(NonZero, &x),
        |h| h.len(),
    )?;
    let triggered = step(
        "triggered energies (copy_if_stencil)",
        n,
        || parallaxis::copy_if_stencil(&t, &e),
        |v| v.len(),
    )?;
    let pulses = step(
        "merged repeats (unique)",
        hits.len(),
        || parallaxis::unique(&hits),
        |v| v.len(),
    )?;
    let (halves, split) = step(
        "left half first (stable partition)",
        pulses.len(),
        || parallaxis::partition(LessThan { bound: 513 }, &pulses),
        |(_, s)| *s,
    )?;
    let hot = step(
        "hits on channel 7 (count)",
        hits.len(),
        || parallaxis::count(&hits, 7),
        |c| *c,
    )?;

    let want_hits = {
        let mut o = vec![0; n];
        let k = reference::copy_if(NonZero, &readout, &mut o);
        o.truncate(k);
        o
    };
    same("copy_if", &hits.to_vec()?, &want_hits)?;
    let mut o = vec![0.0; n];
    let k = reference::copy_if_stencil(&trigger, &energy, &mut o);
    same("copy_if_stencil", &triggered.to_vec()?, &o[..k])?;
    let mut o = vec![0; want_hits.len()];
    let k = reference::unique(&want_hits, &mut o);
    let want_pulses = o[..k].to_vec();
    same("unique", &pulses.to_vec()?, &want_pulses)?;
    let mut o = vec![0; k];
    let s = reference::partition(LessThan { bound: 513 }, &want_pulses, &mut o);
    same("partition", &halves.to_vec()?, &o)?;
    same("partition split", &[split], &[s])?;
    same(
        "count",
        &[hot],
        &[want_hits.iter().filter(|&&c| c == 7).count()],
    )?;
    let total: f32 = triggered.to_vec()?.iter().sum();
    println!(
        "\n{} pulses: {split} in channels 1-512, {} in 513-1024; {:.0} energy units triggered; \
         all results equal the sequential reference",
        pulses.len(),
        pulses.len() - split,
        total
    );
    Ok(())
}
