#!/usr/bin/env python3
"""Joins parallaxis's GPU bench CSV with the peers' CSVs and checks the targets (docs/benchmarks.md).

    python3 scripts/compare.py --ours OUT/ours.csv --peers OUT/peers.csv OUT/peers_torch.csv \
        --out OUT

Every CSV has the columns source,case,n,ms,gbps,gflops,check (ours adds roof_ms, roof_gbps,
roof_pct: the cuMemcpyDtoD of the same bytes, measured in the same run). Prints one line per
case of ours: our time and GB/s, % of the copy roof, the peer and its time, the speed ratio
ours/peer (peer time / our time: > 1 means parallaxis is faster), the target and met/missed.
Writes OUT/comparison.csv and a plot of GB/s against n (OUT/gbps.png with matplotlib, else
OUT/gbps.svg drawn by hand).

Targets (docs/benchmarks.md). At n = 2^16 the small-problem target (at most 1.2x the peer's time,
i.e. ratio >= 0.833) replaces the throughput targets, except reduce (>= 0.9x CUB at 2^16-2^20).
"""
import argparse
import csv
import math
import os
import re
import sys

SMALL = 1 << 16


def load(paths):
    rows = []
    for p in paths:
        if not p or not os.path.exists(p):
            print(f"compare: missing {p}", file=sys.stderr)
            continue
        with open(p, newline="") as f:
            rows.extend(csv.DictReader(f))
    return rows


def num(v):
    try:
        return float(v)
    except (TypeError, ValueError):
        return None


