#!/bin/bash
# Ahead-of-time C launches on the GPU machine (issue 34):
#   here:  bench/aot/run.sh prepare [BUILD]   generated sources into .gpu-aot
#   there: bench/aot/run.sh run               builds and runs aot_launch.c
#          against each (bench/aot/aot_launch.c says what it measures)
#          bench/aot/run.sh check             builds and runs aot_strided.c
#          against each: strided launches checked on the GPU
set -u
cd "$(dirname "$0")/../.."
D=.gpu-aot
# The runtime-only library (for --emit=c) and a program built against a
# mode's generated sources: build MODE OUT GCC-ARGS...
RT=/tmp/tile-aot-rt
CUDA=${CUDA_HOME:-/usr/local/cuda}
build_runtime() { bench/build-runtime.sh $RT > /dev/null; }
build() {
  local mode=$1 out=$2 libs="-ldl -lm -pthread"
  shift 2
  [ "$mode" = c ] && libs="$RT/libtile_runtime.a $libs"
  gcc -O2 -std=c11 -D_POSIX_C_SOURCE=200809L -I"$D/$mode" -Iinclude \
    -I$RT/include -I"$CUDA/include" "$@" -o "$out" \
    -L"$CUDA/lib64/stubs" -lcuda $libs
}
case "${1:-}" in
prepare)
  B=${2:-build}
  rm -rf "$D" && mkdir -p "$D/c" "$D/driver" &&
    "$B/tile-opt" examples/vecadd.mlir --tile-compile --emit=c --chip sm_90a \
      -o "$D/c/vecadd.c" &&
    "$B/tile-opt" examples/vecadd.mlir --tile-compile --emit=c-driver \
      --chip sm_90a -o "$D/driver/vecadd.c" &&
    "$B/tile-opt" examples/vecadd.mlir --tile-compile=chip=sm_90a \
      --emit=cubin -o "$D/vecadd.cubin" &&
    "$B/tile-opt" examples/softmax.mlir --tile-compile --emit=c --chip sm_90a \
      --kernel=softmax --kernel=softmax_f16 -o "$D/c/softmax.c" &&
    "$B/tile-opt" examples/softmax.mlir --tile-compile --emit=c-driver \
      --chip sm_90a --kernel=softmax --kernel=softmax_f16 \
      -o "$D/driver/softmax.c" && ls -R "$D" ;;
check)
  build_runtime || exit 1
  rc=0
  for mode in c driver; do
    echo "== --emit=$mode"
    build $mode /tmp/aot_strided_$mode bench/aot/aot_strided.c \
      "$D/$mode/softmax.c" || { rc=1; continue; }
    /tmp/aot_strided_$mode || rc=1
  done
  exit $rc ;;
run)
  build_runtime || exit 1
  rc=0
  for mode in c driver; do
    build $mode /tmp/aot_$mode -DTILE_AOT_MODE="\"--emit=$mode\"" \
      bench/aot/aot_launch.c "$D/$mode/vecadd.c" || { rc=1; continue; }
    for i in 1 2 3; do
      if [ $mode = driver ]; then /tmp/aot_$mode "$D/vecadd.cubin" || rc=1
      else /tmp/aot_$mode || rc=1; fi
    done
  done
  exit $rc ;;
*)
  echo "usage: $0 prepare [BUILD] | run | check" >&2; exit 2 ;;
esac
