#include "edgecp/search/solver.hpp"

#include <atomic>
#include <filesystem>
#include <stdexcept>

#include "edgecp/io/puzzle_io.hpp"
#include "edgecp/propagators/ac2001.hpp"
#include "edgecp/propagators/ac3.hpp"
#include "edgecp/propagators/arc_consistency.hpp"
#include "edgecp/propagators/colour_matching.hpp"
#include "edgecp/propagators/forward_checking.hpp"
#include "edgecp/propagators/piece_all_different.hpp"
#include "support/propagator_harness.hpp"

using namespace edgecp;
using namespace edgecp::test;

namespace {
using AllSolver =
    Solver<SmallDomain, ForwardChecking, ArcConsistency, AC2001, AC3, ColourMatching, PieceAllDifferent>;
constexpr std::size_t kProps = 6;
std::array<bool, kProps> combo(unsigned bits) {
  std::array<bool, kProps> a{};
  for (std::size_t i = 0; i < kProps; ++i) a[i] = (bits >> i) & 1U;
  return a;
}
const CellOrder kOrders[] = {CellOrder::row,       CellOrder::frame,        CellOrder::spiral,
                             CellOrder::blackwood, CellOrder::tail_columns, CellOrder::mrv};

/// A generated puzzle with one join broken: one interior half-edge gets a colour no other side has, so no
/// exact solution exists and the planted board (one mismatch) is the best complete board.
struct Broken {
  Model model;
  Board planted;
  int cell;
};
Broken broken_puzzle(std::uint64_t seed) {
  auto gen = generate({4, 4, 2, 3, seed, false});
  const Geometry g(4, 4);
  const int cell = g.cell(1, 1);
  const auto pl = gen.planted[static_cast<std::size_t>(cell)];
  auto& piece = gen.puzzle.pieces[static_cast<std::size_t>(pl.piece)];
  // the side shown to the right at the planted rotation: index (right - r) mod 4
  piece.colours[static_cast<std::size_t>((right - pl.rotation + 4) & 3)] = gen.puzzle.colour_count();
  Model m(gen.puzzle);
  Board b = gen.planted_board(m);
  return {std::move(m), b, cell};
}
}  // namespace

TEST_CASE("count mode equals brute force for every propagator combination and order", "[solver]") {
  int runs = 0;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const Model m =
        random_model(3 + static_cast<int>(seed % 2), 3 + static_cast<int>(seed / 3), 2, 3, seed, seed == 4);
    const auto want = all_solutions(m).size();
    for (unsigned bits = 0; bits < (1U << kProps); ++bits)
      for (CellOrder o : kOrders) {
        SearchOptions opt;
        opt.mode = SearchMode::count;
        opt.order = o;
        AllSolver s(m, opt, combo(bits));
        const auto r = s.run();
        INFO("seed " << seed << " propagators " << bits << " order " << to_string(o));
        REQUIRE(r.status == SearchStatus::exhausted);
        REQUIRE(r.solutions == want);
        if (want > 0) {
          REQUIRE(r.board_verified);
          REQUIRE(r.score == m.geometry().inner_join_count());
        }
        ++runs;
      }
  }
  REQUIRE(runs == 4 * 64 * static_cast<int>(std::size(kOrders)));
}