def rule(case, n):
    """(peer case, peer is ours?, min speed ratio, min % of roof, target text) or None."""
    small = n <= SMALL
    m = re.fullmatch(r"(transform_square|saxpy)_f32", case)
    if m:
        peer = "thrust_square_f32" if m.group(1) == "transform_square" else "thrust_saxpy_f32"
        if small:
            return peer, False, 1 / 1.2, None, "<= 1.2x Thrust time (2^16)"
        return peer, False, 1.0, 95.0, ">= 1.00x Thrust, >= 95% roof"
    if case == "copy_f32":
        return "copy", False, None, None, "(roof; cudaMemcpy D2D)"
    # Not one of the benchmark targets (docs/benchmarks.md): the fused transforms against Thrust's (both
    # sides return the sum to the host).
    if case in (
        "transform_reduce_square_f32",
        "transform_inclusive_scan_square_f32",
        "transform_exclusive_scan_square_f32",
    ):
        return f"thrust_{case}", False, 1.0, None, ">= 1.00x Thrust (ours)"
    if case == "transform2_reduce_times_f32":
        return "thrust_inner_product_f32", False, 1.0, None, ">= 1.00x Thrust (ours)"
    # reduce_sum_T returns the value to the host (launch + synchronous copy);
    # reduce_into_sum_T leaves it on the device and does not wait, as CUB's timed call does.
    # Both are held to CUB's reduce rows; the _into row is the like-for-like comparison.
    m = re.fullmatch(r"reduce(?:_into)?_sum_(\w+)", case)
    if m:
        peer = f"cub_reduce_sum_{m.group(1)}"
        if n <= 1 << 20:
            return peer, False, 0.9, None, ">= 0.9x CUB (2^16-2^20)"
        return peer, False, 1.0, None, ">= 1.00x CUB (2^24-2^30)"
    if case == "inclusive_scan_alloc_sum_f32":
        return "cub_inclusive_sum_f32", False, 0.95, None, ">= 0.95x CUB (ours: allocating API)"
    m = re.fullmatch(r"(inclusive|exclusive)_scan_sum_(\w+)", case)
    if m:
        peer = f"cub_{m.group(1)}_sum_{m.group(2)}"
        if small:
            return peer, False, 1 / 1.2, None, "<= 1.2x CUB time (2^16)"
        # The target (1.10x was asked at first; CUB's scans run at 80-90% of the
        # copy roof, which leaves no 10% for a 2n-traffic scan to gain).
        return peer, False, 1.05, None, ">= 1.05x CUB"
    m = re.fullmatch(r"scan_by_(keys|flags|offsets)_seg(\d+)_f32", case)
    if m:
        peer = f"cub_inclusive_sum_by_key_seg{m.group(2)}_f32"
        if small:
            return peer, False, 1 / 1.2, None, "<= 1.2x CUB time (2^16)"
        if m.group(1) != "keys":
            # The target for the flag and offset forms is the roof; CUB, which has
            # no such forms, stays beside them for reference.
            return peer, False, None, 90.0, ">= 90% roof (CUB by key: info)"
        return peer, False, 1.05, None, ">= 1.05x CUB InclusiveSumByKey"
    # Not one of the benchmark targets: 8-byte keys against CUB over the same keys.
    m = re.fullmatch(r"scan_by_keys_u64_seg(\d+)_f32", case)
    if m:
        return f"cub_inclusive_sum_by_key_u64_seg{m.group(1)}_f32", False, 1.0, None, \
            ">= 1.00x CUB (ours: u64 keys)"
    if case == "reduce_by_key_into_u64_seg1000_f32":
        return "cub_reduce_by_key_u64_seg1000_f32", False, 1.0, None, ">= 1.00x CUB (ours: u64 keys)"
    if case in ("reduce_by_key_seg1000_f32", "reduce_by_key_into_seg1000_f32"):
        if small:
            return "cub_reduce_by_key_seg1000_f32", False, 1 / 1.2, None, "<= 1.2x CUB time (2^16)"
        return "cub_reduce_by_key_seg1000_f32", False, 1.0, None, ">= 1.0x CUB ReduceByKey"
    # Selection: CUB DeviceSelect / DevicePartition, and >= 80% of the copy roof
    # of the same bytes at 2^28 and above; count_if against Thrust (both return the count).
    sel = {
        "select_if_half_f32": "cub_select_if_half_f32",
        "select_flagged_half_f32": "cub_select_flagged_half_f32",
        "unique_runs4_u32": "cub_unique_runs4_u32",
        "partition_if_half_f32": "cub_partition_if_half_f32",
        "partition_unstable_half_f32": "cub_partition_if_half_f32",
    }
    if case in sel:
        if small:
            return sel[case], False, 1 / 1.2, None, "<= 1.2x CUB time (2^16)"
        if n >= 1 << 28:
            return sel[case], False, 1.0, 80.0, ">= 1.00x CUB, >= 80% roof"
        return sel[case], False, 1.0, None, ">= 1.00x CUB"
    if case == "count_if_f32":
        return "thrust_count_if_f32", False, 1.0, None, ">= 1.00x Thrust"
    # Radix sort: keys u32 / f32 / u64 and pairs u32+u32 against CUB.
    m = re.fullmatch(r"radix_sort_(keys_u8|keys_u16|keys_u32|keys_f32|keys_u64|pairs_u32_u32)", case)
    if m:
        return f"cub_radix_sort_{m.group(1)}", False, 1.0, None, ">= 1.00x CUB DeviceRadixSort"
    # Merge sort and merge: CUB DeviceMergeSort with the same comparator functor,
    # Thrust's merge / merge_by_key (peers: benches/peers/merge_rows.cuh).
    m = re.fullmatch(r"merge_sort_(keys_u32|keys_u32_greater|keys_u64|pairs_u32_u32)", case)
    if m:
        return f"cub_merge_sort_{m.group(1)}", False, 1.0, None, ">= 1.00x CUB DeviceMergeSort"
    if case in ("merge_u32", "merge_by_key_u32_u32"):
        return f"thrust_{case}", False, 1.0, None, ">= 1.00x Thrust"
    m = re.fullmatch(r"spmv_plus_times_(\w+)", case)
    if m:
        peer = f"cusparse_spmv_{m.group(1)}_alg1"
        need = 1.2 if "powerlaw" in case else 1.0
        return peer, False, need, None, f">= {need:.1f}x cuSPARSE ALG1"
    # Lazy sequences: within 5% of the fused kernel they lower to (ours), and the
    # zipped scan within 5% of Thrust's scan over a transform_iterator of a zip_iterator.
    lazy = {
        "lazy_reduce_map_square_f32": ("transform_reduce_square_f32", True),
        "lazy_reduce_zip_times_f32": ("transform2_reduce_times_f32", True),
        "lazy_scan_map_square_f32": ("transform_inclusive_scan_square_f32", True),
        "lazy_scan_zip_times_f32": ("thrust_inclusive_scan_zip_times_f32", False),
    }
    if case in lazy:
        peer, ours = lazy[case]
        return peer, ours, 1 / 1.05, None, "within 5% of the fused form"
    m = re.fullmatch(r"spmv_min_plus_(\w+)", case)
    if m:
        return f"spmv_plus_times_{m.group(1)}", True, 1 / 1.05, None, "within 5% of our (+,x) time"
    # Histograms and data movement (peers: benches/peers/histogram_gather.cuh).
    if case == "histogram_even_256_u8":
        return "cub_histogram_even_256_u8", False, 1.0, None, ">= 1.00x CUB HistogramEven"
    if case == "histogram_even_1024_f32":
        return "cub_histogram_even_1024_f32", False, 3.0, None, ">= 3x CUB HistogramEven"
    m = re.fullmatch(r"(gather|scatter)_perm(_unchecked)?_f32", case)
    if m:
        what = "checked" if not m.group(2) else "unchecked: info"
        return f"thrust_{m.group(1)}_perm_f32", False, 1.0, None, f">= 1.00x Thrust ({what})"
    if case == "conv1d_k9_f32":
        return "torch_conv1d_k9_f32", False, 3.5, 85.0, ">= 3.5x cuDNN, >= 85% roof"
    if case == "conv2d_5x5_f32":
        return "torch_conv2d_5x5_f32", False, None, 85.0, ">= 85% roof"
    if case == "stencil7_3d_f32":
        return "torch_stencil7_3d_f32", False, None, 85.0, ">= 85% roof"
    # Extrema, vectorized search, segmented reduce (peers: peers_extrema.cu).
    if case == "min_element_f32":
        return "thrust_min_element_f32", False, 1.0, None, ">= 1.00x Thrust min_element"
    if case == "lower_bound_u32":
        return "thrust_lower_bound_u32", False, 1.0, None, ">= 1.00x Thrust lower_bound"
    m = re.fullmatch(r"segmented_reduce_seg(\d+)_f32", case)
    if m:
        need = 10.0 if m.group(1) == "4" else 1.0
        return (f"cub_segmented_reduce_sum_seg{m.group(1)}_f32", False, need, None,
                f">= {need:.2f}x CUB SegmentedReduce")
    return None


