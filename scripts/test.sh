#!/bin/sh
# Installs what is missing, builds, and runs every test (the lit suite),
# then runs the suite again on an ASan+UBSan build (TILE_SANITIZE=0 skips
# that second pass).
set -eu
cd "$(dirname "$0")/.."
scripts/deps.sh
scripts/build.sh
ninja -C "${TILE_BUILD_DIR:-build}" check-tile
if [ "${TILE_SANITIZE:-1}" != 0 ]; then
  echo "== the same suite under AddressSanitizer and UndefinedBehaviorSanitizer"
  TILE_BUILD_DIR="${TILE_ASAN_BUILD_DIR:-build-asan}" scripts/build.sh -DTILE_ENABLE_SANITIZERS=ON
  # Sanitizer reports must fail the test that triggered them.
  UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    ninja -C "${TILE_ASAN_BUILD_DIR:-build-asan}" check-tile
fi
