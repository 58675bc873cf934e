// scan_cap_rate: how often one restart of the scan engine finds a board within a fixed break schedule, and
// how many different restarts its seeds give (docs/journal.md sections 15 and 23).
//
// Each seed is one restart: a ScanSearch with tightening, hill climbing and both repairs off, run for a fixed
// number of placements, so a run finds a board exactly when its value order leads to a full placement within
// the schedule (a schedule of k breaks counts boards with k mismatches or fewer). A record hunt at a fixed
// cap does the same work between two restarts: the rate of such runs per CPU-second estimates how soon the
// hunt reaches that score, and distinct boards say whether seeds repeat each other's work. The summary also
// counts distinct prefixes of the kept boards (the first K placements of the fill order): seeds that share a
// prefix explore the same part of the tree; the pool estimate is the number of equally likely prefixes that
// would give the colliding pairs seen (pairs / (n choose 2) = 1 / pool).
//
// usage: scan_cap_rate PUZZLE --breaks LIST [--nodes N] [--seeds A-B] [--order ORDER]
//          [--values rare|shuffled] [--quota C,...] [--prefix K]
//          [--restarts-of SEED [--threads T] [--ranks R]]
// Defaults: 200 M placements per run, seeds 1-20, tail-columns order, rare values, no quota, K = 200.
// With --restarts-of, the runs are the restarts a hunt seeded SEED on T threads makes (restart numbers A-B of
// each thread: restart_seed(thread_seed(SEED, t), k)), so that its repeats can be counted; with --ranks R,
// those of an edgecp-mpi hunt on R ranks of T threads each (restart_seed(thread_seed(rank_seed(SEED, r), t),
// k)).
// Results on stdout (one line per seed, then the summary), progress on stderr; exit 2 on bad usage, 1 when
// the puzzle cannot be read.
#include <algorithm>
#include <cstdio>
#include <edgecp/edgecp.hpp>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "../examples/cli_options.hpp"  // CLI11 and the parsers of the programs' options

namespace {

using namespace edgecp;

struct Args {
  std::string puzzle;
  std::vector<int> breaks;
  std::uint64_t nodes = 200'000'000;
  long long first_seed = 1, last_seed = 20;
  CellOrder order = CellOrder::tail_columns;
  ScanValueOrder values = ScanValueOrder::rare_first;
  std::vector<int> quota;
  int prefix = 200;
  std::optional<std::uint64_t> hunt_seed;  // --restarts-of: the seeds are those of a hunt's restarts
  int threads = 1;
  int ranks = 1;  // --ranks: edgecp-mpi's ranks, each with `threads` threads
};

void add_options(CLI::App& app, Args& a) {
  constexpr long long big = 1LL << 62;
  app.add_option("PUZZLE", a.puzzle, "puzzle file")->required();
  app.add_option_function<std::string>(
         "--breaks", [&a](const std::string& v) { a.breaks = cli::parse_breaks(v); },
         "the fixed schedule: break indices D1,D2,... (A-B: every index from A to B)")
      ->type_name("LIST")
      ->required();
  cli::add_integer_option(app, "--nodes", "N", "placements per run (default 200000000)", a.nodes, 1, big);
  app.add_option_function<std::string>(
         "--seeds",
         [&a](const std::string& v) {
           const auto dash = v.find('-', 1);
           a.first_seed = cli::parse_integer("--seeds", v.substr(0, dash), 0, big);
           a.last_seed = dash == std::string::npos ? a.first_seed
                                                   : cli::parse_integer("--seeds", v.substr(dash + 1),
                                                                        a.first_seed, a.first_seed + 100000);
         },
         "one run per seed A..B (default 1-20); with --restarts-of, restart numbers")
      ->type_name("A-B");
  app.add_option_function<std::string>(
         "--order",
         [&a](const std::string& v) {
           try {
             a.order = parse_cell_order(v);
           } catch (const std::invalid_argument& e) {
             throw cli::UsageError(std::string("--order: ") + e.what());
           }
           if (a.order == CellOrder::mrv)
             throw cli::UsageError("--order: the scan engine needs a static order");
         },
         "cell order (default tail-columns)")
      ->type_name("ORDER");
  app.add_option_function<std::string>(
         "--values",
         [&a](const std::string& v) {
           a.values = cli::choose<ScanValueOrder>(
               "--values", v, {{"rare", ScanValueOrder::rare_first}, {"shuffled", ScanValueOrder::shuffled}});
         },
         "value order (default rare)")
      ->type_name("rare|shuffled");
  app.add_option_function<std::string>(
         "--quota",
         [&a](const std::string& v) {
           a.quota.clear();
           for (const auto& c : cli::split_list(v))
             a.quota.push_back(static_cast<int>(cli::parse_integer("--quota", c, 1, cli::max_colours - 1)));
         },
         "Blackwood's favoured colours (default: no quota)")
      ->type_name("C1,C2,...");
  cli::add_integer_option(app, "--prefix", "K", "prefixes counted over the first K placements (default 200)",
                          a.prefix, 1, cli::max_cells);
  auto* hunt = app.add_option_function<std::string>(
                      "--restarts-of",
                      [&a](const std::string& v) {
                        a.hunt_seed =
                            static_cast<std::uint64_t>(cli::parse_integer("--restarts-of", v, 0, big));
                      },
                      "the runs are the restarts of a hunt seeded SEED")
                   ->type_name("SEED");
  cli::add_integer_option(app, "--threads", "T", "the hunt's threads (default 1)", a.threads, 1, 4096)
      ->needs(hunt);
  cli::add_integer_option(app, "--ranks", "R", "the hunt's edgecp-mpi ranks, T threads each (default 1)",
                          a.ranks, 1, 4096)
      ->needs(hunt);
}

/// The placement number (1-based, fill order) that closed each mismatched join of a complete board.
std::vector<int> mismatch_depths(const Model& m, const Board& b, const std::vector<int>& order) {
  const Geometry& g = m.geometry();
  std::vector<int> depth(static_cast<std::size_t>(g.cell_count()), 0);  // hints: 0
  for (std::size_t i = 0; i < order.size(); ++i)
    depth[static_cast<std::size_t>(order[i])] = static_cast<int>(i) + 1;
  std::vector<int> out;
  for (int c = 0; c < g.cell_count(); ++c)
    for (int side : {1, 2}) {  // right and down: every inner join once
      const int nb = g.neighbour(c, side);
      if (nb >= 0 && m.colour(b.cells[static_cast<std::size_t>(c)], side) !=
                         m.colour(b.cells[static_cast<std::size_t>(nb)], (side + 2) % 4))
        out.push_back(std::max(depth[static_cast<std::size_t>(c)], depth[static_cast<std::size_t>(nb)]));
    }
  std::sort(out.begin(), out.end());
  return out;
}

/// Distinct prefixes (first k cells of `order`) among the boards, the colliding pairs, the pool estimate.
void print_prefixes(const std::vector<std::vector<int>>& boards, const std::vector<int>& order, int k) {
  std::map<std::vector<int>, long long> count;
  for (const auto& b : boards) {
    std::vector<int> p;
    for (int i = 0; i < k && i < static_cast<int>(order.size()); ++i)
      p.push_back(b[static_cast<std::size_t>(order[static_cast<std::size_t>(i)])]);
    ++count[p];
  }
  long long pairs = 0;
  for (const auto& [p, n] : count) pairs += n * (n - 1) / 2;
  const double n = static_cast<double>(boards.size());
  std::printf("# first %d placements: %zu distinct of %zu, %lld colliding pairs", k, count.size(),
              boards.size(), pairs);
  if (pairs > 0) std::printf(", pool estimate %.0f", n * (n - 1) / 2 / static_cast<double>(pairs));
  std::printf("\n");
}

}  // namespace

