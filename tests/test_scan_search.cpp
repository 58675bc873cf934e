#include "edgecp/search/scan_search.hpp"

#include <catch2/catch.hpp>
#include <chrono>
#include <functional>
#include <set>
#include <thread>

#include "support/oracles.hpp"

using namespace edgecp;
using namespace edgecp::test;

namespace {

struct Case {
  Model model;
  MismatchBudget budget;
  CellOrder order;
  int break_sets = 0;  // ScanOptions::break_sets
};

// Small random puzzles (3x3, 4x3, 3x4; few colours, so boards with breaks abound) with small budgets, and 6x3
// ones in tail_columns (the smallest size where it differs from reading order: a 5-column block, then the
// last column; 3 frame and 4 inner colours keep the brute force short). Each case three times: lists only,
// the candidates generated from bit sets where a break is left over the last 4 depths (a walk switches from
// lists to sets), and over every depth (ScanOptions::break_sets).
std::vector<Case> small_cases() {
  std::vector<Case> out;
  const CellOrder orders[] = {CellOrder::row, CellOrder::blackwood, CellOrder::spiral, CellOrder::frame};
  const std::vector<std::vector<int>> budgets = {{}, {1}, {3}, {2, 4}, {4, 4}, {1, 5, 6}, {6, 7, 8}};
  std::uint64_t seed = 1;
  for (const auto& [w, h] : {std::pair{3, 3}, std::pair{4, 3}, std::pair{3, 4}})
    for (const auto& b : budgets) {
      const bool hint = w == 3 && h == 3 && seed % 2 == 0;
      out.push_back({random_model(w, h, 2, 2, seed, hint), MismatchBudget(b), orders[seed % 4]});
      ++seed;
    }
  // 6x3 in tail_columns: placements 7-10 close the inner row's top and left joins, 12-15 its bottom ones, 17
  // its right one (reading order: 8-11, 14-17, 12); on these seeds {8, 12} and {9, 14} let fewer boards
  // through than in reading order
  for (const auto& b : std::vector<std::vector<int>>{{}, {18}, {8, 12}, {9, 14}, {11, 18}})
    out.push_back({random_model(6, 3, 3, 4, seed++), MismatchBudget(b), CellOrder::tail_columns});
  std::vector<Case> all;
  for (const Case& c : out)
    for (int sets : {0, 4, 1000}) {
      all.push_back(c);
      all.back().break_sets = sets;
    }
  return all;
}

// A case's order and budget; kept boards are exactly the placements reached, comparable with the oracle.
ScanOptions oracle_options(const Case& c, bool tighten, ScanValueOrder values = ScanValueOrder::by_id) {
  ScanOptions o;
  o.order = c.order;
  o.budget = c.budget;
  o.break_sets = c.break_sets;
  o.values = values;
  o.tighten = tighten;
  o.improve = false;
  o.colour_bound = 0;  // the walk without it (it subsumes colour_parity); its own test sets it
  o.repair_nodes = 0;  // kept boards are the placements reached and their greedy completions
  o.block_repair_nodes = 0;
  return o;
}

ScanResult exhaustive(const Case& c, bool window_fc, bool parity, bool tighten,
                      ScanValueOrder values = ScanValueOrder::by_id) {
  ScanOptions o = oracle_options(c, tighten, values);
  o.window_fc = window_fc;
  o.colour_parity = parity;
  return ScanSearch(c.model, o).run();
}

int best_of(const Model& m, const std::vector<Board>& boards) {
  int best = -1;
  for (const Board& b : boards) best = std::max(best, score(m, b));
  return best;
}

}  // namespace

TEST_CASE("scan: visits exactly the boards the budget allows (brute force)", "[scan]") {
  for (const Case& c : small_cases()) {
    const auto boards = all_budget_boards(c.model, fill_order(c.model, c.order), c.budget);
    const ScanResult r = exhaustive(c, false, false, false);
    INFO(c.model.puzzle().name << " budget " << c.budget.total() << " order " << to_string(c.order)
                               << " break sets " << c.break_sets);
    CHECK(r.status == SearchStatus::exhausted);
    CHECK(r.solutions == boards.size());
    if (!boards.empty()) {
      CHECK(r.score == best_of(c.model, boards));
      CHECK(r.board_verified);
    }
  }
}

