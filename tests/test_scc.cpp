#include "edgecp/graph/scc.hpp"

#include <catch2/catch.hpp>

#include "edgecp/puzzle/generator.hpp"

using namespace edgecp;

TEST_CASE("Tarjan components equal mutual reachability (brute force)", "[scc]") {
  Rng rng(5);
  SccFinder finder;
  for (int round = 0; round < 500; ++round) {
    const int n = 1 + static_cast<int>(rng.below(14));
    std::vector<std::vector<char>> adj(static_cast<std::size_t>(n),
                                       std::vector<char>(static_cast<std::size_t>(n), 0));
    CsrGraph g;
    const int density = static_cast<int>(rng.below(40));
    for (int u = 0; u < n; ++u) {
      for (int v = 0; v < n; ++v)
        if (static_cast<int>(rng.below(100)) < density) {
          g.add_edge(v);
          adj[static_cast<std::size_t>(u)][static_cast<std::size_t>(v)] = 1;
        }
      g.end_vertex();
    }
    auto reach = adj;  // Warshall closure
    for (int i = 0; i < n; ++i) reach[static_cast<std::size_t>(i)][static_cast<std::size_t>(i)] = 1;
    for (std::size_t k = 0; k < reach.size(); ++k)
      for (std::size_t i = 0; i < reach.size(); ++i)
        for (std::size_t j = 0; j < reach.size(); ++j)
          if (reach[i][k] && reach[k][j]) reach[i][j] = 1;
    std::vector<int> comp;
    const int count = finder.run(g, comp);
    REQUIRE(*std::max_element(comp.begin(), comp.end()) == count - 1);
    for (std::size_t i = 0; i < reach.size(); ++i)
      for (std::size_t j = 0; j < reach.size(); ++j)
        REQUIRE((comp[i] == comp[j]) == (reach[i][j] && reach[j][i]));
  }
}

TEST_CASE("a long path does not overflow (iterative)", "[scc]") {
  CsrGraph g;
  const int n = 200000;
  for (int v = 0; v < n; ++v) {
    g.add_edge((v + 1) % n);  // one big cycle
    g.end_vertex();
  }
  std::vector<int> comp;
  REQUIRE(SccFinder().run(g, comp) == 1);
}
