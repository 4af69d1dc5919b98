#!/usr/bin/env bash
# The root crate's examples on the default (CPU) backend: each checks its results and exits
# non-zero on a mismatch.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo run --release --example loops_into_scans