TEST_CASE("scan: exact search (no budget) finds exactly the exact solutions", "[scan]") {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const Case c{random_model(3, 4, 2, 3, seed), MismatchBudget(), CellOrder::row};
    const ScanResult r = exhaustive(c, false, false, false);
    CHECK(r.solutions == all_solutions(c.model).size());
  }
}

TEST_CASE("scan: budget-aware strict checks never lose a reachable board, and prune", "[scan]") {
  std::uint64_t fc_prunes = 0, parity_prunes = 0;
  for (const Case& c : small_cases()) {
    const auto boards = all_budget_boards(c.model, fill_order(c.model, c.order), c.budget);
    for (const auto& [fc, parity] : {std::pair{true, false}, std::pair{false, true}, std::pair{true, true}}) {
      INFO(c.model.puzzle().name << " budget " << c.budget.total() << " break sets " << c.break_sets << " fc "
                                 << fc << " parity " << parity);
      const ScanResult all = exhaustive(c, fc, parity, false);
      CHECK(all.solutions == boards.size());  // every reachable board is still visited
      for (ScanValueOrder v : {ScanValueOrder::shuffled, ScanValueOrder::rare_first}) {
        const ScanResult best = exhaustive(c, fc, parity, true, v);
        if (!boards.empty())
          CHECK(best.score == best_of(c.model, boards));  // the best reachable score is kept
      }
      if (!parity) fc_prunes += all.window_fc_prunes;  // each check alone, so that each must run on its own
      if (!fc) parity_prunes += all.parity_prunes;
    }
  }
  CHECK(fc_prunes > 0);  // the checks do work on these puzzles
  CHECK(parity_prunes > 0);
}

namespace {

/// The nodes of the scan engine's tree, counted independently: every prefix of `order` with each piece once,
/// grey exactly outside (the static domain), joins between frame cells matching and at most budget.allowed(p)
/// mismatches after placement p; from placement bound_from + 1 on, only prefixes whose mismatches plus their
/// colour_mismatch_bound fit the budget at the end.
std::uint64_t reference_nodes(const Model& m, const std::vector<int>& order, const MismatchBudget& budget,
                              int bound_from) {
  const Geometry& g = m.geometry();
  Board b(m.cell_count());
  std::vector<char> used(static_cast<std::size_t>(m.piece_count()), 0);
  for (int c = 0; c < m.cell_count(); ++c)
    if (const int h = m.hint_candidate(c); h >= 0) {
      b.cells[static_cast<std::size_t>(c)] = h;
      used[static_cast<std::size_t>(m.piece_of(h))] = 1;
    }
  const int n = static_cast<int>(order.size()), at_end = budget.allowed(n);
  std::uint64_t nodes = 0;
  std::function<void(int, int)> walk = [&](int i, int breaks) {
    if (i == n) return;
    const int cell = order[static_cast<std::size_t>(i)];
    for (int id = 0; id < m.candidate_count(); ++id) {
      if (!Model::test(m.static_domain(cell), id) || used[static_cast<std::size_t>(m.piece_of(id))]) continue;
      int added = 0;
      bool frame_broken = false;
      for (int s = 0; s < 4; ++s) {
        const int nb = g.neighbour(cell, s);
        const int o = nb < 0 ? -1 : b.cells[static_cast<std::size_t>(nb)];
        if (o < 0 || m.colour(id, s) == m.colour(o, opposite(s))) continue;
        ++added;
        frame_broken = frame_broken || (g.on_frame(cell) && g.on_frame(nb));
      }
      if (frame_broken || breaks + added > budget.allowed(i + 1)) continue;
      b.cells[static_cast<std::size_t>(cell)] = id;
      if (i < bound_from || breaks + added + colour_mismatch_bound(m, b) <= at_end) {
        ++nodes;
        used[static_cast<std::size_t>(m.piece_of(id))] = 1;
        walk(i + 1, breaks + added);
        used[static_cast<std::size_t>(m.piece_of(id))] = 0;
      }
      b.cells[static_cast<std::size_t>(cell)] = -1;
    }
  };
  walk(0, 0);
  return nodes;
}

}  // namespace

