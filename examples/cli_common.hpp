// What edgecp-solve and edgecp-mpi share: the options and their parsing, exit codes, interruption by
// signals, output files and the pieces of the text and JSON output, checkpoints, and solving one subproblem
// of a split search. Program support, not library: it may use fmt.
#pragma once

#include <fmt/format.h>

#include <unistd.h>
#include <atomic>
#include <charconv>
#include <cmath>
#include <csignal>
#include <cstdio>
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
#include <vector>

namespace cli {

using namespace edgecp;

// The options both programs take (each prints its own first line before it).
constexpr const char* options_text =
    "                    [--mode first|count|best] [--propagators fc,ac3,ac2001,ac,colour,alldiff|none]\n"
    "                    [--order row|frame|spiral|blackwood|mrv] [--breaks D1,D2,...] [--time SEC] [--nodes "
    "N]\n"
    "                    [--seed N] [--random-values] [--restart N] [--fix-corner] [--board FILE] [--svg "
    "FILE]\n"
    "                    [--colour-gate N] [--alldiff-gate N] [--engine auto|scan|driver|exact] [--threads "
    "N]\n"
    "                    [--values shuffled|rare|id] [--scan-checks window-fc,parity] [--no-symmetry]\n"
    "                    [--svg-numbers] [--force] [--json] [--quiet] [--save FILE] [--resume FILE]\n"
    "                    [--split N] [--save-every SEC] [--check BOARD] [--version] [--help]\n"
    "PUZZLE defaults to the bundled 16x16 E2-like puzzle (examples/puzzles/e2like_16x16.txt, generated).\n"
    "Defaults: --mode best; --time 30 in best mode, no limit otherwise. Best mode: the scan engine, with\n"
    "  --breaks or else the schedule measured best on the 16x16 (180,190,200,205,210,215,220,225,230,235,\n"
    "  240-256) scaled to the board's cell count; without --breaks, the driver (--propagators ac,alldiff\n"
    "  --order row) when --propagators, a gate, --random-values, --restart, --fix-corner or --order mrv is\n"
    "  given. First and count mode: the exact engine (arc consistency on the joins and piece uniqueness,\n"
    "  --order mrv, symmetry used for counts), unless a driver option is given: the fastest measured for\n"
    "  counting (docs/results.md section 7); for a first solution plain backtracking (--propagators none)\n"
    "  is as fast up to 7x7.\n"
    "--breaks D1,...: Blackwood-style mismatch budget (strict propagators are switched off); A-B stands for\n"
    "  every index from A to B.\n"
    "--colour-gate N, --alldiff-gate N: run the colour filter / the piece all-different only once N cells\n"
    "  are assigned.\n"
    "--engine: scan = the specialised mismatch-tolerant scan search (best mode, no propagator, static\n"
    "  order, default order blackwood), driver = the propagating driver, exact = the exact engine (first\n"
    "  and count mode; no --propagators, --breaks, gates, --random-values or --restart; up to 256 pieces,\n"
    "  larger puzzles go to the driver under auto); auto (default) chooses as said under Defaults.\n"
    "--order mrv (exact engine): the frontier cell with the fewest candidates, frame candidates counted\n"
    "  four times; static orders take the first empty cell.\n"
    "--no-symmetry: the exact engine counts every solution itself; by default, on a board without hints it\n"
    "  counts those with the lowest-numbered corner piece top-left (square; a top corner otherwise) and\n"
    "  multiplies by 4 (2), which is exact.\n"
    "--threads N: scan threads, independent seeded searches (default: all cores); --nodes is per thread.\n"
    "--restart N: restart after N placements with a new random value order (0 = never; scan engine default\n"
    "  200000000, driver default 0).\n"
    "--values: scan value order: rare = pieces with the rarest colours first, random among equals "
    "(default);\n"
    "  shuffled = random; id = candidate order.\n"
    "--scan-checks: budget-aware strict checks of the scan engine, applied only where no break is left.\n"
    "--board FILE, --svg FILE: write the result board / its picture (checked before the search, written\n"
    "  atomically after the result is printed). An existing --board FILE is replaced only by a better board\n"
    "  (a board scoring no more goes to FILE.SCORE beside it) unless --force is given. --svg-numbers writes\n"
    "  each piece's number on the picture.\n"
    "--check BOARD: no search: verify a board of PUZZLE (a board file or a viewer link), print its score,\n"
    "  its mismatched joins and its viewer link (--json: as JSON), draw it with --svg FILE; exit 0 when it\n"
    "  is a legal board (complete or not), 2 when it is not.\n"
    "--save FILE: checkpoints, written atomically. Best mode: FILE is the best board (a board file that\n"
    "  names the puzzle and the score in comments) and FILE.json, rewritten at every improvement. First and\n"
    "  count mode: the search is split into subproblems (see --split) and FILE records the finished ones\n"
    "  and their count, every --save-every seconds (default 5) and when the run ends.\n"
    "--resume FILE: continue from a checkpoint of the same puzzle and options: a count skips the finished\n"
    "  subproblems (the final count is the uninterrupted one); best mode accepts only boards that beat the\n"
    "  saved one (the saved board is the result when none does). A checkpoint of another puzzle or other\n"
    "  options, or a truncated or corrupt one, is refused (exit 2) and nothing is written. An existing\n"
    "  --save FILE is only continued (--resume FILE --save FILE), never overwritten by a fresh run.\n"
    "--split N: first and count mode with --save/--resume (and edgecp-mpi): cut the search into at least N\n"
    "  subproblems (default 256), the consistent placements of the first cells in row order.\n"
    "SIGINT/SIGTERM: the run stops within a second, prints what it has (the best board, or the count of the\n"
    "  finished subproblems), writes its files and checkpoint, and exits 130 (SIGINT) or 143 (SIGTERM);\n"
    "  a second signal ends it at once.\n"
    "Exit codes: 0 done, 1 internal error, 2 bad usage or input, 3 an output file could not be written\n"
    "  (the result is on stdout all the same), 130/143 interrupted by SIGINT/SIGTERM.\n";

// Exit codes (documented in the usage text).
constexpr int exit_ok = 0, exit_internal = 1, exit_bad_input = 2, exit_write_failed = 3;
// --threads above this many per core is capped (more threads than that only add start-up time).
constexpr int max_threads_per_core = 4;

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// A file the run needs is unusable (an output path, an existing board): exit 2 without the usage text.
struct FileError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The driver's propagators when --propagators is not given.
inline const std::vector<std::string> default_propagators{"ac", "alldiff"};

struct Args {
  std::string puzzle;
  SearchMode mode = SearchMode::best;
  std::optional<std::vector<std::string>> propagators;  // given with --propagators (empty: none)
  std::optional<CellOrder> order;
  EngineKind engine = EngineKind::automatic;
  int threads = 0;  // 0 = all cores
  ScanValueOrder values = ScanValueOrder::rare_first;
  bool window_fc = false, parity = false;
  std::vector<int> breaks;
  bool default_breaks = false;  // breaks were not given: best mode's default schedule
  std::optional<double> time;
  std::uint64_t nodes = 0;
  std::uint64_t seed = 1;
  bool random_values = false;
  std::optional<std::uint64_t> restart;  // default: never (driver), scan_default_restart (scan engine)
  bool fix_corner = false;
  bool symmetry = true;  // the exact engine's count by rotational symmetry
  bool engine_auto = true;
  int colour_gate = 0;   // run the colour filter once this many cells are assigned
  int alldiff_gate = 0;  // run the piece all-different once this many cells are assigned
  std::string board_file, svg_file;
  bool force = false;        // --board may replace a better board
  bool svg_numbers = false;  // piece numbers on the --svg picture
  bool json = false, quiet = false;
  std::string save_file, resume_file;  // checkpoints
  std::string check;                   // --check BOARD: a board file or a viewer link to verify (no search)
  std::size_t split = 256;             // at least this many subproblems in a split run
  double save_every = 5;               // seconds between count checkpoints
};

inline long long parse_integer(const std::string& opt, const std::string& v, long long lo, long long hi) {
  long long x = 0;
  const auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), x);
  if (ec != std::errc() || p != v.data() + v.size() || x < lo || x > hi)
    throw UsageError(fmt::format("{}: expected an integer in {}..{}, got '{}'", opt, lo, hi, v));
  return x;
}

