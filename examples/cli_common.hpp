// What edgecp, edgecp-solve and edgecp-mpi share (beside the options, cli_options.hpp): interruption by
// signals, output files and the pieces of the text and JSON output, checkpoints, and solving one subproblem
// of a split search. Program support, not library: it may use fmt.
#pragma once

#include <fmt/format.h>

#include "cli_options.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>
#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <edgecp/edgecp.hpp>
#include <edgecp/io/checkpoint.hpp>
#include <edgecp/io/json.hpp>
#include <edgecp/io/output_file.hpp>
#include <edgecp/io/svg.hpp>
#include <edgecp/io/viewer_url.hpp>
#include <edgecp/search/split.hpp>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace cli {

using namespace edgecp;

// What the output files hold before the run: the score of the board already in --board FILE (-1: none).
struct OutputPlan {
  int kept_score = -1;
};

/// A hunt's time limit (best mode): --time, else none where --nodes limits the run (a node limit alone is
/// what makes a run the same on every machine), else default_hunt_seconds.
inline double hunt_time_limit(const Args& a) {
  return a.time ? *a.time : a.nodes ? 0.0 : default_hunt_seconds;
}

// Checks the output paths before the search, so that a long run never ends unable to save its board.
inline OutputPlan prepare_outputs(const Args& a, const Model& m) {
  OutputPlan plan;
  // a checkpoint is continued (--resume), never silently replaced by a fresh run
  if (!a.save_file.empty() && std::filesystem::is_directory(a.save_file))
    throw FileError("--save: " + a.save_file + " is a directory; give the checkpoint's file name");
  if (!a.save_file.empty() && a.resume_file != a.save_file && std::filesystem::exists(a.save_file))
    throw FileError("--save: " + a.save_file + " exists: resume from it (--resume " + a.save_file +
                    ") or remove it first");
  // two outputs on one path would overwrite each other (best mode's --save also writes SAVE.json)
  std::vector<std::pair<std::string, std::string>> outputs;  // (option, path)
  for (const auto& [name, path] : {std::pair{"--board", a.board_file},
                                   {"--svg", a.svg_file},
                                   {"--save", a.save_file},
                                   {"--save", a.save_file.empty() ? "" : a.save_file + ".json"}})
    if (!path.empty()) outputs.emplace_back(name, path);
  for (std::size_t i = 0; i < outputs.size(); ++i)
    for (std::size_t j = i + 1; j < outputs.size(); ++j)
      if (outputs[i].first != outputs[j].first && std::filesystem::weakly_canonical(outputs[i].second) ==
                                                      std::filesystem::weakly_canonical(outputs[j].second))
        throw UsageError(outputs[i].first + " and " + outputs[j].first + " name the same file " +
                         outputs[j].second + ": each would overwrite the other");
  for (const std::string* f : {&a.board_file, &a.svg_file, &a.save_file})
    if (!f->empty())
      if (const std::string why = check_writable(*f); !why.empty()) throw FileError(why);
  if (a.board_file.empty() || a.force || !std::filesystem::is_regular_file(a.board_file)) return plan;
  try {
    const BoardCheck chk = check_board(m, read_board(a.board_file, m));
    plan.kept_score = chk.ok ? chk.score : -1;
  } catch (const ParseError& e) {
    throw FileError(
        fmt::format("--board: {} exists and is not a board of this puzzle ({}); --force replaces it",
                    a.board_file, e.what()));
  }
  return plan;
}