TEST_CASE("scan: colour_bound prunes exactly the prefixes the bound condemns (brute force)",
          "[scan][colour_bound]") {
  std::uint64_t pruned = 0;
  for (const Case& c : small_cases()) {
    const std::vector<int> order = fill_order(c.model, c.order);
    const int n = static_cast<int>(order.size());
    const auto boards = all_budget_boards(c.model, order, c.budget);
    for (int last : {0, 3, 1000}) {
      ScanOptions o = oracle_options(c, false);
      o.colour_bound = last;
      const ScanResult r = ScanSearch(c.model, o).run();
      INFO(c.model.puzzle().name << " budget " << c.budget.total() << " order " << to_string(c.order)
                                 << " break sets " << c.break_sets << " colour_bound " << last);
      CHECK(r.placements == reference_nodes(c.model, order, c.budget, last > 0 ? std::max(n - last, 0) : n));
      CHECK(r.solutions == boards.size());  // no board within the budget is lost
      for (ScanValueOrder v : {ScanValueOrder::shuffled, ScanValueOrder::rare_first}) {
        ScanOptions t = oracle_options(c, true, v);
        t.colour_bound = last;
        const ScanResult best = ScanSearch(c.model, t).run();
        if (!boards.empty()) CHECK(best.score == best_of(c.model, boards));
      }
      pruned += r.colour_bound_prunes;
      if (last == 0) CHECK(r.colour_bound_prunes == 0);
    }
  }
  CHECK(pruned > 0);
}

TEST_CASE("scan: the tail repair never loses the best board, and its boards are legal", "[scan][repair]") {
  // Exhaustive runs, and runs cut short by a node limit (the repair then works on a partial board; the
  // walks are the same, as the only completion comes at the end). Once a perfect board is kept, the last
  // completion is skipped: there is nothing left to gain.
  int gains = 0;
  for (const std::uint64_t limit : {std::uint64_t{0}, std::uint64_t{6}, std::uint64_t{20}})
    for (const Case& c : small_cases()) {
      ScanOptions o = oracle_options(c, true);
      o.node_limit = limit;
      const ScanResult plain = ScanSearch(c.model, o).run();
      o.repair_nodes = 1 << 16;
      const ScanResult repaired = ScanSearch(c.model, o).run();
      INFO(c.model.puzzle().name << " budget " << c.budget.total() << " order " << to_string(c.order)
                                 << " node limit " << limit);
      REQUIRE(repaired.board_verified);
      CHECK(repaired.score >= plain.score);  // tightening cuts only boards the kept one beats
      CHECK(repaired.repair_gain >= 0);
      if (plain.score == c.model.geometry().inner_join_count()) CHECK(repaired.repair_placements == 0);
      gains += repaired.repair_gain > 0 ? 1 : 0;
    }
  CHECK(gains > 0);
}

TEST_CASE("scan: the block repair never loses the best board, and its boards are legal", "[scan][repair]") {
  int gains = 0;
  for (const Case& c : small_cases()) {
    ScanOptions o = oracle_options(c, true);
    o.completion_every = 64;  // a completion of the deepest board, and a step of the block repair, often
    const ScanResult plain = ScanSearch(c.model, o).run();
    o.block_repair_nodes = 1 << 16;
    const ScanResult repaired = ScanSearch(c.model, o).run();
    INFO(c.model.puzzle().name << " budget " << c.budget.total() << " order " << to_string(c.order));
    REQUIRE(repaired.board_verified);
    CHECK(repaired.score >= plain.score);            // the same walk: the repair only betters kept boards
    CHECK(repaired.placements <= plain.placements);  // (fewer when a perfect repaired board ends it)
    CHECK(repaired.block_repair_gain >= 0);
    CHECK(plain.block_repair_placements == 0);
    gains += repaired.block_repair_gain > 0 ? 1 : 0;
  }
  CHECK(gains > 0);
}

TEST_CASE("scan: a perfect board from the tail repair ends the run as solved", "[scan][repair]") {
  int by_repair = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const Model m(generate({4, 4, 2, 3, seed, false}).puzzle);  // generated with a solution
    ScanOptions o;
    o.completion_every = 1;  // complete (and repair) the deepest board at every placement
    o.values = ScanValueOrder::by_id;
    o.block_repair_nodes = 0;  // the tail repair's alone
    const ScanResult r = ScanSearch(m, o).run();
    INFO("seed " << seed);
    CHECK(r.status == SearchStatus::solved);
    CHECK(r.score == m.geometry().inner_join_count());
    by_repair += r.solutions == 0 ? 1 : 0;  // solved before any full placement
    o.repair_nodes = 0;
    CHECK(ScanSearch(m, o).run().solutions > 0);  // without it only a full placement solves it here
  }
  CHECK(by_repair > 0);
}

