#include "edgecp/search/exact_search.hpp"

#include <atomic>
#include <catch2/catch.hpp>
#include <filesystem>

#include "edgecp/io/puzzle_io.hpp"
#include "support/exact_oracles.hpp"
#include "support/oracles.hpp"

using namespace edgecp;
using namespace edgecp::test;

namespace {

constexpr std::size_t cap = 20000;  // brute-force solutions enumerated at most

ExactOptions counting(CellOrder order, bool refute, bool symmetry) {
  ExactOptions o;
  o.mode = SearchMode::count;
  o.order = order;
  o.refute = refute;
  o.symmetry = symmetry;
  return o;
}

}  // namespace

TEST_CASE("count mode equals brute force for every order, with and without refutation and symmetry",
          "[exact_search]") {
  int with_solutions = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const Model m = varied_model(seed);
    const int w = m.geometry().width(), h = m.geometry().height();
    const std::size_t expected = all_solutions(m, cap).size();
    if (expected == cap) continue;  // too many to enumerate
    with_solutions += expected > 0 ? 1 : 0;
    for (CellOrder order : {CellOrder::row, CellOrder::frame, CellOrder::spiral, CellOrder::blackwood,
                            CellOrder::tail_columns, CellOrder::mrv})
      for (bool refute : {false, true})
        for (bool symmetry : {false, true}) {
          const ExactResult r = run_exact(m, counting(order, refute, symmetry));
          INFO("seed " << seed << " order " << to_string(order) << " refute " << refute << " symmetry "
                       << symmetry);
          REQUIRE(r.status == SearchStatus::exhausted);
          REQUIRE(r.solutions == expected);
          const bool used = symmetry && seed % 5 != 0;  // boards with a hint count every solution
          if (expected > 0) REQUIRE(r.symmetry_factor == (used ? (w == h ? 4 : 2) : 1));
          if (expected > 0) REQUIRE(r.board_verified);
        }
  }
  REQUIRE(with_solutions > 15);
}

TEST_CASE("fix_corner counts the solutions with the lowest corner piece top-left", "[exact_search]") {
  check_fix_corner([](const Model& m) {
    ExactOptions o = counting(CellOrder::mrv, true, true);
    o.fix_corner = true;
    return run_exact(m, o);
  });
}

TEST_CASE("first mode returns a verified exact board exactly when one exists", "[exact_search]") {
  check_first_mode([](const Model& m, std::uint64_t) {
    ExactOptions o;
    o.mode = SearchMode::first;
    return run_exact(m, o);
  });
}

TEST_CASE("the node limit is exact and stops with status limit", "[exact_search]") {
  const Model m = random_model(5, 5, 1, 2, 4);  // two inner colours: a wide tree
  ExactOptions o = counting(CellOrder::mrv, true, false);
  o.node_limit = 20;
  const ExactResult r = run_exact(m, o);
  REQUIRE(r.status == SearchStatus::limit);
  REQUIRE(r.placements == 20);
  o.node_limit = 21;
  REQUIRE(run_exact(m, o).placements == 21);
}

TEST_CASE("best mode and puzzles too large are refused", "[exact_search]") {
  const Model m = random_model(3, 3, 1, 2, 1);
  ExactOptions o;
  o.mode = SearchMode::best;
  REQUIRE_THROWS_AS(run_exact(m, o), std::invalid_argument);
  REQUIRE(exact_width(Model(generate({17, 16, 5, 17, 1, false}).puzzle)) == 0);  // 272 pieces
  REQUIRE(exact_width(Model(generate({16, 16, 5, 17, 1, false}).puzzle)) == 16);
}

