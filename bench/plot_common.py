"""What the chart scripts share: matplotlib without a display, line styles told apart, saving by extension."""
import sys

COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#7f7f7f",
           "#bcbd22"]
DASHES = ["-", "--", "-.", ":"]
MARKERS = ["o", "s", "^", "D", "v", "P", "X", "*"]


def pyplot():
    try:
        import matplotlib
    except ImportError:
        sys.exit(f"{sys.argv[0]}: needs matplotlib (apt-get install python3-matplotlib; then run it with "
                 "/usr/bin/python3 if another python3 comes first on PATH)")
    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "edgecp"  # the same data gives the same SVG
    import matplotlib.pyplot as plt
    return plt


def series_styles(n):
    """n styles that differ in colour, dash and marker at once."""
    return [{"color": COLOURS[i % len(COLOURS)], "linestyle": DASHES[i % len(DASHES)],
             "marker": MARKERS[i % len(MARKERS)]} for i in range(n)]


def save(fig, out):
    fig.tight_layout()
    fig.savefig(out, metadata={"Date": None} if out.endswith(".svg") else None)
    print(f"{sys.argv[0]}: wrote {out}", file=sys.stderr)
