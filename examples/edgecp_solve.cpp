// edgecp-solve: the command-line solver.
#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <edgecp/edgecp.hpp>
#include <edgecp/io/json.hpp>
#include <edgecp/io/output_file.hpp>
#include <edgecp/io/svg.hpp>
#include <filesystem>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

using namespace edgecp;

constexpr const char* usage_text =
    "usage: edgecp-solve [PUZZLE] [--mode first|count|best] [--propagators "
    "fc,ac3,ac2001,ac,colour,alldiff|none]\n"
    "                    [--order row|frame|spiral|blackwood|mrv] [--breaks D1,D2,...] [--time SEC] [--nodes "
    "N]\n"
    "                    [--seed N] [--random-values] [--restart N] [--fix-corner] [--board FILE] [--svg "
    "FILE]\n"
    "                    [--colour-gate N] [--alldiff-gate N] [--engine auto|scan|driver|exact] [--threads "
    "N]\n"
    "                    [--values shuffled|rare|id] [--scan-checks window-fc,parity] [--no-symmetry]\n"
    "                    [--force] [--json] [--quiet]\n"
    "PUZZLE defaults to the bundled 16x16 E2-like puzzle (examples/puzzles/e2like_16x16.txt, generated).\n"
    "Defaults: --mode best; --time 30 in best mode, no limit otherwise. Best mode: the scan engine with\n"
    "  --breaks, else the driver with --propagators ac,alldiff --order row. First and count mode: the exact\n"
    "  engine (arc consistency on the joins and piece uniqueness, --order mrv, symmetry used for counts),\n"
    "  unless a driver option is given: the fastest measured for counting (docs/results.md section 7); for\n"
    "  a first solution plain backtracking (--propagators none) is as fast up to 7x7.\n"
    "--breaks D1,...: Blackwood-style mismatch budget (strict propagators are switched off); A-B stands for\n"
    "  every index from A to B.\n"
    "--colour-gate N, --alldiff-gate N: run the colour filter / the piece all-different only once N cells\n"
    "  are assigned.\n"
    "--engine: scan = the specialised mismatch-tolerant scan search (best mode with --breaks, no "
    "propagator,\n"
    "  static order, default order blackwood), driver = the propagating driver; auto (default) picks scan "
    "for\n"
    "  --mode best with --breaks unless propagators other than none are asked for; exact = the exact engine\n"
    "  (first and count mode; no --propagators, --breaks, gates, --random-values or --restart; up to 256\n"
    "  pieces, larger puzzles go to the driver under auto).\n"
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
    "  (a board scoring no more goes to FILE.SCORE beside it) unless --force is given.\n"
    "Exit codes: 0 done, 1 internal error, 2 bad usage or input, 3 an output file could not be written\n"
    "  (the result is on stdout all the same).\n";

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
const std::vector<std::string> default_propagators{"ac", "alldiff"};

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
  bool force = false;  // --board may replace a better board
  bool json = false, quiet = false;
};

long long parse_integer(const std::string& opt, const std::string& v, long long lo, long long hi) {
  long long x = 0;
  const auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), x);
  if (ec != std::errc() || p != v.data() + v.size() || x < lo || x > hi)
    throw UsageError(fmt::format("{}: expected an integer in {}..{}, got '{}'", opt, lo, hi, v));
  return x;
}

// Seconds as a plain decimal number (no hexadecimal, no infinity) in 0..max_seconds.
double parse_seconds(const std::string& opt, const std::string& v) {
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

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  for (std::string item; std::getline(ss, item, ',');) out.push_back(item);
  return out;
}

