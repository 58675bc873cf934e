// The backtracking driver: composes propagators, counts or finds solutions, or hunts the best score under a
// mismatch budget.
#pragma once

#include <algorithm>
#include <array>
#include <chrono>
#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "edgecp/core/domain_store.hpp"
#include "edgecp/core/propagator.hpp"
#include "edgecp/core/rng.hpp"
#include "edgecp/puzzle/board.hpp"
#include "edgecp/puzzle/candidate_masks.hpp"
#include "edgecp/puzzle/model.hpp"
#include "edgecp/search/cell_order.hpp"
#include "edgecp/search/search_control.hpp"
#include "edgecp/search/tree_estimate.hpp"

namespace edgecp {

/// The driver's options; the limits, restarts and progress are SearchControl's.
struct SearchOptions : SearchControl {
  SearchMode mode = SearchMode::first;
  CellOrder order = CellOrder::row;
  MismatchBudget budget;
  /// Value order shuffled per cell by the seed (else ascending candidate id). Restarts (first and best mode;
  /// count mode never restarts) re-seed the value order, so restart_nodes > 0 implies random values.
  bool random_values = false;
  bool fix_corner = false;  ///< break rotational symmetry: the lowest-numbered corner piece goes top-left
  /// Best mode: hill-climb boards offered as the best (improve_by_swaps), as the scan engine does by default.
  /// Off (the default): kept boards are exactly the boards the search and its greedy completions reached.
  bool improve = false;
  bool time_propagators = false;  ///< fill PropagatorStats::seconds
  /// UNSOUND, for experiments and tests only: keep strict propagators on under a mismatch budget.
  bool keep_strict_under_budget = false;
};

/// Whether a propagator asked for stays off: strict propagators are unsound under a mismatch budget.
inline bool switched_off_under_budget(bool strict, const SearchOptions& o) {
  return strict && o.budget.active() && !o.keep_strict_under_budget;
}

struct PropagatorReport {
  std::string name;
  bool strict = false;
  bool enabled = false;       ///< requested and actually running
  bool switched_off = false;  ///< requested but strict under a mismatch budget
  PropagatorStats stats;
};

/// The driver's result: the shared fields, failed propagations and the propagators' reports.
struct SearchResult : SearchResultCore {
  std::uint64_t failures = 0;  ///< placements whose propagation failed
  std::vector<PropagatorReport> propagators;
};

/// What the driver requires of a propagator: the Propagator concept, and construction from the model and the
/// store (at level 0, where it subscribes to the store's change log). A class that misses one of them is
/// refused by Solver with one error, which names the requirement.
template <class P, class Store>
concept DriverPropagator = Propagator<P, Store> && std::constructible_from<P, const Model&, Store&>;

/// The refusal of propagators that are not DriverPropagators: a static_assert that names the concept (the
/// driver itself is the specialisation below, for every list of DriverPropagators).
template <class Domain, template <class> class... Props>
class Solver {
  // Only propagators that are not DriverPropagators end up here: the one error below names the requirement,
  // and the members a program calls on a solver exist, so that no follow-on error hides it (GCC would
  // otherwise report the refused type as `int` and add three errors of its own).
  static_assert((DriverPropagator<Props<DomainStore<Domain>>, DomainStore<Domain>> && ...),
                "edgecp::Solver: every propagator must be an edgecp::DriverPropagator: the Propagator "
                "concept, and constructible from (const Model&, Store&); see docs/extending.md");

