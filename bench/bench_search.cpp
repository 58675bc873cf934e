// Whole searches: throughput per propagator set on a fixed node budget, and counting every solution.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <string_view>

#include "bench_common.hpp"

namespace edgecp::bench {
namespace {

using All = std::array<bool, 6>;  // fc, ac, ac2001, ac3, colour, alldiff
struct Config {
  const char* name;
  All on;
};
// Named as --propagators takes them.
const Config kConfigs[] = {
    {"none", {false, false, false, false, false, false}},
    {"fc", {true, false, false, false, false, false}},
    {"ac3", {false, false, false, true, false, false}},
    {"ac2001", {false, false, true, false, false, false}},
    {"ac", {false, true, false, false, false, false}},
    {"ac,colour", {false, true, false, false, true, false}},
    {"ac,alldiff", {false, true, false, false, false, true}},
    {"ac,colour,alldiff", {false, true, false, false, true, true}},
};
const Config& config(std::string_view name) {
  return *std::find_if(std::begin(kConfigs), std::end(kConfigs),
                       [&](const Config& c) { return c.name == name; });
}

template <class Domain>
SearchResult run_search(const Model& m, const SearchOptions& opt, const All& on) {
  Solver<Domain, ForwardChecking, ArcConsistency, AC2001, AC3, ColourMatching, PieceAllDifferent> s(m, opt,
                                                                                                    on);
  return s.run();
}

/// First-solution search on the bundled 16x16, row order, stopped after 20000 placements.
void throughput16(benchmark::State& state, const Config& cfg) {
  SearchOptions opt;
  opt.mode = SearchMode::first;
  opt.node_limit = 20000;
  SearchResult r;
  for (auto _ : state) r = run_search<E2Domain>(bundled16_model(), opt, cfg.on);
  state.counters["nodes_per_s"] =
      benchmark::Counter(static_cast<double>(r.placements), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["failures"] = static_cast<double>(r.failures);
  state.counters["deepest"] = r.deepest;
}

/// Counting every solution (time and nodes) per propagator set and order.
template <class Domain>
void count_bench(benchmark::State& state, const Model& m, const Config& cfg, CellOrder order) {
  SearchOptions opt;
  opt.mode = SearchMode::count;
  opt.order = order;
  SearchResult r;
  for (auto _ : state) r = run_search<Domain>(m, opt, cfg.on);
  state.counters["nodes"] = static_cast<double>(r.placements);
  state.counters["solutions"] = static_cast<double>(r.solutions);
}

void count05x05_brendan(benchmark::State& state, const Config& cfg, CellOrder order) {
  if (!have_shared("brendan/set1_05x05.txt")) return state.SkipWithError("../shared/data absent");
  static const Model m(read_puzzle(shared("brendan/set1_05x05.txt")));
  count_bench<BitDomain<2>>(state, m, cfg, order);
}
void count06x06_brendan(benchmark::State& state, const Config& cfg, CellOrder order) {
  if (!have_shared("brendan/set1_06x06.txt")) return state.SkipWithError("../shared/data absent");
  static const Model m(read_puzzle(shared("brendan/set1_06x06.txt")));
  count_bench<BitDomain<3>>(state, m, cfg, order);
}
void count06x06_bundled(benchmark::State& state, const Config& cfg, CellOrder order) {
  static const Model m(read_puzzle(std::string(EDGECP_EXAMPLE_PUZZLES) + "/e2like_6x6.txt"));
  count_bench<BitDomain<3>>(state, m, cfg, order);
}

/// The exact engine counting every solution, with or without the symmetry factor, in an order. Next to
/// BM_Count*: the same puzzles, so the ratio to the plain backtracker (".../none/row") is read in one run.
void exact_bench(benchmark::State& state, const Model& m, bool symmetry, CellOrder order) {
  ExactOptions opt;
  opt.mode = SearchMode::count;
  opt.symmetry = symmetry;
  opt.order = order;
  ExactResult r;
  for (auto _ : state) r = run_exact(m, opt);
  state.counters["nodes"] = static_cast<double>(r.placements);
  state.counters["solutions"] = static_cast<double>(r.solutions);
  state.counters["us_per_node"] = r.placements ? 1e6 * r.seconds / static_cast<double>(r.placements) : 0.0;
}
void exact05x05_brendan(benchmark::State& state, bool symmetry, CellOrder order) {
  if (!have_shared("brendan/set1_05x05.txt")) return state.SkipWithError("../shared/data absent");
  static const Model m(read_puzzle(shared("brendan/set1_05x05.txt")));
  exact_bench(state, m, symmetry, order);
}
void exact06x06_bundled(benchmark::State& state, bool symmetry, CellOrder order) {
  static const Model m(read_puzzle(std::string(EDGECP_EXAMPLE_PUZZLES) + "/e2like_6x6.txt"));
  exact_bench(state, m, symmetry, order);
}
void exact06x06_brendan(benchmark::State& state, bool symmetry, CellOrder order) {
  if (!have_shared("brendan/set1_06x06.txt")) return state.SkipWithError("../shared/data absent");
  static const Model m(read_puzzle(shared("brendan/set1_06x06.txt")));
  exact_bench(state, m, symmetry, order);
}

// A benchmark's name: its parts joined with '/'.
std::string path(std::initializer_list<std::string_view> parts) {
  std::string out;
  for (std::string_view p : parts) {
    if (!out.empty()) out += '/';
    out += p;
  }
  return out;
}

// Names say what runs: BM_Throughput16/ac,alldiff; BM_Count06x06_bundled/ac,alldiff/mrv (propagators as
// --propagators takes them, then the order); BM_ExactCount06x06_bundled/symmetry/mrv ("all": no symmetry).
const bool registered = [] {
  using Count = void (*)(benchmark::State&, const Config&, CellOrder);
  using Exact = void (*)(benchmark::State&, bool, CellOrder);
  for (const Config& cfg : kConfigs)
    benchmark::RegisterBenchmark(path({"BM_Throughput16", cfg.name}).c_str(), throughput16, cfg)
        ->Unit(benchmark::kMillisecond);
  const std::pair<const char*, Count> counts[] = {{"BM_Count05x05_brendan", count05x05_brendan},
                                                  {"BM_Count06x06_bundled", count06x06_bundled}};
  for (const auto& [name, fn] : counts)
    for (const char* cfg : {"none", "fc", "ac", "ac,alldiff", "ac,colour,alldiff"})
      for (CellOrder order : {CellOrder::row, CellOrder::mrv})
        benchmark::RegisterBenchmark(path({name, cfg, to_string(order)}).c_str(), fn, config(cfg), order)
            ->Unit(benchmark::kMillisecond);
  for (const char* cfg : {"none", "ac,alldiff"})  // seconds each: one run
    benchmark::RegisterBenchmark(path({"BM_Count06x06_brendan", cfg, "row"}).c_str(), count06x06_brendan,
                                 config(cfg), CellOrder::row)
        ->Iterations(1)
        ->Unit(benchmark::kMillisecond);
  const std::pair<const char*, Exact> exacts[] = {{"BM_ExactCount05x05_brendan", exact05x05_brendan},
                                                  {"BM_ExactCount06x06_bundled", exact06x06_bundled}};
  for (const auto& [name, fn] : exacts)
    for (bool symmetry : {false, true})
      for (CellOrder order : {CellOrder::row, CellOrder::mrv})
        benchmark::RegisterBenchmark(path({name, symmetry ? "symmetry" : "all", to_string(order)}).c_str(),
                                     fn, symmetry, order)
            ->Unit(benchmark::kMillisecond);
  for (bool symmetry : {false, true})
    benchmark::RegisterBenchmark(
        path({"BM_ExactCount06x06_brendan", symmetry ? "symmetry" : "all", "mrv"}).c_str(),
        exact06x06_brendan, symmetry, CellOrder::mrv)
        ->Iterations(1)
        ->Unit(benchmark::kMillisecond);
  return true;
}();

}  // namespace
}  // namespace edgecp::bench
