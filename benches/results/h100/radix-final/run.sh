#!/usr/bin/env bash
# One device call: the GPU suite (suite + gpu binaries), the sort bench beside CUB, memcheck,
# the large tier. Each step under its own timeout; results under $OUT.
set -u
T0=$(date +%s)
el() { echo "[$(( $(date +%s) - T0 )) s] $*"; }
mkdir -p /tmp/c && tar -C /tmp/c -xJf .device-bin/carry/c.tar.xz && ln -sfn "$PWD/data" /tmp/c/tests/data
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader | tee $OUT/gpu.txt
export CUDA_CACHE_MAXSIZE=4294967296
(nvcc -O3 -std=c++17 -arch=sm_90 benches/peers/peers.cu -lcusparse -o /tmp/peers > $OUT/nvcc.txt 2>&1; echo "nvcc rc=$?" >> $OUT/nvcc.txt) &
NV=$!
D=/tmp/c/tests
if [[ ${SKIP_TESTS:-0} != 1 ]]; then
el "suite + gpu"
timeout 240 bash $D/run-gpu-tests.sh --dir $D --timeout 200 > $OUT/suite.txt 2>&1; echo "rc=$?" >> $OUT/suite.txt
sed -n '/== summary/,$p' $OUT/suite.txt | grep -E 'cuda|gpu|TOTAL|SKIPPED|rc=|failed' | grep -v '::sequential\|::rayon' | tail -40
fi
el "bench"
wait $NV; cat $OUT/nvcc.txt | tail -3
ONLY=radix_sort_keys_u32,radix_sort_keys_u32_bits20,radix_sort_keys_f32,radix_sort_keys_u64,radix_sort_pairs
for round in 1 2; do
  timeout 60 /tmp/c/gpu_bench --only $ONLY --min-log2 24 --max-log2 28 --step 4 --iters 10 --csv $OUT/ours$round.csv 2>&1 | grep -E 'radix|FAIL' | tee -a $OUT/bench.txt
  timeout 60 /tmp/peers --sort-only --max-log2 28 --iters 10 2>&1 | grep radix | grep -v n=1048576 | tee -a $OUT/bench.txt
done
if [[ ${SKIP_TESTS:-0} != 1 ]]; then
el "memcheck"
cd $D && timeout 120 compute-sanitizer --tool memcheck --error-exitcode 9 ./bin/parallaxis__test__suite cuda::sort_bits:: cuda::sort:: cuda::merge::merges_of --skip prop_ --test-threads=1 > $OUT/memcheck-suite.txt 2>&1; echo "rc=$?" >> $OUT/memcheck-suite.txt
timeout 60 compute-sanitizer --tool memcheck --error-exitcode 9 ./bin/parallaxis__test__gpu merge_gpu::unsorted sort_gpu:: --skip large --test-threads=1 > $OUT/memcheck-gpu.txt 2>&1; echo "rc=$?" >> $OUT/memcheck-gpu.txt
cd - >/dev/null
grep -h 'test result\|ERROR SUMMARY\|rc=' $OUT/memcheck-*.txt
el "large"
timeout $(( 570 - ($(date +%s) - T0) )) bash $D/run-gpu-tests.sh --dir $D --large-only --timeout 300 > $OUT/large.txt 2>&1; echo "rc=$?" >> $OUT/large.txt
sed -n '/== summary/,$p' $OUT/large.txt | tail -8
fi
el "done"
