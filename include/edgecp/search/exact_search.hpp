// The exact engine: depth-first search over CompactConsistency, to find or count the solutions of small and
// mid-size puzzles.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "edgecp/core/rng.hpp"
#include "edgecp/propagators/compact_consistency.hpp"
#include "edgecp/puzzle/board.hpp"
#include "edgecp/puzzle/model.hpp"
#include "edgecp/search/cell_order.hpp"
#include "edgecp/search/search_control.hpp"
#include "edgecp/search/tree_estimate.hpp"

namespace edgecp {

/// The exact engine's options; the limits and progress are SearchControl's (its restart interval and seed
/// are not used: the engine never restarts and its value order is ascending slots).
/// `order`: mrv = frontier MRV (ExactSearch::choose_cell); a static order = its first unassigned cell.
struct ExactOptions : SearchControl {
  SearchMode mode = SearchMode::count;  ///< first or count (best mode needs a mismatch budget: other engines)
  CellOrder order = CellOrder::mrv;
  bool fix_corner = false;  ///< break rotational symmetry: the lowest-numbered corner piece goes top-left
  /// Count mode on a board without hints: count only the solutions with the lowest-numbered corner piece in
  /// the top-left corner (square boards) or in a top corner (other boards), and multiply by the number of
  /// board rotations that map solutions onto each other (4, or 2 for the half turn). Exact: rotating a
  /// solution moves that piece to each corner once. Ignored with fix_corner (which breaks the symmetry
  /// without multiplying).
  bool symmetry = true;
  /// After a value fails (or its subtree is exhausted) the cell loses it at the parent node and the parent
  /// propagates again (two-way branching), so later values start from a tighter state.
  bool refute = true;
};

/// The exact engine's result: the shared fields, failed decisions and the propagation's counters.
struct ExactResult : SearchResultCore {
  std::uint64_t failures = 0;  ///< decisions whose propagation failed
  int symmetry_factor = 1;     ///< solutions = solutions found x this (see ExactOptions::symmetry)
  PropagatorStats propagation;
};

/// Depth-first search over CompactConsistency<W>: at every node the board is arc consistent on the joins
/// and piece-unique (see CompactConsistency). A placement (node) is one decision: a cell takes a candidate;
/// cells assigned by propagation are not counted as placements, but `deepest` counts every assigned cell.
/// Strict: for exact solutions only (no mismatch budget).
template <std::size_t W>
class ExactSearch {
 public:
  using Propagation = CompactConsistency<W>;

  ExactSearch(const Model& m, ExactOptions opt)
      : model_(m), opt_(std::move(opt)), prop_(m), order_(fill_order(m, opt_.order)), clock_(opt_, 0) {
    if (opt_.mode == SearchMode::best)
      throw std::invalid_argument("the exact engine finds or counts exact solutions (--mode first|count)");
    const Geometry& g = m.geometry();
    for (int c = 0; c < m.cell_count(); ++c) {
      weight_.push_back(g.cell_class(c) == Geometry::CellClass::interior ? 1 : 4);
      for (int side = 0; side < 4; ++side) neighbour_.push_back(g.neighbour(c, side));
    }
  }
  ExactSearch(const ExactSearch&) = delete;  // clock_ points into opt_
  ExactSearch& operator=(const ExactSearch&) = delete;

  ExactResult run() {
    clock_.start();
    result_ = ExactResult{};
    stop_ = Stop::none;
    result_.placements_by_depth.assign(static_cast<std::size_t>(model_.cell_count()) + 1, 0);
    if (open_root()) {
      note_depth();
      search(0);
    }
    prop_.pop_level();
    result_.solutions *= static_cast<std::uint64_t>(result_.symmetry_factor);
    result_.seconds = clock_.elapsed();
    result_.status = stop_ == Stop::solved  ? SearchStatus::solved
                     : stop_ == Stop::limit ? SearchStatus::limit
                                            : SearchStatus::exhausted;
    result_.propagation = prop_.stats();
    verify_into(model_, result_);
    return result_;
  }

