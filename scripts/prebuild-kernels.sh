#!/usr/bin/env bash
# Refreshes the prebuilt PTX of parallaxis's stock kernels (device/prebuilt/), which lets
# `--features cuda` build on stable Rust. Run it after changing device/kernels or core (CI's
# stable GPU build fails while the prebuilt PTX is stale), and commit both files.
#
#   scripts/prebuild-kernels.sh
#
# Builds parallaxis-device with its kernels compiled from source (PARALLAX_KERNELS=source:
# nightly with rust-src), then xz-compresses the PTX the build made and copies the
# fingerprint of the sources it was made from, with the toolchain's version for people.
# Needs nightly with rust-src and xz.
set -euo pipefail
cd "$(dirname "$0")/.."
dest=device/prebuilt
json=$(mktemp)
trap 'rm -f "$json"' EXIT

echo "== building the kernels from source (cargo build --release -p parallaxis-device)"
PARALLAX_KERNELS=source PARALLAX_CUDA_ARCHS=none \
    cargo build --release -p parallaxis-device --message-format=json >"$json"
out_dir=$(python3 - "$json" <<'PY'
import json, sys
dirs = []
for line in open(sys.argv[1]):
    try:
        m = json.loads(line)
    except ValueError:
        continue
    if m.get("reason") == "build-script-executed" and "parallaxis-device" in m["package_id"]:
        dirs.append(m["out_dir"])
print(dirs[-1] if dirs else "")
PY
)
if [[ -z $out_dir || ! -f $out_dir/parallaxis_kernels.ptx ]]; then
    echo "prebuild-kernels: the build left no PTX (out dir: '${out_dir}')" >&2
    exit 1
fi
mkdir -p "$dest"
# One block, CRC64: what the build script's reader (lzma-rs) unpacks.
xz -9e -T1 --check=crc64 -c "$out_dir/parallaxis_kernels.ptx" >"$dest/parallaxis_kernels.ptx.xz"
{
    head -1 "$out_dir/parallaxis_kernels.fingerprint"
    echo "built by $(rustup run "${PARALLAX_PTX_TOOLCHAIN:-nightly}" rustc --version)"
    echo "from $(grep -c '^.visible .entry' "$out_dir/parallaxis_kernels.ptx") entry points," \
        "$(wc -c <"$out_dir/parallaxis_kernels.ptx") bytes of PTX"
} >"$dest/parallaxis_kernels.fingerprint"
echo "== $dest:"
ls -l "$dest"
cat "$dest/parallaxis_kernels.fingerprint"
