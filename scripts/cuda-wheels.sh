#!/bin/sh
# Installs what tile's GPU compile takes from a CUDA toolkit (ptxas,
# fatbinary, libdevice) from NVIDIA's Python wheels (nvidia-cuda-nvcc,
# nvidia-nvvm, CUDA 13) into DIR, laid out as a toolkit root: DIR/bin/ptxas,
# DIR/nvvm/libdevice/libdevice.10.bc. For machines with no CUDA toolkit:
# scripts/deps.sh runs it with /usr/local/cuda when it finds no ptxas, so
# a fresh machine's compile makes cubins and the tests that need ptxas run.
#   scripts/cuda-wheels.sh DIR
set -eu
[ $# = 1 ] || { sed -n 2,8p "$0"; exit 2; }
DIR=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 -m pip install -q --disable-pip-version-check --no-deps \
  --root-user-action=ignore \
  --only-binary=:all: --target "$tmp" 'nvidia-cuda-nvcc==13.*' 'nvidia-nvvm==13.*'
src="$tmp/nvidia/cu13"
[ -x "$src/bin/ptxas" ] && [ -f "$src/nvvm/libdevice/libdevice.10.bc" ] ||
  { echo "cuda-wheels: the wheels lack ptxas or libdevice"; exit 1; }
mkdir -p "$DIR/bin" "$DIR/nvvm"
cp "$src/bin/ptxas" "$src/bin/fatbinary" "$DIR/bin/"
cp -r "$src/nvvm/libdevice" "$DIR/nvvm/"
echo "cuda-wheels: $("$DIR/bin/ptxas" --version | tail -1) in $DIR"
