// Regin's domain-consistent filter for all-different over variables with value sets.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "edgecp/graph/bipartite_matching.hpp"
#include "edgecp/graph/scc.hpp"

namespace edgecp {

/// Removes every (variable, value) edge that belongs to no matching covering all variables.
/// Regin, "A filtering algorithm for constraints of difference in CSPs", AAAI 1994: find a maximum matching;
/// orient matched edges variable -> value and the others value -> variable; by Berge's theorem an unmatched
/// edge is in some maximum matching iff its ends share a strongly connected component or its value is
/// reachable from a free value (an even alternating path). Cost O(V + E) after the matching.
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

  /// `set_of(v)` returns the value set of variable v (a Set with contains/for_each).
  /// Returns false when no matching covers every variable. Otherwise calls remove(v, u) for every edge in no
  /// such matching, after the analysis (so remove may change the sets).
  template <class SetOf, class Remove>
  bool filter(SetOf&& set_of, Remove&& remove) {
    auto adj = [&](int v, auto&& visit) {
      const Set& s = set_of(v);
      bool stop = false;
      s.for_each([&](std::size_t u) {
        if (!stop) stop = visit(static_cast<int>(u));
      });
    };
    for (int v = 0; v < vars_; ++v) {
      const int u = matching_.match_of_left(v);
      if (u >= 0 && !set_of(v).contains(static_cast<std::size_t>(u))) matching_.unmatch_left(v);
    }
    for (int v = 0; v < vars_; ++v)
      if (matching_.match_of_left(v) < 0 && !matching_.augment(v, adj)) return false;

    // Oriented graph: vertices 0..vars-1 are variables, vars.. are values.
    by_value_.assign(static_cast<std::size_t>(values_), {});
    for (int v = 0; v < vars_; ++v) {
      const int mu = matching_.match_of_left(v);
      set_of(v).for_each([&](std::size_t u) {
        ++edges_;
        if (static_cast<int>(u) != mu) by_value_[u].push_back(v);
      });
    }
    graph_.clear();
    for (int v = 0; v < vars_; ++v) {
      graph_.add_edge(vars_ + matching_.match_of_left(v));
      graph_.end_vertex();
    }
    for (int u = 0; u < values_; ++u) {
      for (int v : by_value_[static_cast<std::size_t>(u)]) graph_.add_edge(v);
      graph_.end_vertex();
    }
    (void)scc_.run(graph_, comp_);
    mark_reachable_from_free_values();

    dead_.clear();
    for (int u = 0; u < values_; ++u)
      for (int v : by_value_[static_cast<std::size_t>(u)])
        if (comp_[static_cast<std::size_t>(v)] != comp_[static_cast<std::size_t>(vars_ + u)] &&
            !reached_[static_cast<std::size_t>(vars_ + u)])
          dead_.emplace_back(v, u);
    for (const auto& [v, u] : dead_) remove(v, u);
    return true;
  }

  const BipartiteMatching& matching() const { return matching_; }
  /// Edge operations so far (work counter).
  std::uint64_t edge_operations() const { return edges_ + matching_.visits(); }

 private:
  /// Values reachable from a free value in the oriented graph: their unmatched edges lie on an even
  /// alternating path from a free vertex, hence in some maximum matching.
  void mark_reachable_from_free_values() {
    reached_.assign(static_cast<std::size_t>(vars_ + values_), 0);
    stack_.clear();
    for (int u = 0; u < values_; ++u)
      if (matching_.match_of_right(u) < 0) {
        reached_[static_cast<std::size_t>(vars_ + u)] = 1;
        stack_.push_back(vars_ + u);
      }
    while (!stack_.empty()) {
      const int x = stack_.back();
      stack_.pop_back();
      for (int i = graph_.offsets[static_cast<std::size_t>(x)]; i < graph_.offsets[static_cast<std::size_t>(x) + 1]; ++i) {
        const int y = graph_.targets[static_cast<std::size_t>(i)];
        if (!reached_[static_cast<std::size_t>(y)]) {
          reached_[static_cast<std::size_t>(y)] = 1;
          stack_.push_back(y);
        }
      }
    }
  }

  int vars_ = 0;
  int values_ = 0;
  // untrailed persistent
  BipartiteMatching matching_;  // match_of_left(v) == u <=> match_of_right(u) == v
  std::uint64_t edges_ = 0;
  // scratch
  std::vector<std::vector<int>> by_value_;  // by_value_[u] = variables with u in their set, u unmatched there
  CsrGraph graph_;
  SccFinder scc_;
  std::vector<int> comp_;
  std::vector<std::uint8_t> reached_;
  std::vector<int> stack_;
  std::vector<std::pair<int, int>> dead_;
};

}  // namespace edgecp
