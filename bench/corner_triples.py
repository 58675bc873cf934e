#!/usr/bin/env python3
"""Draws the three-corner pins of bench/corner_triples.txt: ways to put three of a 16x16 puzzle's four corner
pieces into three of its corners, in a random order (seeded), keeping those around which a frame with every
join matched exists (a depth-first search around the ring, at most LIMIT seconds each; undecided ones are
skipped). Prints one line per kept way, as hint lines of the puzzle format.

usage: corner_triples.py [PUZZLE] [SEED] [COUNT] [LIMIT]   (defaults: ../shared/data/e2/e2.txt 2026 10 5)
"""
import itertools
import random
import sys
import time


def read_pieces(path):
    rows = [line.split() for line in open(path) if line.strip() and not line.startswith("#")]
    width, height = map(int, rows[0])
    pieces = [list(map(int, r)) for r in rows[1:] if r[0] != "hint"]
    if width != height or len(pieces) != width * height:
        sys.exit(f"corner_triples.py: {path}: a square board with W*H pieces is needed")
    return width, pieces


def turned(piece, rot):  # the colour shown on side s (0 up, 1 right, 2 down, 3 left) after rot quarter turns
    return [piece[(s - rot) % 4] for s in range(4)]


def outside_sides(n, r, c):
    return {s for s, at in ((0, r == 0), (1, c == n - 1), (2, r == n - 1), (3, c == 0)) if at}


def oriented(n, piece, r, c):
    """(rotation, sides) that puts the piece's border sides exactly on the board's edge at (r, c), or None."""
    out = outside_sides(n, r, c)
    for rot in range(4):
        q = turned(piece, rot)
        if all((q[s] == 0) == (s in out) for s in range(4)):
            return rot, q
    return None


def frame_exists(n, pieces, pins, limit):
    """True when the ring can be filled with every join matched around `pins` {(r, c): piece index}; None
    when the search ran out of time."""
    ring = ([(0, c) for c in range(n)] + [(r, n - 1) for r in range(1, n)] +
            [(n - 1, c) for c in range(n - 2, -1, -1)] + [(r, 0) for r in range(n - 2, 0, -1)])
    corners = {(0, 0), (0, n - 1), (n - 1, n - 1), (n - 1, 0)}
    pool = {True: [i for i, p in enumerate(pieces) if p.count(0) == 2],
            False: [i for i, p in enumerate(pieces) if p.count(0) == 1]}
    board = {cell: oriented(n, pieces[i], *cell)[1] for cell, i in pins.items()}
    used = set(pins.values())
    side = {(-1, 0): 0, (0, 1): 1, (1, 0): 2, (0, -1): 3}
    start, steps = time.time(), [0]

    def joins(cell, q, other):
        if other not in board:
            return True
        d = side[(other[0] - cell[0], other[1] - cell[1])]
        return q[d] == board[other][(d + 2) % 4]

    def fill(k):
        steps[0] += 1
        if steps[0] % 10000 == 0 and time.time() - start > limit:
            raise TimeoutError
        if k == len(ring):
            return True
        cell, before, after = ring[k], ring[k - 1], ring[(k + 1) % len(ring)]
        if cell in pins:
            return (k == 0 or joins(cell, board[cell], before)) and joins(cell, board[cell], after) and fill(k + 1)
        for i in pool[cell in corners]:
            if i in used:
                continue
            q = oriented(n, pieces[i], *cell)[1]
            if (k == 0 or joins(cell, q, before)) and joins(cell, q, after):
                used.add(i)
                board[cell] = q
                if fill(k + 1):
                    return True
                used.discard(i)
                del board[cell]
        return False

    try:
        return fill(0)
    except TimeoutError:
        return None


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "../shared/data/e2/e2.txt"
    seed, count, limit = (int(a) for a in (sys.argv[2:5] + ["2026", "10", "5"][len(sys.argv[2:5]):]))
    n, pieces = read_pieces(path)
    cells = [(0, 0), (0, n - 1), (n - 1, n - 1), (n - 1, 0)]
    corner_pieces = [i for i, p in enumerate(pieces) if p.count(0) == 2]
    ways = [tuple(zip([c for c in cells if c != free], trio))
            for free in cells for trio in itertools.permutations(corner_pieces, 3)]
    random.Random(seed).shuffle(ways)
    kept = 0
    for way in ways:
        if kept == count:
            break
        if frame_exists(n, pieces, dict(way), limit):
            print(" ".join(f"hint {r} {c} {i + 1} {oriented(n, pieces[i], r, c)[0]}" for (r, c), i in way))
            kept += 1


if __name__ == "__main__":
    main()
