#include "edgecp/propagators/arc_network.hpp"

#include <catch2/catch.hpp>

#include "edgecp/puzzle/generator.hpp"

using namespace edgecp;

TEST_CASE("edge matching: two arcs per join, compatibility is colour equality", "[arc_network]") {
  const Model m(generate({5, 3, 2, 3, 4, false}).puzzle);
  const EdgeMatching em(m);
  const auto arcs = em.arcs();
  REQUIRE(arcs.size() == 2 * static_cast<std::size_t>(m.geometry().inner_join_count()));
  for (const Arc& a : arcs) {
    REQUIRE(m.geometry().neighbour(a.x, a.tag) == a.y);
    for (int p = 0; p < m.candidate_count(); p += 7)
      for (int q = 0; q < m.candidate_count(); q += 5)
        REQUIRE(em.compatible(a, static_cast<std::size_t>(p), static_cast<std::size_t>(q)) ==
                (m.colour(p, a.tag) == m.colour(q, opposite(a.tag))));
  }
}

TEST_CASE("arc queue: no duplicates, reverse arcs, skip", "[arc_network]") {
  const Model m(generate({3, 3, 1, 2, 4, false}).puzzle);
  const auto arcs = EdgeMatching(m).arcs();
  ArcQueue q(arcs, 9);
  for (std::size_t a = 0; a < arcs.size(); ++a) {
    const int r = q.reverse(static_cast<int>(a));
    REQUIRE(r >= 0);
    REQUIRE(arcs[static_cast<std::size_t>(r)].x == arcs[a].y);
    REQUIRE(arcs[static_cast<std::size_t>(r)].y == arcs[a].x);
  }
  q.arcs_into(4);
  q.arcs_into(4);  // already queued
  std::vector<int> popped;
  while (!q.empty()) popped.push_back(q.pop());
  REQUIRE(popped.size() == 4);  // the centre has four neighbours
  for (int a : popped) REQUIRE(arcs[static_cast<std::size_t>(a)].y == 4);
  q.arcs_into(4, popped[0]);
  std::size_t n = 0;
  while (!q.empty()) {
    REQUIRE(q.pop() != popped[0]);
    ++n;
  }
  REQUIRE(n == 3);
}