  /// Knuth's estimator (D. E. Knuth, "Estimating the efficiency of backtrack programs", Mathematics of
  /// Computation 29, 1975) on the tree run() searches: each probe walks from the root to a leaf, taking one
  /// of a node's successful placements at random, and counts the placements tried at every node it meets
  /// times the product of the branching factors above it; the expectation of that sum is the tree's size.
  /// The walk follows run()'s tree exactly (the same cell choice, ascending values, the refutations of the
  /// earlier values), so the estimate is of run()'s `placements`, `placements_by_depth` and `solutions`
  /// with these options. Cost per probe: two propagations per value of every cell on the walk. Stops early
  /// at the time limit or the stop flag (between probes).
  TreeEstimate estimate(std::uint64_t probes) {
    clock_.start();
    TreeEstimator est(static_cast<std::size_t>(model_.cell_count()) + 1);
    Rng rng(opt_.seed);
    const bool ok = open_root();
    for (std::uint64_t k = 0; k < probes; ++k) {
      if (k > 0 && estimate_interrupted(opt_, clock_.elapsed())) break;
      if (ok) walk(rng, est);
      est.end_probe(result_.symmetry_factor);
    }
    prop_.pop_level();
    return est.finish(clock_.elapsed(), result_.symmetry_factor);
  }

 private:
  enum class Stop { none, solved, limit };

  /// Opens the root level (popped by the caller): hints, the first fixpoint and the symmetry breaking.
  /// False when that fails (no solution).
  bool open_root() {
    prop_.push_level();
    hinted_ = 0;
    for (int c = 0; c < model_.cell_count(); ++c) hinted_ += model_.hint_candidate(c) >= 0 ? 1 : 0;
    result_.symmetry_factor = 1;
    bool ok = prop_.propagate_all() == Status::ok;
    if (ok && opt_.fix_corner)
      ok = fix_corner();
    else if (ok && opt_.symmetry && opt_.mode == SearchMode::count && hinted_ == 0)
      ok = break_symmetry();
    return ok;
  }

  /// One probe of estimate(): from the root down to a solution or a dead end, as search() would go. At a
  /// node it runs search()'s loop over the cell's values without descending (each value tried, then
  /// refuted), so it knows every value that search() would place successfully and every placement it
  /// would count there, then descends into one of those values at random, in the state search() would
  /// have (the earlier values refuted).
  void walk(Rng& rng, TreeEstimator& est) {
    double weight = 1;
    int opened = 0, depth = 0;
    std::vector<int> placed;  // values of this node whose placement succeeds, and the refutations before each
    std::vector<int> refuted_before;
    while (prop_.assigned_count() < model_.cell_count()) {
      const int cell = choose_cell();
      const typename Propagation::Bits values = prop_.domain(cell);
      placed.clear();
      refuted_before.clear();
      int tried = 0, refuted = 0;
      for (int slot = next_value(cell, values, -1); slot >= 0; slot = next_value(cell, values, slot)) {
        ++tried;
        prop_.push_level();
        if (prop_.assign(cell, slot) == Status::ok) {
          placed.push_back(slot);
          refuted_before.push_back(refuted);
        }
        prop_.pop_level();
        if (!opt_.refute) continue;
        prop_.push_level();
        ++refuted;
        if (prop_.remove(cell, slot) == Status::failed) break;
      }
      est.node(depth, tried, weight);
      if (placed.empty()) {
        weight = 0;  // a dead end: no solution below
        opened += refuted;
        break;
      }
      const std::size_t pick = static_cast<std::size_t>(rng.below(placed.size()));
      weight *= static_cast<double>(placed.size());
      for (int k = refuted; k > refuted_before[pick]; --k) prop_.pop_level();  // back to that value's state
      opened += refuted_before[pick] + 1;
      prop_.push_level();
      (void)prop_.assign(cell, placed[pick]);
      ++depth;
    }
    est.solution(weight);
    for (; opened > 0; --opened) prop_.pop_level();
  }

