#!/bin/bash
# Every GPU correctness check in one command (issue 35, item 5), for a
# change to a lowering before it lands. No timing.
#   Here (compiler build, no GPU):
#     bench/gpu-all.sh prepare [BUILD]
#       makes the packages of every suite (bench/prepare.sh: the examples
#       and the benchmark kernels with the interpreter's references, and
#       the numerics conformance kernels for sm_90a and sm_80;
#       bench/gpu-v2.sh prepare: the v2 run tests with NumPy references)
#       and packs the checked ones into .gpu-all/bundle.tar.xz, about
#       50 MB: small enough to carry to the lent GPU in one call.
#   On the GPU machine (no MLIR needed), from the repository root:
#     bench/gpu-all.sh run [SUITE...]
#       unpacks the bundle, builds the runtime-only tile-run and runs
#       1. the examples and benchmark kernels against their references
#          (bench/gpu-check.sh),
#       2. the same under compute-sanitizer memcheck, racecheck and
#          synccheck (bench/gpu-sanitize.sh),
#       3. the numerics conformance suite (bench/gpu-numerics.sh),
#       4. the v2 suite (bench/gpu-v2.sh run: NumPy and CPU references,
#          asserts, prints and its own sanitizer runs),
#       then prints one line per suite; exit 1 if any failed or could not
#       run. Logs go under $OUT (default /tmp/tile-all). SUITE (packages,
#       sanitizers, numerics, v2) runs only those: a lent machine's call
#       is capped at 10 minutes, and the sanitizers alone may need one.
# The random-kernel campaign's replay of every reduced bug is the other
# GPU command (bench/gpu-difftest.sh DIR 0 0, with the Python package).
set -u
cd "$(dirname "$0")/.."
A=${GPU_ALL:-.gpu-all}   # the bundle's folder
case "${1:-}" in
prepare)
  B=${2:-build}
  bench/prepare.sh "$B" || exit 1
  # NumPy's python for the v2 references, as bench/prepare.sh takes it.
  [ -x /usr/bin/python3 ] && export PYTHON=${PYTHON:-/usr/bin/python3}
  bench/gpu-v2.sh prepare "$B" .gpu-v2 || exit 1
  . bench/gpu-common.sh
  exclude_from_git "$A"
  rm -rf "$A" && mkdir -p "$A"
  # The checked packages with their references and .npy inputs, their
  # list naming $A/pkgs/ paths (bench/pkgs-subset.sh).
  bench/pkgs-subset.sh '.' "$A/pkgs" > /dev/null || exit 1
  cp -r .gpu-pkgs/numerics .gpu-pkgs/numerics-sm80 "$A/pkgs/" || exit 1
  cp -r .gpu-v2 "$A/v2" || exit 1
  tar -C "$A" -cf - pkgs v2 | xz -T0 -6 > "$A/bundle.tar.xz" || exit 1
  rm -rf "$A/pkgs" "$A/v2"
  echo "$A/bundle.tar.xz: $(du -h "$A/bundle.tar.xz" | cut -f1)," \
    "$(wc -l < .gpu-pkgs/list.txt) checked packages and the v2 suite"
  ;;
run)
  shift
  want=" ${*:-packages sanitizers numerics v2} "
  for w in $want; do
    case $w in packages|sanitizers|numerics|v2) ;;
    *) echo "unknown suite '$w' (packages, sanitizers, numerics, v2)" >&2; exit 2 ;;
    esac
  done
  OUTDIR=${OUT:-/tmp/tile-all}
  mkdir -p "$OUTDIR"
  [ -f "$A/bundle.tar.xz" ] ||
    { echo "no $A/bundle.tar.xz: run bench/gpu-all.sh prepare first" >&2; exit 1; }
  rm -rf "$A/pkgs" "$A/v2"
  xz -dc "$A/bundle.tar.xz" | tar -C "$A" -xf - || exit 1
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader || exit 1
  bench/build-runtime.sh build-gpu "$OUTDIR" || exit 1
  summary=() rc=0
  suite() { # NAME COUNT-REGEX COMMAND...: runs one suite, its output to
    # its log and here; the summary quotes the lines matching COUNT-REGEX
    # (the suite's own counts)
    local name=$1 counts=$2 start=$SECONDS
    shift 2
    [[ $want == *" $name "* ]] || return 0
    echo "=== $name"
    "$@" 2>&1 | tee "$OUTDIR/$name.log"
    local s=${PIPESTATUS[0]}
    [ "$s" = 0 ] || rc=1
    summary+=("$([ "$s" = 0 ] && echo PASS || echo FAIL)  $name ($((SECONDS - start)) s):" \
      "$(grep -E "$counts" "$OUTDIR/$name.log" | paste -sd';' -)")
  }
  export PKGS=$A/pkgs OUT=$OUTDIR
  suite packages '^correctness:' bench/gpu-check.sh '.'
  suite sanitizers '^compute-sanitizer:' bench/gpu-sanitize.sh '.'
  suite numerics ' cases ok on ' bench/gpu-numerics.sh
  suite v2 '^[0-9]+ passed, [0-9]+ failed$' \
    bench/gpu-v2.sh run build-gpu/tile-run "$A/v2"
  echo "=== summary"
  printf '%s\n' "${summary[@]}"
  exit $rc
  ;;
*) sed -n 2,26p "$0"; exit 2 ;;
esac
