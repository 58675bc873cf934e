// The edgecp-solve command: JSON that matches the library's checker, errors with exit code 2.
#include <sys/resource.h>
#include <unistd.h>
#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "edgecp/io/checkpoint.hpp"
#include "edgecp/io/puzzle_io.hpp"
#include "edgecp/io/viewer_url.hpp"
#include "edgecp/puzzle/generator.hpp"
#include "edgecp/search/engine.hpp"
#include "edgecp/search/exact_search.hpp"
#include "edgecp/version.hpp"
#include "support/cli_runner.hpp"

#ifdef EDGECP_SOLVE_BINARY
#ifndef EDGECP_SANITIZED
#define EDGECP_SANITIZED 0  // sanitizers inflate memory: the memory bounds are checked in plain builds only
#endif
using namespace edgecp;

using namespace edgecp::test;

namespace {
Run run(const std::string& args) { return shell(std::string(EDGECP_SOLVE_BINARY) + " " + args); }
std::string puzzles() { return EDGECP_EXAMPLE_PUZZLES; }
}  // namespace

TEST_CASE("edgecp-solve --json: the score is the checker's score of the printed board", "[cli]") {
  const std::string p6 = puzzles() + "/e2like_6x6.txt";
  const Model m(read_puzzle(p6));
  for (const std::string mode : {"first", "best"}) {
    const Run r = run(p6 + " --json --quiet --time 20 --mode " + mode);
    INFO(r.err);
    REQUIRE(r.code == 0);
    const Board b = board_of(r.out, m);
    const auto chk = check_board(m, b);
    REQUIRE(chk.ok);
    REQUIRE(b.complete());
    REQUIRE(field(r.out, "score") == chk.score);
    REQUIRE(field(r.out, "mismatches") == chk.mismatches);
    REQUIRE(field(r.out, "max_score") == m.geometry().inner_join_count());
  }
}

TEST_CASE("edgecp-solve count on the bundled 4x4 agrees with the library", "[cli]") {
  const Run r = run(puzzles() + "/e2like_4x4.txt --mode count --json --quiet --propagators none");
  REQUIRE(r.code == 0);
  REQUIRE(r.out.find("\"status\":\"exhausted\"") != std::string::npos);
  const Run r2 =
      run(puzzles() + "/e2like_4x4.txt --mode count --json --quiet --propagators fc,ac,alldiff --order mrv");
  REQUIRE(field(r.out, "solutions") == field(r2.out, "solutions"));
  REQUIRE(field(r.out, "solutions") > 0);
}

TEST_CASE("edgecp-solve: first and count mode run the walk by default (mrv: the exact engine)",
          "[cli][exact_walk]") {
  for (const std::string name : {"e2like_4x4.txt", "e2like_6x6.txt"}) {
    const std::string p = puzzles() + "/" + name;
    const Run plain = run(p + " --mode count --json --quiet --propagators none");
    const Run walk = run(p + " --mode count --json --quiet");
    const Run one = run(p + " --mode count --json --quiet --threads 1");
    const Run three = run(p + " --mode count --json --quiet --threads 3");
    const Run walk_all = run(p + " --mode count --json --quiet --no-symmetry --order spiral --threads 1");
    const Run exact = run(p + " --mode count --json --quiet --order mrv");
    for (const Run* r : {&plain, &walk, &one, &three, &walk_all, &exact}) REQUIRE(r->code == 0);
    REQUIRE(walk.out.find("\"engine\":\"walk\"") != std::string::npos);
    REQUIRE(walk.out.find("\"order\":\"row\"") != std::string::npos);
    REQUIRE(exact.out.find("\"engine\":\"exact\"") != std::string::npos);
    REQUIRE(field(three.out, "threads") == 3);
    REQUIRE(field(one.out, "threads") == 1);
    for (const Run* r : {&walk, &one, &three, &walk_all, &exact})
      REQUIRE(field(r->out, "solutions") == field(plain.out, "solutions"));
    REQUIRE(field(walk.out, "symmetry_factor") == 4);
    REQUIRE(field(one.out, "symmetry_factor") == 4);
    REQUIRE(field(walk_all.out, "symmetry_factor") == 1);
    REQUIRE(field(one.out, "nodes") < field(plain.out, "nodes"));  // a quarter of the tree, about
  }
  const Run text = run(puzzles() + "/e2like_6x6.txt --mode first");
  REQUIRE(text.code == 0);
  REQUIRE(text.out.find("engine walk") != std::string::npos);
  REQUIRE(text.out.find("solutions   1\n") != std::string::npos);
  REQUIRE(text.out.find("verified") != std::string::npos);
  // a time limit on a board it cannot finish: status limit, a progress line on the way
  const Run big = run(puzzles() + "/e2like_16x16.txt --mode first --time 1.5 --json");
  REQUIRE(big.code == 0);
  REQUIRE(big.out.find("\"status\":\"limit\"") != std::string::npos);
  REQUIRE(big.err.find("[    1.") != std::string::npos);
}

TEST_CASE("edgecp-solve: a count's layout (--order, --pin-piece) counts the same and --resume reads it back",
          "[cli][exact_walk][checkpoint]") {
  const std::string p = puzzles() + "/e2like_6x6.txt", ck = temp_path("layout.ck");
  const Puzzle pz = read_puzzle(p);
  int pin = 0, not_corner = 0;  // 1-based: the highest-numbered corner piece, an edge piece
  for (std::size_t i = 0; i < pz.pieces.size(); ++i) {
    if (grey_count(pz.pieces[i]) == 2) pin = static_cast<int>(i) + 1;
    if (grey_count(pz.pieces[i]) == 1) not_corner = static_cast<int>(i) + 1;
  }
  const Run base = run(p + " --mode count --json --quiet");
  const std::string layout = " --order column-br --pin-piece " + std::to_string(pin);
  const Run laid = run(p + " --mode count --json --quiet" + layout + " --save " + ck);
  REQUIRE(base.code == 0);
  REQUIRE(laid.code == 0);
  REQUIRE(field(laid.out, "solutions") == field(base.out, "solutions"));
  REQUIRE(laid.out.find("\"order\":\"column-br\"") != std::string::npos);
  REQUIRE(field(laid.out, "pin_piece") == pin);
  REQUIRE(field(base.out, "pin_piece") == 0);
  // resumed without the options: the checkpoint's layout, every subproblem already done
  const Run resumed = run(p + " --mode count --json --quiet --resume " + ck);
  REQUIRE(resumed.code == 0);
  REQUIRE(field(resumed.out, "solutions") == field(base.out, "solutions"));
  REQUIRE(resumed.out.find("\"order\":\"column-br\"") != std::string::npos);
  REQUIRE(field(resumed.out, "subproblems_resumed") == field(laid.out, "subproblems"));
  // another layout given explicitly does not fit the checkpoint
  REQUIRE(run(p + " --mode count --quiet --order row --resume " + ck).code == 2);
  const Run edge = run(p + " --mode count --pin-piece " + std::to_string(not_corner));
  REQUIRE(edge.code == 2);
  REQUIRE(edge.err.find("is not a corner piece") != std::string::npos);
  const Run exact = run(p + " --mode count --order mrv --pin-piece " + std::to_string(pin));
  REQUIRE(exact.code == 2);
  REQUIRE(exact.err.find("--pin-piece: an option of the exact walk") != std::string::npos);
  std::filesystem::remove(ck);
}