/// An exclusive advisory lock (flock) on the folder of a file, held while a run compares what the file
/// holds with its own board and replaces it: another run (or `flock DIR cmd`) that writes the same file under
/// the lock either lands before the comparison, and is kept, or after the replacement. Best effort: where the
/// folder cannot be opened, or stays locked for 2 s, the write goes on unlocked.
class FolderLock {
 public:
  explicit FolderLock(const std::string& file) {
    const std::string dir = std::filesystem::path(file).parent_path().string();
    fd_ = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd_ < 0) return;
    // a writer holds a lock for milliseconds; one held for seconds is not ours to wait on
    for (int tries = 0; ::flock(fd_, LOCK_EX | LOCK_NB) != 0; ++tries) {
      if (tries == 200) {
        ::close(fd_);
        fd_ = -1;
        return;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }
  FolderLock(const FolderLock&) = delete;
  FolderLock& operator=(const FolderLock&) = delete;
  ~FolderLock() {
    if (fd_ >= 0) ::close(fd_);  // closing the last descriptor releases the lock
  }

 private:
  int fd_ = -1;  // the folder, locked; -1: no lock held
};

// Writes the board and SVG files after the result is printed: atomically, never replacing a board at least as
// good (that one stays, the new board goes beside it). Returns the exit code.
inline int write_outputs(const Args& a, const Model& m, const Board& b, int score, const OutputPlan& plan) {
  if (b.cells.empty()) return exit_ok;
  int code = exit_ok;
  auto report = [&](const std::string& why) {
    if (why.empty()) return;
    std::fprintf(stderr, "%s: %s\n", program.c_str(), why.c_str());
    code = exit_write_failed;
  };
  if (!a.board_file.empty()) {
    const FolderLock folder_lock(a.board_file);
    // what the file holds now: another run (or a hand) may have written a better board since the start
    int kept = plan.kept_score;
    bool foreign = false;  // it exists now and is no board of this puzzle
    if (!a.force && std::filesystem::is_regular_file(a.board_file)) {
      try {
        const BoardCheck chk = check_board(m, read_board(a.board_file, m));
        kept = std::max(kept, chk.ok ? chk.score : -1);
      } catch (const ParseError&) {
        foreign = true;
      }
    }
    std::string target = a.board_file;
    if (kept >= score || foreign) {
      target = fmt::format("{}.{}", a.board_file, score);
      if (foreign)
        std::fprintf(stderr, "%s: %s is no longer a board of this puzzle: kept; the new board goes to %s\n",
                     program.c_str(), a.board_file.c_str(), target.c_str());
      else
        std::fprintf(stderr, "%s: %s holds a board scoring %d >= %d: kept; the new board goes to %s\n",
                     program.c_str(), a.board_file.c_str(), kept, score, target.c_str());
    }
    report(write_file_atomically(target, [&](std::ostream& out) { write_board(out, m, b); }));
  }
  if (!a.svg_file.empty())
    report(write_file_atomically(a.svg_file, [&](std::ostream& out) {
      write_svg(out, m, b, {40, m.puzzle().name, a.svg_numbers});
    }));
  return code;
}

template <class Int>
std::string json_int_list(const std::vector<Int>& v) {
  std::string out = "[";
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (i) out += ',';
    out += std::to_string(v[i]);
  }
  return out + "]";
}

// A JSON array of integer arrays.
inline std::string json_int_lists(const std::vector<std::vector<int>>& v) {
  std::string out = "[";
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (i) out += ',';
    out += json_int_list(v[i]);
  }
  return out + "]";
}

// A JSON array of strings.
inline std::string json_string_list(const std::vector<std::string>& v) {
  std::string out = "[";
  for (std::size_t i = 0; i < v.size(); ++i) out += (i ? "," : "") + json_string(v[i]);
  return out + "]";
}

// The JSON fields both engines print first (the puzzle and the run) and the score fields they share.
inline JsonObject json_head(const Model& m, std::string_view mode, std::string_view engine, CellOrder order,
                            std::string_view status) {
  JsonObject o;
  o.str("puzzle", m.puzzle().name)
      .integer("width", m.geometry().width())
      .integer("height", m.geometry().height())
      .str("mode", mode)
      .str("engine", engine)
      .str("order", to_string(order))
      .str("status", status);
  return o;
}
inline void json_score(JsonObject& o, const Args& a, const Model& m, int score, int mismatches,
                       bool has_board) {
  o.integer("score", score)
      .integer("max_score", m.geometry().inner_join_count())
      .integer("mismatches", has_board ? mismatches : 0)
      .raw("breaks", json_int_list(a.breaks))
      .integer("seed", static_cast<long long>(a.seed));
}

/// The JSON fields of a first or count run's layout: the pinned corner piece asked for (1-based; 0: the
/// default, the lowest-numbered) and what the walk's layout choice chose, and why.
inline void json_layout(JsonObject& o, const Args& a) {
  o.integer("pin_piece", a.pin_piece.value_or(0))
      .raw("configuration_chosen", json_string_list(a.plan_chose))
      .str("configuration_why", a.plan_why);
}

/// The board as a viewer link (io/viewer_url.hpp), or "" when there is no board or it cannot be one.
inline std::string viewer_link(const Model& m, const Board& b) {
  if (b.cells.empty() || m.puzzle().colour_count() > viewer_max_colours || m.piece_count() > 999) return "";
  return viewer_url(m, b);
}

/// A result's board must pass the checker: false, after saying so on stderr, when it does not.
inline bool board_passes(const SearchResultCore& r) {
  if (r.board.cells.empty() || r.board_verified) return true;
  std::fprintf(stderr, "internal error: the result board does not pass the checker\n");
  return false;
}

