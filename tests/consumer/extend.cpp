// An outside propagator in the driver: it counts what plain backtracking counts, and does work.
#include <iostream>

#include "piece_once.hpp"

int main() {
  using namespace edgecp;
  const Model m(generate({4, 4, 2, 3, 1, false}).puzzle);
  static_assert(DriverPropagator<PieceOnce<DomainStore<BitDomain<1>>>, DomainStore<BitDomain<1>>>);
  SearchOptions opt;
  opt.mode = SearchMode::count;
  const auto plain = Solver<BitDomain<1>>(m, opt).run();
  Solver<BitDomain<1>, PieceOnce> solver(m, opt);
  const auto with = solver.run();
  const PropagatorStats& st = with.propagators.at(0).stats;
  Solver<BitDomain<1>, PieceOnce> gated(m, opt);  // configured before the run: never opens on 16 cells
  gated.get<PieceOnce>()->set_min_assigned(1000);
  const auto closed = gated.run();
  if (closed.solutions != plain.solutions || closed.propagators.at(0).stats.deletions != 0) return 1;
  std::cout << "piece-once: " << with.solutions << " solutions (plain " << plain.solutions << "), " << st.calls
            << " calls, " << st.deletions << " deletions\n";
  return with.solutions == plain.solutions && plain.solutions > 0 && st.calls > 0 && st.deletions > 0 ? 0 : 1;
}
