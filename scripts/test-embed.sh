#!/bin/sh
# Installs the build into a temporary prefix and builds examples/embed
# against it as an outside project would (docs/embedding.md): through the
# CMake package (find_package(tile)) and through pkg-config, then runs the
# programs: saxpy builds, compiles and runs a kernel on the CPU (and on a
# GPU where there is one) against a C reference; package_info, linked with
# the runtime alone, must not need MLIR and must refuse a damaged package;
# aot_vecadd and aot_vecadd_driver call a kernel tile_add_kernels compiled
# into C at build time, aot_softmax two kernels of one pair; the installed
# package and pkg-config files carry POSIX threads, and generated C links
# with the lines docs/embedding.md gives.
# scripts/test.sh runs it; TILE_BUILD_DIR names the build (default build).
set -eu
cd "$(dirname "$0")/.."
BUILD="${TILE_BUILD_DIR:-build}"
TMP="$(mktemp -d "${TMPDIR:-/tmp}/tile-embed.XXXXXX")"
trap 'rm -rf "$TMP"' EXIT
PREFIX="$TMP/prefix"

echo "== installing $BUILD into a temporary prefix"
cmake --install "$BUILD" --prefix "$PREFIX" >/dev/null

# Runs a command and shows one line of its output (first or last); a
# failing command stops the script with its whole output (a pipe into
# head or tail would hide its exit status under /bin/sh, which has no
# pipefail).
oneLine() { # first|last COMMAND...
  which=$1
  shift
  if ! "$@" > "$TMP/one-line.txt" 2>&1; then
    cat "$TMP/one-line.txt" >&2
    echo "failed: $*" >&2
    exit 1
  fi
  if [ "$which" = first ]; then head -n 1 "$TMP/one-line.txt"; else tail -n 1 "$TMP/one-line.txt"; fi
}

echo "== examples/embed with find_package(tile)"
cmake -G Ninja -S examples/embed -B "$TMP/cmake" -DCMAKE_PREFIX_PATH="$PREFIX" \
  -DCMAKE_BUILD_TYPE=Release >/dev/null
ninja -C "$TMP/cmake" >/dev/null
"$TMP/cmake/saxpy"
oneLine last "$TMP/cmake/saxpy" 1
"$PREFIX/bin/tile-opt" examples/vecadd.mlir --tile-compile --emit=package -o "$TMP/vecadd.tpkg"
"$TMP/cmake/package_info" "$TMP/vecadd.tpkg"
if ldd "$TMP/cmake/package_info" | grep -q -e libMLIR -e libLLVM; then
  echo "package_info links MLIR or LLVM; tile::runtime must not" >&2
  exit 1
fi
head -c 100 "$TMP/vecadd.tpkg" > "$TMP/truncated.tpkg"
if "$TMP/cmake/package_info" "$TMP/truncated.tpkg" 2> "$TMP/err.txt"; then
  echo "package_info accepted a truncated package" >&2
  exit 1
fi
grep -q "damaged package" "$TMP/err.txt"

# The installed Python package (when the build has one): imported from the
# prefix alone, it compiles and runs a kernel on the CPU and reads the
# installed tile-opt's package.
site=$(ls -d "$PREFIX"/lib/python3*/site-packages 2>/dev/null | head -1)
if [ -n "$site" ] && [ -f "$site/tile/_runtime.abi3.so" ]; then
  echo "== the installed Python package ($site)"
  PYTHONPATH="$site" /usr/bin/python3 - "$TMP/vecadd.tpkg" "$site" <<'PY'
import sys
import numpy as np
import tile
assert tile.__file__.startswith(sys.argv[2]), tile.__file__
k = tile.compile("examples/vecadd.mlir", target="cpu")
x = np.arange(3000, dtype=np.float32)
z = np.zeros_like(x)
k[tile.cdiv(3000, 1024)](x, x, z)
assert np.array_equal(z, 2 * x)
p = tile.load(sys.argv[1])
assert p.name == "vecadd", p
print("python package: ok (", tile.__file__, ")")
PY
elif [ -f "$BUILD/python/tile/_runtime.abi3.so" ]; then
  echo "the build has the Python package but the install does not" >&2
  exit 1
fi

# Kernels compiled ahead of time by tile_add_kernels (both dependency
# modes, and a pair of two kernels of one file): each program reaches its
# generated launch functions, which answer with a status (no driver here,
# or no current context) rather than exiting.
for prog in aot_vecadd aot_vecadd_driver aot_softmax; do
  "$TMP/cmake/$prog" > "$TMP/aot.txt" 2>&1 ||
    { cat "$TMP/aot.txt" >&2; echo "failed: $prog" >&2; exit 1; }
  cat "$TMP/aot.txt"
  if grep -v -q ": status [1-9][0-9]* ([a-z_0-9]*_launch[a-z_]*: " "$TMP/aot.txt"; then
    echo "$prog: no status from a generated launch" >&2
    exit 1
  fi
done

# POSIX threads are in the link interface (glibc before 2.34 keeps them in
# libpthread): the CMake package finds Threads and tile::runtime links it,
# the runtime's pkg-config file says -pthread.
grep -q "find_dependency(Threads)" "$PREFIX/lib/cmake/tile/tileConfig.cmake" &&
  grep -q "Threads::Threads" "$PREFIX/lib/cmake/tile/tileTargets.cmake" &&
  grep -q "^Libs:.* -pthread" "$PREFIX/lib/pkgconfig/tile-runtime.pc" ||
  { echo "the installed package lacks POSIX threads in its link interface" >&2; exit 1; }

if ! command -v pkg-config >/dev/null; then
  echo "embedding: ok (pkg-config not installed: its files went untested)"
  exit 0
fi
echo "== examples/embed with pkg-config"
export PKG_CONFIG_PATH="$PREFIX/lib/pkgconfig"
# shellcheck disable=SC2046
cc -o "$TMP/package_info" examples/embed/package_info.c \
  $(pkg-config --cflags --libs tile-runtime)
oneLine first "$TMP/package_info" "$TMP/vecadd.tpkg"
# shellcheck disable=SC2046
cc -o "$TMP/saxpy" examples/embed/saxpy.c $(pkg-config --cflags --libs tile) -lm
oneLine last "$TMP/saxpy" 100
# Ahead-of-time C with the link lines docs/embedding.md gives: the
# runtime mode through pkg-config, the driver mode with -ldl -pthread.
mkdir -p "$TMP/gen-rt" "$TMP/gen-drv"
"$PREFIX/bin/tile-opt" examples/vecadd.mlir --tile-compile --emit=c -o "$TMP/gen-rt/vecadd.c"
"$PREFIX/bin/tile-opt" examples/vecadd.mlir --tile-compile --emit=c-driver -o "$TMP/gen-drv/vecadd.c"
# shellcheck disable=SC2046
cc -o "$TMP/aot-rt" -I"$TMP/gen-rt" examples/embed/aot_vecadd.c "$TMP/gen-rt/vecadd.c" \
  $(pkg-config --cflags --libs tile-runtime)
cc -o "$TMP/aot-drv" -I"$TMP/gen-drv" examples/embed/aot_vecadd.c "$TMP/gen-drv/vecadd.c" -ldl -pthread
oneLine first "$TMP/aot-rt"
oneLine first "$TMP/aot-drv"
echo "embedding: ok"