/// The JSON fields of a result's board, every engine: verified, the board, its viewer link.
inline void json_result_board(JsonObject& o, const Model& m, const SearchResultCore& r) {
  o.boolean("verified", r.board_verified)
      .raw("board", json_board(m, r.board))
      .str("viewer_url", viewer_link(m, r.board));
}

// The text output's last lines, both engines: the verified score, a viewer link and the board.
inline void print_score(const Model& m, const Board& b, int score, int mismatches) {
  if (b.cells.empty()) {
    std::cout << "score       none (no board)\n";
    return;
  }
  std::cout << fmt::format("score       {} / {} ({} mismatched joins, verified)\n", score,
                           m.geometry().inner_join_count(), mismatches);
  if (const std::string url = viewer_link(m, b); !url.empty()) std::cout << "viewer      " << url << "\n";
  write_board(std::cout, m, b);
}

/// The puzzle of the run: the file given, or the bundled 16x16 E2-like puzzle.
/// --hint ROW,COL,PIECE,ROT as a Hint (0-based piece); the puzzle's Model checks it against the board.
inline Hint parse_hint(const std::string& v) {
  const auto items = split_list(v);
  if (items.size() != 4) throw UsageError("--hint: expected ROW,COL,PIECE,ROT, got '" + v + "'");
  return {static_cast<int>(parse_integer("--hint", items[0], 0, max_cells)),
          static_cast<int>(parse_integer("--hint", items[1], 0, max_cells)),
          static_cast<int>(parse_integer("--hint", items[2], 1, max_cells)) - 1,
          static_cast<int>(parse_integer("--hint", items[3], 0, 3))};
}

/// The puzzle of the run (the file given, or the bundled 16x16 E2-like puzzle) with the --hint placements;
/// says on stderr when its colours cannot all pair up (unpaired_colours: no exact solution, and the usual
/// sign of a piece list in another side order) when `notes`.
inline Puzzle load_puzzle(const Args& a, bool notes = true) {
  Puzzle pz = a.puzzle.empty() ? generate(GeneratorOptions::e2_like(1)).puzzle : read_puzzle(a.puzzle);
  if (a.puzzle.empty()) pz.name = "e2like_16x16 (bundled: " + pz.name + ")";
  for (const std::string& h : a.hints) pz.hints.push_back(parse_hint(h));
  if (const std::vector<int> odd = unpaired_colours(pz); notes && !odd.empty())
    fmt::print(
        stderr,
        "note: {}: colour{} {} {} shown an odd number of times on the sides that join the frame's ring "
        "or the interior, so every board mismatches somewhere (no exact solution); a piece list written "
        "in another side order than up, right, down, left (clockwise) reads like this\n",
        pz.name, odd.size() > 1 ? "s" : "", fmt::join(odd, ","), odd.size() > 1 ? "are" : "is");
  return pz;
}

/// Break indices as --breaks takes them: runs of consecutive indices as ranges ("180,190,240-256").
inline std::string breaks_text(const std::vector<int>& indices) {
  std::string out;
  for (std::size_t i = 0; i < indices.size();) {
    std::size_t j = i;
    while (j + 1 < indices.size() && indices[j + 1] == indices[j] + 1) ++j;
    if (!out.empty()) out += ',';
    out += std::to_string(indices[i]);
    if (j > i + 1) {
      out += '-';
      out += std::to_string(indices[j]);
      i = j + 1;
    } else {
      i = i + 1;
    }
  }
  return out;
}

/// A value order as --values names it.
inline const char* values_text(ScanValueOrder v) {
  return v == ScanValueOrder::shuffled ? "shuffled" : v == ScanValueOrder::by_id ? "id" : "rare";
}

/// The `configuration:` line on stderr: what the plan chose (nothing when the user gave every option).
inline void print_configuration(const Args& a) {
  if (!a.plan_flags.empty() && !a.quiet)
    fmt::print(stderr, "configuration: {} (chosen for this puzzle: {})\n", a.plan_flags, a.plan_why);
}

/// The quota's colours, then its fallbacks (empty without a quota).
inline std::vector<std::vector<int>> quota_sets(const Args& a) {
  std::vector<std::vector<int>> sets;
  if (!a.quota_colours.empty()) sets.push_back(a.quota_colours);
  sets.insert(sets.end(), a.quota_fallbacks.begin(), a.quota_fallbacks.end());
  return sets;
}
/// The quota as --quota spells it: "5,7,20/5,18,20", or "none".
inline std::string quota_text(const Args& a) {
  std::string out;
  for (const std::vector<int>& set : quota_sets(a)) {
    if (!out.empty()) out += '/';
    out += fmt::format("{}", fmt::join(set, ","));
  }
  return out.empty() ? "none" : out;
}

