#!/bin/sh
# Installs what tile needs on Debian 12 when it is missing: a C compiler,
# CMake, Ninja, Python (for lit; its headers for the Python package), lld (links the static tools in seconds)
# and LLVM/MLIR 22 from Debian's packages; and where no CUDA toolkit has
# ptxas ($CUDA_HOME, $CUDA_PATH, /usr/local/cuda), ptxas, fatbinary and
# libdevice from NVIDIA's Python wheels into /usr/local/cuda
# (scripts/cuda-wheels.sh), so the GPU compile makes cubins; if that
# fails, tile compiles to PTX and says so.
#   scripts/deps.sh --test   also clang 14 with libFuzzer (fuzz/), which
#                            scripts/test.sh uses; if it cannot be installed
#                            the tests go on without fuzzing; and
#                            pkg-config (scripts/test-embed.sh), pytest
#                            (the Python package's tests), and ml_dtypes
#                            (numpy's bf16 and FP8 types, for those tests
#                            and test/difftest) from PyPI into
#                            /usr/local/lib/tile-test-python
set -eu
PACKAGES="gcc cmake ninja-build python3 python3-dev python3-numpy lld libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools"
TEST_PACKAGES="clang libclang-rt-14-dev pkg-config python3-pytest"

missing_of() {
  missing=""
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
  done
  echo "$missing"
}
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
updated=""
apt_install() {
  echo "tile: installing:$*"
  [ -n "$updated" ] || { $SUDO apt-get update -qq && updated=1; }
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$@" >/dev/null
}

missing=$(missing_of $PACKAGES)
[ -z "$missing" ] || apt_install $missing

# Where the wheels go when no toolkit is found ($TILE_CUDA_WHEELS_DIR: for
# trying this on a machine that has one).
CUDA_DIR=${TILE_CUDA_WHEELS_DIR:-/usr/local/cuda}
has_ptxas() {
  for root in "${CUDA_HOME:-}" "${CUDA_PATH:-}" "$CUDA_DIR"; do
    [ -n "$root" ] && [ -x "$root/bin/ptxas" ] && return 0
  done
  return 1
}
if ! has_ptxas; then
  here=$(cd "$(dirname "$0")" && pwd)
  missing=$(missing_of python3-pip)
  if { [ -z "$missing" ] || apt_install $missing; } &&
     $SUDO "$here/cuda-wheels.sh" "$CUDA_DIR"; then
    :
  else
    echo "tile: no CUDA toolkit with ptxas, and NVIDIA's wheels could not be installed: the GPU compile writes PTX (the driver compiles it) and tests that need ptxas are skipped"
  fi
fi
if [ "${1:-}" = "--test" ]; then
  missing=$(missing_of $TEST_PACKAGES)
  if [ -n "$missing" ] && ! (apt_install $missing); then
    echo "tile: could not install$missing (fuzzing needs them): going on without"
  fi
  # 0.3.2: the last ml_dtypes for Debian 12's numpy 1.24, for Debian's
  # Python (python3-numpy's; another python3 may come first in PATH).
  TEST_PYTHON=/usr/local/lib/tile-test-python
  PY=/usr/bin/python3
  [ -x "$PY" ] || PY=python3
  if ! PYTHONPATH=$TEST_PYTHON $PY -c "import ml_dtypes" 2>/dev/null; then
    missing=$(missing_of python3-pip)
    if ! { { [ -z "$missing" ] || apt_install $missing; } &&
           $SUDO $PY -m pip install -q --disable-pip-version-check \
             --no-deps --root-user-action=ignore --only-binary=:all: \
             --target "$TEST_PYTHON" 'ml_dtypes==0.3.2'; }; then
      echo "tile: could not install ml_dtypes: its tests are skipped"
    fi
  fi
fi
exit 0
