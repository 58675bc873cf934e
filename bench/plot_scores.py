#!/usr/bin/env python3
"""Summarises edgecp-solve --json scan runs (one file per seed) and plots best score against time.

usage: plot_scores.py DIR OUT.svg|OUT.png TITLE
Prints a Markdown table (seed, score, verified, deepest, placements per CPU-second, time of the best) and
the mean / best / worst; runs of 120 s or more also show each seed's score at 60 s (from its own history)
and on how many seeds the final score is above it. Then draws every seed's best score as a step line (its
final score in the legend) and the mean over the seeds in black. Needs matplotlib (Debian:
python3-matplotlib).
"""
import glob
import json
import os
import statistics
import sys

from plot_common import pyplot, save, series_styles


def load_runs(folder):
    paths = sorted(glob.glob(os.path.join(folder, "seed_*.json")), key=lambda p: int(p.split("_")[-1][:-5]))
    runs = []
    for path in paths:
        with open(path) as f:
            runs.append(json.load(f))
    if not runs:
        sys.exit("plot_scores.py: no seed_*.json in " + folder)
    return runs


def print_summary(runs, early=60.0):
    """The table; runs of at least twice `early` seconds also show the score each had at `early` (same run)."""
    longer = all(r["seconds"] >= 2 * early for r in runs)
    at_early = [score_at(r["score_history"], early) for r in runs] if longer else []
    print("| seed | score |" + (f" at {early:g} s |" if longer else "") +
          " verified | deepest | placements / CPU-s | best found at (s) |")
    print("|---:|---:|" + ("---:|" if longer else "") + ":---:|---:|---:|---:|")
    for i, r in enumerate(runs):
        print(f"| {r['seed']} | {r['score']} |" + (f" {at_early[i]} |" if longer else "") +
              f" {'yes' if r['verified'] else 'NO'} | {r['deepest']} | "
              f"{r['placements_per_cpu_second'] / 1e6:.1f} M | {r['best_found_at']:.1f} |")
    scores = [r["score"] for r in runs]
    rates = [r["placements_per_cpu_second"] for r in runs]
    print(f"\nmean {statistics.mean(scores):.1f}, best {max(scores)}, worst {min(scores)}, "
          f"median {statistics.median(scores)}; placements per CPU-second: median {statistics.median(rates) / 1e6:.1f} M; "
          f"all verified: {all(r['verified'] for r in runs)}")
    if longer and None not in at_early:
        above = sum(s > e for s, e in zip(scores, at_early))
        print(f"at {early:g} s: mean {statistics.mean(at_early):.1f}; the final score is above it on {above} of "
              f"{len(runs)} seeds")


def score_at(history, t):
    """The best score reached by time t (None before the first board)."""
    best = None
    for when, score in history:
        if when > t:
            break
        best = score
    return best


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    folder, out, title = sys.argv[1:]
    runs = load_runs(folder)
    print_summary(runs)
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(9, 4.8))
    t_max = max(r["seconds"] for r in runs)
    for r, style in zip(runs, series_styles(len(runs))):
        times = [t for t, _ in r["score_history"]] + [r["seconds"]]
        scores = [s for _, s in r["score_history"]] + [r["score"]]
        ax.step(times, scores, where="post", label=f"seed {r['seed']}: {r['score']}", alpha=0.8, linewidth=1.4,
                **style)
    # the mean over the seeds, from the time every seed has a board
    grid = [t_max * i / 400 for i in range(401)]
    mean = []
    for t in grid:
        at = [s for s in (score_at(r["score_history"], t) for r in runs) if s is not None]
        mean.append(statistics.mean(at) if len(at) == len(runs) else float("nan"))
    ax.plot(grid, mean, color="black", linewidth=2.4, label=f"mean: {statistics.mean(r['score'] for r in runs):.1f}")
    ax.set_xlabel("seconds")
    ax.set_ylabel(f"best score (of {runs[0]['max_score']})")
    ax.set_title(title)
    ax.grid(True, color="#dddddd")
    ax.legend(loc="center left", bbox_to_anchor=(1.01, 0.5), fontsize=9, frameon=False)
    save(fig, out)


if __name__ == "__main__":
    main()
