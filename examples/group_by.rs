//! Group-by with `sort_by_key` + `reduce_by_key`: the degree distribution of a graph.
//!
//! A group-by on the GPU is a sort that brings each key's records together, then a reduction
//! over each run of equal keys. Two such group-bys give a degree distribution:
//!
//! 1. **Degrees**: the edge list's target vertices, sorted (the edges' weights ride along as
//!    values), reduced by key with `Sum` over ones (the in-degree of each vertex) and over
//!    the weights (its weighted degree).
//! 2. **Distribution**: the degrees, sorted, reduced by key with `Sum` over ones: how many
//!    vertices have each degree.
//!
//! It runs on a real matrix of the repository (`data/matrices/helmholtz_2D.mtx`, read as a
//! graph: an entry (i, j) is an edge i -> j weighted by its value, so the in-degree is the
//! number of non-zeros of column j), then on an R-MAT graph (the Graph500 generator's
//! skewed, power-law degrees) of 2^k edges with the time of each step. Every result is
//! checked against a `BTreeMap` group-by on the host.
//!
//! ```text
//! cargo run --release --example group_by                   # rayon
//! cargo run --release --features cuda --example group_by   # the GPU
//! cargo run --release --example group_by -- 24             # 2^24 R-MAT edges (default 22)
//! ```

use parallaxis::{
    ops::{SplitMix64, Sum},
    sparse::CooMatrix,
    DefaultBackend, DeviceVector,
};
use std::collections::BTreeMap;
use std::time::Instant;

type Result<T> = core::result::Result<T, Box<dyn std::error::Error>>;
type Vector<T> = DeviceVector<T, DefaultBackend>;

/// Runs `f` and prints its time.
fn step<R>(what: &str, f: impl FnOnce() -> parallaxis::Result<R>) -> Result<R> {
    let t = Instant::now();
    let r = f()?;
    println!("  {what:<44} {:>9.3} ms", t.elapsed().as_secs_f64() * 1e3);
    Ok(r)
}

/// Each vertex with an in-edge, its in-degree and its weighted in-degree (ascending by
/// vertex), and the distribution: each degree with the number of vertices that have it.
struct Degrees {
    vertices: Vec<u32>,
    degree: Vec<u32>,
    weight: Vec<f64>,
    distribution: Vec<(u32, u32)>,
}

/// The two group-bys on the backend, each step timed.
fn group_by(targets: &Vector<u32>, weights: &Vector<f64>) -> Result<Degrees> {
    let ones = step("ones", || Vector::filled(targets.len(), 1_u32))?;
    let (by_vertex, w) = step("sort_by_key (target, weight)", || {
        parallaxis::sort_by_key(targets, weights)
    })?;
    let (vertices, degree) = step("reduce_by_key Sum ones -> in-degree", || {
        parallaxis::reduce_by_key(Sum, &by_vertex, &ones)
    })?;
    let (_, weight) = step("reduce_by_key Sum weights -> weighted", || {
        parallaxis::reduce_by_key(Sum, &by_vertex, &w)
    })?;
    let sorted_degree = step("sort degrees", || parallaxis::sort(&degree))?;
    let once = step("ones", || Vector::filled(degree.len(), 1_u32))?;
    let (deg, count) = step("reduce_by_key Sum -> vertices per degree", || {
        parallaxis::reduce_by_key(Sum, &sorted_degree, &once)
    })?;
    let (deg, count) = (deg.to_vec()?, count.to_vec()?);
    Ok(Degrees {
        vertices: vertices.to_vec()?,
        degree: degree.to_vec()?,
        weight: weight.to_vec()?,
        distribution: deg.into_iter().zip(count).collect(),
    })
}

