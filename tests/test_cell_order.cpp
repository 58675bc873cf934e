#include "edgecp/search/cell_order.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <string_view>
#include <vector>

using namespace edgecp;

TEST_CASE("every static order is a permutation of the cells", "[cell_order]") {
  for (auto [w, h] : {std::pair{2, 2}, {3, 5}, {6, 6}, {12, 6}, {16, 16}, {7, 2}}) {
    const Geometry g(w, h);
    for (CellOrder o :
         {CellOrder::row, CellOrder::frame, CellOrder::spiral, CellOrder::blackwood, CellOrder::tail_columns,
          CellOrder::mrv, CellOrder::row_tr, CellOrder::row_bl, CellOrder::row_br, CellOrder::column,
          CellOrder::column_tr, CellOrder::column_bl, CellOrder::column_br}) {
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

TEST_CASE("cell_order_names: one distinct name per order, every enumerator, the error lists them all",
          "[cell_order]") {
  std::vector<std::string_view> names;
  for (int i = 0; i <= static_cast<int>(CellOrder::column_br); ++i) {  // the last enumerator
    const auto o = static_cast<CellOrder>(i);
    INFO(i);
    REQUIRE(to_string(o) != "?");
    REQUIRE(parse_cell_order(to_string(o)) == o);
    names.push_back(to_string(o));
  }
  REQUIRE(names.size() == cell_order_names.size());
  std::sort(names.begin(), names.end());
  REQUIRE(std::adjacent_find(names.begin(), names.end()) == names.end());
  try {
    (void)parse_cell_order("zigzag");
    FAIL("zigzag parsed");
  } catch (const std::invalid_argument& e) {
    const std::string what = e.what();
    for (std::string_view n : names) CHECK(what.find(std::string(n)) != std::string::npos);
  }
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

TEST_CASE("tail_columns is Blackwood's fill order of the last five rows", "[cell_order]") {
  const Geometry g(16, 16);
  const auto order = static_cell_order(g, CellOrder::tail_columns);
  std::vector<int> position(order.size());
  for (std::size_t i = 0; i < order.size(); ++i)
    position[static_cast<std::size_t>(order[i])] = static_cast<int>(i);
  for (int c = 0; c < 11 * 16; ++c)
    REQUIRE(position[static_cast<std::size_t>(c)] == c);  // rows 0..10: reading
  // rows 11..15: the 5 x 5 block, columns 5..11 top to bottom, then L shapes and a 3 x 2 block at the right
  const int tail[5][16] = {{176, 177, 178, 179, 180, 201, 206, 211, 216, 221, 226, 231, 236, 237, 238, 239},
                           {181, 182, 183, 184, 185, 202, 207, 212, 217, 222, 227, 232, 240, 244, 245, 246},
                           {186, 187, 188, 189, 190, 203, 208, 213, 218, 223, 228, 233, 241, 247, 250, 251},
                           {191, 192, 193, 194, 195, 204, 209, 214, 219, 224, 229, 234, 242, 248, 252, 253},
                           {196, 197, 198, 199, 200, 205, 210, 215, 220, 225, 230, 235, 243, 249, 254, 255}};
  for (int r = 11; r < 16; ++r)
    for (int c = 0; c < 16; ++c) REQUIRE(position[static_cast<std::size_t>(g.cell(r, c))] == tail[r - 11][c]);
}

TEST_CASE("tail_columns places every cell after its top and left neighbours", "[cell_order]") {
  for (auto [w, h] : {std::pair{2, 2}, {3, 5}, {6, 6}, {7, 3}, {9, 7}, {12, 6}, {16, 16}, {5, 12}}) {
    const Geometry g(w, h);
    const auto order = static_cell_order(g, CellOrder::tail_columns);
    std::vector<int> position(order.size());
    for (std::size_t i = 0; i < order.size(); ++i)
      position[static_cast<std::size_t>(order[i])] = static_cast<int>(i);
    INFO(w << "x" << h);
    for (int c = 0; c < g.cell_count(); ++c) {
      if (g.row(c) > 0)
        REQUIRE(position[static_cast<std::size_t>(g.cell(g.row(c) - 1, g.col(c)))] <
                position[static_cast<std::size_t>(c)]);
      if (g.col(c) > 0)
        REQUIRE(position[static_cast<std::size_t>(g.cell(g.row(c), g.col(c) - 1))] <
                position[static_cast<std::size_t>(c)]);
    }
  }
}

TEST_CASE("reading orders: from their corner, along rows or columns, each cell after the two towards it",
          "[cell_order]") {
  for (auto [w, h] : {std::pair{2, 2}, {3, 5}, {7, 7}, {9, 4}}) {
    const Geometry g(w, h);
    REQUIRE(reading_orders.front() == CellOrder::row);
    std::vector<std::vector<int>> seen;
    for (CellOrder o : reading_orders) {
      const auto v = static_cell_order(g, o);
      const std::string name(to_string(o));
      INFO(w << "x" << h << " " << name);
      const bool from_bottom = name.ends_with("-bl") || name.ends_with("-br");
      const bool from_right = name.ends_with("-tr") || name.ends_with("-br");
      const bool by_columns = name.starts_with("column");
      const int start = g.cell(from_bottom ? h - 1 : 0, from_right ? w - 1 : 0);
      REQUIRE(v.front() == start);
      // the second cell is the start's neighbour along the order's direction
      REQUIRE(v[1] ==
              g.neighbour(start, by_columns ? (from_bottom ? up : down) : (from_right ? left : right)));
      std::vector<int> position(static_cast<std::size_t>(g.cell_count()));
      for (std::size_t i = 0; i < v.size(); ++i)
        position[static_cast<std::size_t>(v[i])] = static_cast<int>(i);
      for (int c = 0; c < g.cell_count(); ++c)
        for (int s : {from_bottom ? down : up, from_right ? right : left})  // the sides towards the start
          if (const int n = g.neighbour(c, s); n >= 0)
            REQUIRE(position[static_cast<std::size_t>(n)] < position[static_cast<std::size_t>(c)]);
      seen.push_back(v);
    }
    std::sort(seen.begin(), seen.end());
    REQUIRE(std::adjacent_find(seen.begin(), seen.end()) == seen.end());  // eight different orders
    REQUIRE(static_cell_order(g, CellOrder::row) == static_cell_order(g, CellOrder::mrv));
  }
}