TEST_CASE("edgecp-solve: the exact engine refuses driver options", "[cli][exact_search]") {
  const std::string p = puzzles() + "/e2like_4x4.txt";
  for (const std::string extra : {"--mode best", "--mode count --breaks 3", "--mode count --propagators fc",
                                  "--mode first --restart 100", "--mode count --alldiff-gate 2"}) {
    const Run r = run(p + " --engine exact " + extra);
    INFO(extra);
    REQUIRE(r.code == 2);
    REQUIRE(r.err.find("exact") != std::string::npos);
  }
  // the same options without --engine exact go to the driver
  const Run d = run(p + " --mode count --propagators fc --json --quiet");
  REQUIRE(d.code == 0);
  REQUIRE(d.out.find("\"engine\":\"driver\"") != std::string::npos);
}

TEST_CASE("edgecp-solve: a budget switches strict propagators off and says so", "[cli]") {
  const Run r = run(puzzles() + "/e2like_6x6.txt --json --breaks 20,30 --propagators ac,alldiff --time 2");
  REQUIRE(r.code == 0);
  REQUIRE(r.out.find("\"propagators\":[\"alldiff\"]") != std::string::npos);
  REQUIRE(r.out.find("\"switched_off\":[\"ac\"]") != std::string::npos);
  REQUIRE(r.err.find("switched off: ac") != std::string::npos);
}

TEST_CASE("edgecp-solve --version prints the library's version", "[cli]") {
  const Run r = run("--version");
  REQUIRE(r.code == 0);
  REQUIRE(r.out == std::string("edgecp-solve ") + EDGECP_VERSION_STRING + "\n");
}

TEST_CASE("edgecp-solve: bad usage and bad input exit 2 with a one-line message", "[cli]") {
  const std::string p4 = puzzles() + "/e2like_4x4.txt";
  struct Case {
    std::string args, fragment;
  };
  const auto bad =
      std::filesystem::temp_directory_path() / ("edgecp_bad_puzzle_" + std::to_string(::getpid()) + ".txt");
  {
    std::ofstream out(bad);
    out << "4 4\n0 0 1 1\n";
  }
  const Case cases[] = {{p4 + " --bogus", "not expected: --bogus"},
                        {p4 + " --mode fast", "--mode"},
                        {p4 + " --order zigzag", "unknown order"},
                        {p4 + " --propagators ac,magic", "unknown propagator 'magic'"},
                        {p4 + " --time -1", "--time"},
                        {p4 + " --nodes x", "--nodes"},
                        {p4 + " --breaks 3,a", "--breaks"},
                        {p4 + " --seed", "--seed: 1 required N missing"},
                        {p4 + " " + p4, "not expected: " + p4},
                        {"/nonexistent/puzzle.txt", "/nonexistent/puzzle.txt: cannot open"},
                        {bad.string(), bad.string() + ":2: truncated"}};
  for (const auto& c : cases) {
    const Run r = run(c.args);
    INFO(c.args << " -> " << r.err);
    REQUIRE(r.code == 2);
    REQUIRE(r.err.find(c.fragment) != std::string::npos);
    REQUIRE(r.out.empty());
  }
  std::filesystem::remove(bad);
}

