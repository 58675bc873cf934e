// The search options of edgecp, edgecp-solve and edgecp-mpi, declared once for CLI11 (Debian: libcli11-dev),
// which parses them and writes the help: what each option means, the checks of the values (a message names
// the option), the engine the options ask for, and the exit codes. Program support, not library.
#pragma once

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <edgecp/edgecp.hpp>
#include <functional>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace cli {

using namespace edgecp;

// Exit codes (in every program's help).
constexpr int exit_ok = 0, exit_internal = 1, exit_bad_input = 2, exit_write_failed = 3;
// --threads above this many per core is capped (more threads than that only add start-up time).
constexpr int max_threads_per_core = 4;

/// The running program as messages name it ("edgecp-solve: ..."); each main sets it first.
inline std::string program = "edgecp";

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// A file the run needs is unusable (an output path, an existing board): exit 2.
struct FileError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The driver's propagators when --propagators is not given.
inline const std::vector<std::string> default_propagators{"ac", "alldiff"};

struct Args {
  std::string puzzle;
  std::vector<std::string> hints;  // --hint ROW,COL,PIECE,ROT, added to the puzzle's own
  SearchMode mode = SearchMode::best;
  std::optional<std::vector<std::string>> propagators;  // given with --propagators (empty: none)
  std::optional<CellOrder> order;
  EngineKind engine = EngineKind::automatic;
  int threads = 0;  // 0 = all cores
  ScanValueOrder values = ScanValueOrder::rare_first;
  bool window_fc = false, parity = false;
  std::vector<int> quota_colours;                 // --quota: favoured colours (empty: off)
  std::vector<std::vector<int>> quota_fallbacks;  // --quota C,.../C,...: the sets after the first
  std::vector<std::pair<int, int>> quota_ramp;    // --quota-ramp: (placement, sides) points (empty: default)
  std::optional<int> break_sets;                  // --break-sets (default: ScanOptions::break_sets)
  std::optional<int> colour_bound;                // --colour-bound (default: ScanOptions::colour_bound)
  std::optional<std::uint64_t> repair_nodes;      // --repair-nodes (default: ScanOptions::repair_nodes)
  std::optional<std::uint64_t> block_repair;      // --block-repair (default: ScanOptions::block_repair_nodes)
  std::optional<int> completion_slack;  // --completion-slack (default: ScanOptions::completion_slack)
  std::vector<int> breaks;
  bool values_given = false, quota_given = false;  // --values, --quota were given (else the plan's)
  bool quota_adapt = true;                         // --fixed-quota: false
  std::optional<int> quota_stalls;                 // --quota-stalls (default: the plan's, quota_stalls_for)
  // best mode on the scan engine: the options the puzzle's plan (plan_hunt) chose, as flags, and why
  std::string plan_flags, plan_why;
  std::vector<std::string> plan_chose;
  std::optional<double> time;
  std::uint64_t nodes = 0;
  std::uint64_t seed = 1;
  bool random_values = false;
  std::optional<std::uint64_t> restart;  // default: never (driver), scan_default_restart (scan engine)
  bool fix_corner = false;
  std::optional<int>
      pin_piece;         // --pin-piece, 1-based as in files (default: the walk's layout, or the lowest)
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
  std::uint64_t estimate = 0;          // --estimate N: no count, Knuth's estimate of its tree from N probes
};

// ---- values ----

inline long long parse_integer(const std::string& opt, const std::string& v, long long lo, long long hi) {
  long long x = 0;
  const auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), x);
  if (ec != std::errc() || p != v.data() + v.size() || x < lo || x > hi)
    throw UsageError(fmt::format("{}: expected an integer in {}..{}, got '{}'", opt, lo, hi, v));
  return x;
}

/// Declares an integer option: its value is checked by parse_integer (lo..hi, the option named in the
/// message; CLI11 alone would wrap a negative value round an unsigned target) and stored in `target`.
template <class T>
CLI::Option* add_integer_option(CLI::App& app, const char* name, const char* type, const char* help,
                                T& target, long long lo, long long hi) {
  return app
      .add_option_function<std::string>(
          name,
          [name, lo, hi, &target](const std::string& v) {
            target = static_cast<T>(parse_integer(name, v, lo, hi));
          },
          help)
      ->type_name(type);
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
    if (!names.empty()) names += ", ";
    names += name;
  }
  throw UsageError(opt + ": expected one of " + names + ", got '" + v + "'");
}

