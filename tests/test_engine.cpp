#include "edgecp/search/engine.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "support/oracles.hpp"

using namespace edgecp;
using namespace edgecp::test;

TEST_CASE("the propagator registry takes names and strictness from the types", "[engine]") {
  using R = StandardPropagators;
  REQUIRE(R::size == 6);
  REQUIRE(R::names[0] == ForwardChecking<SmallStore>::name);
  REQUIRE(R::names[5] == PieceAllDifferent<SmallStore>::name);
  REQUIRE(R::strict[1] == ArcConsistency<SmallStore>::strict);
  REQUIRE_FALSE(R::strict[5]);  // no piece twice holds under any budget
  const auto on = R::select({"alldiff", "ac"});
  REQUIRE(on == std::array<bool, 6>{false, true, false, false, false, true});
  REQUIRE_THROWS_WITH(R::select({"ac", "magic"}), Catch::Contains("unknown propagator 'magic'"));
  REQUIRE(R::known() == "fc, ac, ac2001, ac3, colour, alldiff");
}

TEST_CASE("choose_engine: the automatic choice and the refused mixtures", "[engine]") {
  EngineRequest r;
  r.mode = SearchMode::best;
  REQUIRE(choose_engine(r) == EngineKind::scan);  // no budget: the default schedule
  for (int which = 0; which < 5; ++which) {       // ... unless a driver option is given
    EngineRequest d = r;
    if (which == 0) d.propagators = std::vector<std::string>{};
    if (which == 1) d.gates = true;
    if (which == 2) d.random = true;
    if (which == 3) d.fix_corner = true;
    if (which == 4) d.order = CellOrder::mrv;
    REQUIRE(choose_engine(d) == EngineKind::driver);
  }
  EngineRequest restarts = r;  // restarts are the scan engine's too
  restarts.restarts = true;
  REQUIRE(choose_engine(restarts) == EngineKind::scan);
  r.budget = MismatchBudget({3});
  REQUIRE(choose_engine(r) == EngineKind::scan);
  r.propagators = std::vector<std::string>{};  // --propagators none
  REQUIRE(choose_engine(r) == EngineKind::scan);
  r.propagators = std::vector<std::string>{"alldiff"};
  REQUIRE(choose_engine(r) == EngineKind::driver);
  r.engine = EngineKind::scan;
  REQUIRE_THROWS_WITH(choose_engine(r), Catch::Contains("without propagators"));
  r.propagators.reset();
  r.order = CellOrder::mrv;
  REQUIRE_THROWS_WITH(choose_engine(r), Catch::Contains("static order"));
  r.order.reset();
  r.gates = true;
  REQUIRE_THROWS_WITH(choose_engine(r), Catch::Contains("driver options"));
  r.gates = false;
  r.mode = SearchMode::count;
  REQUIRE_THROWS_WITH(choose_engine(r), Catch::Contains("only --mode best"));
  r.engine = EngineKind::driver;
  r.threads = true;
  REQUIRE_THROWS_WITH(choose_engine(r), Catch::Contains("--threads runs the scan engine"));
  r.threads = false;
  r.scan_checks = true;
  REQUIRE_THROWS_WITH(choose_engine(r), Catch::Contains("need the scan engine"));
}

TEST_CASE(
    "choose_engine: first and count mode go to the walk (mrv: the exact engine) unless driver options "
    "are given",
    "[engine]") {
  for (SearchMode mode : {SearchMode::first, SearchMode::count}) {
    EngineRequest r;
    r.mode = mode;
    REQUIRE(choose_engine(r) == EngineKind::walk);
    r.fix_corner = true;
    r.order = CellOrder::spiral;
    r.threads = true;
    REQUIRE(choose_engine(r) == EngineKind::walk);  // the walk's options too
    r.order = CellOrder::mrv;
    r.threads = false;
    REQUIRE(choose_engine(r) == EngineKind::exact);  // the walk needs a static order
    EngineRequest w = r;
    w.engine = EngineKind::walk;
    REQUIRE_THROWS_WITH(choose_engine(w), Catch::Contains("static order"));
    w.order = CellOrder::row;
    w.threads = true;
    REQUIRE(choose_engine(w) == EngineKind::walk);
    w.engine = EngineKind::exact;
    REQUIRE_THROWS_WITH(choose_engine(w), Catch::Contains("not the exact engine"));
    for (int which = 0; which < 5; ++which) {
      EngineRequest d = r;
      if (which == 0) d.propagators = std::vector<std::string>{};  // --propagators none: plain backtracking
      if (which == 1) d.gates = true;
      if (which == 2) d.random = true;
      if (which == 3) d.budget = MismatchBudget({5});
      if (which == 4) d.restarts = true;  // the walk does not restart
      REQUIRE(choose_engine(d) == EngineKind::driver);
      d.engine = EngineKind::exact;
      REQUIRE_THROWS_WITH(choose_engine(d), Catch::Contains("driver options"));
      d.engine = EngineKind::walk;
      d.order = CellOrder::row;
      REQUIRE_THROWS_WITH(choose_engine(d), Catch::Contains("driver options"));
    }
  }
  EngineRequest best_walk;
  best_walk.engine = EngineKind::walk;
  REQUIRE_THROWS_WITH(choose_engine(best_walk), Catch::Contains("--mode first or count"));
  EngineRequest best;
  best.engine = EngineKind::exact;
  REQUIRE_THROWS_WITH(choose_engine(best), Catch::Contains("--mode first or count"));
  const Model big(generate({17, 16, 5, 17, 1, false}).puzzle), small = random_model(4, 4, 1, 2, 1);
  REQUIRE(engine_for_puzzle(EngineKind::exact, true, big) == EngineKind::driver);
  REQUIRE_THROWS_WITH(engine_for_puzzle(EngineKind::exact, false, big), Catch::Contains("256 pieces"));
  REQUIRE(engine_for_puzzle(EngineKind::exact, false, small) == EngineKind::exact);
  REQUIRE(engine_for_puzzle(EngineKind::scan, true, big) == EngineKind::scan);
  REQUIRE(engine_for_puzzle(EngineKind::walk, true, big) == EngineKind::driver);
  REQUIRE_THROWS_WITH(engine_for_puzzle(EngineKind::walk, false, big), Catch::Contains("256 pieces"));
  REQUIRE(engine_for_puzzle(EngineKind::walk, false, small) == EngineKind::walk);
}

