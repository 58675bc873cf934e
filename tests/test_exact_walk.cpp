#include "edgecp/search/exact_walk.hpp"

#include <atomic>
#include <catch2/catch.hpp>
#include <filesystem>

#include "edgecp/io/puzzle_io.hpp"
#include "edgecp/search/solver.hpp"
#include "support/exact_oracles.hpp"
#include "support/oracles.hpp"

using namespace edgecp;
using namespace edgecp::test;

namespace {

constexpr std::size_t cap = 20000;  // brute-force solutions enumerated at most
constexpr std::array<CellOrder, 5> static_orders{CellOrder::row, CellOrder::frame, CellOrder::spiral,
                                                 CellOrder::blackwood, CellOrder::tail_columns};

WalkOptions counting(CellOrder order, bool symmetry, bool lookahead = false) {
  WalkOptions o;
  o.mode = SearchMode::count;
  o.order = order;
  o.symmetry = symmetry;
  o.lookahead = lookahead;
  return o;
}

/// Plain backtracking on the driver (no propagator) over the same order: the tree the walk must search.
SearchResult plain_driver(const Model& m, CellOrder order, bool fix_corner = false) {
  SearchOptions o;
  o.mode = SearchMode::count;
  o.order = order;
  o.fix_corner = fix_corner;
  return Solver<BitDomain<4>>(m, o).run();
}

}  // namespace

TEST_CASE("walk: count mode equals brute force for every static order, symmetry and lookahead",
          "[exact_walk]") {
  int with_solutions = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const Model m = varied_model(seed);  // 3..5 x 3..4, the centre hint on every fifth seed
    const int w = m.geometry().width(), h = m.geometry().height();
    const std::size_t expected = all_solutions(m, cap).size();
    if (expected == cap) continue;  // too many to enumerate
    with_solutions += expected > 0 ? 1 : 0;
    for (CellOrder order : static_orders)
      for (bool symmetry : {false, true})
        for (bool lookahead : {false, true}) {
          const WalkResult r = run_walk(m, counting(order, symmetry, lookahead));
          INFO("seed " << seed << " order " << to_string(order) << " symmetry " << symmetry << " lookahead "
                       << lookahead);
          REQUIRE(r.status == SearchStatus::exhausted);
          REQUIRE(r.solutions == expected);
          const bool used = symmetry && seed % 5 != 0;  // boards with a hint count every solution
          if (expected > 0) REQUIRE(r.symmetry_factor == (used ? (w == h ? 4 : 2) : 1));
          if (expected > 0) REQUIRE(r.board_verified);
        }
  }
  REQUIRE(with_solutions > 15);
}

TEST_CASE("walk: its tree is plain backtracking's, node for node and depth for depth", "[exact_walk]") {
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const Model m = random_model(4 + static_cast<int>(seed % 2), 4, 1 + static_cast<int>(seed % 2), 3, seed,
                                 seed % 4 == 0);
    for (CellOrder order : static_orders) {
      const SearchResult plain = plain_driver(m, order);
      const WalkResult r = run_walk(m, counting(order, false));
      INFO("seed " << seed << " order " << to_string(order));
      REQUIRE(r.solutions == plain.solutions);
      REQUIRE(r.placements == plain.placements);
      REQUIRE(r.placements_by_depth == plain.placements_by_depth);
      REQUIRE(r.deepest == plain.deepest);
    }
    WalkOptions fixed = counting(CellOrder::row, false);
    fixed.fix_corner = true;
    REQUIRE(run_walk(m, fixed).placements == plain_driver(m, CellOrder::row, true).placements);
  }
}

TEST_CASE("walk: the lookahead cuts the tree and never a solution", "[exact_walk]") {
  std::uint64_t pruned = 0;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const Model m = random_model(5, 4, 2, 3, seed);
    const WalkResult plain = run_walk(m, counting(CellOrder::row, false));
    const WalkResult ahead = run_walk(m, counting(CellOrder::row, false, true));
    REQUIRE(ahead.solutions == plain.solutions);
    REQUIRE(ahead.placements <= plain.placements);
    pruned += ahead.lookahead_prunes;
  }
  REQUIRE(pruned > 0);
}