inline std::vector<std::string> split_list(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  for (std::string item; std::getline(ss, item, ',');) out.push_back(item);
  return out;
}

// Break indices "D1,D2,..." where A-B stands for every index from A to B.
inline std::vector<int> parse_breaks(const std::string& v) {
  const auto items = split_list(v);
  if (items.empty()) throw UsageError("--breaks: expected indices D1,D2,... (or ranges A-B), got nothing");
  std::vector<int> out;
  for (const auto& d : items) {
    const auto dash = d.find('-', 1);
    const int lo = static_cast<int>(
        parse_integer("--breaks", dash == std::string::npos ? d : d.substr(0, dash), 1, max_cells));
    if (!out.empty() && lo < out.back())
      throw UsageError(fmt::format("--breaks: indices must not decrease ({} after {}); write them in order",
                                   lo, out.back()));
    const int hi = dash == std::string::npos
                       ? lo
                       : static_cast<int>(parse_integer("--breaks", d.substr(dash + 1), lo, max_cells));
    for (int i = lo; i <= hi; ++i) out.push_back(i);
  }
  return out;
}

// Quota points "P:N,..." (placement number, favoured sides).
inline std::vector<std::pair<int, int>> parse_quota_ramp(const std::string& v) {
  std::vector<std::pair<int, int>> out;
  for (const auto& item : split_list(v)) {
    const auto colon = item.find(':');
    if (colon == std::string::npos)
      throw UsageError("--quota-ramp: expected points P:N (placement:sides), got '" + item + "'");
    out.emplace_back(
        static_cast<int>(parse_integer("--quota-ramp", item.substr(0, colon), 1, max_cells)),
        static_cast<int>(parse_integer("--quota-ramp", item.substr(colon + 1), 0, 4 * max_cells)));
  }
  if (out.empty()) throw UsageError("--quota-ramp: expected points P:N (placement:sides), got nothing");
  try {
    (void)quota_by_placement(out, max_cells);  // the library's own checks of the points
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--quota-ramp: ") + e.what());
  }
  return out;
}

// ---- the options ----

/// What the help of a search command says after its options.
constexpr const char* search_help_footer =
    "Defaults: best mode (solve without --mode) for 30 s, on the scan engine on all cores; what is not\n"
    "given of --order, --breaks, --quota and --values is chosen from the puzzle (its size, colours and\n"
    "hints) and printed on one 'configuration:' line; the propagating\n"
    "driver (--propagators ac,alldiff --order row) when --propagators, a gate, --random-values,\n"
    "--fix-corner or --order mrv is given. First and count mode: no time limit; the exact walk on all\n"
    "cores (a plain backtracker over colour-keyed bit sets, --order row, symmetry used for counts, up\n"
    "to 256 pieces, the fastest measured: docs/journal.md section 24), unless a driver option is given\n"
    "(--restart among them; --order mrv: the exact engine, arc consistency on the joins and piece\n"
    "uniqueness); a count of more than about 30 s first compares the reading orders and pinned corner\n"
    "pieces by estimate and takes the smallest tree, printed on the 'configuration:' line (--order,\n"
    "--pin-piece).\n"
    "SIGINT/SIGTERM: the run stops within a second, prints what it has (the best board, or the count of\n"
    "the finished subproblems), writes its files and checkpoint, and exits 130 (SIGINT) or 143\n"
    "(SIGTERM); a second signal ends it at once.\n"
    "Exit codes: 0 done, 1 internal error, 2 bad usage or input, 3 an output file could not be written\n"
    "(the result is on stdout all the same), 130/143 interrupted.\n";

/// The positional PUZZLE of every search command.
constexpr const char* puzzle_help =
    "a puzzle file (edgecp/Brendan Owen format, or an e2pieces.txt piece\n"
    "list); default: the bundled 16x16 E2-like puzzle";