TEST_CASE("edgecp-solve: best mode with --breaks runs the scan engine on threads, boards verified", "[cli]") {
  const Model m(generate(GeneratorOptions::e2_like(1)).puzzle);  // the default puzzle
  const Run r =
      run("--json --breaks 150,170,190,200,210,220,230 --quota none --time 1.5 --threads 2 --scan-checks "
          "window-fc,parity --seed 3");
  INFO(r.err);
  REQUIRE(r.code == 0);
  REQUIRE(r.out.find("\"engine\":\"scan\"") != std::string::npos);
  REQUIRE(field(r.out, "threads") == 2);
  REQUIRE(field(r.out, "placements") > 0);
  REQUIRE(field(r.out, "deepest") > 100);
  const Board b = board_of(r.out, m);
  const auto chk = check_board(m, b);
  REQUIRE(chk.ok);
  REQUIRE(b.complete());
  REQUIRE(field(r.out, "score") == chk.score);
  REQUIRE(r.out.find("\"verified\":true") != std::string::npos);
  REQUIRE(r.err.find("placements") != std::string::npos);                   // progress on stderr
  REQUIRE(r.out.find("\"threads_share_best\":true") != std::string::npos);  // the threads bound each other
  // with a node limit (and no --resume) they stay independent: the same run twice gives the same board
  const std::string limited =
      "--json --quiet --breaks 150,170,190,200,210,220,230 --quota none --nodes 3000000 --threads 2";
  const Run n1 = run(limited), n2 = run(limited);
  REQUIRE(n1.code == 0);
  REQUIRE(n2.code == 0);
  REQUIRE(n1.out.find("\"threads_share_best\":false") != std::string::npos);
  // the node limit alone ends it: no default time limit beside it (a time limit would make it depend on the
  // machine); the limits are in the JSON as the run applied them
  REQUIRE(number_field(n1.out, "time_limit") == 0.0);
  REQUIRE(field(n1.out, "node_limit") == 3000000);
  REQUIRE(number_field(r.out, "time_limit") == 1.5);
  REQUIRE(field(r.out, "node_limit") == 0);
  REQUIRE(board_of(n1.out, m).cells == board_of(n2.out, m).cells);
  // restarts are counted over every thread (each thread restarts as often under the same node limit)
  const Run one = run(limited + " --restart 500000 --threads 1"), two = run(limited + " --restart 500000");
  REQUIRE(one.code == 0);
  REQUIRE(two.code == 0);
  REQUIRE(field(one.out, "restarts") > 0);
  REQUIRE(field(two.out, "restarts") == 2 * field(one.out, "restarts"));
  // restarts without a budget: the scan engine's, on the plan's schedule
  const Run restarts = run("--json --quiet --time 0.5 --threads 1 --restart 2000000");
  REQUIRE(restarts.code == 0);
  REQUIRE(restarts.out.find("\"engine\":\"scan\"") != std::string::npos);
  REQUIRE(field(restarts.out, "restarts") > 0);
  // explicit propagators keep the driver
  const Run d = run("--json --quiet --breaks 150,170 --time 0.5 --propagators alldiff");
  REQUIRE(d.code == 0);
  REQUIRE(d.out.find("\"engine\":\"driver\"") != std::string::npos);
  // ranges: 200-203 is 200,201,202,203
  const Run ranges = run("--json --quiet --breaks 150,200-203 --time 0.3 --threads 1");
  REQUIRE(ranges.code == 0);
  REQUIRE(ranges.out.find("\"breaks\":[150,200,201,202,203]") != std::string::npos);
  // One scan run on one core with `options`: exit 0 and a verified board.
  auto scan_run = [&](const std::string& options) {
    const Run r = run("--json --quiet --time 0.5 --threads 1 " + options);
    INFO(options << "\n" << r.err);
    REQUIRE(r.code == 0);
    REQUIRE(r.out.find("\"verified\":true") != std::string::npos);
    return r;
  };
  // Blackwood's quota: reported, and the board still verifies
  const Run quota = scan_run("--breaks 150,170,190,200 --quota 2,7");
  REQUIRE(quota.out.find("\"quota_colours\":[2,7]") != std::string::npos);
  REQUIRE(quota.out.find("\"quota_fallbacks\":[]") != std::string::npos);
  REQUIRE(quota.out.find("\"quota_colour_set_by_thread\":[0]") != std::string::npos);
  // and the colours tried next where it stalls
  const Run fallbacks = scan_run("--breaks 150,170,190,200 --quota 2,7/3/4,6");
  REQUIRE(fallbacks.out.find("\"quota_colours\":[2,7]") != std::string::npos);
  REQUIRE(fallbacks.out.find("\"quota_fallbacks\":[[3],[4,6]]") != std::string::npos);
  // the stalls that halve it: a tenth of the run, said as a flag; given, or the quota fixed, not chosen
  const Run stalls =
      run("--json --time 0.5 --nodes 6000000000 --threads 1 --breaks 150,170,190,200 --quota 2,7");
  INFO(stalls.err);
  REQUIRE(stalls.code == 0);
  REQUIRE(field(stalls.out, "quota_stalls") ==
          quota_stalls_for(6'000'000'000, 0, default_scan_restart_nodes));
  REQUIRE(stalls.err.find("--quota-stalls " + std::to_string(field(stalls.out, "quota_stalls"))) !=
          std::string::npos);
  REQUIRE(stalls.out.find("\"quota-stalls\"") != std::string::npos);  // in configuration_chosen
  const Run given = scan_run("--breaks 150,170,190,200 --quota 2,7 --quota-stalls 7");
  REQUIRE(field(given.out, "quota_stalls") == 7);
  REQUIRE(given.out.find("\"quota-stalls\"") == std::string::npos);
  const Run fixed = scan_run("--breaks 150,170,190,200 --quota 2,7 --fixed-quota");
  REQUIRE(field(fixed.out, "quota_stalls") == 0);
  REQUIRE(fixed.out.find("\"quota-stalls\"") == std::string::npos);
  // a fixed quota never stalls on to its fallbacks: given both, a usage error
  const Run inert = run("--json --time 0.5 --threads 1 --breaks 150,170,190,200 --quota 2,7/3 --fixed-quota");
  REQUIRE(inert.code == 2);
  REQUIRE(inert.err.find("--quota 2,7/3: the sets after '/'") != std::string::npos);
  REQUIRE(inert.out.empty());
  // Blackwood's fill order of the last rows: reported, and the board verifies
  const Run tail = scan_run("--breaks 150,170,190,200 --order tail-columns");
  REQUIRE(tail.out.find("\"order\":\"tail-columns\"") != std::string::npos);
  // bit sets over every depth that may break, and the lists only: reported, and the boards verify
  for (const std::string n : {"1000", "0"}) {
    const Run sets = scan_run("--breaks 150,170,190,200,240-256 --break-sets " + n);
    REQUIRE(sets.out.find("\"break_sets\":" + n) != std::string::npos);
  }
  // the colour bound over the last 100 placements: reported with what it cut, and the board verifies
  const Run bound = scan_run("--breaks 150,170,190,200 --colour-bound 100");
  REQUIRE(field(bound.out, "colour_bound") == 100);
  REQUIRE(field(bound.out, "colour_bound_prunes") > 0);
  // the tail repair: its limit and work reported, the board verifies; off, it does no work
  for (const std::string n : {"1000000", "0"}) {
    const Run repair = scan_run("--breaks 150,170,190,200 --repair-nodes " + n);
    REQUIRE(field(repair.out, "repair_nodes") == std::stoll(n));
    if (n == "0") REQUIRE(field(repair.out, "repair_placements") == 0);
  }
  // the block repair: its limit and work reported, the board verifies; off, it does no work
  for (const std::string n : {"1000000", "0"}) {
    const Run blocks = scan_run("--breaks 150,170,190,200 --block-repair " + n);
    REQUIRE(field(blocks.out, "block_repair") == std::stoll(n));
    REQUIRE(field(blocks.out, "block_repair_gain") >= 0);
    if (n == "0") REQUIRE(field(blocks.out, "block_repair_placements") == 0);
  }
  // one completion per walk: the slack reported with the completions made (at least the last board's)
  for (const std::string n : {"5", "0"}) {
    const Run slack = scan_run("--breaks 150,170,190,200 --completion-slack " + n);
    REQUIRE(field(slack.out, "completion_slack") == std::stoll(n));
    REQUIRE(field(slack.out, "completions") >= 1);
  }
}

TEST_CASE("edgecp-solve: best mode stops at 30 s by default, at its node count alone with --nodes", "[cli]") {
  // the bundled 6x6 is solved within milliseconds, so the runs end long before any limit
  const std::string p6 = puzzles() + "/e2like_6x6.txt", base = p6 + " --json --quiet --threads 1";
  const Run plain = run(base), nodes = run(base + " --nodes 100000000"),
            both = run(base + " --nodes 100000000 --time 5");
  for (const Run* r : {&plain, &nodes, &both}) {
    INFO(r->err);
    REQUIRE(r->code == 0);
    REQUIRE(r->out.find("\"engine\":\"scan\"") != std::string::npos);
  }
  REQUIRE(number_field(plain.out, "time_limit") == 30.0);
  REQUIRE(field(plain.out, "node_limit") == 0);
  REQUIRE(number_field(nodes.out, "time_limit") == 0.0);
  REQUIRE(field(nodes.out, "node_limit") == 100000000);
  REQUIRE(number_field(both.out, "time_limit") == 5.0);
  REQUIRE(field(both.out, "node_limit") == 100000000);
}

TEST_CASE("edgecp-solve: scan engine options are checked", "[cli]") {
  const std::string p4 = puzzles() + "/e2like_4x4.txt";
  const std::pair<std::string, std::string> cases[] = {
      {p4 + " --engine scan --mode count", "only --mode best"},
      {p4 + " --engine scan --propagators ac", "runs without propagators"},
      {p4 + " --engine scan --order mrv", "static order"},
      {p4 + " --engine warp", "--engine"},
      {p4 + " --breaks 3 --threads 0", "--threads"},
      {p4 + " --breaks 3 --scan-checks magic", "unknown check 'magic'"},
      {p4 + " --threads 2 --propagators ac", "--threads runs the scan engine (best mode) or the exact walk"},
      {p4 + " --breaks 3 --values sorted", "--values"},
      {p4 + " --breaks 9-3", "--breaks"},
      {p4 + " --breaks 3 --alldiff-gate 5", "driver options"},
      {p4 + " --breaks 3-", "--breaks"},
      {p4 + " --breaks 3 --quota 9", "no colour 9"},
      {p4 + " --breaks 3 --quota x", "--quota"},
      {p4 + " --breaks 3 --quota 1/9", "no colour 9"},
      {p4 + " --breaks 3 --quota 1//2", "an empty set of colours"},
      {p4 + " --breaks 3 --quota 1/", "an empty set of colours"},
      {p4 + " --breaks 3 --quota /1", "an empty set of colours"},
      {p4 + " --breaks 3 --break-sets -1", "--break-sets"},
      {p4 + " --propagators ac --break-sets 4", "--repair-nodes and --block-repair need the scan engine"},
      {p4 + " --propagators ac --colour-bound 4", "--repair-nodes and --block-repair need the scan engine"},
      {p4 + " --breaks 3 --colour-bound x", "--colour-bound"},
      {p4 + " --propagators ac --repair-nodes 4", "--block-repair need the scan engine"},
      {p4 + " --breaks 3 --repair-nodes -1", "--repair-nodes"},
      {p4 + " --propagators ac --block-repair 4", "--block-repair need the scan engine"},
      {p4 + " --breaks 3 --block-repair x", "--block-repair"},
      {p4 + " --breaks 3 --quota-ramp 2:1", "needs --quota"},
      {p4 + " --breaks 3 --quota 1 --quota-ramp 2", "points P:N"},
      {p4 + " --breaks 3 --quota 1 --quota-ramp 2:1,2:3", "two quota points"},
      {p4 + " --breaks 3 --quota 1 --quota-stalls 0", "--quota-stalls"},
      {p4 + " --breaks 3 --completion-slack -1", "--completion-slack"},
      {p4 + " --propagators ac --completion-slack 4", "need the scan engine"},
      {p4 + " --mode count --quota 1", "need the scan engine"}};
  for (const auto& [args, fragment] : cases) {
    const Run r = run(args);
    INFO(args << " -> " << r.err);
    REQUIRE(r.code == 2);
    REQUIRE(r.err.find(fragment) != std::string::npos);
    REQUIRE(r.out.empty());
  }
}

TEST_CASE("edgecp-solve --svg writes a well-formed picture", "[cli]") {
  const auto svg =
      std::filesystem::temp_directory_path() / ("edgecp_cli_" + std::to_string(::getpid()) + ".svg");
  const Run r = run(puzzles() + "/e2like_6x6.txt --quiet --mode first --svg " + svg.string());
  REQUIRE(r.code == 0);
  std::ifstream in(svg);
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string text = ss.str();
  REQUIRE(text.rfind("<?xml", 0) == 0);
  REQUIRE(text.find("</svg>") != std::string::npos);
  // 36 pieces x 4 triangles
  REQUIRE(occurrences(text, "<polygon") == 144);
  std::filesystem::remove(svg);
}

// ---- robustness: one regression test per way a user could lose a board or get a crash ----
namespace {
/// Peak resident set size (KiB) of the largest child process waited for so far.
long children_peak_kib() {
  rusage u{};
  getrusage(RUSAGE_CHILDREN, &u);
  return u.ru_maxrss;
}
}  // namespace

TEST_CASE("robustness: an exception in a search thread is an error, not a crash", "[cli][robustness]") {
  const std::string big = temp_path("17x16.txt");
  {
    std::ofstream out(big);
    write_puzzle(out, generate({17, 16, 5, 17, 1, false}).puzzle);
  }
  const Run r = run(big + " --breaks 250 --scan-checks window-fc --time 2 --threads 2");
  INFO(r.err);
  REQUIRE(r.code == 2);
  REQUIRE(r.err.find("window_fc supports puzzles of up to 256 pieces") != std::string::npos);
  std::filesystem::remove(big);
}

TEST_CASE("robustness: output paths are checked before the search", "[cli][robustness]") {
  for (const std::string opt : {"--svg", "--board"}) {
    const Run r = run("--breaks 200 --time 30 " + opt + " /nonexistent/dir/x.out");
    INFO(r.err);
    REQUIRE(r.code == 2);
    REQUIRE(r.err.find("does not exist") != std::string::npos);
    REQUIRE(r.err.find("s] placements") == std::string::npos);  // no heartbeat: it never searched
    REQUIRE(r.out.empty());
  }
  const Run dir = run("--breaks 200 --time 30 --board " + std::filesystem::temp_directory_path().string());
  REQUIRE(dir.code == 2);
  REQUIRE(dir.err.find("is a directory") != std::string::npos);
}

TEST_CASE("robustness: two outputs on one path are refused before the search", "[cli][robustness]") {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "edgecp_same_output";
  std::filesystem::create_directories(dir);
  const std::string x = (dir / "x.txt").string(), alias = (dir / "." / "x.txt").string();
  for (const std::string& opts : {"--save " + x + " --board " + x, "--board " + x + " --svg " + alias,
                                  "--save " + x + " --svg " + x + ".json"}) {
    const Run r = run("--breaks 200 --time 30 " + opts);
    INFO(opts << "\n" << r.err);
    REQUIRE(r.code == 2);
    REQUIRE(r.err.find("name the same file") != std::string::npos);
    REQUIRE(r.out.empty());
    REQUIRE(!std::filesystem::exists(x));  // nothing written
  }
  std::filesystem::remove_all(dir);
}

TEST_CASE("robustness: a write error is reported, the board is on stdout all the same", "[cli][robustness]") {
  const Run r = run(puzzles() + "/e2like_4x4.txt --mode first --quiet --board /dev/full");
  INFO(r.err);
  REQUIRE(r.code == 3);
  REQUIRE(r.err.find("/dev/full: write error") != std::string::npos);
  REQUIRE(r.out.find("score") != std::string::npos);
  REQUIRE(r.out.find("4 4\n") != std::string::npos);  // the board itself
}

TEST_CASE("robustness: best mode exits 3 when its checkpoint can no longer be written", "[cli][robustness]") {
  // the checkpoint's folder disappears while the run still finds better boards (the bundled 16x16 improves
  // for seconds); a failed write that is never made good leaves a checkpoint short of the result
  const std::string dir = temp_path("ckdir");
  std::filesystem::create_directories(dir);
  const Run r =
      shell("(sleep 0.4; rm -rf " + dir + ") & " + std::string(EDGECP_SOLVE_BINARY) +
            " --time 3 --threads 1 --json --quiet --save " + dir + "/best.ck; code=$?; wait; exit $code");
  INFO(r.err);
  const bool failed = r.err.find("checkpoint:") != std::string::npos;
  REQUIRE(r.code == (failed ? 3 : 0));
  REQUIRE(r.out.find("\"verified\":true") != std::string::npos);  // the board is on stdout all the same
  std::filesystem::remove_all(dir);
}

TEST_CASE("robustness: a board file is replaced only by a better board, atomically", "[cli][robustness]") {
  const std::string p6 = puzzles() + "/e2like_6x6.txt";
  const std::string file = temp_path("board.txt");
  // A perfect board first (first mode), then best mode cannot do better: the file stays.
  REQUIRE(run(p6 + " --mode first --quiet --board " + file).code == 0);
  const std::string perfect = read_text(file);
  const Run again = run(p6 + " --mode first --quiet --board " + file);
  INFO(again.err);
  REQUIRE(again.code == 0);
  REQUIRE(read_text(file) == perfect);
  REQUIRE(again.err.find("kept") != std::string::npos);
  REQUIRE(std::filesystem::exists(file + ".60"));  // the new board beside it, named by its score
  // A worse board in the file is replaced.
  const Model m(read_puzzle(p6));
  Board worse = read_board(file, m);
  std::swap(worse.cells[7], worse.cells[8]);  // two interior cells of row 1 swapped
  {
    std::ofstream out(file);
    write_board(out, m, worse);
  }
  REQUIRE(check_board(m, worse).score < m.geometry().inner_join_count());
  REQUIRE(run(p6 + " --mode first --quiet --board " + file).code == 0);
  REQUIRE(check_board(m, read_board(file, m)).score == m.geometry().inner_join_count());
  // Something that is not a board is refused before the search, untouched; --force replaces it.
  write_text(file, "my notes\n");
  const Run refused = run(p6 + " --mode first --quiet --board " + file);
  REQUIRE(refused.code == 2);
  REQUIRE(refused.err.find("--force") != std::string::npos);
  REQUIRE(read_text(file) == "my notes\n");
  REQUIRE(run(p6 + " --mode first --quiet --force --board " + file).code == 0);
  REQUIRE(check_board(m, read_board(file, m)).ok);
  // No temporary file is left beside it.
  for (const auto& e : std::filesystem::directory_iterator(std::filesystem::path(file).parent_path()))
    REQUIRE(e.path().string().find(std::filesystem::path(file).filename().string() + ".tmp") ==
            std::string::npos);
  std::filesystem::remove(file);
  std::filesystem::remove(file + ".60");
}

TEST_CASE("robustness: a better board written into the --board file during the run is kept",
          "[cli][robustness]") {
  // the bundled 16x16 cannot be solved in 2 s; its planted board (480) is written into the file while the
  // run goes on, which must then leave it and put its own board beside it
  const std::string file = temp_path("race.txt"), planted = temp_path("planted.txt");
  const GeneratedPuzzle g = generate(GeneratorOptions::e2_like(1));
  const Model m(g.puzzle);
  {
    std::ofstream out(planted);
    write_board(out, m, g.planted_board(m));
  }
  // the other writer takes the lock a run takes on the file's folder (FolderLock): without it, a board
  // planted between a run's look at the file and its write would be lost (seen under AddressSanitizer)
  const std::string folder = std::filesystem::path(file).parent_path().string();
  const Run r = shell("(sleep 0.5; flock " + folder + " -c 'cp " + planted + " " + file + ".part && mv " +
                      file + ".part " + file + "') & " + std::string(EDGECP_SOLVE_BINARY) +
                      " --time 2 --threads 1 --json --quiet --board " + file + "; code=$?; wait; exit $code");
  INFO(r.err);
  REQUIRE(r.code == 0);
  const long long score = field(r.out, "score");
  REQUIRE(score < m.geometry().inner_join_count());
  REQUIRE(read_text(file) == read_text(planted));  // the better board stays
  REQUIRE(std::filesystem::exists(file + "." + std::to_string(score)));
  REQUIRE(r.err.find("kept") != std::string::npos);
  // the same with --save: another run's better checkpoint is not replaced by a worse one
  const std::string save = temp_path("save.ck"), theirs = temp_path("theirs.ck");
  {
    std::ofstream out(theirs);
    write_best_checkpoint(out, m, g.planted_board(m));
  }
  const Run saving =
      shell("(sleep 0.5; flock " + folder + " -c 'cp " + theirs + " " + save + ".part && mv " + save +
            ".part " + save + "') & " + std::string(EDGECP_SOLVE_BINARY) +
            " --time 2 --threads 1 --json --quiet --save " + save + "; code=$?; wait; exit $code");
  INFO(saving.err);
  REQUIRE(saving.code == 0);
  REQUIRE(read_text(save) == read_text(theirs));
  for (const auto& f : {save, save + ".json", theirs}) std::filesystem::remove(f);
  // something that is no board, written there meanwhile, is kept too
  const std::string other = temp_path("notes.txt");
  const Run notes =
      shell("(sleep 0.5; echo notes > " + other + ") & " + std::string(EDGECP_SOLVE_BINARY) +
            " --time 1.5 --threads 1 --json --quiet --board " + other + "; code=$?; wait; exit $code");
  INFO(notes.err);
  REQUIRE(notes.code == 0);
  REQUIRE(read_text(other) == "notes\n");
  const std::string beside = other + "." + std::to_string(field(notes.out, "score"));
  REQUIRE(std::filesystem::exists(beside));
  for (const auto& f : {file, planted, file + "." + std::to_string(score), other, beside})
    std::filesystem::remove(f);
}

TEST_CASE("robustness: hostile puzzle files cost what a valid puzzle costs", "[cli][robustness]") {
  // 4x4 followed by ~20 MB of piece lines: the old reader took the whole file into memory first.
  const std::string flood = temp_path("flood.txt");
  {
    std::ofstream out(flood);
    out << "4 4\n";
    for (int i = 0; i < 2'000'000; ++i) out << "1 2 3 4\n";
  }
  const long before = children_peak_kib();
  const Run r = run(flood);
  INFO(r.err);
  REQUIRE(r.code == 2);
  REQUIRE(r.err.find(flood + ":18: extra piece") != std::string::npos);
  if (!EDGECP_SANITIZED) REQUIRE(children_peak_kib() < std::max(before, 64L * 1024));  // not ~400 MB
  std::filesystem::remove(flood);
  // Not regular files: refused by name, nothing read.
  const Run zero = run("/dev/zero");
  REQUIRE(zero.code == 2);
  REQUIRE(zero.err.find("/dev/zero: not a regular file") != std::string::npos);
  const Run dir = run(std::filesystem::temp_directory_path().string());
  REQUIRE(dir.code == 2);
  REQUIRE(dir.err.find("is a directory") != std::string::npos);
  // A huge token is echoed as a short prefix.
  const std::string token = temp_path("token.txt");
  write_text(token, "4 " + std::string(60'000, '7') + "\n");
  const Run t = run(token);
  REQUIRE(t.code == 2);
  REQUIRE(t.err.find("60000 characters") != std::string::npos);
  REQUIRE(t.err.size() < 300);
  std::filesystem::remove(token);
}

TEST_CASE("robustness: the driver on a 64x16 board keeps time and memory bounded", "[cli][robustness]") {
  const std::string big = temp_path("64x16.txt");
  {
    std::ofstream out(big);
    write_puzzle(out, generate({64, 16, 5, 17, 1, false}).puzzle);
  }
  const long before = children_peak_kib();
  // forward checking crosses each placed piece off every cell: the deepest trail per level there is
  const Run r = run(big + " --engine driver --propagators fc --time 3 --json");
  INFO(r.err);
  REQUIRE(r.code == 0);
  // the time limit is honoured within about a second whatever a node costs, with a heartbeat on the way
  std::smatch sec;
  REQUIRE(std::regex_search(r.out, sec, std::regex(R"("seconds":([0-9.]+))")));
  REQUIRE(std::stod(sec[1]) < 4.5);
  REQUIRE(r.err.find("[    1.") != std::string::npos);
  // the trail saves words, not whole 512-byte domains: ~20 MB where it took ~270 MB (depth ~900)
  if (!EDGECP_SANITIZED) REQUIRE(children_peak_kib() < std::max(before, 100L * 1024));
  // one AC-3 fixpoint here takes many seconds: the propagation itself stops at the limit (it ran to 60 s)
  const auto t0 = std::chrono::steady_clock::now();
  const Run ac3 = run(big + " --mode first --propagators ac3 --time 1 --json --quiet");
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  INFO(ac3.err);
  REQUIRE(ac3.code == 0);
  REQUIRE(ac3.out.find("\"status\":\"limit\"") != std::string::npos);
  REQUIRE(wall < 8);
  std::filesystem::remove(big);
}

TEST_CASE("robustness: unclear inputs get clear messages", "[cli][robustness]") {
  const std::string p4 = puzzles() + "/e2like_4x4.txt";
  const std::string text = read_text(p4);
  // A UTF-8 byte-order mark and CR-only line ends are accepted.
  const std::string bom = temp_path("bom.txt"), cr = temp_path("cr.txt"), nul = temp_path("nul.txt");
  write_text(bom, "\xEF\xBB\xBF" + text);
  std::string cr_text = text;
  for (char& c : cr_text)
    if (c == '\n') c = '\r';
  write_text(cr, cr_text);
  write_text(nul, std::string("4 4\n0 0 1\0 1\n", 13));
  for (const std::string& f : {bom, cr}) {
    const Run r = run(f + " --mode first --quiet");
    INFO(f << ": " << r.err);
    REQUIRE(r.code == 0);
  }
  const Run n = run(nul);
  REQUIRE(n.code == 2);
  REQUIRE(n.err.find(nul + ":2: NUL byte") != std::string::npos);
  // Values out of range are shown as written.
  const std::string hint = temp_path("hint.txt");
  write_text(hint, text + "hint 1048576 1 1 0\n");
  const Run h = run(hint);
  REQUIRE(h.code == 2);
  REQUIRE(h.err.find("hint row '1048576' is off the board (0..3)") != std::string::npos);
  for (const auto& f : {bom, cr, nul, hint}) std::filesystem::remove(f);
  // Options.
  const std::pair<std::string, std::string> cases[] = {
      {"--time 1e10", "at most 1000000000 seconds"},
      {"--time 0x10", "decimal number"},
      {"--time inf", "decimal number"},
      {"--breaks 300", "index 300 is not a placement of this puzzle (1..16)"},
      {"--breaks ''", "got nothing"},
      {"--breaks 5,3", "indices must not decrease (3 after 5)"},
      {"--breaks 3-6,4", "indices must not decrease (4 after 6)"},
      {"--nodes ' 5'", "--nodes"}};
  for (const auto& [args, fragment] : cases) {
    const Run r = run(p4 + " " + args);
    INFO(args << " -> " << r.err);
    REQUIRE(r.code == 2);
    REQUIRE(r.err.find(fragment) != std::string::npos);
  }
  // --save names a file, not a folder; a web address without a board is read as a link, not a file path.
  const std::string folder = temp_path("folder");
  std::filesystem::create_directories(folder);
  const Run dir = run(p4 + " --time 0.1 --save " + folder);
  REQUIRE(dir.code == 2);
  REQUIRE(dir.err.find(folder + " is a directory") != std::string::npos);
  std::filesystem::remove(folder);
  const Run link = run(p4 + " --check 'https://e2.bucas.name/#board_w=4&board_h=4'");
  INFO(link.err);
  REQUIRE(link.code == 2);
  REQUIRE(link.err.find("board_edges") != std::string::npos);
  // A headerless piece list that is not square says how to give the size.
  const std::string list = temp_path("list.txt");
  write_text(list, "0 0 1 1\n0 1 1 0\n1 1 0 0\n");
  const Run odd = run(list);
  REQUIRE(odd.code == 2);
  REQUIRE(odd.err.find("first line 'WIDTH HEIGHT'") != std::string::npos);
  REQUIRE(odd.err.find("--size") == std::string::npos);
  std::filesystem::remove(list);
  // Schedules are written for the whole board: an index past the last placement of a hinted puzzle is fine.
  const Run whole = run("--breaks 250-256 --time 0.2 --threads 1 --quiet");  // the default puzzle: one hint
  REQUIRE(whole.code == 0);
  // Thread counts are capped with a message.
  const Run th = run("--breaks 200 --time 0.2 --threads 1024 --quiet");
  REQUIRE(th.code == 0);
  REQUIRE(th.err.find("capped") != std::string::npos);
}
namespace {
std::size_t count_lines(const std::string& text, const std::string& prefix) {
  std::size_t n = 0;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) n += line.rfind(prefix, 0) == 0 ? 1 : 0;
  return n;
}
std::string fmt_piece(const Piece& p) {
  return std::to_string(p.colours[0]) + " " + std::to_string(p.colours[1]) + " " +
         std::to_string(p.colours[2]) + " " + std::to_string(p.colours[3]) + "\n";
}
/// Runs edgecp-solve in the background, waits until `watch` exists (the run is under way and has written a
/// checkpoint), sends `signal`, and returns the run.
Run run_and_signal(const std::string& args, const std::string& watch, const char* signal) {
  const std::string out = temp_path("sig_out"), err = temp_path("sig_err"), rc = temp_path("sig_rc");
  const std::string cmd = std::string(EDGECP_SOLVE_BINARY) + " " + args + " > " + out + " 2> " + err +
                          " < /dev/null & pid=$!; while [ ! -s " + watch +
                          " ] && kill -0 $pid 2>/dev/null; do sleep 0.05; done; kill -" + signal +
                          " $pid; wait $pid; echo $? > " + rc;
  REQUIRE(std::system(cmd.c_str()) == 0);
  Run r{std::stoi(read_text(rc)), read_text(out), read_text(err)};
  for (const auto& f : {out, err, rc}) std::filesystem::remove(f);
  return r;
}
}  // namespace

TEST_CASE("checkpoints: a count interrupted by SIGTERM and resumed gives the uninterrupted count",
          "[cli][checkpoint]") {
  // about 5 s of plain backtracking in all (157 M placements): long enough to be interrupted
  const Puzzle pz = generate({6, 6, 3, 5, 3, false}).puzzle;
  const std::string puzzle = temp_path("count.txt"), ck = temp_path("count.ck");
  write_text(puzzle, [&] {
    std::ostringstream s;
    write_puzzle(s, pz);
    return s.str();
  }());
  ExactOptions eo;
  eo.mode = SearchMode::count;
  const std::uint64_t expected = run_exact(Model(pz), eo).solutions;
  REQUIRE(expected > 0);

  const std::string args = puzzle + " --mode count --propagators none --no-symmetry --save-every 0.05 --json";
  const Run cut = run_and_signal(args + " --save " + ck, ck, "TERM");
  REQUIRE(cut.code == 143);
  REQUIRE(cut.out.find("\"status\":\"interrupted\"") != std::string::npos);
  const long long done = field(cut.out, "subproblems_done"), total = field(cut.out, "subproblems");
  REQUIRE(done < total);
  const SplitCheckpoint c = read_split_checkpoint(ck);  // complete and consistent with what was printed
  REQUIRE(static_cast<long long>(std::count(c.done.begin(), c.done.end(), true)) == done);
  REQUIRE(static_cast<long long>(c.solutions) == field(cut.out, "solutions"));

  const Run resumed = run(args + " --resume " + ck + " --save " + ck);
  REQUIRE(resumed.code == 0);
  REQUIRE(resumed.out.find("\"status\":\"exhausted\"") != std::string::npos);
  REQUIRE(field(resumed.out, "subproblems_resumed") == done);
  REQUIRE(static_cast<std::uint64_t>(field(resumed.out, "solutions")) == expected);
  REQUIRE(field(resumed.out, "subproblems_done") == total);
  // a finished checkpoint resumes to the same count at once
  const Run again = run(args + " --resume " + ck);
  REQUIRE(static_cast<std::uint64_t>(field(again.out, "solutions")) == expected);
  REQUIRE(field(again.out, "nodes") == field(resumed.out, "nodes"));
  for (const auto& f : {puzzle, ck}) std::filesystem::remove(f);
}

TEST_CASE("checkpoints: a best-mode run interrupted by SIGINT leaves a verified board", "[cli][checkpoint]") {
  const std::string puzzles_dir = puzzles(), ck = temp_path("best.ck");
  const Run r = run_and_signal("--breaks 180-256 --time 60 --threads 1 --json --save " + ck, ck, "INT");
  REQUIRE(r.code == 130);
  REQUIRE(r.out.find("\"status\":\"interrupted\"") != std::string::npos);
  const Model m(generate(GeneratorOptions::e2_like(1)).puzzle);  // the bundled default puzzle
  const Board saved = read_best_checkpoint(ck, m);               // throws unless complete, legal, its score
  REQUIRE(score(m, saved) >= 0);
  REQUIRE(field(r.out, "score") >= score(m, saved));  // the printed board is the best
  REQUIRE(read_text(ck + ".json").find("\"score\":" + std::to_string(score(m, saved))) != std::string::npos);
  // resuming: only a better board replaces it; the result is never worse than the saved board
  const Run more = run("--breaks 180-256 --time 1 --threads 1 --json --resume " + ck + " --save " + ck);
  REQUIRE(more.code == 0);
  REQUIRE(field(more.out, "score") >= score(m, saved));
  REQUIRE(score(m, read_best_checkpoint(ck, m)) == field(more.out, "score"));
  for (const auto& f : {ck, ck + ".json"}) std::filesystem::remove(f);
}

TEST_CASE("checkpoints: bad checkpoints are refused with exit 2 and nothing is changed",
          "[cli][checkpoint]") {
  const std::string p4 = puzzles() + "/e2like_4x4.txt", p6 = puzzles() + "/e2like_6x6.txt";
  const std::string ck = temp_path("ck"), best = temp_path("best");
  REQUIRE(run(p4 + " --mode count --save " + ck + " --quiet").code == 0);
  REQUIRE(run(p4 + " --time 0.3 --breaks 10-16 --save " + best + " --quiet").code == 0);
  const std::string ck_text = read_text(ck), best_text = read_text(best);
  auto refused = [&](const std::string& args, const std::string& why) {
    const Run r = run(args);
    INFO(args << "\n" << r.err);
    REQUIRE(r.code == 2);
    REQUIRE(r.err.find(why) != std::string::npos);
    REQUIRE(read_text(ck) == ck_text);  // nothing overwritten
    REQUIRE(read_text(best) == best_text);
  };
  refused(p6 + " --mode count --resume " + ck + " --save " + ck, "another puzzle");
  refused(p4 + " --mode count --no-symmetry --resume " + ck + " --save " + ck, "other options");
  refused(p4 + " --mode first --resume " + ck + " --save " + ck, "--mode count");
  refused(p4 + " --mode count --save " + ck, "exists");
  refused(p4 + " --time 0.3 --breaks 10-16 --save " + best, "exists");
  refused(p6 + " --time 0.3 --breaks 10-36 --resume " + best + " --save " + best, "another puzzle");
  refused(p4 + " --mode count --resume " + best, "no checksum");
  refused(p4 + " --time 0.3 --breaks 10-16 --resume " + ck, "not a best-mode checkpoint");
  const std::string truncated = temp_path("truncated"), garbage = temp_path("garbage");
  write_text(truncated, ck_text.substr(0, ck_text.size() / 2));
  write_text(garbage, "\x01\x02 not a checkpoint\n");
  const std::string fresh = temp_path("fresh");
  refused(p4 + " --mode count --resume " + truncated + " --save " + fresh, truncated + ": truncated");
  REQUIRE(!std::filesystem::exists(fresh));
  refused(p4 + " --mode count --resume " + garbage, garbage + ": ");
  refused(p4 + " --mode count --resume /nonexistent/ck", "/nonexistent/ck: cannot open");
  refused(p4 + " --mode count --resume /tmp", "is a directory");
  refused(p4 + " --mode count --resume " + ck + " --save /nonexistent/dir/ck", "does not exist");
  refused(p4 + " --mode count --breaks 5 --save " + temp_path("x"), "not with --breaks");
  for (const auto& f : {ck, best, best + ".json", truncated, garbage}) std::filesystem::remove(f);
}
TEST_CASE("edgecp-solve: every board comes with a viewer link that reads back to it, piece lists are read",
          "[cli][viewer_url]") {
  const std::string p6 = puzzles() + "/e2like_6x6.txt";
  const Model m(read_puzzle(p6));
  for (const char* args : {" --mode first --json", " --mode count --json --engine driver",
                           " --breaks 10-36 --time 0.3 --threads 1 --json"}) {
    const Run r = run(p6 + args);
    REQUIRE(r.code == 0);
    std::smatch url;
    REQUIRE(std::regex_search(r.out, url, std::regex("\"viewer_url\":\"([^\"]+)\"")));
    REQUIRE(parse_viewer_url(url[1].str(), m) == board_of(r.out, m));
  }
  const Run text = run(p6 + " --mode first");
  REQUIRE(text.out.find("viewer      https://") != std::string::npos);
  // the same puzzle as a piece list without a header counts the same
  const std::string list = temp_path("e2pieces.txt");
  std::string pieces;
  for (const Piece& p : m.puzzle().pieces) pieces += fmt_piece(p);
  write_text(list, pieces);
  REQUIRE(field(run(list + " --mode count --json").out, "solutions") ==
          field(run(p6 + " --mode count --json").out, "solutions"));
  std::filesystem::remove(list);
}
TEST_CASE("edgecp-solve --check: verifies a board file or a viewer link, lists mismatches, draws it",
          "[cli][viewer_url]") {
  const GeneratedPuzzle g = generate({5, 4, 2, 3, 9, false});
  const Model m(g.puzzle);
  const std::string puzzle = temp_path("check.txt"), board = temp_path("board.txt"), svg = temp_path("b.svg");
  {
    std::ofstream out(puzzle);
    write_puzzle(out, g.puzzle);
  }
  Board b = g.planted_board(m);
  std::swap(b.cells[6], b.cells[7]);  // two interior pieces swapped: legal, some joins mismatch
  b.cells[12] = -1;                   // and one cell empty
  const JoinCount jc = count_joins(m, b);
  REQUIRE(jc.mismatched > 0);
  {
    std::ofstream out(board);
    write_board(out, m, b);
  }
  for (const std::string& given : {board, "'" + viewer_url(m, b) + "'"}) {
    const Run r = run(puzzle + " --json --check " + given + " --svg " + svg);
    INFO(r.err);
    REQUIRE(r.code == 0);
    REQUIRE(r.out.find("\"legal\":true") != std::string::npos);
    REQUIRE(field(r.out, "score") == jc.matched);
    REQUIRE(field(r.out, "placed") == 19);
    const std::regex join(R"re(\[\d+,\d+,"(right|down)"\])re");
    REQUIRE(std::distance(std::sregex_iterator(r.out.begin(), r.out.end(), join), std::sregex_iterator()) ==
            jc.mismatched);
    REQUIRE(read_text(svg).find("</svg>") != std::string::npos);
    std::filesystem::remove(svg);
  }
  const Run text = run(puzzle + " --check " + board);
  REQUIRE(text.out.find("verdict     legal, 19 of 20 cells placed") != std::string::npos);
  REQUIRE(static_cast<int>(count_lines(text.out, "mismatch    cell")) == jc.mismatched);
  b.cells[12] = b.cells[0];  // a piece twice: not a legal board
  {
    std::ofstream out(board);
    write_board(out, m, b);
  }
  const Run bad = run(puzzle + " --check " + board);
  REQUIRE(bad.code == 2);
  REQUIRE(bad.out.find("used twice") != std::string::npos);
  const Run other = run(puzzles() + "/e2like_4x4.txt --check " + board);
  REQUIRE(other.code == 2);
  REQUIRE(other.err.find(board + ":1: board is 5x4, the puzzle 4x4") != std::string::npos);
  for (const auto& f : {puzzle, board}) std::filesystem::remove(f);
}

TEST_CASE("edgecp-solve: --hint places pieces, a piece list in another side order gets a note", "[cli]") {
  const GeneratedPuzzle g = generate({6, 6, 3, 6, 5, false});
  const Model m(g.puzzle);
  const Board planted = g.planted_board(m);
  const std::string list = temp_path("pieces.txt"), swapped = temp_path("swapped.txt");
  std::string right_order, wrong_order;  // e2pieces.txt lists: up right down left, and down and left swapped
  for (Piece p : g.puzzle.pieces) {
    // corners turned to show grey up and right, so that the swap leaves their greys side by side (else the
    // model refuses the list outright: grey on opposite sides)
    while (grey_count(p) == 2 && !(p.colours[0] == grey && p.colours[1] == grey))
      std::rotate(p.colours.begin(), p.colours.begin() + 1, p.colours.end());
    right_order += fmt_piece(p);
    wrong_order += fmt_piece(Piece{{p.colours[0], p.colours[1], p.colours[3], p.colours[2]}});
  }
  write_text(list, right_order);
  write_text(swapped, wrong_order);
  const auto c = m.candidate(planted.cells[static_cast<std::size_t>(m.geometry().cell(2, 3))]);
  const std::string hint = "2,3," + std::to_string(c.piece + 1) + "," + std::to_string(c.rotation);
  const Run hinted = run(list + " --mode first --json --quiet --hint " + hint);
  INFO(hinted.err);
  REQUIRE(hinted.code == 0);
  REQUIRE(hinted.err.find("note:") == std::string::npos);
  REQUIRE(board_of(hinted.out, m).cells[static_cast<std::size_t>(m.geometry().cell(2, 3))] ==
          planted.cells[static_cast<std::size_t>(m.geometry().cell(2, 3))]);
  const Run off = run(list + " --mode first --hint 6,0,1,0");
  REQUIRE(off.code == 2);
  REQUIRE(off.err.find("hint") != std::string::npos);
  REQUIRE(run(list + " --hint 1,2,3").code == 2);
  const Run wrong = run(swapped + " --mode count --quiet --json");
  REQUIRE(wrong.code == 0);
  REQUIRE(field(wrong.out, "solutions") == 0);
  REQUIRE(wrong.err.find("another side order than up, right, down, left") != std::string::npos);
  for (const auto& f : {list, swapped}) std::filesystem::remove(f);
}

TEST_CASE("edgecp-solve --check reads back what a run printed, as text or as JSON", "[cli]") {
  const std::string p = puzzles() + "/e2like_6x6.txt", text = temp_path("run.txt"),
                    json = temp_path("run.json");
  const Run solved = run(p + " --time 0.3 --threads 1 --quiet");
  const Run as_json = run(p + " --time 0.3 --threads 1 --quiet --json");
  const Run first = run(p + " --mode first --json --quiet");
  REQUIRE(solved.code == 0);
  REQUIRE(as_json.code == 0);
  write_text(text, solved.out);
  for (const auto& [out, expected] : {std::pair{solved.out, -1LL},
                                      {as_json.out, field(as_json.out, "score")},
                                      {first.out, field(first.out, "score")}}) {
    write_text(out.front() == '{' ? json : text, out);
    const Run checked = run(p + " --json --check " + (out.front() == '{' ? json : text));
    INFO(out << checked.err);
    REQUIRE(checked.code == 0);
    REQUIRE(checked.out.find("\"legal\":true") != std::string::npos);
    if (expected >= 0) REQUIRE(field(checked.out, "score") == expected);
  }
  std::smatch score;  // the text's own score line against the checker's
  REQUIRE(std::regex_search(solved.out, score, std::regex("score +([0-9]+) /")));
  REQUIRE(field(run(p + " --json --check " + text).out, "score") == std::stoll(score[1]));
  write_text(json, R"({"score":0,"board":null})");
  const Run none = run(p + " --check " + json);
  REQUIRE(none.code == 2);
  REQUIRE(none.err.find(json + ": its \"board\" field: null") != std::string::npos);
  for (const auto& f : {text, json}) std::filesystem::remove(f);
}
TEST_CASE("edgecp-solve: E2 with five hints: the quota's fallback and the values of a short run, as flags",
          "[cli][shared]") {
  const std::string p = std::string(EDGECP_SHARED_DATA) + "/e2/e2_5hints.txt";
  if (!std::filesystem::exists(p)) {
    WARN("shared data absent (" EDGECP_SHARED_DATA "; set EDGECP_SHARED_DATA): skipped");
    return;
  }
  // a short run: rare values; a run of many restart intervals (its node limit counts): shuffled ones
  const Run short_run = run(p + " --json --time 0.5 --threads 1");
  INFO(short_run.err);
  REQUIRE(short_run.code == 0);
  REQUIRE(short_run.out.find("\"quota_colours\":[5,7,20]") != std::string::npos);
  REQUIRE(short_run.out.find("\"quota_fallbacks\":[[5,18,20]]") != std::string::npos);
  REQUIRE(short_run.out.find("\"values\":\"rare\"") != std::string::npos);
  REQUIRE(short_run.err.find("--quota 5,7,20/5,18,20 --values rare") != std::string::npos);
  REQUIRE(short_run.err.find("rare values for a run this short") != std::string::npos);
  const Run long_run = run(p + " --json --time 0.5 --nodes 1000000000000 --threads 1");
  INFO(long_run.err);
  REQUIRE(long_run.code == 0);
  REQUIRE(long_run.out.find("\"values\":\"shuffled\"") != std::string::npos);
  REQUIRE(long_run.err.find("--values shuffled") != std::string::npos);
  // the quota given as flags keeps its fallback, and the values still follow the run's length
  const Run flags =
      run(p + " --json --quiet --time 0.5 --threads 1 --order tail-columns --quota 5,18,20/5,7,20");
  REQUIRE(flags.code == 0);
  REQUIRE(flags.out.find("\"quota_fallbacks\":[[5,7,20]]") != std::string::npos);
  REQUIRE(flags.out.find("\"values\":\"rare\"") != std::string::npos);
  // a fixed quota takes the plan's colours without the fallback it would never try
  const Run fixed = run(p + " --json --time 0.5 --threads 1 --fixed-quota");
  INFO(fixed.err);
  REQUIRE(fixed.code == 0);
  REQUIRE(fixed.out.find("\"quota_colours\":[5,7,20]") != std::string::npos);
  REQUIRE(fixed.out.find("\"quota_fallbacks\":[]") != std::string::npos);
  REQUIRE(fixed.err.find("--quota 5,7,20 ") != std::string::npos);
  REQUIRE(fixed.err.find("but no next pair: --fixed-quota") != std::string::npos);
}

#endif
