#include "edgecp/puzzle/generator.hpp"

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "edgecp/io/puzzle_io.hpp"

using namespace edgecp;

TEST_CASE("same seed, same puzzle, and the planted board verifies", "[generator]") {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    GeneratorOptions o{
        static_cast<int>(3 + seed % 6), static_cast<int>(3 + seed % 4), 3, 5, seed, seed % 2 == 0};
    const auto a = generate(o);
    const auto b = generate(o);
    REQUIRE(a.puzzle.pieces == b.puzzle.pieces);
    REQUIRE(a.puzzle.hints == b.puzzle.hints);
    Model m(a.puzzle);
    const auto chk = check_board(m, a.planted_board(m));
    REQUIRE(chk.ok);
    REQUIRE(chk.score == m.geometry().inner_join_count());
    o.seed += 1000;
    REQUIRE_FALSE(generate(o).puzzle.pieces == a.puzzle.pieces);
  }
}

TEST_CASE("colour ranges: frame colours on frame joins only", "[generator]") {
  const auto gen = generate(GeneratorOptions::e2_like(5));
  Model m(gen.puzzle);
  REQUIRE(m.colour_count() <= 1 + 5 + 17);
  const Board b = gen.planted_board(m);
  const Geometry& g = m.geometry();
  for (int c = 0; c < g.cell_count(); ++c)
    for (int s = 0; s < 4; ++s) {
      const int n = g.neighbour(c, s);
      if (n < 0) continue;
      const int colour = m.colour(b.cells[static_cast<std::size_t>(c)], s);
      const bool frame_join =
          g.on_frame(c) && g.on_frame(n) && g.cell_class(c) != Geometry::CellClass::interior &&
          g.cell_class(n) != Geometry::CellClass::interior &&
          (g.row(c) == g.row(n) ? g.row(c) == 0 || g.row(c) == 15 : g.col(c) == 0 || g.col(c) == 15);
      REQUIRE((colour >= 1 && colour <= 5) == frame_join);
    }
  REQUIRE(gen.puzzle.hints.size() == 1);
  REQUIRE(gen.puzzle.hints[0].row == 8);
  REQUIRE(gen.puzzle.hints[0].col == 7);
}

TEST_CASE("the bundled example puzzles regenerate identically", "[generator]") {
  struct Bundled {
    const char* file;
    GeneratorOptions options;
  };
  const Bundled bundled[] = {{"e2like_4x4.txt", {4, 4, 2, 3, 1, false}},
                             {"e2like_6x6.txt", {6, 6, 3, 7, 1, false}},
                             {"e2like_16x16.txt", GeneratorOptions::e2_like(1)}};
  for (const auto& b : bundled) {
    const std::string path = std::string(EDGECP_EXAMPLE_PUZZLES) + "/" + b.file;
    const Puzzle from_file = read_puzzle(path);
    const Puzzle gen = generate(b.options).puzzle;
    INFO(path);
    REQUIRE(from_file.pieces == gen.pieces);
    REQUIRE(from_file.hints == gen.hints);
  }
}
