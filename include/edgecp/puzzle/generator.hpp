// Deterministic random solvable puzzles: a random planted board, then pieces shuffled and turned.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "edgecp/puzzle/board.hpp"
#include "edgecp/puzzle/model.hpp"
#include "edgecp/puzzle/puzzle.hpp"

namespace edgecp {

/// SplitMix64 (Steele, Lea & Flood, "Fast splittable pseudorandom number generators", OOPSLA 2014):
/// portable, so a seed gives the same stream with every compiler and standard library.
class Rng {
 public:
  explicit Rng(std::uint64_t seed = 0) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  /// Uniform in [0, n), n > 0, by rejection (no modulo bias; std:: distributions differ across libraries).
  std::uint64_t below(std::uint64_t n) {
    const std::uint64_t threshold = (0 - n) % n;  // 2^64 mod n
    while (true) {
      const std::uint64_t x = next();
      if (x >= threshold) return x % n;
    }
  }
  /// Fisher-Yates shuffle.
  template <class T>
  void shuffle(std::vector<T>& v) {
    for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[static_cast<std::size_t>(below(i))]);
  }

 private:
  std::uint64_t state_;
};

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

/// A placement by piece number (0-based) and rotation, independent of the model's candidate ids.
struct Placement {
  int piece = 0;
  int rotation = 0;
};

struct GeneratedPuzzle {
  Puzzle puzzle;
  std::vector<Placement> planted;  ///< the planted solution, row-major

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
  if (o.width < min_side || o.height < min_side || o.width > max_side || o.height > max_side ||
      o.width * o.height > max_cells)
    throw std::invalid_argument("generate: unsupported board size");
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
    const Placement& pl = out.planted[static_cast<std::size_t>(g.cell(row, col))];
    out.puzzle.hints.push_back({row, col, pl.piece, pl.rotation});
  }
  return out;
}

}  // namespace edgecp
