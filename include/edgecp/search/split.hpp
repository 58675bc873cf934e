// Cutting an exact search into independent subproblems: the consistent prefixes of a static fill order. Every
// solution extends exactly one prefix, so the subproblems' counts add up to the puzzle's count, whatever
// engine solves each of them and in whatever order, on threads or on other machines. MPI-free.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "edgecp/puzzle/model.hpp"
#include "edgecp/puzzle/puzzle.hpp"
#include "edgecp/search/cell_order.hpp"
#include "edgecp/search/search_control.hpp"

namespace edgecp {

/// One part of a split search: placements fixed on top of the puzzle's own hints (0-based pieces).
struct Subproblem {
  std::vector<Hint> placements;
  friend bool operator==(const Subproblem&, const Subproblem&) = default;
};

struct SplitOptions {
  CellOrder order = CellOrder::row;  ///< the static order whose prefixes are enumerated (mrv is refused)
  std::size_t min_subproblems = 64;  ///< deepen until there are at least this many (or the board is full)
  std::size_t max_subproblems = std::size_t{1} << 18;  ///< never deepen to a level holding more than this
  /// On a puzzle without hints, keep one rotation of every solution: the pinned corner piece (pin_piece)
  /// top-left on a square board (x4), in a top corner otherwise (x2). Exact: every solution turned by a
  /// quarter (half) turn is a solution with that piece in another corner.
  bool symmetry = true;
  /// The pinned corner piece top-left, counted once (the engines' fix_corner); overrides symmetry.
  bool fix_corner = false;
  /// The corner piece symmetry and fix_corner pin (0-based; -1: the lowest-numbered), as WalkOptions.
  int pin_piece = -1;
};

/// The subproblems of a split, in a deterministic order (the same options on the same puzzle give the same
/// plan on every machine, so workers can refer to subproblems by index).
struct SplitPlan {
  std::vector<Subproblem> subproblems;
  int depth = 0;  ///< every subproblem fixes the first `depth` cells of the fill order (and the corner pin)
  int symmetry_factor = 1;  ///< the puzzle's count = symmetry_factor x the sum of the subproblems' counts
};

namespace detail {

/// A prefix of the fill order under construction: the candidate on every cell (-1: free) and pieces used.
struct SplitPrefix {
  std::vector<int> cell_candidate;
  std::vector<bool> piece_used;
};

/// Can candidate `id` go on `cell` of the prefix: in the cell's static domain, its piece unused, every join
/// with a placed neighbour matching?
inline bool split_fits(const Model& m, const SplitPrefix& p, int cell, int id) {
  if (!Model::test(m.static_domain(cell), id) || p.piece_used[static_cast<std::size_t>(m.piece_of(id))])
    return false;
  for (int s = 0; s < 4; ++s) {
    const int n = m.geometry().neighbour(cell, s);
    if (n < 0) continue;
    const int other = p.cell_candidate[static_cast<std::size_t>(n)];
    if (other >= 0 && m.colour(other, opposite(s)) != m.colour(id, s)) return false;
  }
  return true;
}

inline void split_place(const Model& m, SplitPrefix& p, int cell, int id) {
  p.cell_candidate[static_cast<std::size_t>(cell)] = id;
  p.piece_used[static_cast<std::size_t>(m.piece_of(id))] = true;
}

}  // namespace detail

/// The subproblems of a search: every consistent assignment of the first `depth` cells of the fill order
/// (after the corner pin of `symmetry` / `fix_corner`), `depth` the smallest that gives at least
/// min_subproblems (without passing max_subproblems). Consistent: each piece once, static domains (frame,
/// hints), every join inside the prefix and with the hints matching. Cost: the prefixes of every level up to
/// `depth`, checked join by join. Throws std::invalid_argument for a dynamic order.
inline SplitPlan split_search(const Model& m, const SplitOptions& opt) {
  if (opt.order == CellOrder::mrv) throw std::invalid_argument("a split needs a static fill order, not mrv");
  const Geometry& g = m.geometry();
  detail::SplitPrefix base{std::vector<int>(static_cast<std::size_t>(m.cell_count()), -1),
                           std::vector<bool>(static_cast<std::size_t>(m.piece_count()), false)};
  bool hinted = false;
  for (int c = 0; c < m.cell_count(); ++c)
    if (const int h = m.hint_candidate(c); h >= 0) {
      detail::split_place(m, base, c, h);
      hinted = true;
    }

  // The roots: the corner pin (one root per allowed corner and fitting rotation), or the bare puzzle.
  SplitPlan plan;
  std::vector<detail::SplitPrefix> level;
  const int corner_piece = pinned_corner_piece(m, opt.pin_piece);
  std::vector<int> pin_cells;
  if (corner_piece >= 0 && opt.fix_corner && m.hint_candidate(g.cell(0, 0)) < 0) {
    pin_cells = {g.cell(0, 0)};  // as the engines' fix_corner
  } else if (corner_piece >= 0 && !opt.fix_corner && opt.symmetry && !hinted) {
    pin_cells = {g.cell(0, 0)};
    if (g.width() != g.height()) pin_cells.push_back(g.cell(0, g.width() - 1));
    plan.symmetry_factor = g.width() == g.height() ? 4 : 2;
  }
  if (pin_cells.empty()) level.push_back(base);
  for (int cell : pin_cells)
    for (int id = m.first_candidate(corner_piece); id < m.end_candidate(corner_piece); ++id)
      if (detail::split_fits(m, base, cell, id)) {
        level.push_back(base);
        detail::split_place(m, level.back(), cell, id);
      }

  // Deepen level by level along the fill order (a cell a root pinned already passes through).
  const std::vector<int> order = fill_order(m, opt.order);
  for (std::size_t k = 0; k < order.size() && level.size() < opt.min_subproblems; ++k) {
    const int cell = order[k];
    std::vector<detail::SplitPrefix> next;
    bool too_many = false;
    for (const auto& p : level) {
      if (p.cell_candidate[static_cast<std::size_t>(cell)] >= 0) {
        next.push_back(p);
        continue;
      }
      for (int id = 0; id < m.candidate_count() && !too_many; ++id)
        if (detail::split_fits(m, p, cell, id)) {
          next.push_back(p);
          detail::split_place(m, next.back(), cell, id);
          too_many = next.size() > opt.max_subproblems;
        }
      if (too_many) break;
    }
    if (too_many) break;
    level = std::move(next);
    plan.depth = static_cast<int>(k) + 1;
  }

  for (const auto& p : level) {
    Subproblem s;
    for (int c = 0; c < m.cell_count(); ++c) {
      const int id = p.cell_candidate[static_cast<std::size_t>(c)];
      if (id >= 0 && m.hint_candidate(c) < 0)
        s.placements.push_back({g.row(c), g.col(c), m.piece_of(id), m.candidate(id).rotation});
    }
    plan.subproblems.push_back(std::move(s));
  }
  return plan;
}

/// A subproblem as a puzzle of its own: the puzzle with the subproblem's placements added as hints. Any
/// engine runs on it (the exact engine, the driver; the scan engine too, its break indices then counting
/// placements after the hints); candidate ids, and so boards, are those of the original puzzle's model.
inline Puzzle subproblem_puzzle(const Puzzle& pz, const Subproblem& s) {
  Puzzle out = pz;
  out.hints.insert(out.hints.end(), s.placements.begin(), s.placements.end());
  return out;
}

}  // namespace edgecp