 public:
  Solver(const Model&, SearchOptions = {}, std::array<bool, sizeof...(Props)> = {}) {}
  SearchResult run() { return {}; }
  TreeEstimate estimate(std::uint64_t) { return {}; }
};

/// The driver. `Props` are propagator class templates over the store, in priority order (cheap first);
/// each is enabled at run time by `enabled[i]`. Under a mismatch budget every strict propagator is switched
/// off (reported in the result); non-strict ones (the piece all-different) stay on.
///
/// Without any propagator it is a plain backtracker: a placement is valid when its piece is unused, it fits
/// the frame (static domain) and it matches every placed neighbour, except where the budget allows a
/// mismatch.
template <class Domain, template <class> class... Props>
requires(
    DriverPropagator<Props<DomainStore<Domain>>, DomainStore<Domain>>&&...) class Solver<Domain, Props...> {
 public:
  using Store = DomainStore<Domain>;
  static constexpr std::size_t prop_count = sizeof...(Props);
  /// Best mode: placements between two greedy completions of the best partial board, unless
  /// SearchControl::completion_every says otherwise.
  static constexpr std::uint64_t default_completion_every = 1 << 16;

  /// A driver over the model `m` (kept by reference: it must outlive the solver) with `opt`; `enabled[i]`
  /// switches the i-th of `Props` on (all by default). Builds the store at level 0 with the static domains
  /// (frame, hints), pins a corner piece when opt.fix_corner, and constructs every enabled propagator, which
  /// subscribes to the store's change log there. A count never restarts (it would count twice); restarts
  /// imply random values.
  Solver(const Model& m, SearchOptions opt, [[maybe_unused]] std::array<bool, prop_count> enabled = all_on())
      : model_(m),
        opt_(std::move(opt)),
        masks_(m),
        order_(fill_order(m, opt_.order)),
        store_(static_cast<std::size_t>(m.cell_count()), static_cast<std::size_t>(m.candidate_count())),
        clock_(opt_, opt_.mode != SearchMode::best ? 0
                     : opt_.completion_every       ? opt_.completion_every
                                                   : default_completion_every),
        keeper_(m, order_, opt_.improve, &opt_.on_improvement) {
    if (opt_.mode == SearchMode::count) opt_.restart_nodes = 0;  // a count restarted would count twice
    if (opt_.restart_nodes > 0) opt_.random_values = true;       // restarts re-seed the value order
    load_static_domains(store_, m);
    if (opt_.fix_corner) fix_corner();
    [[maybe_unused]] std::size_t i = 0;
    (init_prop<Props>(std::get<std::optional<Props<Store>>>(props_), enabled[i++]), ...);
    used_.assign(static_cast<std::size_t>(m.piece_count()), 0);
    placed_ = Board(m.cell_count());
    for (int c = 0; c < m.cell_count(); ++c)
      if (const int h = m.hint_candidate(c); h >= 0) {
        placed_.cells[static_cast<std::size_t>(c)] = h;
        used_[static_cast<std::size_t>(m.piece_of(h))] = 1;
      }
    to_place_ = static_cast<int>(order_.size());
    frame_.resize(static_cast<std::size_t>(m.cell_count()));
    for (int c = 0; c < m.cell_count(); ++c) frame_[static_cast<std::size_t>(c)] = m.geometry().on_frame(c);
  }

  Solver(const Solver&) = delete;  // clock_ points into opt_
  Solver& operator=(const Solver&) = delete;

  static constexpr std::array<bool, prop_count> all_on() {
    std::array<bool, prop_count> a{};
    a.fill(true);
    return a;
  }

  /// Searches under opt's mode and limits and returns what it found: first mode stops at the first solution,
  /// count mode counts them all, best mode keeps the best board (by score, greedy completions of the best
  /// partial board included) until the limits; with the status, the placements (by depth), restarts and
  /// each propagator's statistics.
  SearchResult run() {
    clock_.start();
    // a long propagation ends at the time limit or the stop flag too (a failure then, reported as a limit)
    using Clock = std::chrono::steady_clock;
    store_.set_interrupt(opt_.stop, opt_.time_limit > 0 && opt_.time_limit < 1e9
                                        ? Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                                             std::chrono::duration<double>(opt_.time_limit))
                                        : Clock::time_point::max());
    result_ = SearchResult{};
    result_.placements_by_depth.assign(static_cast<std::size_t>(to_place_) + 1, 0);
    while (true) {
      if (opt_.random_values) shuffle_values(restart_seed(opt_.seed, result_.restarts));
      stop_ = Stop::none;
      const int level = store_.level();
      store_.push_level();
      if (propagate()) search(0, 0);
      store_.pop_to(level);
      if (store_.interrupted())
        stop_ = Stop::limit;  // whatever failed after the interruption refuted nothing
      if (stop_ != Stop::restart) break;
      ++result_.restarts;
      clock_.restarted(result_.placements);
    }
    result_.seconds = clock_.elapsed();
    result_.status = stop_ == Stop::solved  ? SearchStatus::solved
                     : stop_ == Stop::limit ? SearchStatus::limit
                                            : SearchStatus::exhausted;
    if (opt_.mode == SearchMode::best) {
      keeper_.complete_partial(result_.seconds, !opt_.out_of_time(result_.seconds));
      keeper_.report(result_);
    } else {
      verify_into(model_, result_);
    }
    report_propagators();
    return result_;
  }

