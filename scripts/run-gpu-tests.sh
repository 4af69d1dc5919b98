#!/usr/bin/env bash
# Runs the test binaries staged by scripts/build-gpu-tests.sh on a GPU machine (no Rust
# toolchain needed) and prints passed / failed / skipped / ignored per binary and per module
# (the file's module, then the backend and algorithm where there are:
# `conformance::cuda::scan`, `invalid_input::cuda`, `fused_gpu`, ...).
#
#   run-gpu-tests.sh [--dir DIR] [--only REGEX] [--large] [--large-only]
#                    [--memcheck] [--racecheck] [--synccheck]
#                    [--sanitize-filter 'F1 F2 ...'] [--sanitize-skip 'S1 S2 ...']
#                    [--timeout SECONDS] [--log-dir DIR]
#
#   --dir DIR          the staged folder (default: this script's folder if it holds
#                      manifest.tsv, else .device-bin/tests)
#   --only REGEX       run only the binaries whose manifest file name matches REGEX
#                      (parallaxis__test__suite, parallaxis__test__gpu, ...)
#   --args 'A B ...'   extra libtest arguments for the suite's binaries, e.g. test filters
#                      ('cuda::' or 'histogram_gpu::'; a filter matches anywhere in a name)
#   --large            also run the large tier (tests/large_gpu.rs: the `large_gpu::` tests
#                      of the `gpu` binary, n = 2^31 + 12345, `--ignored --test-threads=1`;
#                      ~20 GB of GPU memory, ~1-3 min)
#   --large-only       only the large tier
#   --memcheck, --racecheck, --synccheck
#                      after the suite, run `compute-sanitizer --tool MODE` (one pass per flag)
#                      over the `suite` binary (the conformance bodies and the invalid-input
#                      table), restricted to the GPU tests that match --sanitize-filter
#                      (libtest filters, default `cuda::`: in `suite` only the conformance and
#                      invalid-input modules have a `cuda::` module)
#                      minus --sanitize-skip (default: the property tests, whose 32-48 cases
#                      each are too slow under a sanitizer, which makes GPU code 10-100x
#                      slower). A sanitizer error fails the run.
#   --timeout SECONDS  per binary and per sanitizer pass (default 900)
#   --log-dir DIR      keep every binary's full output there (default: a temporary folder)
#
# GPU policy (tests/common/gpu.rs): a GPU test with no usable GPU FAILS, unless
# PARALLAX_SKIP_GPU=1, when it prints `SKIPPED <test>: <reason>`; skips are counted here and
# never reported as passes. Exit status: 0 when nothing failed.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
dir=""
only=""
args=""
large=0
suite=1
sanitizers=()
san_filter="cuda::"
san_skip="equivalence bitwise within_bound random_ triplets_and_round_trips plus_times_ tropical_ or_and_"
timeout_s=900
log_dir=""
while [[ $# -gt 0 ]]; do
    case $1 in
        --dir) dir=$2; shift 2 ;;
        --only) only=$2; shift 2 ;;
        --args) args=$2; shift 2 ;;
        --large) large=1; shift ;;
        --large-only) large=1; suite=0; shift ;;
        --memcheck | --racecheck | --synccheck) sanitizers+=("${1#--}"); shift ;;
        --sanitize-filter) san_filter=$2; shift 2 ;;
        --sanitize-skip) san_skip=$2; shift 2 ;;
        --timeout) timeout_s=$2; shift 2 ;;
        --log-dir) log_dir=$2; shift 2 ;;
        -h | --help) sed -n '2,36p' "$0"; exit 0 ;;
        *) echo "run-gpu-tests: unknown argument $1" >&2; exit 2 ;;
    esac
done
if [[ -z $dir ]]; then
    if [[ -f $here/manifest.tsv ]]; then dir=$here; else dir=.device-bin/tests; fi
