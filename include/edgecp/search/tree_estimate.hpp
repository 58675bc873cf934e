// Knuth's estimate of a search tree's size from random probes: the result and the accumulator the engines
// share.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "edgecp/search/search_control.hpp"

namespace edgecp {

/// An estimate of the tree a count would search (ExactSearch::estimate, Solver::estimate): means over random
/// probes, each an unbiased estimate, with their standard errors (sample deviation / sqrt(probes)). The
/// standard error is itself estimated from the probes: on heavy-tailed trees a few thousand probes may miss
/// the rare huge subtrees, and then both the mean and its error come out low.
struct TreeEstimate {
  std::uint64_t probes = 0;            ///< probes taken (fewer than asked when a time limit or stop came)
  std::uint64_t probes_solved = 0;     ///< probes that reached a complete board (0: `solutions` says nothing)
  double nodes = 0;                    ///< estimated placements (the engine's `placements`)
  double nodes_error = 0;              ///< standard error of `nodes`
  double solutions = 0;                ///< estimated solutions, as the engine reports them
  double solutions_error = 0;          ///< standard error of `solutions`
  std::vector<double> nodes_by_depth;  ///< estimated `placements_by_depth`
  int symmetry_factor = 1;             ///< the engine's (solutions include it)
  std::uint64_t propagations = 0;      ///< placements the probes tried (their work, refutations aside)
  double seconds = 0;
};

/// Accumulates probes into a TreeEstimate. A probe (D. E. Knuth, "Estimating the efficiency of backtrack
/// programs", Mathematics of Computation 29, 1975) walks from the root to a leaf; at every node it counts the
/// placements the search would try there and descends into one of the successful ones, picked uniformly; the
/// weight of a node is the product of the numbers of successful placements above it. The weighted sum of the
/// placements met is an unbiased estimate of the tree's placements, the weight of a complete board one of its
/// solutions.
class TreeEstimator {
 public:
  /// `depths`: the size of nodes_by_depth (index = placements made after the placement).
  explicit TreeEstimator(std::size_t depths) { estimate_.nodes_by_depth.assign(depths, 0.0); }

  /// A node of the current probe at `depth` (placements made before it) tried `placements` values.
  void node(int depth, int placements, double weight) {
    const double n = weight * placements;
    probe_nodes_ += n;
    estimate_.nodes_by_depth[static_cast<std::size_t>(depth) + 1] += n;
    estimate_.propagations += static_cast<std::uint64_t>(placements);
  }
  /// The current probe reached a complete board.
  void solution(double weight) { probe_solutions_ += weight; }
  /// Ends the current probe; `factor` multiplies its solutions (the engine's symmetry factor).
  void end_probe(int factor = 1) {
    const double s = probe_solutions_ * factor;
    ++estimate_.probes;
    if (probe_solutions_ > 0) ++estimate_.probes_solved;
    sum_nodes_ += probe_nodes_;
    sum_nodes_sq_ += probe_nodes_ * probe_nodes_;
    sum_solutions_ += s;
    sum_solutions_sq_ += s * s;
    probe_nodes_ = probe_solutions_ = 0;
  }

  /// The means and standard errors over the probes so far.
  TreeEstimate finish(double seconds, int symmetry_factor) const {
    TreeEstimate e = estimate_;
    e.seconds = seconds;
    e.symmetry_factor = symmetry_factor;
    if (e.probes == 0) return e;
    const auto n = static_cast<double>(e.probes);
    auto error = [n](double sum, double sum_sq) {
      return n > 1 ? std::sqrt(std::max(0.0, (sum_sq - sum * sum / n) / (n - 1)) / n) : 0.0;
    };
    e.nodes = sum_nodes_ / n;
    e.nodes_error = error(sum_nodes_, sum_nodes_sq_);
    e.solutions = sum_solutions_ / n;
    e.solutions_error = error(sum_solutions_, sum_solutions_sq_);
    for (double& d : e.nodes_by_depth) d /= n;
    return e;
  }

 private:
  TreeEstimate estimate_;  // probes, nodes_by_depth (sums until finish) and propagations
  double probe_nodes_ = 0, probe_solutions_ = 0;  // the current probe's sums
  double sum_nodes_ = 0, sum_nodes_sq_ = 0, sum_solutions_ = 0, sum_solutions_sq_ = 0;
};

/// Whether an estimate must stop before its next probe: the stop flag or the time limit.
inline bool estimate_interrupted(const SearchControl& c, double elapsed) {
  if (c.stop && c.stop->load(std::memory_order_relaxed)) return true;
  return c.time_limit > 0 && elapsed >= c.time_limit;
}

}  // namespace edgecp
