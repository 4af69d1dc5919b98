#!/usr/bin/env bash
# Start-up of a GPU program: how long a process waits for its first result, cold and warm.
#
#   startup.sh DIR [CSV]
#
# DIR holds `first_call` and `quickstart` built with machine code (the default build, where
# ptxas was found) and `first_call_ptx` / `quickstart_ptx` built from PTX alone
# (`PARALLAX_CUDA_ARCHS=none`); scripts/build-bench-bins.sh stages all four. For each build:
#   - first_call, cold: `CUDA_CACHE_DISABLE=1` (the driver compiles all PTX it loads, caches
#     nothing); the program prints the time from `main` to its first `inclusive_scan` of
#     2^20 f32 read back, and the whole process is timed too;
#   - first_call, warm: a fresh compute cache (CUDA_CACHE_PATH, a temporary folder), one run
#     to fill it, then timed;
#   - quickstart (every algorithm family once), cold and warm, the whole process.
# Prints one line per case and writes `case,seconds` rows to CSV (default startup.csv).
# Targets: first call cold < 1.0 s with machine code, < 3 s from PTX alone.
set -uo pipefail
DIR=${1:?usage: startup.sh DIR [CSV]}
CSV=${2:-startup.csv}
echo "case,seconds" >"$CSV"

# Runs "$@" and prints its wall time in seconds (the program's own output goes to $LAST).
LAST=$(mktemp)
wall() {
    local t0 t1
    t0=$(date +%s.%N)
    "$@" >"$LAST" 2>&1 || { echo "startup: $* failed:" >&2; cat "$LAST" >&2; return 1; }
    t1=$(date +%s.%N)
    python3 -c "print(f'{$t1 - $t0:.3f}')"
}

# The `first_s=` figure first_call printed in the last `wall`.
first_s() { sed -n 's/.*first_s=\([0-9.]*\).*/\1/p' "$LAST"; }

row() { # case seconds
    printf '%-34s %8s s\n' "$1" "$2"
    echo "$1,$2" >>"$CSV"
}

# A fresh driver compute cache for each warm case, never the user's own.
fresh_cache() {
    export CUDA_CACHE_PATH
    CUDA_CACHE_PATH=$(mktemp -d)
}
for build in sass ptx; do
    suffix=$([[ $build == ptx ]] && echo _ptx || echo "")
    first="$DIR/first_call$suffix" quick="$DIR/quickstart$suffix"
    [[ -x $first && -x $quick ]] || { echo "startup: no $first or $quick" >&2; continue; }
    w=$(CUDA_CACHE_DISABLE=1 wall "$first") || continue
    row "first_call_${build}_cold_process" "$w"
    row "first_call_${build}_cold_main" "$(first_s)"
    fresh_cache
    wall "$first" >/dev/null
    w=$(wall "$first") || continue
    row "first_call_${build}_warm_process" "$w"
    row "first_call_${build}_warm_main" "$(first_s)"
    w=$(CUDA_CACHE_DISABLE=1 wall "$quick") || continue
    row "quickstart_${build}_cold" "$w"
    fresh_cache
    wall "$quick" >/dev/null
    w=$(wall "$quick") || continue
    row "quickstart_${build}_warm" "$w"
done
rm -f "$LAST"
