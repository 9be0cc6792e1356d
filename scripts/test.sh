#!/bin/sh
# Installs what is missing, builds, and runs every test (the lit suite),
# installs into a temporary prefix and builds and runs examples/embed
# against it (scripts/test-embed.sh), then runs the suite again on an
# ASan+UBSan build (TILE_SANITIZE=0 skips that second pass), fuzzes each libFuzzer harness for a fixed time
# (fuzz/run.sh; TILE_FUZZ=0 skips it, and it is skipped with a note where
# clang has no libFuzzer), and runs the C API from 16 threads under
# ThreadSanitizer (TILE_TSAN=0 skips it). docs/fuzzing.md.
set -eu
cd "$(dirname "$0")/.."
start=$(date +%s)
steps="lit"
skipped=""
scripts/deps.sh --test
scripts/build.sh
# Each step's output is kept to read its skips from; a failing step stops
# the script (no pipe: /bin/sh has no pipefail to keep its status).
run_logged() { # LOG COMMAND...
  log=$1
  shift
  if ! "$@" > "$log" 2>&1; then
    cat "$log"
    exit 1
  fi
  cat "$log"
}
run_logged "${TMPDIR:-/tmp}/tile-lit.log" ninja -C "${TILE_BUILD_DIR:-build}" check-tile
# lit skips what needs a GPU, a CUDA toolkit or NumPy with a note: say so
# at the end too.
unsupported=$(grep -o "Unsupported *: *[0-9]*" "${TMPDIR:-/tmp}/tile-lit.log" | grep -o "[0-9]*$" || true)
if [ -n "$unsupported" ]; then
  why=$(grep -o "note: [^:]*" "${TMPDIR:-/tmp}/tile-lit.log" | sed 's/note: //' | paste -sd ';' -)
  skipped="$skipped $unsupported lit tests ($why)"
fi
echo "== installing and building examples/embed as an outside project"
scripts/test-embed.sh
steps="$steps, embed"
if [ "${TILE_SANITIZE:-1}" != 0 ]; then
  echo "== the same suite under AddressSanitizer and UndefinedBehaviorSanitizer"
  TILE_BUILD_DIR="${TILE_ASAN_BUILD_DIR:-build-asan}" scripts/build.sh -DTILE_ENABLE_SANITIZERS=ON
  # Sanitizer reports must fail the test that triggered them.
  UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    ninja -C "${TILE_ASAN_BUILD_DIR:-build-asan}" check-tile
  steps="$steps, ASan+UBSan lit"
else
  skipped="$skipped ASan+UBSan"
fi
if [ "${TILE_FUZZ:-1}" != 0 ]; then
  echo "== fuzzing: each harness of fuzz/ for a fixed time from a fixed seed"
  # fuzz/run.sh exits 0 with a note where clang has no libFuzzer.
  run_logged "${TMPDIR:-/tmp}/tile-fuzz.log" fuzz/run.sh
  if grep -q "^fuzzing skipped" "${TMPDIR:-/tmp}/tile-fuzz.log"; then
    skipped="$skipped fuzzing(no libFuzzer)"
  else
    steps="$steps, fuzzing"
  fi
else
  skipped="$skipped fuzzing"
fi
if [ "${TILE_TSAN:-1}" != 0 ]; then
  echo "== the C API from 16 threads under ThreadSanitizer (test/CAPI/threads.c)"
  # Only what the test needs is built with TSan.
  TSAN_BUILD="${TILE_TSAN_BUILD_DIR:-build-tsan}"
  TILE_BUILD_DIR="$TSAN_BUILD" TILE_TARGETS=tile-capi-threads \
    scripts/build.sh -DTILE_ENABLE_TSAN=ON
  # TSan maps its shadow memory at fixed addresses and gives up ("unexpected
  # memory mapping") on kernels that randomize mmap with more bits than it
  # knows; without address randomization it runs on every kernel.
  norandom=""
  if setarch "$(uname -m)" -R true 2>/dev/null; then
    norandom="setarch $(uname -m) -R"
  fi
  TSAN_OPTIONS="suppressions=$PWD/test/CAPI/threads.tsan.supp:halt_on_error=1:second_deadlock_stack=1" \
    $norandom /usr/lib/llvm-22/bin/lit -sv "$TSAN_BUILD/test" --filter 'CAPI/threads\.c'
  steps="$steps, TSan"
else
  skipped="$skipped TSan"
fi
# Every step above stops the script on failure (set -e): reaching here
# means all of them passed.
echo "== scripts/test.sh: PASSED ($steps) in $(( $(date +%s) - start )) s${skipped:+; skipped:$skipped}"
