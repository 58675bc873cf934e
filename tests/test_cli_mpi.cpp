// edgecp-mpi under mpirun on this machine (ranks oversubscribed): counts equal the single-process counts,
// first solutions and best boards verify, an interrupted distributed count resumes in edgecp-solve.
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "edgecp/io/checkpoint.hpp"
#include "edgecp/io/puzzle_io.hpp"
#include "edgecp/puzzle/generator.hpp"
#include "edgecp/search/exact_search.hpp"
#include "support/cli_runner.hpp"
#include "support/oracles.hpp"

#if defined(EDGECP_MPI_BINARY) && defined(EDGECP_SOLVE_BINARY)
using namespace edgecp;
using namespace edgecp::test;

namespace {

std::string mpirun(int ranks) {
  return std::string(EDGECP_MPIEXEC) + " " + EDGECP_MPIEXEC_FLAGS + " -n " + std::to_string(ranks) + " " +
         EDGECP_MPI_BINARY + " ";
}
Run run_mpi(int ranks, const std::string& args) { return shell(mpirun(ranks) + args); }
Run run_solve(const std::string& args) { return shell(std::string(EDGECP_SOLVE_BINARY) + " " + args); }
/// The board of the JSON output, checked against the puzzle: complete and legal; returns its score.
int verified_score(const std::string& json, const Model& m) {
  const Board b = board_of(json, m);
  const BoardCheck chk = check_board(m, b);
  REQUIRE(chk.ok);
  REQUIRE(b.complete());
  REQUIRE(field(json, "score") == chk.score);
  return chk.score;
}
std::string bundled(const std::string& name) { return std::string(EDGECP_EXAMPLE_PUZZLES) + "/" + name; }

/// Counts with 3 and 4 ranks equal edgecp-solve's on one process, for each configuration.
void same_counts(const std::string& puzzle, const std::vector<std::string>& configs) {
  for (const std::string& config : configs) {
    const std::string args = puzzle + " --mode count --json --quiet " + config;
    const Run one = run_solve(args);
    REQUIRE(one.code == 0);
    for (int ranks : {3, 4}) {
      const Run many = run_mpi(ranks, args + " --split 64");
      INFO(puzzle << " " << config << " ranks " << ranks << "\n" << many.err);
      REQUIRE(many.code == 0);
      REQUIRE(field(many.out, "ranks") == ranks);
      REQUIRE(field(many.out, "solutions") == field(one.out, "solutions"));
      REQUIRE(field(many.out, "subproblems_done") == field(many.out, "subproblems"));
    }
  }
}

}  // namespace

TEST_CASE("edgecp-mpi: --help and --version from rank 0 only, bad usage exits 2 on every rank",
          "[cli][mpi]") {
  const Run help = run_mpi(2, "--help");
  REQUIRE(help.code == 0);
  REQUIRE(occurrences(help.out, "Usage: edgecp-mpi") == 1);
  REQUIRE(help.out.find("--propagators") != std::string::npos);
  REQUIRE(run_mpi(2, "--version").out.find("edgecp-mpi ") == 0);
  const Run bad = run_mpi(2, bundled("e2like_4x4.txt") + " --mode count --split x");
  REQUIRE(bad.code == 2);
  REQUIRE(bad.err.find("--split: expected an integer") != std::string::npos);
}

TEST_CASE("edgecp-mpi: counts equal the single-process counts (bundled puzzles)", "[cli][mpi]") {
  same_counts(bundled("e2like_4x4.txt"), {"", "--propagators none", "--propagators ac,alldiff"});
  same_counts(bundled("e2like_6x6.txt"), {"", "--no-symmetry", "--propagators none", "--propagators fc,ac"});
}