/// Best mode on the scan engine: what the user did not give (--order, --breaks, --quota, --values) comes
/// from the puzzle's plan (plan_hunt), with the rules that read the run's length (`walks`: its searches,
/// threads times ranks); a.plan_flags says it as flags, a.plan_why why.
inline void apply_hunt_plan(Args& a, const Model& m, int walks) {
  const HuntPlan plan = plan_hunt(m);
  std::string flags, why = plan.why;
  auto chose = [&](const char* name, const std::string& value) {
    a.plan_chose.emplace_back(name + 2);  // without the dashes
    flags += fmt::format("{}{} {}", flags.empty() ? "" : " ", name, value);
  };
  if (!a.order) {
    a.order = plan.order;
    chose("--order", std::string(to_string(plan.order)));
  }
  if (a.breaks.empty()) {
    a.breaks = plan.budget.indices();
    chose("--breaks", breaks_text(a.breaks));
  }
  if (!a.quota_given) {
    a.quota_colours = plan.quota_colours;
    if (a.quota_adapt)
      a.quota_fallbacks = plan.quota_fallbacks;
    else if (!plan.quota_fallbacks.empty())  // a fixed quota never moves on
      why += ", but no next pair: --fixed-quota keeps the quota as given";
    chose("--quota", quota_text(a));
    if (a.quota_ramp.empty() && !plan.quota_ramp.empty()) {
      a.quota_ramp = plan.quota_ramp;
      std::string points;
      for (const auto& [p, n] : plan.quota_ramp)
        points += fmt::format("{}{}:{}", points.empty() ? "" : ",", p, n);
      chose("--quota-ramp", points);
    }
  }
  const std::uint64_t restart_nodes = a.restart.value_or(default_scan_restart_nodes);
  if (!a.values_given) {
    a.values = plan.values;
    if (!a.quota_colours.empty() && plan.values == ScanValueOrder::shuffled &&
        quota_values_for(a.nodes, hunt_time_limit(a), restart_nodes, walks) == ScanValueOrder::rare_first) {
      a.values = ScanValueOrder::rare_first;
      why += fmt::format(", but rare values for a run this short (at most {} restart intervals)",
                         rare_values_intervals);
    }
    chose("--values", values_text(a.values));
  }
  if (!a.quota_stalls && a.quota_adapt && !a.quota_colours.empty()) {
    a.quota_stalls = quota_stalls_for(a.nodes, hunt_time_limit(a), restart_nodes);
    chose("--quota-stalls", std::to_string(*a.quota_stalls));
    why += ", a tenth of the run for stalls before the quota halves";
  }
  a.plan_flags = flags;
  a.plan_why = why;
}

// ---- interruption ----

inline std::atomic<bool> stop_requested{false};  // set by SIGINT/SIGTERM; every search polls it
inline volatile std::sig_atomic_t stop_signal = 0;

inline void on_stop_signal(int sig) {
  if (stop_signal != 0) _exit(128 + sig);  // a second signal: at once
  stop_signal = sig;
  stop_requested.store(true);
}
/// SIGINT and SIGTERM stop the search cleanly (the program then prints and saves what it has).
inline void install_stop_handlers() {
  static_assert(std::atomic<bool>::is_always_lock_free, "set from a signal handler");
  struct sigaction sa {};
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
}
/// edgecp-mpi: a signal another rank received (rank 0 then reports the run as interrupted by it).
inline int relayed_signal = 0;
/// The signal that interrupted the run: this process's own, else one relayed from another rank; 0: none.
inline int interrupting_signal() { return stop_signal ? static_cast<int>(stop_signal) : relayed_signal; }
/// The exit code: 128 + the signal when one interrupted the run, else `code`.
inline int exit_code(int code) { return interrupting_signal() ? 128 + interrupting_signal() : code; }
/// A stop reason as printed: a limit reached because of a signal is "interrupted".
inline std::string_view status_text(SearchStatus s) {
  return interrupting_signal() && s == SearchStatus::limit ? "interrupted" : to_string(s);
}

