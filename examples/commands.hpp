// The commands of edgecp and edgecp-solve: search (solve, count, first), check and draw a board, generate a
// puzzle. Each takes its parsed options and returns the exit code. Program support, not library.
#pragma once

#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <functional>
#include <iostream>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "cli_common.hpp"

namespace cli {

// The scan engine on one or more threads.
inline int solve_scan(const Args& a, const Model& m, const OutputPlan& plan) {
  ScanOptions opt;
  opt.order = a.order.value_or(default_order(EngineKind::scan));
  opt.budget = MismatchBudget(a.breaks);
  opt.values = a.values;
  opt.seed = a.seed;
  opt.time_limit = hunt_time_limit(a);
  opt.node_limit = a.nodes;
  opt.restart_nodes = a.restart.value_or(default_scan_restart_nodes);
  opt.window_fc = a.window_fc;
  opt.colour_parity = a.parity;
  opt.quota_colours = a.quota_colours;
  opt.quota_fallbacks = a.quota_fallbacks;
  opt.quota_ramp = a.quota_ramp;
  opt.break_sets = a.break_sets.value_or(opt.break_sets);
  opt.colour_bound = a.colour_bound.value_or(opt.colour_bound);
  opt.repair_nodes = a.repair_nodes.value_or(opt.repair_nodes);
  opt.block_repair_nodes = a.block_repair.value_or(opt.block_repair_nodes);
  opt.completion_slack = a.completion_slack.value_or(opt.completion_slack);
  opt.stop = &stop_requested;
  opt.quota_adapt = a.quota_adapt;
  opt.quota_stalls = a.quota_stalls.value_or(0);
  print_configuration(a);
  const Board resumed = resumed_best(a, m);
  const int resumed_score = resumed.cells.empty() ? -1 : score(m, resumed);
  // The threads bound each other, as edgecp-mpi's ranks do: once one has a board, every thread looks only for
  // better ones. A node-limited run without --resume keeps them independent, so that it is reproducible.
  std::atomic<int> bound{resumed_score};  // with --resume, only boards beating the saved one count
  if (resumed_score >= 0 || a.nodes == 0) opt.shared_best = &bound;
  BestSaver saver(a, m, resumed_score);
  opt.on_improvement = [&](const Board& b, int sc, double t) { saver.offer(b, sc, t); };
  const int cores = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  int threads = a.threads ? a.threads : cores;
  if (threads > max_threads_per_core * cores) {
    threads = max_threads_per_core * cores;
    std::fprintf(stderr, "%s: --threads %d capped at %d (%d per core on %d cores)\n", program.c_str(),
                 a.threads, threads, max_threads_per_core, cores);
  }
  const int max_score = m.geometry().inner_join_count();
  if (!a.quiet)
    opt.on_progress = [&](const SearchProgress& p) {
      fmt::print(stderr, "[{:7.1f}s] placements {} ({}) deepest {} best {} restarts {}\n", p.seconds,
                 p.placements, format_rate(rate(p)), p.deepest, best_text(p.best_score, max_score),
                 p.restarts);
    };
  const std::clock_t cpu0 = std::clock();
  ParallelScanResult pr = run_parallel_scan(m, opt, threads);
  const double cpu = static_cast<double>(std::clock() - cpu0) / CLOCKS_PER_SEC;
  ScanResult& r = pr.best;
  if (resumed_score >= 0 && r.score <= resumed_score) {  // nothing beat the saved board: it is the result
    r.board = resumed;
    verify_into(m, r);
  }
  if (!board_passes(r)) return exit_internal;
  const double per_cpu = cpu > 0 ? static_cast<double>(pr.placements) / cpu : 0.0;
  if (a.json) {
    std::string history = "[";
    for (std::size_t i = 0; i < pr.score_history.size(); ++i)
      history +=
          fmt::format("{}[{:.3f},{}]", i ? "," : "", pr.score_history[i].first, pr.score_history[i].second);
    history += "]";
    std::vector<int> deepest;
    std::uint64_t repair_placements = 0;
    std::uint64_t block_placements = 0;
    std::uint64_t completions = 0;
    int repair_gain = 0, block_gain = 0, quota_halvings = 0;  // halvings: the most of any thread
    std::vector<int> colour_sets;  // per thread, the quota's colours in force at the end
    long long restarts = 0, complete = 0, window_prunes = 0, parity_prunes = 0, bound_prunes = 0;
    for (const auto& t : pr.per_thread) {  // the counts of every thread, not only the best one's
      restarts += t.restarts;
      complete += static_cast<long long>(t.solutions);
      window_prunes += static_cast<long long>(t.window_fc_prunes);
      parity_prunes += static_cast<long long>(t.parity_prunes);
      bound_prunes += static_cast<long long>(t.colour_bound_prunes);
      deepest.push_back(t.deepest);
      repair_placements += t.repair_placements;
      repair_gain += t.repair_gain;
      block_placements += t.block_repair_placements;
      block_gain += t.block_repair_gain;
      completions += t.completions;
      quota_halvings = std::max(quota_halvings, t.quota_halvings);
      colour_sets.push_back(t.quota_colour_set);
    }
    JsonObject o = json_head(m, "best", "scan", opt.order, status_text(r.status));
    o.integer("threads", threads)
        .integer("placements", static_cast<long long>(pr.placements))
        .num("cpu_seconds", cpu)
        .num("placements_per_cpu_second", per_cpu)
        .integer("deepest", pr.deepest)
        .raw("deepest_by_thread", json_int_list(deepest))
        .integer("restarts", restarts)
        .integer("complete_placements", complete)
        .num("seconds", pr.seconds)
        .num("best_found_at", r.best_found_at)
        .integer("best_thread", pr.best_thread)
        .boolean("threads_share_best", opt.shared_best != nullptr)
        .num("time_limit", opt.time_limit)
        .integer("node_limit", static_cast<long long>(opt.node_limit));
    json_score(o, a, m, r.score, r.mismatches, !r.board.cells.empty());
    o.boolean("window_fc", a.window_fc)
        .boolean("parity", a.parity)
        .raw("quota_colours", json_int_list(a.quota_colours))
        .raw("quota_fallbacks", json_int_lists(a.quota_fallbacks))
        .raw("quota_colour_set_by_thread", json_int_list(colour_sets))
        .integer("quota_stalls", a.quota_adapt && !a.quota_colours.empty() ? a.quota_stalls.value_or(0) : 0)
        .integer("quota_halvings", quota_halvings)
        .str("values", values_text(a.values))
        .raw("configuration_chosen", json_string_list(a.plan_chose))
        .str("configuration_why", a.plan_why)
        .integer("break_sets", a.break_sets.value_or(ScanOptions{}.break_sets))
        .integer("colour_bound", a.colour_bound.value_or(ScanOptions{}.colour_bound))
        .integer("colour_bound_prunes", bound_prunes)
        .integer("window_fc_prunes", window_prunes)
        .integer("parity_prunes", parity_prunes)
        .integer("repair_nodes", static_cast<long long>(opt.repair_nodes))
        .integer("repair_placements", static_cast<long long>(repair_placements))
        .integer("repair_gain", repair_gain)
        .integer("block_repair", static_cast<long long>(opt.block_repair_nodes))
        .integer("block_repair_placements", static_cast<long long>(block_placements))
        .integer("block_repair_gain", block_gain)
        .integer("completion_slack", opt.completion_slack)
        .integer("completions", static_cast<long long>(completions))
        .raw("score_history", history);
    json_result_board(o, m, r);
    std::cout << o.str() << "\n";
  } else {
    std::cout << fmt::format("puzzle      {}\n", m.puzzle().name)
              << fmt::format("mode        best (engine scan, order {}, {} thread{})\n", to_string(opt.order),
                             threads, threads == 1 ? "" : "s")
              << fmt::format("status      {}\n", status_text(r.status))
              << fmt::format("placements  {} ({:.1f}M per CPU-second, deepest {})\n", pr.placements,
                             per_cpu / 1e6, pr.deepest)
              << fmt::format("seconds     {:.3f} (best found at {:.3f})\n", pr.seconds, r.best_found_at);
    print_score(m, r.board, r.score, r.mismatches);
  }
  std::cout.flush();
  const int code = write_outputs(a, m, r.board, r.score, plan);
  return exit_code(saver.failed() ? exit_write_failed : code);
}

// The driver's options from the command line.
inline SearchOptions driver_options(const Args& a) {
  SearchOptions opt;
  opt.mode = a.mode;
  opt.order = a.order.value_or(default_order(EngineKind::driver));
  opt.budget = MismatchBudget(a.breaks);
  opt.random_values = a.random_values;
  opt.seed = a.seed;
  opt.time_limit = a.mode == SearchMode::best ? hunt_time_limit(a) : a.time.value_or(0.0);
  opt.node_limit = a.nodes;
  opt.restart_nodes = a.restart.value_or(0);
  opt.fix_corner = a.fix_corner;
  opt.time_propagators = true;
  opt.stop = &stop_requested;
  return opt;
}
// The propagators a driver run asks for, and the gates --colour-gate and --alldiff-gate set on them.
inline const std::vector<std::string>& driver_propagators(const Args& a) {
  return a.propagators ? *a.propagators : default_propagators;
}
inline auto driver_gates(const Args& a) {
  return [&a](auto& solver) {
    if (auto* colour = solver.template get<ColourMatching>()) colour->set_min_assigned(a.colour_gate);
    if (auto* alldiff = solver.template get<PieceAllDifferent>()) alldiff->set_min_assigned(a.alldiff_gate);
  };
}

// The propagating driver.
inline int solve_driver(const Args& a, const Model& m, const OutputPlan& plan) {
  SearchOptions opt = driver_options(a);
  const Board resumed = a.mode == SearchMode::best ? resumed_best(a, m) : Board{};
  const int resumed_score = resumed.cells.empty() ? -1 : score(m, resumed);
  BestSaver saver(a, m, resumed_score);
  if (a.mode == SearchMode::best)
    opt.on_improvement = [&](const Board& b, int sc, double t) { saver.offer(b, sc, t); };
  const int max_score = m.geometry().inner_join_count();
  if (!a.quiet)
    opt.on_progress = [&](const SearchProgress& p) {
      fmt::print(stderr, "[{:7.1f}s] nodes {} ({}) deepest {}{}\n", p.seconds, p.placements,
                 format_rate(rate(p)), p.deepest,
                 a.mode == SearchMode::best    ? " best " + best_text(p.best_score, max_score)
                 : a.mode == SearchMode::count ? fmt::format(" solutions {}", p.solutions)
                                               : std::string());
    };
  const std::vector<std::string>& names = driver_propagators(a);
  std::vector<std::string> on, off;  // strictness from the propagator types
  const auto enabled = StandardPropagators::select(names);
  for (std::size_t i = 0; i < StandardPropagators::size; ++i)
    if (enabled[i])
      (switched_off_under_budget(StandardPropagators::strict[i], opt) ? off : on)
          .emplace_back(StandardPropagators::names[i]);
  if (!off.empty() && !a.quiet)
    std::fprintf(stderr, "note: mismatch budget on: strict propagators switched off: %s\n",
                 fmt::format("{}", fmt::join(off, ",")).c_str());
  SearchResult r = run_driver(m, opt, names, driver_gates(a));
  if (resumed_score >= 0 && r.score <= resumed_score) {  // nothing beat the saved board: it is the result
    r.board = resumed;
    verify_into(m, r);
  }

  if (!board_passes(r)) return exit_internal;
  std::string props = "[";
  for (std::size_t i = 0; i < on.size(); ++i) props += (i ? "," : "") + json_string(on[i]);
  props += "]";
  std::string off_json = "[";
  for (std::size_t i = 0; i < off.size(); ++i) off_json += (i ? "," : "") + json_string(off[i]);
  off_json += "]";
  std::string stats = "{";
  bool first = true;
  for (const auto& rep : r.propagators) {
    if (!rep.enabled) continue;
    JsonObject o;
    o.integer("calls", static_cast<long long>(rep.stats.calls))
        .integer("failures", static_cast<long long>(rep.stats.failures))
        .integer("deletions", static_cast<long long>(rep.stats.deletions))
        .integer("revisions", static_cast<long long>(rep.stats.revisions))
        .integer("checks", static_cast<long long>(rep.stats.checks))
        .num("seconds", rep.stats.seconds);
    stats += (first ? "" : ",") + json_string(rep.name) + ":" + o.str();
    first = false;
  }
  stats += "}";

  if (a.json) {
    JsonObject o = json_head(m, to_string(a.mode), "driver", opt.order, status_text(r.status));
    o.integer("solutions", static_cast<long long>(r.solutions))
        .integer("nodes", static_cast<long long>(r.placements))
        .integer("failures", static_cast<long long>(r.failures))
        .integer("deepest", r.deepest)
        .integer("restarts", r.restarts)
        .num("seconds", r.seconds);
    json_score(o, a, m, r.score, r.mismatches, !r.board.cells.empty());
    o.raw("propagators", props)
        .raw("switched_off", off_json)
        .raw("propagator_stats", stats)
        .raw("nodes_by_depth", json_int_list(r.placements_by_depth));
    json_result_board(o, m, r);
    std::cout << o.str() << "\n";
  } else {
    std::cout << fmt::format("puzzle      {}\n", m.puzzle().name)
              << fmt::format("mode        {} (order {}, propagators {})\n", to_string(a.mode),
                             to_string(opt.order),
                             on.empty() ? "none" : fmt::format("{}", fmt::join(on, ",")))
              << fmt::format("status      {}\n", status_text(r.status))
              << fmt::format("solutions   {}\n", r.solutions)
              << fmt::format("nodes       {} ({} failed propagations, deepest {})\n", r.placements,
                             r.failures, r.deepest)
              << fmt::format("seconds     {:.3f}\n", r.seconds);
    print_score(m, r.board, r.score, r.mismatches);
  }
  std::cout.flush();
  const int code = write_outputs(a, m, r.board, r.score, plan);
  return exit_code(saver.failed() ? exit_write_failed : code);
}

/// Prints a first or count result of the exact engine or the walk (text or JSON; `extra` adds the engine's
/// own JSON fields) and writes --board/--svg; returns the exit code.
template <class Extra>
int report_exact(const Args& a, const Model& m, const OutputPlan& plan, const SearchResultCore& r,
                 std::string_view engine, CellOrder order, int symmetry_factor, const std::string& detail,
                 Extra&& extra) {
  if (!board_passes(r)) return exit_internal;
  const double us_per_node = r.placements ? 1e6 * r.seconds / static_cast<double>(r.placements) : 0.0;
  if (a.json) {
    JsonObject o = json_head(m, to_string(a.mode), engine, order, status_text(r.status));
    o.integer("solutions", static_cast<long long>(r.solutions))
        .integer("symmetry_factor", symmetry_factor)
        .integer("nodes", static_cast<long long>(r.placements));
    json_layout(o, a);
    extra(o);
    o.integer("deepest", r.deepest).num("seconds", r.seconds).num("microseconds_per_node", us_per_node);
    json_score(o, a, m, r.score, r.mismatches, !r.board.cells.empty());
    o.raw("nodes_by_depth", json_int_list(r.placements_by_depth));
    json_result_board(o, m, r);
    std::cout << o.str() << "\n";
  } else {
    const auto factor = static_cast<std::uint64_t>(symmetry_factor);
    std::cout << fmt::format("puzzle      {}\n", m.puzzle().name)
              << fmt::format("mode        {} (engine {}, order {})\n", to_string(a.mode), engine,
                             to_string(order))
              << fmt::format("status      {}\n", status_text(r.status))
              << fmt::format("solutions   {}{}\n", r.solutions,
                             factor > 1 ? fmt::format(" ({} x {} by rotational symmetry)",
                                                      r.solutions / factor, factor)
                                        : std::string())
              << fmt::format("nodes       {} ({}deepest {}, {:.3g} us per node)\n", r.placements, detail,
                             r.deepest, us_per_node)
              << fmt::format("seconds     {:.3f}\n", r.seconds);
    print_score(m, r.board, r.score, r.mismatches);
  }
  std::cout.flush();
  return exit_code(write_outputs(a, m, r.board, r.score, plan));
}

/// Progress of the exact engine and the walk on stderr: nodes, rate, depth, solutions so far.
inline std::function<void(const SearchProgress&)> exact_progress(const Args& a) {
  if (a.quiet) return {};
  return [mode = a.mode](const SearchProgress& p) {
    fmt::print(stderr, "[{:7.1f}s] nodes {} ({}) deepest {}{}\n", p.seconds, p.placements,
               format_rate(rate(p)), p.deepest,
               mode == SearchMode::count ? fmt::format(" solutions {}", p.solutions) : std::string());
  };
}

// The exact engine.
inline int solve_exact(const Args& a, const Model& m, const OutputPlan& plan) {
  ExactOptions opt = exact_options(a);
  opt.on_progress = exact_progress(a);
  const ExactResult r = run_exact(m, opt);
  return report_exact(
      a, m, plan, r, "exact", opt.order, r.symmetry_factor, fmt::format("{} failed, ", r.failures),
      [&](JsonObject& o) {
        JsonObject stats;
        stats.integer("calls", static_cast<long long>(r.propagation.calls))
            .integer("failures", static_cast<long long>(r.propagation.failures))
            .integer("revisions", static_cast<long long>(r.propagation.revisions))
            .integer("checks", static_cast<long long>(r.propagation.checks));
        o.integer("failures", static_cast<long long>(r.failures)).raw("propagation", stats.str());
      });
}

// The exact walk on one thread (exact_threads() > 1 runs it split, see solve_split).
inline int solve_walk(const Args& a, const Model& m, const OutputPlan& plan) {
  WalkOptions opt = walk_options(a);
  opt.on_progress = exact_progress(a);
  const WalkResult r = run_walk(m, opt);
  return report_exact(a, m, plan, r, "walk", opt.order, r.symmetry_factor, "",
                      [](JsonObject& o) { o.integer("threads", 1); });
}

/// A duration with a unit that fits: "42 s", "12 min", "3.4 h", "61 days".
inline std::string format_duration(double seconds) {
  if (seconds < 120) return fmt::format("{:.3g} s", seconds);
  if (seconds < 5400) return fmt::format("{:.0f} min", seconds / 60);
  if (seconds < 172800) return fmt::format("{:.1f} h", seconds / 3600);
  if (seconds < 3.2e9) return fmt::format("{:.0f} days", seconds / 86400);
  return fmt::format("{:.2g} years", seconds / 3.156e7);
}

// --estimate: Knuth's estimate of the tree the count would search (on the engine it would run on), and a
// 1-second sample of that count for the cost of a node (when the sample finishes the count, its figures are
// exact and printed as well).
inline int estimate_command(const Args& a, const Model& m) {
  const std::string_view engine = to_string(a.engine);
  if (!a.quiet) fmt::print(stderr, "estimating with {} probes\n", a.estimate);
  TreeEstimate e;
  SearchResultCore sample;
  CellOrder order;
  // The estimate, then a 1-second sample of the count with the same options.
  auto estimate_then_sample = [&](auto opt, auto&& estimate, auto&& run) {
    order = opt.order;
    e = estimate(opt);
    opt.time_limit = 1.0;
    opt.node_limit = 0;
    sample = run(opt);
  };
  if (a.engine == EngineKind::walk)
    estimate_then_sample(
        walk_options(a), [&](const WalkOptions& o) { return estimate_walk(m, o, a.estimate); },
        [&](const WalkOptions& o) { return run_walk(m, o); });
  else if (a.engine == EngineKind::exact)
    estimate_then_sample(
        exact_options(a), [&](const ExactOptions& o) { return estimate_exact(m, o, a.estimate); },
        [&](const ExactOptions& o) { return run_exact(m, o); });
  else
    estimate_then_sample(
        driver_options(a),
        [&](const SearchOptions& o) {
          return estimate_driver(m, o, driver_propagators(a), a.estimate, driver_gates(a));
        },
        [&](const SearchOptions& o) { return run_driver(m, o, driver_propagators(a), driver_gates(a)); });
  const bool finished = sample.status == SearchStatus::exhausted;
  const double us_per_node =
      sample.placements ? 1e6 * sample.seconds / static_cast<double>(sample.placements) : 0.0;
  const double seconds = e.nodes * us_per_node / 1e6;
  if (a.json) {
    JsonObject o = json_head(m, "count", engine, order, "estimate");
    std::string by_depth = "[";
    for (std::size_t d = 0; d < e.nodes_by_depth.size(); ++d) {
      if (d) by_depth += ',';
      by_depth += json_number(e.nodes_by_depth[d]);
    }
    by_depth += ']';
    o.integer("probes", static_cast<long long>(e.probes))
        .num("probe_seconds", e.seconds)
        .num("estimated_nodes", e.nodes)
        .num("nodes_error", e.nodes_error)
        .num("estimated_solutions", e.solutions)
        .num("solutions_error", e.solutions_error)
        .integer("probes_solved", static_cast<long long>(e.probes_solved))
        .integer("symmetry_factor", e.symmetry_factor)
        .num("microseconds_per_node", us_per_node)
        .num("estimated_seconds", seconds)
        .str("sample_status", status_text(sample.status))
        .integer("sample_nodes", static_cast<long long>(sample.placements))
        .integer("sample_solutions", static_cast<long long>(sample.solutions))
        .num("sample_seconds", sample.seconds)
        .raw("estimated_nodes_by_depth", by_depth);
    std::cout << o.str() << "\n";
  } else {
    std::cout << fmt::format("puzzle      {}\n", m.puzzle().name)
              << fmt::format("estimate    of a count (engine {}, order {}): {} probes in {:.2f} s\n", engine,
                             to_string(order), e.probes, e.seconds)
              << fmt::format("nodes       about {:.3g} (standard error {:.2g})\n", e.nodes, e.nodes_error)
              << (e.probes_solved > 0 || e.probes == 0
                      ? fmt::format("solutions   about {:.3g} (standard error {:.2g})\n", e.solutions,
                                    e.solutions_error)
                      : fmt::format(
                            "solutions   not estimated: none of the {} probes reached a complete board "
                            "(solutions are too rare for so few probes; there may be many)\n",
                            e.probes))
              << fmt::format("time        about {} at {:.3g} us per node (a {:.1f} s sample of the count)\n",
                             format_duration(seconds), us_per_node, sample.seconds);
    if (finished)
      std::cout << fmt::format("exact       the sample finished the count: {} solutions, {} nodes\n",
                               sample.solutions, sample.placements);
  }
  std::cout.flush();
  return exit_code(exit_ok);
}

/// The threads of a first or count run: --threads, else every core on the walk (one with --nodes, so that a
/// node-limited run is reproducible), else one.
inline int exact_threads(const Args& a) {
  if (a.engine != EngineKind::walk) return 1;
  const int cores = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  if (a.threads) return std::min(a.threads, max_threads_per_core * cores);
  return a.nodes ? 1 : cores;
}

// First and count mode split into subproblems (search/split.hpp), solved by `threads` workers that take the
// next unfinished one from a shared index, with checkpoints (--save/--resume). A subproblem cut short by a
// limit, a signal or another thread's first solution is not counted (a checkpoint leaves it to do). The
// node limit is checked between subproblems: each gets what is left of it when it starts.
inline int solve_split(const Args& a, const Model& m, const OutputPlan& plan, int threads) {
  SplitState st = start_split(a, m);
  const std::size_t n = st.plan.subproblems.size();
  const auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  const double time_limit = a.time ? *a.time : 0.0;
  std::mutex mutex;  // guards st, next, cut_short and in_flight
  std::size_t next = 0;
  bool cut_short = false;  // a subproblem was cut short, or work was left undone
  std::vector<std::uint64_t> in_flight(static_cast<std::size_t>(threads), 0);  // placements, per worker
  std::atomic<bool> halt{false};  // set by the main thread (signal, time) or a worker (first solution)
  const std::uint64_t placements_before = st.placements;
  auto worker = [&](std::size_t id) {
    while (true) {
      std::size_t i = 0;
      SearchControl control;
      {
        const std::lock_guard<std::mutex> lock(mutex);
        while (next < n && st.done[next]) ++next;
        const std::uint64_t spent = st.placements - placements_before;
        if (next == n) return;
        if (halt || (a.nodes && spent >= a.nodes)) {
          cut_short = true;
          return;
        }
        i = next++;
        control.node_limit = a.nodes ? a.nodes - spent : 0;
      }
      control.stop = &halt;
      const double t = elapsed();
      control.time_limit = time_limit > 0 ? std::max(time_limit - t, 1e-9) : 0.0;
      control.progress_interval = 0.25;
      control.on_progress = [&](const SearchProgress& p) {
        const std::lock_guard<std::mutex> lock(mutex);
        in_flight[id] = p.placements;
      };
      const SubproblemOutcome o = solve_subproblem(a, m.puzzle(), st.plan.subproblems[i], control);
      const std::lock_guard<std::mutex> lock(mutex);
      in_flight[id] = 0;
      st.placements += o.placements;
      if (o.status == SearchStatus::limit) {  // cut short: not finished, not counted
        cut_short = true;
        if (a.nodes) halt = true;
        continue;
      }
      st.finish(i, o);
      if (a.mode == SearchMode::first && st.solutions > 0) halt = true;
    }
  };
  std::vector<std::thread> pool;
  std::atomic<int> running{threads};
  for (int k = 0; k < threads; ++k)
    pool.emplace_back([&, k] {
      worker(static_cast<std::size_t>(k));
      --running;
    });
  double last_save = 0, last_beat = 0;
  std::string save_error;
  // The main thread watches: signals and the time limit, one progress line a second, checkpoints.
  while (running > 0) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    const double now = elapsed();
    if (stop_requested || (time_limit > 0 && now >= time_limit)) halt = true;
    if (!a.quiet && now - last_beat >= 1.0) {
      last_beat = now;
      const std::lock_guard<std::mutex> lock(mutex);
      std::uint64_t placements = st.placements;
      for (std::uint64_t p : in_flight) placements += p;
      fmt::print(stderr, "[{:7.1f}s] subproblems {}/{} nodes {} ({}) solutions {}{}\n", now, st.done_count, n,
                 placements, format_rate(static_cast<double>(placements - placements_before) / now),
                 st.solutions * static_cast<std::uint64_t>(st.plan.symmetry_factor),
                 last_save > 0 ? fmt::format(" (checkpoint at {:.1f}s)", last_save) : std::string());
    }
    if (!a.save_file.empty() && now - last_save >= a.save_every) {
      const std::lock_guard<std::mutex> lock(mutex);
      save_error = save_split(a, m, st, now);
      last_save = now;
    }
  }
  for (std::thread& t : pool) t.join();
  const double seconds = elapsed();
  save_error = save_split(a, m, st, seconds);
  if (!save_error.empty()) std::fprintf(stderr, "%s: checkpoint: %s\n", program.c_str(), save_error.c_str());
  const SearchStatus status = a.mode == SearchMode::first && st.solutions > 0 ? SearchStatus::solved
                              : cut_short || !st.complete()                   ? SearchStatus::limit
                                                                              : SearchStatus::exhausted;
  return report_split(a, m, st, status, seconds, 1, plan, save_error, threads);
}