TEST_CASE("Knuth's estimate converges to the tree run() searches, for propagator sets, orders and budgets",
          "[solver][estimate]") {
  int branching = 0;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    const Model m = varied_model(seed);
    // none, fc, ac, ac + all-different, fc + ac + colour + all-different; a budget of two mismatches on the
    // last placements for the plain backtracker and the all-different (which stays on under a budget)
    for (unsigned bits : {0U, 1U, 2U, 34U, 51U})
      for (CellOrder o : {CellOrder::row, CellOrder::mrv})
        for (bool budget : {false, true}) {
          if (budget && ((bits != 0 && bits != 34) || o != CellOrder::row)) continue;
          if (bits == 51 && seed > 3) continue;  // the colour filter is slow: three puzzles
          SearchOptions opt;
          opt.mode = SearchMode::count;
          opt.order = o;
          opt.seed = seed;
          if (budget) opt.budget = MismatchBudget({m.cell_count() - 1, m.cell_count()});
          const auto r = AllSolver(m, opt, combo(bits)).run();
          const TreeEstimate e = AllSolver(m, opt, combo(bits)).estimate(800);
          INFO("seed " << seed << " propagators " << bits << " order " << to_string(o) << " budget " << budget
                       << ": nodes " << r.placements << " estimated " << e.nodes << " +- " << e.nodes_error
                       << ", solutions " << r.solutions << " estimated " << e.solutions);
          REQUIRE(e.probes == 800);
          REQUIRE(estimate_agrees(e.nodes, e.nodes_error, static_cast<double>(r.placements)));
          // solutions can be too rare for the probes to meet (then the estimate is 0 with error 0)
          if (e.solutions > 0)
            REQUIRE(estimate_agrees(e.solutions, e.solutions_error, static_cast<double>(r.solutions)));
          REQUIRE(e.nodes_by_depth.size() == r.placements_by_depth.size());
          for (std::size_t d = 0; d < e.nodes_by_depth.size(); ++d)
            if (r.placements_by_depth[d] == 0) REQUIRE(e.nodes_by_depth[d] == 0);
          if (r.solutions == 0) REQUIRE(e.solutions == 0);
          if (e.nodes_error == 0) REQUIRE(e.nodes == static_cast<double>(r.placements));
          branching += e.nodes_error > 0 ? 1 : 0;
        }
  }
  REQUIRE(branching > 40);
  SearchOptions best;
  best.mode = SearchMode::best;
  REQUIRE_THROWS_AS(AllSolver(varied_model(1), best).estimate(10), std::invalid_argument);
}

TEST_CASE("a driver without any propagator is a plain backtracker", "[solver]") {
  const Model m = random_model(4, 4, 2, 3, 21);
  SearchOptions opt;
  opt.mode = SearchMode::count;
  const auto r = Solver<SmallDomain>(m, opt).run();
  REQUIRE(r.solutions == all_solutions(m).size());
  REQUIRE(r.failures == 0);
}

TEST_CASE("fix_corner divides a square board's count by four", "[solver]") {
  const Model m = random_model(4, 4, 1, 3, 12);
  SearchOptions opt;
  opt.mode = SearchMode::count;
  const auto all = AllSolver(m, opt).run().solutions;
  opt.fix_corner = true;
  const auto fixed = AllSolver(m, opt).run().solutions;
  REQUIRE(all == all_solutions(m).size());
  REQUIRE(all > 0);
  REQUIRE(all == 4 * fixed);
}

TEST_CASE("first mode returns a verified exact board", "[solver]") {
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const Model m = random_model(5, 5, 2, 4, seed, true);
    SearchOptions opt;
    const auto r = AllSolver(m, opt, {false, true, false, false, false, true}).run();
    REQUIRE(r.status == SearchStatus::solved);
    REQUIRE(r.board_verified);
    REQUIRE(check_board(m, r.board).score == m.geometry().inner_join_count());
  }
}

