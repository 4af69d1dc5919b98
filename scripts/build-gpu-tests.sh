#!/usr/bin/env bash
# Builds every test binary of the workspace with `--features cuda` in release and stages them,
# with the data and files they read at run time, for scripts/run-gpu-tests.sh on a GPU machine
# that has no Rust toolchain.
#
#   scripts/build-gpu-tests.sh [DEST]        # DEST defaults to .device-bin/tests (git-ignored)
#
# DEST/manifest.tsv lists one binary a line: file, package, target kind, target name.
# DEST also gets data/ (the real matrices; the binaries read $PARALLAX_DATA_DIR, which the run
# script sets), the proptest regression files under tests/ (proptest finds them relative to
# the working directory, which the run script sets to DEST) and a copy of run-gpu-tests.sh.
# Needs nightly with rust-src (the PTX build), like any `--features cuda` build.
set -euo pipefail
cd "$(dirname "$0")/.."
dest=${1:-.device-bin/tests}

json=$(mktemp)
trap 'rm -f "$json"' EXIT
echo "== cargo test --release --features cuda,nccl --workspace --no-run"
cargo test --release --features cuda,nccl --workspace --no-run --message-format=json >"$json"

rm -rf "$dest"
mkdir -p "$dest/bin"
python3 - "$json" "$dest" <<'PY'
import json, os, shutil, sys
src, dest = sys.argv[1], sys.argv[2]
rows = []
for line in open(src):
    try:
        m = json.loads(line)
    except ValueError:
        continue
    if m.get("reason") != "compiler-artifact" or not m.get("executable"):
        continue
    if not m.get("profile", {}).get("test"):
        continue
    # package_id: "path+file:///dir#name@version", or "path+file:///dir/name#version" when
    # the directory is named like the package.
    pid = m["package_id"]
    base, _, frag = pid.partition("#")
    pkg = frag.split("@")[0] if "@" in frag else base.rstrip("/").split("/")[-1]
    t = m["target"]
    kind = t["kind"][0]
    name = t["name"]
    # A proc-macro crate's tests link the toolchain's libstd dynamically: they cannot run on
    # a machine without Rust, and hold no GPU code (CI runs them).
    if kind == "proc-macro":
        print(f"left out: {pkg} ({kind}): runs in CI, needs the toolchain's libstd")
        continue
    fname = f"{pkg}__{kind}__{name}"
    shutil.copy2(m["executable"], os.path.join(dest, "bin", fname))
    rows.append((f"bin/{fname}", pkg, kind, name))
rows.sort()
with open(os.path.join(dest, "manifest.tsv"), "w") as f:
    f.write("# file\tpackage\tkind\ttarget\n")
    for r in rows:
        f.write("\t".join(r) + "\n")
print(f"== staged {len(rows)} test binaries in {dest}")
for r in rows:
    print("   ", r[0])
PY
cp -r data "$dest/data"
find tests -name '*.proptest-regressions' -exec cp --parents {} "$dest" \;
cp scripts/run-gpu-tests.sh "$dest/"
du -sh "$dest"