/// A board given on the command line: a board file, or a viewer link (it holds "board_edges=").
inline Board read_board_arg(const std::string& board, const Model& m) {
  // a link: it holds the board, or it is a web address (whose missing board the parser names)
  const bool link = board.find("board_edges=") != std::string::npos || board.starts_with("http://") ||
                    board.starts_with("https://");
  return link ? parse_viewer_url(board, m, "BOARD") : read_result_board(board, m);
}

/// What a check prints: `board` (a file or a link) is a legal board of the puzzle or not, its score, every
/// mismatched join, its link (`json`: as one JSON object); draws it to `svg_file` when given.
struct CheckArgs {
  std::string puzzle, board, svg_file;
  bool json = false, svg_numbers = false;
};

// Verifies a board found elsewhere and draws it (the check command, edgecp-solve --check).
inline int check_command(const CheckArgs& a, const Model& m) {
  const Board b = read_board_arg(a.board, m);
  const BoardCheck chk = check_board(m, b);
  const Geometry& g = m.geometry();
  struct Mismatch {
    int row, col;
    std::string_view side;
  };
  std::vector<Mismatch> mismatches;  // each mismatched join once, from its upper or left cell
  if (chk.ok)
    for (int c = 0; c < g.cell_count(); ++c)
      for (int s : {right, down}) {
        const int n = g.neighbour(c, s), x = b.cells[static_cast<std::size_t>(c)];
        if (n < 0 || x < 0 || b.cells[static_cast<std::size_t>(n)] < 0) continue;
        if (m.colour(x, s) != m.colour(b.cells[static_cast<std::size_t>(n)], opposite(s)))
          mismatches.push_back({g.row(c), g.col(c), s == right ? "right" : "down"});
      }
  if (a.json) {
    std::string problems = "[", joins = "[";
    for (std::size_t i = 0; i < chk.problems.size(); ++i) {
      if (i) problems += ',';
      problems += json_string(chk.problems[i]);
    }
    for (std::size_t i = 0; i < mismatches.size(); ++i) {
      if (i) joins += ',';
      joins += fmt::format("[{},{},\"{}\"]", mismatches[i].row, mismatches[i].col, mismatches[i].side);
    }
    JsonObject o;
    o.str("puzzle", m.puzzle().name)
        .str("board", a.board)
        .boolean("legal", chk.ok)
        .integer("placed", chk.placed)
        .integer("cells", g.cell_count())
        .integer("score", chk.ok ? chk.score : -1)
        .integer("max_score", g.inner_join_count())
        .raw("problems", problems + "]")
        .raw("mismatched_joins", joins + "]")
        .str("viewer_url", chk.ok ? viewer_link(m, b) : std::string());
    std::cout << o.str() << "\n";
  } else {
    std::cout << fmt::format("puzzle      {}\n", m.puzzle().name) << fmt::format("board       {}\n", a.board);
    if (!chk.ok) {
      std::cout << "verdict     not a legal board of this puzzle\n";
      for (const std::string& p : chk.problems) std::cout << "problem     " << p << "\n";
    } else {
      std::cout << fmt::format("verdict     legal, {} of {} cells placed\n", chk.placed, g.cell_count())
                << fmt::format("score       {} / {} ({} mismatched joins)\n", chk.score, g.inner_join_count(),
                               chk.mismatches);
      for (const Mismatch& x : mismatches)
        std::cout << fmt::format("mismatch    cell ({}, {}) {} side\n", x.row, x.col, x.side);
      if (const std::string url = viewer_link(m, b); !url.empty()) std::cout << "viewer      " << url << "\n";
    }
  }
  std::cout.flush();
  if (!chk.ok) return exit_bad_input;
  if (a.svg_file.empty()) return exit_ok;
  const std::string why = write_file_atomically(a.svg_file, [&](std::ostream& out) {
    write_svg(out, m, b, {40, m.puzzle().name, a.svg_numbers});
  });
  if (!why.empty()) std::fprintf(stderr, "%s: %s\n", program.c_str(), why.c_str());
  return why.empty() ? exit_ok : exit_write_failed;
}

