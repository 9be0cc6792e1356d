#!/bin/sh
# Installs what tile needs on Debian 12 when it is missing: a C compiler,
# CMake, Ninja, Python (for lit), lld (links the static tools in seconds)
# and LLVM/MLIR 22 from Debian's packages.
#   scripts/deps.sh --test   also clang 14 with libFuzzer (fuzz/), which
#                            scripts/test.sh uses; if it cannot be installed
#                            the tests go on without fuzzing; and
#                            pkg-config (scripts/test-embed.sh)
set -eu
PACKAGES="gcc cmake ninja-build python3 python3-numpy lld libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools"
TEST_PACKAGES="clang libclang-rt-14-dev pkg-config"

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
if [ "${1:-}" = "--test" ]; then
  missing=$(missing_of $TEST_PACKAGES)
  if [ -n "$missing" ] && ! (apt_install $missing); then
    echo "tile: could not install$missing (fuzzing needs them): going on without"
  fi
fi
exit 0
