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

/// Local improvement of a complete board by hill climbing: a move swaps the pieces of two cells, one of them
/// with a mismatched join, or turns the piece of such a cell, each piece taking a rotation allowed there by
/// the frame (the static domain); a move is taken when it raises the number of matched joins around the cells
/// it changes (first improvement), and passes repeat until none helps or `max_passes` ran. Hinted cells never
/// change, so the board stays legal (check_board) and its score only grows. Cost per pass O(cells with a
/// mismatch x cells x 16) join checks. Returns the gain.
inline int improve_by_swaps(const Model& m, Board& b, int max_passes = 20) {
  const Geometry& g = m.geometry();
  const int n = g.cell_count();
  auto at = [&](int c) -> int& { return b.cells[static_cast<std::size_t>(c)]; };
  // Matched joins touching cell a or cell c (the a-c join once; a == c: one cell).
  auto local = [&](int a, int c) {
    int sum = 0;
    for (int cell : {a, c}) {
      for (int s = 0; s < 4; ++s) {
        const int nb = g.neighbour(cell, s);
        if (nb < 0 || at(nb) < 0 || (cell == c && nb == a)) continue;
        sum += m.colour(at(cell), s) == m.colour(at(nb), opposite(s)) ? 1 : 0;
      }
      if (a == c) break;
    }
    return sum;
  };
  auto fits = [&](int cell, int id) { return Model::test(m.static_domain(cell), id); };
  std::vector<int> open_sides(static_cast<std::size_t>(n), 0);  // joins of each cell
  for (int cell = 0; cell < n; ++cell)
    for (int s = 0; s < 4; ++s)
      open_sides[static_cast<std::size_t>(cell)] += g.neighbour(cell, s) >= 0 ? 1 : 0;
  int gain = 0;
  for (int pass = 0; pass < max_passes; ++pass) {
    int pass_gain = 0;
    for (int a = 0; a < n; ++a) {
      if (m.hint_candidate(a) >= 0 || at(a) < 0 || local(a, a) == open_sides[static_cast<std::size_t>(a)])
        continue;
      for (int c = 0; c < n; ++c) {  // a has a mismatched join; c is any cell
        if (m.hint_candidate(c) >= 0 || at(c) < 0) continue;
        const int ia = at(a), ic = at(c);
        const int pa = m.piece_of(ia), pc = m.piece_of(ic);
        const int before = local(a, c);
        int best = before, best_a = ia, best_c = ic;
        if (a == c) {  // turn the piece in place
          for (int id = m.first_candidate(pa); id < m.end_candidate(pa); ++id) {
            if (!fits(a, id)) continue;
            at(a) = id;
            if (const int v = local(a, a); v > best) best = v, best_a = best_c = id;
          }
          at(a) = best_a;
        } else {
          for (int x = m.first_candidate(pc); x < m.end_candidate(pc); ++x) {
            if (!fits(a, x)) continue;
            for (int y = m.first_candidate(pa); y < m.end_candidate(pa); ++y) {
              if (!fits(c, y)) continue;
              at(a) = x;
              at(c) = y;
              if (const int v = local(a, c); v > best) best = v, best_a = x, best_c = y;
            }
          }
          at(a) = best_a;
          at(c) = best_c;
        }
        pass_gain += best - before;
      }
    }
    gain += pass_gain;
    if (pass_gain == 0) break;
  }
  return gain;
}

}  // namespace edgecp