  /// The first value of `values` after `slot` (in ascending order) that the cell still holds, or -1.
  int next_value(int cell, const typename Propagation::Bits& values, int slot) const {
    for (int s = slot + 1; s < static_cast<int>(Propagation::capacity); ++s) {
      const auto w = static_cast<std::size_t>(s) >> 6;
      const std::uint64_t rest = values[w] >> (s & 63);
      if (rest == 0) {
        s = static_cast<int>(w * 64 + 63);
        continue;
      }
      s += std::countr_zero(rest);
      if (prop_.contains(cell, s)) return s;
    }
    return -1;
  }

  /// The lowest-numbered corner piece (the one fix_corner and symmetry pin), or -1.
  int first_corner_piece() const { return lowest_corner_piece(model_); }
  static typename Propagation::Bits piece_bits(int p) {
    typename Propagation::Bits b{};
    b[static_cast<std::size_t>(4 * p) >> 6] = std::uint64_t{0xF} << ((4 * p) & 63);
    return b;
  }
  static typename Propagation::Bits all_but(typename Propagation::Bits b) {
    for (auto& w : b) w = ~w;
    return b;
  }

  bool fix_corner() {
    const int corner = model_.geometry().cell(0, 0);
    const int p = first_corner_piece();
    if (model_.hint_candidate(corner) >= 0 || p < 0) return true;
    return prop_.restrict(corner, piece_bits(p)) == Status::ok;
  }

  /// See ExactOptions::symmetry.
  bool break_symmetry() {
    const Geometry& g = model_.geometry();
    const int p = first_corner_piece();
    if (p < 0) return true;
    if (g.width() == g.height()) {
      result_.symmetry_factor = 4;
      return prop_.restrict(g.cell(0, 0), piece_bits(p)) == Status::ok;
    }
    result_.symmetry_factor = 2;
    const int bottom = g.height() - 1;
    return prop_.restrict(g.cell(bottom, 0), all_but(piece_bits(p))) == Status::ok &&
           prop_.restrict(g.cell(bottom, g.width() - 1), all_but(piece_bits(p))) == Status::ok;
  }

  int choose_cell() const {
    if (opt_.order != CellOrder::mrv) {
      for (int c : order_)
        if (!prop_.assigned(c)) return c;
      return -1;
    }
    // Frontier MRV: among unassigned cells next to an assigned one, the fewest candidates counted as
    // interior looks (a frame cell's candidates count four times: a frame piece has one rotation per cell
    // where an interior piece has four); ties: fewer assigned neighbours, then row order. With no such
    // cell, the first unassigned cell in row order. (docs/journal.md section 7 compares the rules.)
    int best = -1;
    long best_key = 0;
    for (int c : order_) {
      if (prop_.assigned(c)) continue;
      const auto ci = static_cast<std::size_t>(c);
      int links = 0;
      for (std::size_t s = 0; s < 4; ++s) {
        const int n = neighbour_[ci * 4 + s];
        links += n >= 0 && prop_.assigned(n) ? 1 : 0;
      }
      if (links == 0) {
        if (best < 0) best = c;  // the first one in row order, unless a frontier cell comes
        continue;
      }
      const long key = static_cast<long>(prop_.size(c)) * weight_[ci] * 8 + links;
      if (best_key == 0 || key < best_key) {
        best = c;
        best_key = key;
      }
    }
    return best;
  }

  /// Depth-first search below the current node; returns true when the search must stop.
  bool search(int depth) {
    if (prop_.assigned_count() == model_.cell_count()) return on_solution();
    const int cell = choose_cell();
    const typename Propagation::Bits values = prop_.domain(cell);
    for (std::size_t w = 0; w < W; ++w)
      for (std::uint64_t x = values[w]; x != 0; x &= x - 1) {
        const int slot = static_cast<int>(w * 64) + std::countr_zero(x);
        if (!prop_.contains(cell, slot)) continue;  // refuted by an earlier value's propagation
        if (should_stop()) return true;
        ++result_.placements;
        ++result_.placements_by_depth[static_cast<std::size_t>(depth) + 1];
        prop_.push_level();
        bool stop = false;
        if (prop_.assign(cell, slot) == Status::ok) {
          note_depth();
          stop = search(depth + 1);
        } else {
          ++result_.failures;
        }
        prop_.pop_level();
        if (stop) return true;
        if (opt_.refute && prop_.remove(cell, slot) == Status::failed) return false;
      }
    return false;
  }

