#!/usr/bin/env python3
"""Draws the README's result figures from the GPU comparisons (scripts/compare.py's output).

    python3 scripts/plot_results.py            # reads benches/results/{h100,h200}/comparison.csv
    python3 scripts/plot_results.py --out docs/img --gpu h100=PATH --gpu h200=PATH

Writes two PNGs (matplotlib; `pip install matplotlib`):
- families.png: small multiples, one panel per algorithm family, effective GB/s against n for
  one representative case of the family (solid: parallaxis, dashed: its peer, CUB / Thrust /
  cuSPARSE / cuDNN), one colour per GPU (H100 and H200 side by side where both exist).
- ratios.png: the speed ratio against the peer (peer time / our time: > 1 means parallaxis is
  faster) of every case that has an external peer, at the largest n both sides ran, log scale,
  sorted, with the line at 1.0.

The peer's GB/s is ours scaled by the time ratio (both sides move the same bytes: compare.py
computes ours from the case's byte count). Rows comparing ours with ours (`ours ...`) and the
copy roof are left out of the ratios.
"""
import argparse
import csv
import math
import os
import statistics
import sys
from collections import defaultdict

# (panel title, representative case): the case each family is shown by, against n; or a list
# of cases measured at one n each (SpMV matrices, stencil shapes), shown side by side. A case
# missing from every CSV leaves its panel out.
FAMILIES = [
    ("transform (saxpy f32)", "saxpy_f32"),
    ("reduce (sum f32)", "reduce_sum_f32"),
    ("scan (inclusive sum f32)", "inclusive_scan_sum_f32"),
    ("fused transform-reduce (f32)", "transform_reduce_square_f32"),
    ("segmented scan (keys, seg 1000)", "scan_by_keys_seg1000_f32"),
    ("reduce_by_key (seg 1000)", "reduce_by_key_seg1000_f32"),
    ("select (copy_if, half)", "select_if_half_f32"),
    ("radix sort (u32 keys)", "radix_sort_keys_u32"),
    ("histogram (1024 bins, f32)", "histogram_even_1024_f32"),
    ("gather (permutation, f32)", "gather_perm_f32"),
    ("min_element (f32)", "min_element_f32"),
    ("SpMV (+,x), one n per matrix", ["spmv_plus_times_poisson2d_4096", "spmv_plus_times_powerlaw_4M"]),
    ("stencils (f32), one n each", ["conv1d_k9_f32", "conv2d_5x5_f32", "stencil7_3d_f32"]),
]
GPU_COLOURS = {"h100": "#1f77b4", "h200": "#d62728"}


def num(v):
    try:
        return float(v)
    except (TypeError, ValueError):
        return None


def load(path):
    """{case: {n: row}}; repeated (case, n) rows keep the last, as compare.py prints them."""
    rows = defaultdict(dict)
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            n = num(r.get("n"))
            if r.get("case") and n:
                rows[r["case"]][int(n)] = r
    return rows


def series(rows, case):
    """[(x, ours GB/s, peer GB/s or None, peer name)]: x is log2 n for one case; for a list of
    cases, x is the case's position in the list (its largest n)."""
    out = []
    for name, by_n in rows.items():
        if isinstance(case, list):
            if name not in case or not by_n:
                continue
            n = max(by_n)
            picked = [(case.index(name), by_n[n])]
        elif name == case:
            picked = [(math.log2(n), r) for n, r in by_n.items()]
        else:
            continue
        for x, r in picked:
            ours, ours_ms, peer_ms = num(r["ours_gbps"]), num(r["ours_ms"]), num(r["peer_ms"])
            peer = r.get("peer", "")
            external = peer and not peer.startswith("ours") and peer != "copy"
            peer_gbps = ours * ours_ms / peer_ms if external and ours and ours_ms and peer_ms else None
            if ours:
                out.append((x, ours, peer_gbps, peer))
    return sorted(out)