TEST_CASE("walk: fix_corner counts the solutions with the lowest corner piece top-left", "[exact_walk]") {
  check_fix_corner([](const Model& m) {
    WalkOptions o = counting(CellOrder::row, true);
    o.fix_corner = true;
    return run_walk(m, o);
  });
}

TEST_CASE("walk: every reading order and every pinned corner piece counts the same solutions",
          "[exact_walk]") {
  int compared = 0;
  for (std::uint64_t seed = 1; seed <= 24; ++seed) {
    const Model m = varied_model(seed);
    const std::vector<Board> all = all_solutions(m, cap);
    const std::size_t expected = all.size();
    if (expected == cap) continue;
    std::vector<int> corners;
    for (int p = 0; p < m.piece_count(); ++p)
      if (grey_count(m.puzzle().pieces[static_cast<std::size_t>(p)]) == 2) corners.push_back(p);
    for (CellOrder order : reading_orders)
      for (int pin : corners)
        for (bool fix : {false, true}) {
          WalkOptions o = counting(order, true);
          o.pin_piece = pin;
          o.fix_corner = fix;
          const WalkResult r = run_walk(m, o);
          INFO("seed " << seed << " order " << to_string(order) << " pin " << pin << " fix_corner " << fix);
          REQUIRE(r.status == SearchStatus::exhausted);
          if (fix) {  // one corner: the solutions with that piece top-left
            std::size_t with_pin = 0;
            for (const Board& b : all) with_pin += m.piece_of(b.cells[0]) == pin ? 1 : 0;
            REQUIRE(r.solutions == with_pin);
          } else {
            REQUIRE(r.solutions == expected);
          }
          ++compared;
        }
  }
  REQUIRE(compared > 100);
  const Model m = varied_model(1);
  WalkOptions bad = counting(CellOrder::row, true);
  while (grey_count(m.puzzle().pieces[static_cast<std::size_t>(++bad.pin_piece)]) == 2) {
  }
  REQUIRE_THROWS_AS(run_walk(m, bad), std::invalid_argument);
}

TEST_CASE("walk: first mode returns a verified exact board exactly when one exists", "[exact_walk]") {
  check_first_mode([](const Model& m, std::uint64_t seed) {
    WalkOptions o;
    o.mode = SearchMode::first;
    o.order = static_orders[seed % static_orders.size()];
    return run_walk(m, o);
  });
}

TEST_CASE("walk: hints that clash leave no solution, a board of hints only is its own solution",
          "[exact_walk]") {
  const Model m = random_model(3, 3, 1, 2, 3);
  Puzzle pz = m.puzzle();
  const Board sol = all_solutions(m, 1).at(0);
  Puzzle full = pz;
  for (int c = 0; c < m.cell_count(); ++c) {
    const Candidate& k = m.candidate(sol.cells[static_cast<std::size_t>(c)]);
    full.hints.push_back({m.geometry().row(c), m.geometry().col(c), k.piece, k.rotation});
  }
  const WalkResult all = run_walk(Model(full), counting(CellOrder::row, true));
  REQUIRE(all.solutions == 1);
  REQUIRE(all.board_verified);
  // Two hints side by side that do not match: the corner piece of (0, 0) turned away from its place.
  Puzzle clash = pz;
  const Candidate& k0 = m.candidate(sol.cells[0]);
  const Candidate& k1 = m.candidate(sol.cells[1]);
  clash.hints = {{0, 0, k0.piece, k0.rotation}, {0, 1, k1.piece, (k1.rotation + 2) % 4}};
  if (validate(clash).empty()) REQUIRE(run_walk(Model(clash), counting(CellOrder::row, true)).solutions == 0);
}

TEST_CASE("walk: the node limit is exact and stops with status limit", "[exact_walk]") {
  const Model m = random_model(5, 5, 1, 2, 4);  // two inner colours: a wide tree
  WalkOptions o = counting(CellOrder::row, false);
  o.node_limit = 20;
  const WalkResult r = run_walk(m, o);
  REQUIRE(r.status == SearchStatus::limit);
  REQUIRE(r.placements == 20);
  o.node_limit = 21;
  REQUIRE(run_walk(m, o).placements == 21);
  std::atomic<bool> stop{true};
  o.node_limit = 0;
  o.stop = &stop;
  REQUIRE(run_walk(m, o).status == SearchStatus::limit);
}