  /// Knuth's estimate (search/tree_estimate.hpp) of the tree run() searches in count mode with these options
  /// (first mode: the whole tree, as a count would search it). Each probe follows search(): the same cell
  /// choice, candidates, mismatch budget and propagation, every candidate tried and undone, then one
  /// successful placement kept at random. A count's tree does not depend on the value order, so random
  /// values and restarts are ignored. Stops early at the time limit or the stop flag (between probes).
  /// Throws std::invalid_argument in best mode (its search ends at a perfect board, not at the tree's end).
  TreeEstimate estimate(std::uint64_t probes) {
    if (opt_.mode == SearchMode::best)
      throw std::invalid_argument(
          "a tree-size estimate is of a count or first-solution search, not best mode");
    clock_.start();
    TreeEstimator est(static_cast<std::size_t>(to_place_) + 1);
    Rng rng(opt_.seed);
    const int level = store_.level();
    store_.push_level();
    const bool ok = propagate();
    for (std::uint64_t k = 0; k < probes; ++k) {
      if (k > 0 && estimate_interrupted(opt_, clock_.elapsed())) break;
      if (ok) walk(rng, est);
      est.end_probe();
    }
    store_.pop_to(level);
    return est.finish(clock_.elapsed(), 1);
  }

  const std::vector<int>& order() const { return order_; }
  /// The propagator of class template P, or nullptr when it is off (e.g. to configure its gate).
  template <template <class> class P>
  P<Store>* get() {
    auto& slot = std::get<std::optional<P<Store>>>(props_);
    return slot ? &*slot : nullptr;
  }
  Store& store() { return store_; }

 private:
  enum class Stop { none, solved, limit, restart };

  template <template <class> class P>
  void init_prop(std::optional<P<Store>>& slot, bool want) {
    PropagatorReport r;
    r.name = std::string(P<Store>::name);
    r.strict = P<Store>::strict;
    r.switched_off = want && switched_off_under_budget(r.strict, opt_);
    r.enabled = want && !r.switched_off;
    if (r.enabled) {
      slot.emplace(model_, store_);
      any_enabled_ = true;
    }
    reports_.push_back(r);
  }

  void fix_corner() {
    const int corner = model_.geometry().cell(0, 0);
    if (model_.hint_candidate(corner) >= 0) return;
    if (const int p = lowest_corner_piece(model_); p >= 0) {
      auto d = store_.domain(static_cast<std::size_t>(corner));
      d &= Domain::from_words(model_.piece_mask(p));
      store_.set_domain(static_cast<std::size_t>(corner), d);
    }
  }

