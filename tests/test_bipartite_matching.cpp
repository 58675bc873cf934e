#include "edgecp/graph/bipartite_matching.hpp"

#include <catch2/catch.hpp>
#include <functional>

#include "edgecp/puzzle/generator.hpp"

using namespace edgecp;

namespace {
using Graph = std::vector<std::vector<int>>;
auto adjacency(const Graph& g) {
  return [&g](int l, auto&& visit) {
    for (int r : g[static_cast<std::size_t>(l)])
      if (visit(r)) return;
  };
}
int brute_max_matching(const Graph& g, int right) {
  std::vector<char> used(static_cast<std::size_t>(right), 0);
  std::function<int(std::size_t)> best = [&](std::size_t l) -> int {
    if (l == g.size()) return 0;
    int b = best(l + 1);  // leave l unmatched
    for (int r : g[l])
      if (!used[static_cast<std::size_t>(r)]) {
        used[static_cast<std::size_t>(r)] = 1;
        b = std::max(b, 1 + best(l + 1));
        used[static_cast<std::size_t>(r)] = 0;
      }
    return b;
  };
  return best(0);
}
Graph random_graph(Rng& rng, int left, int right, int density) {
  Graph g(static_cast<std::size_t>(left));
  for (auto& row : g)
    for (int r = 0; r < right; ++r)
      if (static_cast<int>(rng.below(100)) < density) row.push_back(r);
  return g;
}
}  // namespace

TEST_CASE("augmenting paths find a maximum matching (brute force up to 12+12)", "[bipartite_matching]") {
  Rng rng(11);
  for (int round = 0; round < 400; ++round) {
    const int left = 1 + static_cast<int>(rng.below(12)), right = 1 + static_cast<int>(rng.below(12));
    const Graph g = random_graph(rng, left, right, 10 + static_cast<int>(rng.below(40)));
    BipartiteMatching m(left, right);
    const int size = m.maximize(adjacency(g));
    REQUIRE(size == brute_max_matching(g, right));
    REQUIRE(is_matching(m, adjacency(g)));
    REQUIRE(is_maximum_matching(m, adjacency(g)));
    // warm start: drop some matched edges from the graph, repair, still maximum
    Graph h = g;
    for (auto& row : h)
      if (!row.empty() && rng.below(3) == 0)
        row.erase(row.begin() + static_cast<long>(rng.below(row.size())));
    for (int l = 0; l < left; ++l) {
      const int r = m.match_of_left(l);
      if (r >= 0 && std::find(h[static_cast<std::size_t>(l)].begin(), h[static_cast<std::size_t>(l)].end(),
                              r) == h[static_cast<std::size_t>(l)].end())
        m.unmatch_left(l);
    }
    REQUIRE(m.maximize(adjacency(h)) == brute_max_matching(h, right));
    REQUIRE(is_maximum_matching(m, adjacency(h)));
  }
}

TEST_CASE("the checks reject bad matchings", "[bipartite_matching]") {
  const Graph g{{0, 1}, {0}};
  BipartiteMatching m(2, 2);
  (void)m.augment(0, adjacency(g));  // 0-0 or 0-1
  REQUIRE(is_matching(m, adjacency(g)));
  if (m.match_of_left(0) == 0)
    REQUIRE_FALSE(is_maximum_matching(m, adjacency(g)));  // 1 could take 0 via a path
  const Graph other{{1}, {1}};
  BipartiteMatching full(2, 2);
  (void)full.maximize(adjacency(g));
  REQUIRE(full.size() == 2);
  REQUIRE_FALSE(is_matching(full, adjacency(other)));  // edges not in this graph
}
