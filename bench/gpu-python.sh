#!/bin/bash
# The Python package on the lent GPU (docs/python.md, docs/performance.md
# "Python package"). Here, from a build with the package:
#   bench/gpu-python.sh prepare BUILD DIR   the package into DIR (its
#       compiler module stripped and xz'd: about 38 MB), to carry
# There, from the repository root, with DIR carried:
#   bench/gpu-python.sh run DIR             unpacks it to /tmp/tile-py, builds
#       the runtime-only tile-run, runs python/tests (CPU and GPU suites),
#       the examples under examples/python and bench/python_package.py
set -u
cd "$(dirname "$0")/.."
case "${1:-}" in
prepare)
  B=$2 D=$3
  mkdir -p "$D/tile" &&
    cp python/tile/*.py "$D/tile/" &&
    cp "$B/python/tile/_runtime.abi3.so" "$D/tile/" &&
    strip -o "$D/tile/_compiler.abi3.so" "$B/python/tile/_compiler.abi3.so" &&
    xz -T0 -6 -f "$D/tile/_compiler.abi3.so" && ls -la "$D/tile" ;;
run)
  D=$2
  . bench/gpu-common.sh
  use_python_package "$D" || exit 1
  bench/build-runtime.sh /tmp/tile-rt || exit 1
  rc=0
  python3 -m pytest -q -p no:cacheprovider python/tests/test_cpu.py || rc=1
  python3 -m pytest -q -p no:cacheprovider python/tests/test_gpu.py || rc=1
  python3 examples/python/vecadd.py || rc=1
  python3 examples/python/model.py || rc=1
  python3 examples/python/attention_training.py || rc=1
  python3 bench/python_package.py --tile-run /tmp/tile-rt/tile-run || rc=1
  exit $rc ;;
*)
  echo "usage: $0 prepare BUILD DIR | run DIR" >&2; exit 2 ;;
esac
