#include "edgecp/search/cell_order.hpp"

#include <algorithm>
#include <catch2/catch.hpp>

using namespace edgecp;

TEST_CASE("every static order is a permutation of the cells", "[cell_order]") {
  for (auto [w, h] : {std::pair{2, 2}, {3, 5}, {6, 6}, {12, 6}, {16, 16}, {7, 2}}) {
    const Geometry g(w, h);
    for (CellOrder o :
         {CellOrder::row, CellOrder::frame, CellOrder::spiral, CellOrder::blackwood, CellOrder::mrv}) {
      auto v = static_cell_order(g, o);
      INFO(w << "x" << h << " " << to_string(o));
      REQUIRE(static_cast<int>(v.size()) == g.cell_count());
      std::sort(v.begin(), v.end());
      for (int c = 0; c < g.cell_count(); ++c) REQUIRE(v[static_cast<std::size_t>(c)] == c);
      REQUIRE(parse_cell_order(to_string(o)) == o);
    }
  }
  REQUIRE_THROWS_AS(parse_cell_order("zigzag"), std::invalid_argument);
}

TEST_CASE("frame, spiral and blackwood orders follow their definitions", "[cell_order]") {
  const Geometry g(6, 5);
  const auto frame = static_cell_order(g, CellOrder::frame);
  for (std::size_t i = 0; i < frame.size(); ++i)
    REQUIRE(g.on_frame(frame[i]) == (i < static_cast<std::size_t>(2 * 6 + 2 * 5 - 4)));
  REQUIRE(frame[0] == 0);
  REQUIRE(frame[1] == 1);  // clockwise from the top-left corner
  const auto spiral = static_cell_order(g, CellOrder::spiral);
  for (std::size_t i = 1; i < spiral.size(); ++i) {  // consecutive cells are neighbours within a ring
    const int a = spiral[i - 1], b = spiral[i];
    const bool adjacent = std::abs(g.row(a) - g.row(b)) + std::abs(g.col(a) - g.col(b)) == 1;
    const bool ring_change = std::min({g.row(b), g.col(b), 4 - g.row(b), 5 - g.col(b)}) !=
                             std::min({g.row(a), g.col(a), 4 - g.row(a), 5 - g.col(a)});
    REQUIRE((adjacent || ring_change));
  }
  const auto bw = static_cell_order(g, CellOrder::blackwood);
  for (int i = 0; i < 18; ++i) REQUIRE(bw[static_cast<std::size_t>(i)] == i);  // rows 0..2 in reading order
  REQUIRE(bw[18] == g.cell(3, 0));
  REQUIRE(bw[19] == g.cell(4, 0));
  REQUIRE(bw[20] == g.cell(3, 1));
}