TEST_CASE("scan: tightening keeps the best score and visits fewer boards", "[scan]") {
  for (const Case& c : small_cases()) {
    if (c.budget.total() == 0) continue;
    const ScanResult all = exhaustive(c, false, false, false);
    const ScanResult tight = exhaustive(c, false, false, true);
    CHECK(tight.score == all.score);
    CHECK(tight.solutions <= all.solutions);
    CHECK(tight.placements <= all.placements);
    // Every full placement it visits beats the one before (a cap lowered mid-list holds at once, also for
    // the lists of shallower depths resumed later): at most one per score the budget's boards reach.
    std::set<int> scores;
    for (const Board& b : all_budget_boards(c.model, fill_order(c.model, c.order), c.budget))
      scores.insert(score(c.model, b));
    INFO(c.model.puzzle().name << " budget " << c.budget.total() << " break sets " << c.break_sets);
    CHECK(tight.solutions <= scores.size());
  }
}

TEST_CASE("scan: the best board is complete and verified on the bundled 16x16", "[scan]") {
  const Model m(generate(GeneratorOptions::e2_like(1)).puzzle);
  ScanOptions o;
  o.order = CellOrder::blackwood;
  o.budget = MismatchBudget({150, 160, 170, 180, 190, 200});
  o.node_limit = 3'000'000;
  o.seed = 7;
  const ScanResult r = ScanSearch(m, o).run();
  CHECK(r.status == SearchStatus::limit);
  CHECK(r.board_verified);
  CHECK(r.board.complete());
  CHECK(r.score == score(m, r.board));
  CHECK(r.deepest > 100);
  CHECK(r.placements >= 3'000'000);
  CHECK(!r.score_history.empty());
  CHECK(r.score_history.back().second == r.score);
  std::uint64_t sum = 0;
  for (auto n : r.placements_by_depth) sum += n;
  CHECK(sum == r.placements);
  // [k] counts the placements that made k pieces placed: none at 0, some at the deepest, none deeper
  REQUIRE(r.placements_by_depth.size() == fill_order(m, o.order).size() + 1);  // the cells placed, and 0
  CHECK(r.placements_by_depth[0] == 0);
  CHECK(r.placements_by_depth[static_cast<std::size_t>(r.deepest)] > 0);
  for (std::size_t k = static_cast<std::size_t>(r.deepest) + 1; k < r.placements_by_depth.size(); ++k)
    CHECK(r.placements_by_depth[k] == 0);
}

TEST_CASE("scan: deterministic per seed under a node limit, seeds and restarts change the walk", "[scan]") {
  const Model m(generate(GeneratorOptions::e2_like(1)).puzzle);
  ScanOptions o;
  o.order = CellOrder::row;
  o.budget = MismatchBudget({150, 170, 190});
  o.node_limit = 1'000'000;
  o.restart_nodes = 200'000;
  o.seed = 3;
  const ScanResult a = ScanSearch(m, o).run();
  const ScanResult b = ScanSearch(m, o).run();
  CHECK(a.board == b.board);
  CHECK(a.placements == b.placements);
  CHECK(a.placements_by_depth == b.placements_by_depth);
  CHECK(a.restarts >= 4);
  o.seed = 4;
  const ScanResult c = ScanSearch(m, o).run();
  CHECK(c.placements_by_depth != a.placements_by_depth);
}

TEST_CASE("scan: refuses a dynamic order, and window_fc beyond 256 pieces", "[scan]") {
  ScanOptions o;
  o.order = CellOrder::mrv;
  CHECK_THROWS_AS(ScanSearch(random_model(3, 3, 2, 2, 1), o), std::invalid_argument);
  ScanOptions fc;
  fc.window_fc = true;  // its piece sets hold 256 pieces: a bigger board is refused, not silently unchecked
  CHECK_THROWS_AS(ScanSearch(random_model(17, 16, 3, 5, 1), fc), std::invalid_argument);
  CHECK_NOTHROW(ScanSearch(random_model(16, 16, 3, 5, 1), fc));
}

TEST_CASE("scan: a solvable puzzle without budget is solved", "[scan]") {
  const auto gen = generate({5, 5, 2, 4, 11, false});
  const Model m(gen.puzzle);
  ScanOptions o;
  o.values = ScanValueOrder::shuffled;
  const ScanResult r = ScanSearch(m, o).run();
  CHECK(r.status == SearchStatus::solved);
  CHECK(r.score == m.geometry().inner_join_count());
  CHECK(r.mismatches == 0);
}

