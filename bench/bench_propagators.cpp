// Cost of one propagation to fixpoint after one placement, at several depths. Positions: the first d cells in
// reading order of a board, placed and propagated to fixpoint (setup, outside the timed loop); each iteration
// pushes, places cell d+1, propagates and pops. Boards: the bundled 16x16 E2-like puzzle's planted solution,
// and on ../shared/data/e2/e2.txt a board from a real budgeted search (its first 179 placements match).
// Names say the board: BM_Propagate16x16_bundled<P> (examples/puzzles/e2like_16x16.txt),
// BM_Propagate16x16_e2<P> (e2.txt, skipped when ../shared/data is absent); docs/journal.md (sections 1-27)
// calls them BM_Propagate<P> and BM_PropagateE2<P>, and BM_AllDifferentFromScratch16x16_bundled
// BM_AllDifferentFromScratch.
#include <benchmark/benchmark.h>

#include "bench_common.hpp"

namespace edgecp::bench {
namespace {

/// Places the board's pieces on `cells` one by one, propagating after each; false if a propagation fails.
template <class P>
bool place(Store16& s, P& p, const Board& board, const std::vector<int>& cells, std::size_t count) {
  bool ok = p.propagate(s) == Status::ok;
  for (std::size_t i = 0; i < count && ok; ++i) {
    const auto c = static_cast<std::size_t>(cells[i]);
    (void)s.assign(c, static_cast<std::size_t>(board.cells[c]));
    ok = p.propagate(s) == Status::ok;
  }
  return ok;
}

template <template <class> class P>
void propagate_bench(benchmark::State& state, const PositionSource& src) {
  if (!src.model) return state.SkipWithError("../shared/data absent");
  const Model& m = *src.model;
  const Board& planted = src.board;
  const int depth = static_cast<int>(state.range(0));
  const auto cells = prefix_cells(m, depth + 1);
  Store16 s(static_cast<std::size_t>(m.cell_count()), static_cast<std::size_t>(m.candidate_count()));
  load_static_domains(s, m);
  P<Store16> p(m, s);
  if (!place(s, p, planted, cells, static_cast<std::size_t>(depth)))
    return state.SkipWithError("position failed");
  const auto next = static_cast<std::size_t>(cells.back());
  const PropagatorStats before = p.stats();
  for (auto _ : state) {
    s.push_level();
    (void)s.assign(next, static_cast<std::size_t>(planted.cells[next]));
    benchmark::DoNotOptimize(p.propagate(s));
    s.pop_level();
  }
  const auto n = static_cast<double>(state.iterations());
  state.counters["checks"] = static_cast<double>(p.stats().checks - before.checks) / n;
  state.counters["revisions"] = static_cast<double>(p.stats().revisions - before.revisions) / n;
  state.counters["deletions"] = static_cast<double>(p.stats().deletions - before.deletions) / n;
}

template <template <class> class P>
void BM_Propagate16x16_bundled(benchmark::State& state) {
  propagate_bench<P>(state, bundled16_source());
}
template <template <class> class P>
void BM_Propagate16x16_e2(benchmark::State& state) {
  propagate_bench<P>(state, e2_source());
}

#define EDGECP_DEPTHS ->ArgName("depth")->Arg(20)->Arg(60)->Arg(120)->Arg(180)->Unit(benchmark::kMicrosecond)
#define EDGECP_E2_DEPTHS \
  ->ArgName("depth")->Arg(20)->Arg(60)->Arg(120)->Arg(170)->Unit(benchmark::kMicrosecond)
BENCHMARK_TEMPLATE(BM_Propagate16x16_bundled, ForwardChecking) EDGECP_DEPTHS;
BENCHMARK_TEMPLATE(BM_Propagate16x16_bundled, AC3) EDGECP_DEPTHS;
BENCHMARK_TEMPLATE(BM_Propagate16x16_bundled, AC2001) EDGECP_DEPTHS;
BENCHMARK_TEMPLATE(BM_Propagate16x16_bundled, ArcConsistency) EDGECP_DEPTHS;
BENCHMARK_TEMPLATE(BM_Propagate16x16_bundled, PieceAllDifferent) EDGECP_DEPTHS;
BENCHMARK_TEMPLATE(BM_Propagate16x16_bundled, ColourMatching) EDGECP_DEPTHS;
BENCHMARK_TEMPLATE(BM_Propagate16x16_e2, ForwardChecking) EDGECP_E2_DEPTHS;
BENCHMARK_TEMPLATE(BM_Propagate16x16_e2, AC3) EDGECP_E2_DEPTHS;
BENCHMARK_TEMPLATE(BM_Propagate16x16_e2, AC2001) EDGECP_E2_DEPTHS;
BENCHMARK_TEMPLATE(BM_Propagate16x16_e2, ArcConsistency) EDGECP_E2_DEPTHS;
BENCHMARK_TEMPLATE(BM_Propagate16x16_e2, PieceAllDifferent) EDGECP_E2_DEPTHS;
BENCHMARK_TEMPLATE(BM_Propagate16x16_e2, ColourMatching) EDGECP_E2_DEPTHS;

/// Piece all-different from scratch (a fresh matching, full SCC pass) on the same positions, for comparison
/// with the incremental call above.
void BM_AllDifferentFromScratch16x16_bundled(benchmark::State& state) {
  const Model& m = bundled16_model();
  const int depth = static_cast<int>(state.range(0));
  const auto cells = prefix_cells(m, depth + 1);
  Store16 s(static_cast<std::size_t>(m.cell_count()), static_cast<std::size_t>(m.candidate_count()));
  load_static_domains(s, m);
  PieceAllDifferent<Store16> p(m, s);
  // the position right after the incremental benchmark's placement
  if (!place(s, p, bundled16_planted(), cells, cells.size())) return state.SkipWithError("position failed");
  std::uint64_t ops = 0;
  for (auto _ : state) {
    AllDifferentFilter<E2Domain> fresh(m.cell_count(), m.piece_count());
    benchmark::DoNotOptimize(fresh.filter(
        [&](int c) -> const E2Domain& { return p.pieces(static_cast<std::size_t>(c)); }, [](int, int) {}));
    ops += fresh.edge_operations();
  }
  state.counters["edge_ops"] = static_cast<double>(ops) / static_cast<double>(state.iterations());
}
BENCHMARK(BM_AllDifferentFromScratch16x16_bundled) EDGECP_DEPTHS;

}  // namespace
}  // namespace edgecp::bench