// Seconds as a plain decimal number (no hexadecimal, no infinity) in 0..max_seconds.
inline double parse_seconds(const std::string& opt, const std::string& v) {
  constexpr double max_seconds = 1e9;
  double t = 0;
  const auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), t, std::chars_format::general);
  if (ec != std::errc() || p != v.data() + v.size() || !std::isfinite(t) || !(t >= 0))
    throw UsageError(fmt::format("{}: expected seconds as a decimal number >= 0, got '{}'", opt, v));
  if (t > max_seconds)
    throw UsageError(fmt::format("{}: at most {:.0f} seconds, got '{}'", opt, max_seconds, v));
  return t;
}

// The value of a keyword option: one of `choices`, else a usage error listing them.
template <class T>
T choose(const std::string& opt, const std::string& v,
         std::initializer_list<std::pair<std::string_view, T>> choices) {
  std::string names;
  for (const auto& [name, t] : choices) {
    if (v == name) return t;
    names += (names.empty() ? "" : ", ") + std::string(name);
  }
  throw UsageError(opt + ": expected one of " + names + ", got '" + v + "'");
}

inline std::vector<std::string> split_list(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  for (std::string item; std::getline(ss, item, ',');) out.push_back(item);
  return out;
}

/// The program's name: the first word of the usage text ending in a program name ("edgecp-...").
inline std::string program_name(const std::string& usage) {
  const auto at = usage.find("edgecp-");
  return at == std::string::npos ? "edgecp" : usage.substr(at, usage.find_first_of(" \n", at) - at);
}

