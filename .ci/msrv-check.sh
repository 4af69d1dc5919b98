#!/usr/bin/env bash
# Checks that the declared MSRV (`rust-version` in [workspace.package]) is true of the lock:
# no crate in Cargo.lock may ask for a newer Rust than we declare.
#
# Why not build on the declared toolchain: CI runs where one toolchain is installed and a
# second cannot be (no rustup downloads there), so this reads what every locked crate declares
# instead. `cargo metadata --locked` gives each package's `rust-version` (from the registry
# sources it unpacks) and edition; a crate that declares no `rust-version` is held to its
# edition's first release (2018: 1.31, 2021: 1.56, 2024: 1.85), the least it can need. Our
# own code's use of newer std APIs is caught by clippy's `incompatible_msrv` lint (on by
# default, reading the same `rust-version`), which the clippy step runs with -D warnings;
# newer language features are not caught by either (a real toolchain job would be).
#
# Exit status: 0 the MSRV holds; 1 a crate needs more (each is listed) or a workspace crate
# declares another rust-version than the workspace's.
set -euo pipefail
cd "$(dirname "$0")/.."

meta=$(mktemp)
trap 'rm -f "$meta"' EXIT
cargo metadata --format-version 1 --locked >"$meta"
python3 - "$meta" <<'PY'
import json, sys

EDITION_FIRST_RELEASE = {"2015": "1.0", "2018": "1.31", "2021": "1.56", "2024": "1.85"}

def version(text):
    parts = [int(part) for part in text.split(".")]
    return tuple(parts + [0] * (3 - len(parts)))

meta = json.load(open(sys.argv[1]))
members = set(meta["workspace_members"])
ours = [p for p in meta["packages"] if p["id"] in members]
declared = {p["rust_version"] for p in ours if p.get("rust_version")}
failed = False
if len(declared) != 1:
    print(f"msrv: workspace crates declare {sorted(declared) or 'no'} rust-version(s); want one")
    sys.exit(1)
msrv = declared.pop()
for p in ours:
    if p.get("publish") != [] and not p.get("rust_version"):
        print(f"msrv: {p['name']} (published) declares no rust-version")
        failed = True
needs = []
for p in meta["packages"]:
    if p["id"] in members:
        continue
    need = p.get("rust_version") or EDITION_FIRST_RELEASE.get(p["edition"], "1.0")
    needs.append((version(need), need, p["name"], p["version"], bool(p.get("rust_version"))))
needs.sort(reverse=True)
too_new = [n for n in needs if n[0] > version(msrv)]
for _, need, name, ver, declared_it in too_new:
    how = "rust-version" if declared_it else "edition"
    print(f"msrv: {name} {ver} needs Rust {need} ({how}) > declared {msrv}")
    failed = True
top = needs[0] if needs else None
if failed:
    print("msrv: raise rust-version in [workspace.package] or pin older versions in Cargo.lock")
    sys.exit(1)
print(f"msrv: declared {msrv} covers all {len(needs)} locked crates "
      f"(highest: {top[2]} {top[3]} needs {top[1]})" if top else f"msrv: declared {msrv}")
PY
