// Completing a partial board so that every piece is placed.
#pragma once

#include <vector>

#include "edgecp/puzzle/board.hpp"
#include "edgecp/puzzle/model.hpp"

namespace edgecp {

/// Greedy completion: the empty cells are filled one by one in `order` (cells already placed are skipped);
/// each gets, among the unused pieces' candidates allowed there by the frame (the static domain), the one
/// matching the most joins with already placed neighbours (ties: the lowest candidate id). Placed cells are
/// never changed. The frame classes guarantee that a fitting piece always remains, so the result is complete
/// and passes check_board. Cost O(empty cells x candidates).
inline Board complete_greedy(const Model& m, Board b, const std::vector<int>& order) {
  const Geometry& g = m.geometry();
  std::vector<char> used(static_cast<std::size_t>(m.piece_count()), 0);
  for (int id : b.cells)
    if (id >= 0) used[static_cast<std::size_t>(m.piece_of(id))] = 1;
  auto fill = [&](int cell) {
    if (b.cells[static_cast<std::size_t>(cell)] >= 0) return;
    int best = -1, best_matches = -1;
    const auto& dom = m.static_domain(cell);
    for (int id = 0; id < m.candidate_count(); ++id) {
      if (!Model::test(dom, id) || used[static_cast<std::size_t>(m.piece_of(id))]) continue;
      int matches = 0;
      for (int s = 0; s < 4; ++s) {
        const int n = g.neighbour(cell, s);
        if (n < 0) continue;
        const int o = b.cells[static_cast<std::size_t>(n)];
        if (o >= 0 && m.colour(id, s) == m.colour(o, opposite(s))) ++matches;
      }
      if (matches > best_matches) {
        best_matches = matches;
        best = id;
      }
    }
    if (best >= 0) {
      b.cells[static_cast<std::size_t>(cell)] = best;
      used[static_cast<std::size_t>(m.piece_of(best))] = 1;
    }
  };
  for (int cell : order) fill(cell);
  for (int cell = 0; cell < m.cell_count(); ++cell) fill(cell);  // cells the order left out
  return b;
}

}  // namespace edgecp
