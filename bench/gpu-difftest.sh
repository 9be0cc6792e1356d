#!/bin/bash
# Random-kernel campaigns on the lent GPU machine (issue 35;
# docs/difftest.md): every seed's kernel runs in the reference
# interpreter, on tile's CPU path, and on the GPU as sm_90a, sm_80 and
# option-varied sm_90a code, all in process through the Python package
# (test/difftest/campaign.py), one process per core, spread over the GPUs.
# Here, from a build with the package:
#   bench/gpu-python.sh prepare BUILD DIR
# There, from the repository root, with DIR carried:
#   bench/gpu-difftest.sh DIR START COUNT [SECONDS]
#       seeds START.. (at most COUNT, in $JOBS processes, default one per
#       core; SECONDS (default 400) stops handing out seeds, for a
#       command's time limit: the replay takes about a minute before, and
#       seeds still running 75 s after SECONDS are reported unfinished,
#       so 400 ends within a 600 s call); disagreeing kernels are kept under
#       $OUT/difftest-kept, the log is $OUT/difftest.log. First, the
#       checks of test/difftest/difftest.test (the examples and every
#       reduced bug) replay on sm_90a and sm_80 code (campaign.py
#       --replay); COUNT 0 runs only those, and REPLAY=0 skips them (a
#       later call of the same session, the same compiler). CPU_ONLY=1
#       runs the seeds on the interpreter and tile's CPU path alone, on
#       every core of the machine (a CPU campaign, the bar's other count),
#       with no replay.
set -u
cd "$(dirname "$0")/.."
[ $# -ge 3 ] || { echo "usage: $0 DIR START COUNT [SECONDS]" >&2; exit 2; }
D=$1 START=$2 COUNT=$3 SECONDS_LEFT=${4:-400}
. bench/gpu-common.sh
use_python_package "$D" || exit 1
OUT=${OUT:-/tmp/difftest-out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | sort | uniq -c
echo "$(nproc) cores"
replayed=0 gpu=--gpu
[ "${CPU_ONLY:-0}" = 1 ] && { gpu= REPLAY=0; }
if [ "${REPLAY:-1}" != 0 ]; then
  TILE_NO_CACHE=1 python3 test/difftest/campaign.py --gpu \
    --replay test/difftest/difftest.test 2>&1 | tee "$OUT/replay.log"
  replayed=${PIPESTATUS[0]}
fi
[ "$COUNT" -gt 0 ] || exit "$replayed"
TILE_NO_CACHE=1 python3 test/difftest/campaign.py $gpu --start "$START" \
  --count "$COUNT" --seconds "$SECONDS_LEFT" --keep "$OUT/difftest-kept" \
  ${JOBS:+--jobs "$JOBS"} \
  2>&1 | tee "$OUT/difftest.log"
ran=${PIPESTATUS[0]}
[ "$replayed" -eq 0 ] && exit "$ran"
exit "$replayed"
