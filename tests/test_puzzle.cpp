#include "edgecp/puzzle/puzzle.hpp"

#include <catch2/catch.hpp>

using namespace edgecp;

TEST_CASE("rotation shows colour (s - r) mod 4 on side s", "[puzzle]") {
  const Piece p{{1, 2, 3, 4}};
  REQUIRE(colour_on(p, 0, up) == 1);
  REQUIRE(colour_on(p, 1, up) == 4);
  REQUIRE(colour_on(p, 1, right) == 1);
  REQUIRE(colour_on(p, 2, down) == 1);
  REQUIRE(colour_on(p, 3, left) == 1);
  REQUIRE(colour_on(p, 3, up) == 2);
}

TEST_CASE("geometry: neighbours, classes, joins", "[puzzle]") {
  const Geometry g(12, 6);
  REQUIRE(g.cell_count() == 72);
  REQUIRE(g.inner_join_count() == 2 * 72 - 12 - 6);
  REQUIRE(Geometry(16, 16).inner_join_count() == 480);
  REQUIRE(g.neighbour(0, up) == -1);
  REQUIRE(g.neighbour(0, left) == -1);
  REQUIRE(g.neighbour(0, right) == 1);
  REQUIRE(g.neighbour(0, down) == 12);
  REQUIRE(g.neighbour(71, right) == -1);
  int cls[3] = {0, 0, 0};
  for (int c = 0; c < g.cell_count(); ++c) ++cls[static_cast<int>(g.cell_class(c))];
  REQUIRE(cls[0] == g.corner_count());
  REQUIRE(cls[1] == g.edge_count());
  REQUIRE(cls[2] == g.interior_count());
  for (int c = 0; c < g.cell_count(); ++c)
    for (int s = 0; s < 4; ++s)
      if (const int n = g.neighbour(c, s); n >= 0) REQUIRE(g.neighbour(n, opposite(s)) == c);
}