inline Args parse_args(int argc, char** argv, const std::string& usage) {
  Args a;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) throw UsageError(arg + ": missing value");
      return argv[++i];
    };
    if (arg == "--help" || arg == "-h") {
      std::fputs(usage.c_str(), stdout);
      std::exit(0);
    } else if (arg == "--version") {
      std::printf("%s %s\n", program_name(usage).c_str(), version_string);
      std::exit(0);
    } else if (arg == "--mode") {
      a.mode = choose<SearchMode>(
          arg, value(),
          {{"first", SearchMode::first}, {"count", SearchMode::count}, {"best", SearchMode::best}});
    } else if (arg == "--propagators") {
      const std::string v = value();
      a.propagators.emplace();
      if (v != "none") *a.propagators = split_list(v);
      try {
        (void)StandardPropagators::select(*a.propagators);
      } catch (const std::invalid_argument& e) {
        throw UsageError(std::string("--propagators: ") + e.what());
      }
    } else if (arg == "--order") {
      try {
        a.order = parse_cell_order(value());
      } catch (const std::invalid_argument& e) {
        throw UsageError(std::string("--order: ") + e.what());
      }
    } else if (arg == "--breaks") {
      const auto items = split_list(value());
      if (items.empty())
        throw UsageError("--breaks: expected indices D1,D2,... (or ranges A-B), got nothing");
      for (const auto& d : items) {  // an index, or a range A-B (every index from A to B)
        const auto dash = d.find('-', 1);
        if (dash == std::string::npos) {
          a.breaks.push_back(static_cast<int>(parse_integer(arg, d, 1, max_cells)));
          continue;
        }
        const int lo = static_cast<int>(parse_integer(arg, d.substr(0, dash), 1, max_cells));
        const int hi = static_cast<int>(parse_integer(arg, d.substr(dash + 1), lo, max_cells));
        for (int i = lo; i <= hi; ++i) a.breaks.push_back(i);
      }
    } else if (arg == "--time") {
      a.time = parse_seconds(arg, value());
    } else if (arg == "--nodes") {
      a.nodes = static_cast<std::uint64_t>(parse_integer(arg, value(), 0, 1LL << 62));
    } else if (arg == "--seed") {
      a.seed = static_cast<std::uint64_t>(parse_integer(arg, value(), 0, 1LL << 62));
    } else if (arg == "--restart") {
      a.restart = static_cast<std::uint64_t>(parse_integer(arg, value(), 0, 1LL << 62));
    } else if (arg == "--random-values") {
      a.random_values = true;
    } else if (arg == "--fix-corner") {
      a.fix_corner = true;
    } else if (arg == "--no-symmetry") {
      a.symmetry = false;
    } else if (arg == "--colour-gate") {
      a.colour_gate = static_cast<int>(parse_integer(arg, value(), 0, max_cells));
    } else if (arg == "--alldiff-gate") {
      a.alldiff_gate = static_cast<int>(parse_integer(arg, value(), 0, max_cells));
    } else if (arg == "--engine") {
      a.engine = choose<EngineKind>(arg, value(),
                                    {{"auto", EngineKind::automatic},
                                     {"scan", EngineKind::scan},
                                     {"driver", EngineKind::driver},
                                     {"exact", EngineKind::exact}});
    } else if (arg == "--threads") {
      a.threads = static_cast<int>(parse_integer(arg, value(), 1, 1024));
    } else if (arg == "--values") {
      a.values = choose<ScanValueOrder>(arg, value(),
                                        {{"shuffled", ScanValueOrder::shuffled},
                                         {"rare", ScanValueOrder::rare_first},
                                         {"id", ScanValueOrder::by_id}});
    } else if (arg == "--scan-checks") {
      const std::string v = value();
      for (const auto& c : split_list(v)) {
        if (c == "window-fc")
          a.window_fc = true;
        else if (c == "parity")
          a.parity = true;
        else if (c != "none")
          throw UsageError("--scan-checks: unknown check '" + c + "' (window-fc, parity, none)");
      }
    } else if (arg == "--board") {
      a.board_file = value();
    } else if (arg == "--svg") {
      a.svg_file = value();
    } else if (arg == "--check") {
      a.check = value();
    } else if (arg == "--svg-numbers") {
      a.svg_numbers = true;
    } else if (arg == "--force") {
      a.force = true;
    } else if (arg == "--save") {
      a.save_file = value();
    } else if (arg == "--resume") {
      a.resume_file = value();
    } else if (arg == "--split") {
      a.split = static_cast<std::size_t>(parse_integer(arg, value(), 1, 1 << 18));
    } else if (arg == "--save-every") {
      a.save_every = parse_seconds(arg, value());
    } else if (arg == "--json") {
      a.json = true;
    } else if (arg == "--quiet") {
      a.quiet = true;
    } else if (!arg.empty() && arg[0] == '-') {
      throw UsageError("unknown option '" + arg + "'");
    } else if (a.puzzle.empty()) {
      a.puzzle = arg;
    } else {
      throw UsageError("more than one puzzle given ('" + a.puzzle + "' and '" + arg + "')");
    }
  }
  EngineRequest req;
  req.mode = a.mode;
  req.engine = a.engine;
  req.propagators = a.propagators;
  req.budget = MismatchBudget(a.breaks);
  req.order = a.order;
  req.fix_corner = a.fix_corner;
  req.random = a.random_values || a.restart.has_value();
  req.gates = a.colour_gate || a.alldiff_gate;
  req.threads = a.threads != 0;
  req.scan_checks = a.window_fc || a.parity;
  a.engine_auto = a.engine == EngineKind::automatic;
  try {
    a.engine = choose_engine(req);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  if (a.mode != SearchMode::best && (!a.save_file.empty() || !a.resume_file.empty()) && !a.breaks.empty())
    throw UsageError("--save/--resume split first and count runs into exact subproblems: not with --breaks");
  return a;
}