/// Declares the search options on `app` (a program or a subcommand), parsed into `a`; `with_mode` adds
/// --mode (the count and first subcommands fix the mode instead). Values are checked as they are parsed.
inline void add_search_options(CLI::App& app, Args& a, bool with_mode) {
  using Set = std::function<void(const std::string&)>;
  auto value = [&app](const char* name, const char* type, const char* group, const char* help, Set set) {
    app.add_option_function<std::string>(name, std::move(set), help)->type_name(type)->group(group);
  };
  auto integer = [&app](const char* name, const char* type, const char* group, const char* help, auto& target,
                        long long lo, long long hi) {
    add_integer_option(app, name, type, help, target, lo, hi)->group(group);
  };
  auto text = [&app](const char* name, const char* type, const char* group, const char* help,
                     std::string& target) {
    app.add_option(name, target, help)->type_name(type)->group(group);
  };
  auto flag = [&app](const char* name, const char* group, const char* help, bool& target, bool to) {
    app.add_flag_callback(
           name, [&target, to] { target = to; }, help)
        ->group(group);
  };
  app.add_option("PUZZLE", a.puzzle, puzzle_help)->type_name("");
  app.add_option("--hint", a.hints,
                 "ROW,COL,PIECE,ROT: place a piece before the search, as a puzzle file's\n"
                 "'hint' line (rows and columns from 0, the piece's number as in the file,\n"
                 "clockwise quarter turns); repeat for more (E2's centre clue on an\n"
                 "e2pieces.txt list: --hint 8,7,139,2)")
      ->type_name("R,C,P,T")
      ->group("Search")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);

  constexpr const char* search = "Search";
  if (with_mode)
    value("--mode", "first|count|best", search, "first solution, count them all, or best score (default)",
          [&a](const std::string& v) {
            a.mode = choose<SearchMode>(
                "--mode", v,
                {{"first", SearchMode::first}, {"count", SearchMode::count}, {"best", SearchMode::best}});
          });
  value("--engine", "auto|scan|walk|driver|exact", search,
        "scan: the mismatch-tolerant scan search (best mode, no propagator,\n"
        "static order, default chosen from the puzzle); walk: the exact walk\n"
        "(first and count mode, static order, default row, up to 256 pieces);\n"
        "driver: the propagating driver; exact: the exact engine (first and\n"
        "count mode, arc consistency, up to 256 pieces); auto (default): as\n"
        "said under Defaults",
        [&a](const std::string& v) {
          a.engine = choose<EngineKind>("--engine", v,
                                        {{"auto", EngineKind::automatic},
                                         {"scan", EngineKind::scan},
                                         {"walk", EngineKind::walk},
                                         {"driver", EngineKind::driver},
                                         {"exact", EngineKind::exact}});
        });
  value("--time", "SEC", search, "time limit (best mode default 30, none with --nodes; else none)",
        [&a](const std::string& v) { a.time = parse_seconds("--time", v); });
  integer("--nodes", "N", search, "node limit (0: none; per thread on the scan engine)", a.nodes, 0,
          1LL << 62);
  integer("--seed", "N", search, "random seed (default 1)", a.seed, 0, 1LL << 62);
  integer("--threads", "N", search,
          "threads (default: all cores; at most 4 per core). Scan engine:\n"
          "seeded searches sharing the best score: each looks only for boards\n"
          "better than any thread's; with --nodes and no --resume they stay\n"
          "independent, so the run is reproducible. Walk (first, count): the\n"
          "split's subproblems from a shared queue (default one thread with\n"
          "--nodes)",
          a.threads, 1, 1024);
  value("--order", "row|frame|spiral|blackwood|tail-columns|mrv|...", search,
        "cell order; mrv (exact engine, driver): the frontier cell with the\n"
        "fewest candidates, frame candidates counted four times; row-tr,\n"
        "row-bl, row-br, column, column-tr, column-bl, column-br: the reading\n"
        "order from another corner (tr: top-right...), along rows or columns",
        [&a](const std::string& v) {
          try {
            a.order = parse_cell_order(v);
          } catch (const std::invalid_argument& e) {
            throw UsageError(std::string("--order: ") + e.what());
          }
        });
  value("--breaks", "D1,D2,...", search,
        "Blackwood-style mismatch budget: the depths where one more mismatch\n"
        "is allowed (A-B: every index from A to B); strict propagators are\n"
        "switched off",
        [&a](const std::string& v) { a.breaks = parse_breaks(v); });
  flag("--fix-corner", search, "a corner piece fixed top-left (counts one rotation of each solution)",
       a.fix_corner, true);
  integer("--pin-piece", "N", search,
          "the corner piece (numbered as in the file) that --fix-corner and the\n"
          "walk's symmetry put top-left (default: the lowest-numbered; a long\n"
          "count on the walk compares the corner pieces and reading orders by\n"
          "estimate and prints its choice)",
          a.pin_piece, 1, 1 << 20);
  flag("--no-symmetry", search,
       "the walk and the exact engine count every solution themselves (by\n"
       "default, on a board without hints, those with one corner piece\n"
       "top-left, times 4)",
       a.symmetry, false);
  integer("--estimate", "PROBES", search,
          "count mode: no count; estimate its nodes, solutions and time from\n"
          "PROBES random probes (Knuth 1975) and a 1-second sample of it",
          a.estimate, 1, 1LL << 40);

  constexpr const char* driver = "Propagating driver";
  value("--propagators", "LIST", driver, "fc,ac3,ac2001,ac,colour,alldiff or none (default ac,alldiff)",
        [&a](const std::string& v) {
          a.propagators.emplace();
          if (v != "none") *a.propagators = split_list(v);
          try {
            (void)StandardPropagators::select(*a.propagators);
          } catch (const std::invalid_argument& e) {
            throw UsageError(std::string("--propagators: ") + e.what());
          }
        });
  integer("--colour-gate", "N", driver, "run the colour filter only once N cells are assigned", a.colour_gate,
          0, max_cells);
  integer("--alldiff-gate", "N", driver, "run the piece all-different only once N cells are assigned",
          a.alldiff_gate, 0, max_cells);
  flag("--random-values", driver, "random value order", a.random_values, true);
  integer("--restart", "N", driver,
          "restart after N placements with a new random value order (0: never;\n"
          "scan engine default 200000000, driver default 0)",
          a.restart, 0, 1LL << 62);

  // count and first: the scan engine's options still parse (and are refused with a reason) but stay out of
  // the help (CLI11 hides an empty group)
  const char* const scan = with_mode ? "Scan engine" : "";
  value("--values", "rare|shuffled|id", scan,
        "value order: rare = pieces with the rarest colours first, random among\n"
        "equals; shuffled = random (long runs: rare's restarts can repeat each\n"
        "other); id = candidate order (default: chosen from the puzzle)",
        [&a](const std::string& v) {
          a.values_given = true;
          a.values = choose<ScanValueOrder>("--values", v,
                                            {{"shuffled", ScanValueOrder::shuffled},
                                             {"rare", ScanValueOrder::rare_first},
                                             {"id", ScanValueOrder::by_id}});
        });
  value("--scan-checks", "window-fc,parity|none", scan,
        "budget-aware strict checks, applied only where no break is left", [&a](const std::string& v) {
          for (const auto& c : split_list(v)) {
            if (c == "window-fc")
              a.window_fc = true;
            else if (c == "parity")
              a.parity = true;
            else if (c != "none")
              throw UsageError("--scan-checks: unknown check '" + c + "' (window-fc, parity, none)");
          }
        });

  value("--quota", "C1,C2,...[/C1,...]|none", scan,
        "Blackwood's quota: pieces with these colours must be placed early\n"
        "(at least a ramp of their sides by each placement); after a '/', the\n"
        "colours tried next where the quota stalls, before it halves (default:\n"
        "chosen from the puzzle, none on boards under 100 cells or with uneven\n"
        "colours)",
        [&a](const std::string& v) {
          a.quota_given = true;
          a.quota_colours.clear();
          a.quota_fallbacks.clear();
          if (v == "none") return;
          std::size_t from = 0;
          while (true) {
            const std::size_t to = v.find('/', from);
            std::vector<int> colours;
            for (const auto& c : split_list(v.substr(from, to == std::string::npos ? to : to - from)))
              colours.push_back(static_cast<int>(parse_integer("--quota", c, 1, max_colours - 1)));
            if (colours.empty()) throw UsageError("--quota: an empty set of colours in '" + v + "'");
            if (a.quota_colours.empty())
              a.quota_colours = std::move(colours);
            else
              a.quota_fallbacks.push_back(std::move(colours));
            if (to == std::string::npos) break;
            from = to + 1;
          }
        });
  value("--quota-ramp", "P:N,...", scan,
        "the quota: at least N favoured sides placed by placement P, linear\n"
        "between points, none after the last (default: Blackwood's ramp, scaled)",
        [&a](const std::string& v) { a.quota_ramp = parse_quota_ramp(v); });
  flag("--fixed-quota", scan,
       "keep the quota as given (default: a restart short of the first break\n"
       "after 1/8 of its interval restarts; --quota-stalls such at a quota with\n"
       "none that got there, or one that exhausted its tree, halve it for the\n"
       "restarts after; so no sets after '/' in --quota, and none chosen)",
       a.quota_adapt, false);
  integer("--quota-stalls", "N", scan,
          "stalled restarts at one quota, none past its first break, that halve it\n"
          "(default: as many as fill a tenth of the run at 50 M placements/s, at\n"
          "least 4: 12 for --time 60)",
          a.quota_stalls, 1, 1 << 20);
  value("--break-sets", "N", scan,
        "where a break is left and at most N pieces are left to place, generate\n"
        "the candidates from bit sets instead of walking the lists (default 16;\n"
        "0: the lists only)",
        [&a](const std::string& v) {
          a.break_sets = static_cast<int>(parse_integer("--break-sets", v, 0, 1 << 16));
        });
  value("--colour-bound", "N", scan,
        "over the last N placements, refuse a piece when the mismatches a\n"
        "completion must add by colour counts exceed the budget left (sound;\n"
        "default 24; 0: off)",
        [&a](const std::string& v) {
          a.colour_bound = static_cast<int>(parse_integer("--colour-bound", v, 0, 1 << 16));
        });
  value("--repair-nodes", "N", scan,
        "refill the end of each greedily completed deepest board exactly, by\n"
        "branch and bound, at most N placements per window (default 4194304;\n"
        "0: off, greedy completion and hill climbing only)",
        [&a](const std::string& v) {
          a.repair_nodes = static_cast<std::uint64_t>(parse_integer("--repair-nodes", v, 0, 1LL << 40));
        });
  integer("--completion-slack", "N", scan,
          "while no walk has completed a board, complete (and repair) each\n"
          "restart's deepest board within N placements of the deepest, not only\n"
          "boards deeper than all before (default 8; 0: off)",
          a.completion_slack, 0, 1 << 16);
  value("--block-repair", "N", scan,
        "refill the best board exactly, 4x4 block by block around its\n"
        "mismatches, at most N placements per block, a step at a time\n"
        "during the run (default 1048576; 0: off)",
        [&a](const std::string& v) {
          a.block_repair = static_cast<std::uint64_t>(parse_integer("--block-repair", v, 0, 1LL << 40));
        });

  constexpr const char* output = "Output";
  flag("--json", output, "the result as one JSON object on stdout", a.json, true);
  flag("--quiet", output, "no heartbeat on stderr", a.quiet, true);
  text("--board", "FILE", output,
       "write the result board (atomically, after printing it); an existing\n"
       "FILE is replaced only by a better board (else the new one goes to\n"
       "FILE.SCORE) unless --force",
       a.board_file);
  text("--svg", "FILE", output, "draw the result board (mismatched joins dashed)", a.svg_file);
  flag("--svg-numbers", output, "piece numbers on the --svg picture", a.svg_numbers, true);
  flag("--force", output, "--board FILE may replace a better board", a.force, true);
  text("--check", "BOARD", output,
       "no search: verify a board of PUZZLE (a board file or a viewer link),\n"
       "print its score, mismatched joins and link, draw it with --svg; exit 0\n"
       "for a legal board, 2 otherwise (the same as the check command)",
       a.check);

  constexpr const char* long_runs = "Long runs";
  text("--save", "FILE", long_runs,
       "checkpoints, written atomically. Best mode: FILE is the best board\n"
       "(with puzzle and score in comments) and FILE.json, at every\n"
       "improvement. First/count: the search is split into subproblems and\n"
       "FILE records the finished ones and their count",
       a.save_file);
  text("--resume", "FILE", long_runs,
       "continue from a checkpoint of the same puzzle and options (a count\n"
       "skips the finished subproblems; best mode keeps only better boards,\n"
       "the saved one being the result when none beats it); an existing\n"
       "--save FILE is only continued, never overwritten",
       a.resume_file);
  integer("--split", "N", long_runs,
          "first/count with --save/--resume, and edgecp-mpi: cut the search into\n"
          "at least N subproblems (default 256), the consistent placements of\n"
          "the first cells in row order",
          a.split, 1, 1 << 18);
  value("--save-every", "SEC", long_runs, "seconds between count checkpoints (default 5)",
        [&a](const std::string& v) { a.save_every = parse_seconds("--save-every", v); });
  app.footer(search_help_footer);
}