/// The same group-bys on the host with a `BTreeMap`; fails unless `got` agrees (weights to
/// a relative 1e-9: the backends add each vertex's weights in another order).
fn check(targets: &[u32], weights: &[f64], got: &Degrees) -> Result<()> {
    let mut per_vertex = BTreeMap::<u32, (u32, f64)>::new();
    for (&t, &w) in targets.iter().zip(weights) {
        let e = per_vertex.entry(t).or_insert((0, 0.0));
        *e = (e.0 + 1, e.1 + w);
    }
    let mut distribution = BTreeMap::<u32, u32>::new();
    for &(d, _) in per_vertex.values() {
        *distribution.entry(d).or_insert(0) += 1;
    }
    let vertices: Vec<u32> = per_vertex.keys().copied().collect();
    let degree: Vec<u32> = per_vertex.values().map(|v| v.0).collect();
    let close = per_vertex
        .values()
        .zip(&got.weight)
        .all(|(want, &w)| (want.1 - w).abs() <= 1e-9 * want.1.abs().max(1.0));
    let distribution: Vec<(u32, u32)> = distribution.into_iter().collect();
    if vertices != got.vertices || degree != got.degree || distribution != got.distribution {
        return Err("the group-by differs from the host's BTreeMap".into());
    }
    if got.weight.len() != vertices.len() || !close {
        return Err("the weighted degrees differ from the host's BTreeMap".into());
    }
    Ok(())
}

/// Prints the distribution: every degree when there are few, else the first ten and the
/// largest.
fn print_distribution(d: &Degrees) {
    println!(
        "  {} vertices with an in-edge; in-degree: vertices",
        d.vertices.len()
    );
    let show = |&(deg, count): &(u32, u32)| println!("    {deg:>6}: {count}");
    if d.distribution.len() <= 12 {
        d.distribution.iter().for_each(show);
    } else {
        d.distribution[..10].iter().for_each(show);
        println!("    ...");
        d.distribution[d.distribution.len() - 1..]
            .iter()
            .for_each(show);
    }
}

/// An R-MAT graph of `2^scale` vertices and `edges` edges (a = 0.57, b = c = 0.19: Graph500's
/// parameters): the targets and a weight in [0, 1) for each edge.
fn rmat(scale: u32, edges: usize, seed: u64) -> (Vec<u32>, Vec<f64>) {
    let mut r = SplitMix64::new(seed);
    let (mut targets, mut weights) = (Vec::with_capacity(edges), Vec::with_capacity(edges));
    for _ in 0..edges {
        let mut target = 0_u32;
        for level in 0..scale {
            let p = (r.next_u64() >> 11) as f64 / (1_u64 << 53) as f64;
            // Quadrants a (0.57) and c (0.19) keep the target in the low half.
            if (0.57..0.76).contains(&p) || p >= 0.95 {
                target |= 1 << level;
            }
        }
        targets.push(target);
        weights.push((r.next_u64() >> 11) as f64 / (1_u64 << 53) as f64);
    }
    (targets, weights)
}

fn main() -> Result<()> {
    let log2: u32 = std::env::args().nth(1).map_or(Ok(22), |a| a.parse())?;
    println!(
        "group-by (sort_by_key + reduce_by_key) on the {} backend\n",
        <DefaultBackend as parallaxis::Backend>::NAME
    );

    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/matrices/helmholtz_2D.mtx"
    );
    let a = CooMatrix::<f64, u32, DefaultBackend>::read_matrix_market(path)?;
    println!(
        "helmholtz_2D.mtx as a graph: {} vertices, {} edges (non-zeros)",
        a.nrows(),
        a.nnz()
    );
    let d = group_by(a.col_idx(), a.values())?;
    check(&a.col_idx().to_vec()?, &a.values().to_vec()?, &d)?;
    print_distribution(&d);
    println!("  checked against the host's BTreeMap\n");

    let edges = 1_usize << log2;
    let scale = log2.saturating_sub(4).max(1);
    let (targets, weights) = rmat(scale, edges, 2026);
    println!("R-MAT graph: 2^{scale} vertices, 2^{log2} edges");
    let t = Vector::from_slice(&targets)?;
    let w = Vector::from_slice(&weights)?;
    let start = Instant::now();
    let d = group_by(&t, &w)?;
    println!(
        "  {:<44} {:>9.3} ms",
        "both group-bys, with the copies back",
        start.elapsed().as_secs_f64() * 1e3
    );
    check(&targets, &weights, &d)?;
    print_distribution(&d);
    println!("  checked against the host's BTreeMap");
    Ok(())
}