/// Draws `board` (a file or a link) of the puzzle to SVG: `output` (atomically) or stdout ("" or "-").
struct DrawArgs {
  std::string puzzle, board, output;
  bool numbers = false;
  int cell_size = 40;
};

inline int draw_command(const DrawArgs& a) {
  const Model m(read_puzzle(a.puzzle));
  const Board b = read_board_arg(a.board, m);
  const BoardCheck chk = check_board(m, b);
  if (!chk.ok) {
    std::fprintf(stderr, "%s: %s is not a legal board of %s:\n", program.c_str(), a.board.c_str(),
                 a.puzzle.c_str());
    for (const std::string& p : chk.problems) std::fprintf(stderr, "  %s\n", p.c_str());
    return exit_bad_input;
  }
  const SvgOptions opt{a.cell_size, m.puzzle().name, a.numbers};
  if (a.output.empty() || a.output == "-") {
    write_svg(std::cout, m, b, opt);
    std::cout.flush();
    return exit_ok;
  }
  const std::string why =
      write_file_atomically(a.output, [&](std::ostream& out) { write_svg(out, m, b, opt); });
  if (!why.empty()) std::fprintf(stderr, "%s: %s\n", program.c_str(), why.c_str());
  return why.empty() ? exit_ok : exit_write_failed;
}

