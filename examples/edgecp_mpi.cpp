// edgecp-mpi: edgecp-solve on many processes (Open MPI). `mpirun -n N edgecp-mpi PUZZLE [options]`.
//
// First and count mode: every rank computes the same split (search/split.hpp); rank 0 hands subproblem
// indices to the other ranks on demand (a work queue: uneven subtrees balance), adds up their counts, keeps
// the checkpoint (--save/--resume, the format of edgecp-solve) and stops every rank as soon as a first
// solution is found. Best mode: every rank hunts with its own seeds and threads; four times a second the
// ranks agree on the best score (every rank's scan engine then prunes against the global best) and rank 0
// collects the best board, which it saves (--save) and prints. Only the main thread of a rank calls MPI;
// searches run on other threads.
#include <mpi.h>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "cli_common.hpp"

namespace {

using namespace cli;

constexpr const char* mpi_help_footer =
    "edgecp-mpi: first and count mode are split into --split N subproblems (default 256; raise it to a\n"
    "few dozen per rank on large runs), handed out by rank 0; best mode runs --threads per rank\n"
    "(default: all cores of the machine) with seeds of its own.\n"
    "Interrupting: SIGINT or SIGTERM to mpirun (which passes SIGTERM to every rank) or to any one rank\n"
    "stops every rank; rank 0 prints what was done (status interrupted), saves the checkpoint and exits\n"
    "128 + the signal. A rank that dies is given up after half a second: its subproblem counts as not\n"
    "finished. mpirun's own exit code is Open MPI's: 1 when mpirun itself was signalled, else the first\n"
    "non-zero exit code of a rank.\n";

/// How long rank 0, once signalled, waits for the workers' last results: mpirun ends its ranks with SIGTERM
/// and a SIGKILL a second later (Open MPI's odls_base_sigkill_timeout), and a killed worker never answers.
constexpr double signal_grace_seconds = 0.5;
/// Rank 0 reported without some workers (they did not answer in the grace time): main() then ends the job
/// with MPI_Abort instead of waiting for them in MPI_Finalize.
bool workers_abandoned = false;

enum Tag : int { tag_ready = 1, tag_work = 2, tag_result = 3, tag_board = 4, tag_stop = 5 };

/// A finished or cut subproblem, as a worker reports it.
struct ResultMsg {
  std::int64_t index = -1;  // -1: the worker's first request
  std::int64_t status = 0;  // SearchStatus
  std::uint64_t solutions = 0;
  std::uint64_t placements = 0;
  std::int64_t signal = 0;  // the signal that stopped the worker (SIGINT/SIGTERM sent to it alone), 0: none
};
/// The work rank 0 hands out: a subproblem index (-1: no more work) and its node limit (0: none).
struct WorkMsg {
  std::int64_t index = -1;
  std::uint64_t node_limit = 0;
};

double now_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

/// A worker rank: solves the subproblems it is given until told there is no more work. A subproblem runs
/// on a second thread while this one listens for a stop from rank 0 (or a signal).
void run_worker(const Args& a, const Model& m, const SplitPlan& plan, double time_limit,
                std::chrono::steady_clock::time_point t0) {
  ResultMsg res;
  MPI_Send(&res, sizeof res, MPI_BYTE, 0, tag_ready, MPI_COMM_WORLD);
  while (true) {
    WorkMsg w;
    MPI_Recv(&w, sizeof w, MPI_BYTE, 0, tag_work, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (w.index < 0) break;
    std::atomic<bool> stop{false};
    SearchControl control;
    control.stop = &stop;
    control.node_limit = w.node_limit;
    if (time_limit > 0) control.time_limit = std::max(time_limit - now_since(t0), 0.001);
    SubproblemOutcome out;
    std::mutex mu;
    std::condition_variable cv;
    bool finished = false;
    std::exception_ptr error;
    std::thread search([&] {
      SubproblemOutcome o;
      try {
        o = solve_subproblem(a, m.puzzle(), plan.subproblems[static_cast<std::size_t>(w.index)], control);
      } catch (...) {
        error = std::current_exception();
      }
      std::lock_guard<std::mutex> lock(mu);
      out = std::move(o);
      finished = true;
      cv.notify_one();
    });
    for (std::unique_lock<std::mutex> lock(mu);
         !cv.wait_for(lock, std::chrono::milliseconds(5), [&] { return finished; });) {
      int flag = 0;
      MPI_Iprobe(0, tag_stop, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
      if (flag || stop_requested) stop = true;
    }
    search.join();
    if (error) std::rethrow_exception(error);  // main() aborts every rank with the message
    res = {w.index, static_cast<std::int64_t>(out.status), out.solutions, out.placements, stop_signal};
    MPI_Send(&res, sizeof res, MPI_BYTE, 0, tag_result, MPI_COMM_WORLD);
    if (out.solutions > 0) {  // a solution's board follows (empty if the engine kept none)
      if (out.board.cells.empty()) out.board = Board(m.cell_count());
      MPI_Send(out.board.cells.data(), m.cell_count(), MPI_INT, 0, tag_board, MPI_COMM_WORLD);
    }
  }
  // A stop sent after the last result is not waited for: drain it so that no message is left behind.
  int flag = 1;
  while (flag) {
    MPI_Iprobe(0, tag_stop, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
    if (flag) {
      char none = 0;
      MPI_Recv(&none, 1, MPI_BYTE, 0, tag_stop, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
  }
}

/// Rank 0 of a first or count run: the work queue, the sums, the checkpoint and the heartbeat. With one
/// rank it solves every subproblem itself.
int run_master(const Args& a, const Model& m, const OutputPlan& oplan, int ranks,
               std::chrono::steady_clock::time_point t0) {
  SplitState st = start_split(a, m);
  const std::size_t n = st.plan.subproblems.size();
  const double time_limit = a.time ? *a.time : 0.0;
  const std::uint64_t placements_before = st.placements;
  std::size_t next = 0;  // subproblems below `next` are handed out or done
  auto next_index = [&]() -> std::int64_t {
    while (next < n && st.done[next]) ++next;
    return next < n ? static_cast<std::int64_t>(next++) : -1;
  };
  std::vector<std::int64_t> busy(static_cast<std::size_t>(ranks), -1);  // subproblem per worker
  int running = 0, workers_left = ranks - 1;
  bool stopping = false;
  SearchStatus status = SearchStatus::exhausted;
  double last_save = 0, last_beat = 0;
  std::string save_error;
  auto limit_reached = [&] {
    return stop_requested || (time_limit > 0 && now_since(t0) >= time_limit) ||
           (a.nodes && st.placements - placements_before >= a.nodes);
  };
  auto stop_all = [&](SearchStatus why) {
    if (stopping) return;
    stopping = true;
    status = why;
    for (int r = 1; r < ranks; ++r)
      if (busy[static_cast<std::size_t>(r)] >= 0) {
        char none = 0;
        MPI_Send(&none, 1, MPI_BYTE, r, tag_stop, MPI_COMM_WORLD);
      }
  };
  auto take = [&](std::size_t i, const SubproblemOutcome& o) {
    st.placements += o.placements;
    if (o.status == SearchStatus::limit) {
      if (!stopping) stop_all(SearchStatus::limit);
      return;
    }
    st.finish(i, o);
    if (a.mode == SearchMode::first && st.solutions > 0) stop_all(SearchStatus::solved);
  };
  auto heartbeat = [&] {
    const double t = now_since(t0);
    if (a.quiet || t - last_beat < 1.0) return;
    last_beat = t;
    fmt::print(stderr,
               "[{:7.1f}s] ranks {} subproblems done {} left {} running {} nodes {} ({}) solutions {}\n", t,
               ranks, st.done_count, n - st.done_count, running, st.placements,
               format_rate(static_cast<double>(st.placements - placements_before) / t),
               st.solutions * static_cast<std::uint64_t>(st.plan.symmetry_factor));
  };
  auto checkpoint = [&](bool force) {
    if (a.save_file.empty() || (!force && now_since(t0) - last_save < a.save_every)) return;
    save_error = save_split(a, m, st, now_since(t0));
    last_save = now_since(t0);
  };

  if (ranks == 1) {  // no workers: rank 0 solves the subproblems itself
    for (std::int64_t i; !stopping && (i = next_index()) >= 0;) {
      if (limit_reached()) {
        stop_all(SearchStatus::limit);
        break;
      }
      SearchControl control;
      control.stop = &stop_requested;
      control.node_limit = a.nodes ? a.nodes - (st.placements - placements_before) : 0;
      if (time_limit > 0) control.time_limit = std::max(time_limit - now_since(t0), 0.001);
      take(static_cast<std::size_t>(i),
           solve_subproblem(a, m.puzzle(), st.plan.subproblems[static_cast<std::size_t>(i)], control));
      heartbeat();
      checkpoint(false);
    }
  }
  double signalled_at = -1;
  while (workers_left > 0) {
    if (!stopping && limit_reached()) stop_all(SearchStatus::limit);
    if (stop_signal && signalled_at < 0) signalled_at = now_since(t0);
    if (signalled_at >= 0 && now_since(t0) - signalled_at > signal_grace_seconds) {
      std::fprintf(stderr,
                   "edgecp-mpi: %d rank(s) did not answer within %.1f s of the signal: their subproblems "
                   "count as not finished\n",
                   workers_left, signal_grace_seconds);
      workers_abandoned = true;
      break;
    }
    heartbeat();
    checkpoint(false);
    int flag = 0;
    MPI_Status probe;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &probe);
    if (!flag) {
      std::this_thread::sleep_for(std::chrono::microseconds(200));
      continue;
    }
    const int from = probe.MPI_SOURCE;
    ResultMsg res;
    MPI_Recv(&res, sizeof res, MPI_BYTE, from, probe.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (probe.MPI_TAG == tag_result) {
      SubproblemOutcome o;
      o.status = static_cast<SearchStatus>(res.status);
      o.solutions = res.solutions;
      o.placements = res.placements;
      if (res.signal != 0 && interrupting_signal() == 0) {  // a worker was signalled: the run is interrupted
        relayed_signal = static_cast<int>(res.signal);
        stop_requested = true;
      }
      if (o.solutions > 0) {
        o.board = Board(m.cell_count());
        MPI_Recv(o.board.cells.data(), m.cell_count(), MPI_INT, from, tag_board, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
      }
      busy[static_cast<std::size_t>(from)] = -1;
      --running;
      take(static_cast<std::size_t>(res.index), o);
    }
    WorkMsg w;
    if (!stopping && !limit_reached()) w.index = next_index();
    w.node_limit = a.nodes ? a.nodes - std::min(a.nodes - 1, st.placements - placements_before) : 0;
    MPI_Send(&w, sizeof w, MPI_BYTE, from, tag_work, MPI_COMM_WORLD);
    if (w.index < 0) {
      --workers_left;
    } else {
      busy[static_cast<std::size_t>(from)] = w.index;
      ++running;
    }
  }
  if (status == SearchStatus::exhausted && !st.complete()) status = SearchStatus::limit;
  checkpoint(true);
  if (!save_error.empty()) std::fprintf(stderr, "edgecp-mpi: checkpoint: %s\n", save_error.c_str());
  return report_split(a, m, st, status, now_since(t0), ranks, oplan, save_error);
}

/// The best board of one rank, as its searches report improvements.
struct LocalBest {
  std::mutex mu;
  Board board;
  int score = -1;
  void offer(const Board& b, int sc) {
    std::lock_guard<std::mutex> lock(mu);
    if (sc > score) {
      score = sc;
      board = b;
    }
  }
};

/// Best mode on every rank: a local hunt on threads, the best score agreed on four times a second, the best
/// board collected on rank 0.
int run_best(const Args& a, const Model& m, const OutputPlan& oplan, int rank, int ranks,
             std::chrono::steady_clock::time_point t0) {
  // --resume: rank 0 reads the board (refused on any problem), every rank learns its score as the bound.
  Board resumed;
  int bad_resume = 0;
  if (rank == 0 && !a.resume_file.empty()) {
    try {
      resumed = read_best_checkpoint(a.resume_file, m);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "edgecp-mpi: %s\n", e.what());
      bad_resume = 1;
    }
  }
  MPI_Bcast(&bad_resume, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (bad_resume) return exit_bad_input;
  int resumed_score = resumed.cells.empty() ? -1 : score(m, resumed);
  MPI_Bcast(&resumed_score, 1, MPI_INT, 0, MPI_COMM_WORLD);

  LocalBest local;
  std::atomic<int> bound{resumed_score};
  std::atomic<std::uint64_t> placements{0};
  std::atomic<bool> stop{false}, finished{false};
  BestSaver saver(a, m, resumed_score);  // rank 0's --save
  const int cores = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  const int threads = std::min(a.threads ? a.threads : cores, max_threads_per_core * cores);
  // Rank r hunts with seeds of its own; rank 0 with the seed given, so that rank 0 alone is edgecp-solve.
  const std::uint64_t seed = rank_seed(a.seed, rank);
  SearchResultCore local_result;
  std::uint64_t local_placements = 0;
  auto hunt_locally = [&] {
    auto control = [&](SearchControl& c) {
      c.seed = seed;
      c.time_limit = hunt_time_limit(a);
      c.node_limit = a.nodes;
      c.stop = &stop;
      c.progress_interval = 0.25;
      c.on_progress = [&](const SearchProgress& p) { placements = p.placements; };
      c.on_improvement = [&](const Board& b, int sc, double) { local.offer(b, sc); };
    };
    if (a.engine == EngineKind::scan) {
      ScanOptions opt;
      control(opt);
      opt.order = a.order.value_or(default_order(EngineKind::scan));
      opt.budget = MismatchBudget(a.breaks);
      opt.values = a.values;
      opt.restart_nodes = a.restart.value_or(default_scan_restart_nodes);
      opt.window_fc = a.window_fc;
      opt.colour_parity = a.parity;
      opt.quota_colours = a.quota_colours;
      opt.quota_fallbacks = a.quota_fallbacks;
      opt.quota_ramp = a.quota_ramp;
      opt.quota_adapt = a.quota_adapt;
      opt.quota_stalls = a.quota_stalls.value_or(0);
      opt.break_sets = a.break_sets.value_or(opt.break_sets);
      opt.colour_bound = a.colour_bound.value_or(opt.colour_bound);
      opt.repair_nodes = a.repair_nodes.value_or(opt.repair_nodes);
      opt.block_repair_nodes = a.block_repair.value_or(opt.block_repair_nodes);
      opt.completion_slack = a.completion_slack.value_or(opt.completion_slack);
      opt.shared_best = &bound;
      const ParallelScanResult pr = run_parallel_scan(m, opt, threads);
      local_result = pr.best;
      local_placements = pr.placements;
    } else {
      SearchOptions opt;
      control(opt);
      opt.mode = SearchMode::best;
      opt.order = a.order.value_or(default_order(EngineKind::driver));
      opt.budget = MismatchBudget(a.breaks);
      opt.random_values = a.random_values;
      opt.restart_nodes = a.restart.value_or(0);
      const SearchResult r = run_driver(m, opt, a.propagators ? *a.propagators : default_propagators);
      local_result = r;
      local_placements = r.placements;
    }
    if (!local_result.board.cells.empty()) local.offer(local_result.board, local_result.score);
  };
  std::exception_ptr error;
  std::thread hunt([&] {
    try {
      hunt_locally();
    } catch (...) {
      error = std::current_exception();
      stop = true;
    }
    finished = true;
  });

  // Rank 0's copy of the global best board.
  Board best = resumed;
  int best_score = resumed_score;
  double best_at = 0, last_beat = 0;
  auto collect = [&] {  // every rank: agree on the best score, its owner sends the board to rank 0
    int mine[2];
    {
      std::lock_guard<std::mutex> lock(local.mu);
      mine[0] = local.score;
    }
    mine[1] = rank;
    int top[2];
    MPI_Allreduce(mine, top, 1, MPI_2INT, MPI_MAXLOC, MPI_COMM_WORLD);
    if (top[0] > bound.load()) bound = top[0];  // the scan engines prune against it at their next poll
    int known = best_score;
    MPI_Bcast(&known, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (top[0] <= known) return;
    if (rank == top[1] && rank != 0) {
      std::vector<int> cells;
      {
        std::lock_guard<std::mutex> lock(local.mu);
        cells = local.board.cells;
      }
      MPI_Send(cells.data(), m.cell_count(), MPI_INT, 0, tag_board, MPI_COMM_WORLD);
    }
    if (rank != 0) return;
    Board b(m.cell_count());
    if (top[1] == 0) {
      std::lock_guard<std::mutex> lock(local.mu);
      b = local.board;
    } else {
      MPI_Recv(b.cells.data(), m.cell_count(), MPI_INT, top[1], tag_board, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    const BoardCheck chk = check_board(m, b);
    if (!chk.ok || !b.complete() || chk.score <= best_score) return;
    best = b;
    best_score = chk.score;
    best_at = now_since(t0);
    saver.offer(best, best_score, best_at);
  };
  std::uint64_t total_placements = 0;
  while (true) {
    std::this_thread::sleep_for(std::chrono::milliseconds(250));
    // flags: [0] some rank wants to stop (a signal, or its hunt ended: solved or its limits), [1] the
    // signal a rank received (relayed: every rank then reports the run as interrupted), [2] all ended
    int flags[3] = {stop_requested || finished ? 1 : 0, static_cast<int>(stop_signal), finished ? 1 : 0};
    int any[2], all[1];
    MPI_Allreduce(&flags[0], any, 2, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Allreduce(&flags[2], all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (any[0]) stop = true;
    if (any[1] && interrupting_signal() == 0) relayed_signal = any[1];
    std::uint64_t mine = placements.load();
    MPI_Reduce(&mine, &total_placements, 1, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
    collect();
    const double t = now_since(t0);
    if (rank == 0 && !a.quiet && t - last_beat >= 1.0) {
      last_beat = t;
      fmt::print(stderr, "[{:7.1f}s] ranks {} placements {} ({}) best {}\n", t, ranks, total_placements,
                 format_rate(static_cast<double>(total_placements) / t),
                 best_text(best_score, m.geometry().inner_join_count()));
    }
    if (all[0]) break;
  }
  hunt.join();
  if (error) std::rethrow_exception(error);
  std::uint64_t mine = local_placements;
  MPI_Reduce(&mine, &total_placements, 1, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
  collect();
  if (rank != 0) return exit_code(exit_ok);

  SearchResultCore r;
  r.status = local_result.status;
  r.board = best;
  verify_into(m, r);
  if (!board_passes(r)) return exit_internal;
  const double seconds = now_since(t0);
  const CellOrder order = a.order.value_or(default_order(a.engine));
  const std::string engine(to_string(a.engine));
  if (a.json) {
    JsonObject o = json_head(m, "best", engine, order, status_text(r.status));
    o.integer("ranks", ranks)
        .integer("threads_per_rank", threads)
        .integer("placements", static_cast<long long>(total_placements))
        .num("placements_per_second", seconds > 0 ? static_cast<double>(total_placements) / seconds : 0.0)
        .num("seconds", seconds)
        .num("best_found_at", best_at);
    json_score(o, a, m, r.score, r.mismatches, !r.board.cells.empty());
    if (a.engine == EngineKind::scan)  // what the scan engine was given, as edgecp-solve reports it
      o.raw("quota_colours", json_int_list(a.quota_colours))
          .raw("quota_fallbacks", json_int_lists(a.quota_fallbacks))
          .integer("break_sets", a.break_sets.value_or(ScanOptions{}.break_sets))
          .integer("colour_bound", a.colour_bound.value_or(ScanOptions{}.colour_bound))
          .integer("repair_nodes",
                   static_cast<long long>(a.repair_nodes.value_or(ScanOptions{}.repair_nodes)))
          .integer("block_repair",
                   static_cast<long long>(a.block_repair.value_or(ScanOptions{}.block_repair_nodes)))
          .integer("completion_slack", a.completion_slack.value_or(ScanOptions{}.completion_slack));
    json_result_board(o, m, r);
    std::cout << o.str() << "\n";
  } else {
    std::cout << fmt::format("puzzle      {}\n", m.puzzle().name)
              << fmt::format("mode        best (engine {}, order {}, {} ranks x {} threads)\n", engine,
                             to_string(order), ranks, threads)
              << fmt::format("status      {}\n", status_text(r.status))
              << fmt::format("placements  {} ({:.1f}M per second, all ranks)\n", total_placements,
                             seconds > 0 ? static_cast<double>(total_placements) / seconds / 1e6 : 0.0)
              << fmt::format("seconds     {:.3f} (best found at {:.3f})\n", seconds, best_at);
    print_score(m, r.board, r.score, r.mismatches);
  }
  std::cout.flush();
  const int code = write_outputs(a, m, r.board, r.score, oplan);
  return exit_code(saver.failed() ? exit_write_failed : code);
}

int run(int argc, char** argv, int rank, int ranks) {
  // Every rank parses the same options and reads the same puzzle; only rank 0 speaks.
  auto fail = [&](const std::string& why, bool with_usage) {
    if (rank == 0)
      std::fprintf(stderr, "edgecp-mpi: %s\n%s", why.c_str(),
                   with_usage ? "run 'edgecp-mpi --help' for the options\n" : "");
    return exit_bad_input;
  };
  CLI::App app(
      "Runs the searches of edgecp-solve on many processes: mpirun -n N edgecp-mpi [PUZZLE]\n"
      "[options] (N >= 1; rank 0 coordinates).",
      "edgecp-mpi");
  set_up_app(app);
  Args a;
  add_search_options(app, a, true);
  app.footer(std::string(search_help_footer) + mpi_help_footer);
  // every rank parses the same command line, so every rank leaves here or none
  if (const auto code = parse_command_line(app, argc, argv, rank == 0)) return *code;
  std::optional<Model> model;
  OutputPlan oplan;
  int bad = 0;
  try {
    finish_args(a);
    model.emplace(load_puzzle(a, rank == 0));
    settle_args(a, *model, 1, ranks);
    if (rank == 0) oplan = prepare_outputs(a, *model);
  } catch (const UsageError& e) {
    bad = 2;
    if (rank == 0) fail(e.what(), true);
  } catch (const std::exception& e) {
    bad = 1;
    if (rank == 0) fail(e.what(), false);
  }
  int any_bad = 0;
  MPI_Allreduce(&bad, &any_bad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (any_bad) return exit_bad_input;
  install_stop_handlers();
  if (rank == 0) print_configuration(a);
  MPI_Barrier(MPI_COMM_WORLD);
  const auto t0 = std::chrono::steady_clock::now();
  const Model& m = *model;
  if (a.mode == SearchMode::best) return run_best(a, m, oplan, rank, ranks, t0);

  // first / count: rank 0 checks the checkpoint before anyone works.
  int bad_resume = 0;
  if (rank == 0) {
    try {
      (void)start_split(a, m);
    } catch (const std::exception& e) {
      bad_resume = 1;
      fail(e.what(), false);
    }
  }
  MPI_Bcast(&bad_resume, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (bad_resume) return exit_bad_input;
  if (rank == 0) return run_master(a, m, oplan, ranks, t0);
  run_worker(a, m, split_search(m, split_options(a)), a.time ? *a.time : 0.0, t0);
  return exit_code(exit_ok);
}

}  // namespace

int main(int argc, char** argv) {
  cli::program = "edgecp-mpi";
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  // A message to a rank that died returns an error (ignored) instead of aborting: rank 0 still reports.
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  int code = exit_internal;
  try {
    code = run(argc, argv, rank, ranks);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "edgecp-mpi (rank %d): %s\n", rank, e.what());
    MPI_Abort(MPI_COMM_WORLD, exit_internal);
  }
  std::fflush(stdout);
  if (workers_abandoned) MPI_Abort(MPI_COMM_WORLD, code);  // what was done is printed and saved
  MPI_Finalize();
  return code;
}
