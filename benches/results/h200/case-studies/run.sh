#!/usr/bin/env bash
# The case studies at full size on one GPU (issue 33 items 3-5): unpack the binaries, read
# the kernels' registers with ptxas -v, run each binary, keep every output under $OUT.
set -uo pipefail
cd "$(dirname "$0")"
for f in *.xz; do xz -dkf "$f"; done
chmod +x coulomb xcorr gauss_jordan stencil7
{ date -u; nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv; nproc; } 2>&1 | tee "$OUT/gpu.txt"
PTXAS=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
"$PTXAS" --version | tail -2 >> "$OUT/gpu.txt"
"$PTXAS" -v -arch=sm_90 case_studies_kernels.ptx -o /tmp/cases.cubin > "$OUT/ptxas.txt" 2>&1
echo "ptxas rc=$?"; grep -E "entry function|Used" "$OUT/ptxas.txt"
for spec in gauss_jordan:40 xcorr:40 coulomb:60 stencil7:130; do
  b=${spec%%:*} limit=${spec##*:} args=()
  [[ $b == gauss_jordan ]] && args=(--ptxas-log "$OUT/ptxas.txt")
  echo "== $b"
  start=$SECONDS
  timeout "$limit" ./$b "${args[@]}" > "$OUT/$b.txt" 2>&1
  echo "rc=$? after $((SECONDS - start)) s"; cat "$OUT/$b.txt"
done