def fmt(v, spec):
    return "" if v is None else format(v, spec)


def pow2(n):
    e = math.log2(n) if n > 0 else 0
    return f"2^{int(e)}" if e == int(e) else str(n)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ours", required=True)
    ap.add_argument("--peers", nargs="*", default=[])
    ap.add_argument("--out", default=os.environ.get("OUT", "."))
    ap.add_argument("--startup", help="startup.csv of scripts/startup.sh (case,seconds)")
    args = ap.parse_args()
    ours = load([args.ours])
    peers = load(args.peers)
    peer_at = {(r["case"], int(r["n"])): r for r in peers if num(r.get("ms"))}
    ours_at = {(r["case"], int(r["n"])): r for r in ours if num(r.get("ms"))}

    out_rows = []
    head = (f"{'case':<32} {'n':>7} {'ours ms':>10} {'GB/s':>7} {'%roof':>6} "
            f"{'peer':<36} {'peer ms':>10} {'ratio':>6}  {'target':<32} verdict")
    print(head)
    print("-" * len(head))
    counts = {}
    for r in ours:
        case, n = r["case"], int(r["n"])
        ms, gbps, pct = num(r.get("ms")), num(r.get("gbps")), num(r.get("roof_pct"))
        rl = rule(case, n)
        peer_case, peer_ms, ratio, verdict, target = "", None, None, "", ""
        if rl:
            peer_case, peer_is_ours, need_ratio, need_roof, target = rl
            pr = (ours_at if peer_is_ours else peer_at).get((peer_case, n))
            peer_ms = num(pr["ms"]) if pr else None
            if peer_is_ours:
                peer_case = "ours " + peer_case
            if ms is None:
                verdict = r.get("check") or "not run"
            else:
                ratio = peer_ms / ms if peer_ms else None
                parts = []
                if need_ratio is not None and ratio is not None:
                    parts.append(ratio >= need_ratio)
                if need_roof is not None and pct is not None:
                    parts.append(pct >= need_roof)
                if need_ratio is None and need_roof is None:
                    verdict = "info"
                elif not parts:
                    verdict = "no peer at this n"
                else:
                    verdict = "met" if all(parts) else "MISSED"
                    if need_ratio is not None and ratio is None:
                        verdict += " (roof only)"
        elif ms is None:
            verdict = r.get("check") or "not run"
        key = verdict.split(" (")[0]
        counts[key] = counts.get(key, 0) + 1
        print(f"{case:<32} {pow2(n):>7} {fmt(ms, '.4f'):>10} {fmt(gbps, '.0f'):>7} "
              f"{fmt(pct, '.1f'):>6} {peer_case:<36} {fmt(peer_ms, '.4f'):>10} "
              f"{fmt(ratio, '.3f'):>6}  {target:<32} {verdict}")
        out_rows.append({
            "case": case, "n": n, "ours_ms": fmt(ms, ".6f"), "ours_gbps": fmt(gbps, ".2f"),
            "ours_gflops": r.get("gflops", ""), "roof_pct": fmt(pct, ".2f"), "peer": peer_case,
            "peer_ms": fmt(peer_ms, ".6f"), "ratio_ours_over_peer": fmt(ratio, ".4f"),
            "target": target, "verdict": verdict,
        })
    print("-" * len(head))
    if args.startup and os.path.exists(args.startup):
        out_rows += startup_rows(args.startup, counts)
    print("summary: " + ", ".join(f"{k}: {v}" for k, v in sorted(counts.items())))

    # Peer rows that no case of ours maps to (the second cuSPARSE algorithm, Thrust's by-key).
    print("\npeers (all rows):")
    for r in peers:
        print(f"  {r['source']:<15} {r['case']:<40} n={pow2(int(r['n'])):>9} ms={r['ms']:>10} "
              f"GB/s={r['gbps']:>8} {r.get('gflops') or ''} {r['check']}")

    os.makedirs(args.out, exist_ok=True)
    path = os.path.join(args.out, "comparison.csv")
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(out_rows[0].keys()) if out_rows else ["case"])
        w.writeheader()
        w.writerows(out_rows)
    print(f"\nwrote {path}")
    plot(ours, peers, args.out)