TEST_CASE("edgecp-mpi: counts equal the single-process counts (Brendan 5x5, 6x6)", "[cli][mpi][shared]") {
  const std::string p5 = shared_data("brendan/set1_05x05.txt"), p6 = shared_data("brendan/set1_06x06.txt");
  if (!std::filesystem::exists(p5)) {
    WARN("shared data absent (" EDGECP_SHARED_DATA "; set EDGECP_SHARED_DATA): skipped");
    return;
  }
  same_counts(p5, {"", "--propagators none", "--propagators ac,alldiff"});
  same_counts(p6, {"", "--propagators none"});
}

TEST_CASE("edgecp-mpi: first solutions and best boards verify", "[cli][mpi]") {
  const Model m6(read_puzzle(bundled("e2like_6x6.txt")));
  for (int ranks : {1, 3}) {
    const Run first = run_mpi(ranks, bundled("e2like_6x6.txt") + " --mode first --json --quiet --split 64");
    INFO(first.err);
    REQUIRE(first.code == 0);
    REQUIRE(first.out.find("\"status\":\"solved\"") != std::string::npos);
    REQUIRE(verified_score(first.out, m6) == m6.geometry().inner_join_count());
  }
  // best mode: every rank hunts; the board rank 0 prints verifies and scores at least rank 0's alone
  const std::string best = bundled("e2like_6x6.txt") + " --breaks 10-36 --threads 1 --time 20 --json --quiet";
  const Run alone = run_solve(best);
  const Run many = run_mpi(3, best);
  INFO(many.err);
  REQUIRE(many.code == 0);
  REQUIRE(verified_score(many.out, m6) >= verified_score(alone.out, m6));
  const Model m16(generate(GeneratorOptions::e2_like(1)).puzzle);
  const Run hunt = run_mpi(3, "--breaks 180-256 --threads 1 --time 2 --json --quiet");
  REQUIRE(hunt.code == 0);
  REQUIRE(field(hunt.out, "placements") > 0);
  REQUIRE(verified_score(hunt.out, m16) > 0);
}

TEST_CASE("edgecp-mpi: every scan option reaches the engine (one rank = edgecp-solve)", "[cli][mpi][scan]") {
  // One rank with one thread under a node limit runs exactly edgecp-solve's search, so the boards agree for
  // every option; each option changes the board on this puzzle, so an option lost on the way would show.
  const std::string puzzle = bundled("e2like_16x16.txt");
  const Model m(read_puzzle(puzzle));
  // the plan's choices pinned (each option below overrides one; the last of an option given twice wins)
  const std::string base = puzzle +
                           " --breaks 200-256 --order blackwood --values rare --quota none --nodes 8000000 "
                           "--threads 1 --seed 3 --json --quiet";
  const Board plain = board_of(run_solve(base).out, m);
  for (const std::string option :
       {"--quota 2,7", "--quota 2,7 --quota-ramp 40:30,120:90", "--break-sets 0", "--restart 400000",
        "--order tail-columns", "--values shuffled", "--colour-bound 0"}) {
    const Run one = run_solve(base + " " + option), many = run_mpi(1, base + " " + option);
    INFO(option << "\n" << many.err);
    REQUIRE(one.code == 0);
    REQUIRE(many.code == 0);
    REQUIRE(board_of(many.out, m).cells == board_of(one.out, m).cells);
    REQUIRE(board_of(one.out, m).cells != plain.cells);  // the option matters here
    REQUIRE(verified_score(many.out, m) == field(one.out, "score"));
  }
  const Run echoed =
      run_mpi(2, base + " --quota 2,7 --break-sets 5 --repair-nodes 7 --block-repair 9 --completion-slack 3");
  REQUIRE(echoed.code == 0);
  REQUIRE(echoed.out.find("\"quota_colours\":[2,7]") != std::string::npos);
  REQUIRE(field(echoed.out, "break_sets") == 5);
  REQUIRE(field(echoed.out, "repair_nodes") == 7);  // (the repair changes no board on this puzzle)
  REQUIRE(field(echoed.out, "block_repair") == 9);
  REQUIRE(field(echoed.out, "completion_slack") == 3);
}

