// The scan engine: placements per CPU-second on E2 (../shared/data/e2/e2.txt, else the bundled 16x16), one
// thread and several, and what the budget-aware checks cost.
#include <benchmark/benchmark.h>

#include <tuple>
#include <vector>

#include "bench_common.hpp"

namespace {

using namespace edgecp;
using namespace edgecp::bench;

const Model& scan_model() {
  static const Model m =
      have_shared("e2/e2.txt") ? Model(read_puzzle(shared("e2/e2.txt"))) : bundled16_model();
  return m;
}

/// The schedules of docs/journal.md, by the name the benchmarks carry: "default" = the default E2 run (breaks
/// from 180, then one at every placement from 240 on), "ten-breaks" = the cumulative indices 201 ... 239,
/// "no-breaks" = no break at all, "ten-breaks+tail" = the ten then one at every placement from 240 on.
enum class Schedule { default_e2, ten_breaks, ten_breaks_tail, no_breaks };
MismatchBudget schedule(Schedule which) {
  if (which == Schedule::default_e2) {
    std::vector<int> idx{180, 190, 200, 205, 210, 215, 220, 225, 230, 235};
    for (int i = 240; i <= 256; ++i) idx.push_back(i);
    return MismatchBudget(idx);
  }
  if (which == Schedule::ten_breaks || which == Schedule::ten_breaks_tail) {
    std::vector<int> idx{201, 206, 211, 216, 221, 225, 229, 233, 237, 239};
    for (int i = 240; which == Schedule::ten_breaks_tail && i <= 256; ++i) idx.push_back(i);
    return MismatchBudget(idx);
  }
  return MismatchBudget();
}

ScanOptions options(Schedule which, std::uint64_t nodes) {
  ScanOptions o;
  o.order = CellOrder::blackwood;
  o.budget = schedule(which);
  o.node_limit = nodes;
  o.seed = 1;
  // the walk alone, as measured before the colour bound existed: it refuses candidates, which lowers the
  // placements per second while it raises the boards per second that reach the last rows; its worth shows in
  // scores over time (bench/e2_scores.sh), not in 100 M placements (docs/journal.md section 14)
  o.colour_bound = 0;
  // nor the repairs of the kept board (tail and blocks, at every completion tick): their placements are not
  // the walk's, yet their time counted in these rows (about 30% of the no-breaks row's instructions)
  o.repair_nodes = 0;
  o.block_repair_nodes = 0;
  return o;
}

// 100 M placements a run on a schedule, with or without Blackwood's quota on the colours 5, 7, 20 (e2.txt's
// numbering, docs/journal.md section 10), in the blackwood order or another, with the break candidates
// generated from bit sets where few pieces are left (the default) or always walked in the lists. Counter
// placements/s: per CPU-second of this thread.
void scan_placements(benchmark::State& state, Schedule which, bool quota, CellOrder order, bool lists) {
  std::uint64_t placements = 0;
  int deepest = 0;
  for (auto _ : state) {
    ScanOptions o = options(which, 100'000'000);
    o.order = order;
    if (lists) o.break_sets = 0;
    if (quota) o.quota_colours = {5, 7, 20};
    const ScanResult r = ScanSearch(scan_model(), o).run();
    placements += r.placements;
    deepest = std::max(deepest, r.deepest);
  }
  state.counters["placements"] =
      benchmark::Counter(static_cast<double>(placements), benchmark::Counter::kIsRate);
  state.counters["deepest"] = deepest;
}

// Arg threads: 150 M placements per thread on the default schedule. Wall-clock rate (real time): the scaling
// of throughput.
void BM_ScanThreads(benchmark::State& state) {
  std::uint64_t placements = 0;
  for (auto _ : state) {
    const auto r = run_parallel_scan(scan_model(), options(Schedule::default_e2, 150'000'000),
                                     static_cast<int>(state.range(0)));
    placements += r.placements;
  }
  state.counters["placements"] =
      benchmark::Counter(static_cast<double>(placements), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_ScanThreads)
    ->ArgName("threads")
    ->Arg(1)
    ->Arg(2)
    ->UseRealTime()
    ->MeasureProcessCPUTime()
    ->Unit(benchmark::kMillisecond);

// The budget-aware checks (as --scan-checks names them) over 50 M placements, default schedule: the cost per
// placement.
void scan_checks(benchmark::State& state, bool window_fc, bool parity) {
  std::uint64_t placements = 0, prunes = 0;
  for (auto _ : state) {
    ScanOptions o = options(Schedule::default_e2, 50'000'000);
    o.window_fc = window_fc;
    o.colour_parity = parity;
    const ScanResult r = ScanSearch(scan_model(), o).run();
    placements += r.placements;
    prunes += r.window_fc_prunes + r.parity_prunes;
  }
  state.counters["placements"] =
      benchmark::Counter(static_cast<double>(placements), benchmark::Counter::kIsRate);
  state.counters["prunes"] = static_cast<double>(prunes);
}

const bool registered = [] {
  constexpr CellOrder bw = CellOrder::blackwood, tail = CellOrder::tail_columns;
  const std::tuple<const char*, Schedule, bool, CellOrder> schedules[] = {
      {"default", Schedule::default_e2, false, bw},
      {"ten-breaks", Schedule::ten_breaks, false, bw},
      {"no-breaks", Schedule::no_breaks, false, bw},
      {"ten-breaks/quota", Schedule::ten_breaks, true, bw},
      {"ten-breaks+tail/quota", Schedule::ten_breaks_tail, true, bw},
      {"ten-breaks/tail-columns", Schedule::ten_breaks, false, tail},
      {"ten-breaks/quota/tail-columns", Schedule::ten_breaks, true, tail},
      {"ten-breaks+tail/quota/tail-columns", Schedule::ten_breaks_tail, true, tail}};
  for (const auto& [name, which, quota, order] : schedules)
    for (bool lists : {false, true})  // "/lists": the break candidates always walked in the lists, as before
      benchmark::RegisterBenchmark(
          (std::string("BM_ScanPlacements/") + name + (lists ? "/lists" : "")).c_str(), scan_placements,
          which, quota, order, lists)
          ->Unit(benchmark::kMillisecond);
  const std::pair<const char*, std::pair<bool, bool>> checks[] = {{"none", {false, false}},
                                                                  {"window-fc", {true, false}},
                                                                  {"parity", {false, true}},
                                                                  {"window-fc,parity", {true, true}}};
  for (const auto& [name, on] : checks)
    benchmark::RegisterBenchmark((std::string("BM_ScanChecks/") + name).c_str(), scan_checks, on.first,
                                 on.second)
        ->Unit(benchmark::kMillisecond);
  return true;
}();

}  // namespace
