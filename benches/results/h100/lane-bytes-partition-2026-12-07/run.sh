#!/usr/bin/env bash
# Lane byte counters for 1-byte histograms and the one-pass partition: the GPU suite first,
# then the histogram and selection rows beside CUB (peers built here while the suite runs), memcheck of the histogram
# tests, and ncu of the 2^28 selection (ours, CUB) and histogram kernels.
set -u
T0=$(date +%s)
# Everything goes to $R and is packed into $OUT/o.tar.gz after each step (the tool brings
# back at most 8 files, and what a killed command left).
R=/tmp/o; mkdir -p $R
save() { tar -C /tmp -czf $OUT/o.tar.gz o; }
el() { save; echo "[$(( $(date +%s) - T0 )) s] $*"; }
mkdir -p /tmp/c && tar -C /tmp/c -xJf .device-bin/carry/c.tar.xz && ln -sfn "$PWD/data" /tmp/c/tests/data
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader | tee $R/gpu.txt
mkdir -p /tmp/cccl && tar -C /tmp/cccl -xJf .device-bin/carry/cccl.tar.xz
( cd benches/peers && timeout 400 nvcc -O3 -std=c++17 -arch=sm_90 -o /tmp/hg_peers histogram_gather_peers.cu > $R/nvcc.txt 2>&1;
  timeout 400 nvcc -O3 -std=c++17 -arch=sm_90 -o /tmp/peers peers.cu -lcusparse >> $R/nvcc.txt 2>&1;
  timeout 300 nvcc -O3 -std=c++17 -arch=sm_90 -I/tmp/cccl/cccl -o /tmp/find_peers find_peers.cu >> $R/nvcc.txt 2>&1 ) &
NVCC=$!
D=/tmp/c/tests
el "suite"
mkdir -p /tmp/logs
timeout 215 bash $D/run-gpu-tests.sh --dir $D --timeout 190 --log-dir /tmp/logs > $R/suite.txt 2>&1; echo "rc=$?" >> $R/suite.txt
sed -n '/== summary/,$p' $R/suite.txt | tail -16
grep -h "panicked" -A4 /tmp/logs/* | head -40 > $R/panics.txt; head -20 $R/panics.txt
el "gpu bench: histogram, selection"
timeout 60 /tmp/c/gpu_bench --only histogram_even,select_if_half,select_flagged,unique_runs4,partition_,count_if_f32 --min-log2 20 --max-log2 28 --step 4 --csv $R/ours.csv > $R/ours.txt 2>&1
grep -E 'histogram_even|select|unique|partition|count_if' $R/ours.txt | head -30
el "peers"
timeout 90 tail --pid=$NVCC -f /dev/null; tail -3 $R/nvcc.txt
timeout 25 /tmp/hg_peers --csv $R/hg_peers.csv 20 24 28 > $R/peers.txt 2>&1
timeout 35 /tmp/peers --select-only --max-log2 28 --csv $R/sel_peers.csv >> $R/peers.txt 2>&1
grep -E 'histogram|select|unique|partition|count' $R/peers.txt | head -30
# find_if beside CUB's DeviceFind::FindIf from CCCL 13.3.5 (carried: the machine's CCCL has none)
timeout 40 /tmp/c/gpu_bench --only find_if --min-log2 24 --max-log2 28 --step 4 --csv $R/find.csv > $R/find.txt 2>&1
[[ -x /tmp/find_peers ]] && timeout 40 /tmp/find_peers --csv $R/find_peers.csv >> $R/find.txt 2>&1
grep -E 'find' $R/find.txt | head -20
el "memcheck"
cd $D && timeout 45 compute-sanitizer --tool memcheck --error-exitcode 9 ./bin/parallaxis__test__gpu histogram_gpu:: --test-threads 1 > $R/memcheck.txt 2>&1; echo "rc=$?" >> $R/memcheck.txt
timeout 25 compute-sanitizer --tool memcheck --error-exitcode 9 ./bin/parallaxis__test__suite cuda::select::partition_and_copy_if_are_stable cuda::select::float_specials --test-threads 1 >> $R/memcheck.txt 2>&1; echo "rc=$?" >> $R/memcheck.txt
cd - >/dev/null
grep -h 'test result\|ERROR SUMMARY\|rc=' $R/memcheck.txt
el "ncu"
{
timeout 40 ncu --set full -k regex:parallax_select --launch-count 1 /tmp/c/gpu_bench --only select_if_half_f32 --min-log2 28 --max-log2 28 --iters 1 --warmups 0
timeout 30 ncu --set full -k regex:parallax_histogram --launch-count 1 /tmp/c/gpu_bench --only histogram_even_256_u8 --min-log2 28 --max-log2 28 --iters 1 --warmups 0
timeout 45 ncu --set full -k regex:"DeviceSelectSweep|DevicePartition" --launch-skip 32 --launch-count 1 /tmp/peers --select-only --max-log2 28 --iters 1
} > $R/ncu.txt 2>&1
grep -E "^  [a-zA-Z_].*\(|Duration|DRAM Throughput|Registers Per|Achieved Occupancy|Memory Throughput|Compute \(SM\)" $R/ncu.txt | head -40
el "done"
