#!/bin/sh
# Installs what is missing, builds, and runs every test (the lit suite).
set -eu
cd "$(dirname "$0")/.."
scripts/deps.sh
scripts/build.sh
BUILD="${TILE_BUILD_DIR:-build}"
ninja -C "$BUILD" check-tile
