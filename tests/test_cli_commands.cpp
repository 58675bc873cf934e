// The edgecp program's commands (solve, count, first, check, draw, generate) and edgecp-generate: each agrees
// with the library and with edgecp-solve, has its own --help, and refuses bad usage with exit 2.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <regex>

#include "edgecp/io/puzzle_io.hpp"
#include "edgecp/io/viewer_url.hpp"
#include "edgecp/puzzle/generator.hpp"
#include "edgecp/search/engine.hpp"
#include "edgecp/search/exact_search.hpp"
#include "edgecp/version.hpp"
#include "support/cli_runner.hpp"

#ifdef EDGECP_BINARY
using namespace edgecp;
using namespace edgecp::test;

namespace {
Run edgecp_run(const std::string& args) { return shell(std::string(EDGECP_BINARY) + " " + args); }
std::string puzzles() { return EDGECP_EXAMPLE_PUZZLES; }

// A generated puzzle and a board of it written to temporary files (removed with the object).
struct PuzzleFiles {
  GeneratedPuzzle g;
  Model m;
  std::string puzzle = temp_path("puzzle.txt"), board = temp_path("board.txt");
  explicit PuzzleFiles(const GeneratorOptions& o) : g(generate(o)), m(g.puzzle) {
    std::ofstream out(puzzle);
    write_puzzle(out, g.puzzle);
  }
  void write(const Board& b) const {
    std::ofstream out(board);
    write_board(out, m, b);
  }
  ~PuzzleFiles() {
    std::filesystem::remove(puzzle);
    std::filesystem::remove(board);
  }
};
}  // namespace

TEST_CASE("edgecp: every command has its own --help, --version", "[cli]") {
  const Run top = edgecp_run("--help");
  REQUIRE(top.code == 0);
  for (const std::string cmd : {"solve", "count", "first", "check", "draw", "generate"}) {
    INFO(cmd);
    REQUIRE(top.out.find("\n  " + cmd + " ") != std::string::npos);
    const Run r = edgecp_run(cmd + " --help");
    REQUIRE(r.code == 0);
    REQUIRE(r.err.empty());
    REQUIRE(r.out.find("Usage: edgecp " + cmd + " ") != std::string::npos);
  }
  // each lists its own options and not the others'
  REQUIRE(edgecp_run("solve --help").out.find("--mode first|count|best") != std::string::npos);
  REQUIRE(edgecp_run("count --help").out.find("--mode first|count|best") == std::string::npos);
  REQUIRE(edgecp_run("count --help").out.find("--propagators") != std::string::npos);
  REQUIRE(edgecp_run("draw --help").out.find("--propagators") == std::string::npos);
  REQUIRE(edgecp_run("generate --help").out.find("--width") != std::string::npos);
  REQUIRE(edgecp_run("--version").out == std::string("edgecp ") + EDGECP_VERSION_STRING + "\n");
  REQUIRE(shell(std::string(EDGECP_GENERATE_BINARY) + " --version").out ==
          std::string("edgecp-generate ") + EDGECP_VERSION_STRING + "\n");
}

TEST_CASE("edgecp count and first agree with the library and with edgecp-solve", "[cli]") {
  for (const std::string name : {"e2like_4x4.txt", "e2like_6x6.txt"}) {
    const std::string p = puzzles() + "/" + name;
    const Model m(read_puzzle(p));
    ExactOptions o;
    o.mode = SearchMode::count;
    const auto library = static_cast<long long>(run_exact(m, o).solutions);
    REQUIRE(library > 0);
    const Run count = edgecp_run("count " + p + " --json --quiet");
    INFO(count.err);
    REQUIRE(count.code == 0);
    REQUIRE(field(count.out, "solutions") == library);
    const Run solve = shell(std::string(EDGECP_SOLVE_BINARY) + " " + p + " --mode count --json --quiet");
    REQUIRE(field(solve.out, "solutions") == library);
    const Run mode = edgecp_run("solve " + p + " --mode count --json --quiet --propagators none");
    REQUIRE(field(mode.out, "solutions") == library);
    // an option given twice takes its last value (scripts append to command lines)
    const Run twice = edgecp_run("count " + p + " --json --quiet --seed 3 --seed 7 --order row --order mrv");
    REQUIRE(field(twice.out, "seed") == 7);
    REQUIRE(twice.out.find("\"order\":\"mrv\"") != std::string::npos);
    const Run first = edgecp_run("first " + p + " --json --quiet");
    REQUIRE(first.code == 0);
    REQUIRE(first.out.find("\"mode\":\"first\"") != std::string::npos);
    const Board b = board_of(first.out, m);
    REQUIRE(b.complete());
    REQUIRE(check_board(m, b).ok);
    REQUIRE(check_board(m, b).mismatches == 0);
  }
}