/// The checks between options once all are parsed, and the engine they ask for (library: `choose_engine`).
inline void finish_args(Args& a) {
  EngineRequest req;
  req.mode = a.mode;
  req.engine = a.engine;
  req.propagators = a.propagators;
  req.budget = MismatchBudget(a.breaks);
  req.order = a.order;
  req.fix_corner = a.fix_corner;
  req.random = a.random_values;
  req.restarts = a.restart.has_value();
  req.gates = a.colour_gate || a.alldiff_gate;
  req.threads = a.threads != 0;
  req.scan_checks = a.window_fc || a.parity || !a.quota_colours.empty() || !a.quota_ramp.empty() ||
                    a.break_sets.has_value() || a.colour_bound.has_value() || a.repair_nodes.has_value() ||
                    a.block_repair.has_value() || a.completion_slack.has_value() || !a.quota_adapt ||
                    a.quota_stalls.has_value();
  a.engine_auto = a.engine == EngineKind::automatic;
  try {
    a.engine = choose_engine(req);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  if (a.mode != SearchMode::best && (!a.save_file.empty() || !a.resume_file.empty()) && !a.breaks.empty())
    throw UsageError("--save/--resume split first and count runs into exact subproblems: not with --breaks");
  if (a.estimate == 0) return;
  if (a.mode != SearchMode::count) throw UsageError("--estimate: estimates a count (--mode count)");
  if (!a.save_file.empty() || !a.resume_file.empty() || !a.board_file.empty() || !a.svg_file.empty() ||
      !a.check.empty())
    throw UsageError("--estimate: no search, so no --save, --resume, --board, --svg or --check");
}

/// A program's command line: `--version`, the help layout every program shares, and an option given twice
/// takes its last value (scripts append to a command line). Call before declaring options.
inline void set_up_app(CLI::App& app) {
  app.set_version_flag("--version", program + " " + version_string, "print the version and exit");
  app.get_formatter()->column_width(32);
  app.option_defaults()->always_capture_default(false)->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
}

/// Parses the command line. Returns nullopt to go on, or the exit code: 0 after --help/--version (printed
/// when `speak`), 2 for bad usage (a one-line message naming the option, when `speak`).
inline std::optional<int> parse_command_line(CLI::App& app, int argc, char** argv, bool speak = true) {
  try {
    app.parse(argc, argv);
    return std::nullopt;
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return speak ? app.exit(e) : 0;
    if (speak) std::fprintf(stderr, "%s: %s\n", program.c_str(), e.what());
  } catch (const UsageError& e) {
    if (speak) std::fprintf(stderr, "%s: %s\n", program.c_str(), e.what());
  }
  std::string command = program;  // the help to point at: the subcommand's, when one was named
  for (const CLI::App* sub : app.get_subcommands()) command += " " + sub->get_name();
  if (speak) std::fprintf(stderr, "run '%s --help' for the options\n", command.c_str());
  return exit_bad_input;
}

}  // namespace cli
