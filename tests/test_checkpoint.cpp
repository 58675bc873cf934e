#include "edgecp/io/checkpoint.hpp"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "edgecp/puzzle/generator.hpp"

using namespace edgecp;

namespace {

SplitCheckpoint sample(std::size_t n) {
  SplitCheckpoint c;
  c.mode = "count";
  c.puzzle = "0123456789abcdef";
  c.settings = "engine=exact order=mrv split=64";
  c.subproblems = n;
  c.symmetry_factor = 4;
  c.solutions = 65;
  c.placements = 123456789;
  c.seconds = 12.5;
  c.done.assign(n, false);
  for (std::size_t i = 0; i < n; ++i) c.done[i] = (i % 7 != 3) && (i % 11 != 5);
  return c;
}

std::string text_of(const SplitCheckpoint& c) {
  std::ostringstream s;
  write_split_checkpoint(s, c);
  return s.str();
}

SplitCheckpoint parse(const std::string& text) {
  std::istringstream in(text);
  return parse_split_checkpoint(in, "ck");
}

}  // namespace

TEST_CASE("split checkpoint: written and read back unchanged", "[checkpoint]") {
  for (std::size_t n : {1, 2, 10, 5000}) {
    SplitCheckpoint c = sample(n);
    const SplitCheckpoint back = parse(text_of(c));
    REQUIRE(back.mode == c.mode);
    REQUIRE(back.puzzle == c.puzzle);
    REQUIRE(back.settings == c.settings);
    REQUIRE(back.subproblems == c.subproblems);
    REQUIRE(back.symmetry_factor == c.symmetry_factor);
    REQUIRE(back.solutions == c.solutions);
    REQUIRE(back.placements == c.placements);
    REQUIRE(back.seconds == Approx(c.seconds));
    REQUIRE(back.done == c.done);
  }
  SplitCheckpoint none = sample(20);
  none.done.assign(20, false);
  none.solutions = 0;
  REQUIRE(parse(text_of(none)).done == none.done);
  SplitCheckpoint all = sample(20);
  all.done.assign(20, true);
  REQUIRE(parse(text_of(all)).done == all.done);
}

TEST_CASE("split checkpoint: every truncation and every changed byte is refused", "[checkpoint]") {
  const std::string text = text_of(sample(40));
  for (std::size_t len = 0; len + 1 < text.size(); ++len) {  // the last byte is the final newline
    INFO("truncated to " << len << " bytes");
    REQUIRE_THROWS_AS(parse(text.substr(0, len)), ParseError);
  }
  for (std::size_t i = 0; i < text.size(); ++i) {
    std::string bad = text;
    bad[i] = bad[i] == '1' ? '2' : '1';
    INFO("byte " << i << " changed");
    if (bad[i] == text[i]) continue;
    REQUIRE_THROWS_AS(parse(bad), ParseError);
  }
  REQUIRE_THROWS_WITH(parse("garbage\n"), Catch::StartsWith("ck: ") && Catch::Contains("no checksum"));
  REQUIRE_THROWS_AS(read_split_checkpoint("/nonexistent/edgecp.ck"), ParseError);
  REQUIRE_THROWS_AS(read_split_checkpoint("/"), ParseError);
}

TEST_CASE("split checkpoint: edited values with a checksum made good are refused where no run writes them",
          "[checkpoint]") {
  // the text with one line replaced and its checksum recomputed, as a hand edit that knows the checksum
  auto edited = [](const SplitCheckpoint& c, const std::string& from, const std::string& to) {
    std::string text = text_of(c);
    text = text.substr(0, text.rfind("checksum "));
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), to);
    return text + "checksum " + fnv1a_hex(text) + "\n";
  };
  auto refused = [](const std::string& text, const std::string& fragment) {
    try {
      (void)parse(text);
      FAIL("accepted:\n" << text);
    } catch (const ParseError& e) {
      INFO(e.what());
      REQUIRE(std::string(e.what()).find(fragment) != std::string::npos);
    }
  };
  const SplitCheckpoint c = sample(40);
  REQUIRE(parse(edited(c, "solutions 65", "solutions 66")).solutions == 66);  // plausible: accepted
  refused(edited(c, "solutions 65", "solutions -5"), "out of range");
  refused(edited(c, "solutions 65", "solutions 9223372036854775800"), "out of range");
  refused(edited(c, "placements 123456789", "placements -1"), "out of range");
  refused(edited(c, "seconds 12.5", "seconds -3"), "seconds");
  refused(edited(c, "seconds 12.5", "seconds nan"), "seconds");
  refused(edited(c, "mode count", "mode first"), "at most one solution per finished subproblem");
  SplitCheckpoint none = sample(40);
  none.done.assign(40, false);
  none.solutions = 0;
  refused(edited(none, "solutions 0", "solutions 3"), "no subproblem finished");
  SplitCheckpoint first = sample(40);  // a first run that found its solution: one, in a finished subproblem
  first.mode = "first";
  first.solutions = 1;
  REQUIRE(parse(text_of(first)).solutions == 1);
}