TEST_CASE("edgecp count --estimate: the library's estimate, and a sample of the count", "[cli][estimate]") {
  const std::string p = puzzles() + "/e2like_6x6.txt";
  const Model m(read_puzzle(p));
  WalkOptions o;  // the default engine of count mode
  o.mode = SearchMode::count;
  o.seed = 5;
  const TreeEstimate e = estimate_walk(m, o, 300);
  const WalkResult r = run_walk(m, o);
  REQUIRE(r.seconds < 0.5);  // so the 1-second sample finishes the count
  const Run json = edgecp_run("count " + p + " --estimate 300 --seed 5 --json --quiet");
  INFO(json.err);
  REQUIRE(json.code == 0);
  REQUIRE(json.err.empty());
  REQUIRE(field(json.out, "probes") == 300);
  REQUIRE(number_field(json.out, "estimated_nodes") == Approx(e.nodes).epsilon(1e-5));
  REQUIRE(number_field(json.out, "nodes_error") == Approx(e.nodes_error).epsilon(1e-5));
  REQUIRE(number_field(json.out, "estimated_solutions") == Approx(e.solutions).epsilon(1e-5));
  REQUIRE(json.out.find("\"sample_status\":\"exhausted\"") != std::string::npos);
  REQUIRE(field(json.out, "sample_solutions") == static_cast<long long>(r.solutions));
  REQUIRE(field(json.out, "sample_nodes") == static_cast<long long>(r.placements));
  const Run text = edgecp_run("count " + p + " --estimate 300 --seed 5");
  REQUIRE(text.code == 0);
  REQUIRE(text.err.find("estimating with 300 probes") != std::string::npos);
  REQUIRE(text.out.find("nodes       about ") != std::string::npos);
  REQUIRE(text.out.find("the sample finished the count: " + std::to_string(r.solutions) + " solutions, " +
                        std::to_string(r.placements) + " nodes") != std::string::npos);
  REQUIRE(field(json.out, "probes_solved") == static_cast<long long>(e.probes_solved));
  // probes that never reach a board: no estimate of the solutions, said so (not "about 0")
  const Run rare = edgecp_run("count " + puzzles() + "/e2like_16x16.txt --estimate 20");
  REQUIRE(rare.code == 0);
  REQUIRE(rare.out.find("solutions   not estimated: none of the 20 probes reached a complete board") !=
          std::string::npos);
  const Run solve = shell(std::string(EDGECP_SOLVE_BINARY) + " " + p +
                          " --mode count --estimate 300 --seed 5 --json --quiet");
  REQUIRE(number_field(solve.out, "estimated_nodes") == number_field(json.out, "estimated_nodes"));
  // the driver, when driver options are given: its own tree, and the sample counts with it
  SearchOptions d;
  d.mode = SearchMode::count;
  d.seed = 5;
  const TreeEstimate de = estimate_driver(m, d, {"ac", "alldiff"}, 300);
  const Run driver =
      edgecp_run("count " + p + " --estimate 300 --seed 5 --propagators ac,alldiff --json --quiet");
  REQUIRE(driver.code == 0);
  REQUIRE(driver.out.find("\"engine\":\"driver\"") != std::string::npos);
  REQUIRE(number_field(driver.out, "estimated_nodes") == Approx(de.nodes).epsilon(1e-5));
  // the 1-second sample finishes this count on a quiet machine; on a loaded one (sanitizers, other jobs)
  // it may not, and then it holds part of the count
  if (driver.out.find("\"sample_status\":\"exhausted\"") != std::string::npos)
    REQUIRE(field(driver.out, "sample_solutions") == static_cast<long long>(r.solutions));
  else
    REQUIRE(field(driver.out, "sample_solutions") <= static_cast<long long>(r.solutions));
}

