//! Streams and graphs on the GPU (`parallaxis::device::{Stream, Graph, PinnedBuffer}`): what
//! running work on streams of its own and replaying it from a graph buy, each against the
//! same work done the plain way in the same run. See `benches/README.md`.
//!
//! ```text
//! cargo bench --features cuda --bench streams -- [--iters 20] [--warmups 3] [--csv PATH]
//! ```
//!
//! Every time is the median of `--iters` runs (after `--warmups`), timed with CUDA events on
//! the legacy default stream, which brackets the work of every (blocking) stream:
//!
//! - `two_reduces_n`: `reduce_into` of `n` f32 on one stream, against two such reduces of
//!   two inputs on two streams at once (nested `Stream::run` scopes) and one after the other;
//!   the ratio is two-at-once over one alone (2.0: no overlap; 1.0: the second is free).
//! - `two_batches_n`: 32 `reduce_into` of `n` f32 on one stream, against 32 on each of two
//!   streams at once (the scopes' waits amortized over the batch); the ratio is two batches
//!   at once over one batch alone.
//! - `copy_compute`: an upload of 2^24 f32 from a `PinnedBuffer` on one stream beside
//!   `reduce_into` calls over 2^26 f32 on another, against each alone; the overlap is
//!   (copy alone + compute alone) / both at once (2.0 at a perfect overlap of equal parts).
//! - `graph_reduce_into_1024`: 100 `reduce_into` of 2^10 f32 called one by one, against the
//!   same 100 calls recorded once into a graph and replayed with one launch.
//!
//! Results: one line each on stdout and `$OUT/streams_bench.csv` (or `--csv PATH`).

use parallaxis::device::{Device, GpuTimer, PinnedBuffer, Stream};
use parallaxis::{ops::Sum, Cuda, DeviceVector};
use std::io::Write;

type Dv<T> = DeviceVector<T, Cuda>;
type Res<T> = parallaxis::Result<T>;

/// Command-line options.
struct Opts {
    iters: usize,
    warmups: usize,
    csv: String,
}

fn opts() -> Opts {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let get = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1).cloned())
    };
    let num = |name: &str, default: usize| {
        get(name).map_or(default, |v| {
            v.parse()
                .unwrap_or_else(|_| panic!("{name} takes a number, got {v}"))
        })
    };
    Opts {
        iters: num("--iters", 20).max(1),
        warmups: num("--warmups", 3),
        csv: get("--csv").unwrap_or_else(|| match std::env::var("OUT") {
            Ok(out) if !out.is_empty() => format!("{out}/streams_bench.csv"),
            _ => "streams_bench.csv".into(),
        }),
    }
}

/// Event timing of whole closures, medians.
struct Timing {
    timer: GpuTimer,
    iters: usize,
    warmups: usize,
}

impl Timing {
    /// Median ms of `f`.
    fn median(&self, mut f: impl FnMut() -> Res<()>) -> Res<f64> {
        for _ in 0..self.warmups {
            f()?;
        }
        let mut ms = Vec::with_capacity(self.iters);
        for _ in 0..self.iters {
            let (t, ()) = self.timer.time(&mut f)?;
            ms.push(f64::from(t));
        }
        ms.sort_by(f64::total_cmp);
        Ok(ms[ms.len() / 2])
    }
}

