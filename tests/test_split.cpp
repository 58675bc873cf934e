#include "edgecp/search/split.hpp"

#include <catch2/catch.hpp>
#include <set>

#include "edgecp/search/engine.hpp"
#include "support/oracles.hpp"

using namespace edgecp;
using namespace edgecp::test;

namespace {

constexpr std::size_t cap = 20000;  // brute-force solutions enumerated at most

SplitOptions splitting(std::size_t min_subproblems, bool symmetry, CellOrder order = CellOrder::row) {
  SplitOptions o;
  o.order = order;
  o.min_subproblems = min_subproblems;
  o.symmetry = symmetry;
  return o;
}

/// Does the board extend the subproblem (every placement on its cell)?
bool extends(const Model& m, const Board& b, const Subproblem& s) {
  for (const Hint& h : s.placements)
    if (b.cells[static_cast<std::size_t>(m.geometry().cell(h.row, h.col))] !=
        m.candidate_of(h.piece, h.rotation))
      return false;
  return true;
}

std::uint64_t exact_count(const Model& m) {
  ExactOptions o;
  o.mode = SearchMode::count;
  o.symmetry = false;
  return run_exact(m, o).solutions;
}

/// The puzzle's count by the split: the subproblems' exact counts, summed, times the symmetry factor.
std::uint64_t split_total(const Model& m, const SplitPlan& plan) {
  std::uint64_t sum = 0;
  for (const Subproblem& s : plan.subproblems) sum += exact_count(Model(subproblem_puzzle(m.puzzle(), s)));
  return sum * static_cast<std::uint64_t>(plan.symmetry_factor);
}

}  // namespace

TEST_CASE("split: every brute-force solution extends exactly one subproblem (no symmetry)", "[split]") {
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    const Model m = varied_model(seed);
    const auto solutions = all_solutions(m, cap);
    if (solutions.size() == cap) continue;
    for (CellOrder order : {CellOrder::row, CellOrder::spiral, CellOrder::blackwood})
      for (std::size_t want : {1, 7, 50, 1000}) {
        const SplitPlan plan = split_search(m, splitting(want, false, order));
        INFO("seed " << seed << " order " << to_string(order) << " min " << want);
        REQUIRE(plan.symmetry_factor == 1);
        // As deep as asked (or the whole fill order), and every subproblem fixes the same cells.
        REQUIRE(
            (plan.subproblems.size() >= want || plan.depth == static_cast<int>(fill_order(m, order).size())));
        std::set<std::vector<int>> distinct;
        for (const Subproblem& s : plan.subproblems) {
          REQUIRE(static_cast<int>(s.placements.size()) == plan.depth);
          std::vector<int> key;
          for (const Hint& hn : s.placements) key.insert(key.end(), {hn.row, hn.col, hn.piece, hn.rotation});
          distinct.insert(key);
          // consistent: the subproblem is a legal partial board of the puzzle
          Board b = hints_board(m);
          for (const Hint& hn : s.placements)
            b.cells[static_cast<std::size_t>(m.geometry().cell(hn.row, hn.col))] =
                m.candidate_of(hn.piece, hn.rotation);
          const BoardCheck chk = check_board(m, b);
          REQUIRE(chk.ok);
          REQUIRE(chk.mismatches == 0);
        }
        REQUIRE(distinct.size() == plan.subproblems.size());
        for (const Board& sol : solutions) {
          int owners = 0;
          for (const Subproblem& s : plan.subproblems) owners += extends(m, sol, s) ? 1 : 0;
          REQUIRE(owners == 1);
        }
        ++checked;
      }
  }
  REQUIRE(checked > 40);
}