TEST_CASE("edgecp check: legal or not, the checker's score, every mismatched join", "[cli][viewer_url]") {
  const PuzzleFiles f({6, 5, 2, 4, 7, false});
  Board b = f.g.planted_board(f.m);
  std::swap(b.cells[8], b.cells[9]);  // interior pieces swapped: legal, mismatches
  const JoinCount jc = count_joins(f.m, b);
  REQUIRE(jc.mismatched > 0);
  f.write(b);
  for (const std::string& given : {f.board, "'" + viewer_url(f.m, b) + "'"}) {
    const Run r = edgecp_run("check " + f.puzzle + " " + given + " --json");
    INFO(r.err);
    REQUIRE(r.code == 0);
    REQUIRE(r.out.find("\"legal\":true") != std::string::npos);
    REQUIRE(field(r.out, "score") == jc.matched);
    REQUIRE(static_cast<int>(occurrences(r.out, "\"right\"]") + occurrences(r.out, "\"down\"]")) ==
            jc.mismatched);
  }
  const Run text = edgecp_run("check " + f.puzzle + " " + f.board);
  REQUIRE(static_cast<int>(occurrences(text.out, "mismatch    cell")) == jc.mismatched);
  b.cells[3] = b.cells[4];  // a piece twice
  f.write(b);
  const Run bad = edgecp_run("check " + f.puzzle + " " + f.board);
  REQUIRE(bad.code == 2);
  REQUIRE(bad.out.find("used twice") != std::string::npos);
}

TEST_CASE("edgecp draw: the picture of a legal board, to a file or stdout, illegal boards refused", "[cli]") {
  const PuzzleFiles f({5, 4, 2, 3, 2, false});
  Board b = f.g.planted_board(f.m);
  std::swap(b.cells[6], b.cells[7]);
  f.write(b);
  const std::string svg = temp_path("draw.svg");
  const Run to_file = edgecp_run("draw " + f.puzzle + " " + f.board + " -o " + svg + " --numbers");
  INFO(to_file.err);
  REQUIRE(to_file.code == 0);
  REQUIRE(to_file.out.empty());
  const std::string picture = read_text(svg);
  REQUIRE(picture.rfind("<?xml", 0) == 0);
  REQUIRE(picture.find("</svg>") != std::string::npos);
  REQUIRE(occurrences(picture, "<polygon") == 20 * 4);  // four triangles a piece
  const Run to_stdout = edgecp_run("draw " + f.puzzle + " " + f.board + " --numbers");
  REQUIRE(to_stdout.code == 0);
  REQUIRE(to_stdout.out == picture);
  // the picture of the same board from its viewer link is the same
  REQUIRE(edgecp_run("draw " + f.puzzle + " '" + viewer_url(f.m, b) + "' --numbers").out == picture);
  b.cells[0] = b.cells[1];
  f.write(b);
  const Run bad = edgecp_run("draw " + f.puzzle + " " + f.board + " -o " + svg);
  REQUIRE(bad.code == 2);
  REQUIRE(bad.err.find("not a legal board") != std::string::npos);
  REQUIRE(read_text(svg) == picture);  // nothing written
  const Run unwritable = edgecp_run("draw " + f.puzzle + " '" + viewer_url(f.m, f.g.planted_board(f.m)) +
                                    "' -o /nonexistent/dir/x.svg");
  REQUIRE(unwritable.code == 3);
  std::filesystem::remove(svg);
}