fi
dir=$(cd "$dir" && pwd) || exit 2
[[ -f $dir/manifest.tsv ]] || { echo "run-gpu-tests: no $dir/manifest.tsv" >&2; exit 2; }
if [[ -z $log_dir ]]; then log_dir=$(mktemp -d); fi
mkdir -p "$log_dir"
log_dir=$(cd "$log_dir" && pwd)
export PARALLAX_DATA_DIR=$dir/data

echo "== run-gpu-tests: $dir (logs in $log_dir)"
if command -v nvidia-smi >/dev/null 2>&1; then
    nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader || true
else
    echo "nvidia-smi: not found"
fi
echo "PARALLAX_SKIP_GPU=${PARALLAX_SKIP_GPU:-<unset>}"

summary=$log_dir/summary.tsv # binary, module, passed, failed, skipped, ignored
: >"$summary"
failures=0

# Counts one binary's log into $summary: per module (the file's module, then
# backend::algorithm when a backend follows it: `conformance::cuda::scan`; else the file's
# module and the next component: `invalid_input::cuda`), skips subtracted from passes.
count() {
    local bin=$1 log=$2 rc=$3
    awk -v bin="$bin" -v rc="$rc" '
        function module(t,   p, n) {
            n = split(t, p, "::")
            if (n >= 4 && (p[2] == "cuda" || p[2] == "rayon" || p[2] == "sequential")) return p[1] "::" p[2] "::" p[3]
            if (n >= 3) return p[1] "::" p[2]
            if (n >= 2) return p[1]
            return "(top)"
        }
        match($0, /SKIPPED [^ :]+(::[^ :]+)*: /) {
            s = substr($0, RSTART + 8, RLENGTH - 10); if (!(s in skip)) { skip[s] = 1 }
        }
        match($0, /test [^ ]+ \.\.\. (ok|FAILED|ignored)/) {
            line = substr($0, RSTART, RLENGTH); split(line, w, " ")
            t = w[2]; r = w[4]; res[t] = r; mods[module(t)] = 1; pending = ""
            next
        }
        # With --nocapture (the large tier) a test prints between its name and its result,
        # which then stands alone on a later line.
        match($0, /^test [^ ]+ \.\.\. /) { split($0, w, " "); pending = w[2]; next }
        pending != "" && match($0, /^(ok|FAILED|ignored)$/) {
            res[pending] = $0; mods[module(pending)] = 1; pending = ""
        }
        END {
            for (t in res) {
                m = module(t)
                if (res[t] == "FAILED") f[m]++
                else if (res[t] == "ignored") ig[m]++
                else if (t in skip) sk[m]++
                else ps[m]++
            }
            for (t in skip) if (!(t in res)) { m = module(t); mods[m] = 1; sk[m]++ }
            any = 0
            for (m in mods) { any = 1; printf "%s\t%s\t%d\t%d\t%d\t%d\n", bin, m, ps[m], f[m], sk[m], ig[m] }
            if (rc != 0 && (!any || rc != 101)) printf "%s\t(binary exit %d)\t0\t1\t0\t0\n", bin, rc
        }' "$log" >>"$summary"
}

run_binary() { # name, log, then the command
    local name=$1 log=$2 rc
    shift 2
    echo "-- $name"
    (cd "$dir" && timeout "$timeout_s" "$@") >"$log" 2>&1
    rc=$?
    grep -E '^test result:|panicked at|ERROR SUMMARY' "$log" | head -12 | cut -c1-240
    local skipped
    skipped=$(grep -c 'SKIPPED ' "$log")
    [[ $skipped -gt 0 ]] && echo "   $skipped SKIPPED lines, e.g. $(grep -o -m1 'SKIPPED .*' "$log")"
    [[ $rc -eq 124 ]] && echo "   TIMEOUT after ${timeout_s}s"
    count "$name" "$log" "$rc"
    [[ $rc -ne 0 ]] && failures=$((failures + 1))
    return 0
}

