#include "edgecp/puzzle/puzzle.hpp"

#include <array>
#include <catch2/catch.hpp>

#include "edgecp/puzzle/generator.hpp"

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

namespace {
// The puzzle with every piece's sides listed in another order: side s of the result is side order[s].
Puzzle reorder_sides(Puzzle pz, std::array<int, 4> order) {
  for (Piece& p : pz.pieces) {
    const Piece was = p;
    for (std::size_t s = 0; s < 4; ++s) p.colours[s] = was.colours[static_cast<std::size_t>(order[s])];
  }
  return pz;
}
}  // namespace

TEST_CASE("unpaired colours: none on a solvable puzzle, turns and mirrors, a wrong side order shows",
          "[puzzle]") {
  int shown = 0, tried = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const Puzzle pz = generate({6 + static_cast<int>(seed % 3), 6, 3, 6, seed, seed % 2 == 0}).puzzle;
    REQUIRE(unpaired_colours(pz).empty());  // the planted board matches every join
    for (std::array<int, 4> turn : {std::array{1, 2, 3, 0}, {2, 3, 0, 1}, {3, 2, 1, 0}, {1, 0, 3, 2}})
      REQUIRE(unpaired_colours(reorder_sides(pz, turn)).empty());  // a turn or a mirror of every piece
    for (std::array<int, 4> wrong : {std::array{0, 1, 3, 2}, {1, 0, 2, 3}, {0, 2, 3, 1}}) {
      const std::vector<int> odd = unpaired_colours(reorder_sides(pz, wrong));
      ++tried;
      shown += odd.empty() ? 0 : 1;
      for (int c : odd) REQUIRE(c > 0);  // a colour of the puzzle, never grey
    }
  }
  REQUIRE(shown > tried / 2);
  Puzzle small = generate({2, 5, 1, 2, 3, false}).puzzle;  // a board 2 wide: edge pieces face edge pieces
  REQUIRE(unpaired_colours(reorder_sides(small, {0, 1, 3, 2})).empty());
}
