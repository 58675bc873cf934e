// The exact walk's layout for a count, chosen from the puzzle: which reading order it fills the board in and
// which corner piece its symmetry pins top-left. Every layout counts the same solutions; their trees differ
// by up to 2x on Brendan Owen's puzzles (docs/journal.md section 26), so a long count first compares them by
// Knuth's estimate.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include "edgecp/puzzle/model.hpp"
#include "edgecp/search/cell_order.hpp"
#include "edgecp/search/exact_walk.hpp"
#include "edgecp/search/search_control.hpp"

namespace edgecp {

/// A walk's layout: its fill order and the corner piece its symmetry (or fix_corner) pins, with what the
/// comparison estimated.
struct WalkLayout {
  CellOrder order = CellOrder::row;
  int pin_piece = -1;        ///< 0-based; -1: the lowest-numbered corner piece (the walk's default)
  bool chosen = false;       ///< another layout than the default was estimated clearly smaller
  double default_nodes = 0;  ///< the estimated tree of the default layout (row, lowest corner piece)
  double nodes = 0;          ///< the estimated tree of the layout returned
  int compared = 0;          ///< layouts estimated (0: the count is too short or too long to compare)
};

/// How plan_walk_layout compares. The estimates are seeded with fixed seeds and never cut by time, so the
/// same puzzle and options give the same layout on every run and every machine (a split's workers and a
/// resumed run rely on that, and on --resume reading it back from the checkpoint).
struct WalkLayoutOptions {
  double min_nodes = 2e9;   ///< a tree estimated smaller keeps the default (a count of seconds)
  double max_nodes = 1e14;  ///< a larger one too (a count of months: the comparison would cost minutes)
  std::uint64_t screen_probes = 4096;  ///< probes of the first estimate of the default layout
  std::uint64_t probes = 0;            ///< per layout and round; 0: 250,000 below 1e11 nodes, 1,000,000 above
  int finalists = 4;                   ///< the smallest layouts estimated again with a second seed
  double margin = 0.9;                 ///< another layout is chosen only below this times the default's tree
  int threads = 1;                     ///< layouts estimated side by side
  const std::atomic<bool>* stop = nullptr;  ///< set: stop comparing, keep the default
};

namespace detail {
/// Knuth's estimate of each layout's tree (nodes), `threads` layouts at a time; deterministic per layout.
inline std::vector<double> estimate_layouts(const Model& m, const WalkOptions& base,
                                            const std::vector<WalkLayout>& layouts, std::uint64_t probes,
                                            std::uint64_t seed, const WalkLayoutOptions& lo) {
  std::vector<double> nodes(layouts.size(), 0);
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    for (std::size_t i = next++; i < layouts.size(); i = next++) {
      WalkOptions o = base;
      static_cast<SearchControl&>(o) = SearchControl{};
      o.stop = lo.stop;
      o.seed = seed;
      o.order = layouts[i].order;
      o.pin_piece = layouts[i].pin_piece;
      nodes[i] = estimate_walk(m, o, probes).nodes;
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < std::max(1, lo.threads); ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  return nodes;
}
}  // namespace detail

/// The layout of a count on the exact walk (`base`: its options; only count mode is compared, first mode
/// keeps base's order): the eight reading orders (CellOrder::reading_orders) times, where the count pins a
/// corner piece (symmetry on a board without hints, or fix_corner), every corner piece. The default (row,
/// the lowest-numbered corner piece) is estimated first; a tree outside [min_nodes, max_nodes] keeps it.
/// Otherwise every layout is estimated with `probes` probes, the `finalists` smallest and the default again
/// with a second seed, and the smallest mean wins if it is below `margin` times the default's. Cost: on
/// Brendan's 7x7 6 s on one thread, his 8x8 13 s on two (once, before a count of minutes to hours).
inline WalkLayout plan_walk_layout(const Model& m, const WalkOptions& base,
                                   const WalkLayoutOptions& lo = {}) {
  WalkLayout def;
  def.order = base.order;
  def.pin_piece = base.pin_piece;
  if (base.mode != SearchMode::count) return def;
  def.order = CellOrder::row;
  def.pin_piece = -1;
  const double screen = detail::estimate_layouts(m, base, {def}, lo.screen_probes, 1, lo).front();
  def.default_nodes = def.nodes = screen;
  if (screen < lo.min_nodes || screen > lo.max_nodes || (lo.stop && lo.stop->load())) return def;

  bool hinted = false;
  for (int c = 0; c < m.cell_count(); ++c) hinted = hinted || m.hint_candidate(c) >= 0;
  std::vector<int> pieces{-1};  // -1: the lowest-numbered, first
  if (base.fix_corner || (base.symmetry && !hinted)) {
    const int lowest = lowest_corner_piece(m);
    for (int p = 0; p < m.piece_count(); ++p)
      if (p != lowest && grey_count(m.puzzle().pieces[static_cast<std::size_t>(p)]) == 2) pieces.push_back(p);
  }
  std::vector<WalkLayout> layouts;  // the default first
  for (int p : pieces)
    for (CellOrder o : reading_orders) {
      WalkLayout l;
      l.order = o;
      l.pin_piece = p;
      layouts.push_back(l);
    }
  const std::uint64_t probes = lo.probes ? lo.probes : screen < 1e11 ? 250'000 : 1'000'000;
  const std::vector<double> first = detail::estimate_layouts(m, base, layouts, probes, 2, lo);
  std::vector<std::size_t> rank(layouts.size());
  for (std::size_t i = 0; i < rank.size(); ++i) rank[i] = i;
  std::stable_sort(rank.begin(), rank.end(),
                   [&](std::size_t a, std::size_t b) { return first[a] < first[b]; });
  rank.resize(std::min(rank.size(), static_cast<std::size_t>(std::max(1, lo.finalists))));
  if (std::find(rank.begin(), rank.end(), std::size_t{0}) == rank.end()) rank.push_back(0);
  std::vector<WalkLayout> finals;
  for (std::size_t i : rank) finals.push_back(layouts[i]);
  const std::vector<double> second = detail::estimate_layouts(m, base, finals, probes, 3, lo);
  if (lo.stop && lo.stop->load()) return def;

  WalkLayout best = def;
  best.compared = static_cast<int>(layouts.size());
  double best_mean = 0;
  for (std::size_t k = 0; k < finals.size(); ++k) {
    const double mean = (first[rank[k]] + second[k]) / 2;
    if (rank[k] == 0) best.default_nodes = mean;
    if (k == 0 || mean < best_mean) {
      best_mean = mean;
      best.order = finals[k].order;
      best.pin_piece = finals[k].pin_piece;
    }
  }
  best.chosen =
      (best.order != CellOrder::row || best.pin_piece != -1) && best_mean < lo.margin * best.default_nodes;
  if (!best.chosen) {
    best.order = CellOrder::row;
    best.pin_piece = -1;
    best_mean = best.default_nodes;
  }
  best.nodes = best_mean;
  return best;
}

}  // namespace edgecp