mapfile -t bins < <(grep -v '^#' "$dir/manifest.tsv" | cut -f1)
t0=$(date +%s)
if [[ $suite -eq 1 ]]; then
    echo "== the suite"
    for f in "${bins[@]}"; do
        [[ -n $only && ! $f =~ $only ]] && continue
        name=$(basename "$f")
        # shellcheck disable=SC2086 # the arguments are words on purpose
        run_binary "$name" "$log_dir/$name.log" "$dir/$f" $args
    done
fi
if [[ $large -eq 1 ]]; then
    echo "== the large tier (--ignored --test-threads=1)"
    for f in "${bins[@]}"; do
        [[ $f == *__test__gpu ]] || continue
        run_binary "large_gpu(--ignored)" "$log_dir/large_gpu.log" "$dir/$f" \
            --ignored --test-threads=1 --nocapture large_gpu::
        grep '^large: ' "$log_dir/large_gpu.log"
    done
fi
if [[ ${#sanitizers[@]} -gt 0 ]]; then
    san=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null)
    if [[ -z $san ]]; then
        echo "compute-sanitizer: not found" >&2
        failures=$((failures + 1))
    else
        skips=()
        for s in $san_skip; do skips+=(--skip "$s"); done
        for tool in "${sanitizers[@]}"; do
            echo "== compute-sanitizer --tool $tool (filter: $san_filter; skip: $san_skip)"
            for f in "${bins[@]}"; do
                [[ $f == *__test__suite ]] || continue
                name="${tool}_$(basename "$f")"
                # shellcheck disable=SC2086 # the filters are words on purpose
                if ! "$dir/$f" --list $san_filter "${skips[@]}" 2>/dev/null | grep -q ': test$'; then
                    echo "-- $name: no test matches the filter, pass skipped"
                    continue
                fi
                # shellcheck disable=SC2086
                run_binary "$name" "$log_dir/$name.log" "$san" --tool "$tool" \
                    --error-exitcode 99 "$dir/$f" $san_filter "${skips[@]}" --test-threads=1
                grep -h 'ERROR SUMMARY' "$log_dir/$name.log" | sed 's/^/   /'
            done
        done
    fi
fi

echo
echo "== summary ($(($(date +%s) - t0)) s)"
printf "%-30s %-40s %7s %7s %7s %7s\n" binary module passed failed skipped ignored
# Per module (sorted), then per binary, then the total; plain POSIX awk (mawk on Ubuntu).
sort -t$'\t' -k1,1 -k2,2 "$summary" | awk -F'\t' '
    { key = $1 "\t" $2
      if (!(key in p)) { keys[++nk] = key }
      if (!($1 in bp)) { order[++nb] = $1 }
      p[key] += $3; f[key] += $4; s[key] += $5; i[key] += $6
      bp[$1] += $3; bf[$1] += $4; bs[$1] += $5; bi[$1] += $6
      tp += $3; tf += $4; ts += $5; ti += $6 }
    END {
        for (k = 1; k <= nk; k++) { split(keys[k], a, "\t")
            printf "%-30s %-40s %7d %7d %7d %7d\n", a[1], a[2], p[keys[k]], f[keys[k]], s[keys[k]], i[keys[k]] }
        print ""
        for (b = 1; b <= nb; b++) printf "%-30s %-40s %7d %7d %7d %7d\n", order[b], "(all)", bp[order[b]], bf[order[b]], bs[order[b]], bi[order[b]]
        printf "%-30s %-40s %7d %7d %7d %7d\n", "TOTAL", "", tp, tf, ts, ti
        if (ts > 0) printf "\n%d tests SKIPPED (each printed its reason on its SKIPPED line): they did not run\n", ts
    }'
if [[ $failures -gt 0 ]]; then
    echo "run-gpu-tests: $failures binary run(s) failed"
    exit 1
fi
echo "run-gpu-tests: all passed"