# Start-up targets: a process's first result, cold, in seconds.
STARTUP_TARGETS = {
    "first_call_sass_cold_process": 1.0,  # machine code for this GPU
    "first_call_ptx_cold_process": 3.0,   # PTX alone, one algorithm family
}


def startup_rows(path, counts):
    """Prints the start-up table of scripts/startup.sh and returns its comparison rows
    (`ours_ms` in milliseconds, n = 0), counting the verdicts into `counts`."""
    print("\nstart-up (seconds, scripts/startup.sh):")
    rows = []
    for r in load([path]):
        case, sec = r["case"], num(r.get("seconds"))
        limit = STARTUP_TARGETS.get(case)
        if sec is None:
            verdict = "not run"
        elif limit is None:
            verdict = "info"
        else:
            verdict = "met" if sec < limit else "MISSED"
        counts[verdict] = counts.get(verdict, 0) + 1
        target = f"< {limit} s" if limit else ""
        print(f"  {case:<34} {fmt(sec, '.3f'):>8}  {target:<8} {verdict}")
        rows.append({
            "case": "startup_" + case, "n": 0, "ours_ms": fmt(sec * 1000 if sec else None, ".1f"),
            "ours_gbps": "", "ours_gflops": "", "roof_pct": "", "peer": "", "peer_ms": "",
            "ratio_ours_over_peer": "", "target": target, "verdict": verdict,
        })
    return rows


# Families drawn in the plot: (label, our case, peer case).
FAMILIES = [
    ("copy", "copy_f32", "copy"),
    ("saxpy", "saxpy_f32", "thrust_saxpy_f32"),
    ("transform", "transform_square_f32", "thrust_square_f32"),
    ("sum of squares", "transform_reduce_square_f32", "thrust_transform_reduce_square_f32"),
    ("dot product", "transform2_reduce_times_f32", "thrust_inner_product_f32"),
    ("excl. scan of squares", "transform_exclusive_scan_square_f32",
     "thrust_transform_exclusive_scan_square_f32"),
    ("scan of squares", "transform_inclusive_scan_square_f32",
     "thrust_transform_inclusive_scan_square_f32"),
    ("reduce f32", "reduce_sum_f32", "cub_reduce_sum_f32"),
    ("reduce_into f32", "reduce_into_sum_f32", "cub_reduce_sum_f32"),
    ("reduce f64", "reduce_sum_f64", "cub_reduce_sum_f64"),
    ("incl. scan f32", "inclusive_scan_sum_f32", "cub_inclusive_sum_f32"),
    ("excl. scan f32", "exclusive_scan_sum_f32", "cub_exclusive_sum_f32"),
    ("scan f64", "inclusive_scan_sum_f64", "cub_inclusive_sum_f64"),
    ("scan by key 1000", "scan_by_keys_seg1000_f32", "cub_inclusive_sum_by_key_seg1000_f32"),
    ("reduce by key", "reduce_by_key_seg1000_f32", "cub_reduce_by_key_seg1000_f32"),
    ("reduce_by_key_into", "reduce_by_key_into_seg1000_f32", "cub_reduce_by_key_seg1000_f32"),
    ("scan by u64 key 32", "scan_by_keys_u64_seg32_f32", "cub_inclusive_sum_by_key_u64_seg32_f32"),
    ("histogram 1024 f32", "histogram_even_1024_f32", "cub_histogram_even_1024_f32"),
    ("gather perm f32", "gather_perm_f32", "thrust_gather_perm_f32"),
]


