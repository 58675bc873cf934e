// The edgecp-solve command: JSON that matches the library's checker, errors with exit code 2.
#include <unistd.h>
#include <catch2/catch.hpp>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "edgecp/io/puzzle_io.hpp"
#include "edgecp/puzzle/generator.hpp"

#ifdef EDGECP_SOLVE_BINARY
using namespace edgecp;

namespace {
struct Run {
  int code;
  std::string out, err;
};
Run run(const std::string& args) {
  const auto dir = std::filesystem::temp_directory_path();
  // unique names: ctest runs these test cases in parallel processes
  static int counter = 0;
  const std::string tag = std::to_string(::getpid()) + "_" + std::to_string(counter++);
  const std::string out = (dir / ("edgecp_cli_out_" + tag)).string(),
                    err = (dir / ("edgecp_cli_err_" + tag)).string();
  const std::string cmd =
      std::string(EDGECP_SOLVE_BINARY) + " " + args + " > " + out + " 2> " + err + " < /dev/null";
  const int status = std::system(cmd.c_str());
  auto slurp = [](const std::string& p) {
    std::ifstream in(p);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  };
  Run r{WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
  std::filesystem::remove(out);
  std::filesystem::remove(err);
  return r;
}
std::string puzzles() { return EDGECP_EXAMPLE_PUZZLES; }
long long field(const std::string& json, const std::string& key) {
  std::smatch m;
  REQUIRE(std::regex_search(json, m, std::regex("\"" + key + "\":(-?[0-9]+)")));
  return std::stoll(m[1]);
}
/// The board array of the JSON as a Board of the model (1-based pieces, rotations).
Board board_of(const std::string& json, const Model& m) {
  const auto at = json.find("\"board\":[");
  REQUIRE(at != std::string::npos);
  Board b(m.cell_count());
  std::regex cell(R"(\[(\d+),(\d+)\]|null)");
  auto begin = std::sregex_iterator(json.begin() + static_cast<long>(at) + 9, json.end(), cell);
  std::size_t i = 0;
  for (auto it = begin; it != std::sregex_iterator() && i < b.cells.size(); ++it, ++i)
    if ((*it)[1].matched) b.cells[i] = m.candidate_of(std::stoi((*it)[1]) - 1, std::stoi((*it)[2]));
  REQUIRE(i == b.cells.size());
  return b;
}
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

TEST_CASE("edgecp-solve: a budget switches strict propagators off and says so", "[cli]") {
  const Run r = run(puzzles() + "/e2like_6x6.txt --json --breaks 20,30 --propagators ac,alldiff --time 2");
  REQUIRE(r.code == 0);
  REQUIRE(r.out.find("\"propagators\":[\"alldiff\"]") != std::string::npos);
  REQUIRE(r.out.find("\"switched_off\":[\"ac\"]") != std::string::npos);
  REQUIRE(r.err.find("switched off: ac") != std::string::npos);
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
  const Case cases[] = {{p4 + " --bogus", "unknown option '--bogus'"},
                        {p4 + " --mode fast", "--mode"},
                        {p4 + " --order zigzag", "unknown order"},
                        {p4 + " --propagators ac,magic", "unknown propagator 'magic'"},
                        {p4 + " --time -1", "--time"},
                        {p4 + " --nodes x", "--nodes"},
                        {p4 + " --breaks 3,a", "--breaks"},
                        {p4 + " --seed", "missing value"},
                        {"/nonexistent/puzzle.txt", "/nonexistent/puzzle.txt:0: cannot open"},
                        {bad.string(), bad.string() + ":2: truncated"}};
  for (const auto& c : cases) {
    const Run r = run(c.args);
    INFO(c.args << " -> " << r.err);
    REQUIRE(r.code == 2);
    REQUIRE(r.err.find(c.fragment) != std::string::npos);
    REQUIRE(r.out.empty());
  }
}

TEST_CASE("edgecp-solve: best mode with --breaks runs the scan engine on threads, boards verified", "[cli]") {
  const Model m(generate(GeneratorOptions::e2_like(1)).puzzle);  // the default puzzle
  const Run r =
      run("--json --breaks 150,170,190,200,210,220,230 --time 1.5 --threads 2 --scan-checks "
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
  REQUIRE(r.err.find("placements") != std::string::npos);  // progress on stderr
  // explicit propagators keep the driver
  const Run d = run("--json --quiet --breaks 150,170 --time 0.5 --propagators alldiff");
  REQUIRE(d.code == 0);
  REQUIRE(d.out.find("\"engine\":\"driver\"") != std::string::npos);
  // ranges: 200-203 is 200,201,202,203
  const Run ranges = run("--json --quiet --breaks 150,200-203 --time 0.3 --threads 1");
  REQUIRE(ranges.code == 0);
  REQUIRE(ranges.out.find("\"breaks\":[150,200,201,202,203]") != std::string::npos);
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
      {p4 + " --threads 2", "need the scan engine"},
      {p4 + " --breaks 3 --values sorted", "--values"},
      {p4 + " --breaks 9-3", "--breaks"},
      {p4 + " --breaks 3 --alldiff-gate 5", "driver options"},
      {p4 + " --breaks 3-", "--breaks"}};
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
  std::size_t polygons = 0;
  for (auto at = text.find("<polygon"); at != std::string::npos; at = text.find("<polygon", at + 1))
    ++polygons;
  REQUIRE(polygons == 144);
}
#endif
