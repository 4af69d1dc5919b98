#!/usr/bin/env bash
# Makes a project from templates/gpu-kernels as `cargo generate` would (the placeholders
# replaced by hand: no cargo-generate needed), points its parallaxis dependencies at this
# checkout ([patch.crates-io]) and builds it with --features cuda's toolchain needs (nightly
# with rust-src for the PTX). Builds only: running it needs a GPU.
#
#   scripts/check-gpu-kernels-template.sh [DIR]    # DIR: where to make it (default: a temp dir)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
parent=${1:-$(mktemp -d)}
mkdir -p "$parent"
dir="$parent/template-check"
rm -rf "$dir"
cp -r "$repo/templates/gpu-kernels" "$dir"
rm "$dir/cargo-generate.toml"
find "$dir" -type f -exec sed -i 's/{{project-name}}/template-check/g; s/{{crate_name}}/template_check/g' {} +
if grep -rn '{{' "$dir"; then
    echo "check-gpu-kernels-template: a placeholder is left" >&2
    exit 1
fi
cat >>"$dir/Cargo.toml" <<PATCH

[patch.crates-io]
parallaxis = { path = "$repo" }
parallaxis-core = { path = "$repo/core" }
parallaxis-device = { path = "$repo/device" }
parallaxis-kernels = { path = "$repo/device/kernels" }
parallaxis-ptx-builder = { path = "$repo/device/builder" }
PATCH
# The checkout's release profile (so a shared target folder reuses the checkout's build of
# parallaxis and its stock kernels) and its lock (so the dependencies resolve to the versions
# CI builds with).
cat >>"$dir/Cargo.toml" <<'PROFILE'

[profile.release]
codegen-units = 1
PROFILE
cp "$repo/Cargo.lock" "$dir/Cargo.lock"
cd "$dir"
# Offline: every dependency is in the checkout's lock, fetched by its own build before this.
CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$repo/target} cargo build --release --offline
echo "check-gpu-kernels-template: built in $dir"
