// scan_cap_rate: how often one restart of the scan engine finds a board within a fixed break schedule, and
// how many different restarts its seeds give (docs/results.md sections 15 and 23).
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
//          [--values rare|shuffled] [--quota C,...] [--prefix K] [--restarts-of SEED [--threads T]]
// Defaults: 200 M placements per run, seeds 1-20, tail-columns order, rare values, no quota, K = 200.
// With --restarts-of, the runs are the restarts a hunt seeded SEED on T threads makes (restart numbers A-B of
// each thread: restart_seed(thread_seed(SEED, t), k)), so that its repeats can be counted.
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
};

long long to_number(const std::string& opt, const std::string& v) {
  std::size_t used = 0;
  long long x = -1;
  try {
    x = std::stoll(v, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != v.size() || x < 0)
    throw std::invalid_argument(opt + ": expected a number >= 0, got '" + v + "'");
  return x;
}

/// "a,b,c-d": numbers and inclusive ranges.
std::vector<int> to_list(const std::string& opt, const std::string& v) {
  std::vector<int> out;
  std::size_t from = 0;
  while (from <= v.size()) {
    const std::size_t comma = std::min(v.find(',', from), v.size());
    const std::string item = v.substr(from, comma - from);
    const std::size_t dash = item.find('-');
    const long long lo = to_number(opt, item.substr(0, dash));
    const long long hi = dash == std::string::npos ? lo : to_number(opt, item.substr(dash + 1));
    if (hi < lo || hi - lo > 100000) throw std::invalid_argument(opt + ": bad range '" + item + "'");
    for (long long x = lo; x <= hi; ++x) out.push_back(static_cast<int>(x));
    from = comma + 1;
  }
  return out;
}

Args parse(int argc, char** argv) {
  Args a;
  for (int i = 1; i < argc; ++i) {
    const std::string opt = argv[i];
    if (opt.rfind("--", 0) != 0) {
      if (!a.puzzle.empty()) throw std::invalid_argument("one puzzle only, got '" + opt + "' too");
      a.puzzle = opt;
      continue;
    }
    if (i + 1 >= argc) throw std::invalid_argument(opt + ": needs a value");
    const std::string v = argv[++i];
    if (opt == "--breaks") {
      a.breaks = to_list(opt, v);
    } else if (opt == "--nodes") {
      a.nodes = static_cast<std::uint64_t>(to_number(opt, v));
    } else if (opt == "--seeds") {
      const std::vector<int> s = to_list(opt, v);
      if (static_cast<std::size_t>(s.back() - s.front()) + 1 != s.size())
        throw std::invalid_argument("--seeds: one range A-B, got '" + v + "'");
      a.first_seed = s.front();
      a.last_seed = s.back();
    } else if (opt == "--order") {
      a.order = parse_cell_order(v);
      if (a.order == CellOrder::mrv)
        throw std::invalid_argument("--order: the scan engine needs a static order");
    } else if (opt == "--values") {
      if (v != "rare" && v != "shuffled")
        throw std::invalid_argument("--values: rare or shuffled, got '" + v + "'");
      a.values = v == "rare" ? ScanValueOrder::rare_first : ScanValueOrder::shuffled;
    } else if (opt == "--quota") {
      a.quota = to_list(opt, v);
    } else if (opt == "--prefix") {
      a.prefix = static_cast<int>(to_number(opt, v));
    } else if (opt == "--restarts-of") {
      a.hunt_seed = static_cast<std::uint64_t>(to_number(opt, v));
    } else if (opt == "--threads") {
      a.threads = static_cast<int>(to_number(opt, v));
      if (a.threads < 1 || a.threads > 4096) throw std::invalid_argument("--threads: 1 to 4096");
    } else {
      throw std::invalid_argument("unknown option " + opt);
    }
  }
  if (a.puzzle.empty()) throw std::invalid_argument("no puzzle given");
  if (a.breaks.empty()) throw std::invalid_argument("--breaks: the fixed schedule is required");
  if (a.nodes == 0) throw std::invalid_argument("--nodes: a run needs a placement limit above 0");
  if (a.threads > 1 && !a.hunt_seed) throw std::invalid_argument("--threads: only with --restarts-of");
  return a;
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
  Args a;
  try {
    a = parse(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "scan_cap_rate: %s\n", e.what());
    std::fprintf(
        stderr,
        "usage: scan_cap_rate PUZZLE --breaks LIST [--nodes N] [--seeds A-B] [--order ORDER] "
        "[--values rare|shuffled] [--quota C,...] [--prefix K] [--restarts-of SEED [--threads T]]\n");
    return 2;
  }
  try {
    const Model m(read_puzzle(a.puzzle));
    check_budget(MismatchBudget(a.breaks), m);
    for (int k : a.quota)
      if (k < 1 || k >= m.colour_count())
        throw std::invalid_argument("--quota: the puzzle has no colour " + std::to_string(k));
    std::printf("# %s boards_within_schedule placements seconds kept_score mismatch_depths\n",
                a.hunt_seed ? "thread:restart" : "seed");
    std::vector<std::vector<int>> kept;
    std::set<std::vector<int>> distinct_boards;
    std::vector<int> order;
    double seconds = 0;
    long long with_board = 0;
    std::vector<std::pair<std::string, std::uint64_t>> runs;  // (name, seed)
    for (int t = 0; t < a.threads; ++t)
      for (long long k = a.first_seed; k <= a.last_seed; ++k)
        runs.emplace_back(a.hunt_seed ? std::to_string(t) + ":" + std::to_string(k) : std::to_string(k),
                          a.hunt_seed ? restart_seed(thread_seed(*a.hunt_seed, t), static_cast<int>(k))
                                      : static_cast<std::uint64_t>(k));
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
