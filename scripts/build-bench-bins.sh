#!/usr/bin/env bash
# Builds the benchmark binaries here (the GPU machine has no Rust toolchain) and copies them,
# with the scripts and peer sources that scripts/gpu-bench.sh needs, into one folder that a
# device run carries:
#
#   scripts/build-bench-bins.sh [DEST]       (default: .device-bin/bench in this checkout)
#
# DEST/gpu_bench      benches/gpu   (cargo bench --features cuda --bench gpu; needs nightly
#                                    for the kernels, see device/README.md)
# DEST/cpu_bench      benches/cpu   (cargo bench --bench cpu, rayon backend)
# DEST/cpu_peers      benches/peers/cpu_peers (hand-written std/rayon peers)
# DEST/first_call, quickstart, first_call_ptx, quickstart_ptx
#                     the start-up programs (scripts/startup.sh), with machine code and from
#                     PTX alone
# DEST/repo/          scripts/ and benches/peers/ (so gpu-bench.sh runs from DEST/repo even
#                     when the machine's checkout lacks them)
#
# On the device:  DEST/repo/scripts/gpu-bench.sh DEST/gpu_bench
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
DEST=${1:-$ROOT/.device-bin/bench}
mkdir -p "$DEST/repo/scripts" "$DEST/repo/benches/peers"

# The executable a `cargo bench --no-run` built, from cargo's JSON messages.
exe_of() {
    python3 -c '
import json, sys
exe = None
for line in sys.stdin:
    try:
        m = json.loads(line)
    except ValueError:
        continue
    if m.get("reason") == "compiler-artifact" and m.get("executable") and m["target"]["name"] == sys.argv[1]:
        exe = m["executable"]
print(exe or "")' "$1"
}

gpu=$(cargo bench --features cuda --bench gpu --no-run --message-format=json | exe_of gpu)
cpu=$(cargo bench --bench cpu --no-run --message-format=json | exe_of cpu)
(cd benches/peers/cpu_peers && cargo build --release --quiet)
install -m 755 "$gpu" "$DEST/gpu_bench"
install -m 755 "$cpu" "$DEST/cpu_bench"
install -m 755 benches/peers/cpu_peers/target/release/cpu_peers "$DEST/cpu_peers"
# Start-up (scripts/startup.sh): the first call and the quickstart with the default machine
# code, and from PTX alone (their own target folder, so the bench's build is left as it is).
examples="--example first_call --example quickstart"
cargo build --release --features cuda $examples --quiet
install -m 755 target/release/examples/first_call target/release/examples/quickstart "$DEST/"
PARALLAX_CUDA_ARCHS=none CARGO_TARGET_DIR=target/ptx-only \
    cargo build --release --features cuda $examples --quiet
install -m 755 target/ptx-only/release/examples/first_call "$DEST/first_call_ptx"
install -m 755 target/ptx-only/release/examples/quickstart "$DEST/quickstart_ptx"
install -m 755 scripts/gpu-bench.sh scripts/compare.py scripts/startup.sh "$DEST/repo/scripts/"
# peers.cu with every file it includes (the rows of each family, the shared timing prelude).
cp benches/peers/*.cu benches/peers/*.cuh benches/peers/peers_torch.py "$DEST/repo/benches/peers/"
ls -la "$DEST"