inline void add_check_options(CLI::App& app, CheckArgs& a) {
  app.add_option("PUZZLE", a.puzzle, "the puzzle file")->required()->type_name("");
  app.add_option("BOARD", a.board,
                 "a board file, what 'edgecp solve' printed (its text or --json\n"
                 "output, saved to a file), or a viewer link (quote it)")
      ->required()
      ->type_name("");
  app.add_flag("--json", a.json, "the verdict as one JSON object on stdout");
  app.add_option("--svg", a.svg_file, "also draw the board to FILE (a legal board only)")->type_name("FILE");
  app.add_flag("--svg-numbers", a.svg_numbers, "piece numbers on the picture");
  app.footer(
      "A board file: a line 'W H', then H lines of W cells, each PIECE/ROT (the piece's number in the\n"
      "puzzle file, its clockwise quarter turns 0-3) or '.' for an empty cell; '#' starts a comment.\n"
      "Exit codes: 0 a legal board (complete or not), 2 not a legal board or bad input, 3 the\n"
      "picture could not be written.\n");
}

inline void add_draw_options(CLI::App& app, DrawArgs& a) {
  app.add_option("PUZZLE", a.puzzle, "the puzzle file")->required()->type_name("");
  app.add_option("BOARD", a.board,
                 "a board file, what 'edgecp solve' printed (its text or --json\n"
                 "output, saved to a file), or a viewer link (quote it)")
      ->required()
      ->type_name("");
  app.add_option("-o,--output", a.output, "the SVG file, written atomically (default: stdout)")
      ->type_name("FILE");
  app.add_flag("--numbers", a.numbers, "piece numbers on the picture");
  app.add_option("--cell-size", a.cell_size,
                 "pixels per cell (default 40; more on a narrow board, so that it spans the legend)")
      ->type_name("PX")
      ->check(CLI::Range(8, 400));
  app.footer(
      "Mismatched joins are drawn dashed. Exit codes: 0 drawn, 2 not a legal board or bad input, 3\n"
      "the file could not be written.\n");
}

