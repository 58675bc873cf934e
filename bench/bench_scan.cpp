// The scan engine: placements per CPU-second on E2 (../shared/data/e2/e2.txt, else the bundled 16x16), one
// thread and several, and what the budget-aware checks cost.
#include <benchmark/benchmark.h>

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

/// The schedules of docs/results.md: 0 = the default E2 run (breaks from 180, then one at every placement
/// from 240 on), 1 = the cumulative indices from 201, 2 = no break at all.
MismatchBudget schedule(int which) {
  if (which == 0) {
    std::vector<int> idx{180, 190, 200, 205, 210, 215, 220, 225, 230, 235};
    for (int i = 240; i <= 256; ++i) idx.push_back(i);
    return MismatchBudget(idx);
  }
  if (which == 1) return MismatchBudget({201, 206, 211, 216, 221, 225, 229, 233, 237, 239});
  return MismatchBudget();
}

ScanOptions options(const benchmark::State& state, std::uint64_t nodes) {
  ScanOptions o;
  o.order = CellOrder::blackwood;
  o.budget = schedule(static_cast<int>(state.range(0)));
  o.node_limit = nodes;
  o.seed = 1;
  return o;
}

// Args: schedule, placements per run. Counter placements/s: per CPU-second of this thread.
void BM_ScanPlacements(benchmark::State& state) {
  std::uint64_t placements = 0;
  int deepest = 0;
  for (auto _ : state) {
    const ScanResult r =
        ScanSearch(scan_model(), options(state, static_cast<std::uint64_t>(state.range(1)))).run();
    placements += r.placements;
    deepest = std::max(deepest, r.deepest);
  }
  state.counters["placements"] =
      benchmark::Counter(static_cast<double>(placements), benchmark::Counter::kIsRate);
  state.counters["deepest"] = deepest;
}
BENCHMARK(BM_ScanPlacements)->ArgsProduct({{0, 1, 2}, {100'000'000}})->Unit(benchmark::kMillisecond);

// Args: schedule, placements per thread, threads. Wall-clock rate (real time): the scaling of throughput.
void BM_ScanThreads(benchmark::State& state) {
  std::uint64_t placements = 0;
  for (auto _ : state) {
    const auto r = run_parallel_scan(scan_model(), options(state, static_cast<std::uint64_t>(state.range(1))),
                                     static_cast<int>(state.range(2)));
    placements += r.placements;
  }
  state.counters["placements"] =
      benchmark::Counter(static_cast<double>(placements), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_ScanThreads)
    ->ArgsProduct({{0}, {150'000'000}, {1, 2}})
    ->UseRealTime()
    ->MeasureProcessCPUTime()
    ->Unit(benchmark::kMillisecond);

// Args: schedule, placements, checks (0 none, 1 window-fc, 2 parity, 3 both): the cost per placement.
void BM_ScanChecks(benchmark::State& state) {
  std::uint64_t placements = 0, prunes = 0;
  for (auto _ : state) {
    ScanOptions o = options(state, static_cast<std::uint64_t>(state.range(1)));
    o.window_fc = (state.range(2) & 1) != 0;
    o.colour_parity = (state.range(2) & 2) != 0;
    const ScanResult r = ScanSearch(scan_model(), o).run();
    placements += r.placements;
    prunes += r.window_fc_prunes + r.parity_prunes;
  }
  state.counters["placements"] =
      benchmark::Counter(static_cast<double>(placements), benchmark::Counter::kIsRate);
  state.counters["prunes"] = static_cast<double>(prunes);
}
BENCHMARK(BM_ScanChecks)->ArgsProduct({{0}, {50'000'000}, {0, 1, 2, 3}})->Unit(benchmark::kMillisecond);

}  // namespace
