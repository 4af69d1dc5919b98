//! Element-wise maps whose cost per element is unknown: a user functor may be a nanosecond
//! (`Square`) or a millisecond (a nearest-neighbour search over every point). The fixed
//! threshold `PAR_MIN_MAP` fits the cheap ones; below it, this times the first elements on
//! the calling thread and goes parallel, in pieces of about `PIECE_WORK` of work, when the
//! rest would take longer than `PAR_WORTH` alone.
//!
//! Only maps use it: each output element depends on its input alone, so where the pieces fall
//! changes nothing in the result. Folds and scans keep their fixed chunks (`split.rs`): their
//! float results depend on where chunks begin.

use super::split::{for_chunks_mut, CHUNK, PAR_MIN_MAP};
use rayon::prelude::*;
use std::time::{Duration, Instant};

/// The first probe's length; each further probe doubles it, so a costly functor is found
/// after one element and a cheap one costs about `log2(n)` clock reads (~25 ns each).
const PROBE_START: usize = 1;

/// Probing stops once the probes took this long: enough to estimate the per-element cost
/// against the clock's resolution and a pool wake-up (~10 µs, `split.rs`).
const PROBE_ENOUGH: Duration = Duration::from_micros(20);

/// The estimated rest of the work above which the pool is used.
const PAR_WORTH: Duration = Duration::from_micros(200);

/// The work per parallel piece: 50 times a rayon task's overhead (~1 µs).
const PIECE_WORK: Duration = Duration::from_micros(50);

/// Calls `f(start, piece)` on pieces of `y` (at offset `start`) covering it in order: on the
/// calling thread, or on rayon where the elements are many (`PAR_MIN_MAP`) or the timed first
/// ones say the rest is worth it.
pub(crate) fn for_pieces_timed<O: Send>(y: &mut [O], f: impl Fn(usize, &mut [O]) + Sync + Send) {
    let n = y.len();
    if n >= PAR_MIN_MAP {
        for_chunks_mut(true, y, |c, yc| f(c * CHUNK, yc));
        return;
    }
    let clock = Instant::now();
    let (mut done, mut probe) = (0, PROBE_START);
    while done < n {
        let end = (done + probe).min(n);
        f(done, &mut y[done..end]);
        done = end;
        probe *= 2;
        if clock.elapsed() >= PROBE_ENOUGH {
            break;
        }
    }
    let rest = &mut y[done..];
    match piece_len(clock.elapsed(), done, rest.len()) {
        Some(piece) => rest
            .par_chunks_mut(piece)
            .enumerate()
            .for_each(|(i, yc)| f(done + i * piece, yc)),
        None if rest.is_empty() => {}
        None => f(done, rest),
    }
}

/// The length of the parallel pieces for `remaining` elements after `probed` took `elapsed`,
/// or `None` when the rest is cheaper on the calling thread.
fn piece_len(elapsed: Duration, probed: usize, remaining: usize) -> Option<usize> {
    if probed == 0 || remaining < 2 {
        return None;
    }
    let per = elapsed.as_secs_f64() / probed as f64;
    if per * remaining as f64 <= PAR_WORTH.as_secs_f64() {
        return None;
    }
    let piece = (PIECE_WORK.as_secs_f64() / per.max(f64::MIN_POSITIVE)).round();
    // A float past `usize::MAX` saturates in the cast; the clamp keeps it in 1..=CHUNK.
    Some((piece as usize).clamp(1, CHUNK))
}

#[cfg(test)]
mod tests {
    use super::{for_pieces_timed, piece_len, CHUNK};
    use std::time::Duration;

    const US: Duration = Duration::from_micros(1);

    #[test]
    fn cheap_rests_stay_on_the_calling_thread() {
        // 0.1 ns an element: 100 000 more elements are 10 µs.
        assert_eq!(piece_len(US * 64 / 10_000, 6400, 100_000), None);
        assert_eq!(piece_len(US * 30, 1, 1), None);
        assert_eq!(piece_len(Duration::ZERO, 64, 1 << 18), None);
    }

    #[test]
    fn costly_rests_split_into_pieces_of_about_fifty_microseconds() {
        // 65 µs an element (a search over 2^16 points): one element a piece.
        assert_eq!(piece_len(US * 65 * 64, 64, 65_000), Some(1));
        // 1 µs an element, 10 000 more: 50 elements a piece.
        assert_eq!(piece_len(US * 64, 64, 10_000), Some(50));
        // Just above the cheap limit: pieces as long as a chunk at most.
        assert_eq!(piece_len(US * 2, 1_000, 150_000), Some(25_000.min(CHUNK)));
    }

    #[test]
    fn pieces_cover_the_output_once_in_order() {
        for n in [0, 1, 63, 64, 65, 1000, 70_000] {
            let mut y = vec![usize::MAX; n];
            for_pieces_timed(&mut y, |start, piece| {
                for (k, v) in piece.iter_mut().enumerate() {
                    assert_eq!(*v, usize::MAX, "written twice");
                    *v = start + k;
                }
            });
            assert!(y.iter().enumerate().all(|(i, &v)| v == i), "n = {n}");
        }
    }

    #[test]
    fn a_slow_map_still_covers_every_element() {
        let mut y = vec![0_u64; 300];
        for_pieces_timed(&mut y, |start, piece| {
            for (k, v) in piece.iter_mut().enumerate() {
                std::thread::sleep(Duration::from_micros(20));
                *v = (start + k) as u64 * 3;
            }
        });
        assert!(y.iter().enumerate().all(|(i, &v)| v == i as u64 * 3));
    }
}
