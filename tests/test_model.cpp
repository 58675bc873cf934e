#include "edgecp/puzzle/model.hpp"

#include <catch2/catch.hpp>

#include "edgecp/puzzle/generator.hpp"

using namespace edgecp;

TEST_CASE("symmetric pieces keep one candidate per distinct look", "[model]") {
  Puzzle pz;
  pz.geometry = Geometry(3, 3);
  // corners, edges, and an interior piece symmetric under half turns (5 7 5 7)
  pz.pieces = {{{0, 1, 2, 0}}, {{0, 0, 1, 2}}, {{2, 0, 0, 1}}, {{1, 2, 0, 0}}, {{0, 3, 4, 3}},
               {{0, 3, 4, 3}}, {{0, 3, 4, 3}}, {{0, 3, 4, 3}}, {{5, 7, 5, 7}}};
  Model m(pz);
  REQUIRE(m.end_candidate(8) - m.first_candidate(8) == 2);
  REQUIRE(m.candidate_of(8, 2) == m.candidate_of(8, 0));
  REQUIRE(m.candidate_of(8, 3) == m.candidate_of(8, 1));
  REQUIRE(m.end_candidate(0) - m.first_candidate(0) == 4);
  for (int id = 0; id < m.candidate_count(); ++id) {
    const auto c = m.candidate(id);
    for (int s = 0; s < 4; ++s)
      REQUIRE(m.colour(id, s) == colour_on(pz.pieces[static_cast<std::size_t>(c.piece)], c.rotation, s));
  }
}

TEST_CASE("static domains: grey faces exactly the outside, hints fixed and removed elsewhere", "[model]") {
  auto gen = generate({5, 4, 2, 3, 11, false});
  gen.puzzle.hints.push_back({1, 2, gen.planted[7].piece, gen.planted[7].rotation});
  Model m(gen.puzzle);
  const Geometry& g = m.geometry();
  const int hinted = m.candidate_of(gen.planted[7].piece, gen.planted[7].rotation);
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    for (int id = 0; id < m.candidate_count(); ++id) {
      bool fits = true;
      for (int s = 0; s < 4; ++s) fits = fits && ((m.colour(id, s) == grey) == g.faces_outside(cell, s));
      bool expect = fits && m.piece_of(id) != gen.planted[7].piece;
      if (cell == 7) expect = id == hinted;
      REQUIRE(Model::test(m.static_domain(cell), id) == expect);
    }
  }
  // showing tables
  for (int id = 0; id < m.candidate_count(); ++id)
    for (int s = 0; s < 4; ++s)
      for (int k = 0; k < m.colour_count(); ++k)
        REQUIRE(Model::test(m.showing(s, k), id) == (m.colour(id, s) == k));
}

TEST_CASE("validate reports structural problems", "[model]") {
  auto gen = generate({4, 4, 2, 2, 3, false});
  REQUIRE(validate(gen.puzzle).empty());
  auto bad = gen.puzzle;
  bad.pieces.pop_back();
  REQUIRE_FALSE(validate(bad).empty());
  REQUIRE_THROWS_AS(Model(bad), std::invalid_argument);
}
