#include "edgecp/puzzle/board.hpp"

#include <catch2/catch.hpp>

#include "edgecp/puzzle/generator.hpp"

using namespace edgecp;

TEST_CASE("planted board scores every inner join and passes the checker", "[board]") {
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    auto gen = generate({7, 5, 3, 4, seed, true});
    Model m(gen.puzzle);
    const Board b = gen.planted_board(m);
    const auto chk = check_board(m, b);
    REQUIRE(chk.ok);
    REQUIRE(chk.score == m.geometry().inner_join_count());
    REQUIRE(chk.mismatches == 0);
  }
}

TEST_CASE("checker rejects a piece twice, a broken hint and a broken frame", "[board]") {
  auto gen = generate({4, 4, 2, 3, 5, true});
  Model m(gen.puzzle);
  Board b = gen.planted_board(m);
  SECTION("piece twice") {
    b.cells[0] = b.cells[3];
    REQUIRE_FALSE(check_board(m, b).ok);
  }
  SECTION("hint not respected") {
    const int hc = m.geometry().cell(2, 1);
    b.cells[static_cast<std::size_t>(hc)] = -1;
    REQUIRE_FALSE(check_board(m, b).ok);
  }
  SECTION("frame broken by a rotation") {
    const int id = b.cells[0];
    const auto c = m.candidate(id);
    b.cells[0] = m.candidate_of(c.piece, c.rotation + 1);
    REQUIRE_FALSE(check_board(m, b).ok);
  }
  SECTION("swapping two interior pieces keeps the board legal and the join counts consistent") {
    std::swap(b.cells[5], b.cells[6]);
    const auto chk = check_board(m, b);
    // cell (1,1) and (1,2): only hint (2,1) is fixed, so the swap is legal
    REQUIRE(chk.ok);
    REQUIRE(chk.score + chk.mismatches == m.geometry().inner_join_count());
    REQUIRE(chk.score == count_joins(m, b).matched);
  }
}
