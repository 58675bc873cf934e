// Deterministic random solvable puzzles: a random planted board, then pieces shuffled and turned.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "edgecp/core/rng.hpp"
#include "edgecp/puzzle/board.hpp"
#include "edgecp/puzzle/model.hpp"
#include "edgecp/puzzle/puzzle.hpp"

namespace edgecp {

struct GeneratorOptions {
  int width = 16;
  int height = 16;
  int frame_colours = 5;   ///< colours on joins between two frame cells: 1..frame_colours
  int inner_colours = 17;  ///< colours on every other join: frame_colours+1 .. frame_colours+inner_colours
  std::uint64_t seed = 1;
  bool centre_hint = false;  ///< fix the planted piece at (H/2, (W-1)/2), as E2 does at (8, 7)

  /// The E2-like default: 16x16, 5 frame colours, 17 inner colours, the centre hint.
  static GeneratorOptions e2_like(std::uint64_t seed) { return {16, 16, 5, 17, seed, true}; }
};

struct GeneratedPuzzle {
  Puzzle puzzle;
  std::vector<Candidate> planted;  ///< the planted solution, row-major: (piece, rotation) per cell

  Board planted_board(const Model& m) const {
    Board b(m.cell_count());
    for (std::size_t c = 0; c < planted.size(); ++c)
      b.cells[c] = m.candidate_of(planted[c].piece, planted[c].rotation);
    return b;
  }
};

inline std::string describe(const GeneratorOptions& o) {
  return "generated " + std::to_string(o.width) + "x" + std::to_string(o.height) + " frame " +
         std::to_string(o.frame_colours) + " inner " + std::to_string(o.inner_colours) + " seed " +
         std::to_string(o.seed) + (o.centre_hint ? " centre-hint" : "");
}

inline GeneratedPuzzle generate(const GeneratorOptions& o) {
  if (!supported_size(o.width, o.height)) throw std::invalid_argument("generate: unsupported board size");
  if (o.frame_colours < 1 || o.inner_colours < 1 || 1 + o.frame_colours + o.inner_colours > max_colours)
    throw std::invalid_argument("generate: need 1 <= frame, 1 <= inner and 1 + frame + inner <= 64 colours");
  if (o.centre_hint && (o.width < 3 || o.height < 3))
    throw std::invalid_argument("generate: a centre hint needs an interior cell (W, H >= 3)");
  Rng rng(o.seed);
  const Geometry g(o.width, o.height);
  const int n = g.cell_count();
  // planted[cell][side]: colour shown on that side in the planted board.
  std::vector<std::array<int, 4>> shown(static_cast<std::size_t>(n), {grey, grey, grey, grey});
  for (int cell = 0; cell < n; ++cell) {
    for (int s : {right, down}) {
      const int nb = g.neighbour(cell, s);
      if (nb < 0) continue;
      const bool frame_join = g.on_frame(cell) && g.on_frame(nb) &&
                              (g.row(cell) == g.row(nb) ? (g.row(cell) == 0 || g.row(cell) == g.height() - 1)
                                                        : (g.col(cell) == 0 || g.col(cell) == g.width() - 1));
      const int colour = frame_join
                             ? 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(o.frame_colours)))
                             : 1 + o.frame_colours +
                                   static_cast<int>(rng.below(static_cast<std::uint64_t>(o.inner_colours)));
      shown[static_cast<std::size_t>(cell)][static_cast<std::size_t>(s)] = colour;
      shown[static_cast<std::size_t>(nb)][static_cast<std::size_t>(opposite(s))] = colour;
    }
  }
  std::vector<int> order(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) order[static_cast<std::size_t>(i)] = i;
  rng.shuffle(order);  // order[piece] = the cell that piece comes from
  GeneratedPuzzle out;
  out.puzzle.geometry = g;
  out.puzzle.name = describe(o);
  out.puzzle.pieces.resize(static_cast<std::size_t>(n));
  out.planted.resize(static_cast<std::size_t>(n));
  for (int p = 0; p < n; ++p) {
    const int cell = order[static_cast<std::size_t>(p)];
    const int r = static_cast<int>(rng.below(4));
    // Stored colours C with colour_on(C, r, s) == shown[s]: C[i] = shown[(i + r) mod 4].
    Piece pc;
    for (int i = 0; i < 4; ++i)
      pc.colours[static_cast<std::size_t>(i)] =
          shown[static_cast<std::size_t>(cell)][static_cast<std::size_t>((i + r) & 3)];
    out.puzzle.pieces[static_cast<std::size_t>(p)] = pc;
    out.planted[static_cast<std::size_t>(cell)] = {p, r};
  }
  if (o.centre_hint) {
    const int row = o.height / 2, col = (o.width - 1) / 2;
    const Candidate& pl = out.planted[static_cast<std::size_t>(g.cell(row, col))];
    out.puzzle.hints.push_back({row, col, pl.piece, pl.rotation});
  }
  return out;
}

}  // namespace edgecp
