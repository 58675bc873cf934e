// The engine facade: which engine a request runs on, the propagators by name, and running the driver on a
// domain sized for the puzzle. A command line only parses and prints around it.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "edgecp/core/bit_domain.hpp"
#include "edgecp/core/domain_store.hpp"
#include "edgecp/propagators/ac2001.hpp"
#include "edgecp/propagators/ac3.hpp"
#include "edgecp/propagators/arc_consistency.hpp"
#include "edgecp/propagators/colour_matching.hpp"
#include "edgecp/propagators/forward_checking.hpp"
#include "edgecp/propagators/piece_all_different.hpp"
#include "edgecp/puzzle/model.hpp"
#include "edgecp/search/cell_order.hpp"
#include "edgecp/search/exact_search.hpp"
#include "edgecp/search/exact_walk.hpp"
#include "edgecp/search/scan_search.hpp"
#include "edgecp/search/search_control.hpp"
#include "edgecp/search/solver.hpp"

namespace edgecp {

/// A set of propagator class templates known by name, in priority order (cheap first). Names and
/// strictness come from the types (P::name, P::strict), so a list of names selects them without anyone
/// repeating what the propagators say of themselves.
template <template <class> class... Props>
struct PropagatorRegistry {
  static constexpr std::size_t size = sizeof...(Props);
  using Probe = DomainStore<BitDomain<1>>;  // any store: names and strictness do not depend on it
  static constexpr std::array<std::string_view, size> names{Props<Probe>::name...};
  static constexpr std::array<bool, size> strict{Props<Probe>::strict...};
  template <class Domain>
  using solver = Solver<Domain, Props...>;

