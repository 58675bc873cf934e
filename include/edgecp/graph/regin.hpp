// Régin's consistency rule for the edges of a bipartite graph, given a matching that saturates the left side.
#pragma once

#include <cstddef>
#include <vector>

#include "edgecp/graph/bipartite_matching.hpp"
#include "edgecp/graph/scc.hpp"

namespace edgecp {

/// Which edges of a bipartite graph (left vertices l, right vertices r) lie in some matching that saturates
/// the left side and keeps every non-releasable right vertex covered, given one such matching.
///
/// Régin, "A filtering algorithm for constraints of difference in CSPs", AAAI 1994, in the single dummy-node
/// form: orient the graph so that an edge l -> w means "w can take l's right vertex", add one node F that
/// stands for every unmatched right vertex (l -> F when l's right vertex is releasable, F -> w when w is
/// adjacent to an unmatched right vertex). By Berge's theorem an unmatched edge (w, r) belongs to such a
/// matching iff w and the holder of r (its matched left vertex, or F when r is unmatched) share a strongly
/// connected component: the alternating cycle through both exists. Reachability from free right vertices,
/// the other half of Régin's rule, is folded into the component of F. Cost O(V + E).
///
/// Scratch only: the graph, the SCC finder and the components are kept to avoid allocation per call.
class ReginCore {
 public:
  /// Analyses a graph of `lefts` left vertices; left vertices with no matched right vertex take no part.
  /// `lefts_of_right(r, visit)` calls visit(l) for every left vertex adjacent to matched right vertex r;
  /// `releasable(r)` says whether matched right vertex r may end unmatched; `lefts_of_free(visit)` calls
  /// visit(l) for every edge (l, r) whose right vertex r is unmatched (each caller knows them cheaply).
  template <class LeftsOfRight, class Releasable, class LeftsOfFree>
  void analyse(const BipartiteMatching& m, int lefts, LeftsOfRight&& lefts_of_right, Releasable&& releasable,
               LeftsOfFree&& lefts_of_free) {
    matching_ = &m;
    free_node_ = lefts;
    graph_.clear();
    for (int l = 0; l < lefts; ++l) {
      if (const int r = m.match_of_left(l); r >= 0) {
        lefts_of_right(r, [&](int w) {
          if (w != l) graph_.add_edge(w);
        });
        if (releasable(r)) graph_.add_edge(free_node_);
      }
      graph_.end_vertex();
    }
    lefts_of_free([&](int w) { graph_.add_edge(w); });
    graph_.end_vertex();
    (void)scc_.run(graph_, comp_);
  }

  /// After analyse(): does edge (l, r) lie in some matching of the kind analysed?
  bool keeps(int l, int r) const {
    if (matching_->match_of_left(l) == r) return true;
    const int owner = matching_->match_of_right(r);
    const int holder = owner >= 0 ? owner : free_node_;
    return comp_[static_cast<std::size_t>(holder)] == comp_[static_cast<std::size_t>(l)];
  }

 private:
  const BipartiteMatching* matching_ = nullptr;
  int free_node_ = 0;  // F: every unmatched right vertex
  CsrGraph graph_;     // left vertices 0..lefts-1, then F
  SccFinder scc_;
  std::vector<int> comp_;
};

}  // namespace edgecp
