#!/usr/bin/env bash
# Validates parallaxis's GPU kernels with NVIDIA's assembler, on a machine without a GPU.
#
# Builds parallaxis-device with its kernels compiled from source (PARALLAX_KERNELS=source:
# its build.rs compiles device/kernels to PTX with nightly, not the prebuilt PTX), runs
# `ptxas -arch=sm_90 -v` on the PTX, and prints registers, stack and spills per kernel.
# Exits non-zero when the PTX does not assemble. ptxas comes from the `nvidia-cuda-nvcc` pip
# wheel (installed on first use; it lands in site-packages/nvidia/cu13/bin/) unless `ptxas`
# is on PATH or $PTXAS names one.
#
# `--install-only` stops once ptxas is found or installed (what .ci/run does before the CUDA
# build, which then assembles the kernel library's machine code).
#
# Exit status: 0 the PTX assembled (or, with --install-only, ptxas is there); 1 it did not (or the build failed); 3 no ptxas could be
# found or installed (no pip, no network), so nothing was checked (.ci/run reports a skip).
set -euo pipefail
cd "$(dirname "$0")/.."

find_ptxas() {
    if [[ -n "${PTXAS:-}" ]]; then echo "$PTXAS"; return; fi
    if command -v ptxas >/dev/null 2>&1; then command -v ptxas; return; fi
    python3 - <<'PY' 2>/dev/null || true
import pathlib
try:
    import nvidia
except ImportError:
    raise SystemExit(0)
for root in nvidia.__path__:
    for cand in ("cu13/bin/ptxas", "cuda_nvcc/bin/ptxas", "cu12/bin/ptxas"):
        p = pathlib.Path(root) / cand
        if p.is_file():
            print(p)
            raise SystemExit(0)
PY
}

ptxas=$(find_ptxas)
if [[ -z "$ptxas" ]]; then
    echo "== installing ptxas (pip install nvidia-cuda-nvcc)"
    if ! python3 -m pip install --quiet nvidia-cuda-nvcc; then
        echo "ptx-check: no ptxas: pip install nvidia-cuda-nvcc failed" >&2
        exit 3
    fi
    ptxas=$(find_ptxas)
fi
if [[ -z "$ptxas" ]]; then
    echo "ptx-check: no ptxas found after installing nvidia-cuda-nvcc" >&2
    exit 3
fi
chmod +x "$ptxas" 2>/dev/null || true
echo "== ptxas: $ptxas ($("$ptxas" --version | tail -1))"
# `--install-only`: just make sure ptxas is there (the CUDA build then finds it and assembles
# the kernel library's machine code, `docs/ptx-build.md`).
[[ ${1:-} == --install-only ]] && exit 0

echo "== building the PTX (cargo build --release -p parallaxis-device)"
# The kernels' own warnings come out of the build script as `PTX build of ...` lines (the
# nvptx64 build is not seen by clippy): any fails the check. Touching the kernels' lib.rs makes
# the build script run again even when the PTX was built before; the machine code is left
# out of this build (PARALLAX_CUDA_ARCHS=none): the CUDA build before this check assembled it.
touch device/kernels/src/lib.rs
build_log=$(mktemp)
PARALLAX_KERNELS=source PARALLAX_CUDA_ARCHS=none cargo build --release -p parallaxis-device 2>&1 |
    tee "$build_log"
if grep -q "PTX build of" "$build_log"; then
    echo "ptx-check: the kernels compile with warnings (above)" >&2
    rm -f "$build_log"
    exit 1
fi
rm -f "$build_log"
target_dir=$(cargo metadata --format-version 1 --no-deps |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')
ptx=$(ls -t "$target_dir"/release/build/parallaxis-device-*/out/parallaxis_kernels.ptx | head -1)
echo "== $ptx ($(grep -c '^.visible .entry' "$ptx") kernels)"
# The prebuilt PTX (device/prebuilt, what stable builds use) carries the fingerprint of the
# sources it came from, not of the compiler: a newer nightly may make other PTX of the same
# sources. Said here, not failed: the prebuilt PTX is what was verified on GPUs.
if xz -dc device/prebuilt/parallaxis_kernels.ptx.xz 2>/dev/null | cmp -s - "$ptx"; then
    echo "== the prebuilt PTX is what this nightly makes of the sources"
else
    echo "== note: this nightly makes other PTX of the sources than device/prebuilt holds" \
        "($(sed -n 2p device/prebuilt/parallaxis_kernels.fingerprint))"
fi

log=$(mktemp)
cubin=$(mktemp)
trap 'rm -f "$log" "$cubin"' EXIT
if ! "$ptxas" -arch=sm_90 -v "$ptx" -o "$cubin" >"$log" 2>&1; then
    cat "$log"
    echo "ptx-check: ptxas rejected the PTX" >&2
    exit 1
fi

python3 - "$log" <<'PY'
import re, sys
log = open(sys.argv[1]).read()
rows = re.findall(
    r"Compiling entry function '(\w+)'.*?(\d+) bytes stack frame, (\d+) bytes spill stores, "
    r"(\d+) bytes spill loads\s*\n.*?Used (\d+) registers", log, re.S)
print(f"{'kernel':<52} {'regs':>5} {'stack':>6} {'spill st':>9} {'spill ld':>9}")
for name, stack, st, ld, regs in sorted(rows):
    print(f"{name:<52} {regs:>5} {stack:>6} {st:>9} {ld:>9}")
spilling = [r[0] for r in rows if int(r[2]) or int(r[3])]
regs = [int(r[4]) for r in rows]
print(f"\n{len(rows)} kernels assembled for sm_90; registers {min(regs)}..{max(regs)}; "
      f"{len(spilling)} with spills{': ' + ', '.join(spilling) if spilling else ''}")
PY