/// The generator's options: the board, the colours, the seed; --e2-like starts from the E2 shape.
struct GenerateArgs {
  GeneratorOptions options{4, 4, 2, 3, 1, false};
  bool e2_like = false;
  std::string planted;
};

inline void add_generate_options(CLI::App& app, GenerateArgs& g) {
  GeneratorOptions& o = g.options;
  // integers checked as the search options are (CLI11 would wrap a negative seed round)
  add_integer_option(app, "--width", "W", "board width (default 4)", o.width, 1, max_cells);
  add_integer_option(app, "--height", "H", "board height (default 4)", o.height, 1, max_cells);
  add_integer_option(app, "--frame", "F", "frame colours (default 2)", o.frame_colours, 1, max_colours);
  add_integer_option(app, "--inner", "I", "inner colours (default 3)", o.inner_colours, 1, max_colours);
  add_integer_option(app, "--seed", "N", "random seed (default 1)", o.seed, 0, 1LL << 62);
  app.add_flag("--centre-hint", o.centre_hint, "the centre piece is a hint, as in Eternity II");
  app.add_flag("--e2-like", g.e2_like,
               "the Eternity II shape: 16x16, 5 frame and 17 inner colours, centre\n"
               "hint (options given beside it override)");
  app.add_option("--planted", g.planted, "also write the planted solution to FILE")->type_name("FILE");
  app.footer(
      "Writes a deterministic random solvable puzzle to stdout; its header says how to regenerate it.\n");
}