TEST_CASE("Brendan's 5x5 and 6x6 set 1 counts", "[solver][shared]") {
  const std::string p5 = shared_data("brendan/set1_05x05.txt"), p6 = shared_data("brendan/set1_06x06.txt");
  if (!std::filesystem::exists(p5)) {
    WARN("shared data absent (" EDGECP_SHARED_DATA "; set EDGECP_SHARED_DATA): skipped");
    return;
  }
  const Model m5(read_puzzle(p5));
  const Model m6(read_puzzle(p6));
  SearchOptions opt;
  opt.mode = SearchMode::count;
  for (unsigned bits : {0U, 1U, 2U, 16U, 34U, 50U}) {
    const auto r =
        Solver<BitDomain<2>, ForwardChecking, ArcConsistency, AC2001, AC3, ColourMatching, PieceAllDifferent>(
            m5, opt, combo(bits))
            .run();
    REQUIRE(r.solutions == 16);
  }
  const auto plain = Solver<BitDomain<2>, ForwardChecking>(m5, opt, {false}).run();
  REQUIRE(plain.placements == 113211);  // the data README's plain-backtracking figure, reading order
  const auto r6 = Solver<BitDomain<3>, ArcConsistency, PieceAllDifferent>(m6, opt).run();
  REQUIRE(r6.solutions == 260);
  opt.fix_corner = true;
  const auto r6f = Solver<BitDomain<3>, ArcConsistency, PieceAllDifferent>(m6, opt).run();
  REQUIRE(r6f.solutions == 65);
}

TEST_CASE("mismatch budget: a broken join, exact search exhausts, one break finds the one-mismatch board",
          "[solver]") {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const Broken b = broken_puzzle(seed);
    REQUIRE(check_board(b.model, b.planted).mismatches == 1);
    SearchOptions exact;
    exact.mode = SearchMode::first;
    const auto r0 = AllSolver(b.model, exact, {false, true, false, false, false, true}).run();
    REQUIRE(r0.status == SearchStatus::exhausted);
    REQUIRE(r0.solutions == 0);
    for (bool strict_requested : {false, true}) {
      SearchOptions opt;
      opt.mode = SearchMode::best;
      opt.budget = MismatchBudget({1});
      AllSolver s(
          b.model, opt,
          {strict_requested, strict_requested, strict_requested, strict_requested, strict_requested, true});
      const auto r = s.run();
      REQUIRE(r.board_verified);
      REQUIRE(r.board.complete());
      REQUIRE(r.mismatches == 1);
      REQUIRE(r.score == b.model.geometry().inner_join_count() - 1);
      for (const auto& rep : r.propagators) {
        if (rep.strict) REQUIRE_FALSE(rep.enabled);
        REQUIRE(rep.switched_off == (rep.strict && strict_requested));
      }
      REQUIRE(r.propagators.back().enabled);  // alldiff stays on
    }
  }
}

TEST_CASE("best mode under a budget returns the perfect board even after imperfect ones", "[solver]") {
  int imperfect_first = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const Model m = random_model(4, 4, 2, 3, seed);
    SearchOptions opt;
    opt.mode = SearchMode::best;
    opt.budget = MismatchBudget({1, 2});
    const auto r = AllSolver(m, opt, {false, false, false, false, false, true}).run();
    REQUIRE(r.status == SearchStatus::solved);
    REQUIRE(r.board_verified);
    REQUIRE(r.mismatches == 0);
    REQUIRE(r.score == m.geometry().inner_join_count());
    if (r.solutions > 1) ++imperfect_first;  // complete boards with mismatches came first
  }
  REQUIRE(imperfect_first > 0);
}

TEST_CASE("a strict propagator left on under a budget loses the best board", "[solver]") {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const Broken b = broken_puzzle(seed);
    SearchOptions opt;
    opt.mode = SearchMode::count;  // count every complete board within the budget
    opt.budget = MismatchBudget({1});
    const auto sound = AllSolver(b.model, opt, {false, true, false, false, false, true}).run();
    REQUIRE(sound.solutions > 0);  // the one-mismatch boards, the planted one among them
    opt.keep_strict_under_budget = true;
    const auto unsound = AllSolver(b.model, opt, {false, true, false, false, false, true}).run();
    REQUIRE(unsound.solutions == 0);  // arc consistency assumes exact matching: every such board is pruned
  }
}

TEST_CASE("best mode without a budget completes the deepest partial board and recomputes the score",
          "[solver]") {
  const Broken b = broken_puzzle(2);
  SearchOptions opt;
  opt.mode = SearchMode::best;
  const auto r = AllSolver(b.model, opt, {false, true, false, false, false, true}).run();
  REQUIRE(r.status == SearchStatus::exhausted);
  REQUIRE(r.board.complete());
  REQUIRE(r.board_verified);
  REQUIRE(r.score == check_board(b.model, r.board).score);
  REQUIRE(r.score < b.model.geometry().inner_join_count());
}

