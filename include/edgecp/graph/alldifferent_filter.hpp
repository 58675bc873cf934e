// Regin's domain-consistent filter for all-different over variables with value sets.
#pragma once

#include <cassert>
#include <cstdint>
#include <utility>
#include <vector>

#include "edgecp/graph/bipartite_matching.hpp"
#include "edgecp/graph/regin.hpp"

namespace edgecp {

/// Removes every (variable, value) edge that belongs to no matching covering all variables.
/// Regin, "A filtering algorithm for constraints of difference in CSPs", AAAI 1994: find a maximum matching,
/// then keep exactly the edges ReginCore keeps (every value releasable: a value may always end unused).
/// Cost O(V + E) after the matching.
///
/// Untrailed persistent state: the previous matching, a warm start. A matching found deeper in a search
/// stays valid after backtracking (sets only grow back), and edges that vanished are unmatched on entry, so
/// only the variables that lost their matched value are repaired.
template <class Set>
class AllDifferentFilter {
 public:
  AllDifferentFilter() = default;
  AllDifferentFilter(int vars, int values) { reset(vars, values); }
  void reset(int vars, int values) {
    vars_ = vars;
    values_ = values;
    matching_.reset(vars, values);
  }

  /// `set_of(v)` returns the value set of variable v (a Set with contains/for_each/is_singleton/first).
  /// Returns false when no matching covers every variable. Otherwise calls remove(v, u) for every edge in no
  /// such matching, after the analysis (so remove may change the sets).
  ///
  /// Staged like Gecode's: variables whose set is a single value are taken out first (their value is
  /// crossed off every other variable, which is exactly what Regin's rule gives for them), so the matching
  /// and the SCC pass only see the unfixed part, which shrinks as a search goes deeper.
  template <class SetOf, class Remove>
  bool filter(SetOf&& set_of, Remove&& remove) {
    dead_.clear();
    taken_.assign(static_cast<std::size_t>(values_), -1);
    free_vars_.clear();
    for (int v = 0; v < vars_; ++v) {
      const Set& sv = set_of(v);
      if (!sv.is_singleton()) {
        free_vars_.push_back(v);
        continue;
      }
      const auto u = sv.first();
      if (taken_[u] >= 0) return false;  // two fixed variables, one value
      taken_[u] = v;
      matching_.unmatch_left(v);  // fixed variables stay out of the matching
    }
    auto adj = [&](int v, auto&& visit) {
      bool stop = false;
      set_of(v).for_each([&](std::size_t u) {
        if (!stop && taken_[u] < 0) stop = visit(static_cast<int>(u));
      });
    };
    for (int v : free_vars_) {
      const int u = matching_.match_of_left(v);
      if (u >= 0 &&
          (!set_of(v).contains(static_cast<std::size_t>(u)) || taken_[static_cast<std::size_t>(u)] >= 0))
        matching_.unmatch_left(v);
    }
    for (int v : free_vars_)
      if (matching_.match_of_left(v) < 0 && !matching_.augment(v, adj)) return false;
    assert(is_matching(matching_, adj));  // debug builds (and the tests) check the repaired matching

    // Unmatched edges of the free variables grouped by value (counting sort): by_value_[start_[u] ..
    // start_[u+1]) are the variables whose set holds u without being matched to it. Edges to taken values
    // die.
    start_.assign(static_cast<std::size_t>(values_) + 1, 0);
    for (int v : free_vars_) {
      const int mu = matching_.match_of_left(v);
      set_of(v).for_each([&](std::size_t u) {
        if (taken_[u] >= 0)
          dead_.emplace_back(v, static_cast<int>(u));
        else if (static_cast<int>(u) != mu)
          ++start_[u + 1];
      });
    }
    for (int u = 0; u < values_; ++u)
      start_[static_cast<std::size_t>(u) + 1] += start_[static_cast<std::size_t>(u)];
    by_value_.resize(static_cast<std::size_t>(start_[static_cast<std::size_t>(values_)]));
    fill_.assign(start_.begin(), start_.end() - 1);
    for (int v : free_vars_) {
      const int mu = matching_.match_of_left(v);
      set_of(v).for_each([&](std::size_t u) {
        if (taken_[u] < 0 && static_cast<int>(u) != mu) by_value_[static_cast<std::size_t>(fill_[u]++)] = v;
      });
    }
    edges_ += 2 * by_value_.size();
    auto lefts_of_value = [&](int u, auto&& visit) {
      for (int i = start_[static_cast<std::size_t>(u)]; i < start_[static_cast<std::size_t>(u) + 1]; ++i)
        visit(by_value_[static_cast<std::size_t>(i)]);
    };
    regin_.analyse(
        matching_, vars_, lefts_of_value, [](int) { return true; },
        [&](auto&& visit) {  // free values (taken ones have no edges left)
          for (int u = 0; u < values_; ++u)
            if (matching_.match_of_right(u) < 0) lefts_of_value(u, visit);
        });
    for (int u = 0; u < values_; ++u) {
      if (matching_.match_of_right(u) < 0) continue;  // a free value: all its edges stay (or a taken one)
      for (int i = start_[static_cast<std::size_t>(u)]; i < start_[static_cast<std::size_t>(u) + 1]; ++i)
        if (const int v = by_value_[static_cast<std::size_t>(i)]; !regin_.keeps(v, u))
          dead_.emplace_back(v, u);
    }
    for (const auto& [v, u] : dead_) remove(v, u);
    return true;
  }

  const BipartiteMatching& matching() const { return matching_; }
  /// Edge operations so far (work counter).
  std::uint64_t edge_operations() const { return edges_ + matching_.visits(); }

 private:
  int vars_ = 0;
  int values_ = 0;
  // untrailed persistent
  BipartiteMatching
      matching_;  // over the unfixed variables: match_of_left(v) == u <=> match_of_right(u) == v
  std::uint64_t edges_ = 0;
  // scratch
  std::vector<int> taken_;      // taken_[u] = the fixed variable whose set is {u}, or -1
  std::vector<int> free_vars_;  // variables with more than one value
  std::vector<int> start_;      // unmatched edges of value u: by_value_[start_[u] .. start_[u+1])
  std::vector<int> fill_;
  std::vector<int> by_value_;
  ReginCore regin_;
  std::vector<std::pair<int, int>> dead_;
};

}  // namespace edgecp
