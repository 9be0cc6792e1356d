#!/bin/sh
# Writes, to $1, the symbol ordering file for the statically linked tools:
# every static initializer (_GLOBAL__sub_I_*) and every llvm::cl function
# defined in the archives named after it. A process of a static tool runs
# all of LLVM's and MLIR's initializers before main (mostly cl::opt
# constructors registering options); laid out together by lld
# (--symbol-ordering-file) they touch a few hundred pages instead of pages
# all over 190 MB of text: tile-opt --version went from 6.7 to 4.3 ms here
# (docs/performance.md). Names that the link does not use are ignored.
set -eu
out="$1"
shift
nm --defined-only "$@" 2>/dev/null |
  awk '$2 ~ /^[tTwW]$/ && ($3 ~ /^_GLOBAL__sub_I/ || $3 ~ /^_ZN4llvm2cl/) && !seen[$3]++ { print $3 }' \
  >"$out.tmp"
mv "$out.tmp" "$out"