namespace {

// The boards of `all` whose every prefix in the fill order meets the quota (independent of the engine).
std::vector<Board> quota_boards(const Case& c, const std::vector<Board>& all, const std::vector<int>& colours,
                                const std::vector<int>& quota) {
  const auto order = fill_order(c.model, c.order);
  std::vector<Board> out;
  for (const Board& b : all) {
    int sides = 0;
    bool ok = true;
    for (std::size_t p = 0; p < order.size() && ok; ++p) {
      const int piece = c.model.piece_of(b.cells[static_cast<std::size_t>(order[p])]);
      sides += favoured_sides(c.model.puzzle().pieces[static_cast<std::size_t>(piece)], colours);
      ok = p >= quota.size() || sides >= quota[p];
    }
    if (ok) out.push_back(b);
  }
  return out;
}

}  // namespace

TEST_CASE("scan: with a quota it visits exactly the budget boards that meet it (brute force)", "[scan]") {
  const std::vector<std::pair<std::vector<int>, std::vector<std::pair<int, int>>>> quotas = {
      {{3}, {{2, 1}, {5, 3}, {8, 5}}}, {{1, 4}, {{3, 2}, {6, 6}}}, {{4}, {}}};
  std::size_t cut = 0, kept = 0;
  for (const Case& c : small_cases())
    for (const auto& [colours, ramp] : quotas) {
      ScanOptions o = oracle_options(c, false);
      o.quota_colours = colours;
      o.quota_ramp = ramp;
      o.quota_adapt = false;  // the quota as given (halving it where it cuts every board is tested below)
      int total = 0;          // favoured sides on the pieces to place (the hint's are not)
      for (const Piece& p : c.model.puzzle().pieces) total += favoured_sides(p, colours);
      for (int cell = 0; cell < c.model.cell_count(); ++cell)
        if (const int h = c.model.hint_candidate(cell); h >= 0)
          total -=
              favoured_sides(c.model.puzzle().pieces[static_cast<std::size_t>(c.model.piece_of(h))], colours);
      const auto order = fill_order(c.model, c.order);
      const int free_cells = static_cast<int>(order.size());
      const auto all = all_budget_boards(c.model, order, c.budget);
      const auto boards = quota_boards(
          c, all, colours,
          quota_by_placement(ramp.empty() ? default_quota_ramp(free_cells, total) : ramp, free_cells));
      INFO(c.model.puzzle().name << " budget " << c.budget.total() << " order " << to_string(c.order)
                                 << " break sets " << c.break_sets << " quota colours " << colours.size()
                                 << " ramp points " << ramp.size());
      for (ScanValueOrder v : {ScanValueOrder::by_id, ScanValueOrder::shuffled, ScanValueOrder::rare_first}) {
        o.values = v;  // the quota's early end of a list must hold in every value order
        o.tighten = false;
        const ScanResult r = ScanSearch(c.model, o).run();
        CHECK(r.status == SearchStatus::exhausted);
        CHECK(r.solutions == boards.size());
        o.tighten = true;  // branch and bound keeps the best board that meets the quota
        const ScanResult best = ScanSearch(c.model, o).run();
        if (!boards.empty()) CHECK(best.score == best_of(c.model, boards));
        if (boards.empty()) CHECK(best.solutions == 0);
      }
      cut += all.size() - boards.size();
      kept += boards.size();
    }
  CHECK(cut > 0);  // the quotas do cut boards off on these puzzles, and leave some
  CHECK(kept > 0);
}

TEST_CASE("scan: a quota ramp without colours is refused", "[scan]") {
  ScanOptions o;
  o.quota_ramp = {{2, 1}};
  CHECK_THROWS_AS(ScanSearch(random_model(3, 3, 2, 2, 1), o), std::invalid_argument);
}

