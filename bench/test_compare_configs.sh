#!/usr/bin/env bash
# ctest compare_configs_smoke: bench/compare_configs.sh on a bundled puzzle, 1 s a run: a table with the
# defaults and the configuration given, every seed's score; bad usage exits 2.
# usage: bench/test_compare_configs.sh EDGECP_SOLVE PUZZLE
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
export EDGECP_SOLVE=$1
puzzle=$2
EDGECP_COMPARE_OUT=$(mktemp -d)
export EDGECP_COMPARE_OUT
trap 'rm -rf "$EDGECP_COMPARE_OUT"' EXIT
out=$("$here/compare_configs.sh" "$puzzle" 1 2 2 -- 'row order=--order row' 2> /dev/null)
grep -q '^| configuration | mean | worst | best | scores by seed |$' <<< "$out" || { echo "no table:"; echo "$out"; exit 1; }
grep -Eq '^\| defaults \| [0-9.]+ \| [0-9]+ \| [0-9]+ \| [0-9]+, [0-9]+ \|$' <<< "$out" || { echo "no defaults row:"; echo "$out"; exit 1; }
grep -Eq '^\| row order \| [0-9.]+ \| [0-9]+ \| [0-9]+ \| [0-9]+, [0-9]+ \|$' <<< "$out" || { echo "no row for the configuration:"; echo "$out"; exit 1; }
[ "$(find "$EDGECP_COMPARE_OUT" -name "*.json" | wc -l)" = 4 ] || { echo "expected 4 JSON results"; exit 1; }
rc=0
"$here/compare_configs.sh" "$puzzle" 1 1 1 -- 'no equals sign' > /dev/null 2>&1 || rc=$?
[ "$rc" = 2 ] || { echo "a configuration without LABEL=OPTIONS exited $rc, expected 2"; exit 1; }
rc=0
"$here/compare_configs.sh" "$puzzle.missing" 1 1 1 > /dev/null 2>&1 || rc=$?
[ "$rc" = 2 ] || { echo "a missing puzzle exited $rc, expected 2"; exit 1; }
echo "compare_configs: ok"