  void shuffle_values(std::uint64_t seed) {
    Rng rng(seed);
    const auto nc = static_cast<std::size_t>(model_.candidate_count());
    values_.assign(static_cast<std::size_t>(model_.cell_count()), {});
    rank_.assign(values_.size() * nc, 0);
    for (int c = 0; c < model_.cell_count(); ++c) {
      auto& v = values_[static_cast<std::size_t>(c)];
      store_.for_each(static_cast<std::size_t>(c),
                      [&](std::size_t id) { v.push_back(static_cast<int>(id)); });
      rng.shuffle(v);
      for (std::size_t i = 0; i < v.size(); ++i)
        rank_[static_cast<std::size_t>(c) * nc + static_cast<std::size_t>(v[i])] = static_cast<int>(i);
    }
  }

  /// Tries the candidates of `cands` in the cell's random order: a few candidates (the usual case once
  /// neighbours are placed) are sorted by rank on the stack; many are filtered from the full permutation.
  template <class Try>
  bool try_random_order(int cell, const Domain& cands, Try&& try_value) {
    constexpr std::size_t few = 32;
    if (cands.size() > few) {
      for (int id : values_[static_cast<std::size_t>(cell)])
        if (cands.contains(static_cast<std::size_t>(id)) && try_value(id)) return true;
      return false;
    }
    const int* rank =
        rank_.data() + static_cast<std::size_t>(cell) * static_cast<std::size_t>(model_.candidate_count());
    std::array<int, few> ids{};
    std::size_t n = 0;
    cands.for_each([&](std::size_t id) {
      std::size_t j = n++;  // insertion by rank
      for (; j > 0 && rank[ids[j - 1]] > rank[id]; --j) ids[j] = ids[j - 1];
      ids[j] = static_cast<int>(id);
    });
    for (std::size_t i = 0; i < n; ++i)
      if (try_value(ids[i])) return true;
    return false;
  }

  /// Runs the enabled propagators in priority order to a common fixpoint.
  bool propagate() {
    bool ok = true;
    std::size_t i = 0;
    while (ok && i < prop_count) {
      const std::size_t before = store_.log_size();
      ok = run_prop(i);
      i = (ok && i > 0 && store_.log_size() != before) ? 0 : i + 1;
    }
    return ok;
  }
  bool run_prop(std::size_t i) { return run_prop_impl(i, std::make_index_sequence<prop_count>{}); }
  template <std::size_t... I>
  bool run_prop_impl(std::size_t i, std::index_sequence<I...>) {
    bool ok = true;
    ((I == i ? (ok = run_one(std::get<I>(props_))) : false), ...);
    return ok;
  }
  template <class P>
  bool run_one(std::optional<P>& p) {
    if (!p) return true;
    if (!opt_.time_propagators) return p->propagate(store_) == Status::ok;
    const auto t0 = std::chrono::steady_clock::now();
    const bool ok = p->propagate(store_) == Status::ok;
    p->stats().seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return ok;
  }

  int choose_cell(int depth) const {
    if (opt_.order != CellOrder::mrv) return order_[static_cast<std::size_t>(depth)];
    int best = -1;
    std::size_t best_size = 0;
    for (int c : order_) {
      if (placed_.cells[static_cast<std::size_t>(c)] >= 0) continue;
      const std::size_t sz = store_.size(static_cast<std::size_t>(c));
      if (best < 0 || sz < best_size) {
        best = c;
        best_size = sz;
        if (sz <= 1) break;
      }
    }
    return best;
  }

  /// Mismatched joins a candidate makes with placed neighbours; -1 if one of them is a frame-frame join.
  int mismatches(int cell, int id) const {
    const Geometry& g = model_.geometry();
    int n_bad = 0;
    for (int s = 0; s < 4; ++s) {
      const int n = g.neighbour(cell, s);
      if (n < 0) continue;
      const int o = placed_.cells[static_cast<std::size_t>(n)];
      if (o < 0 || model_.colour(id, s) == model_.colour(o, opposite(s))) continue;
      if (frame_[static_cast<std::size_t>(cell)] && frame_[static_cast<std::size_t>(n)]) return -1;
      ++n_bad;
    }
    return n_bad;
  }

