#!/bin/sh
# Configures and builds tile into ./build (or $TILE_BUILD_DIR).
set -eu
cd "$(dirname "$0")/.."
BUILD="${TILE_BUILD_DIR:-build}"
[ -f "$BUILD/build.ninja" ] || cmake -G Ninja -S . -B "$BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" >/dev/null
ninja -C "$BUILD" "${TILE_TARGETS:-all}"