// What the output files hold before the run: the score of the board already in --board FILE (-1: none).
struct OutputPlan {
  int kept_score = -1;
};

// Checks the output paths before the search, so that a long run never ends unable to save its board.
inline OutputPlan prepare_outputs(const Args& a, const Model& m) {
  OutputPlan plan;
  // a checkpoint is continued (--resume), never silently replaced by a fresh run
  if (!a.save_file.empty() && a.resume_file != a.save_file && std::filesystem::exists(a.save_file))
    throw FileError("--save: " + a.save_file + " exists: resume from it (--resume " + a.save_file +
                    ") or remove it first");
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

// Writes the board and SVG files after the result is printed: atomically, never replacing a board at least as
// good (that one stays, the new board goes beside it). Returns the exit code.
inline int write_outputs(const Args& a, const Model& m, const Board& b, int score, const OutputPlan& plan) {
  if (b.cells.empty()) return exit_ok;
  int code = exit_ok;
  auto report = [&](const std::string& why) {
    if (why.empty()) return;
    std::fprintf(stderr, "edgecp-solve: %s\n", why.c_str());
    code = exit_write_failed;
  };
  if (!a.board_file.empty()) {
    std::string target = a.board_file;
    if (plan.kept_score >= score) {
      target = fmt::format("{}.{}", a.board_file, score);
      std::fprintf(stderr,
                   "edgecp-solve: %s holds a board scoring %d >= %d: kept; the new board goes to %s\n",
                   a.board_file.c_str(), plan.kept_score, score, target.c_str());
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
inline Puzzle load_puzzle(const Args& a) {
  Puzzle pz = a.puzzle.empty() ? generate(GeneratorOptions::e2_like(1)).puzzle : read_puzzle(a.puzzle);
  if (a.puzzle.empty()) pz.name = "e2like_16x16 (bundled: " + pz.name + ")";
  return pz;
}

/// The checks of the options that need the puzzle; settles the engine (auto falls back to the driver on a
/// puzzle too large for the exact engine).
inline void settle_args(Args& a, const Model& m) {
  try {
    check_budget(MismatchBudget(a.breaks), m);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--breaks: ") + e.what());
  }
  try {
    a.engine = engine_for_puzzle(a.engine, a.engine_auto, m);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--engine: ") + e.what());
  }
  if (a.engine == EngineKind::scan && a.breaks.empty()) {  // best mode's default: the measured schedule
    a.breaks = default_break_schedule(m).indices();
    a.default_breaks = true;
  }
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
/// The exit code: 128 + the signal when one interrupted the run, else `code`.
inline int exit_code(int code) { return stop_signal ? 128 + stop_signal : code; }
/// A stop reason as printed: a limit reached because of a signal is "interrupted".
inline std::string_view status_text(SearchStatus s) {
  return stop_signal && s == SearchStatus::limit ? "interrupted" : to_string(s);
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
  }

 private:
  const Args* args_;
  const Model* model_;
  std::mutex mu_;
  int score_;
};

/// The board of --resume FILE in best mode (empty when not resuming); throws ParseError when unusable.
inline Board resumed_best(const Args& a, const Model& m) {
  if (a.resume_file.empty()) return {};
  return read_best_checkpoint(a.resume_file, m);
}

// ---- split runs (first and count mode with checkpoints, and edgecp-mpi) ----

inline SplitOptions split_options(const Args& a) {
  SplitOptions o;
  o.order = CellOrder::row;
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
  return fmt::format("engine={} order={} propagators={} split={} symmetry={} fix-corner={} gates={},{}",
                     to_string(a.engine), to_string(order), props.empty() ? "none" : props, a.split,
                     a.symmetry ? 1 : 0, a.fix_corner ? 1 : 0, a.colour_gate, a.alldiff_gate);
}

/// One subproblem solved with the run's engine (exact or driver) under `control`'s limits.
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
  if (a.engine == EngineKind::exact) {
    ExactOptions opt;
    static_cast<SearchControl&>(opt) = control;
    opt.mode = a.mode;
    opt.order = a.order.value_or(default_order(EngineKind::exact));
    opt.symmetry = false;  // the split owns the symmetry
    take(run_exact(sub, opt));
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
                        double seconds, int ranks, const OutputPlan& plan, const std::string& save_error) {
  const std::size_t n = st.plan.subproblems.size();
  SearchResultCore r;
  r.status = status;
  r.board = st.first;
  verify_into(m, r);
  if (!board_passes(r)) return exit_internal;
  const std::uint64_t factor = static_cast<std::uint64_t>(st.plan.symmetry_factor);
  const std::string engine = fmt::format("{}", to_string(a.engine));
  const CellOrder order = a.order.value_or(default_order(a.engine));
  if (a.json) {
    JsonObject o = json_head(m, to_string(a.mode), engine, order, status_text(status));
    o.integer("solutions", static_cast<long long>(st.solutions * factor))
        .integer("symmetry_factor", st.plan.symmetry_factor)
        .integer("subproblems", static_cast<long long>(n))
        .integer("subproblems_done", static_cast<long long>(st.done_count))
        .integer("subproblems_resumed", static_cast<long long>(st.resumed))
        .integer("split_depth", st.plan.depth)
        .integer("ranks", ranks)
        .integer("nodes", static_cast<long long>(st.placements))
        .num("seconds", seconds)
        .num("seconds_all_runs", st.seconds_before + seconds);
    json_score(o, a, m, r.score, r.mismatches, !r.board.cells.empty());
    o.str("checkpoint", a.save_file);
    json_result_board(o, m, r);
    std::cout << o.str() << "\n";
  } else {
    std::cout << fmt::format("puzzle      {}\n", m.puzzle().name)
              << fmt::format(
                     "mode        {} (engine {}, order {}, split into {} subproblems at depth {}{})\n",
                     to_string(a.mode), engine, to_string(order), n, st.plan.depth,
                     ranks > 1 ? fmt::format(", {} ranks", ranks) : std::string())
              << fmt::format("status      {}\n", status_text(status))
              << fmt::format("subproblems {} of {} finished ({} resumed from a checkpoint)\n", st.done_count,
                             n, st.resumed)
              << fmt::format(
                     "solutions   {}{}{}\n", st.solutions * factor,
                     factor > 1 ? fmt::format(" ({} x {} by rotational symmetry)", st.solutions, factor)
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