inline int generate_command(const CLI::App& app, GenerateArgs g) {
  if (g.e2_like) {  // the E2 shape, then whatever was given beside --e2-like
    const GeneratorOptions given = g.options;
    g.options = GeneratorOptions::e2_like(given.seed);
    if (app.count("--width")) g.options.width = given.width;
    if (app.count("--height")) g.options.height = given.height;
    if (app.count("--frame")) g.options.frame_colours = given.frame_colours;
    if (app.count("--inner")) g.options.inner_colours = given.inner_colours;
    if (app.count("--centre-hint")) g.options.centre_hint = true;
  }
  const GeneratorOptions& o = g.options;
  const GeneratedPuzzle gen = generate(o);
  const std::string cmd =
      fmt::format("{} --width {} --height {} --frame {} --inner {} --seed {}{}",
                  program == "edgecp" ? "edgecp generate" : program, o.width, o.height, o.frame_colours,
                  o.inner_colours, o.seed, o.centre_hint ? " --centre-hint" : "");
  write_puzzle(std::cout, gen.puzzle, "generated by edgecp (" + describe(o) + "); regenerate with: " + cmd);
  std::cout.flush();
  if (g.planted.empty()) return exit_ok;
  const Model m(gen.puzzle);
  const std::string why =
      write_file_atomically(g.planted, [&](std::ostream& out) { write_board(out, m, gen.planted_board(m)); });
  if (!why.empty()) std::fprintf(stderr, "%s: %s\n", program.c_str(), why.c_str());
  return why.empty() ? exit_ok : exit_write_failed;
}