int main(int argc, char** argv) {
  cli::program = "scan_cap_rate";
  CLI::App app("How often one restart of the scan engine finds a board within a fixed schedule.",
               cli::program);
  cli::set_up_app(app);
  Args a;
  add_options(app, a);
  if (const auto code = cli::parse_command_line(app, argc, argv)) return *code;
  try {
    const Model m(read_puzzle(a.puzzle));
    check_budget(MismatchBudget(a.breaks), m);
    for (int k : a.quota)
      if (k >= m.colour_count())
        throw std::invalid_argument("--quota: the puzzle has no colour " + std::to_string(k));
    std::printf("# %s boards_within_schedule placements seconds kept_score mismatch_depths\n",
                a.hunt_seed ? (a.ranks > 1 ? "rank:thread:restart" : "thread:restart") : "seed");
    std::vector<std::vector<int>> kept;
    std::set<std::vector<int>> distinct_boards;
    std::vector<int> order;
    double seconds = 0;
    long long with_board = 0;
    std::vector<std::pair<std::string, std::uint64_t>> runs;  // (name, seed)
    for (int r = 0; r < a.ranks; ++r)
      for (int t = 0; t < a.threads; ++t)
        for (long long k = a.first_seed; k <= a.last_seed; ++k) {
          if (!a.hunt_seed) {
            runs.emplace_back(std::to_string(k), static_cast<std::uint64_t>(k));
            continue;
          }
          const std::string name =
              (a.ranks > 1 ? std::to_string(r) + ":" : "") + std::to_string(t) + ":" + std::to_string(k);
          runs.emplace_back(name,
                            restart_seed(thread_seed(rank_seed(*a.hunt_seed, r), t), static_cast<int>(k)));
        }
    for (const auto& [name, seed] : runs) {
      ScanOptions o;
      o.order = a.order;
      o.values = a.values;
      o.budget = MismatchBudget(a.breaks);
      o.quota_colours = a.quota;
      o.tighten = false;
      o.improve = false;
      o.repair_nodes = 0;
      o.block_repair_nodes = 0;
      o.node_limit = a.nodes;
      o.seed = seed;
      ScanSearch search(m, o);
      const ScanResult r = search.run();
      order = search.order();
      seconds += r.seconds;
      kept.push_back(r.board.cells);
      std::string depths;
      if (r.solutions > 0) {
        ++with_board;
        distinct_boards.insert(r.board.cells);
        for (int d : mismatch_depths(m, r.board, order)) depths += " " + std::to_string(d);
      }
      std::printf("%s %llu %llu %.2f %d%s\n", name.c_str(), static_cast<unsigned long long>(r.solutions),
                  static_cast<unsigned long long>(r.placements), r.seconds, r.score, depths.c_str());
      std::fflush(stdout);
      std::fprintf(stderr, "[run %s] %.1f s so far, %lld of %zu runs found a board\n", name.c_str(), seconds,
                   with_board, kept.size());
    }
    std::printf("# %zu runs, %.1f s, %lld runs with a board (%zu distinct boards)", kept.size(), seconds,
                with_board, distinct_boards.size());
    if (with_board > 0) std::printf(", one every %.1f s", seconds / static_cast<double>(with_board));
    std::printf("\n");
    print_prefixes(kept, order, std::min(16, static_cast<int>(order.size())));
    print_prefixes(kept, order, std::min(a.prefix, static_cast<int>(order.size())));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "scan_cap_rate: %s\n", e.what());
    return 1;
  }
  return 0;
}
