#!/bin/bash
# One GPU call: the new algorithms' conformance (+ transform's), memcheck of them, the bench
# rows and their peers (compiled meanwhile).
cd "$(dirname "$0")/carry" && tar xJf c.tar.xz || exit 1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
(nvcc -O3 -std=c++17 -arch=sm_90 -o runs_peers runs_peers.cu > $OUT/nvcc.log 2>&1; echo "nvcc rc=$?" >> $OUT/nvcc.log) &
echo "== suite cuda::runs cuda::replace cuda::transform"
timeout 70 ./suite cuda::runs cuda::replace cuda::transform > $OUT/suite.log 2>&1; echo "suite rc=$?"
grep -E "test result|FAILED|panicked|failed" $OUT/suite.log | head -20
echo "== memcheck"
timeout 45 compute-sanitizer --tool memcheck --error-exitcode 9 ./suite cuda::runs::adjacent_difference_in cuda::runs::byte_runs cuda::runs::float_runs cuda::replace::in_place cuda::replace::float cuda::replace::replace_copy > $OUT/memcheck.log 2>&1; echo "memcheck rc=$?"
grep -E "ERROR SUMMARY|test result" $OUT/memcheck.log | tail -3
echo "== bench"
timeout 30 ./gpu_bench --only adjacent_difference,unique_count,run_length_encode --min-log2 24 --max-log2 28 --step 4 --iters 10 --csv $OUT/ours.csv 2>&1 | grep -vE "^\s*$" | tail -8
wait
tail -2 $OUT/nvcc.log
[ -x runs_peers ] && timeout 25 ./runs_peers --max-log2 28 --csv $OUT/peers.csv 2>&1 | tail -10