  /// The names, comma-separated, in priority order.
  static std::string known() {
    std::string out;
    for (std::string_view n : names) out += (out.empty() ? "" : ", ") + std::string(n);
    return out;
  }
  /// Enabled flags for a list of names; throws std::invalid_argument on a name it does not know.
  static std::array<bool, size> select(const std::vector<std::string>& wanted) {
    std::array<bool, size> on{};
    for (const std::string& w : wanted) {
      std::size_t i = 0;
      while (i < size && names[i] != w) ++i;
      if (i == size) throw std::invalid_argument("unknown propagator '" + w + "' (" + known() + ", none)");
      on[i] = true;
    }
    return on;
  }
};

/// The propagators edgecp ships, in the driver's priority order.
using StandardPropagators =
    PropagatorRegistry<ForwardChecking, ArcConsistency, AC2001, AC3, ColourMatching, PieceAllDifferent>;

enum class EngineKind { automatic, scan, driver, exact, walk };

inline std::string_view to_string(EngineKind e) {
  return e == EngineKind::scan     ? "scan"
         : e == EngineKind::driver ? "driver"
         : e == EngineKind::exact  ? "exact"
         : e == EngineKind::walk   ? "walk"
                                   : "auto";
}

/// What a run asks for, before an engine is chosen.
struct EngineRequest {
  SearchMode mode = SearchMode::best;
  EngineKind engine = EngineKind::automatic;
  std::optional<std::vector<std::string>> propagators;  ///< given explicitly (empty: none)
  MismatchBudget budget;
  std::optional<CellOrder> order;
  bool fix_corner = false;
  bool random = false;       ///< random values were asked for (a driver option)
  bool restarts = false;     ///< restarts were asked for (the scan engine's and the driver's, not the walk's)
  bool gates = false;        ///< a depth gate was asked for (a driver option)
  bool threads = false;      ///< a thread count was asked for (the scan engine's and the walk's)
  bool scan_checks = false;  ///< scan options were asked for (checks, quota, break sets, bound, repairs)
};

/// The engine a request runs on, checked: `automatic` picks the scan engine for best mode under a mismatch
/// budget unless propagators are asked for (the record hunt wins without them), and for best mode without a
/// budget unless a driver option is given (restarts are the scan engine's too; the caller then gives it
/// plan_hunt's schedule); for first and
/// count mode, unless driver options are asked for (propagators, gates, random values, restarts, a budget),
/// the exact walk (the fastest measured, docs/journal.md section 24), or the exact engine with `--order mrv`
/// (the walk needs a static order); else the propagating driver. Throws std::invalid_argument when the
/// request mixes the engines' options; its message names the command-line options of edgecp-solve. (A puzzle
/// too large for the walk or the exact engine runs on the driver: see engine_for_puzzle.)
inline EngineKind choose_engine(const EngineRequest& r) {
  const bool props_asked = r.propagators && !r.propagators->empty();
  const bool driver_asked =
      r.propagators.has_value() || r.gates || r.random || r.restarts || r.budget.active();
  EngineKind e = r.engine;
  // best mode without a budget: the scan engine runs with plan_hunt's schedule, unless driver options
  const bool scan_by_default = !r.budget.active() && !r.propagators && !r.gates && !r.random &&
                               !r.fix_corner && r.order != CellOrder::mrv;
  if (e == EngineKind::automatic)
    e = r.mode == SearchMode::best && ((r.budget.active() && !props_asked) || scan_by_default)
            ? EngineKind::scan
        : r.mode != SearchMode::best && !driver_asked
            ? (r.order == CellOrder::mrv ? EngineKind::exact : EngineKind::walk)
            : EngineKind::driver;
  if (e == EngineKind::scan) {
    if (r.mode != SearchMode::best) throw std::invalid_argument("the scan engine: only --mode best");
    if (props_asked)
      throw std::invalid_argument(
          "the scan engine runs without propagators (use --propagators none or --engine driver)");
    if (r.order == CellOrder::mrv)
      throw std::invalid_argument("the scan engine needs a static order, not mrv");
    if (r.fix_corner || r.gates)
      throw std::invalid_argument(
          "the scan engine: --fix-corner, --colour-gate and --alldiff-gate are driver options");
  } else if (r.scan_checks) {
    throw std::invalid_argument(
        "--scan-checks, --quota, --quota-ramp, --fixed-quota, --break-sets, --colour-bound, --repair-nodes "
        "and --block-repair need the scan engine (--mode best with --breaks)");
  } else if (r.threads && e != EngineKind::walk) {
    throw std::invalid_argument(
        "--threads runs the scan engine (best mode) or the exact walk (first and count mode), not the " +
        std::string(to_string(e)) + (e == EngineKind::exact ? " engine" : ""));
  }
  if (e == EngineKind::walk) {
    if (r.mode == SearchMode::best)
      throw std::invalid_argument("the exact walk finds or counts exact solutions: --mode first or count");
    if (driver_asked)
      throw std::invalid_argument(
          "the exact walk runs without propagators: --propagators, --breaks, gates, --random-values and "
          "--restart are driver options (--engine driver)");
    if (r.order == CellOrder::mrv)
      throw std::invalid_argument("the exact walk needs a static order, not mrv");
  }
  if (e == EngineKind::exact) {
    if (r.mode == SearchMode::best)
      throw std::invalid_argument("the exact engine finds or counts exact solutions: --mode first or count");
    if (driver_asked)
      throw std::invalid_argument(
          "the exact engine has its own propagation: --propagators, --breaks, gates, --random-values and "
          "--restart are driver options (--engine driver)");
  }
  return e;
}

/// The engine chosen for a request, given the puzzle: an automatic choice of the walk or the exact engine
/// falls back to the driver on a puzzle too large for it (more than 256 pieces); an explicit one throws
/// std::invalid_argument.
inline EngineKind engine_for_puzzle(EngineKind chosen, bool automatic, const Model& m) {
  if (chosen == EngineKind::walk && walk_width(m) == 0) {
    if (automatic) return EngineKind::driver;
    check_walk_size(m);  // throws
  }
  if (chosen != EngineKind::exact || exact_width(m) != 0) return chosen;
  if (automatic) return EngineKind::driver;
  check_exact_size(m);  // throws
  return chosen;
}

/// Checks a budget against a puzzle: every index must lie in 1 .. cells. (On a puzzle with hints the last
/// indices may lie past the last placement: schedules are written for the whole board, and such an index
/// simply never comes into force.) Throws std::invalid_argument otherwise.
inline void check_budget(const MismatchBudget& b, const Model& m) {
  for (int i : b.indices())
    if (i < 1 || i > m.cell_count())
      throw std::invalid_argument("index " + std::to_string(i) + " is not a placement of this puzzle (1.." +
                                  std::to_string(m.cell_count()) + ")");
}

/// The cell order each engine uses when none is given.
inline CellOrder default_order(EngineKind e) {
  return e == EngineKind::scan    ? CellOrder::blackwood
         : e == EngineKind::exact ? CellOrder::mrv
                                  : CellOrder::row;  // the walk: the order measured best for it (section 24)
}

/// The scan engine restarts after this many placements per thread when nothing else is asked (about 7 s on
/// the reference machine; docs/journal.md section 5 compares restart intervals).
constexpr std::uint64_t default_scan_restart_nodes = 200'000'000;

/// Seconds a best-mode hunt runs when no limit is given (the commands' --time default).
constexpr double default_hunt_seconds = 30.0;

/// Calls f(solver) on a driver over the registry's propagators named in `names`, on the narrowest bit domain
/// that holds the puzzle's candidates, and returns what it returns.
template <class Registry = StandardPropagators, class F>
auto with_driver(const Model& m, const SearchOptions& opt, const std::vector<std::string>& names, F&& f) {
  const auto enabled = Registry::select(names);
  auto go = [&]<class Domain>() {
    typename Registry::template solver<Domain> solver(m, opt, enabled);
    return f(solver);
  };
  const auto n = static_cast<std::size_t>(m.candidate_count());
  if (n <= BitDomain<1>::capacity) return go.template operator()<BitDomain<1>>();
  if (n <= BitDomain<4>::capacity) return go.template operator()<BitDomain<4>>();
  if (n <= BitDomain<16>::capacity) return go.template operator()<BitDomain<16>>();
  static_assert(BitDomain<64>::capacity >= 4 * max_cells, "a domain for the largest supported board");
  return go.template operator()<BitDomain<64>>();
}

/// Runs the driver over the registry's propagators named in `names` (with_driver). `configure(solver)` is
/// called before the run (e.g. to set depth gates).
template <class Registry = StandardPropagators, class Configure>
SearchResult run_driver(const Model& m, const SearchOptions& opt, const std::vector<std::string>& names,
                        Configure&& configure) {
  return with_driver<Registry>(m, opt, names, [&](auto& solver) {
    configure(solver);
    return solver.run();
  });
}

template <class Registry = StandardPropagators>
SearchResult run_driver(const Model& m, const SearchOptions& opt, const std::vector<std::string>& names) {
  return run_driver<Registry>(m, opt, names, [](auto&) {});
}

/// Knuth's estimate of the tree run_driver(m, opt, names, configure) searches (Solver::estimate; count or
/// first mode), from `probes` probes seeded by opt.seed.
template <class Registry = StandardPropagators, class Configure>
TreeEstimate estimate_driver(const Model& m, const SearchOptions& opt, const std::vector<std::string>& names,
                             std::uint64_t probes, Configure&& configure) {
  return with_driver<Registry>(m, opt, names, [&](auto& solver) {
    configure(solver);
    return solver.estimate(probes);
  });
}

template <class Registry = StandardPropagators>
TreeEstimate estimate_driver(const Model& m, const SearchOptions& opt, const std::vector<std::string>& names,
                             std::uint64_t probes) {
  return estimate_driver<Registry>(m, opt, names, probes, [](auto&) {});
}

}  // namespace edgecp
