#include "edgecp/search/completion.hpp"

#include <catch2/catch.hpp>

#include "edgecp/puzzle/generator.hpp"
#include "edgecp/search/cell_order.hpp"

using namespace edgecp;

TEST_CASE("greedy completion fills every empty cell legally and keeps placed ones", "[completion]") {
  Rng rng(4);
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    const auto gen =
        generate({5 + static_cast<int>(seed % 4), 4 + static_cast<int>(seed % 3), 2, 4, seed, seed % 2 == 1});
    const Model m(gen.puzzle);
    Board b = gen.planted_board(m);
    for (auto& c : b.cells)
      if (rng.below(2) == 0 && c != m.hint_candidate(static_cast<int>(&c - b.cells.data()))) c = -1;
    const Board done = complete_greedy(m, b, static_cell_order(m.geometry(), CellOrder::row));
    REQUIRE(done.complete());
    const auto chk = check_board(m, done);
    REQUIRE(chk.ok);
    for (std::size_t c = 0; c < b.cells.size(); ++c)
      if (b.cells[c] >= 0) REQUIRE(done.cells[c] == b.cells[c]);
    REQUIRE(chk.score >= count_joins(m, b).matched);  // joins among kept cells are unchanged
  }
}

TEST_CASE("greedy completion takes, cell by cell, a candidate matching the most placed neighbours",
          "[completion]") {
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const auto gen = generate({4, 4, 2, 3, seed, false});
    const Model m(gen.puzzle);
    const Geometry& g = m.geometry();
    const auto order = static_cell_order(g, CellOrder::spiral);
    const Board done = complete_greedy(m, Board(m.cell_count()), order);
    REQUIRE(check_board(m, done).ok);
    // replay: at each step the chosen candidate's matches with earlier cells are the best any unused piece
    // allowed there could get
    Board partial(m.cell_count());
    std::vector<char> used(static_cast<std::size_t>(m.piece_count()), 0);
    auto matches = [&](int cell, int id) {
      int n = 0;
      for (int s = 0; s < 4; ++s) {
        const int nb = g.neighbour(cell, s);
        if (nb >= 0 && partial.cells[static_cast<std::size_t>(nb)] >= 0 &&
            m.colour(id, s) == m.colour(partial.cells[static_cast<std::size_t>(nb)], opposite(s)))
          ++n;
      }
      return n;
    };
    for (int cell : order) {
      int best = 0;
      for (int id = 0; id < m.candidate_count(); ++id)
        if (Model::test(m.static_domain(cell), id) && !used[static_cast<std::size_t>(m.piece_of(id))])
          best = std::max(best, matches(cell, id));
      const int chosen = done.cells[static_cast<std::size_t>(cell)];
      REQUIRE(matches(cell, chosen) == best);
      partial.cells[static_cast<std::size_t>(cell)] = chosen;
      used[static_cast<std::size_t>(m.piece_of(chosen))] = 1;
    }
  }
}

TEST_CASE("hill climbing keeps the board legal, keeps hints, never lowers the score, and repairs",
          "[completion]") {
  Rng rng(9);
  int total_gain = 0, repaired = 0;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    const auto gen = generate({6, 5, 2, 4, seed, seed % 2 == 1});
    const Model m(gen.puzzle);
    // a complete board from a half-erased planted solution, completed greedily
    Board b = gen.planted_board(m);
    for (std::size_t c = 0; c < b.cells.size(); ++c)
      if (rng.below(2) == 0 && m.hint_candidate(static_cast<int>(c)) < 0) b.cells[c] = -1;
    Board done = complete_greedy(m, b, static_cell_order(m.geometry(), CellOrder::row));
    const int before = score(m, done);
    const int gain = improve_by_swaps(m, done);
    const auto chk = check_board(m, done);
    REQUIRE(chk.ok);
    REQUIRE(done.complete());
    REQUIRE(chk.score == before + gain);
    REQUIRE(gain >= 0);
    for (int c = 0; c < m.cell_count(); ++c)
      if (m.hint_candidate(c) >= 0) REQUIRE(done.cells[static_cast<std::size_t>(c)] == m.hint_candidate(c));
    REQUIRE(improve_by_swaps(m, done) == 0);  // a local optimum: another run finds nothing
    total_gain += gain;
    repaired += chk.score == m.geometry().inner_join_count() ? 1 : 0;
  }
  REQUIRE(total_gain > 0);
  INFO("boards brought back to a perfect score: " << repaired);
}