  bool on_solution() {
    ++result_.solutions;
    if (result_.solutions == 1) {
      Board b(model_.cell_count());
      b.cells = prop_.assigned_candidates();
      result_.board = std::move(b);
    }
    if (opt_.mode == SearchMode::first) {
      stop_ = Stop::solved;
      return true;
    }
    return false;
  }

  void note_depth() {
    const int placed = prop_.assigned_count() - hinted_;
    if (placed > result_.deepest) result_.deepest = placed;
  }

  bool should_stop() {
    if (stop_ != Stop::none) return true;
    if (result_.placements < clock_.next_poll()) return false;
    const auto ev = clock_.poll(
        result_.placements, [] {}, [&](double t) { return progress(t); });
    if (ev == SearchClock::Event::go_on) return false;
    stop_ = Stop::limit;
    return true;
  }

  SearchProgress progress(double t) const {
    SearchProgress p;
    p.seconds = t;
    p.placements = result_.placements;
    p.solutions = result_.solutions * static_cast<std::uint64_t>(result_.symmetry_factor);
    p.deepest = result_.deepest;
    p.best_score = -1;
    return p;
  }

  // constant data
  const Model& model_;
  ExactOptions opt_;
  // search state (undone by the recursion itself)
  Propagation prop_;
  std::vector<int> order_;      // static order (mrv: row order, for ties), hint cells left out
  std::vector<int> weight_;     // weight_[c]: 4 on the frame, 1 inside (mrv compares interior looks)
  std::vector<int> neighbour_;  // neighbour_[c*4 + s], -1 outside
  int hinted_ = 0;
  // results and bookkeeping
  ExactResult result_;
  SearchClock clock_;
  Stop stop_ = Stop::none;
};

/// The widths (64-bit words of slots) the exact engine is compiled for, narrowest first.
inline constexpr std::array<std::size_t, 10> exact_widths{1, 2, 3, 4, 5, 6, 7, 8, 12, 16};
/// The most pieces the exact engine handles: four slots each in its widest bitset.
inline constexpr int exact_max_pieces = static_cast<int>(exact_widths.back() * 64 / 4);

/// The narrowest compiled width that holds a puzzle's slots; 0 when the puzzle is too large for the engine.
inline std::size_t exact_width(const Model& m) {
  for (std::size_t k : exact_widths)
    if (compact_words(m) <= k) return k;
  return 0;
}

/// Throws std::invalid_argument when a puzzle has more pieces than the exact engine handles.
inline void check_exact_size(const Model& m) {
  if (exact_width(m) == 0)
    throw std::invalid_argument("the exact engine handles up to " + std::to_string(exact_max_pieces) +
                                " pieces; this puzzle has " + std::to_string(m.piece_count()));
}

/// Calls f(ExactSearch<exact_widths[I]>&) when that is the puzzle's width, else tries the next width.
template <std::size_t I = 0, class F>
auto with_exact_search(std::size_t width, const Model& m, const ExactOptions& opt, F&& f) {
  if constexpr (I + 1 < exact_widths.size())
    if (width != exact_widths[I]) return with_exact_search<I + 1>(width, m, opt, f);
  ExactSearch<exact_widths[I]> search(m, opt);
  return f(search);
}

/// Runs the exact engine at the narrowest compiled width. Throws std::invalid_argument when the puzzle is
/// too large for it (more than exact_max_pieces pieces) or the options ask for best mode.
inline ExactResult run_exact(const Model& m, const ExactOptions& opt) {
  check_exact_size(m);
  return with_exact_search(exact_width(m), m, opt, [](auto& s) { return s.run(); });
}

/// Knuth's estimate of the tree run_exact(m, opt) searches, from `probes` random probes
/// (ExactSearch::estimate; opt.seed seeds them). Throws as run_exact does.
inline TreeEstimate estimate_exact(const Model& m, const ExactOptions& opt, std::uint64_t probes) {
  check_exact_size(m);
  return with_exact_search(exact_width(m), m, opt, [probes](auto& s) { return s.estimate(probes); });
}

}  // namespace edgecp