TEST_CASE("check_budget: indices within the board's cells", "[engine]") {
  const Model m = random_model(3, 3, 2, 2, 4, true);  // 9 cells, one hint: 8 placements
  REQUIRE_NOTHROW(check_budget(MismatchBudget({1, 8, 9}), m));
  REQUIRE_THROWS_WITH(check_budget(MismatchBudget({3, 10}), m), Catch::Contains("index 10"));
  REQUIRE_THROWS_WITH(check_budget(MismatchBudget({0}), m), Catch::Contains("index 0"));
}

TEST_CASE("run_driver picks a domain wide enough and counts what brute force counts", "[engine]") {
  // 3x3: 36 candidates at most (one word), 5x4: up to 80 (four words)
  for (const auto& [w, h] : {std::pair{3, 3}, std::pair{4, 4}, std::pair{5, 4}}) {
    const Model m = random_model(w, h, 2, 4, static_cast<std::uint64_t>(w * 7 + h));
    SearchOptions opt;
    opt.mode = SearchMode::count;
    const auto brute = all_solutions(m).size();
    int configured = 0;
    const SearchResult r = run_driver(m, opt, {"fc", "alldiff"}, [&](auto& solver) {
      REQUIRE(solver.template get<ForwardChecking>() != nullptr);
      REQUIRE(solver.template get<AC3>() == nullptr);
      ++configured;
    });
    REQUIRE(configured == 1);
    REQUIRE(r.solutions == brute);
  }
}

// The two engines under the same budgets, searching exhaustively: the same best score (the oracle's) where a
// complete board within the budget exists, and boards that verify in every case.
TEST_CASE("the driver and the scan engine agree on the best score under the same budgets", "[engine]") {
  const std::vector<std::vector<int>> budgets = {{}, {2}, {4}, {2, 5}, {5, 6, 7}, {1, 2, 3, 4}};
  const CellOrder orders[] = {CellOrder::row, CellOrder::blackwood, CellOrder::spiral, CellOrder::frame};
  int compared = 0, with_complete = 0;
  std::uint64_t seed = 100;
  for (const auto& [w, h] : {std::pair{3, 3}, std::pair{4, 3}, std::pair{3, 4}})
    for (const auto& b : budgets) {
      ++seed;
      const Model m = random_model(w, h, 2, 2, seed, w == 3 && h == 3 && seed % 2 == 0);
      const CellOrder order = orders[seed % 4];
      const MismatchBudget budget(b);
      SearchOptions d;
      d.mode = SearchMode::best;
      d.order = order;
      d.budget = budget;
      const SearchResult dr = run_driver(m, d, {seed % 3 == 0 ? "alldiff" : "fc"});  // fc: switched off
      ScanOptions s;
      s.order = order;
      s.budget = budget;
      s.values = ScanValueOrder::shuffled;
      s.seed = seed;
      s.improve = false;  // kept boards are the placements themselves, as in the driver
      const ScanResult sr = ScanSearch(m, s).run();
      const auto boards = all_budget_boards(m, fill_order(m, order), budget);
      int oracle = -1;
      for (const Board& bd : boards) oracle = std::max(oracle, score(m, bd));
      INFO(m.puzzle().name << " order " << to_string(order) << " budget " << budget.total());
      REQUIRE(dr.status != SearchStatus::limit);
      REQUIRE(sr.status != SearchStatus::limit);
      REQUIRE(dr.board_verified);
      REQUIRE(sr.board_verified);
      REQUIRE((dr.solutions > 0) == !boards.empty());
      REQUIRE((sr.solutions > 0) == !boards.empty());
      if (!boards.empty()) {
        REQUIRE(dr.score == oracle);
        REQUIRE(sr.score == oracle);
        ++with_complete;
      }
      ++compared;
    }
  REQUIRE(compared == 18);
  REQUIRE(with_complete >= 9);
}