TEST_CASE("count mode ignores restarts: the count is brute force's", "[solver]") {
  const Model m = random_model(4, 4, 2, 3, 12);
  SearchOptions opt;
  opt.mode = SearchMode::count;
  opt.restart_nodes = 50;  // far fewer than the search needs
  const auto r = AllSolver(m, opt, {true, false, false, false, false, false}).run();
  REQUIRE(r.restarts == 0);
  REQUIRE(r.solutions == all_solutions(m).size());
  opt.mode = SearchMode::first;  // first mode does restart (here too often to finish: the node limit ends it)
  opt.restart_nodes = 3;
  opt.node_limit = 100;
  const auto f = AllSolver(m, opt, {true, false, false, false, false, false}).run();
  REQUIRE(f.restarts > 0);
}

TEST_CASE("best mode with improve hill-climbs the kept board, never below the plain result", "[solver]") {
  int gained = 0;
  for (int broken = 1; broken <= 3; ++broken) {
    const Broken b = broken_puzzle(broken);
    SearchOptions opt;
    opt.mode = SearchMode::best;
    opt.node_limit = 200;  // stop early: the greedy completion leaves joins to gain
    const auto plain = AllSolver(b.model, opt, {false, false, false, false, false, true}).run();
    opt.improve = true;
    const auto climbed = AllSolver(b.model, opt, {false, false, false, false, false, true}).run();
    REQUIRE(plain.board_verified);
    REQUIRE(climbed.board_verified);
    REQUIRE(climbed.score >= plain.score);
    gained += climbed.score - plain.score;
  }
  REQUIRE(gained > 0);  // the option does something on these boards
}

TEST_CASE("the same seed gives the same nodes and board, limits stop the search", "[solver]") {
  const Model m = random_model(5, 5, 2, 4, 31, true);
  SearchOptions opt;
  opt.mode = SearchMode::best;
  opt.random_values = true;
  opt.seed = 9;
  opt.node_limit = 3000;
  opt.budget = MismatchBudget({20, 25, 30});
  const auto a = AllSolver(m, opt).run();
  const auto b = AllSolver(m, opt).run();
  REQUIRE(a.placements == b.placements);
  REQUIRE(a.board == b.board);
  REQUIRE(a.board_verified);
  REQUIRE(a.board.complete());
  REQUIRE((a.status == SearchStatus::limit || a.status == SearchStatus::solved));
  if (a.status == SearchStatus::limit) REQUIRE(a.placements == 3000);
  opt.seed = 10;
  opt.restart_nodes = 500;
  const auto c = AllSolver(m, opt).run();
  REQUIRE(c.restarts >= 1);
  REQUIRE(c.board_verified);
}

TEST_CASE("MismatchBudget counts indices at or below the depth", "[solver]") {
  const MismatchBudget b({10, 5, 10});
  REQUIRE(b.allowed(4) == 0);
  REQUIRE(b.allowed(5) == 1);
  REQUIRE(b.allowed(9) == 1);
  REQUIRE(b.allowed(10) == 3);
  REQUIRE(b.total() == 3);
  REQUIRE_FALSE(MismatchBudget().active());
}

TEST_CASE("statistics and the progress callback", "[solver]") {
  const Model m = random_model(5, 5, 2, 5, 2);
  SearchOptions opt;
  opt.mode = SearchMode::count;
  opt.time_propagators = true;
  int calls = 0;
  opt.progress_interval = 0;  // every check
  opt.on_progress = [&](const SearchProgress& p) {
    ++calls;
    REQUIRE(p.placements > 0);
  };
  const auto r = AllSolver(m, opt, {true, true, false, false, false, true}).run();
  std::uint64_t by_depth = 0;
  for (auto n : r.placements_by_depth) by_depth += n;
  REQUIRE(by_depth == r.placements);
  REQUIRE(r.propagators[0].stats.calls > 0);
  REQUIRE(r.propagators[1].stats.deletions > 0);
  if (r.placements >= 1024) REQUIRE(calls > 0);
}

