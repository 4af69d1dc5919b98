#!/usr/bin/env bash
# The examples' CPU parts with their quick checks: no GPU, no nightly (an example's GPU part
# is behind its `cuda` feature, or in an example crate CI only builds). Each exits non-zero
# when a result differs from its reference.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo run --release -p nearest-neighbour -- --quick
cargo run --release --example loops_into_scans