/// --resume of a count without --order and --pin-piece: the layout its checkpoint was written with (the
/// settings' order= and pin-piece=), so that the run continues the same split. A file that is not a split
/// checkpoint is left to start_split to refuse.
inline void adopt_checkpoint_layout(Args& a) {
  SplitCheckpoint c;
  try {
    c = read_split_checkpoint(a.resume_file);
  } catch (const std::exception&) {
    return;
  }
  std::istringstream words(c.settings);
  for (std::string w; words >> w;) {
    if (w.starts_with("order=")) {
      try {
        a.order = parse_cell_order(w.substr(6));
      } catch (const std::invalid_argument&) {
      }
    } else if (w.starts_with("pin-piece=")) {
      a.pin_piece = std::atoi(w.c_str() + 10);
    }
  }
  if (a.order) a.plan_flags = fmt::format("--order {}", to_string(*a.order));
  if (a.pin_piece) a.plan_flags += fmt::format(" --pin-piece {}", *a.pin_piece);
  a.plan_why = "as the checkpoint " + a.resume_file + " was written";
}

// The options of the walk (WalkOptions) or the exact engine (ExactOptions) from the command line.
template <class Options>
Options exact_engine_options(const Args& a, EngineKind engine) {
  Options opt;
  opt.mode = a.mode;
  opt.order = a.order.value_or(default_order(engine));
  opt.fix_corner = a.fix_corner;
  if constexpr (requires { opt.pin_piece; }) opt.pin_piece = a.pin_piece ? *a.pin_piece - 1 : -1;
  opt.symmetry = a.symmetry;
  opt.seed = a.seed;
  opt.time_limit = a.time ? *a.time : 0.0;
  opt.node_limit = a.nodes;
  opt.stop = &stop_requested;
  return opt;
}
inline WalkOptions walk_options(const Args& a) {
  return exact_engine_options<WalkOptions>(a, EngineKind::walk);
}
inline ExactOptions exact_options(const Args& a) {
  return exact_engine_options<ExactOptions>(a, EngineKind::exact);
}

/// A count on the exact walk: what the user did not give of --order and --pin-piece comes from
/// plan_walk_layout (the reading order and corner piece with the smallest estimated tree), or from the
/// checkpoint of --resume; a.plan_flags says it as flags, a.plan_why why.
inline void apply_walk_layout(Args& a, const Model& m, int threads) {
  if (a.engine != EngineKind::walk || a.mode != SearchMode::count || a.order || a.pin_piece) return;
  if (!a.resume_file.empty()) return adopt_checkpoint_layout(a);
  const WalkOptions base = walk_options(a);
  WalkLayoutOptions lo;
  lo.threads = threads;
  lo.stop = &stop_requested;
  const auto t0 = std::chrono::steady_clock::now();
  const WalkLayout l = plan_walk_layout(m, base, lo);
  if (l.compared == 0) return;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  a.order = l.order;
  a.plan_chose = {"order"};
  a.plan_flags = fmt::format("--order {}", to_string(l.order));
  if (l.pin_piece >= 0) {
    a.pin_piece = l.pin_piece + 1;
    a.plan_chose.emplace_back("pin-piece");
    a.plan_flags += fmt::format(" --pin-piece {}", *a.pin_piece);
  }
  const std::string def =
      fmt::format("row{}", (a.symmetry && m.puzzle().hints.empty()) || a.fix_corner
                               ? fmt::format(" with corner piece {} top-left", lowest_corner_piece(m) + 1)
                               : std::string());
  a.plan_why = l.chosen ? fmt::format(
                              "the smallest tree of {} layouts by estimate, {:.2g} nodes against {:.2g} "
                              "for {}; compared in {:.1f} s",
                              l.compared, l.nodes, l.default_nodes, def, seconds)
                        : fmt::format(
                              "no layout of {} estimated 10% below {}'s {:.2g} nodes; compared in "
                              "{:.1f} s",
                              l.compared, def, l.default_nodes, seconds);
}

/// The threads of a hunt: --threads, else one per core, at most max_threads_per_core per core.
inline int hunt_threads(const Args& a) {
  const int cores = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  return std::min(a.threads ? a.threads : cores, max_threads_per_core * cores);
}

/// The checks of the options that need the puzzle; settles the engine (auto falls back to the driver on a
/// puzzle too large for the exact engine) and, for a count on the walk, its layout (`threads`: the run's);
/// `ranks`: the processes of an edgecp-mpi hunt, each on hunt_threads(a) threads.
inline void settle_args(Args& a, const Model& m, int threads = 1, int ranks = 1) {
  try {
    check_budget(MismatchBudget(a.breaks), m);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--breaks: ") + e.what());
  }
  for (const std::vector<int>& set : quota_sets(a))
    for (int k : set)
      if (k >= m.colour_count())
        throw UsageError("--quota: the puzzle has no colour " + std::to_string(k) + " (its colours are 1.." +
                         std::to_string(m.colour_count() - 1) + ")");
  try {
    a.engine = engine_for_puzzle(a.engine, a.engine_auto, m);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--engine: ") + e.what());
  }
  if (a.engine == EngineKind::scan) apply_hunt_plan(a, m, ranks * hunt_threads(a));
  if (!a.quota_ramp.empty() && a.quota_colours.empty()) throw UsageError("--quota-ramp: needs --quota");
  if (!a.quota_adapt && !a.quota_fallbacks.empty())
    throw UsageError(
        "--quota " + quota_text(a) +
        ": the sets after '/' are tried where the quota stalls, which --fixed-quota never lets it do");
  if (a.pin_piece) {
    if (a.engine != EngineKind::walk)
      throw UsageError("--pin-piece: an option of the exact walk (first and count mode, --engine walk)");
    try {
      (void)pinned_corner_piece(m, *a.pin_piece - 1);
    } catch (const std::invalid_argument& e) {
      throw UsageError(std::string("--pin-piece: ") + e.what());
    }
  }
  apply_walk_layout(a, m, threads);
}

