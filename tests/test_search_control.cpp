#include "edgecp/search/search_control.hpp"

#include <algorithm>
#include <atomic>

#include <catch2/catch.hpp>
#include <chrono>
#include <set>
#include <thread>
#include <vector>

#include "edgecp/search/scan_search.hpp"
#include "support/oracles.hpp"

using namespace edgecp;
using namespace edgecp::test;

TEST_CASE("fill_order: the static order without hint cells", "[search_control]") {
  const Model m = random_model(3, 3, 2, 2, 4, true);  // the centre hint
  const auto order = fill_order(m, CellOrder::spiral);
  REQUIRE(order.size() == 8);
  std::vector<int> expect;
  for (int c : static_cell_order(m.geometry(), CellOrder::spiral))
    if (c != m.geometry().cell(1, 1)) expect.push_back(c);
  REQUIRE(order == expect);
}

TEST_CASE("seeds: restart 0 and thread 0 run the seed itself, the others differ", "[search_control]") {
  REQUIRE(restart_seed(42, 0) == 42);
  REQUIRE(thread_seed(42, 0) == 42);
  std::set<std::uint64_t> seen;
  for (int i = 0; i < 16; ++i) {
    seen.insert(restart_seed(42, i));
    seen.insert(thread_seed(42, i + 1));
  }
  REQUIRE(seen.size() == 32);
}

TEST_CASE("seeds: every rank's threads and restarts walk from seeds of their own", "[search_control]") {
  REQUIRE(rank_seed(42, 0) == 42);  // rank 0 alone is edgecp-solve
  std::set<std::uint64_t> seen;
  constexpr int ranks = 8, threads = 8, restarts = 64;
  for (int r = 0; r < ranks; ++r)
    for (int t = 0; t < threads; ++t)
      for (int k = 0; k < restarts; ++k) seen.insert(restart_seed(thread_seed(rank_seed(42, r), t), k));
  REQUIRE(seen.size() == std::size_t{ranks * threads * restarts});
}

namespace {
/// Drives a SearchClock like an engine that polls before every placement: the placement counts at which
/// each event happened.
struct Trace {
  std::vector<std::uint64_t> completions, restarts;
  std::uint64_t stopped_at = 0;
};
Trace drive(const SearchControl& c, std::uint64_t completion_every, std::uint64_t max_placements) {
  SearchClock clock(c, completion_every);
  clock.start();
  Trace t;
  for (std::uint64_t p = 0; p < max_placements; ++p) {
    if (p < clock.next_poll()) continue;
    const auto ev = clock.poll(
        p, [&] { t.completions.push_back(p); }, [](double) { return SearchProgress{}; });
    if (ev == SearchClock::Event::stop) {
      t.stopped_at = p;
      break;
    }
    if (ev == SearchClock::Event::restart) {
      t.restarts.push_back(p);
      clock.restarted(p);
    }
  }
  return t;
}
}  // namespace

