#!/usr/bin/env python3
"""Plots nodes per depth (log scale) for several edgecp-solve --json runs in one chart.

usage: plot_nodes_by_depth.py OUT.svg|OUT.png TITLE LABEL=RESULT.json [LABEL=RESULT.json ...]
Each run is a line with its own colour, dash and marker (so that equal curves stay visible), its total nodes
and seconds in the legend. Needs matplotlib (Debian: python3-matplotlib).
"""
import json
import sys

from plot_common import pyplot, save, series_styles


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    out, title, runs = sys.argv[1], sys.argv[2], sys.argv[3:]
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(9, 4.8))
    for run, style in zip(runs, series_styles(len(runs))):
        label, path = run.split("=", 1)
        with open(path) as f:
            data = json.load(f)
        by_depth = data["nodes_by_depth"]
        depths = [d for d in range(1, len(by_depth)) if by_depth[d] > 0]
        ax.plot(depths, [by_depth[d] for d in depths], linewidth=1.8, markersize=4, markevery=2,
                label=f"{label}: {data['nodes']:,} nodes, {data['seconds']:.2f} s", **style)
    ax.set_yscale("log")
    ax.set_xlabel("depth (pieces placed)")
    ax.set_ylabel("nodes at that depth")
    ax.set_title(title)
    ax.grid(True, which="major", color="#dddddd")
    ax.legend(loc="upper left", fontsize=9, frameon=False)
    save(fig, out)


if __name__ == "__main__":
    main()