/// One output line: a case, its times and the figure it is about.
struct Line {
    case: String,
    times: Vec<(&'static str, f64)>,
    figure: (&'static str, f64),
}

fn two_reduces(t: &Timing, n: usize) -> Res<Line> {
    let (a, b) = (Dv::<f32>::filled(n, 1.0)?, Dv::<f32>::filled(n, 2.0)?);
    let (mut sa, mut sb) = (Dv::<f32>::zeros(1)?, Dv::<f32>::zeros(1)?);
    let (s1, s2) = (Stream::new()?, Stream::new()?);
    let one = t.median(|| s1.run(|| parallaxis::reduce_into(Sum, &a, &mut sa)))?;
    let at_once = t.median(|| {
        s1.run(|| {
            parallaxis::reduce_into(Sum, &a, &mut sa)?;
            s2.run(|| parallaxis::reduce_into(Sum, &b, &mut sb))
        })
    })?;
    let in_turn = t.median(|| {
        parallaxis::reduce_into(Sum, &a, &mut sa)?;
        parallaxis::reduce_into(Sum, &b, &mut sb)
    })?;
    check(&sa, n as f32)?;
    check(&sb, 2.0 * n as f32)?;
    Ok(Line {
        case: format!("two_reduces_{n}"),
        times: vec![
            ("one_ms", one),
            ("two_streams_ms", at_once),
            ("in_turn_ms", in_turn),
        ],
        figure: ("two_streams_over_one", at_once / one),
    })
}

fn two_batches(t: &Timing, n: usize) -> Res<Line> {
    let calls = 32;
    let (a, b) = (Dv::<f32>::filled(n, 1.0)?, Dv::<f32>::filled(n, 2.0)?);
    let (mut sa, mut sb) = (Dv::<f32>::zeros(1)?, Dv::<f32>::zeros(1)?);
    let (s1, s2) = (Stream::new()?, Stream::new()?);
    let batch = |x: &Dv<f32>, out: &mut Dv<f32>| -> Res<()> {
        for _ in 0..calls {
            parallaxis::reduce_into(Sum, x, out)?;
        }
        Ok(())
    };
    let one = t.median(|| s1.run(|| batch(&a, &mut sa)))?;
    let at_once = t.median(|| {
        s1.run(|| {
            batch(&a, &mut sa)?;
            s2.run(|| batch(&b, &mut sb))
        })
    })?;
    check(&sa, n as f32)?;
    check(&sb, 2.0 * n as f32)?;
    Ok(Line {
        case: format!("two_batches_{calls}x_{n}"),
        times: vec![("one_batch_ms", one), ("two_streams_ms", at_once)],
        figure: ("two_streams_over_one", at_once / one),
    })
}

fn copy_compute(t: &Timing) -> Res<Line> {
    let (copied, reduced, reduces) = (1 << 24, 1 << 26, 8);
    let host = PinnedBuffer::from_slice(&vec![1.0_f32; copied])?;
    let mut up = Dv::<f32>::zeros(copied)?;
    let x = Dv::<f32>::filled(reduced, 1.0)?;
    let mut total = Dv::<f32>::zeros(1)?;
    let (s1, s2) = (Stream::new()?, Stream::new()?);
    let mut compute = || -> Res<()> {
        for _ in 0..reduces {
            parallaxis::reduce_into(Sum, &x, &mut total)?;
        }
        Ok(())
    };
    let copy_ms = t.median(|| s1.run(|| up.copy_from_pinned(&host)))?;
    let compute_ms = t.median(|| s2.run(&mut compute))?;
    let both_ms = t.median(|| {
        s1.run(|| {
            up.copy_from_pinned(&host)?;
            s2.run(&mut compute)
        })
    })?;
    check(&total, reduced as f32)?;
    let back = up.to_vec()?;
    if back.iter().any(|&v| v != 1.0) {
        return Err(parallaxis::Error::InvalidArgument {
            what: "copy_compute",
            reason: "the pinned upload came back wrong",
        });
    }
    Ok(Line {
        case: format!("copy_compute_{copied}_with_{reduces}x_reduce_{reduced}"),
        times: vec![
            ("copy_ms", copy_ms),
            ("compute_ms", compute_ms),
            ("both_ms", both_ms),
        ],
        figure: ("overlap", (copy_ms + compute_ms) / both_ms),
    })
}

fn graph_reduce_into(t: &Timing) -> Res<Line> {
    let (n, calls) = (1 << 10, 100);
    let x = Dv::<f32>::filled(n, 1.0)?;
    let mut out = Dv::<f32>::zeros(1)?;
    let called = t.median(|| {
        for _ in 0..calls {
            parallaxis::reduce_into(Sum, &x, &mut out)?;
        }
        Ok(())
    })?;
    let stream = Stream::new()?;
    let graph = stream.capture(|| {
        for _ in 0..calls {
            parallaxis::reduce_into(Sum, &x, &mut out)?;
        }
        Ok(())
    })?;
    let replayed = t.median(|| graph.launch())?;
    check(&out, n as f32)?;
    Ok(Line {
        case: format!("graph_reduce_into_{n}_x{calls}"),
        times: vec![("called_ms", called), ("graph_ms", replayed)],
        figure: ("called_over_graph", called / replayed),
    })
}

/// The one-element result `v` equals `want`.
fn check(v: &Dv<f32>, want: f32) -> Res<()> {
    let got = v.to_vec()?[0];
    if got == want {
        Ok(())
    } else {
        Err(parallaxis::Error::InvalidArgument {
            what: "bench result",
            reason: "a reduce gave the wrong sum",
        })
    }
}

fn main() {
    let o = opts();
    let dev = Device::default_device().expect("a CUDA device");
    let timing = Timing {
        timer: GpuTimer::new(dev).expect("timing events"),
        iters: o.iters,
        warmups: o.warmups,
    };
    println!(
        "# {}, medians of {} after {} warm-ups",
        dev.name().unwrap_or_default(),
        o.iters,
        o.warmups
    );
    let mut lines = Vec::new();
    for n in [1 << 16, 1 << 20, 1 << 24, 1 << 26] {
        lines.push(two_reduces(&timing, n));
    }
    for n in [1 << 12, 1 << 16, 1 << 20] {
        lines.push(two_batches(&timing, n));
    }
    lines.push(copy_compute(&timing));
    lines.push(graph_reduce_into(&timing));
    let mut csv = String::from("case,measure,value\n");
    for line in lines {
        match line {
            Ok(l) => {
                let times: Vec<String> =
                    l.times.iter().map(|(k, v)| format!("{k} {v:.4}")).collect();
                println!(
                    "{:<44} {}  {} {:.3}",
                    l.case,
                    times.join("  "),
                    l.figure.0,
                    l.figure.1
                );
                for (k, v) in l.times.iter().chain(std::iter::once(&l.figure)) {
                    csv.push_str(&format!("{},{k},{v}\n", l.case));
                }
            }
            Err(e) => println!("FAILED: {e}"),
        }
    }
    let written = std::fs::File::create(&o.csv).and_then(|mut f| f.write_all(csv.as_bytes()));
    if let Err(e) = written {
        eprintln!("could not write {}: {e}", o.csv);
    }
}