TEST_CASE("SearchClock: node limit, restarts and completions at exact placement counts", "[search_control]") {
  SearchControl c;
  c.node_limit = 100'000;
  c.restart_nodes = 30'000;
  const Trace t = drive(c, 25'000, 1'000'000);
  REQUIRE(t.stopped_at == 100'000);
  REQUIRE(t.restarts == std::vector<std::uint64_t>{30'000, 60'000, 90'000});
  REQUIRE(t.completions == std::vector<std::uint64_t>{25'000, 50'000, 75'000, 100'000});
  // Clock reads spaced otherwise (a slow progress callback at every read, as on a loaded machine): the same
  // events at the same counts.
  SearchControl slow = c;
  slow.progress_interval = 0;
  slow.on_progress = [](const SearchProgress&) {
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  };
  const Trace again = drive(slow, 25'000, 1'000'000);
  REQUIRE(again.stopped_at == t.stopped_at);
  REQUIRE(again.restarts == t.restarts);
  REQUIRE(again.completions == t.completions);
}

TEST_CASE("SearchClock: the stop flag and a zero time limit stop at the first clock read",
          "[search_control]") {
  std::atomic<bool> flag{true};
  SearchControl c;
  c.stop = &flag;
  REQUIRE(drive(c, 0, 1000).stopped_at == 1);
  SearchControl d;
  d.time_limit = 1e-9;
  REQUIRE(drive(d, 0, 1000).stopped_at == 1);
}

TEST_CASE("SearchClock: expensive placements bring clock reads to every few placements", "[search_control]") {
  // Each placement takes at least 2 ms: a time limit of 0.1 s must stop the walk within a few placements of
  // it (at most 50 fit in 0.1 s), not after the 16,384 placements the cheap-placement spacing allows.
  SearchControl c;
  c.time_limit = 0.1;
  SearchClock clock(c, 0);
  clock.start();
  std::uint64_t p = 0, stopped = 0;
  for (; p < 20'000 && !stopped; ++p) {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    if (p >= clock.next_poll() &&
        clock.poll(
            p, [] {}, [](double) { return SearchProgress{}; }) == SearchClock::Event::stop)
      stopped = p;
  }
  REQUIRE(stopped > 0);
  REQUIRE(stopped <= 60);
}

TEST_CASE("BestBoardKeeper: deepest partial first, completed once, complete boards verified",
          "[search_control]") {
  const GeneratedPuzzle gen = generate({4, 4, 2, 3, 5, false});
  const Model m(gen.puzzle);
  const auto order = fill_order(m, CellOrder::row);
  BestBoardKeeper k(m, order, false);
  REQUIRE_FALSE(k.better_partial(-1, 0));
  REQUIRE(k.better_partial(0, 0));
  Board partial(m.cell_count());
  const Board planted = gen.planted_board(m);
  for (int i = 0; i < 5; ++i)
    partial.cells[static_cast<std::size_t>(order[static_cast<std::size_t>(i)])] =
        planted.cells[static_cast<std::size_t>(order[static_cast<std::size_t>(i)])];
  k.record_partial(5, 0, partial);
  REQUIRE(k.better_partial(6, 3));
  REQUIRE(k.better_partial(5, -1));
  REQUIRE_FALSE(k.better_partial(5, 0));
  REQUIRE_FALSE(k.better_partial(4, 0));
  k.complete_partial(1.0);
  const int first = k.best_score();
  REQUIRE(first >= 0);
  SearchResultCore r;
  k.report(r);
  REQUIRE(r.board_verified);
  REQUIRE(r.score == first);
  REQUIRE(r.best_found_at == 1.0);
  k.complete_partial(2.0);  // nothing new: not completed again
  REQUIRE(k.best_score() == first);
  k.offer(planted, 3.0);  // the perfect board
  REQUIRE(k.best_score() == m.geometry().inner_join_count());
  SearchResultCore r2;
  k.report(r2);
  REQUIRE(r2.board_verified);
  REQUIRE(r2.score == m.geometry().inner_join_count());
  if (first < r2.score) {  // the planted board was the improvement
    REQUIRE(r2.board == planted);
    REQUIRE(r2.score_history.back() == std::pair<double, int>{3.0, r2.score});
  }
}

TEST_CASE("BestBoardKeeper: begin_walk completes the last walk's board and lets the next keep its own",
          "[search_control]") {
  const GeneratedPuzzle gen = generate({6, 6, 3, 9, 5, false});
  const Model m(gen.puzzle);
  const auto order = fill_order(m, CellOrder::row);
  const Board planted = gen.planted_board(m);
  const auto first_cells = [&](int n) {  // the planted board's first n cells of the fill order
    Board b(m.cell_count());
    for (int i = 0; i < n; ++i) {
      const auto c = static_cast<std::size_t>(order[static_cast<std::size_t>(i)]);
      b.cells[c] = planted.cells[c];
    }
    return b;
  };
  BestBoardKeeper k(m, order, false);
  k.record_partial(10, 2, first_cells(10));
  REQUIRE(k.completions() == 0);
  k.begin_walk(3, 1.0);  // the first walk's board is completed now
  REQUIRE(k.completions() == 1);
  REQUIRE(k.best_score() >= 0);
  REQUIRE(k.best_score() < m.geometry().inner_join_count());  // the premise: not solved (then none would be)
  REQUIRE(k.partial_depth() == 10);                           // the deepest of all is still reported
  CHECK_FALSE(k.better_partial(6, 0));                        // below the floor: 10 - 3
  CHECK(k.better_partial(7, 5));                              // this walk has kept nothing yet
  k.record_partial(8, 1, first_cells(8));
  CHECK_FALSE(k.better_partial(8, 1));
  CHECK(k.better_partial(8, 0));
  CHECK(k.better_partial(9, 4));
  REQUIRE(k.partial_depth() == 10);
  k.complete_partial(2.0);
  REQUIRE(k.completions() == 2);  // a board 2 above the deepest, completed too
  k.complete_partial(2.5);
  REQUIRE(k.completions() == 2);  // once
  k.begin_walk(0, 3.0);           // slack 0: back to boards that beat the deepest of all
  REQUIRE(k.completions() == 2);
  CHECK_FALSE(k.better_partial(9, 0));
  CHECK_FALSE(k.better_partial(10, 2));
  CHECK(k.better_partial(10, 1));
  CHECK(k.better_partial(11, 9));
  k.record_partial(12, 3, first_cells(12));
  REQUIRE(k.partial_depth() == 12);
  k.begin_walk(2, 4.0);
  REQUIRE(k.completions() == 3);
  CHECK_FALSE(k.better_partial(9, 0));  // the floor follows the deepest: 12 - 2
  CHECK(k.better_partial(10, 0));
  SearchResultCore r;
  k.report(r);
  REQUIRE(r.board_verified);
}

TEST_CASE(
    "BestBoardKeeper: once the kept board is perfect, a partial board is neither completed nor repaired",
    "[search_control][repair]") {
  const GeneratedPuzzle gen = generate({5, 5, 2, 3, 7, false});
  const Model m(gen.puzzle);
  const auto order = fill_order(m, CellOrder::row);
  for (const bool perfect_first : {false, true}) {
    BestBoardKeeper k(m, order, false, nullptr, TailRepair{1 << 20, 4, 32});
    if (perfect_first) k.offer(gen.planted_board(m), 1.0);
    k.record_partial(3, 0, hints_board(m));  // an empty board: its 25 cells fit the 32-cell repair window
    k.complete_partial(2.0);
    INFO(perfect_first);
    CHECK((k.repaired().nodes == 0) == perfect_first);  // the repair ran only while something was left
    CHECK(k.best_score() >= 0);
  }
}

TEST_CASE("BestBoardKeeper: the block repair betters the kept board a step at a time, each gain kept",
          "[search_control][repair]") {
  int gained = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const Model m = varied_model(seed);
    const auto order = fill_order(m, CellOrder::row);
    const Board start = complete_greedy(m, hints_board(m), order);
    Board expected = start;  // where the repair must end: one step without a budget
    BlockRepair(2, 1 << 30, 1 << 30).step(m, expected);
    std::vector<int> notified;
    const std::function<void(const Board&, int, double)> notify = [&](const Board& b, int sc, double) {
      REQUIRE(check_board(m, b).ok);
      REQUIRE(score(m, b) == sc);
      notified.push_back(sc);
    };
    BestBoardKeeper k(m, order, false, &notify, {}, BlockRepair(2, 1 << 30, 1));
    k.repair_best(0.5);  // nothing kept yet: nothing to repair
    CHECK(k.block_repaired().nodes == 0);
    k.offer(start, 1.0);
    for (int step = 0; step < 1000; ++step) k.repair_best(2.0);  // more steps than blocks and gains
    INFO(m.puzzle().name);
    CHECK(k.best() == expected);
    CHECK(k.best_score() == score(m, expected));
    CHECK(k.block_repaired().gain == score(m, expected) - score(m, start));
    CHECK(notified.back() == k.best_score());
    SearchResultCore r;
    k.report(r);
    REQUIRE(r.board_verified);
    CHECK(r.score_history.back() ==
          std::pair<double, int>{k.best_score() > score(m, start) ? 2.0 : 1.0, k.best_score()});
    gained += k.best_score() > score(m, start) ? 1 : 0;
  }
  CHECK(gained > 0);
}

TEST_CASE("shared best: the scan engine beats the bound it is given, or stops when nothing is left to beat",
          "[search_control][scan_search]") {
  int compared = 0;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    const Model m = edgecp::test::random_model(4, 4, 2, 3, seed);
    ScanOptions o;
    o.budget = MismatchBudget({4, 8, 10, 12, 14, 16});
    o.values = ScanValueOrder::by_id;
    o.improve = false;
    o.repair_nodes = 0;  // kept boards: the placements reached and their greedy completions
    o.block_repair_nodes = 0;
    std::vector<int> improvements;
    o.on_improvement = [&](const Board& b, int sc, double) {
      REQUIRE(check_board(m, b).ok);
      REQUIRE(score(m, b) == sc);
      improvements.push_back(sc);
    };
    const ScanResult alone = ScanSearch(m, o).run();
    REQUIRE(alone.status != SearchStatus::limit);
    REQUIRE(!improvements.empty());
    REQUIRE(std::is_sorted(improvements.begin(), improvements.end()));
    REQUIRE(improvements.back() == alone.score);
    if (alone.solutions == 0) continue;  // no full placement: only completions, which no bound prunes
    // Known elsewhere: one less than this search's best. It finds its best again and publishes it.
    std::atomic<int> known{alone.score - 1};
    o.shared_best = &known;
    o.on_improvement = nullptr;
    const ScanResult bounded = ScanSearch(m, o).run();
    REQUIRE(bounded.score == alone.score);
    REQUIRE(known.load() == alone.score);
    REQUIRE(bounded.placements <= alone.placements);
    // Known elsewhere: the perfect score. Nothing is left to beat: the search stops at its first poll (the
    // first backtrack).
    known = m.geometry().inner_join_count();
    const ScanResult beaten = ScanSearch(m, o).run();
    REQUIRE(beaten.status == SearchStatus::limit);
    REQUIRE(beaten.placements <= static_cast<std::uint64_t>(m.cell_count()));  // one descent at most
    ++compared;
  }
  REQUIRE(compared > 3);
}
