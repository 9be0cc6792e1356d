#!/bin/sh
# Installs what tile needs on Debian 12 when it is missing: a C compiler,
# CMake, Ninja, Python (for lit), lld (links the static tools in seconds)
# and LLVM/MLIR 22 from Debian's packages.
set -eu
PACKAGES="gcc cmake ninja-build python3 python3-numpy lld libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools"
missing=""
for p in $PACKAGES; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "tile: installing:$missing"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
