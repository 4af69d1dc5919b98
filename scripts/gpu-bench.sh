#!/usr/bin/env bash
# The GPU comparison in one go, on the GPU machine: builds and runs the peers (CUB, Thrust,
# cuSPARSE: benches/peers/peers.cu with nvcc; cuDNN: benches/peers/peers_torch.py), runs
# parallaxis's GPU bench, then scripts/compare.py, which joins the CSVs, prints ours / peer /
# ratio / target / met-or-missed per case, and writes comparison.csv and a GB/s-vs-n plot.
#
#   scripts/gpu-bench.sh [GPU_BENCH_BINARY]        (default .device-bin/bench/gpu_bench)
#
# Environment: OUT (results folder, default ./bench-out), ITERS (timed calls per case,
# default 20), MAX_LOG2 (largest n = 2^MAX_LOG2, default 30), NVCC (default: nvcc on PATH or
# /usr/local/cuda/bin/nvcc), OVERLAP_NVCC (1: compile the peers while our bench runs),
# BENCH_ARGS (extra arguments for the bench binary), RUN_CPU
# (default 1: afterwards, run cpu_peers and cpu_bench when they sit beside the GPU bench
# binary; CPU_PEERS_MAX_LOG2 default 28, CPU_MAX_LOG2 default 26).
# The bench binary is built elsewhere (no Rust toolchain on the GPU machine):
# scripts/build-bench-bins.sh.
#
# Results in $OUT (at most 8 files, for the device tool): ours.csv, peers.csv,
# peers_torch.csv, comparison.csv, gbps.png (or .svg), gpu-bench.log, cpu-bench.log.
# On the H100 the whole script takes about 90 s (GPU part ~40 s, CPU part ~45 s).
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BIN=${1:-.device-bin/bench/gpu_bench}
OUT=${OUT:-$PWD/bench-out}
ITERS=${ITERS:-20}
MAX_LOG2=${MAX_LOG2:-30}
mkdir -p "$OUT"
LOG="$OUT/gpu-bench.log"
: >"$LOG"
say() { echo "== $* ($(date +%T))" | tee -a "$LOG"; }

NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
say "device"
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem \
    --format=csv,noheader 2>&1 | tee -a "$LOG"
"$NVCC" --version 2>&1 | tail -1 | tee -a "$LOG"

# 0. Start-up (scripts/startup.sh), first: nothing else has used the driver yet. Runs when
#    build-bench-bins.sh staged the start-up programs beside the bench.
BIN_DIR=$(dirname "$BIN")
if [[ -x "$BIN_DIR/first_call" && -x "$BIN_DIR/first_call_ptx" ]]; then
    say "start-up: $ROOT/scripts/startup.sh $BIN_DIR"
    bash "$ROOT/scripts/startup.sh" "$BIN_DIR" "$OUT/startup.csv" 2>&1 | tee -a "$LOG"
fi

# 1. Compile the peers (nvcc takes about a minute). Before our bench, not beside it: at
#    n <= 2^20 a call is 10-40 us, mostly launch and event latency on the host, and with nvcc
#    on the CPU those rows came out up to 6x slow (copy 2^18: 0.060 ms instead of 0.010).
#    OVERLAP_NVCC=1 compiles in the background as before (a minute less on the device).
#    A `peers` binary beside the bench (built elsewhere) is used as it is.
PEERS_BIN=$(mktemp -d)/peers
if [[ -x "$BIN_DIR/peers" ]]; then
    say "peers: prebuilt $BIN_DIR/peers"
    cp "$BIN_DIR/peers" "$PEERS_BIN"
    echo 0 >"$PEERS_BIN.rc"
    (true) &
else
    say "nvcc peers.cu"
    (
        "$NVCC" -O3 -arch=sm_90 -std=c++17 -o "$PEERS_BIN" "$ROOT/benches/peers/peers.cu" -lcusparse \
            >"$PEERS_BIN.log" 2>&1
        echo $? >"$PEERS_BIN.rc"
    ) &
fi
NVCC_PID=$!
[[ "${OVERLAP_NVCC:-0}" == 1 ]] || wait "$NVCC_PID"

# 2. parallaxis's bench.
say "parallaxis gpu bench: $BIN --iters $ITERS --max-log2 $MAX_LOG2 ${BENCH_ARGS:-}"
# shellcheck disable=SC2086
"$BIN" --csv "$OUT/ours.csv" --iters "$ITERS" --max-log2 "$MAX_LOG2" ${BENCH_ARGS:-} 2>&1 | tee -a "$LOG"
OURS_RC=${PIPESTATUS[0]}
[[ $OURS_RC -eq 0 ]] || say "parallaxis bench exited with $OURS_RC"

# 3. The CUB / Thrust / cuSPARSE peers.
say "waiting for nvcc"
wait "$NVCC_PID" 2>/dev/null
if [[ "$(cat "$PEERS_BIN.rc" 2>/dev/null)" == 0 ]]; then
    say "peers.cu"
    "$PEERS_BIN" --csv "$OUT/peers.csv" --iters "$ITERS" --max-log2 "$MAX_LOG2" 2>&1 | tee -a "$LOG"
    # CUB's sort of 1- and 2-byte keys (benches/peers/sort_narrow_peers.cu), when built.
    if [[ -x "$BIN_DIR/sort_narrow_peers" ]]; then
        say "sort_narrow_peers"
        "$BIN_DIR/sort_narrow_peers" --csv "$OUT/peers.csv" 2>&1 | tee -a "$LOG"
    fi
else
    say "nvcc failed"
    tee -a "$LOG" <"$PEERS_BIN.log"
fi

# 4. The cuDNN / PyTorch peers.
say "peers_torch.py"
PYTHONUNBUFFERED=1 python3 "$ROOT/benches/peers/peers_torch.py" --csv "$OUT/peers_torch.csv" \
    --iters "$ITERS" 2>&1 | tee -a "$LOG"

# 5. The comparison.
say "compare"
python3 "$ROOT/scripts/compare.py" --ours "$OUT/ours.csv" \
    --peers "$OUT/peers.csv" "$OUT/peers_torch.csv" --startup "$OUT/startup.csv" \
    --out "$OUT" 2>&1 | tee -a "$LOG"
# 6. The CPU side, after the GPU work so that nothing competes for the cores: the hand-written
#    std/rayon peers and parallaxis's CPU bench, when their binaries sit beside the GPU bench.
if [[ "${RUN_CPU:-1}" == 1 && -x "$BIN_DIR/cpu_peers" && -x "$BIN_DIR/cpu_bench" ]]; then
    CPU_LOG="$OUT/cpu-bench.log"
    say "cpu peers + parallaxis cpu bench on $(nproc) cores -> $CPU_LOG"
    "$BIN_DIR/cpu_peers" --max-log2 "${CPU_PEERS_MAX_LOG2:-28}" 2>&1 | tee "$CPU_LOG"
    "$BIN_DIR/cpu_bench" --max-log2 "${CPU_MAX_LOG2:-26}" 2>&1 | tee -a "$CPU_LOG"
fi
say "done"
exit "$OURS_RC"