TEST_CASE("Knuth's estimate converges to the tree run() searches, for every order and option",
          "[exact_search][estimate]") {
  int branching = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const Model m = varied_model(seed);
    for (CellOrder order : {CellOrder::row, CellOrder::mrv})
      for (bool refute : {false, true})
        for (bool symmetry : {false, true}) {
          ExactOptions o = counting(order, refute, symmetry);
          o.seed = seed;
          const ExactResult r = run_exact(m, o);
          const TreeEstimate e = estimate_exact(m, o, 1000);
          INFO("seed " << seed << " order " << to_string(order) << " refute " << refute << " symmetry "
                       << symmetry << ": nodes " << r.placements << " estimated " << e.nodes << " +- "
                       << e.nodes_error << ", solutions " << r.solutions << " estimated " << e.solutions
                       << " +- " << e.solutions_error);
          REQUIRE(e.probes == 1000);
          REQUIRE(e.symmetry_factor == r.symmetry_factor);
          REQUIRE(estimate_agrees(e.nodes, e.nodes_error, static_cast<double>(r.placements)));
          REQUIRE(estimate_agrees(e.solutions, e.solutions_error, static_cast<double>(r.solutions)));
          REQUIRE(e.nodes_by_depth.size() == r.placements_by_depth.size());
          double sum = 0;
          for (std::size_t d = 0; d < e.nodes_by_depth.size(); ++d) {
            sum += e.nodes_by_depth[d];
            if (r.placements_by_depth[d] == 0) REQUIRE(e.nodes_by_depth[d] == 0);  // no walk goes there
          }
          REQUIRE(sum == Approx(e.nodes));
          if (r.solutions == 0) REQUIRE(e.solutions == 0);  // a walk only counts solutions it reaches
          if (e.nodes_error == 0) REQUIRE(e.nodes == static_cast<double>(r.placements));  // one path
          branching += e.nodes_error > 0 ? 1 : 0;
        }
  }
  REQUIRE(branching > 80);  // most trees branch, so the agreement is not a tautology

  // A wider tree (tens of thousands of nodes), estimated from a few thousand probes.
  const Model wide = random_model(4, 4, 1, 3, 2);
  for (bool refute : {false, true}) {
    const ExactOptions o = counting(CellOrder::mrv, refute, true);
    const ExactResult r = run_exact(wide, o);
    const TreeEstimate e = estimate_exact(wide, o, 2000);
    INFO("refute " << refute << ": nodes " << r.placements << " estimated " << e.nodes << " +- "
                   << e.nodes_error);
    REQUIRE(r.placements > 1000);
    REQUIRE(estimate_agrees(e.nodes, e.nodes_error, static_cast<double>(r.placements)));
    REQUIRE(e.nodes_error < 0.1 * e.nodes);
    REQUIRE(e.propagations > e.probes);
  }
}

TEST_CASE("an estimate is the same for a seed, and stops between probes", "[exact_search][estimate]") {
  const Model m = random_model(4, 4, 1, 3, 2);
  ExactOptions o = counting(CellOrder::mrv, true, true);
  o.seed = 7;
  const TreeEstimate a = estimate_exact(m, o, 500), b = estimate_exact(m, o, 500);
  REQUIRE(a.nodes == b.nodes);
  REQUIRE(a.solutions == b.solutions);
  o.seed = 8;
  REQUIRE(estimate_exact(m, o, 500).nodes != a.nodes);
  std::atomic<bool> stop{true};
  o.stop = &stop;
  REQUIRE(estimate_exact(m, o, 500).probes == 1);  // one probe, then the flag is read
  ExactOptions best = o;
  best.mode = SearchMode::best;
  REQUIRE_THROWS_AS(estimate_exact(m, best, 10), std::invalid_argument);
}

TEST_CASE("Brendan's set 1 counts with the exact engine", "[exact_search][shared]") {
  const std::string p5 = shared_data("brendan/set1_05x05.txt"), p6 = shared_data("brendan/set1_06x06.txt"),
                    p74 = shared_data("brendan/set1_07x04.txt");
  if (!std::filesystem::exists(p5)) {
    WARN("shared data absent (" EDGECP_SHARED_DATA "; set EDGECP_SHARED_DATA): skipped");
    return;
  }
  const Model m5(read_puzzle(p5)), m6(read_puzzle(p6)), m74(read_puzzle(p74));
  for (bool symmetry : {false, true}) {
    REQUIRE(run_exact(m5, counting(CellOrder::mrv, true, symmetry)).solutions == 16);
    REQUIRE(run_exact(m5, counting(CellOrder::row, false, symmetry)).solutions == 16);
    REQUIRE(run_exact(m6, counting(CellOrder::mrv, true, symmetry)).solutions == 260);
  }
  // 7x4: the half-turn symmetry; the reference count is the plain driver's (brute force).
  SearchOptions plain;
  plain.mode = SearchMode::count;
  const auto reference = Solver<BitDomain<2>>(m74, plain).run().solutions;
  REQUIRE(reference > 0);
  REQUIRE(run_exact(m74, counting(CellOrder::mrv, true, true)).solutions == reference);
  ExactOptions fixed = counting(CellOrder::mrv, true, true);
  fixed.fix_corner = true;
  const ExactResult r6 = run_exact(m6, fixed);
  REQUIRE(r6.solutions == 65);
  const TreeEstimate e6 = estimate_exact(m6, fixed, 2000);  // the tree of about 3e5 nodes, from 2000 walks
  INFO("nodes " << r6.placements << " estimated " << e6.nodes << " +- " << e6.nodes_error);
  REQUIRE(estimate_agrees(e6.nodes, e6.nodes_error, static_cast<double>(r6.placements)));
  REQUIRE(e6.nodes_error < 0.2 * e6.nodes);
}
