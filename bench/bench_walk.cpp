// The exact walk against the other two plain backtrackers on the same tree: nodes per CPU-second on Brendan's
// 7x7 (../shared/data/brendan/set1_07x07.txt, else a generated 7x7), one corner fixed, reading order.
#include <benchmark/benchmark.h>

#include "bench_common.hpp"

namespace {

using namespace edgecp;
using namespace edgecp::bench;

const Model& walk_model() {
  static const Model m = have_shared("brendan/set1_07x07.txt")
                             ? Model(read_puzzle(shared("brendan/set1_07x07.txt")))
                             : Model(generate({7, 7, 3, 6, 1, false}).puzzle);
  return m;
}

/// The 7x7 with its lowest-numbered corner piece as a hint top-left (the scan engine has no fix_corner): the
/// tree of the fixed-corner count without its root placement.
const Model& corner_fixed() {
  static const Model m = [] {
    Puzzle pz = walk_model().puzzle();
    for (int p = 0; p < walk_model().piece_count(); ++p)
      if (grey_count(pz.pieces[static_cast<std::size_t>(p)]) == 2) {
        for (int rot = 0; rot < 4; ++rot)
          if (colour_on(pz.pieces[static_cast<std::size_t>(p)], rot, up) == grey &&
              colour_on(pz.pieces[static_cast<std::size_t>(p)], rot, left) == grey)
            pz.hints.push_back({0, 0, p, rot});
        break;
      }
    return Model(pz);
  }();
  return m;
}

/// Runs `run()` (a search returning a result with placements and solutions) once per iteration; counter
/// nodes: per CPU-second.
template <class Run>
void nodes_per_second(benchmark::State& state, Run&& run) {
  std::uint64_t nodes = 0, solutions = 0;
  for (auto _ : state) {
    const auto r = run();
    nodes += r.placements;
    solutions = r.solutions;
  }
  state.counters["nodes"] = benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
  state.counters["solutions"] = static_cast<double>(solutions);
}

// The first 100 M nodes of the count (the same nodes on all three: plain backtracking in reading order).
constexpr std::uint64_t walk_nodes = 100'000'000;

void BM_Walk07x07_walk(benchmark::State& state) {
  WalkOptions o;
  o.mode = SearchMode::count;
  o.fix_corner = true;
  o.node_limit = walk_nodes;
  nodes_per_second(state, [&] { return run_walk(walk_model(), o); });
}

// The scan engine as an exhaustive walk: no break, candidate order by id, nothing but the walk; the corner
// fixed as a hint.
void BM_Walk07x07_scan(benchmark::State& state) {
  ScanOptions o;
  o.order = CellOrder::row;
  o.values = ScanValueOrder::by_id;
  o.tighten = false;
  o.improve = false;
  o.repair_nodes = 0;
  o.block_repair_nodes = 0;
  o.colour_bound = 0;
  o.node_limit = walk_nodes;
  nodes_per_second(state, [&] { return ScanSearch(corner_fixed(), o).run(); });
}

// The driver with no propagator (--propagators none): plain backtracking on the generic store.
void BM_Walk07x07_driver(benchmark::State& state) {
  SearchOptions o;
  o.mode = SearchMode::count;
  o.order = CellOrder::row;
  o.fix_corner = true;
  o.node_limit = walk_nodes / 4;  // about four times slower a node
  nodes_per_second(state, [&] { return Solver<BitDomain<4>>(walk_model(), o).run(); });
}

}  // namespace

BENCHMARK(BM_Walk07x07_walk)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Walk07x07_scan)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Walk07x07_driver)->Unit(benchmark::kMillisecond);