Args parse_args(int argc, char** argv) {
  Args a;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) throw UsageError(arg + ": missing value");
      return argv[++i];
    };
    if (arg == "--help" || arg == "-h") {
      std::fputs(usage_text, stdout);
      std::exit(0);
    } else if (arg == "--mode") {
      a.mode = choose<SearchMode>(
          arg, value(),
          {{"first", SearchMode::first}, {"count", SearchMode::count}, {"best", SearchMode::best}});
    } else if (arg == "--propagators") {
      const std::string v = value();
      a.propagators.emplace();
      if (v != "none") *a.propagators = split(v);
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
      const auto items = split(value());
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
      for (const auto& c : split(v)) {
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
    } else if (arg == "--force") {
      a.force = true;
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
  return a;
}

// What the output files hold before the run: the score of the board already in --board FILE (-1: none).
struct OutputPlan {
  int kept_score = -1;
};

// Checks the output paths before the search, so that a long run never ends unable to save its board.
OutputPlan prepare_outputs(const Args& a, const Model& m) {
  OutputPlan plan;
  for (const std::string* f : {&a.board_file, &a.svg_file})
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
int write_outputs(const Args& a, const Model& m, const Board& b, int score, const OutputPlan& plan) {
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
      write_svg(out, m, b, {40, m.puzzle().name});
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
JsonObject json_head(const Model& m, std::string_view mode, std::string_view engine, CellOrder order,
                     SearchStatus status) {
  JsonObject o;
  o.str("puzzle", m.puzzle().name)
      .integer("width", m.geometry().width())
      .integer("height", m.geometry().height())
      .str("mode", mode)
      .str("engine", engine)
      .str("order", to_string(order))
      .str("status", to_string(status));
  return o;
}
void json_score(JsonObject& o, const Args& a, const Model& m, int score, int mismatches, bool has_board) {
  o.integer("score", score)
      .integer("max_score", m.geometry().inner_join_count())
      .integer("mismatches", has_board ? mismatches : 0)
      .raw("breaks", json_int_list(a.breaks))
      .integer("seed", static_cast<long long>(a.seed));
}

// The text output's last lines, both engines: the verified score and the board.
void print_score(const Model& m, const Board& b, int score, int mismatches) {
  if (b.cells.empty()) {
    std::cout << "score       none (no board)\n";
    return;
  }
  std::cout << fmt::format("score       {} / {} ({} mismatched joins, verified)\n", score,
                           m.geometry().inner_join_count(), mismatches);
  write_board(std::cout, m, b);
}

// The scan engine on one or more threads.
int solve_scan(const Args& a, const Model& m, const OutputPlan& plan) {
  ScanOptions opt;
  opt.order = a.order.value_or(default_order(EngineKind::scan));
  opt.budget = MismatchBudget(a.breaks);
  opt.values = a.values;
  opt.seed = a.seed;
  opt.time_limit = a.time ? *a.time : 30.0;
  opt.node_limit = a.nodes;
  opt.restart_nodes = a.restart.value_or(default_scan_restart_nodes);
  opt.window_fc = a.window_fc;
  opt.colour_parity = a.parity;
  const int cores = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  int threads = a.threads ? a.threads : cores;
  if (threads > max_threads_per_core * cores) {
    threads = max_threads_per_core * cores;
    std::fprintf(stderr, "edgecp-solve: --threads %d capped at %d (%d per core on %d cores)\n", a.threads,
                 threads, max_threads_per_core, cores);
  }
  const int max_score = m.geometry().inner_join_count();
  if (!a.quiet)
    opt.on_progress = [&](const SearchProgress& p) {
      std::fprintf(stderr, "[%7.1fs] placements %llu (%.1fM/s) deepest %d best %d/%d restarts %d\n",
                   p.seconds, static_cast<unsigned long long>(p.placements),
                   p.seconds > 0 ? static_cast<double>(p.placements) / p.seconds / 1e6 : 0.0, p.deepest,
                   p.best_score, max_score, p.restarts);
    };
  const std::clock_t cpu0 = std::clock();
  const ParallelScanResult pr = run_parallel_scan(m, opt, threads);
  const double cpu = static_cast<double>(std::clock() - cpu0) / CLOCKS_PER_SEC;
  const ScanResult& r = pr.best;
  if (!r.board.cells.empty() && !r.board_verified) {
    std::fprintf(stderr, "internal error: the result board does not pass the checker\n");
    return exit_internal;
  }
  const double per_cpu = cpu > 0 ? static_cast<double>(pr.placements) / cpu : 0.0;
  if (a.json) {
    std::string history = "[";
    for (std::size_t i = 0; i < pr.score_history.size(); ++i)
      history +=
          fmt::format("{}[{:.3f},{}]", i ? "," : "", pr.score_history[i].first, pr.score_history[i].second);
    history += "]";
    std::vector<int> deepest;
    for (const auto& t : pr.per_thread) deepest.push_back(t.deepest);
    JsonObject o = json_head(m, "best", "scan", opt.order, r.status);
    o.integer("threads", threads)
        .integer("placements", static_cast<long long>(pr.placements))
        .num("cpu_seconds", cpu)
        .num("placements_per_cpu_second", per_cpu)
        .integer("deepest", pr.deepest)
        .raw("deepest_by_thread", json_int_list(deepest))
        .integer("restarts", r.restarts)
        .integer("complete_placements", static_cast<long long>(r.solutions))
        .num("seconds", pr.seconds)
        .num("best_found_at", r.best_found_at)
        .integer("best_thread", pr.best_thread);
    json_score(o, a, m, r.score, r.mismatches, !r.board.cells.empty());
    o.boolean("window_fc", a.window_fc)
        .boolean("parity", a.parity)
        .integer("window_fc_prunes", static_cast<long long>(r.window_fc_prunes))
        .integer("parity_prunes", static_cast<long long>(r.parity_prunes))
        .raw("score_history", history)
        .boolean("verified", r.board_verified)
        .raw("board", json_board(m, r.board));
    std::cout << o.str() << "\n";
  } else {
    std::cout << fmt::format("puzzle      {}\n", m.puzzle().name)
              << fmt::format("mode        best (engine scan, order {}, {} thread{})\n", to_string(opt.order),
                             threads, threads == 1 ? "" : "s")
              << fmt::format("status      {}\n", to_string(r.status))
              << fmt::format("placements  {} ({:.1f}M per CPU-second, deepest {})\n", pr.placements,
                             per_cpu / 1e6, pr.deepest)
              << fmt::format("seconds     {:.3f} (best found at {:.3f})\n", pr.seconds, r.best_found_at);
    print_score(m, r.board, r.score, r.mismatches);
  }
  std::cout.flush();
  return write_outputs(a, m, r.board, r.score, plan);
}

// The propagating driver.
int solve_driver(const Args& a, const Model& m, const OutputPlan& plan) {
  SearchOptions opt;
  opt.mode = a.mode;
  opt.order = a.order.value_or(default_order(EngineKind::driver));
  opt.budget = MismatchBudget(a.breaks);
  opt.random_values = a.random_values;
  opt.seed = a.seed;
  opt.time_limit = a.time ? *a.time : (a.mode == SearchMode::best ? 30.0 : 0.0);
  opt.node_limit = a.nodes;
  opt.restart_nodes = a.restart.value_or(0);
  opt.fix_corner = a.fix_corner;
  opt.time_propagators = true;
  const int max_score = m.geometry().inner_join_count();
  if (!a.quiet)
    opt.on_progress = [&](const SearchProgress& p) {
      std::fprintf(stderr, "[%7.1fs] nodes %llu (%.2fM/s) deepest %d best %d/%d%s\n", p.seconds,
                   static_cast<unsigned long long>(p.placements),
                   p.seconds > 0 ? static_cast<double>(p.placements) / p.seconds / 1e6 : 0.0, p.deepest,
                   p.best_score, max_score,
                   a.mode == SearchMode::count ? fmt::format(" solutions {}", p.solutions).c_str() : "");
    };
  const std::vector<std::string>& names = a.propagators ? *a.propagators : default_propagators;
  std::vector<std::string> on, off;  // strictness from the propagator types
  const auto enabled = StandardPropagators::select(names);
  for (std::size_t i = 0; i < StandardPropagators::size; ++i)
    if (enabled[i])
      (switched_off_under_budget(StandardPropagators::strict[i], opt) ? off : on)
          .emplace_back(StandardPropagators::names[i]);
  if (!off.empty() && !a.quiet)
    std::fprintf(stderr, "note: mismatch budget on: strict propagators switched off: %s\n",
                 fmt::format("{}", fmt::join(off, ",")).c_str());
  const SearchResult r = run_driver(m, opt, names, [&](auto& solver) {
    if (auto* colour = solver.template get<ColourMatching>()) colour->set_min_assigned(a.colour_gate);
    if (auto* alldiff = solver.template get<PieceAllDifferent>()) alldiff->set_min_assigned(a.alldiff_gate);
  });

  if (!r.board.cells.empty() && !r.board_verified) {
    std::fprintf(stderr, "internal error: the result board does not pass the checker\n");
    return exit_internal;
  }
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
    JsonObject o = json_head(m, to_string(a.mode), "driver", opt.order, r.status);
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
        .raw("nodes_by_depth", json_int_list(r.placements_by_depth))
        .boolean("verified", r.board_verified)
        .raw("board", json_board(m, r.board));
    std::cout << o.str() << "\n";
  } else {
    std::cout << fmt::format("puzzle      {}\n", m.puzzle().name)
              << fmt::format("mode        {} (order {}, propagators {})\n", to_string(a.mode),
                             to_string(opt.order),
                             on.empty() ? "none" : fmt::format("{}", fmt::join(on, ",")))
              << fmt::format("status      {}\n", to_string(r.status))
              << fmt::format("solutions   {}\n", r.solutions)
              << fmt::format("nodes       {} ({} failed propagations, deepest {})\n", r.placements,
                             r.failures, r.deepest)
              << fmt::format("seconds     {:.3f}\n", r.seconds);
    print_score(m, r.board, r.score, r.mismatches);
  }
  std::cout.flush();
  return write_outputs(a, m, r.board, r.score, plan);
}

// The exact engine.
int solve_exact(const Args& a, const Model& m, const OutputPlan& plan) {
  ExactOptions opt;
  opt.mode = a.mode;
  opt.order = a.order.value_or(default_order(EngineKind::exact));
  opt.fix_corner = a.fix_corner;
  opt.symmetry = a.symmetry;
  opt.time_limit = a.time ? *a.time : 0.0;
  opt.node_limit = a.nodes;
  if (!a.quiet)
    opt.on_progress = [&](const SearchProgress& p) {
      std::fprintf(stderr, "[%7.1fs] nodes %llu (%.2fM/s) deepest %d%s\n", p.seconds,
                   static_cast<unsigned long long>(p.placements),
                   p.seconds > 0 ? static_cast<double>(p.placements) / p.seconds / 1e6 : 0.0, p.deepest,
                   a.mode == SearchMode::count ? fmt::format(" solutions {}", p.solutions).c_str() : "");
    };
  const ExactResult r = run_exact(m, opt);
  if (!r.board.cells.empty() && !r.board_verified) {
    std::fprintf(stderr, "internal error: the result board does not pass the checker\n");
    return exit_internal;
  }
  const double us_per_node = r.placements ? 1e6 * r.seconds / static_cast<double>(r.placements) : 0.0;
  if (a.json) {
    JsonObject stats;
    stats.integer("calls", static_cast<long long>(r.propagation.calls))
        .integer("failures", static_cast<long long>(r.propagation.failures))
        .integer("revisions", static_cast<long long>(r.propagation.revisions))
        .integer("checks", static_cast<long long>(r.propagation.checks));
    JsonObject o = json_head(m, to_string(a.mode), "exact", opt.order, r.status);
    o.integer("solutions", static_cast<long long>(r.solutions))
        .integer("symmetry_factor", r.symmetry_factor)
        .integer("nodes", static_cast<long long>(r.placements))
        .integer("failures", static_cast<long long>(r.failures))
        .integer("deepest", r.deepest)
        .num("seconds", r.seconds)
        .num("microseconds_per_node", us_per_node);
    json_score(o, a, m, r.score, r.mismatches, !r.board.cells.empty());
    o.raw("propagation", stats.str())
        .raw("nodes_by_depth", json_int_list(r.placements_by_depth))
        .boolean("verified", r.board_verified)
        .raw("board", json_board(m, r.board));
    std::cout << o.str() << "\n";
  } else {
    std::cout << fmt::format("puzzle      {}\n", m.puzzle().name)
              << fmt::format("mode        {} (engine exact, order {})\n", to_string(a.mode),
                             to_string(opt.order))
              << fmt::format("status      {}\n", to_string(r.status))
              << fmt::format("solutions   {}{}\n", r.solutions,
                             r.symmetry_factor > 1
                                 ? fmt::format(" ({} x {} by rotational symmetry)",
                                               r.solutions / static_cast<std::uint64_t>(r.symmetry_factor),
                                               r.symmetry_factor)
                                 : std::string())
              << fmt::format("nodes       {} ({} failed, deepest {}, {:.2f} us per node)\n", r.placements,
                             r.failures, r.deepest, us_per_node)
              << fmt::format("seconds     {:.3f}\n", r.seconds);
    print_score(m, r.board, r.score, r.mismatches);
  }
  std::cout.flush();
  return write_outputs(a, m, r.board, r.score, plan);
}

}  // namespace

int main(int argc, char** argv) {
  try {
    Args a = parse_args(argc, argv);
    Puzzle pz = a.puzzle.empty() ? generate(GeneratorOptions::e2_like(1)).puzzle : read_puzzle(a.puzzle);
    if (a.puzzle.empty()) pz.name = "e2like_16x16 (bundled: " + pz.name + ")";
    const Model m(pz);
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
    const OutputPlan plan = prepare_outputs(a, m);
    if (a.engine == EngineKind::scan) return solve_scan(a, m, plan);
    return a.engine == EngineKind::exact ? solve_exact(a, m, plan) : solve_driver(a, m, plan);
  } catch (const UsageError& e) {
    std::fprintf(stderr, "edgecp-solve: %s\n%s", e.what(), usage_text);
    return exit_bad_input;
  } catch (const std::exception& e) {  // ParseError, FileError, the library refusing what it was given
    std::fprintf(stderr, "edgecp-solve: %s\n", e.what());
    return exit_bad_input;
  }
}