TEST_CASE("scan: the quota halves at its N-th stall with none past, or at one exhausted tree", "[scan]") {
  using Step = QuotaAdapt::Step;
  const int n = GENERATE(1, 4, 12);
  QuotaAdapt a(n);
  REQUIRE(a.stalls_to_halve() == n);
  for (int i = 1; i < n; ++i) CHECK(a.restart_ended(false, false) == Step::keep);
  CHECK(a.restart_ended(false, false) == Step::halve);  // the last stall allowed, none got there: halve
  CHECK(a.halvings() == 1);
  for (int i = 1; i < n; ++i) CHECK(a.restart_ended(false, false) == Step::keep);
  CHECK(a.restart_ended(true, false) == Step::keep);  // the halved quota is met: it stays, whatever follows
  for (int i = 0; i < 4 * n; ++i) CHECK(a.restart_ended(false, false) == Step::keep);
  CHECK(a.halvings() == 1);
  CHECK(a.restart_ended(false, true) == Step::halve);  // but an exhausted tree shows no restart can meet it
  CHECK(a.halvings() == 2);
  CHECK(a.restart_ended(false, true) == Step::halve);  // at once, without stalls counted first
  CHECK(a.halvings() == 3);
  CHECK(a.colour_set() == 0);
  QuotaAdapt b;  // the quota that reaches the first break at once never halves
  CHECK(b.restart_ended(true, false) == Step::keep);
  for (int i = 0; i < 100; ++i) CHECK(b.restart_ended(false, false) == Step::keep);
  CHECK(b.halvings() == 0);
  QuotaAdapt c;  // halvings stop where every quota is 0
  while (c.can_halve()) CHECK(c.restart_ended(false, true) == Step::halve);
  CHECK(c.halvings() == QuotaAdapt::max_halvings);
  CHECK(c.restart_ended(false, true) == Step::keep);
}

TEST_CASE("scan: a stalled quota moves to each fallback's colours in turn, then halves", "[scan]") {
  using Step = QuotaAdapt::Step;
  const int n = GENERATE(1, 4);
  QuotaAdapt a(n, 3);  // the quota's colours and two fallbacks
  for (int set = 1; set <= 2; ++set) {
    for (int i = 1; i < n; ++i) CHECK(a.restart_ended(false, false) == Step::keep);
    CHECK(a.restart_ended(false, false) == Step::next_colours);  // stalls counted afresh for each set
    CHECK(a.colour_set() == set);
    CHECK(a.halvings() == 0);
  }
  CHECK(a.restart_ended(false, true) == Step::halve);  // every set stalled: the quota's own colours halve
  CHECK(a.colour_set() == 0);
  CHECK(a.halvings() == 1);
  for (int i = 1; i < n; ++i) CHECK(a.restart_ended(false, false) == Step::keep);
  CHECK(a.restart_ended(false, false) == Step::halve);  // and halve again: the fallbacks ran at full strength
  CHECK(a.colour_set() == 0);
  CHECK(a.halvings() == 2);
  QuotaAdapt b(n, 2);                                         // a fallback that is met stays
  CHECK(b.restart_ended(false, true) == Step::next_colours);  // an exhausted tree moves on at once
  CHECK(b.restart_ended(true, false) == Step::keep);
  for (int i = 0; i < 4 * n; ++i) CHECK(b.restart_ended(false, false) == Step::keep);
  CHECK(b.colour_set() == 1);
  CHECK(b.halvings() == 0);
}

namespace {
/// A quota that no walk meets and none can exhaust: 160 favoured sides by placement 40 of a 10x10 in
/// reading order (every side of 40 pieces; the first 39 placements are free, far too many to finish), the
/// first break at placement 41. Half of it is out of reach too, so the quota halves at least twice.
ScanOptions stalling_quota_options() {
  ScanOptions o;
  o.order = CellOrder::row;
  o.budget = MismatchBudget({41, 60, 80, 90, 100});
  o.quota_colours = {6};
  o.quota_ramp = {{39, 0}, {40, 160}};
  o.restart_nodes = 40'000;  // a stall ends a restart after 5,000 placements
  o.node_limit = 200'000;
  o.quota_stalls = 4;
  o.improve = false;
  o.repair_nodes = 0;
  o.block_repair_nodes = 0;
  o.seed = 3;
  return o;
}
const Model& stalling_quota_model() {
  static const Model m(generate({10, 10, 3, 6, 7, false}).puzzle);
  return m;
}
}  // namespace

TEST_CASE("scan: a quota that stalls every walk without ending its tree halves at the fourth stall",
          "[scan]") {
  const ScanResult r = ScanSearch(stalling_quota_model(), stalling_quota_options()).run();
  REQUIRE(r.quota_halvings >= 2);  // the case tests what it means to: the quota and its half are out of reach
  CHECK(r.deepest >= 41);          // the quota, halved, let a walk through to the first break
  // every halving came after four stalled restarts (none from an exhausted tree): a rule that halved at the
  // first stall would have met the quota after quota_halvings restarts and then restarted every 40,000
  // placements only, at most 5 more times within the node limit
  CHECK(r.restarts >= 4 * r.quota_halvings);
}