TEST_CASE("edgecp generate and edgecp-generate write the bundled puzzles again", "[cli][generator]") {
  const std::string bundled = read_text(puzzles() + "/e2like_4x4.txt");
  const std::string args = "--width 4 --height 4 --frame 2 --inner 3 --seed 1";
  REQUIRE(shell(std::string(EDGECP_GENERATE_BINARY) + " " + args).out == bundled);
  const Run r = edgecp_run("generate " + args);
  REQUIRE(r.code == 0);
  // the same puzzle; its header names the command that made it
  REQUIRE(r.out.substr(r.out.find('\n')) == bundled.substr(bundled.find('\n')));
  REQUIRE(r.out.find("regenerate with: edgecp generate " + args) != std::string::npos);
  // --e2-like is the bundled 16x16's shape; options beside it override
  REQUIRE(shell(std::string(EDGECP_GENERATE_BINARY) + " --e2-like --seed 1").out ==
          read_text(puzzles() + "/e2like_16x16.txt"));
  const std::string planted = temp_path("planted.txt");
  const Run wide = edgecp_run("generate --e2-like --width 8 --height 6 --seed 4 --planted " + planted);
  REQUIRE(wide.code == 0);
  const std::string puzzle = temp_path("wide.txt");
  write_text(puzzle, wide.out);
  const Model m(read_puzzle(puzzle));
  REQUIRE(m.geometry().width() == 8);
  REQUIRE(m.geometry().height() == 6);
  const BoardCheck chk = check_board(m, read_board(planted, m));  // the planted board solves it
  REQUIRE(chk.ok);
  REQUIRE(chk.mismatches == 0);
  REQUIRE(chk.placed == 48);
  for (const auto& file : {planted, puzzle}) std::filesystem::remove(file);
}

TEST_CASE("edgecp: bad usage exits 2 with a message and a pointer to the command's help", "[cli]") {
  const std::string p4 = puzzles() + "/e2like_4x4.txt";
  const std::pair<std::string, std::string> cases[] = {
      {"", "A subcommand is required"},
      {"frob", "unknown command 'frob'"},
      {"count " + p4 + " --mode best", "not expected: best --mode"},
      {"count " + p4 + " --time x", "--time: expected seconds"},
      {"check " + p4, "BOARD is required"},
      {"draw " + p4 + " " + p4 + " --cell-size 2", "--cell-size"},
      {"generate --width 0", "--width"},
      {"generate --seed -1", "--seed: expected an integer"},
      {"draw " + p4 + " " + p4 + " --cell-size 99999999999", "--cell-size"},
      {"generate --frame 40 --inner 40", "64 colours"},
      {"generate --bogus", "not expected: --bogus"},
      {"first " + p4 + " --engine scan", "only --mode best"},
      {"count " + p4 + " --estimate 0", "--estimate: expected an integer"},
      {"first " + p4 + " --estimate 10", "--estimate: estimates a count"},
      {"solve " + p4 + " --estimate 10 --propagators ac", "--estimate: estimates a count"},
      {"count " + p4 + " --estimate 10 --svg x.svg", "--estimate: no search"}};
  for (const auto& [args, fragment] : cases) {
    const Run r = edgecp_run(args);
    INFO(args << " -> " << r.err);
    REQUIRE(r.code == 2);
    REQUIRE(r.out.empty());
    REQUIRE(r.err.find(fragment) != std::string::npos);
  }
  // the pointer names the subcommand's help
  REQUIRE(edgecp_run("draw " + p4).err.find("run 'edgecp draw --help'") != std::string::npos);
  // a bad board file: FILE:LINE
  const std::string board = temp_path("bad_board.txt");
  write_text(board, "4 4\n1/0 2/0\n");
  const Run bad = edgecp_run("check " + p4 + " " + board);
  REQUIRE(bad.code == 2);
  REQUIRE(bad.err.find(board + ":") != std::string::npos);
  std::filesystem::remove(board);
}
#endif