TEST_CASE("split checkpoint: another puzzle, mode, settings or split is refused", "[checkpoint]") {
  const SplitCheckpoint c = sample(30);
  REQUIRE_NOTHROW(check_split_checkpoint(c, "ck", "count", c.puzzle, c.settings, 30));
  REQUIRE_THROWS_WITH(check_split_checkpoint(c, "ck", "count", "ffffffffffffffff", c.settings, 30),
                      Catch::Contains("another puzzle"));
  REQUIRE_THROWS_WITH(check_split_checkpoint(c, "ck", "first", c.puzzle, c.settings, 30),
                      Catch::Contains("--mode count"));
  REQUIRE_THROWS_WITH(check_split_checkpoint(c, "ck", "count", c.puzzle, c.settings + " x", 30),
                      Catch::Contains("other options"));
  REQUIRE_THROWS_WITH(check_split_checkpoint(c, "ck", "count", c.puzzle, c.settings, 31),
                      Catch::Contains("30 subproblems"));
}

TEST_CASE("puzzle fingerprints tell puzzles apart, not their names", "[checkpoint]") {
  Puzzle a = generate({4, 4, 2, 3, 1, false}).puzzle;
  Puzzle b = a;
  b.name = "elsewhere";
  REQUIRE(puzzle_fingerprint(a) == puzzle_fingerprint(b));
  std::swap(b.pieces[3], b.pieces[4]);
  REQUIRE(puzzle_fingerprint(a) != puzzle_fingerprint(b));
  Puzzle c = a;
  c.hints.push_back({0, 0, 0, 0});
  REQUIRE(puzzle_fingerprint(a) != puzzle_fingerprint(c));
}

TEST_CASE("best checkpoint: read back, another puzzle, a wrong score, a bad board refused", "[checkpoint]") {
  const GeneratedPuzzle g = generate({5, 5, 2, 3, 3, false});
  const Model m(g.puzzle);
  Board b = g.planted_board(m);
  std::swap(b.cells[6], b.cells[7]);  // an interior swap: complete, legal, not perfect
  const auto dir = std::filesystem::temp_directory_path();
  const std::string path = (dir / ("edgecp_best_ck_" + std::to_string(::getpid()))).string();
  auto write = [&](const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
  };
  std::ostringstream s;
  write_best_checkpoint(s, m, b);
  const std::string text = s.str();
  write(text);
  REQUIRE(read_best_checkpoint(path, m) == b);

  const Model other(generate({5, 5, 2, 3, 4, false}).puzzle);
  REQUIRE_THROWS_WITH(read_best_checkpoint(path, other), Catch::Contains("another puzzle"));
  const std::string score_line = "# score " + std::to_string(score(m, b));
  std::string wrong = text;
  wrong.replace(wrong.find(score_line), score_line.size(), "# score 1");
  write(wrong);
  REQUIRE_THROWS_WITH(read_best_checkpoint(path, m), Catch::Contains("corrupt"));
  for (std::size_t len : {std::size_t{0}, std::size_t{30}, text.size() / 2, text.size() - 5}) {
    write(text.substr(0, len));
    INFO("truncated to " << len);
    REQUIRE_THROWS_AS(read_best_checkpoint(path, m), ParseError);
  }
  write("5 5\n1/0 2/0 3/0 4/0 5/0\n");  // a board file, not a checkpoint
  REQUIRE_THROWS_WITH(read_best_checkpoint(path, m), Catch::Contains("not a best-mode checkpoint"));
  std::filesystem::remove(path);
}
