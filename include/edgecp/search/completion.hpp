// Completing a partial board so that every piece is placed.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "edgecp/puzzle/board.hpp"
#include "edgecp/puzzle/model.hpp"

namespace edgecp {

/// A lower bound on the mismatched joins that any completion of `partial` adds to it, from colour counts
/// alone (a relaxation that forgets where the empty cells are). Per non-grey colour k, supply(k) counts the
/// sides of colour k on the unused pieces and demand(k) the sides of colour k that placed cells turn towards
/// empty cells. A join between a placed and an empty cell matches only with a supplied side of its colour, so
/// at least sum_k max(0, demand(k) - supply(k)) of those joins mismatch. Where supply(k) - demand(k) is odd,
/// some mismatched join shows colour k (the matched joins use up supply in ones against demand and in pairs
/// between empty cells), and a mismatched join shows two colours: at least ceil(odd colours / 2). The bound
/// is the larger of the two; it is zero on boards that can still be completed without a mismatch by counts.
/// Grey faces the outside exactly (the frame), so it takes no part. Cost O(cells + pieces).
inline int colour_mismatch_bound(const Model& m, const Board& partial);

/// Per colour, supply - demand of `partial` (see colour_mismatch_bound; grey's entry is not used).
inline std::vector<int> colour_surplus(const Model& m, const Board& partial) {
  const Geometry& g = m.geometry();
  std::vector<int> surplus(static_cast<std::size_t>(m.colour_count()), 0);
  std::vector<char> used(static_cast<std::size_t>(m.piece_count()), 0);
  for (int c = 0; c < g.cell_count(); ++c) {
    const int id = partial.cells[static_cast<std::size_t>(c)];
    if (id < 0) continue;
    used[static_cast<std::size_t>(m.piece_of(id))] = 1;
    for (int s = 0; s < 4; ++s)
      if (const int nb = g.neighbour(c, s); nb >= 0 && partial.cells[static_cast<std::size_t>(nb)] < 0)
        --surplus[static_cast<std::size_t>(m.colour(id, s))];
  }
  for (int p = 0; p < m.piece_count(); ++p)
    if (!used[static_cast<std::size_t>(p)])
      for (int k : m.puzzle().pieces[static_cast<std::size_t>(p)].colours)
        ++surplus[static_cast<std::size_t>(k)];
  return surplus;
}

/// The two counts colour_mismatch_bound takes the larger of, kept per colour surplus x (grey left out).
struct SurplusCounts {
  int deficit = 0;  ///< sum of max(0, -x): demand beyond supply
  int odd = 0;      ///< colours with an odd x
  void add(int x, int sign) {
    deficit += sign * (x < 0 ? -x : 0);
    odd += sign * (x & 1);
  }
  int bound() const { return std::max(deficit, (odd + 1) / 2); }
};

inline SurplusCounts surplus_counts(const std::vector<int>& surplus) {
  SurplusCounts c;
  for (std::size_t k = 0; k < surplus.size(); ++k)
    if (static_cast<int>(k) != grey) c.add(surplus[k], +1);
  return c;
}

inline int colour_mismatch_bound(const Model& m, const Board& partial) {
  return surplus_counts(colour_surplus(m, partial)).bound();
}

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

/// What a branch-and-bound repair did.
struct RepairStats {
  std::uint64_t nodes = 0;  ///< placements made
  int gain = 0;             ///< joins matched beyond the board it started from
  bool proven = true;       ///< every search ran to its end: no refilling of its window matches more joins
};

/// Refills the cells of `window` (hinted cells in it are skipped) of the complete board `b` as well as
/// possible, by depth-first branch and bound on the mismatch count (Land and Doig's scheme). The cells are
/// filled in the window's order; a cell's candidates (the window's pieces, rotations the frame allows there)
/// are tried by descending number of joins they match with placed neighbours. The board itself is the first
/// incumbent; a candidate is refused when the joins mismatched so far inside the window, plus
/// colour_mismatch_bound of the board it makes, reach the incumbent's, so `b` changes only for a strictly
/// better board. Stops after `node_limit` placements (0: none). Cells outside the window never change; `b`
/// stays complete and legal. Cost per placement O(window pieces x 4 + colours).
inline RepairStats refill_window(const Model& m, Board& b, const std::vector<int>& window,
                                 std::uint64_t node_limit) {
  RepairStats stats;
  const Geometry& g = m.geometry();
  auto at = [&](int c) -> int& { return b.cells[static_cast<std::size_t>(c)]; };
  // Constant data: the cells to refill (in window order) and their pieces.
  std::vector<int> cells, pieces;
  for (int c : window)
    if (m.hint_candidate(c) < 0 && at(c) >= 0 && std::find(cells.begin(), cells.end(), c) == cells.end()) {
      cells.push_back(c);
      pieces.push_back(m.piece_of(at(c)));
    }
  if (cells.empty()) return stats;
  std::sort(pieces.begin(), pieces.end());  // ascending candidate ids below
  // The incumbent: the board, and its mismatched joins with an end in the window (the rest stay as they are).
  Board best = b;
  const int score_before = score(m, b);
  const JoinCount outside = [&] {
    for (int c : cells) at(c) = -1;
    return count_joins(m, b);
  }();
  int best_mismatches = count_joins(m, best).mismatched - outside.mismatched;
  // Search state: the board with the window emptied, the pieces in use, the colour surplus and its counts
  // (colour_mismatch_bound, kept incrementally).
  std::vector<char> in_use(pieces.size(), 0);
  std::vector<int> surplus = colour_surplus(m, b);
  SurplusCounts counts = surplus_counts(surplus);
  // Scratch: per depth, the candidates as (matched joins, id, index into pieces).
  std::vector<std::vector<std::array<int, 3>>> tried(cells.size());

  auto shift = [&](int k, int delta) {
    if (k == grey) return;
    int& x = surplus[static_cast<std::size_t>(k)];
    counts.add(x, -1);
    x += delta;
    counts.add(x, +1);
  };
  // Places (sign +1) or takes back (-1) candidate `id` on `cell` in the surplus: a side towards an empty
  // cell leaves the supply and joins the demand; a side towards a placed cell leaves the supply and answers
  // the neighbour's demand.
  auto move = [&](int cell, int id, int sign) {
    for (int s = 0; s < 4; ++s) {
      const int nb = g.neighbour(cell, s);
      if (nb < 0) continue;
      if (const int o = at(nb); o < 0) {
        shift(m.colour(id, s), -2 * sign);
      } else {
        shift(m.colour(id, s), -sign);
        shift(m.colour(o, opposite(s)), sign);
      }
    }
  };
  auto dive = [&](auto&& self, std::size_t depth, int mismatches) -> void {
    if (depth == cells.size()) {
      best_mismatches = mismatches;
      best = b;
      return;
    }
    const int cell = cells[depth];
    int closed = 0;  // joins towards placed neighbours
    for (int s = 0; s < 4; ++s)
      if (const int nb = g.neighbour(cell, s); nb >= 0 && at(nb) >= 0) ++closed;
    auto& here = tried[depth];
    here.clear();
    const auto& dom = m.static_domain(cell);
    for (std::size_t i = 0; i < pieces.size(); ++i) {
      if (in_use[i]) continue;
      for (int id = m.first_candidate(pieces[i]); id < m.end_candidate(pieces[i]); ++id) {
        if (!Model::test(dom, id)) continue;
        int matched = 0;
        for (int s = 0; s < 4; ++s)
          if (const int nb = g.neighbour(cell, s); nb >= 0 && at(nb) >= 0)
            matched += m.colour(id, s) == m.colour(at(nb), opposite(s)) ? 1 : 0;
        here.push_back({matched, id, static_cast<int>(i)});
      }
    }
    std::stable_sort(here.begin(), here.end(), [](const auto& x, const auto& y) { return x[0] > y[0]; });
    for (const auto& [matched, id, i] : here) {
      const int after = mismatches + closed - matched;
      if (after >= best_mismatches) break;  // the rest match no more
      if (node_limit && stats.nodes >= node_limit) {
        stats.proven = false;
        return;
      }
      ++stats.nodes;
      move(cell, id, +1);
      at(cell) = id;
      in_use[static_cast<std::size_t>(i)] = 1;
      if (after + counts.bound() < best_mismatches) self(self, depth + 1, after);
      in_use[static_cast<std::size_t>(i)] = 0;
      at(cell) = -1;
      move(cell, id, -1);
      if (!stats.proven) return;
    }
  };
  if (counts.bound() < best_mismatches) dive(dive, 0, 0);
  b = std::move(best);
  stats.gain = score(m, b) - score_before;
  return stats;
}

/// Best completion of a partial board: complete_greedy, then its empty cells refilled by refill_window
/// (in `order`, then the cells it leaves out), so the result scores at least the greedy completion's.
inline Board complete_best(const Model& m, const Board& partial, const std::vector<int>& order,
                           std::uint64_t node_limit, RepairStats* stats = nullptr) {
  Board b = complete_greedy(m, partial, order);
  std::vector<int> empty;
  for (int c : order)
    if (partial.cells[static_cast<std::size_t>(c)] < 0) empty.push_back(c);
  for (int c = 0; c < m.cell_count(); ++c)
    if (partial.cells[static_cast<std::size_t>(c)] < 0) empty.push_back(c);  // refill_window skips repeats
  const RepairStats st = refill_window(m, b, empty, node_limit);
  if (stats) *stats = st;
  return b;
}

/// Large-neighbourhood repair of the end of a fill order: refills (refill_window) the last `first` cells of
/// `order`, then the last first + step, first + 2 step, ... cells, the last window being min(max_window,
/// order size) cells, while the previous window's search ran to its end. The board only gains.
inline RepairStats repair_tail(const Model& m, Board& b, const std::vector<int>& order, int first, int step,
                               int max_window, std::uint64_t node_limit) {
  RepairStats total;
  const int last = std::min(max_window, static_cast<int>(order.size()));
  for (int w = std::min(first, last); w > 0; w = w == last ? 0 : std::min(w + step, last)) {
    const RepairStats st = refill_window(m, b, std::vector<int>(order.end() - w, order.end()), node_limit);
    total.nodes += st.nodes;
    total.gain += st.gain;
    if (!st.proven) {
      total.proven = false;
      break;
    }
  }
  return total;
}

/// The size x size blocks of the board (clipped to its sides) that hold an end of a mismatched join, each
/// as its cells row by row, listed by their top-left cell in reading order. Cost O(cells x size^2).
inline std::vector<std::vector<int>> mismatch_blocks(const Model& m, const Board& b, int size) {
  const Geometry& g = m.geometry();
  const int h = std::min(size, g.height()), w = std::min(size, g.width());
  std::vector<char> touched(static_cast<std::size_t>(g.cell_count()), 0);  // an end of a mismatched join
  for (int c = 0; c < g.cell_count(); ++c)
    for (int s = 0; s < 4; ++s)
      if (const int nb = g.neighbour(c, s); nb >= 0) {
        const int x = b.cells[static_cast<std::size_t>(c)], y = b.cells[static_cast<std::size_t>(nb)];
        if (x >= 0 && y >= 0 && m.colour(x, s) != m.colour(y, opposite(s)))
          touched[static_cast<std::size_t>(c)] = 1;
      }
  std::vector<std::vector<int>> blocks;
  for (int r0 = 0; r0 + h <= g.height(); ++r0)
    for (int c0 = 0; c0 + w <= g.width(); ++c0) {
      std::vector<int> block;
      bool hit = false;
      for (int r = r0; r < r0 + h; ++r)
        for (int c = c0; c < c0 + w; ++c) {
          block.push_back(g.cell(r, c));
          hit = hit || touched[static_cast<std::size_t>(g.cell(r, c))];
        }
      if (hit) blocks.push_back(std::move(block));
    }
  return blocks;
}

/// Large-neighbourhood repair of a complete board around its mismatches, a step at a time: the blocks of
/// mismatch_blocks are refilled exactly (refill_window, at most `window_nodes` placements each) one after
/// the other; after a gain they are listed again from the new board. A step refills blocks until it has spent
/// `step_nodes` placements (the block that crosses the mark is finished first), so that a search can spread
/// the repair over its run. finished(): every block of the board's list was refilled without a gain (proven
/// optimal in each block whose search ran to its end); restart() for another board.
class BlockRepair {
 public:
  BlockRepair() = default;  ///< off
  BlockRepair(int size, std::uint64_t window_nodes, std::uint64_t step_nodes)
      : size_(size), window_nodes_(window_nodes), step_nodes_(step_nodes) {}

