//! The parallel scan skeleton shared by the plain and the segmented scans.
//!
//! Reduce-then-scan over cache-sized super-blocks: for each super-block, (1) fold the lanes of
//! every chunk in parallel, (2) scan those lane totals on the calling thread, giving each lane
//! its carry-in, (3) scan every chunk in parallel, each lane seeded with its carry. Pass (3)
//! re-reads a super-block that pass (1) has just brought into cache, so memory sees about one
//! read and one write per element (2n), not the 3n of reduce-then-scan over the whole input.
//!
//! The carries are one left fold of all lane totals in index order, whatever the super-block
//! size, so the super-block size (which may follow the thread count) never changes a result.

use super::lanes::{Lanes, Source, LANES};
use super::split::{chunk_count, chunk_range, for_chunks_mut, index_map, CHUNK, PAR_MIN};

/// Bytes of output per super-block: 4 MiB (64 chunks of f32) fits the shared L3 of both
/// machines measured (2-core EPYC: 32 MiB; 2 cores of the GPU host's Xeon) with room for
/// the input. An f32 inclusive scan of 2^24 on 2 cores of the Xeon, pipelined, took
/// 8.3-9.3 ms with 1 MiB blocks, 8.0-8.8 ms with 4 MiB, 8.8-9.0 ms with 16 MiB (the
/// unpipelined loop: 8.3-10.1 ms); smaller blocks pay one parallel phase (~15 µs) each.
const SUPER_BYTES: usize = 4 << 20;

/// With more threads a super-block grows to this many bytes per thread: 16 MiB on the GPU
/// host's 16 cores. There, f32 inclusive scan against the hand-written chunked rayon scan
/// (`cargo bench --bench cpu -- --only scan`, two passes in one call, ours / peer ms):
/// 4 MiB blocks 2^24 2.09 / 2.71 and 1.67 / 3.19, 2^26 9.92 / 14.58 and 10.99 / 14.68;
/// 16 MiB 2^24 1.40 / 2.51 and 1.49 / 3.55, 2^26 8.15 / 13.13 and 8.80 / 14.32 (1.34-1.47x
/// -> 1.61-1.63x at 2^26); 8 MiB in between; 1 MiB blocks 1.00-1.20x.
const SUPER_BYTES_PER_THREAD: usize = 1 << 20;

/// A scan given as lane totals in a carry monoid plus a seeded scan of one chunk.
pub(crate) trait LaneScan: Sync {
    /// What flows between lanes: the value type, or a flagged value for segmented scans.
    type Carry: Copy + Send + Sync;
    /// The output element.
    type Out: Send;
    /// What the totals of a chunk hand on to its scan: the segment heads they found, for
    /// segmented scans (found once: the second search cost a by-key scan ~25% more).
    type Found: Send + Sync;
    /// Folds carries in index order: `a` comes from lower indices.
    fn fold_carry(&self, a: Self::Carry, b: Self::Carry) -> Self::Carry;
    /// The lane totals of the chunk `start..end` (`None` when empty).
    fn totals(&self, start: usize, end: usize) -> Option<(Lanes<Self::Carry>, Self::Found)>;
    /// Scans the chunk that starts at `start` into `y` (the chunk's length), lane `j` seeded
    /// with `seeds[j]` (the fold of everything before the lane; `None` before index 0);
    /// `found` is what [`LaneScan::totals`] found in the chunk.
    fn scan(
        &self,
        start: usize,
        seeds: &[Option<Self::Carry>; LANES],
        found: &Self::Found,
        y: &mut [Self::Out],
    );
}

/// An input the scans read by windows: a slice, or an index-driven sequence
/// (`crate::indexed`).
pub(crate) trait Windowed: Sync {
    /// The element type.
    type Item: Copy;
    /// A window's walkable form.
    type Window<'w>: Source<Item = Self::Item>
    where
        Self: 'w;
    /// The number of elements.
    fn len(&self) -> usize;
    /// Elements `start..end`, or `None` when that is not inside the input.
    fn window(&self, start: usize, end: usize) -> Option<Self::Window<'_>>;
}

impl<A: Copy + Sync> Windowed for &[A] {
    type Item = A;
    type Window<'w>
        = &'w [A]
    where
        Self: 'w;
    fn len(&self) -> usize {
        <[A]>::len(self)
    }
    fn window(&self, start: usize, end: usize) -> Option<&[A]> {
        self.get(start..end)
    }
}

/// Runs `s` over `y.len()` elements with the carry-in `first` before index 0.
pub(crate) fn chunked_scan<S: LaneScan>(s: &S, y: &mut [S::Out], first: Option<S::Carry>) {
    if y.len() >= PAR_MIN {
        // Drive the loop from a pool thread: each parallel pass issued from outside the pool
        // is an injection plus a sleep/wake of the caller, which cost ~200 µs per pass on
        // the busy 2-core machine (2^22 f32 with 64 KiB blocks: 25 ms instead of 5 ms).
        rayon::scope(|_| scan_blocks(s, y, first, true));
    } else {
        scan_blocks(s, y, first, false);
    }
}

/// The super-block loop of [`chunked_scan`], pipelined: one parallel phase scans block `b`
/// while it folds the lanes of block `b + 1`, so there is one phase per block instead of
/// two, and the writes of one block overlap the reads of the next.
fn scan_blocks<S: LaneScan>(s: &S, y: &mut [S::Out], first: Option<S::Carry>, par: bool) {
    let n = y.len();
    let out_size = core::mem::size_of::<S::Out>().max(1);
    let threads = rayon::current_num_threads();
    let (min_chunks, bytes) = if par {
        (
            4 * threads,
            SUPER_BYTES.max(SUPER_BYTES_PER_THREAD * threads),
        )
    } else {
        (1, SUPER_BYTES)
    };
    let block = CHUNK * (bytes / (CHUNK * out_size)).max(min_chunks);
    let block_totals = |b: usize, out: &mut Vec<_>| {
        let (base, len) = (b * block, n.saturating_sub(b * block).min(block));
        let totals = |c| {
            let r = chunk_range(c, len);
            s.totals(base + r.start, base + r.end)
        };
        index_map(par, chunk_count(len), totals, out);
    };
    let mut carry = first;
    let (mut totals, mut next) = (Vec::new(), Vec::new());
    let mut seeds = Vec::new();
    block_totals(0, &mut totals);
    for (b, yb) in y.chunks_mut(block).enumerate() {
        seeds.clear();
        for (t, _) in totals.iter().flatten() {
            let mut sd = [None; LANES];
            for (seed, &lane) in sd.iter_mut().zip(t.used()) {
                *seed = carry;
                carry = Some(carry.map_or(lane, |c| s.fold_carry(c, lane)));
            }
            seeds.push(sd);
        }
        let (seeds, found) = (&seeds, &totals);
        let mut scan = move || {
            for_chunks_mut(par, yb, |c, yc| {
                if let (Some(sd), Some(Some((_, f)))) = (seeds.get(c), found.get(c)) {
                    s.scan(b * block + c * CHUNK, sd, f, yc);
                }
            });
        };
        if par {
            rayon::join(scan, || block_totals(b + 1, &mut next));
        } else {
            scan();
            block_totals(b + 1, &mut next);
        }
        core::mem::swap(&mut totals, &mut next);
    }
}
