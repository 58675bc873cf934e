#!/usr/bin/env bash
# Best-mode configurations side by side on one puzzle: every configuration runs every seed for the same time
# on ONE core (--threads 1), JOBS runs at a time (default: one per core); then per configuration the mean,
# worst and best verified score. The defaults (edgecp-solve with no search option) are always the first row.
# usage: bench/compare_configs.sh PUZZLE [SECONDS] [SEEDS] [JOBS] [-- 'LABEL=OPTIONS' ...]
#   e.g. bench/compare_configs.sh ../shared/data/brendan/set1_16x16.txt 60 5 2 -- \
#          'blackwood, no quota=--order blackwood --quota none --values rare'
#   Needs build/examples/edgecp-solve (Release; EDGECP_SOLVE names another) and python3. Each run's JSON goes
#   to bench/out/compare_configs/<config>_<seed>.json (EDGECP_COMPARE_OUT names another folder); the table
#   goes to stdout, progress to stderr. A board the checker does not verify fails the script.
set -euo pipefail
[ $# -ge 1 ] || { sed -n 2,10p "$0" >&2; exit 2; }
puzzle=$(realpath -m "$1")  # paths are taken relative to where the script is called from
if [ -n "${EDGECP_SOLVE:-}" ]; then EDGECP_SOLVE=$(realpath -m "$EDGECP_SOLVE"); fi
if [ -n "${EDGECP_COMPARE_OUT:-}" ]; then EDGECP_COMPARE_OUT=$(realpath -m "$EDGECP_COMPARE_OUT"); fi
cd "$(dirname "$0")/.."
seconds=${2:-60}
seeds=${3:-5}
jobs=${4:-$(nproc)}
shift $(( $# < 4 ? $# : 4 ))
[ "${1:-}" = "--" ] && shift
[ -f "$puzzle" ] || { echo "compare_configs.sh: $puzzle: no such file" >&2; exit 2; }
solver=${EDGECP_SOLVE:-build/examples/edgecp-solve}
[ -x "$solver" ] || { echo "compare_configs.sh: build $solver first (cmake --build build)" >&2; exit 2; }
labels=("defaults")
options=("")
for spec in "$@"; do
  [[ "$spec" == *=* ]] || { echo "compare_configs.sh: '$spec' is not LABEL=OPTIONS" >&2; exit 2; }
  labels+=("${spec%%=*}")
  options+=("${spec#*=}")
done
out=${EDGECP_COMPARE_OUT:-bench/out/compare_configs}
mkdir -p "$out"
rm -f "$out"/*.json
tasks=$(mktemp)
trap 'rm -f "$tasks"' EXIT
for seed in $(seq 1 "$seeds"); do  # seed-major: a seed's configurations run at about the same time
  for i in "${!labels[@]}"; do
    printf '%s\t%s\t%s\n' "$i" "$seed" "${options[$i]}" >> "$tasks"
  done
done
export solver puzzle seconds out
# shellcheck disable=SC2016
tr '\n' '\0' < "$tasks" | xargs -0 -P "$jobs" -I{} bash -c '
  IFS=$'"'"'\t'"'"' read -r i seed opts <<< "$1"
  # shellcheck disable=SC2086
  "$solver" "$puzzle" --threads 1 --time "$seconds" --seed "$seed" --json --quiet $opts > "$out/${i}_${seed}.json"
  echo "config $i seed $seed done" >&2
' _ {}
python3 - "$out" "$seeds" "$puzzle" "$seconds" "${labels[@]}" <<'EOF'
import json, sys
out, seeds, puzzle, seconds, labels = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5:]
print(f"{puzzle}, {seconds} s per run on one core, seeds 1-{seeds}")
print("| configuration | mean | worst | best | scores by seed |")
print("|---|---:|---:|---:|---|")
for i, label in enumerate(labels):
    scores = []
    for seed in range(1, seeds + 1):
        d = json.load(open(f"{out}/{i}_{seed}.json"))
        if not d.get("verified"):
            sys.exit(f"compare_configs.sh: {label}, seed {seed}: the board is not verified")
        scores.append(d["score"])
    mean = sum(scores) / len(scores)
    print(f"| {label} | {mean:.1f} | {min(scores)} | {max(scores)} | {', '.join(map(str, scores))} |")
EOF
