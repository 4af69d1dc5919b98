#!/usr/bin/env bash
# ncu of the plain inclusive scan (Sum f32 and f64, 2^28) with main's kernels (R) and this
# step's (final): speed of light, memory, warp states, occupancy.
set -u
C=$PWD/.device-bin/carry; O=${OUT:-/tmp/out}; mkdir -p /tmp/bench /tmp/p
export CUDA_CACHE_MAXSIZE=4294967296
NCU=$(command -v ncu || ls /usr/local/cuda*/bin/ncu 2>/dev/null | head -1)
echo "ncu: $NCU" > /tmp/p/times.txt; s=$(date +%s)
for f in final R; do xz -dc $C/gb-$f.xz > /tmp/bench/gb-$f; chmod +x /tmp/bench/gb-$f; done
for f in final R; do /tmp/bench/gb-$f --only copy_f32 --min-log2 16 --max-log2 16 > /tmp/p/jit-$f.log 2>&1 & done; wait
echo "jit $(( $(date +%s)-s )) s" >> /tmp/p/times.txt
for f in final R; do for t in f32 f64; do
  timeout 120 $NCU -k regex:inclusive_scan__Sum__$t --launch-skip 2 --launch-count 1 \
    --section SpeedOfLight --section MemoryWorkloadAnalysis --section WarpStateStats \
    --section Occupancy --section SchedulerStats --section LaunchStats \
    -o /tmp/p/$f-$t /tmp/bench/gb-$f --only inclusive_scan_sum_$t --min-log2 28 --max-log2 28 \
    --iters 3 --warmups 1 > /tmp/p/run-$f-$t.log 2>&1
  $NCU --import /tmp/p/$f-$t.ncu-rep --page details > /tmp/p/$f-$t.txt 2>&1
  echo "$f $t $(( $(date +%s)-s )) s" >> /tmp/p/times.txt
done; done
tar -czf $O/ncu.tgz -C /tmp/p .; cat /tmp/p/times.txt; grep -h "Duration\|DRAM Throughput\|Memory Throughput" /tmp/p/*.txt | head -20