  /// The candidates of `cell` worth trying: its domain, restricted to those matching every placed
  /// neighbour when no mismatch is left to spend.
  Domain candidates(int cell, bool exact) const {
    Domain cands = store_.domain(static_cast<std::size_t>(cell));
    if (!exact) return cands;
    const Geometry& g = model_.geometry();
    for (int s = 0; s < 4; ++s) {
      const int n = g.neighbour(cell, s);
      if (n < 0) continue;
      const int o = placed_.cells[static_cast<std::size_t>(n)];
      if (o >= 0) cands &= masks_.showing(s, model_.colour(o, opposite(s)));
    }
    return cands;
  }

  /// One probe of estimate(): from the root down to a complete board or a dead end, as search() would go.
  void walk(Rng& rng, TreeEstimator& est) {
    const int level = store_.level();
    double weight = 1;
    int depth = 0, mism = 0;
    std::vector<std::pair<int, int>> placeable;  // (candidate, mismatches) of this node that succeed
    std::vector<int> path;                       // cells the walk filled
    while (depth < to_place_) {
      const int cell = choose_cell(depth);
      const int allowed = opt_.budget.allowed(depth + 1);
      const Domain cands = candidates(cell, mism == allowed);
      placeable.clear();
      int tried = 0;
      for (std::size_t id = cands.first(); id != Domain::npos; id = cands.find_next(id + 1)) {
        if (used_[static_cast<std::size_t>(model_.piece_of(static_cast<int>(id)))]) continue;
        const int bad = mismatches(cell, static_cast<int>(id));
        if (bad < 0 || mism + bad > allowed) continue;
        ++tried;
        bool ok = true;
        if (any_enabled_) {
          store_.push_level();
          (void)store_.assign(static_cast<std::size_t>(cell), id);
          ok = propagate();
          store_.pop_level();
        }
        if (ok) placeable.emplace_back(static_cast<int>(id), bad);
      }
      est.node(depth, tried, weight);
      if (placeable.empty()) {
        weight = 0;  // a dead end
        break;
      }
      const auto [id, bad] = placeable[static_cast<std::size_t>(rng.below(placeable.size()))];
      weight *= static_cast<double>(placeable.size());
      placed_.cells[static_cast<std::size_t>(cell)] = id;
      used_[static_cast<std::size_t>(model_.piece_of(id))] = 1;
      path.push_back(cell);
      if (any_enabled_) {
        store_.push_level();
        (void)store_.assign(static_cast<std::size_t>(cell), static_cast<std::size_t>(id));
        (void)propagate();
      }
      mism += bad;
      ++depth;
    }
    est.solution(weight);
    store_.pop_to(level);
    for (int c : path) {
      used_[static_cast<std::size_t>(model_.piece_of(placed_.cells[static_cast<std::size_t>(c)]))] = 0;
      placed_.cells[static_cast<std::size_t>(c)] = -1;
    }
  }

  /// Depth-first search; returns true when the search must stop (solution in first mode, limit reached).
  bool search(int depth, int mism) {
    if (depth == to_place_) return on_solution(mism);
    const int cell = choose_cell(depth);
    const int allowed = opt_.budget.allowed(depth + 1);
    auto try_value = [&](int id) -> bool {  // true = stop
      if (used_[static_cast<std::size_t>(model_.piece_of(id))]) return false;
      const int bad = mismatches(cell, id);
      if (bad < 0 || mism + bad > allowed) return false;
      if (should_stop()) return true;
      ++result_.placements;
      ++result_.placements_by_depth[static_cast<std::size_t>(depth) + 1];
      placed_.cells[static_cast<std::size_t>(cell)] = id;
      used_[static_cast<std::size_t>(model_.piece_of(id))] = 1;
      bool stop = false;
      if (!any_enabled_) {  // a plain backtracker: the store stays at the static domains
        note_depth(depth + 1, mism + bad);
        stop = search(depth + 1, mism + bad);
      } else {
        store_.push_level();
        (void)store_.assign(static_cast<std::size_t>(cell), static_cast<std::size_t>(id));
        if (propagate()) {
          note_depth(depth + 1, mism + bad);
          stop = search(depth + 1, mism + bad);
        } else if (store_.interrupted()) {
          stop_ = Stop::limit;
          stop = true;
        } else {
          ++result_.failures;
        }
        store_.pop_level();
      }
      placed_.cells[static_cast<std::size_t>(cell)] = -1;
      used_[static_cast<std::size_t>(model_.piece_of(id))] = 0;
      return stop;
    };
    const Domain cands = candidates(cell, mism == allowed);
    if (opt_.random_values) return try_random_order(cell, cands, try_value);
    for (std::size_t id = cands.first(); id != Domain::npos; id = cands.find_next(id + 1))
      if (try_value(static_cast<int>(id))) return true;
    return false;
  }