TEST_CASE("scan: walks that reach the first break but never the next one halve the quota", "[scan]") {
  ScanOptions o = stalling_quota_options();
  o.quota_ramp = {{49, 0}, {50, 200}};  // every side of 50 pieces by placement 50: between breaks 41 and 60
  o.node_limit = 400'000;  // restarts that reach placement 41 run their 40,000 placements: ten of them
  const ScanResult r = ScanSearch(stalling_quota_model(), o).run();
  REQUIRE(r.deepest >= 41);      // walks made the first break's placement, which once kept the quota whole
  CHECK(r.quota_halvings >= 1);  // but none passed it
}

TEST_CASE("scan: a quota that stalls every walk moves to a fallback the walks meet, before it halves",
          "[scan]") {
  const Model& m = stalling_quota_model();
  ScanOptions o = stalling_quota_options();
  int sides = 0;  // the sides of the first 40 cells in reading order that face a neighbour: whatever pieces
                  // are placed there show exactly this many coloured sides
  for (int c = 0; c < 40; ++c)
    for (int s = 0; s < 4; ++s) sides += m.geometry().neighbour(c, s) >= 0 ? 1 : 0;
  o.quota_ramp = {{39, 0}, {40, sides}};  // out of reach on colour 6 alone
  std::vector<int> every;
  for (int k = 1; k < m.colour_count(); ++k) every.push_back(k);
  o.quota_fallbacks = {{6, 7}, every};  // a second set out of reach too, then one every walk meets
  const ScanResult r = ScanSearch(m, o).run();
  CHECK(r.quota_colour_set == 2);
  CHECK(r.quota_halvings == 0);
  CHECK(r.deepest >= 41);
  CHECK(r.restarts >= 8);     // four stalls at each set that was out of reach
  o.quota_fallbacks.clear();  // without them the quota halves
  const ScanResult alone = ScanSearch(m, o).run();
  CHECK(alone.quota_colour_set == 0);
  CHECK(alone.quota_halvings >= 1);
  o.quota_fallbacks = {{6, 7}};  // with one out of reach too, the quota's own colours halve after it
  const ScanResult back = ScanSearch(m, o).run();
  CHECK(back.quota_colour_set == 0);
  CHECK(back.quota_halvings >= 1);
  CHECK(back.restarts >= 8);
  o.quota_fallbacks = {{}};  // a fallback needs colours, and a quota to fall back from
  CHECK_THROWS_AS(ScanSearch(m, o), std::invalid_argument);
  o.quota_fallbacks = {every};
  o.quota_adapt = false;  // and a quota that may move on
  CHECK_THROWS_AS(ScanSearch(m, o), std::invalid_argument);
  o.quota_adapt = true;
  o.quota_colours.clear();
  o.quota_ramp.clear();
  CHECK_THROWS_AS(ScanSearch(m, o), std::invalid_argument);
}

TEST_CASE("scan: the stalls that halve the quota are the option's, or a tenth of the run's", "[scan]") {
  ScanOptions o = stalling_quota_options();
  o.quota_stalls = 8;
  const ScanResult eight = ScanSearch(stalling_quota_model(), o).run();
  REQUIRE(eight.quota_halvings >= 2);
  CHECK(eight.restarts >= 8 * eight.quota_halvings);
  o.quota_stalls = 0;  // from the node limit: a tenth of 200,000 placements is four stalls of 5,000
  REQUIRE(quota_stalls_for(o.node_limit, o.time_limit, o.restart_nodes) == 4);
  const ScanResult from_limit = ScanSearch(stalling_quota_model(), o).run();
  o.quota_stalls = 4;
  const ScanResult four = ScanSearch(stalling_quota_model(), o).run();
  CHECK(from_limit.placements == four.placements);
  CHECK(from_limit.restarts == four.restarts);
  CHECK(from_limit.quota_halvings == four.quota_halvings);
  CHECK(from_limit.board.cells == four.board.cells);
  o.quota_stalls = -1;
  CHECK_THROWS_AS(ScanSearch(stalling_quota_model(), o), std::invalid_argument);
}

