#!/usr/bin/env bash
# ctest scan_cap_rate_smoke: the restart-rate tool on a bundled puzzle: one line per seed, the summary, the
# prefix counts; bad usage exits 2. usage: bench/test_cap_rate.sh SCAN_CAP_RATE PUZZLE
set -euo pipefail
tool=$1
puzzle=$2
out=$("$tool" "$puzzle" --breaks 30-36 --order row --nodes 200000 --seeds 1-4 2> /dev/null)
[ "$(grep -c '^[0-9]' <<< "$out")" = 4 ] || { echo "expected one line per seed:"; echo "$out"; exit 1; }
grep -q '^# 4 runs, .* runs with a board' <<< "$out" || { echo "no summary:"; echo "$out"; exit 1; }
grep -q '^# first 16 placements: [0-9]* distinct of 4' <<< "$out" || { echo "no prefix count:"; echo "$out"; exit 1; }
hunt=$("$tool" "$puzzle" --breaks 30-36 --order row --nodes 100000 --seeds 0-1 --restarts-of 3 --threads 2 --ranks 2 \
  2> /dev/null)
[ "$(grep -c '^[0-9]*:[0-9]*:[0-9]* ' <<< "$hunt")" = 8 ] || { echo "expected rank:thread:restart lines:"; echo "$hunt"; exit 1; }
grep -q '^# 8 runs' <<< "$hunt" || { echo "no summary of 8 runs:"; echo "$hunt"; exit 1; }
rc=0
"$tool" "$puzzle" --breaks 30-36 --ranks 2 2> /dev/null || rc=$?
[ "$rc" = 2 ] || { echo "--ranks without --restarts-of exited $rc, expected 2"; exit 1; }
rc=0
"$tool" "$puzzle" --breaks 30-36 --nodes x 2> /dev/null || rc=$?
[ "$rc" = 2 ] || { echo "bad usage exited $rc, expected 2"; exit 1; }
echo "scan_cap_rate: ok"