/// Placements per second of a progress snapshot.
inline double rate(const SearchProgress& p) {
  return p.seconds > 0 ? static_cast<double>(p.placements) / p.seconds : 0.0;
}
/// The best score so far, "none yet" before the first complete board.
inline std::string best_text(int score, int max_score) {
  return score < 0 ? "none yet" : fmt::format("{}/{}", score, max_score);
}

/// A rate with a unit that fits: "812/s", "81.2k/s", "2.31M/s".
inline std::string format_rate(double per_second) {
  if (per_second < 1e3) return fmt::format("{:.0f}/s", per_second);
  if (per_second < 1e6) return fmt::format("{:.1f}k/s", per_second / 1e3);
  return fmt::format("{:.2f}M/s", per_second / 1e6);
}

// ---- best-mode checkpoints ----

/// Writes the best board of a best-mode run to FILE (a best checkpoint) and FILE.json at every
/// improvement, atomically; safe to call from several search threads at once.
class BestSaver {
 public:
  BestSaver(const Args& a, const Model& m, int saved_score) : args_(&a), model_(&m), score_(saved_score) {}
  void offer(const Board& b, int score, double seconds) {
    if (args_->save_file.empty()) return;
    std::lock_guard<std::mutex> lock(mu_);
    if (score <= score_) return;
    score_ = score;
    const FolderLock folder_lock(args_->save_file);  // no other run's write between the comparison and ours
    if (held_elsewhere(score)) return;
    std::string why = write_file_atomically(
        args_->save_file, [&](std::ostream& out) { write_best_checkpoint(out, *model_, b); });
    if (why.empty())
      why = write_file_atomically(args_->save_file + ".json", [&](std::ostream& out) {
        JsonObject o;
        o.str("puzzle", model_->puzzle().name)
            .str("fingerprint", puzzle_fingerprint(model_->puzzle()))
            .integer("score", score)
            .integer("max_score", model_->geometry().inner_join_count())
            .num("seconds", seconds)
            .integer("seed", static_cast<long long>(args_->seed))
            .raw("board", json_board(*model_, b))
            .str("viewer_url", viewer_link(*model_, b));
        out << o.str() << "\n";
      });
    if (!why.empty()) std::fprintf(stderr, "checkpoint: %s\n", why.c_str());
    failed_ = !why.empty();
  }
  /// Another run writing the same --save file saved a board at least as good: it stays (said once).
  bool held_elsewhere(int score) {
    if (!std::filesystem::is_regular_file(args_->save_file)) return false;
    int theirs = -1;
    try {
      theirs = edgecp::score(*model_, read_best_checkpoint(args_->save_file, *model_));
    } catch (const std::exception&) {
      return false;  // unreadable (a write of ours cut short): ours replaces it
    }
    if (theirs < score) return false;
    if (!told_)
      std::fprintf(stderr, "checkpoint: %s holds a board scoring %d >= %d, saved by another run: kept\n",
                   args_->save_file.c_str(), theirs, score);
    told_ = true;
    return true;
  }
  /// The last checkpoint write failed: the file does not hold the best board (the run exits 3).
  bool failed() const {
    std::lock_guard<std::mutex> lock(mu_);
    return failed_;
  }

 private:
  const Args* args_;
  const Model* model_;
  mutable std::mutex mu_;
  int score_;
  bool failed_ = false;
  bool told_ = false;  // held_elsewhere said so once
};

/// The board of --resume FILE in best mode (empty when not resuming); throws ParseError when unusable.
inline Board resumed_best(const Args& a, const Model& m) {
  if (a.resume_file.empty()) return {};
  return read_best_checkpoint(a.resume_file, m);
}

// ---- split runs (first and count mode with checkpoints, and edgecp-mpi) ----