TEST_CASE("edgecp-mpi: a count interrupted by SIGTERM resumes to the same count in edgecp-solve",
          "[cli][mpi][checkpoint]") {
  const Puzzle pz = generate({6, 6, 3, 5, 3, false}).puzzle;  // ~5 s of plain backtracking
  const std::string puzzle = temp_path("count.txt"), ck = temp_path("count.ck");
  {
    std::ofstream out(puzzle);
    write_puzzle(out, pz);
  }
  ExactOptions eo;
  eo.mode = SearchMode::count;
  const std::uint64_t expected = run_exact(Model(pz), eo).solutions;
  const std::string args = puzzle + " --mode count --propagators none --no-symmetry --json --quiet";
  const std::string rc = temp_path("rc");
  const Run cut = shell(
      mpirun(3) + args + " --save " + ck + " --save-every 0.05 & pid=$!; while [ ! -s " + ck +
      " ] && kill -0 $pid 2>/dev/null; do sleep 0.05; done; kill -TERM $pid; wait $pid; echo $? > " + rc);
  INFO(cut.out << cut.err);
  REQUIRE(read_text(rc) != "0\n");  // interrupted
  const SplitCheckpoint c = read_split_checkpoint(ck);
  const Run resumed = run_solve(args + " --resume " + ck);
  REQUIRE(resumed.code == 0);
  REQUIRE(static_cast<std::uint64_t>(field(resumed.out, "solutions")) == expected);
  REQUIRE(field(resumed.out, "subproblems_resumed") ==
          static_cast<long long>(std::count(c.done.begin(), c.done.end(), true)));
  for (const auto& f : {puzzle, ck, rc}) std::filesystem::remove(f);
}

TEST_CASE(
    "edgecp-mpi: one worker signalled or killed, rank 0 still reports the count as interrupted and saves",
    "[cli][mpi][checkpoint]") {
  const Puzzle pz = generate({6, 6, 3, 5, 3, false}).puzzle;  // ~5 s of plain backtracking
  const std::string puzzle = temp_path("worker.txt"), ck = temp_path("worker.ck");
  const std::string out = temp_path("worker.out"), rc = temp_path("worker.rc");
  {
    std::ofstream o(puzzle);
    write_puzzle(o, pz);
  }
  const std::string args = puzzle + " --mode count --propagators none --no-symmetry --json --quiet";
  for (const std::string sig : {"TERM", "KILL"}) {
    std::filesystem::remove(ck);
    // rank 2: the process whose command line names this puzzle and whose environment (set by Open MPI)
    // says rank 2; mpirun's own command line names the puzzle too, other runs' ranks do not
    const Run cut =
        shell(mpirun(3) + args + " --save " + ck + " --save-every 0.05 > " + out +
              " & pid=$!; while [ ! -s " + ck + " ] && kill -0 $pid 2>/dev/null; do sleep 0.05; " +
              "done; for d in /proc/[0-9]*; do if grep -qas " + puzzle + " $d/cmdline && " +
              "tr '\\0' '\\n' < $d/environ 2>/dev/null | grep -qx OMPI_COMM_WORLD_RANK=2; " + "then kill -" +
              sig + " ${d#/proc/}; fi; done; wait $pid; echo $? > " + rc);
    const std::string report = read_text(out);
    INFO(sig << "\n" << report << cut.err);
    REQUIRE(read_text(rc) != "0\n");
    REQUIRE(report.find("\"status\":\"interrupted\"") != std::string::npos);  // not "limit"
    if (sig == "TERM") REQUIRE(read_text(rc) == "143\n");  // the worker's signal, relayed to rank 0
    const SplitCheckpoint c = read_split_checkpoint(ck);
    REQUIRE(static_cast<long long>(std::count(c.done.begin(), c.done.end(), true)) ==
            field(report, "subproblems_done"));
  }
  for (const auto& f : {puzzle, ck, out, rc}) std::filesystem::remove(f);
}
#endif
