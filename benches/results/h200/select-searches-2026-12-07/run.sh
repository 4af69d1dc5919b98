#!/usr/bin/env bash
# The H200 side: the suite, the selection, histogram and search rows beside their peers
# is_sorted_until) on one walk: the GPU suite, the selection rows beside CUB twice
# interleaved, the search rows beside CUB / Thrust 13.3.5 (carried CCCL), memcheck of the
# selection and search tests, ncu of the 2^28 copy_if and partition.
set -u
T0=$(date +%s)
R=/tmp/o; mkdir -p $R
save() { tar -C /tmp -czf $OUT/o.tar.gz o; }
el() { save; echo "[$(( $(date +%s) - T0 )) s] $*"; }
mkdir -p /tmp/c && tar -C /tmp/c -xJf .device-bin/carry/c.tar.xz && ln -sfn "$PWD/data" /tmp/c/tests/data
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader | tee $R/gpu.txt
mkdir -p /tmp/cccl && tar -C /tmp/cccl -xJf .device-bin/carry/cccl.tar.xz
( cd benches/peers && timeout 400 nvcc -O3 -std=c++17 -arch=sm_90 -o /tmp/peers peers.cu -lcusparse > $R/nvcc.txt 2>&1;
  timeout 400 nvcc -O3 -std=c++17 -arch=sm_90 -o /tmp/hg_peers histogram_gather_peers.cu >> $R/nvcc.txt 2>&1;
  timeout 300 nvcc -O3 -std=c++17 -arch=sm_90 -I/tmp/cccl/cccl -o /tmp/find_peers find_peers.cu >> $R/nvcc.txt 2>&1 ) &
NVCC=$!
D=/tmp/c/tests
el "suite"
mkdir -p /tmp/logs
timeout 215 bash $D/run-gpu-tests.sh --dir $D --timeout 190 --log-dir /tmp/logs > $R/suite.txt 2>&1; echo "rc=$?" >> $R/suite.txt
sed -n '/== summary/,$p' $R/suite.txt | tail -12
grep -h "panicked" -A4 /tmp/logs/* | head -40 > $R/panics.txt; head -20 $R/panics.txt
el "selection: peers + ours, twice interleaved"
timeout 150 tail --pid=$NVCC -f /dev/null; tail -3 $R/nvcc.txt
for k in 1 2; do
timeout 35 /tmp/peers --select-only --max-log2 28 --csv $R/sel_peers$k.csv > $R/peers$k.txt 2>&1
timeout 50 /tmp/c/gpu_bench --only select_if_half,select_flagged,unique_runs4,partition_,count_if_f32 --min-log2 20 --max-log2 28 --step 4 --csv $R/ours$k.csv > $R/ours$k.txt 2>&1
done
grep -E 'select|unique|partition|count' $R/ours2.txt | head -30
grep -E 'select|unique|partition|count' $R/peers2.txt | head -30
el "histogram"
timeout 40 /tmp/c/gpu_bench --only histogram_even --min-log2 20 --max-log2 28 --step 4 --csv $R/hist.csv > $R/hist.txt 2>&1
timeout 25 /tmp/hg_peers --csv $R/hg_peers.csv 20 24 28 >> $R/hist.txt 2>&1
grep -E 'histogram_even' $R/hist.txt | head -20
el "searches"
timeout 60 /tmp/c/gpu_bench --only find_if,mismatch,is_sorted_until --min-log2 20 --max-log2 28 --step 4 --csv $R/find.csv > $R/find.txt 2>&1
[[ -x /tmp/find_peers ]] && timeout 60 /tmp/find_peers --csv $R/find_peers.csv >> $R/find.txt 2>&1
grep -E 'find|mismatch|sorted|FAIL' $R/find.txt | head -60
el "memcheck"
cd $D && timeout 60 compute-sanitizer --tool memcheck --error-exitcode 9 ./bin/parallaxis__test__suite cuda::select cuda::pairwise cuda::find --test-threads 1 > $R/memcheck.txt 2>&1; echo "rc=$?" >> $R/memcheck.txt
cd - >/dev/null
grep -h 'test result\|ERROR SUMMARY\|rc=' $R/memcheck.txt
el "ncu"
{
timeout 40 ncu --set full -k regex:parallax_select --launch-count 1 /tmp/c/gpu_bench --only select_if_half_f32 --min-log2 28 --max-log2 28 --iters 1 --warmups 0
timeout 40 ncu --set full -k regex:parallax_select --launch-count 1 /tmp/c/gpu_bench --only partition_unstable_half_f32 --min-log2 28 --max-log2 28 --iters 1 --warmups 0
} > $R/ncu.txt 2>&1
grep -E "^  [a-zA-Z_].*\(|Duration|DRAM Throughput|Registers Per|Achieved Occupancy|Executed Instructions  |Issue Slots Busy" $R/ncu.txt | head -40
el "done"
