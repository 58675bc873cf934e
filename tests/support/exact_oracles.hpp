// Brute-force checks shared by the exact engines (the exact engine, the walk): a fixed corner's count and
// first mode, each against every solution of small random puzzles.
#pragma once

#include <catch2/catch.hpp>

#include "support/oracles.hpp"

namespace edgecp::test {

/// Brute-force solutions (at most `cap` enumerated) with the lowest-numbered corner piece top-left.
inline std::size_t solutions_with_corner_fixed(const Model& m, std::size_t cap) {
  int corner_piece = -1;
  for (int p = 0; p < m.piece_count() && corner_piece < 0; ++p)
    if (grey_count(m.puzzle().pieces[static_cast<std::size_t>(p)]) == 2) corner_piece = p;
  std::size_t n = 0;
  for (const Board& b : all_solutions(m, cap)) n += m.piece_of(b.cells[0]) == corner_piece ? 1 : 0;
  return n;
}

/// `count(m)` (an engine counting with fix_corner on) counts the brute-force solutions with the lowest corner
/// piece top-left, with symmetry factor 1, on 20 random 4x3 and 4x4 puzzles.
template <class Count>
void check_fix_corner(Count&& count) {
  constexpr std::size_t cap = 20000;
  int nonzero = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const Model m = random_model(4, 3 + static_cast<int>(seed % 2), 2, 3, seed);
    const auto r = count(m);
    REQUIRE(r.symmetry_factor == 1);
    if (all_solutions(m, cap).size() == cap) continue;
    REQUIRE(r.solutions == solutions_with_corner_fixed(m, cap));
    nonzero += r.solutions > 0 ? 1 : 0;
  }
  REQUIRE(nonzero > 5);
}

/// `first(m, seed)` (an engine in first mode) returns a verified exact board exactly when one exists, on 30
/// random puzzles (4x4 and 5x4, every third with the centre hint).
template <class First>
void check_first_mode(First&& first) {
  int found = 0;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    const Model m = random_model(4 + static_cast<int>(seed % 2), 4, 1 + static_cast<int>(seed % 2), 3, seed,
                                 seed % 3 == 0);
    const auto r = first(m, seed);
    const bool exists = !all_solutions(m, 1).empty();
    REQUIRE((r.status == SearchStatus::solved) == exists);
    REQUIRE(r.board_verified == exists);
    if (exists) {
      REQUIRE(r.solutions == 1);
      REQUIRE(check_board(m, r.board).score == m.geometry().inner_join_count());
      ++found;
    }
  }
  REQUIRE(found > 10);
}

}  // namespace edgecp::test