inline SplitOptions split_options(const Args& a) {
  SplitOptions o;
  // the walk's reading order, so that the prefixes are the first cells the walk fills; else row
  const bool reading =
      a.order && std::find(reading_orders.begin(), reading_orders.end(), *a.order) != reading_orders.end();
  o.order = a.engine == EngineKind::walk && reading ? *a.order : CellOrder::row;
  o.pin_piece = a.pin_piece ? *a.pin_piece - 1 : -1;
  o.min_subproblems = a.split;
  o.symmetry = a.symmetry;
  o.fix_corner = a.fix_corner;
  return o;
}

/// What a split checkpoint records of the options: what shapes the split and how subproblems are solved.
inline std::string split_settings(const Args& a) {
  std::string props = "-";
  if (a.engine == EngineKind::driver)
    props = fmt::format("{}", fmt::join(a.propagators ? *a.propagators : default_propagators, ","));
  const CellOrder order = a.order.value_or(default_order(a.engine));
  return fmt::format("engine={} order={} propagators={} split={} symmetry={} fix-corner={} gates={},{}{}",
                     to_string(a.engine), to_string(order), props.empty() ? "none" : props, a.split,
                     a.symmetry ? 1 : 0, a.fix_corner ? 1 : 0, a.colour_gate, a.alldiff_gate,
                     a.pin_piece ? fmt::format(" pin-piece={}", *a.pin_piece) : std::string());
}

/// One subproblem solved with the run's engine (walk, exact or driver) under `control`'s limits.
struct SubproblemOutcome {
  SearchStatus status = SearchStatus::exhausted;
  std::uint64_t solutions = 0;
  std::uint64_t placements = 0;
  Board board;  // first mode: the solution found
};

inline SubproblemOutcome solve_subproblem(const Args& a, const Puzzle& pz, const Subproblem& sp,
                                          const SearchControl& control) {
  const Model sub(subproblem_puzzle(pz, sp));
  SubproblemOutcome out;
  auto take = [&](const SearchResultCore& r) {
    out.status = r.status;
    out.solutions = r.solutions;
    out.placements = r.placements;
    out.board = r.board;
  };
  auto exact_engine = [&]<class Options>(Options opt, auto run) {  // the walk or the exact engine
    static_cast<SearchControl&>(opt) = control;
    opt.mode = a.mode;
    opt.order = a.order.value_or(default_order(a.engine));
    opt.symmetry = false;  // the split owns the symmetry (and the pin)
    take(run(sub, opt));
  };
  if (a.engine == EngineKind::walk) {
    exact_engine(WalkOptions{}, [](const Model& mm, const WalkOptions& o) { return run_walk(mm, o); });
  } else if (a.engine == EngineKind::exact) {
    exact_engine(ExactOptions{}, [](const Model& mm, const ExactOptions& o) { return run_exact(mm, o); });
  } else {
    SearchOptions opt;
    static_cast<SearchControl&>(opt) = control;
    opt.mode = a.mode;
    opt.order = a.order.value_or(default_order(EngineKind::driver));
    opt.random_values = a.random_values;
    take(run_driver(sub, opt, a.propagators ? *a.propagators : default_propagators, [&](auto& solver) {
      if (auto* colour = solver.template get<ColourMatching>()) colour->set_min_assigned(a.colour_gate);
      if (auto* alldiff = solver.template get<PieceAllDifferent>()) alldiff->set_min_assigned(a.alldiff_gate);
    }));
  }
  return out;
}

/// A split run's progress: the plan, which subproblems are finished and what they held.
struct SplitState {
  SplitPlan plan;
  std::vector<bool> done;
  std::size_t done_count = 0;
  std::size_t resumed = 0;       // finished before this run (from --resume)
  std::uint64_t solutions = 0;   // in finished subproblems, before the symmetry factor
  std::uint64_t placements = 0;  // all runs together
  double seconds_before = 0;     // spent by the runs before this one
  Board first;                   // first mode: the solution found

  void finish(std::size_t i, const SubproblemOutcome& o) {
    if (!done[i]) ++done_count;
    done[i] = true;
    solutions += o.solutions;
    if (first.cells.empty() && !o.board.cells.empty()) first = o.board;
  }
  bool complete() const { return done_count == done.size(); }
};

