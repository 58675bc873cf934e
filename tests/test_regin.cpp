#include "edgecp/graph/regin.hpp"

#include <catch2/catch.hpp>
#include <functional>
#include <vector>

#include "edgecp/core/rng.hpp"

using namespace edgecp;

namespace {

struct Graph {
  int lefts = 0, rights = 0;
  std::vector<std::vector<char>> edge;  // edge[l][r]
  std::vector<char> must_cover;         // rights every matching must cover
};

/// Every matching that saturates the left side and covers every must_cover right: right of each left.
std::vector<std::vector<int>> all_matchings(const Graph& g) {
  std::vector<std::vector<int>> out;
  std::vector<int> cur(static_cast<std::size_t>(g.lefts), -1);
  std::vector<char> taken(static_cast<std::size_t>(g.rights), 0);
  std::function<void(int)> rec = [&](int l) {
    if (l == g.lefts) {
      for (int r = 0; r < g.rights; ++r)
        if (g.must_cover[static_cast<std::size_t>(r)] && !taken[static_cast<std::size_t>(r)]) return;
      out.push_back(cur);
      return;
    }
    for (int r = 0; r < g.rights; ++r) {
      if (!g.edge[static_cast<std::size_t>(l)][static_cast<std::size_t>(r)] ||
          taken[static_cast<std::size_t>(r)])
        continue;
      taken[static_cast<std::size_t>(r)] = 1;
      cur[static_cast<std::size_t>(l)] = r;
      rec(l + 1);
      taken[static_cast<std::size_t>(r)] = 0;
    }
  };
  rec(0);
  return out;
}

}  // namespace

TEST_CASE("ReginCore keeps exactly the edges of some saturating, covering matching (brute force)",
          "[regin]") {
  Rng rng(11);
  int analysed = 0, pruned = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    Graph g;
    g.lefts = 1 + static_cast<int>(rng.below(5));
    g.rights = g.lefts + static_cast<int>(rng.below(3));
    g.edge.assign(static_cast<std::size_t>(g.lefts),
                  std::vector<char>(static_cast<std::size_t>(g.rights), 0));
    for (auto& row : g.edge)
      for (auto& e : row) e = rng.below(100) < 45 ? 1 : 0;
    g.must_cover.assign(static_cast<std::size_t>(g.rights), 0);
    if (trial % 2)  // half the graphs: some rights must be covered (the colour filter's forced ends)
      for (auto& f : g.must_cover) f = rng.below(100) < 30 ? 1 : 0;
    const auto matchings = all_matchings(g);
    if (matchings.empty()) continue;
    const auto& start = matchings[static_cast<std::size_t>(rng.below(matchings.size()))];
    BipartiteMatching m;
    m.reset(g.lefts, g.rights);
    for (int l = 0; l < g.lefts; ++l) m.match(l, start[static_cast<std::size_t>(l)]);
    ReginCore core;
    auto lefts_of = [&](int r, auto&& visit) {
      for (int l = 0; l < g.lefts; ++l)
        if (g.edge[static_cast<std::size_t>(l)][static_cast<std::size_t>(r)]) visit(l);
    };
    core.analyse(
        m, g.lefts, lefts_of, [&](int r) { return g.must_cover[static_cast<std::size_t>(r)] == 0; },
        [&](auto&& visit) {
          for (int r = 0; r < g.rights; ++r)
            if (m.match_of_right(r) < 0) lefts_of(r, visit);
        });
    ++analysed;
    for (int l = 0; l < g.lefts; ++l)
      for (int r = 0; r < g.rights; ++r) {
        if (!g.edge[static_cast<std::size_t>(l)][static_cast<std::size_t>(r)]) continue;
        bool in_some = false;
        for (const auto& mt : matchings) in_some = in_some || mt[static_cast<std::size_t>(l)] == r;
        INFO("trial " << trial << " edge " << l << "-" << r);
        REQUIRE(core.keeps(l, r) == in_some);
        pruned += in_some ? 0 : 1;
      }
  }
  REQUIRE(analysed > 1000);
  REQUIRE(pruned > 100);  // the oracle's graphs do have edges to remove
}