TEST_CASE("walk: best mode, mrv and puzzles too large are refused", "[exact_walk]") {
  const Model m = random_model(3, 3, 1, 2, 1);
  WalkOptions o;
  o.mode = SearchMode::best;
  REQUIRE_THROWS_AS(run_walk(m, o), std::invalid_argument);
  o.mode = SearchMode::count;
  o.order = CellOrder::mrv;
  REQUIRE_THROWS_AS(run_walk(m, o), std::invalid_argument);
  const Model big(generate({17, 16, 5, 17, 1, false}).puzzle);  // 272 pieces
  REQUIRE(walk_width(big) == 0);
  REQUIRE_THROWS_WITH(run_walk(big, WalkOptions{}), Catch::Contains("256 pieces"));
  REQUIRE(walk_width(Model(generate({16, 16, 5, 17, 1, false}).puzzle)) == 16);
  REQUIRE(walk_width(m) == 3);  // one interior, four edge and four corner pieces: a word for each kind
}

TEST_CASE("walk: Knuth's estimate converges to the tree run() searches", "[exact_walk][estimate]") {
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const Model m = random_model(5, 5, 2, 3, seed);
    for (bool lookahead : {false, true}) {
      WalkOptions o = counting(seed % 2 ? CellOrder::row : CellOrder::spiral, true, lookahead);
      o.seed = seed;
      const WalkResult r = run_walk(m, o);
      const TreeEstimate e = estimate_walk(m, o, 4000);
      INFO("seed " << seed << " nodes " << r.placements << " estimated " << e.nodes << " +- "
                   << e.nodes_error);
      REQUIRE(r.placements > 1000);
      REQUIRE(estimate_agrees(e.nodes, e.nodes_error, static_cast<double>(r.placements)));
      REQUIRE(e.nodes_error < 0.15 * e.nodes);
      REQUIRE(e.symmetry_factor == r.symmetry_factor);
    }
  }
  const Model m = random_model(4, 4, 1, 3, 2);
  WalkOptions o = counting(CellOrder::row, true);
  o.seed = 7;
  REQUIRE(estimate_walk(m, o, 300).nodes == estimate_walk(m, o, 300).nodes);
  std::atomic<bool> stop{true};
  o.stop = &stop;
  REQUIRE(estimate_walk(m, o, 500).probes == 1);  // one probe, then the flag is read
}

TEST_CASE("walk: Brendan's set 1 counts, node for node with plain backtracking", "[exact_walk][shared]") {
  const std::string p5 = shared_data("brendan/set1_05x05.txt"), p6 = shared_data("brendan/set1_06x06.txt"),
                    p74 = shared_data("brendan/set1_07x04.txt");
  if (!std::filesystem::exists(p5)) {
    WARN("shared data absent (" EDGECP_SHARED_DATA "; set EDGECP_SHARED_DATA): skipped");
    return;
  }
  const Model m5(read_puzzle(p5)), m6(read_puzzle(p6)), m74(read_puzzle(p74));
  const WalkResult all5 = run_walk(m5, counting(CellOrder::row, false));
  REQUIRE(all5.solutions == 16);
  REQUIRE(all5.placements == 113'211);  // the data README's plain backtracking nodes
  REQUIRE(run_walk(m5, counting(CellOrder::row, true)).solutions == 16);
  REQUIRE(run_walk(m6, counting(CellOrder::row, true)).solutions == 260);
  WalkOptions fixed = counting(CellOrder::row, true);
  fixed.fix_corner = true;
  const WalkResult r6 = run_walk(m6, fixed);
  REQUIRE(r6.solutions == 65);
  REQUIRE(r6.placements == 14'518'615);  // the data README's figure
  // 7x4: the half-turn symmetry; the reference count is the plain driver's.
  const auto reference = plain_driver(m74, CellOrder::row).solutions;
  REQUIRE(reference > 0);
  REQUIRE(run_walk(m74, counting(CellOrder::row, true)).solutions == reference);
  REQUIRE(run_walk(m74, counting(CellOrder::spiral, false, true)).solutions == reference);
}