/// The split of the run, resumed from --resume FILE when given (refused when it does not fit the run).
inline SplitState start_split(const Args& a, const Model& m) {
  SplitState st;
  st.plan = split_search(m, split_options(a));
  st.done.assign(st.plan.subproblems.size(), false);
  if (a.resume_file.empty()) return st;
  const SplitCheckpoint c = read_split_checkpoint(a.resume_file);
  check_split_checkpoint(c, a.resume_file, std::string(to_string(a.mode)), puzzle_fingerprint(m.puzzle()),
                         split_settings(a), st.plan.subproblems.size());
  st.done = c.done;
  for (bool d : st.done) st.done_count += d ? 1 : 0;
  st.resumed = st.done_count;
  st.solutions = c.solutions;
  st.placements = c.placements;
  st.seconds_before = c.seconds;
  return st;
}

/// Writes the split checkpoint to --save FILE (atomically); returns the error, if any.
inline std::string save_split(const Args& a, const Model& m, const SplitState& st, double seconds) {
  if (a.save_file.empty()) return "";
  SplitCheckpoint c;
  c.mode = std::string(to_string(a.mode));
  c.puzzle = puzzle_fingerprint(m.puzzle());
  c.settings = split_settings(a);
  c.subproblems = st.plan.subproblems.size();
  c.symmetry_factor = st.plan.symmetry_factor;
  c.solutions = st.solutions;
  c.placements = st.placements;
  c.seconds = st.seconds_before + seconds;
  c.done = st.done;
  return write_file_atomically(a.save_file, [&](std::ostream& out) { write_split_checkpoint(out, c); });
}

/// Prints the result of a split run (text or JSON), writes --board/--svg; returns the exit code.
inline int report_split(const Args& a, const Model& m, const SplitState& st, SearchStatus status,
                        double seconds, int ranks, const OutputPlan& plan, const std::string& save_error,
                        int threads = 1) {
  const std::size_t n = st.plan.subproblems.size();
  SearchResultCore r;
  r.status = status;
  r.board = st.first;
  verify_into(m, r);
  if (!board_passes(r)) return exit_internal;
  // first mode: one solution (several threads may each have finished a subproblem with one)
  const std::uint64_t factor =
      a.mode == SearchMode::first ? 1 : static_cast<std::uint64_t>(st.plan.symmetry_factor);
  const std::uint64_t found =
      a.mode == SearchMode::first ? std::min<std::uint64_t>(st.solutions, 1) : st.solutions;
  const std::string engine = fmt::format("{}", to_string(a.engine));
  const CellOrder order = a.order.value_or(default_order(a.engine));
  if (a.json) {
    JsonObject o = json_head(m, to_string(a.mode), engine, order, status_text(status));
    o.integer("solutions", static_cast<long long>(found * factor))
        .integer("symmetry_factor", static_cast<int>(factor))
        .integer("subproblems", static_cast<long long>(n))
        .integer("subproblems_done", static_cast<long long>(st.done_count))
        .integer("subproblems_resumed", static_cast<long long>(st.resumed))
        .integer("split_depth", st.plan.depth)
        .integer("ranks", ranks)
        .integer("threads", threads)
        .integer("nodes", static_cast<long long>(st.placements))
        .num("seconds", seconds)
        .num("seconds_all_runs", st.seconds_before + seconds);
    json_layout(o, a);
    json_score(o, a, m, r.score, r.mismatches, !r.board.cells.empty());
    o.str("checkpoint", a.save_file);
    json_result_board(o, m, r);
    std::cout << o.str() << "\n";
  } else {
    std::cout << fmt::format("puzzle      {}\n", m.puzzle().name)
              << fmt::format(
                     "mode        {} (engine {}, order {}, split into {} subproblems at depth {}{}{})\n",
                     to_string(a.mode), engine, to_string(order), n, st.plan.depth,
                     ranks > 1 ? fmt::format(", {} ranks", ranks) : std::string(),
                     threads > 1 ? fmt::format(", {} threads", threads) : std::string())
              << fmt::format("status      {}\n", status_text(status))
              << fmt::format("subproblems {} of {} finished ({} resumed from a checkpoint)\n", st.done_count,
                             n, st.resumed)
              << fmt::format(
                     "solutions   {}{}{}\n", found * factor,
                     factor > 1 ? fmt::format(" ({} x {} by rotational symmetry)", found, factor)
                                : std::string(),
                     st.complete() || status == SearchStatus::solved ? "" : " in the finished subproblems")
              << fmt::format("nodes       {} (all runs)\n", st.placements)
              << fmt::format("seconds     {:.3f} ({:.3f} all runs)\n", seconds, st.seconds_before + seconds);
    print_score(m, r.board, r.score, r.mismatches);
  }
  std::cout.flush();
  const int code = write_outputs(a, m, r.board, r.score, plan);
  return exit_code(save_error.empty() ? code : exit_write_failed);
}

}  // namespace cli
