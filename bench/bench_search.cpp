// Whole searches: throughput per propagator set on a fixed node budget, and counting every solution.
#include <benchmark/benchmark.h>

#include "bench_common.hpp"

namespace edgecp::bench {
namespace {

using All = std::array<bool, 6>;  // fc, ac, ac2001, ac3, colour, alldiff
struct Config {
  const char* name;
  All on;
};
const Config kConfigs[] = {
    {"none", {false, false, false, false, false, false}},
    {"fc", {true, false, false, false, false, false}},
    {"ac3", {false, false, false, true, false, false}},
    {"ac2001", {false, false, true, false, false, false}},
    {"ac", {false, true, false, false, false, false}},
    {"ac+colour", {false, true, false, false, true, false}},
    {"ac+alldiff", {false, true, false, false, false, true}},
    {"ac+colour+alldiff", {false, true, false, false, true, true}},
};

template <class Domain>
SearchResult run_search(const Model& m, const SearchOptions& opt, const All& on) {
  Solver<Domain, ForwardChecking, ArcConsistency, AC2001, AC3, ColourMatching, PieceAllDifferent> s(m, opt,
                                                                                                    on);
  return s.run();
}

/// First-solution search on the bundled 16x16, row order, stopped after a fixed number of placements.
void BM_Throughput16(benchmark::State& state) {
  const Config& cfg = kConfigs[state.range(0)];
  state.SetLabel(cfg.name);
  SearchOptions opt;
  opt.mode = SearchMode::first;
  opt.node_limit = static_cast<std::uint64_t>(state.range(1));
  SearchResult r;
  for (auto _ : state) r = run_search<E2Domain>(bundled16_model(), opt, cfg.on);
  state.counters["nodes_per_s"] =
      benchmark::Counter(static_cast<double>(r.placements), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["failures"] = static_cast<double>(r.failures);
  state.counters["deepest"] = r.deepest;
}
BENCHMARK(BM_Throughput16)->ArgsProduct({{0, 1, 2, 3, 4, 5, 6, 7}, {20000}})->Unit(benchmark::kMillisecond);

/// Counting every solution (time and nodes) per propagator set and order.
template <class Domain>
void count_bench(benchmark::State& state, const Model& m, CellOrder order) {
  const Config& cfg = kConfigs[state.range(0)];
  state.SetLabel(std::string(cfg.name) + " " + std::string(to_string(order)));
  SearchOptions opt;
  opt.mode = SearchMode::count;
  opt.order = order;
  SearchResult r;
  for (auto _ : state) r = run_search<Domain>(m, opt, cfg.on);
  state.counters["nodes"] = static_cast<double>(r.placements);
  state.counters["solutions"] = static_cast<double>(r.solutions);
}

void BM_Count05x05_brendan(benchmark::State& state) {
  if (!have_shared("brendan/set1_05x05.txt")) return state.SkipWithError("../shared/data absent");
  static const Model m(read_puzzle(shared("brendan/set1_05x05.txt")));
  count_bench<BitDomain<2>>(state, m, static_cast<CellOrder>(state.range(1)));
}
void BM_Count06x06_brendan(benchmark::State& state) {
  if (!have_shared("brendan/set1_06x06.txt")) return state.SkipWithError("../shared/data absent");
  static const Model m(read_puzzle(shared("brendan/set1_06x06.txt")));
  count_bench<BitDomain<3>>(state, m, static_cast<CellOrder>(state.range(1)));
}
void BM_Count06x06_bundled(benchmark::State& state) {
  static const Model m(read_puzzle(std::string(EDGECP_EXAMPLE_PUZZLES) + "/e2like_6x6.txt"));
  count_bench<BitDomain<3>>(state, m, static_cast<CellOrder>(state.range(1)));
}
const std::vector<std::int64_t> kOrders{static_cast<std::int64_t>(CellOrder::row),
                                        static_cast<std::int64_t>(CellOrder::mrv)};
BENCHMARK(BM_Count05x05_brendan)->ArgsProduct({{0, 1, 4, 6, 7}, kOrders})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Count06x06_bundled)->ArgsProduct({{0, 1, 4, 6, 7}, kOrders})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Count06x06_brendan)
    ->ArgsProduct({{0, 6}, {static_cast<std::int64_t>(CellOrder::row)}})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

/// The exact engine counting every solution: arg 0 = symmetry off/on, arg 1 = order (row, mrv). Next to
/// BM_Count*: the same puzzles, so the ratio to the plain backtracker ("none row") is read in one run.
void exact_bench(benchmark::State& state, const Model& m) {
  ExactOptions opt;
  opt.mode = SearchMode::count;
  opt.symmetry = state.range(0) != 0;
  opt.order = static_cast<CellOrder>(state.range(1));
  state.SetLabel(std::string(opt.symmetry ? "symmetry " : "all ") + std::string(to_string(opt.order)));
  ExactResult r;
  for (auto _ : state) r = run_exact(m, opt);
  state.counters["nodes"] = static_cast<double>(r.placements);
  state.counters["solutions"] = static_cast<double>(r.solutions);
  state.counters["us_per_node"] = r.placements ? 1e6 * r.seconds / static_cast<double>(r.placements) : 0.0;
}
void BM_ExactCount05x05_brendan(benchmark::State& state) {
  if (!have_shared("brendan/set1_05x05.txt")) return state.SkipWithError("../shared/data absent");
  static const Model m(read_puzzle(shared("brendan/set1_05x05.txt")));
  exact_bench(state, m);
}
void BM_ExactCount06x06_bundled(benchmark::State& state) {
  static const Model m(read_puzzle(std::string(EDGECP_EXAMPLE_PUZZLES) + "/e2like_6x6.txt"));
  exact_bench(state, m);
}
void BM_ExactCount06x06_brendan(benchmark::State& state) {
  if (!have_shared("brendan/set1_06x06.txt")) return state.SkipWithError("../shared/data absent");
  static const Model m(read_puzzle(shared("brendan/set1_06x06.txt")));
  exact_bench(state, m);
}
BENCHMARK(BM_ExactCount05x05_brendan)->ArgsProduct({{0, 1}, kOrders})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ExactCount06x06_bundled)->ArgsProduct({{0, 1}, kOrders})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ExactCount06x06_brendan)
    ->ArgsProduct({{0, 1}, {static_cast<std::int64_t>(CellOrder::mrv)}})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace edgecp::bench