  bool on() const { return window_nodes_ > 0; }
  bool finished() const { return listed_ && next_ == blocks_.size(); }
  void restart() {
    listed_ = false;
    blocks_.clear();
    next_ = 0;
  }

  /// One step on `b` (complete and legal; it stays so and only gains).
  RepairStats step(const Model& m, Board& b) {
    RepairStats total;
    if (!on()) return total;
    if (!listed_) list(m, b);
    while (next_ < blocks_.size() && total.nodes < step_nodes_) {
      const RepairStats st = refill_window(m, b, blocks_[next_++], window_nodes_);
      total.nodes += st.nodes;
      total.gain += st.gain;
      total.proven = total.proven && st.proven;
      if (st.gain > 0) list(m, b);
    }
    return total;
  }

 private:
  void list(const Model& m, const Board& b) {
    blocks_ = mismatch_blocks(m, b, size_);
    next_ = 0;
    listed_ = true;
  }

  // constant data
  int size_ = 4;
  std::uint64_t window_nodes_ = 0;  ///< 0: off
  std::uint64_t step_nodes_ = 0;
  // state: the blocks of the board being repaired; blocks_[0..next_) were refilled without a gain
  bool listed_ = false;
  std::vector<std::vector<int>> blocks_;
  std::size_t next_ = 0;
};

}  // namespace edgecp