TEST_CASE("scan: a run with a node limit repeats itself whatever the clock does, stalls included", "[scan]") {
  const ScanOptions a = stalling_quota_options();
  ScanOptions b = a;  // the same run, its first clock reads slowed down: they come at other placement counts
  int slow_reads = 4;
  b.progress_interval = 0;
  b.on_progress = [&slow_reads](const SearchProgress&) {
    if (slow_reads-- > 0) std::this_thread::sleep_for(std::chrono::milliseconds(25));
  };
  const ScanResult ra = ScanSearch(stalling_quota_model(), a).run();
  const ScanResult rb = ScanSearch(stalling_quota_model(), b).run();
  REQUIRE(slow_reads < 0);  // the slow reads happened
  REQUIRE(ra.restarts > ra.quota_halvings);
  CHECK(ra.placements == rb.placements);
  CHECK(ra.restarts == rb.restarts);
  CHECK(ra.quota_halvings == rb.quota_halvings);
  CHECK(ra.placements_by_depth == rb.placements_by_depth);
  CHECK(ra.deepest == rb.deepest);
  CHECK(ra.score == rb.score);
  CHECK(ra.board.cells == rb.board.cells);
}

TEST_CASE("scan: a quota no restart can meet is halved until the walk reaches the first break", "[scan]") {
  const Model m(generate({8, 8, 3, 6, 5, false}).puzzle);
  ScanOptions o;
  o.order = CellOrder::blackwood;
  o.budget = MismatchBudget({40, 50, 60, 61, 62, 63, 64});
  o.quota_colours = {5};
  o.quota_ramp = {{4, 16}};  // 16 favoured sides by placement 4: every side of the first four pieces
  o.restart_nodes = 20'000;
  o.node_limit = 400'000;
  o.improve = false;
  o.repair_nodes = 0;
  o.block_repair_nodes = 0;
  o.quota_adapt = false;
  const ScanResult fixed = ScanSearch(m, o).run();
  CHECK(fixed.quota_halvings == 0);
  CHECK(fixed.deepest < 4);  // the quota as given ends every walk before placement 4
  o.quota_adapt = true;
  const ScanResult adapted = ScanSearch(m, o).run();
  CHECK(adapted.quota_halvings >= 1);
  CHECK(adapted.deepest >= 40);                       // a later restart made the first break's placement
  CHECK(adapted.restarts >= adapted.quota_halvings);  // one halving at most per restart
}

TEST_CASE(
    "scan: completion_slack completes each walk's board while no walk completes one, the walk unchanged",
    "[scan][repair]") {
  const Model m(generate({8, 8, 3, 12, 11, false}).puzzle);  // 12 inner colours: walks end short of the end
  ScanOptions o;
  o.order = CellOrder::row;
  o.budget = MismatchBudget({40, 50});
  o.restart_nodes = 20'000;
  o.node_limit = 600'000;
  o.improve = false;
  o.block_repair_nodes = 0;
  o.completion_slack = 0;
  const ScanResult off = ScanSearch(m, o).run();
  REQUIRE(off.solutions == 0);  // the premise: no walk completes a board
  REQUIRE(off.restarts >= 20);
  o.completion_slack = 6;
  const ScanResult on = ScanSearch(m, o).run();
  CHECK(on.placements_by_depth == off.placements_by_depth);  // completions do not touch the walk
  CHECK(on.restarts == off.restarts);
  CHECK(on.deepest == off.deepest);
  CHECK(on.completions > off.completions);  // walks that ended short of the deepest had theirs completed
  REQUIRE(on.board_verified);
  REQUIRE(off.board_verified);
}

TEST_CASE("scan: completion_slack is off once a walk has completed a board", "[scan][repair]") {
  const Model m(generate({6, 6, 2, 3, 4, false}).puzzle);  // few colours: the first walk completes boards
  ScanOptions o;
  o.order = CellOrder::row;
  o.budget = MismatchBudget({10, 12, 14, 16, 18, 20});
  o.restart_nodes = 5'000;
  o.node_limit = 200'000;
  o.tighten = false;
  o.completion_slack = 0;
  ScanOptions first_walk = o;
  first_walk.node_limit = o.restart_nodes;
  REQUIRE(ScanSearch(m, first_walk).run().solutions > 0);  // the premise: the first walk completes a board
  const ScanResult off = ScanSearch(m, o).run();
  REQUIRE(off.restarts >= 10);
  o.completion_slack = 6;
  const ScanResult on = ScanSearch(m, o).run();
  CHECK(on.completions == off.completions);
  CHECK(on.placements_by_depth == off.placements_by_depth);
  CHECK(on.score == off.score);
  CHECK(on.board.cells == off.board.cells);
}
