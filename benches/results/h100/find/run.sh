#!/usr/bin/env bash
# One device call for find_if, the streams and the stable build: the GPU suite first (every
# staged binary, full logs), then the gpu bench's find_if and count_if rows, the find_if peers
# (CUB's DeviceFind::FindIf where this CCCL has it, Thrust's find_if; compiled while the
# suite runs), the streams bench, memcheck of the find, stream and concurrency tests, and the
# start-up of first_call / quickstart built on stable Rust from the prebuilt PTX. Each step under
# its own timeout; results under $OUT.
set -u
T0=$(date +%s)
el() { echo "[$(( $(date +%s) - T0 )) s] $*"; }
mkdir -p /tmp/c && tar -C /tmp/c -xJf .device-bin/carry/c.tar.xz && ln -sfn "$PWD/data" /tmp/c/tests/data
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader | tee $OUT/gpu.txt
( cd benches/peers && timeout 300 nvcc -O3 -std=c++17 -arch=sm_90 -o /tmp/find_peers find_peers.cu > $OUT/nvcc.txt 2>&1 \
  || timeout 300 nvcc -O3 -std=c++17 -arch=sm_90 -DNO_CUB_FIND -o /tmp/find_peers find_peers.cu >> $OUT/nvcc.txt 2>&1 ) &
NVCC=$!
D=/tmp/c/tests
el "suite + gpu"
mkdir -p /tmp/logs
timeout 215 bash $D/run-gpu-tests.sh --dir $D --timeout 190 --log-dir /tmp/logs > $OUT/suite.txt 2>&1; echo "rc=$?" >> $OUT/suite.txt
sed -n '/== summary/,$p' $OUT/suite.txt | tail -16
grep -h "panicked" -A4 /tmp/logs/* | head -40 | tee $OUT/panics.txt
el "gpu bench: find_if, count_if"
timeout 80 /tmp/c/gpu_bench --only find_if,count_if --min-log2 20 --max-log2 28 --step 4 --csv $OUT/find_bench.csv > $OUT/find_bench.txt 2>&1
grep -E 'find_if|count_if|CHECK' $OUT/find_bench.txt | head -20
el "streams bench"
for round in 1; do
  timeout 60 /tmp/c/streams_bench --csv $OUT/streams$round.csv >> $OUT/streams.txt 2>&1
done
grep -E 'two_|copy|graph' $OUT/streams.txt | head -30
el "find peers"
wait $NVCC; tail -3 $OUT/nvcc.txt
[[ -x /tmp/find_peers ]] && timeout 60 /tmp/find_peers --csv $OUT/find_peers.csv | tee $OUT/find_peers.txt
el "memcheck"
cd $D && timeout 75 compute-sanitizer --tool memcheck --error-exitcode 9 ./bin/parallaxis__test__suite cuda::find:: > $OUT/memcheck-find.txt 2>&1; echo "rc=$?" >> $OUT/memcheck-find.txt
timeout 45 compute-sanitizer --tool memcheck --error-exitcode 9 ./bin/parallaxis__test__gpu stream_gpu:: concurrent_gpu:: --test-threads 1 > $OUT/memcheck-gpu.txt 2>&1; echo "rc=$?" >> $OUT/memcheck-gpu.txt
cd - >/dev/null
grep -h 'test result\|ERROR SUMMARY\|rc=' $OUT/memcheck-*.txt
el "start-up (stable build, prebuilt PTX)"
timeout 60 bash scripts/startup.sh /tmp/c/startup $OUT/startup.csv > $OUT/startup.txt 2>&1; cat $OUT/startup.txt
el "done"
