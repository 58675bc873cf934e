#!/usr/bin/env python3
"""Draws nodes per depth (log scale) for several edgecp-solve --json runs as one SVG line chart.

usage: plot_nodes_by_depth.py OUT.svg TITLE LABEL=RESULT.json [LABEL=RESULT.json ...]
Standard library only.
"""
import json
import math
import sys


def main():
    out, title, runs = sys.argv[1], sys.argv[2], sys.argv[3:]
    series = []
    for run in runs:
        label, path = run.split("=", 1)
        with open(path) as f:
            data = json.load(f)
        series.append((label, data["nodes_by_depth"], data["nodes"], data["seconds"]))
    width, height, left, right, top, bottom = 900, 420, 70, 300, 40, 50
    max_depth = max(len(s[1]) - 1 for s in series)
    max_nodes = max(max(s[1]) for s in series)
    top_exp = max(1, math.ceil(math.log10(max_nodes)))
    colours = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"]

    def x(depth):
        return left + (width - left - right) * depth / max_depth

    def y(nodes):
        v = math.log10(nodes) if nodes > 0 else 0
        return top + (height - top - bottom) * (1 - v / top_exp)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">',
        '<rect width="100%" height="100%" fill="white"/>',
        f'<text x="{left}" y="24" font-family="sans-serif" font-size="15">{title}</text>',
    ]
    for e in range(top_exp + 1):
        yy = y(10 ** e)
        parts.append(f'<line x1="{left}" y1="{yy:.1f}" x2="{width - right}" y2="{yy:.1f}" stroke="#dddddd"/>')
        parts.append(f'<text x="{left - 8}" y="{yy + 4:.1f}" font-family="sans-serif" font-size="11" text-anchor="end">1e{e}</text>')
    for d in range(0, max_depth + 1, max(1, max_depth // 12)):
        parts.append(f'<text x="{x(d):.1f}" y="{height - bottom + 16}" font-family="sans-serif" font-size="11" text-anchor="middle">{d}</text>')
    parts.append(f'<text x="{(left + width - right) / 2}" y="{height - 12}" font-family="sans-serif" font-size="12" text-anchor="middle">depth (pieces placed)</text>')
    parts.append(f'<text x="16" y="{(top + height - bottom) / 2}" font-family="sans-serif" font-size="12" transform="rotate(-90 16 {(top + height - bottom) / 2})" text-anchor="middle">nodes at that depth (log)</text>')
    for i, (label, by_depth, nodes, seconds) in enumerate(series):
        c = colours[i % len(colours)]
        pts = " ".join(f"{x(d):.1f},{y(n):.1f}" for d, n in enumerate(by_depth) if d > 0)
        parts.append(f'<polyline points="{pts}" fill="none" stroke="{c}" stroke-width="2"/>')
        ly = top + 18 * i + 10
        parts.append(f'<line x1="{width - right + 12}" y1="{ly}" x2="{width - right + 32}" y2="{ly}" stroke="{c}" stroke-width="3"/>')
        parts.append(f'<text x="{width - right + 38}" y="{ly + 4}" font-family="sans-serif" font-size="11">{label}: {nodes:,} nodes, {seconds:.2f} s</text>')
    parts.append("</svg>")
    with open(out, "w") as f:
        f.write("\n".join(parts) + "\n")


if __name__ == "__main__":
    main()
