#include "edgecp/search/parallel_scan.hpp"

#include <catch2/catch.hpp>
#include <chrono>
#include <set>
#include <thread>

#include "support/oracles.hpp"

using namespace edgecp;
using namespace edgecp::test;

namespace {
ScanOptions limited(std::uint64_t seed) {
  ScanOptions o;
  o.order = CellOrder::row;
  o.budget = MismatchBudget({150, 170, 190});
  o.node_limit = 500'000;
  o.restart_nodes = 100'000;
  o.seed = seed;
  return o;
}
}  // namespace

TEST_CASE("parallel scan: thread 0 is the single-threaded search, threads get distinct seeds",
          "[parallel_scan]") {
  const Model m(generate(GeneratorOptions::e2_like(1)).puzzle);
  const ParallelScanResult p = run_parallel_scan(m, limited(5), 2);
  const ScanResult single = ScanSearch(m, limited(5)).run();
  REQUIRE(p.per_thread.size() == 2);
  CHECK(p.per_thread[0].board == single.board);
  CHECK(p.per_thread[0].placements == single.placements);
  CHECK(p.per_thread[1].placements_by_depth != single.placements_by_depth);
  CHECK(p.placements == p.per_thread[0].placements + p.per_thread[1].placements);
  CHECK(p.best.score == std::max(p.per_thread[0].score, p.per_thread[1].score));
  CHECK(p.best.board_verified);
  CHECK(p.best.score == score(m, p.best.board));
  std::set<std::uint64_t> seeds;
  for (int i = 0; i < 8; ++i) seeds.insert(thread_seed(5, i));
  CHECK(seeds.size() == 8);
}

TEST_CASE("parallel scan: deterministic per seed and thread count under node limits", "[parallel_scan]") {
  const Model m(generate(GeneratorOptions::e2_like(1)).puzzle);
  const ParallelScanResult a = run_parallel_scan(m, limited(9), 3);
  const ParallelScanResult b = run_parallel_scan(m, limited(9), 3);
  CHECK(a.best.board == b.best.board);
  CHECK(a.best_thread == b.best_thread);
  CHECK(a.placements == b.placements);
  CHECK(a.score_history.back().second == a.best.score);
}

TEST_CASE("parallel scan: a slower machine keeps the same boards under node limits", "[parallel_scan]") {
  // Greedy completions and hill climbs are triggered by work, not by the clock: a run whose progress
  // callbacks are slow (as on a loaded or sanitized machine) completes the same partial boards.
  const Model m(generate(GeneratorOptions::e2_like(1)).puzzle);
  ScanOptions fast = limited(4);
  fast.completion_every = 50'000;  // many completions within the run
  ScanOptions slow = fast;
  slow.progress_interval = 0;  // a callback at every clock read, each taking a millisecond
  slow.on_progress = [](const SearchProgress&) { std::this_thread::sleep_for(std::chrono::milliseconds(1)); };
  const ScanResult a = ScanSearch(m, fast).run();
  const ScanResult b = ScanSearch(m, slow).run();  // the callback runs in the searching thread
  CHECK(a.board == b.board);
  CHECK(a.score == b.score);
  CHECK(a.placements == b.placements);
  CHECK(a.restarts == b.restarts);
  CHECK(a.board_verified);
  const ParallelScanResult pa = run_parallel_scan(m, fast, 2);
  const ParallelScanResult pb = run_parallel_scan(m, slow, 2);  // a slow aggregating thread
  CHECK(pa.per_thread[1].board == pb.per_thread[1].board);
  CHECK(pa.best.score == pb.best.score);
}

TEST_CASE("parallel scan: an exception in a thread reaches the caller", "[parallel_scan]") {
  const Model big(generate({17, 16, 5, 17, 1, false}).puzzle);  // 272 pieces: beyond window_fc's 256
  ScanOptions o;
  o.budget = MismatchBudget({200});
  o.window_fc = true;
  o.node_limit = 1000;
  REQUIRE_THROWS_WITH(run_parallel_scan(big, o, 2),
                      Catch::Contains("window_fc supports puzzles of up to 256"));
}

TEST_CASE("parallel scan: a solved puzzle stops every thread", "[parallel_scan]") {
  const Model m(generate({5, 5, 2, 4, 11, false}).puzzle);
  ScanOptions o;
  o.values = ScanValueOrder::shuffled;
  const ParallelScanResult r = run_parallel_scan(m, o, 2);
  CHECK(r.best.status == SearchStatus::solved);
  CHECK(r.best.score == m.geometry().inner_join_count());
}

TEST_CASE("parallel scan: an outside stop flag ends the run", "[parallel_scan]") {
  const Model m(generate(GeneratorOptions::e2_like(1)).puzzle);
  std::atomic<bool> stop{true};
  ScanOptions o = limited(1);
  o.node_limit = 0;  // no limit: only the flag ends it
  o.stop = &stop;
  const ParallelScanResult r = run_parallel_scan(m, o, 2);
  CHECK(r.best.status == SearchStatus::limit);
  CHECK(r.best.board_verified);
}