  bool on_solution(int mism) {
    ++result_.solutions;
    if (opt_.mode == SearchMode::best) {  // complete boards within the budget; a perfect one ends the search
      keeper_.offer(placed_, clock_.elapsed());
      if (mism > 0) return false;
      stop_ = Stop::solved;
      return true;
    }
    if (result_.solutions == 1) result_.board = placed_;
    if (opt_.mode == SearchMode::first) {
      stop_ = Stop::solved;
      return true;
    }
    return false;
  }

  void note_depth(int depth, int mism) {
    if (depth > result_.deepest) result_.deepest = depth;
    if (opt_.mode == SearchMode::best && depth < to_place_ && keeper_.better_partial(depth, mism))
      keeper_.record_partial(depth, mism, placed_);
  }

  /// Checked before each placement: the stop reasons, restarts, completions and progress of SearchClock.
  bool should_stop() {
    if (stop_ != Stop::none) return true;
    if (result_.placements < clock_.next_poll()) return false;
    const auto ev = clock_.poll(
        result_.placements, [&] { keeper_.complete_partial(clock_.elapsed()); },
        [&](double t) { return progress(t); });
    if (ev == SearchClock::Event::go_on) return false;
    stop_ = ev == SearchClock::Event::stop ? Stop::limit : Stop::restart;
    return true;
  }

  SearchProgress progress(double t) const {
    SearchProgress p;
    p.seconds = t;
    p.placements = result_.placements;
    p.solutions = result_.solutions;
    p.deepest = result_.deepest;
    p.best_depth = std::max(keeper_.partial_depth(), 0);
    p.best_score = keeper_.best_score();
    p.restarts = result_.restarts;
    return p;
  }

  void report_propagators() {
    result_.propagators = reports_;
    [[maybe_unused]] std::size_t i = 0;
    std::apply(
        [&](auto&... p) { ((p ? (void)(result_.propagators[i].stats = p->stats()) : (void)0, ++i), ...); },
        props_);
  }

  // constant data
  const Model& model_;
  SearchOptions opt_;
  CandidateMasks<Domain> masks_;
  std::vector<int> order_;   // the static fill order, hint cells excluded
  std::vector<char> frame_;  // frame_[c] <=> c is on the frame
  int to_place_ = 0;
  // search state (undone by the recursion itself)
  Store store_;
  std::tuple<std::optional<Props<Store>>...> props_;
  bool any_enabled_ = false;
  Board placed_;                          // pieces placed by the search and hints
  std::vector<char> used_;                // used_[p] <=> piece p is on placed_
  std::vector<std::vector<int>> values_;  // random value order per cell (its static candidates)
  std::vector<int> rank_;                 // rank_[cell * candidates + id] = position of id in values_[cell]
  // results and bookkeeping
  std::vector<PropagatorReport> reports_;
  SearchResult result_;
  SearchClock clock_;
  BestBoardKeeper keeper_;  // best mode
  Stop stop_ = Stop::none;
};

}  // namespace edgecp