namespace {
/// A Propagator the driver cannot build: no (const Model&, Store&) constructor.
template <class S>
struct NoModelConstructor {
  static constexpr bool strict = false;
  static constexpr std::string_view name = "no-ctor";
  Status propagate(S&) { return Status::ok; }
  const PropagatorStats& stats() const { return stats_; }
  PropagatorStats& stats() { return stats_; }
  PropagatorStats stats_;
};
using TestStore = DomainStore<BitDomain<1>>;
}  // namespace

// Every shipped propagator is what the driver requires; a Propagator without the constructor is not.
static_assert(DriverPropagator<ForwardChecking<TestStore>, TestStore>);
static_assert(DriverPropagator<ArcConsistency<TestStore>, TestStore>);
static_assert(DriverPropagator<AC2001<TestStore>, TestStore>);
static_assert(DriverPropagator<AC3<TestStore>, TestStore>);
static_assert(DriverPropagator<ColourMatching<TestStore>, TestStore>);
static_assert(DriverPropagator<PieceAllDifferent<TestStore>, TestStore>);
static_assert(Propagator<NoModelConstructor<TestStore>, TestStore>);
static_assert(!DriverPropagator<NoModelConstructor<TestStore>, TestStore>);

namespace {
std::atomic<bool> interrupt_flag{false};
std::uint64_t interrupt_at_call = 0;

/// A propagator that stands for a long propagation cut short: at its interrupt_at_call-th call it raises
/// the run's stop flag and, as AC-3 does when the store's interruption fires, gives up with a failure.
template <class Store>
class InterruptedOnce {
 public:
  static constexpr bool strict = false;
  static constexpr std::string_view name = "interrupted-once";
  InterruptedOnce(const Model&, Store&) {}
  Status propagate(Store& s) {
    if (++calls_ != interrupt_at_call) return Status::ok;
    interrupt_flag = true;
    return s.interrupt_requested() ? Status::failed : Status::ok;
  }
  const PropagatorStats& stats() const { return stats_; }
  PropagatorStats& stats() { return stats_; }

 private:
  std::uint64_t calls_ = 0;
  PropagatorStats stats_;
};
}  // namespace

TEST_CASE("a propagation cut short by the stop flag or the time limit ends the search as a limit",
          "[solver]") {
  int cut = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const Model m = random_model(4, 4, 2, 3, seed);
    const auto want = all_solutions(m).size();
    for (std::uint64_t at : {1, 2, 5, 40, 300, 5000}) {
      interrupt_flag = false;
      interrupt_at_call = at;
      SearchOptions opt;
      opt.mode = SearchMode::count;
      opt.stop = &interrupt_flag;
      const SearchResult r = Solver<SmallDomain, InterruptedOnce>(m, opt).run();
      INFO("seed " << seed << " interrupted at call " << at);
      if (interrupt_flag) {  // the failure refuted nothing: never an exhausted search with a short count
        REQUIRE(r.status == SearchStatus::limit);
        ++cut;
      } else {
        REQUIRE(r.status == SearchStatus::exhausted);
        REQUIRE(r.solutions == want);
      }
    }
  }
  REQUIRE(cut > 10);
  // a real one: AC-3's first fixpoint on a 24x24 board, the flag up before the run
  const Model big(generate({24, 24, 5, 17, 3, false}).puzzle);
  interrupt_flag = true;
  SearchOptions opt;
  opt.mode = SearchMode::first;
  opt.stop = &interrupt_flag;
  const SearchResult r = Solver<BitDomain<64>, AC3>(big, opt).run();
  REQUIRE(r.status == SearchStatus::limit);
  REQUIRE(r.placements == 0);
}
