#!/usr/bin/env bash
# Checks that every published crate packages what a user needs and nothing else.
#
# Always: `cargo package --list` of each published crate must name its two license files and
# its README, and nothing from the repository's measurement, test-data or tooling folders
# (benches/results, data, tests, docs, scripts, .ci), and no packaged file may exceed 1 MB
# except the prebuilt PTX (device/prebuilt/*.ptx.xz, up to 4 MB).
# With `--verify`: `cargo package` of all of them together, which unpacks each tarball and
# builds it from the tarball alone against the others (cargo's local registry of the packaged
# crates), on stable alone: parallaxis-device's build must take its kernels from the prebuilt
# PTX it ships (PARALLAX_KERNELS=prebuilt; the nightly toolchain is hidden). Machine code is
# left out of that build (PARALLAX_CUDA_ARCHS=none): ptxas is not what is checked. Then each
# .crate file must be under crates.io's 10 MB limit.
#
# Exit status: 0 clean; 1 a crate ships what it should not, misses a file, or does not build
# from its tarball.
set -euo pipefail
cd "$(dirname "$0")/.."

crates=(parallaxis-derive parallaxis-core parallaxis-host parallaxis-ptx-builder parallaxis-kernels parallaxis-device parallaxis)
failed=0
for crate in "${crates[@]}"; do
    list=$(cargo package --list --allow-dirty -p "$crate")
    for must in LICENSE-MIT LICENSE-APACHE README.md Cargo.toml; do
        if ! grep -qx "$must" <<<"$list"; then
            echo "package-check: $crate does not ship $must" >&2
            failed=1
        fi
    done
    if bad=$(grep -E '^(benches/results|data|tests|docs|scripts|\.ci)/' <<<"$list"); then
        if [[ $crate != parallaxis-device ]] || grep -qvE '^tests/' <<<"$bad"; then
            echo "package-check: $crate ships files it should not:" >&2
            echo "$bad" | head -20 >&2
            failed=1
        fi
    fi
    manifest_dir=$(cargo metadata --format-version 1 --no-deps |
        python3 -c 'import json, os, sys
m = json.load(sys.stdin)
print(next(os.path.dirname(p["manifest_path"]) for p in m["packages"] if p["name"] == sys.argv[1]))' "$crate")
    while read -r file; do
        [[ -f $manifest_dir/$file ]] || continue
        size=$(stat -L -c %s "$manifest_dir/$file")
        limit=1000000
        [[ $crate == parallaxis-device && $file == prebuilt/*.ptx.xz ]] && limit=4000000
        if ((size > limit)); then
            echo "package-check: $crate ships $file of $size bytes" >&2
            failed=1
        fi
    done <<<"$list"
    echo "package-check: $crate: $(wc -l <<<"$list") files"
done
if ((failed)); then
    exit 1
fi
if [[ ${1:-} == --verify ]]; then
    echo "== cargo package (each crate built from its tarball)"
    # cargo unpacks the packaged crates from its local registry (target/package/tmp-registry)
    # into $CARGO_HOME/registry/src/-<hash>/ and reuses an unpacked copy of the same version:
    # a second run would build the first run's sources. Remove them first.
    version=$(cargo metadata --format-version 1 --no-deps |
        python3 -c 'import json, sys; print(json.load(sys.stdin)["packages"][0]["version"])')
    for crate in "${crates[@]}"; do
        rm -rf "${CARGO_HOME:-$HOME/.cargo}"/registry/src/-*/"$crate-$version"
    done
    args=()
    for crate in "${crates[@]}"; do args+=(-p "$crate"); done
    RUSTUP_TOOLCHAIN=stable PARALLAX_KERNELS=prebuilt PARALLAX_PTX_TOOLCHAIN=parallaxis-no-nightly \
        PARALLAX_CUDA_ARCHS=none cargo package --allow-dirty "${args[@]}"
    target_dir=$(cargo metadata --format-version 1 --no-deps |
        python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')
    for crate in "${crates[@]}"; do
        file=$target_dir/package/$crate-$version.crate
        size=$(stat -c %s "$file")
        echo "package-check: $crate-$version.crate: $size bytes"
        if ((size > 10000000)); then
            echo "package-check: $file is over crates.io's 10 MB limit" >&2
            exit 1
        fi
    done
fi
