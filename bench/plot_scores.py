#!/usr/bin/env python3
"""Summarises edgecp-solve --json scan runs (one file per seed) and draws best score against time as SVG.

usage: plot_scores.py DIR OUT.svg TITLE
Prints a Markdown table (seed, score, verified, deepest, placements per CPU-second, time of the best) and
the mean / best / worst. Standard library only.
"""
import glob
import json
import os
import statistics
import sys


def main():
    folder, out, title = sys.argv[1], sys.argv[2], sys.argv[3]
    runs = []
    for path in sorted(glob.glob(os.path.join(folder, "seed_*.json")), key=lambda p: int(p.split("_")[-1][:-5])):
        with open(path) as f:
            runs.append(json.load(f))
    if not runs:
        sys.exit("plot_scores.py: no seed_*.json in " + folder)
    print("| seed | score | verified | deepest | placements / CPU-s | best found at (s) |")
    print("|---:|---:|:---:|---:|---:|---:|")
    for r in runs:
        print(f"| {r['seed']} | {r['score']} | {'yes' if r['verified'] else 'NO'} | {r['deepest']} | "
              f"{r['placements_per_cpu_second'] / 1e6:.1f} M | {r['best_found_at']:.1f} |")
    scores = [r["score"] for r in runs]
    rates = [r["placements_per_cpu_second"] for r in runs]
    print(f"\nmean {statistics.mean(scores):.1f}, best {max(scores)}, worst {min(scores)}, "
          f"median {statistics.median(scores)}; placements per CPU-second: median {statistics.median(rates) / 1e6:.1f} M; "
          f"all verified: {all(r['verified'] for r in runs)}")

    width, height, left, right, top, bottom = 900, 420, 60, 140, 40, 50
    t_max = max(r["seconds"] for r in runs)
    lo = min(s for r in runs for _, s in r["score_history"]) - 1
    hi = max(scores) + 1

    def x(t):
        return left + (width - left - right) * t / t_max

    def y(s):
        return top + (height - top - bottom) * (hi - s) / (hi - lo)

    colours = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf",
               "#7f7f7f", "#bcbd22"]
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12">',
             f'<rect width="{width}" height="{height}" fill="white"/>',
             f'<text x="{width / 2}" y="22" text-anchor="middle" font-size="15">{title}</text>']
    for s in range(lo, hi + 1):
        if (s - lo) % max(1, (hi - lo) // 10) == 0:
            parts.append(f'<line x1="{left}" x2="{width - right}" y1="{y(s):.1f}" y2="{y(s):.1f}" stroke="#ddd"/>')
            parts.append(f'<text x="{left - 6}" y="{y(s) + 4:.1f}" text-anchor="end">{s}</text>')
    for i in range(0, 7):
        t = t_max * i / 6
        parts.append(f'<text x="{x(t):.1f}" y="{height - bottom + 18}" text-anchor="middle">{t:.0f}</text>')
    parts.append(f'<text x="{(left + width - right) / 2}" y="{height - 10}" text-anchor="middle">seconds</text>')
    parts.append(f'<text x="16" y="{top + (height - top - bottom) / 2}" transform="rotate(-90 16 {top + (height - top - bottom) / 2})" text-anchor="middle">best score (of 480)</text>')
    parts.append(f'<rect x="{left}" y="{top}" width="{width - left - right}" height="{height - top - bottom}" fill="none" stroke="#444"/>')
    for i, r in enumerate(runs):
        pts, last = [], None
        for t, s in r["score_history"]:
            if last is not None:
                pts.append(f"{x(t):.1f},{y(last):.1f}")
            pts.append(f"{x(t):.1f},{y(s):.1f}")
            last = s
        pts.append(f"{x(r['seconds']):.1f},{y(last):.1f}")
        c = colours[i % len(colours)]
        parts.append(f'<polyline points="{" ".join(pts)}" fill="none" stroke="{c}" stroke-width="1.6"/>')
        parts.append(f'<text x="{width - right + 8}" y="{top + 14 + 16 * i}" fill="{c}">seed {r["seed"]}: {r["score"]}</text>')
    parts.append("</svg>")
    with open(out, "w") as f:
        f.write("\n".join(parts) + "\n")


if __name__ == "__main__":
    main()
