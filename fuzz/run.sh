#!/bin/sh
# Builds tile's libFuzzer harnesses (fuzz/, a clang build of its own in
# build-fuzz), makes their seed corpora (fuzz/seeds.py), replays every
# input kept in fuzz/corpus/<kind>/ (mlir, package, npy) and then fuzzes each harness for a
# fixed time from a fixed seed. scripts/test.sh runs it; docs/fuzzing.md.
#
#   fuzz/run.sh                      every harness, CI's times (~2 minutes)
#   fuzz/run.sh fuzz_npy 600         one harness for ten minutes
#   fuzz/run.sh fuzz_gpu_pipeline 0  replay its kind's corpus only
#
# TILE_FUZZ_BUILD_DIR (build-fuzz) is the build; TILE_FUZZ_CC (clang) the
# compiler; TILE_BUILD_DIR (build) the normal build whose tile-opt and
# tile-package make the package seeds. Without a clang that links
# -fsanitize=fuzzer this says so and succeeds.
set -eu
cd "$(dirname "$0")/.."
B="${TILE_FUZZ_BUILD_DIR:-build-fuzz}"
CC_FUZZ="${TILE_FUZZ_CC:-clang}"

probe=$(mktemp -d)
printf '#include <stddef.h>\n#include <stdint.h>\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }\n' > "$probe/probe.c"
if ! "$CC_FUZZ" -fsanitize=fuzzer,address "$probe/probe.c" -o "$probe/probe" >/dev/null 2>&1; then
  rm -rf "$probe"
  echo "fuzzing skipped: no clang with -fsanitize=fuzzer ($CC_FUZZ)"
  exit 0
fi
rm -rf "$probe"

# harness, seed corpus, CI seconds, -max_len, -timeout (seconds per input:
# well above the slowest seed under ASan, so a slow but correct input is
# not reported as a hang).
HARNESSES="
fuzz_parse_verify mlir 20 65536 30
fuzz_cpu_pipeline mlir 25 65536 60
fuzz_gpu_pipeline mlir 45 65536 120
fuzz_package package 10 131072 10
fuzz_npy npy 10 4096 10
"
only="${1:-}"
seconds="${2:-}"
if [ -n "$only" ] && ! echo "$HARNESSES" | grep -q "^$only "; then
  echo "fuzz/run.sh: no harness '$only' (fuzz_parse_verify, fuzz_cpu_pipeline, fuzz_gpu_pipeline, fuzz_package, fuzz_npy)" >&2
  exit 2
fi

[ -f "$B/build.ninja" ] ||
  cmake -G Ninja -S . -B "$B" -DCMAKE_C_COMPILER="$CC_FUZZ" -DTILE_FUZZ=ON \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
ninja -C "$B" tile-fuzzers

# Seeds, made afresh (a second): NumPy makes the .npy files, and the
# Python that has it may not be the first python3 (as in test/lit.cfg.py).
python=python3
for p in python3 /usr/bin/python3; do
  if "$p" -c 'import numpy' >/dev/null 2>&1; then python="$p"; break; fi
done
rm -rf "$B/seeds"
"$python" fuzz/seeds.py "$B/seeds" --tools "${TILE_BUILD_DIR:-build}"

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
mkdir -p "$B/logs" "$B/crashes"
rm -f "$B/logs/failed"
echo "$HARNESSES" | while read -r h kind time maxlen timeout; do
  [ -n "$h" ] || continue
  [ -z "$only" ] || [ "$h" = "$only" ] || continue
  time="${seconds:-${TILE_FUZZ_SECONDS:-$time}}"
  exe="$B/fuzz/$h"
  opts="-timeout=$timeout -rss_limit_mb=4096"
  [ "$kind" != mlir ] || opts="$opts -dict=fuzz/mlir.dict"
  # Every input that ever crashed a harness, run once each.
  # The kept inputs are stored once per kind of input (the three MLIR
  # harnesses share fuzz/corpus/mlir).
  kept=$(find "fuzz/corpus/$kind" -type f ! -name 'README*' | sort)
  if [ -n "$kept" ] && ! $exe $opts $kept </dev/null >"$B/logs/$h-replay.log" 2>&1; then
    tail -n 60 "$B/logs/$h-replay.log"
    echo "FAIL $h: an input of fuzz/corpus/$kind crashes again (log: $B/logs/$h-replay.log)"
    echo fail >>"$B/logs/failed"
    continue
  fi
  [ "$time" -gt 0 ] || { echo "ok   $h: $(echo "$kept" | grep -c .) kept inputs replayed"; continue; }
  # New inputs go to $B/work/$h (kept between local runs), never into git.
  mkdir -p "$B/work/$h"
  if $exe $opts -seed=1 -max_total_time="$time" -max_len="$maxlen" \
      -print_final_stats=1 -artifact_prefix="$B/crashes/$h-" \
      "$B/work/$h" "$B/seeds/$kind" "fuzz/corpus/$kind" </dev/null >"$B/logs/$h.log" 2>&1; then
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$B/logs/$h.log")
    new=$(sed -n 's/^stat::new_units_added: *//p' "$B/logs/$h.log")
    echo "ok   $h: $(echo "$kept" | grep -c .) kept inputs replayed; $runs runs in ${time} s, $new new inputs"
  else
    tail -n 60 "$B/logs/$h.log"
    artifact=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$B/logs/$h.log" | tail -n 1)
    echo "FAIL $h found an input that fails: ${artifact:-see $B/logs/$h.log}"
    echo "     reproduce: $exe $artifact"
    echo "     once fixed, keep it: cp $artifact fuzz/corpus/$kind/ (docs/fuzzing.md)"
    echo fail >>"$B/logs/failed"
  fi
done
if [ -f "$B/logs/failed" ]; then
  rm -f "$B/logs/failed"
  exit 1
fi