TEST_CASE("split: subproblem counts times the symmetry factor add up to the count", "[split]") {
  int nonzero = 0;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    const Model m = varied_model(seed);
    const int w = m.geometry().width(), h = m.geometry().height();
    const std::size_t expected = all_solutions(m, cap).size();
    if (expected == cap) continue;
    for (bool symmetry : {false, true})
      for (std::size_t want : {1, 20, 300}) {
        const SplitPlan plan = split_search(m, splitting(want, symmetry));
        const bool used = symmetry && seed % 5 != 0;
        INFO("seed " << seed << " symmetry " << symmetry << " min " << want);
        REQUIRE(plan.symmetry_factor == (used ? (w == h ? 4 : 2) : 1));
        REQUIRE(split_total(m, plan) == expected);
      }
    nonzero += expected > 0 ? 1 : 0;
  }
  REQUIRE(nonzero > 10);
}

TEST_CASE("split: any pinned corner piece and reading order add up to the count", "[split]") {
  int nonzero = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const Model m = varied_model(seed);
    const std::size_t expected = all_solutions(m, cap).size();
    if (expected == cap) continue;
    for (int pin = 0; pin < m.piece_count(); ++pin) {
      if (grey_count(m.puzzle().pieces[static_cast<std::size_t>(pin)]) != 2) continue;
      for (CellOrder order : {CellOrder::row, CellOrder::column_br, CellOrder::row_bl}) {
        SplitOptions o = splitting(20, true, order);
        o.pin_piece = pin;
        const SplitPlan plan = split_search(m, o);
        INFO("seed " << seed << " pin " << pin << " order " << to_string(order));
        REQUIRE(split_total(m, plan) == expected);
      }
    }
    nonzero += expected > 0 ? 1 : 0;
  }
  REQUIRE(nonzero > 3);
}

TEST_CASE("split: the driver solves subproblems too, fix_corner as the engines count it", "[split]") {
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const Model m = random_model(4, 3 + static_cast<int>(seed % 2), 2, 3, seed);
    SplitOptions o = splitting(16, true);
    o.fix_corner = true;
    const SplitPlan plan = split_search(m, o);
    REQUIRE(plan.symmetry_factor == 1);
    std::uint64_t sum = 0;
    for (const Subproblem& s : plan.subproblems) {
      SearchOptions d;
      d.mode = SearchMode::count;
      sum += run_driver(Model(subproblem_puzzle(m.puzzle(), s)), d, {"fc"}).solutions;
    }
    ExactOptions e;
    e.mode = SearchMode::count;
    e.fix_corner = true;
    REQUIRE(sum == run_exact(m, e).solutions);
  }
}

TEST_CASE("split: deterministic, bounded, and refuses a dynamic order", "[split]") {
  const Model m = random_model(5, 5, 2, 4, 7);
  const SplitPlan a = split_search(m, splitting(100, true));
  const SplitPlan b = split_search(m, splitting(100, true));
  REQUIRE(a.subproblems == b.subproblems);
  REQUIRE(a.depth == b.depth);
  // a level larger than max_subproblems is never built
  SplitOptions small = splitting(1000000, false);
  small.max_subproblems = 50;
  const SplitPlan c = split_search(m, small);
  REQUIRE(c.subproblems.size() <= 50);
  REQUIRE(!c.subproblems.empty());
  REQUIRE_THROWS_AS(split_search(m, splitting(10, false, CellOrder::mrv)), std::invalid_argument);
}

TEST_CASE("split: the scan engine runs from a subproblem and keeps its placements", "[split][scan_search]") {
  const Model m = random_model(5, 5, 2, 3, 11);
  const SplitPlan plan = split_search(m, splitting(8, false));
  REQUIRE(!plan.subproblems.empty());
  for (const Subproblem& s : plan.subproblems) {
    const Model sub(subproblem_puzzle(m.puzzle(), s));
    ScanOptions o;
    o.budget = MismatchBudget({5, 10, 15, 20, 25});
    o.node_limit = 20000;
    const ScanResult r = ScanSearch(sub, o).run();
    REQUIRE(r.board_verified);  // against the subproblem: its placements are hints there
    REQUIRE(extends(m, r.board, s));
    REQUIRE(check_board(m, r.board).ok);
  }
}
