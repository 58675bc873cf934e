// Uses the library the way an outside solver would: generate, propagate, search, check.
#include <edgecp/edgecp.hpp>
#include <iostream>
#include <string>

static_assert(EDGECP_VERSION_MAJOR == 0, "the version macros come with the package");

int main() {
  using namespace edgecp;
  const auto gen = generate({4, 4, 2, 3, 1, false});
  const Model m(gen.puzzle);
  SearchOptions opt;
  opt.mode = SearchMode::first;
  Solver<BitDomain<1>, ArcConsistency, PieceAllDifferent> solver(m, opt);
  const auto r = solver.run();
  if (std::string(edgecp::version_string) != EDGECP_VERSION_STRING) return 1;
  std::cout << "edgecp " << edgecp::version_string << " status " << to_string(r.status) << " score " << r.score << "\n";
  return r.board_verified && r.score == m.geometry().inner_join_count() ? 0 : 1;
}