def families(gpus, out):
    import matplotlib.pyplot as plt

    panels = [(t, c) for t, c in FAMILIES if any(series(rows, c) for rows in gpus.values())]
    cols = 4
    rows_n = math.ceil(len(panels) / cols)
    fig, axes = plt.subplots(rows_n, cols, figsize=(4.0 * cols, 2.9 * rows_n), squeeze=False)
    for ax, (title, case) in zip(axes.flat, panels):
        peer_names = set()
        for gpu, rows in gpus.items():
            pts = series(rows, case)
            if not pts:
                continue
            colour = GPU_COLOURS.get(gpu, None)
            xs = [p[0] for p in pts]
            style = "o" if isinstance(case, list) else "o-"
            ax.plot(xs, [p[1] for p in pts], style, color=colour, ms=3, lw=1.6,
                    label=f"parallaxis {gpu.upper()}")
            peer = [(x, p[2]) for x, p in zip(xs, pts) if p[2]]
            if peer:
                ax.plot([x for x, _ in peer], [y for _, y in peer], "s" if isinstance(case, list) else "s--",
                        color=colour, ms=3, lw=1.1, alpha=0.75, mfc="none",
                        label=f"peer {gpu.upper()}")
                peer_names.update(p[3].split("_")[0] for p in pts if p[2])
        peers = "/".join(sorted(peer_names)) or "no external peer"
        ax.set_title(f"{title}\nvs {peers}", fontsize=8.5)
        if isinstance(case, list):
            ax.set_xticks(range(len(case)))
            ax.set_xticklabels([c.removeprefix("spmv_plus_times_").removesuffix("_f32")
                                for c in case], fontsize=7)
            ax.set_xlim(-0.5, len(case) - 0.5)
        else:
            ax.set_xlabel("log2 n", fontsize=8)
        ax.set_ylabel("GB/s", fontsize=8)
        ax.tick_params(labelsize=7)
        ax.grid(alpha=0.3)
        ax.set_ylim(bottom=0)
    for ax in list(axes.flat)[len(panels):]:
        ax.axis("off")
    handles, labels = axes.flat[0].get_legend_handles_labels()
    fig.suptitle("Effective GB/s against n: parallaxis (solid, filled) and its peer "
                 "(dashed, open)", fontsize=10, y=0.995)
    fig.legend(handles, labels, loc="upper center", ncol=4, fontsize=8, frameon=False,
               bbox_to_anchor=(0.5, 0.975))
    fig.tight_layout(rect=(0, 0, 1, 0.95))
    path = os.path.join(out, "families.png")
    fig.savefig(path, dpi=80)
    plt.close(fig)
    return path


def ratios(gpus, out):
    import matplotlib.pyplot as plt

    # {case: {gpu: (ratio, n)}} at the largest n with both sides.
    table = defaultdict(dict)
    for gpu, rows in gpus.items():
        for case, by_n in rows.items():
            both = [(n, num(r["ratio_ours_over_peer"])) for n, r in by_n.items()
                    if num(r["ratio_ours_over_peer"]) and r.get("peer")
                    and not r["peer"].startswith("ours") and r["peer"] != "copy"]
            if both:
                n, ratio = max(both)
                table[case][gpu] = (ratio, n)
    order = sorted(table, key=lambda c: statistics.fmean(r for r, _ in table[c].values()))
    fig, ax = plt.subplots(figsize=(7.5, 0.19 * len(order) + 1.2))
    ys = range(len(order))
    for gpu in gpus:
        pts = [(y, table[c][gpu][0]) for y, c in zip(ys, order) if gpu in table[c]]
        ax.plot([r for _, r in pts], [y for y, _ in pts], "o", ms=4,
                color=GPU_COLOURS.get(gpu), label=gpu.upper())
    ax.axvline(1.0, color="black", lw=1)
    ax.set_xscale("log")
    ax.set_yticks(list(ys))
    ax.set_yticklabels(order, fontsize=6.5)
    ax.set_ylim(-0.7, len(order) - 0.3)
    ax.set_xlabel("peer time / parallaxis time (log; > 1: parallaxis faster)", fontsize=8)
    ax.set_title("Speed against CUB / Thrust / cuSPARSE / cuDNN at the largest n of each case",
                 fontsize=9)
    ax.tick_params(axis="x", labelsize=7)
    ax.grid(axis="x", which="both", alpha=0.3)
    ax.legend(fontsize=8, loc="lower right")
    fig.tight_layout()
    path = os.path.join(out, "ratios.png")
    fig.savefig(path, dpi=80)
    plt.close(fig)
    return path


def main():
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.join(root, "docs", "img"))
    ap.add_argument("--gpu", action="append", default=[],
                    help="NAME=comparison.csv (default: h100 and h200 from benches/results)")
    args = ap.parse_args()
    specs = args.gpu or [f"{g}={os.path.join(root, 'benches', 'results', g, 'comparison.csv')}"
                         for g in ("h100", "h200")]
    gpus = {}
    for spec in specs:
        name, _, path = spec.partition("=")
        if os.path.exists(path):
            gpus[name] = load(path)
        else:
            print(f"plot_results: no {path}, {name} left out", file=sys.stderr)
    if not gpus:
        sys.exit("plot_results: no comparison CSV found")
    try:
        import matplotlib

        matplotlib.use("Agg")
    except ImportError:
        sys.exit("plot_results: needs matplotlib (pip install matplotlib)")
    os.makedirs(args.out, exist_ok=True)
    for path in (families(gpus, args.out), ratios(gpus, args.out)):
        print(f"plot_results: wrote {path} ({os.path.getsize(path) // 1024} KB)")


if __name__ == "__main__":
    main()
