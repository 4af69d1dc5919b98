#!/bin/bash
# One GPU call: the set operations' conformance, memcheck of three of its tests, the bench rows
# and their Thrust peers (compiled meanwhile).
# Called as: MEMCHECK="cuda::set_ops::shaped_inputs cuda::set_ops::by_key_values cuda::set_ops::unsorted_inputs" bash run.sh
cd "$(dirname "$0")/carry" && tar xJf c.tar.xz || exit 1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
(nvcc -O3 -std=c++17 -arch=sm_90 -o set_peers set_peers.cu > $OUT/nvcc.log 2>&1; echo "nvcc rc=$?" >> $OUT/nvcc.log) &
echo "== suite cuda::set_ops"
timeout 120 ./suite cuda::set_ops > $OUT/suite.log 2>&1; echo "suite rc=$?"
grep -E "test result|FAILED|panicked|failed" $OUT/suite.log | head -20
echo "== memcheck"
timeout 100 compute-sanitizer --tool memcheck --error-exitcode 9 ./suite $MEMCHECK > $OUT/memcheck.log 2>&1; echo "memcheck rc=$?"
grep -E "ERROR SUMMARY|test result" $OUT/memcheck.log | tail -3
echo "== bench"
timeout 60 ./gpu_bench --only set_union,set_intersection,set_difference,set_symmetric --min-log2 20 --max-log2 28 --step 4 --iters 10 --csv $OUT/ours.csv 2>&1 | grep -vE "^\s*$" | tail -20
wait
tail -2 $OUT/nvcc.log
[ -x set_peers ] && timeout 40 ./set_peers --max-log2 28 --csv $OUT/peers.csv 2>&1 | tail -20
