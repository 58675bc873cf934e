#include "edgecp/io/viewer_url.hpp"

#include <catch2/catch.hpp>

#include "edgecp/core/rng.hpp"
#include "edgecp/puzzle/generator.hpp"
#include "support/oracles.hpp"

using namespace edgecp;

namespace {
/// A 2x2 puzzle written by hand: four corners, colours 1..4 inside.
Puzzle two_by_two() {
  Puzzle pz;
  pz.geometry = Geometry(2, 2);
  pz.pieces = {{{0, 1, 2, 0}}, {{0, 0, 3, 1}}, {{2, 4, 0, 0}}, {{3, 0, 0, 4}}};
  return pz;
}
}  // namespace

TEST_CASE("viewer links: a board checked by hand", "[viewer_url]") {
  const Model m(two_by_two());
  Board b(4);
  for (int c = 0; c < 4; ++c) b.cells[static_cast<std::size_t>(c)] = m.candidate_of(c, 0);
  REQUIRE(check_board(m, b).score == 4);
  const std::string url =
      "https://e2.bucas.name/#board_w=2&board_h=2&board_edges=abcaaadbceaadaae&board_pieces=001002003004";
  REQUIRE(viewer_url(m, b) == url);
  REQUIRE(parse_viewer_url(url, m) == b);
  // a partial board: the empty cell is 000 / aaaa
  Board partial = b;
  partial.cells[3] = -1;
  REQUIRE(viewer_url(m, partial, "v?") ==
          "v?board_w=2&board_h=2&board_edges=abcaaadbceaaaaaa&board_pieces=001002003000");
  REQUIRE(parse_viewer_url(viewer_url(m, partial, "v?"), m) == partial);
}

TEST_CASE("viewer links: board -> link -> board is the same board", "[viewer_url]") {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const GeneratedPuzzle g =
        generate({3 + static_cast<int>(seed % 6), 3 + static_cast<int>(seed % 4), 3, 5, seed, seed % 3 == 0});
    const Model m(g.puzzle);
    Board b = g.planted_board(m);
    REQUIRE(parse_viewer_url(viewer_url(m, b), m) == b);
    // hill-climbed, scrambled boards too: any rotation of any piece
    Rng rng(seed);
    for (int k = 0; k < 20; ++k) {
      const auto i = rng.below(static_cast<std::uint64_t>(m.cell_count()));
      const auto j = rng.below(static_cast<std::uint64_t>(m.cell_count()));
      std::swap(b.cells[i], b.cells[j]);
      const int p = m.piece_of(b.cells[i]);
      b.cells[i] = m.candidate_of(p, static_cast<int>(rng.below(4)));
    }
    REQUIRE(parse_viewer_url(viewer_url(m, b), m) == b);
  }
}

TEST_CASE("viewer links: bad links are refused with the parameter and the cell", "[viewer_url]") {
  const Model m(two_by_two());
  const std::string good = "#board_w=2&board_h=2&board_edges=abcaaadbceaadaae&board_pieces=001002003004";
  auto refused = [&](const std::string& url, const std::string& why) {
    INFO(url);
    REQUIRE_THROWS_WITH(parse_viewer_url(url, m), Catch::StartsWith("URL: ") && Catch::Contains(why));
  };
  refused("#board_w=2&board_h=2&board_edges=abcaaadbceaadaae", "no board_pieces");
  refused("#board_w=3&board_h=2&board_edges=abcaaadbceaadaae&board_pieces=001002003004", "3x2 board");
  refused("#board_w=x&board_h=2&board_edges=abcaaadbceaadaae&board_pieces=001002003004", "board_w");
  refused("#board_w=2&board_h=2&board_edges=abcaaadbceaadaa&board_pieces=001002003004", "15 letters");
  refused("#board_w=2&board_h=2&board_edges=abcaaadbceaadaae&board_pieces=00100200300", "11 digits");
  refused("#board_w=2&board_h=2&board_edges=abcaaadbceaadaae&board_pieces=001002003009",
          "piece 9 does not exist");
  refused("#board_w=2&board_h=2&board_edges=abcaaadbceaadaae&board_pieces=0010020030x4", "cell (1, 1)");
  refused("#board_w=2&board_h=2&board_edges=abcaaadbceaadaaf&board_pieces=001002003004",
          "'daaf' is not piece 4 at any rotation at cell (1, 1)");
  // another parameter whose name ends like ours is not taken for it
  REQUIRE_THROWS_AS(parse_viewer_url("#xboard_w=2&board_h=2", m), ParseError);
  REQUIRE(parse_viewer_url("https://x/?motifs_order=ours&" + good.substr(1), m).placed() == 4);
  Puzzle many = two_by_two();
  many.pieces[3].colours[0] = 30;
  many.pieces[0].colours[2] = 30;
  REQUIRE_THROWS_AS(viewer_url(Model(many), Board(4)), std::invalid_argument);
}
