// Strongly connected components, iterative Tarjan.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace edgecp {

/// A directed graph in compressed sparse rows: successors of v are targets[offsets[v] .. offsets[v+1]).
struct CsrGraph {
  std::vector<int> offsets{0};
  std::vector<int> targets;
  int vertex_count() const { return static_cast<int>(offsets.size()) - 1; }
  void clear() {
    offsets.assign(1, 0);
    targets.clear();
  }
  void add_edge(int to) { targets.push_back(to); }
  void end_vertex() { offsets.push_back(static_cast<int>(targets.size())); }
};

/// Tarjan's algorithm (Tarjan, "Depth-first search and linear graph algorithms", SIAM J. Comput. 1972),
/// with an explicit stack so deep graphs cannot overflow the call stack. O(V + E).
/// Fills comp[v] with a component id; ids are in reverse topological order. Returns the component count.
class SccFinder {
 public:
  int run(const CsrGraph& g, std::vector<int>& comp) {
    const int n = g.vertex_count();
    comp.assign(static_cast<std::size_t>(n), -1);
    index_.assign(static_cast<std::size_t>(n), -1);
    low_.assign(static_cast<std::size_t>(n), 0);
    on_stack_.assign(static_cast<std::size_t>(n), 0);
    stack_.clear();
    frames_.clear();
    int next_index = 0, count = 0;
    for (int root = 0; root < n; ++root) {
      if (index_[static_cast<std::size_t>(root)] >= 0) continue;
      frames_.push_back({root, g.offsets[static_cast<std::size_t>(root)]});
      open(root, next_index);
      while (!frames_.empty()) {
        auto& f = frames_.back();
        const int v = f.v;
        if (f.next < g.offsets[static_cast<std::size_t>(v) + 1]) {
          const int w = g.targets[static_cast<std::size_t>(f.next++)];
          if (index_[static_cast<std::size_t>(w)] < 0) {
            frames_.push_back({w, g.offsets[static_cast<std::size_t>(w)]});
            open(w, next_index);
          } else if (on_stack_[static_cast<std::size_t>(w)]) {
            low_[static_cast<std::size_t>(v)] =
                std::min(low_[static_cast<std::size_t>(v)], index_[static_cast<std::size_t>(w)]);
          }
          continue;
        }
        if (low_[static_cast<std::size_t>(v)] == index_[static_cast<std::size_t>(v)]) {
          int w;
          do {
            w = stack_.back();
            stack_.pop_back();
            on_stack_[static_cast<std::size_t>(w)] = 0;
            comp[static_cast<std::size_t>(w)] = count;
          } while (w != v);
          ++count;
        }
        frames_.pop_back();
        if (!frames_.empty()) {
          const int parent = frames_.back().v;
          low_[static_cast<std::size_t>(parent)] =
              std::min(low_[static_cast<std::size_t>(parent)], low_[static_cast<std::size_t>(v)]);
        }
      }
    }
    return count;
  }

 private:
  struct Frame {
    int v;
    int next;  // next edge index to explore
  };
  void open(int v, int& next_index) {
    index_[static_cast<std::size_t>(v)] = low_[static_cast<std::size_t>(v)] = next_index++;
    stack_.push_back(v);
    on_stack_[static_cast<std::size_t>(v)] = 1;
  }
  std::vector<int> index_, low_, stack_;
  std::vector<std::uint8_t> on_stack_;
  std::vector<Frame> frames_;
};

}  // namespace edgecp
