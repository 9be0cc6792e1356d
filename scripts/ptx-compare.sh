#!/bin/bash
# Compares the PTX two builds of tile-opt make of every kernel the GPU
# suites compile: the examples, the benchmark kernels (bench/prepare.sh),
# the v2 suite (bench/gpu_v2.py) and the numerics conformance kernels, each
# with the options and -D values those scripts give it. It runs those
# scripts' prepare steps with a tile-opt that builds each package with the
# NEW build and, beside it, the PTX of both builds, and lists every kernel
# whose PTX differs (with its barrier counts). For changes meant to keep
# code the same (refactors), and to see what a codegen change touched.
#   scripts/ptx-compare.sh BASE_BUILD NEW_BUILD
# BASE_BUILD, for instance: git worktree add /tmp/base HEAD && cmake -G
# Ninja -S /tmp/base -B /tmp/base/build && ninja -C /tmp/base/build tile-opt
# Exit status 1 if any PTX differs. The packages land in .gpu-pkgs and
# .gpu-v2, as the prepare steps leave them (made by NEW_BUILD).
set -u
[ $# = 2 ] || { sed -n 2,14p "$0"; exit 2; }
cd "$(dirname "$0")/.."
BASE=$(cd "$1" && pwd); NEW=$(cd "$2" && pwd)
W=$(mktemp -d /tmp/tile-ptx-compare.XXXXXX)
ln -s "$NEW/tile-run" "$W/tile-run"
ln -s "$NEW/tile-package" "$W/tile-package"
cat > "$W/tile-opt" <<WRAP
#!/bin/bash
"$NEW/tile-opt" "\$@"; rc=\$?
if [[ " \$* " == *" --emit=package "* ]]; then
  args=(); skip=0
  for a in "\$@"; do
    if [ \$skip = 1 ]; then skip=0; continue; fi
    case "\$a" in --emit=package) args+=(--emit=ptx);; -o) skip=1;; *) args+=("\$a");; esac
  done
  "$BASE/tile-opt" "\${args[@]}" --no-cache -o "$W/a.\$\$.ptx" 2>/dev/null
  "$NEW/tile-opt" "\${args[@]}" --no-cache -o "$W/b.\$\$.ptx" 2>/dev/null
  if cmp -s "$W/a.\$\$.ptx" "$W/b.\$\$.ptx"; then echo "same \${args[*]}" >> "$W/log"
  else echo "DIFF \${args[*]} (barriers \$(grep -c 'bar.sync\|barrier.sync' "$W/a.\$\$.ptx") -> \$(grep -c 'bar.sync\|barrier.sync' "$W/b.\$\$.ptx"))" >> "$W/log"; fi
  rm -f "$W/a.\$\$.ptx" "$W/b.\$\$.ptx"
fi
exit \$rc
WRAP
chmod +x "$W/tile-opt"
: > "$W/log"
PY=python3
python3 -c 'import numpy' 2>/dev/null || PY=/usr/bin/python3
bench/prepare.sh "$W" > "$W/prepare.log" 2>&1 || echo "bench/prepare.sh failed: $W/prepare.log"
PYTHON=$PY "$PY" bench/gpu_v2.py prepare "$W" .gpu-v2 > "$W/v2.log" 2>&1 || echo "bench/gpu_v2.py prepare failed: $W/v2.log"
grep DIFF "$W/log"
same=$(grep -c '^same' "$W/log"); diff=$(grep -c '^DIFF' "$W/log")
echo "ptx-compare: $same kernels the same, $diff differ (log: $W/log)"
[ "$diff" = 0 ]
