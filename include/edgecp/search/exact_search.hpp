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

#include "edgecp/propagators/compact_consistency.hpp"
#include "edgecp/puzzle/board.hpp"
#include "edgecp/puzzle/model.hpp"
#include "edgecp/search/cell_order.hpp"
#include "edgecp/search/search_control.hpp"

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
    const int cells = model_.cell_count();
    result_.placements_by_depth.assign(static_cast<std::size_t>(cells) + 1, 0);
    prop_.push_level();
    hinted_ = 0;
    for (int c = 0; c < cells; ++c) hinted_ += model_.hint_candidate(c) >= 0 ? 1 : 0;
    bool ok = prop_.propagate_all() == Status::ok;
    if (ok && opt_.fix_corner)
      ok = fix_corner();
    else if (ok && opt_.symmetry && opt_.mode == SearchMode::count && hinted_ == 0)
      ok = break_symmetry();
    if (ok) {
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

 private:
  enum class Stop { none, solved, limit };

  /// The lowest-numbered corner piece (the one fix_corner and symmetry pin), or -1.
  int first_corner_piece() const {
    for (int p = 0; p < model_.piece_count(); ++p)
      if (grey_count(model_.puzzle().pieces[static_cast<std::size_t>(p)]) == 2) return p;
    return -1;
  }
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
    // cell, the first unassigned cell in row order. (docs/results.md section 7 compares the rules.)
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

/// Runs ExactSearch<exact_widths[I]> when it is the puzzle's width, else tries the next width.
template <std::size_t I = 0>
ExactResult run_exact_at(std::size_t width, const Model& m, const ExactOptions& opt) {
  if constexpr (I + 1 < exact_widths.size())
    if (width != exact_widths[I]) return run_exact_at<I + 1>(width, m, opt);
  return ExactSearch<exact_widths[I]>(m, opt).run();
}

/// Runs the exact engine at the narrowest compiled width. Throws std::invalid_argument when the puzzle is
/// too large for it (more than exact_max_pieces pieces) or the options ask for best mode.
inline ExactResult run_exact(const Model& m, const ExactOptions& opt) {
  check_exact_size(m);
  return run_exact_at(exact_width(m), m, opt);
}

}  // namespace edgecp