def series(rows, case):
    pts = sorted((int(r["n"]), num(r["gbps"])) for r in rows
                 if r["case"] == case and num(r.get("gbps")))
    return pts


def plot(ours, peers, out):
    lines = []
    for label, oc, pc in FAMILIES:
        o, p = series(ours, oc), series(peers, pc)
        if o or p:
            lines.append((label, o, p))
    if not lines:
        return
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        plt = None
    if plt is not None:
        fig, ax = plt.subplots(figsize=(11, 6.5))
        for i, (label, o, p) in enumerate(lines):
            c = f"C{i % 10}"
            if o:
                ax.plot([x for x, _ in o], [y for _, y in o], "-o", color=c, ms=3,
                        label=f"parallaxis {label}")
            if p:
                ax.plot([x for x, _ in p], [y for _, y in p], "--s", color=c, ms=3,
                        label=f"peer {label}")
        ax.set_xscale("log", base=2)
        ax.set_xlabel("n (elements)")
        ax.set_ylabel("effective GB/s")
        ax.set_title("parallaxis (solid) vs CUB/Thrust (dashed), same GPU, same run")
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=7, ncol=2)
        fig.tight_layout()
        path = os.path.join(out, "gbps.png")
        fig.savefig(path, dpi=110)
        print(f"wrote {path}")
        return
    svg_plot(lines, os.path.join(out, "gbps.svg"))


def svg_plot(lines, path):
    """A minimal SVG line chart (log2 x, linear y), for machines without matplotlib."""
    w, h, l, r, t, b = 900, 560, 70, 230, 30, 50
    xs = [x for _, o, p in lines for x, _ in o + p]
    ys = [y for _, o, p in lines for _, y in o + p]
    x0, x1 = math.log2(min(xs)), math.log2(max(xs))
    y1 = max(ys) * 1.05
    px = lambda x: l + (math.log2(x) - x0) / max(x1 - x0, 1) * (w - l - r)
    py = lambda y: h - b - y / y1 * (h - t - b)
    colors = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
              "#7f7f7f", "#bcbd22", "#17becf"]
    s = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
         f'font-family="sans-serif" font-size="11">',
         f'<rect width="{w}" height="{h}" fill="white"/>',
         f'<text x="{l}" y="18">parallaxis (solid) vs peers (dashed): effective GB/s vs n</text>']
    for e in range(int(x0), int(x1) + 1, 2):
        x = px(2 ** e)
        s.append(f'<line x1="{x}" y1="{t}" x2="{x}" y2="{h - b}" stroke="#ddd"/>')
        s.append(f'<text x="{x - 10}" y="{h - b + 15}">2^{e}</text>')
    for k in range(6):
        y = y1 * k / 5
        s.append(f'<line x1="{l}" y1="{py(y)}" x2="{w - r}" y2="{py(y)}" stroke="#ddd"/>')
        s.append(f'<text x="5" y="{py(y) + 4}">{y:.0f}</text>')
    for i, (label, o, p) in enumerate(lines):
        c = colors[i % len(colors)]
        for pts, dash, who in ((o, "", "parallaxis"), (p, ' stroke-dasharray="5,3"', "peer")):
            if pts:
                d = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in pts)
                s.append(f'<polyline points="{d}" fill="none" stroke="{c}" stroke-width="1.6"{dash}/>')
        yy = t + 14 * i
        s.append(f'<line x1="{w - r + 10}" y1="{yy}" x2="{w - r + 30}" y2="{yy}" stroke="{c}"/>')
        s.append(f'<text x="{w - r + 35}" y="{yy + 4}">{label}</text>')
    s.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(s))
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
