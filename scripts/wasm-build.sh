#!/usr/bin/env bash
# Builds the crate's wasm and its JS glue into <out-dir>, as `wasm-pack build` would: the crate
# compiled as a cdylib for this build alone (`cargo rustc --crate-type cdylib`), then the
# wasm-bindgen CLI that setup installed. The crate's [lib] is an rlib only, so a Rust program
# that depends on it never builds a cdylib it does not use; wasm-pack refuses such a crate, so
# its two steps are done here. Built as a cdylib alone, the wasm gets the release profile's
# link-time optimisation, which rustc skips silently when it builds a cdylib and an rlib at once.
#
# Usage: scripts/wasm-build.sh <web|nodejs> <release|dev> <out-dir> [<out-name>] [-- <cargo args>]
#   e.g. scripts/wasm-build.sh web release target/pkg-threes threes -- --no-default-features --features threes
set -euo pipefail
cd "$(dirname "$0")/.."

target=$1 profile=$2 out=$3
shift 3
name=gridplay
if [ $# -gt 0 ] && [ "$1" != -- ]; then
  name=$1
  shift
fi
[ $# -gt 0 ] && [ "$1" = -- ] && shift

case $profile in
  release) flags=(--release) dir=release ;;
  dev) flags=() dir=debug ;;
  *) echo "wasm-build: profile must be release or dev, not $profile" >&2; exit 2 ;;
esac

cargo rustc --lib --crate-type cdylib --target wasm32-unknown-unknown "${flags[@]}" "$@"
rm -rf "$out"
wasm-bindgen --target "$target" --out-dir "$out" --out-name "$name" \
  "${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/$dir/gridplay.wasm"
# Node reads the nodejs target's glue as CommonJS only if its folder says so: the repository's
# own package.json says "module".
if [ "$target" = nodejs ]; then
  printf '{ "type": "commonjs" }\n' > "$out/package.json"
fi
