// Maximum bipartite matching by augmenting paths, with a warm start, and the checks used by tests and
// debug builds.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace edgecp {

/// A matching between left vertices 0..L-1 and right vertices 0..R-1, grown by augmenting paths
/// (Kuhn's method; Hopcroft & Karp, SIAM J. Comput. 1973, bound the phases: O(E sqrt(V)); one DFS per free
/// vertex is O(V E) worst case and near-linear when warm-started from a nearly maximum matching).
/// Invariant: left_[l] == r <=> right_[r] == l.
/// `Adj` is a callable adj(l, visit) that calls visit(r) for every right neighbour r of l, stopping when
/// visit returns true.
class BipartiteMatching {
 public:
  BipartiteMatching() = default;
  BipartiteMatching(int left, int right) { reset(left, right); }
  void reset(int left, int right) {
    left_.assign(static_cast<std::size_t>(left), -1);
    right_.assign(static_cast<std::size_t>(right), -1);
    seen_.assign(static_cast<std::size_t>(right), 0);
  }

  int left_count() const { return static_cast<int>(left_.size()); }
  int right_count() const { return static_cast<int>(right_.size()); }
  int match_of_left(int l) const { return left_[static_cast<std::size_t>(l)]; }
  int match_of_right(int r) const { return right_[static_cast<std::size_t>(r)]; }
  void unmatch_left(int l) {
    int& r = left_[static_cast<std::size_t>(l)];
    if (r >= 0) right_[static_cast<std::size_t>(r)] = -1;
    r = -1;
  }
  /// Matches l with r, unmatching whatever either was matched to.
  void match(int l, int r) {
    unmatch_left(l);
    if (const int o = right_[static_cast<std::size_t>(r)]; o >= 0) left_[static_cast<std::size_t>(o)] = -1;
    left_[static_cast<std::size_t>(l)] = r;
    right_[static_cast<std::size_t>(r)] = l;
  }
  int size() const {
    int n = 0;
    for (int r : left_) n += r >= 0 ? 1 : 0;
    return n;
  }

  /// Looks for an augmenting path from the free left vertex l; returns true (and augments) if found.
  template <class Adj>
  bool augment(int l, Adj&& adj) {
    if (++stamp_ == 0) {
      std::fill(seen_.begin(), seen_.end(), 0);
      stamp_ = 1;
    }
    return dfs(l, adj);
  }

  /// Augments from every free left vertex; returns the matching size.
  template <class Adj>
  int maximize(Adj&& adj) {
    for (int l = 0; l < left_count(); ++l)
      if (left_[static_cast<std::size_t>(l)] < 0) (void)augment(l, adj);
    return size();
  }

  /// Number of right vertices visited by augmenting searches (work counter).
  std::uint64_t visits() const { return visits_; }

 private:
  template <class Adj>
  bool dfs(int l, Adj& adj) {
    // first a free neighbour (cheap), then recursion through matched ones
    int found = -1;
    adj(l, [&](int r) {
      if (right_[static_cast<std::size_t>(r)] < 0) {
        found = r;
        return true;
      }
      return false;
    });
    if (found < 0) {
      adj(l, [&](int r) {
        auto& s = seen_[static_cast<std::size_t>(r)];
        if (s == stamp_) return false;
        s = stamp_;
        ++visits_;
        if (dfs(right_[static_cast<std::size_t>(r)], adj)) {
          found = r;
          return true;
        }
        return false;
      });
    }
    if (found < 0) return false;
    left_[static_cast<std::size_t>(l)] = found;
    right_[static_cast<std::size_t>(found)] = l;
    return true;
  }

  std::vector<int> left_;            // left_[l] = matched right vertex or -1
  std::vector<int> right_;           // right_[r] = matched left vertex or -1
  std::vector<std::uint32_t> seen_;  // seen_[r] == stamp_ <=> r visited in the current search
  std::uint32_t stamp_ = 0;
  std::uint64_t visits_ = 0;
};

/// Every matched pair is an edge and no vertex is matched twice (both sides agree).
template <class Adj>
bool is_matching(const BipartiteMatching& m, Adj&& adj) {
  for (int l = 0; l < m.left_count(); ++l) {
    const int r = m.match_of_left(l);
    if (r < 0) continue;
    if (r >= m.right_count() || m.match_of_right(r) != l) return false;
    bool edge = false;
    adj(l, [&](int x) { return edge = (x == r); });
    if (!edge) return false;
  }
  for (int r = 0; r < m.right_count(); ++r) {
    const int l = m.match_of_right(r);
    if (l >= 0 && m.match_of_left(l) != r) return false;
  }
  return true;
}

/// A valid matching with no augmenting path (Berge 1957: maximum <=> no augmenting path).
template <class Adj>
bool is_maximum_matching(const BipartiteMatching& m, Adj&& adj) {
  if (!is_matching(m, adj)) return false;
  BipartiteMatching copy = m;
  for (int l = 0; l < copy.left_count(); ++l)
    if (copy.match_of_left(l) < 0 && copy.augment(l, adj)) return false;
  return true;
}

}  // namespace edgecp