/// Runs a search command (edgecp-solve; edgecp solve, count, first) on its parsed options.
inline int search_command(Args& a) {
  finish_args(a);
  const Model m(load_puzzle(a));
  install_stop_handlers();  // before settle_args: a signal stops the walk's layout comparison too
  settle_args(a, m, exact_threads(a));
  if (!a.check.empty()) return check_command({a.puzzle, a.check, a.svg_file, a.json, a.svg_numbers}, m);
  const OutputPlan plan = prepare_outputs(a, m);
  if (a.engine != EngineKind::scan) print_configuration(a);
  if (a.engine == EngineKind::scan) return solve_scan(a, m, plan);
  if (a.estimate) return estimate_command(a, m);
  const int threads = exact_threads(a);
  if (a.mode != SearchMode::best && (!a.save_file.empty() || !a.resume_file.empty() || threads > 1))
    return solve_split(a, m, plan, threads);
  return a.engine == EngineKind::walk    ? solve_walk(a, m, plan)
         : a.engine == EngineKind::exact ? solve_exact(a, m, plan)
                                         : solve_driver(a, m, plan);
}

/// Runs a command, turning what it throws into the exit code and a message: 2 for bad usage (with a pointer
/// to the help) and bad input (files say FILE:LINE), the library refusing what it was given included.
template <class Command>
int run_command(const std::string& help_command, Command&& command) {
  try {
    return command();
  } catch (const UsageError& e) {
    std::fprintf(stderr, "%s: %s\nrun '%s --help' for the options\n", program.c_str(), e.what(),
                 help_command.c_str());
  } catch (const std::exception& e) {  // ParseError, FileError, the library refusing what it was given
    std::fprintf(stderr, "%s: %s\n", program.c_str(), e.what());
  }
  return exit_bad_input;
}

}  // namespace cli
