#include "edgecp/io/puzzle_io.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <sstream>
#include <streambuf>
#include <utility>

#include "edgecp/puzzle/generator.hpp"
#include "support/oracles.hpp"

using namespace edgecp;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {

// A valid 4x4 puzzle text (2 header comment lines, header on line 3, pieces on lines 4..19).
std::vector<std::string> valid_lines() {
  auto gen = generate({4, 4, 2, 3, 9, false});
  std::ostringstream os;
  write_puzzle(os, gen.puzzle, "test puzzle");
  std::vector<std::string> lines{"# first comment"};
  std::istringstream is(os.str());
  for (std::string l; std::getline(is, l);) lines.push_back(l);
  return lines;  // lines[k] is line k+1
}

std::string join(const std::vector<std::string>& lines) {
  std::string s;
  for (const auto& l : lines) s += l + "\n";
  return s;
}

void expect_error(const std::string& text, int line, const std::string& fragment) {
  std::istringstream in(text);
  try {
    (void)parse_puzzle(in, "bad.txt");
    FAIL("no error for: " << fragment);
  } catch (const ParseError& e) {
    INFO(e.what());
    REQUIRE(e.line() == line);
    REQUIRE(e.file() == "bad.txt");
    REQUIRE_THAT(e.what(), StartsWith(line > 0 ? "bad.txt:" + std::to_string(line) + ": " : "bad.txt: "));
    REQUIRE_THAT(e.what(), Contains(fragment));
  }
}

// Finds the line of a piece with the given number of greys (0-based index into lines).
std::size_t piece_line_with_greys(const std::vector<std::string>& lines, int greys) {
  for (std::size_t i = 3; i < lines.size(); ++i) {
    std::istringstream ss(lines[i]);
    int c, n = 0;
    while (ss >> c) n += c == 0;
    if (n == greys) return i;
  }
  return 0;
}

}  // namespace

TEST_CASE("puzzle files round-trip", "[puzzle_io]") {
  auto gen = generate({6, 5, 3, 4, 17, true});
  std::ostringstream os;
  write_puzzle(os, gen.puzzle);
  std::istringstream is(os.str());
  const Puzzle back = parse_puzzle(is, "rt");
  REQUIRE(back.geometry == gen.puzzle.geometry);
  REQUIRE(back.pieces == gen.puzzle.pieces);
  REQUIRE(back.hints == gen.puzzle.hints);
}

TEST_CASE("board files round-trip, with empty cells", "[puzzle_io]") {
  auto gen = generate({5, 4, 2, 3, 4, false});
  Model m(gen.puzzle);
  Board b = gen.planted_board(m);
  b.cells[3] = -1;
  std::ostringstream os;
  write_board(os, m, b);
  std::istringstream is(os.str());
  REQUIRE(parse_board(is, "b", m) == b);
}

TEST_CASE("bad puzzle files give file:line errors", "[puzzle_io]") {
  const auto ok = valid_lines();
  REQUIRE(ok[2] == "4 4");
  {
    std::istringstream in(join(ok));
    REQUIRE_NOTHROW(parse_puzzle(in, "ok"));
  }
  SECTION("empty file") { expect_error("", 0, "empty file"); }
  SECTION("only comments") { expect_error("# nothing\n\n", 0, "empty file"); }
  SECTION("bad header") {
    auto l = ok;
    l[2] = "4 4 4";
    expect_error(join(l), 3, "header");
  }
  SECTION("0x0 board") {
    auto l = ok;
    l[2] = "0 0";
    expect_error(join(l), 3, "unsupported board size 0x0");
  }
  SECTION("1xN board") {
    auto l = ok;
    l[2] = "1 16";
    expect_error(join(l), 3, "unsupported board size 1x16");
  }
  SECTION("truncated file") {
    auto l = ok;
    l.resize(10);
    expect_error(join(l), 10, "truncated");
  }
  SECTION("missing piece at the end of a file with hints") {
    auto l = ok;
    l.pop_back();
    l.push_back("hint 1 1 1 0");
    expect_error(join(l), 19, "truncated");
  }
  SECTION("extra piece") {
    auto l = ok;
    l.push_back("1 2 3 4");
    expect_error(join(l), 20, "extra piece");
  }
  SECTION("non-numeric token") {
    auto l = ok;
    l[5] = "1 x 0 2";
    expect_error(join(l), 6, "'x' is not an integer");
  }
  SECTION("three tokens on a piece line") {
    auto l = ok;
    l[5] = "1 2 3";
    expect_error(join(l), 6, "four colours");
  }
  SECTION("negative colour") {
    auto l = ok;
    l[5] = "1 -2 0 2";
    expect_error(join(l), 6, "out of range");
  }
  SECTION("huge colour") {
    auto l = ok;
    l[5] = "1 99999999999999999999999 0 2";
    expect_error(join(l), 6, "out of range");
  }
  SECTION("colour above the supported range") {
    auto l = ok;
    l[5] = "1 64 0 2";
    expect_error(join(l), 6, "out of range");
  }
  SECTION("grey on two opposite sides") {
    auto l = ok;
    l[7] = "0 5 0 5";
    expect_error(join(l), 8, "opposite");
  }
  SECTION("grey on three sides (always two of them opposite)") {
    auto l = ok;
    l[7] = "0 0 0 5";
    expect_error(join(l), 8, "opposite");
  }
  SECTION("wrong number of corner pieces") {
    auto l = ok;
    const auto i = piece_line_with_greys(l, 1);
    l[i] = "0 0 3 3";  // an edge piece turned into a corner: 5 corners, 7 edges
    expect_error(join(l), 3, "corner");
  }
  SECTION("grey count inconsistent with the frame (an edge piece without grey)") {
    auto l = ok;
    const auto i = piece_line_with_greys(l, 1);
    l[i] = "3 3 3 3";
    expect_error(join(l), 3, "edge (one grey side) pieces, found 7");
  }
  SECTION("hint off the board") {
    auto l = ok;
    l.push_back("hint 4 0 1 0");
    expect_error(join(l), 20, "off the board");
  }
  SECTION("hint naming a piece that does not exist") {
    auto l = ok;
    l.push_back("hint 1 1 17 0");
    expect_error(join(l), 20, "does not exist");
  }
  SECTION("hint with a bad rotation") {
    auto l = ok;
    l.push_back("hint 1 1 1 7");
    expect_error(join(l), 20, "rotation");
  }
  SECTION("hint on a cell of the wrong class") {
    auto l = ok;
    const auto i = piece_line_with_greys(l, 0);
    const int piece = static_cast<int>(i) - 2;  // line index 3 is piece 1
    l.push_back("hint 0 0 " + std::to_string(piece) + " 0");
    expect_error(join(l), 20, "does not fit");
  }
  SECTION("two hints on one cell") {
    auto l = ok;
    const int piece = static_cast<int>(piece_line_with_greys(l, 0)) - 2;
    l.push_back("hint 1 1 " + std::to_string(piece) + " 0");
    l.push_back("hint 1 1 " + std::to_string(piece) + " 1");
    expect_error(join(l), 21, "second hint");
  }
  SECTION("one piece hinted twice") {
    auto l = ok;
    const int piece = static_cast<int>(piece_line_with_greys(l, 0)) - 2;
    l.push_back("hint 1 1 " + std::to_string(piece) + " 0");
    l.push_back("hint 2 2 " + std::to_string(piece) + " 0");
    expect_error(join(l), 21, "hinted twice");
  }
  SECTION("malformed hint line") {
    auto l = ok;
    l.push_back("hint 1 1");
    expect_error(join(l), 20, "hint ROW COL PIECE ROT");
  }
}

TEST_CASE("a missing file is a ParseError naming it", "[puzzle_io]") {
  REQUIRE_THROWS_WITH(read_puzzle("/nonexistent/p.txt"), StartsWith("/nonexistent/p.txt: cannot open"));
}

TEST_CASE("bad board files give file:line errors", "[puzzle_io]") {
  auto gen = generate({3, 3, 2, 2, 4, false});
  Model m(gen.puzzle);
  auto bad = [&](const std::string& text, int line) {
    std::istringstream in(text);
    try {
      (void)parse_board(in, "b.txt", m);
      FAIL("accepted: " << text);
    } catch (const ParseError& e) {
      REQUIRE(e.line() == line);
    }
  };
  bad("4 3\n", 1);
  bad("3 3\n1/0 2/0 3/0\n", 2);
  bad("3 3\n1/0 2/0\n. . .\n. . .\n", 2);
  bad("3 3\n1/0 2/9 .\n. . .\n. . .\n", 2);
  bad("3 3\n. . .\n. 10/0 .\n. . .\n", 3);
  bad("3 3\n. . .\n. a/0 .\n. . .\n", 3);
  bad("3 3\n. . .\n. . .\n. . 5\n", 4);
}

TEST_CASE("a printed result reads as its board, its errors keep the file's line numbers", "[puzzle_io]") {
  auto gen = generate({3, 3, 2, 2, 4, false});
  Model m(gen.puzzle);
  const Board planted = gen.planted_board(m);
  std::ostringstream board;
  write_board(board, m, planted);
  const std::string head =
      "puzzle      p.txt\nmode        best (engine scan, order row, 1 thread)\n"
      "seconds     0.5 (best found at 0.1)\nscore       12 / 12 (0 mismatched joins, verified)\n";
  std::istringstream printed(head + board.str());
  REQUIRE(parse_board(printed, "out.txt", m).cells == planted.cells);
  auto line_of = [&](const std::string& text) {
    std::istringstream in(text);
    try {
      (void)parse_board(in, "out.txt", m);
    } catch (const ParseError& e) {
      return e.line();
    }
    return -1;
  };
  REQUIRE(line_of(head + "3 3\n1/0 2/0\n") == 6);  // a short row, counted in the whole file
  REQUIRE(line_of(head) == 4);                     // a result without a board
  REQUIRE(line_of("puzzle x\nscore none (no board)\n") == 2);
  REQUIRE(line_of("pizzle x\n3 3\n") == 1);  // not a printed result: the header must come first
}

TEST_CASE("the shared E2 and Brendan files load with the stated counts", "[puzzle_io][shared]") {
  const std::string e2 = test::shared_data("e2/e2.txt");
  if (!std::filesystem::exists(e2)) {
    WARN("shared data absent (" EDGECP_SHARED_DATA "; set EDGECP_SHARED_DATA): skipped");
    return;
  }
  const Model m(read_puzzle(e2));
  REQUIRE(m.piece_count() == 256);
  int cls[3] = {0, 0, 0};
  std::uint64_t frame = 0, inner = 0;
  for (const auto& p : m.puzzle().pieces) {
    const int g = grey_count(p);
    ++cls[g == 2 ? 0 : g == 1 ? 1 : 2];
    for (int s = 0; s < 4; ++s) {
      const int c = p.colours[static_cast<std::size_t>(s)];
      if (c == grey) continue;
      // a frame colour sits on a side next to (90 degrees from) a grey side
      const bool beside_grey = p.colours[static_cast<std::size_t>((s + 1) & 3)] == grey ||
                               p.colours[static_cast<std::size_t>((s + 3) & 3)] == grey;
      (beside_grey ? frame : inner) |= std::uint64_t{1} << c;
    }
  }
  REQUIRE(cls[0] == 4);
  REQUIRE(cls[1] == 56);
  REQUIRE(cls[2] == 196);
  REQUIRE(std::popcount(frame) == 5);
  REQUIRE(std::popcount(inner) == 17);
  REQUIRE((frame & inner) == 0);
  REQUIRE(m.geometry().inner_join_count() == 480);
  REQUIRE(m.puzzle().hints.size() == 1);
  REQUIRE(m.puzzle().hints[0] == Hint{8, 7, 138, 2});
  REQUIRE(read_puzzle(test::shared_data("e2/e2_5hints.txt")).hints.size() == 5);
  REQUIRE(read_puzzle(test::shared_data("e2/e2_nohint.txt")).hints.empty());

  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(test::shared_data("brendan"))) {
    const Puzzle pz = read_puzzle(entry.path().string());
    const Model bm(pz);
    REQUIRE(bm.piece_count() == pz.geometry.cell_count());
    ++files;
  }
  REQUIRE(files > 100);
  REQUIRE(Model(read_puzzle(test::shared_data("clue/clue1.txt"))).piece_count() == 36);
}

namespace {
/// An endless input: `head` once, then `unit` repeated forever; counts the bytes the reader takes.
class EndlessBuf : public std::streambuf {
 public:
  EndlessBuf(std::string head, std::string unit) : head_(std::move(head)), unit_(std::move(unit)) {}
  std::size_t taken() const { return taken_; }

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    chunk_ = head_.empty() ? std::string() : std::exchange(head_, std::string());
    while (chunk_.size() < 4096) chunk_ += unit_;
    setg(chunk_.data(), chunk_.data(), chunk_.data() + chunk_.size());
    taken_ += chunk_.size();
    return traits_type::to_int_type(*gptr());
  }

 private:
  std::string head_, unit_, chunk_;
  std::size_t taken_ = 0;
};

/// Parses an endless input; returns the error and how many bytes were read to find it.
std::pair<std::string, std::size_t> endless_error(const std::string& head, const std::string& unit,
                                                  bool board) {
  EndlessBuf buf(head, unit);
  std::istream in(&buf);
  static const Model m(generate({4, 4, 2, 3, 9, false}).puzzle);
  try {
    if (board)
      (void)parse_board(in, "endless", m);
    else
      (void)parse_puzzle(in, "endless");
  } catch (const ParseError& e) {
    return {e.what(), buf.taken()};
  }
  return {"no error", buf.taken()};
}
}  // namespace

TEST_CASE("endless or hostile inputs stop at the first error, having read little", "[puzzle_io]") {
  struct Case {
    std::string head, unit;
    bool board;
    std::string fragment;
    std::size_t max_bytes;
  };
  const Case cases[] = {
      {"4 4\n", "1 2 3 4\n", false, "endless:18: extra piece", 8192},  // piece lines forever
      {"", std::string(1, '\0'), false, "endless:1: NUL byte", 8192},  // /dev/zero
      {"4 ", " ", false, "endless:1: line longer than 65536", 65536 + 8192},
      {"4 4\n", "1 2 3 4 5 6 7 8 9 10 11 12\n", false, "endless:2: expected a piece line", 8192},
      {"", "#\n", false, "goes on past 16 MiB", (16u << 20) + 8192},  // comments forever
      {"4 4\n", "1/0 . . .\n", true, "endless:6: extra row", 8192},
  };
  for (const Case& c : cases) {
    const auto [what, taken] = endless_error(c.head, c.unit, c.board);
    INFO(what << " after " << taken << " bytes");
    REQUIRE_THAT(what, Contains(c.fragment));
    REQUIRE(taken <= c.max_bytes);
  }
}

TEST_CASE("byte-order mark, CR and CRLF line ends read like LF, a long token is echoed short",
          "[puzzle_io]") {
  const std::string lf = join(valid_lines());
  std::istringstream plain(lf);
  const Puzzle want = parse_puzzle(plain, "lf");
  std::string cr = lf, crlf;
  for (char& ch : cr)
    if (ch == '\n') ch = '\r';
  for (char ch : lf) crlf += ch == '\n' ? std::string("\r\n") : std::string(1, ch);
  for (const std::string& text : {"\xEF\xBB\xBF" + lf, cr, crlf}) {
    std::istringstream in(text);
    const Puzzle got = parse_puzzle(in, "variant");
    REQUIRE(got.pieces == want.pieces);
    REQUIRE(got.geometry.width() == want.geometry.width());
  }
  expect_error("4 " + std::string(5000, '9') + "\n", 1, "(5000 characters)");
  expect_error(
      "\xEF\xBB"
      "4 4\n",
      1, "no UTF-8 byte-order mark");
}

namespace {
/// The pieces of a puzzle as a list without a header (e2pieces.txt).
std::string piece_list(const Puzzle& pz) {
  std::string out;
  for (const Piece& p : pz.pieces)
    out += std::to_string(p.colours[0]) + " " + std::to_string(p.colours[1]) + " " +
           std::to_string(p.colours[2]) + " " + std::to_string(p.colours[3]) + "\n";
  return out;
}
Puzzle parse_list(const std::string& text, int w = 0, int h = 0) {
  std::istringstream in(text);
  return parse_e2pieces(in, "e2pieces.txt", w, h);
}
}  // namespace

TEST_CASE("piece lists without a header (e2pieces.txt): square boards by count, others by size",
          "[puzzle_io]") {
  const Puzzle e2 = generate(GeneratorOptions::e2_like(3)).puzzle;
  std::istringstream in(piece_list(e2));
  const Puzzle back = parse_puzzle(in, "e2pieces.txt");  // detected by its first line
  REQUIRE(back.geometry == Geometry(16, 16));
  REQUIRE(back.pieces == e2.pieces);
  REQUIRE(back.hints.empty());
  const Puzzle rect = generate({9, 4, 2, 3, 1, false}).puzzle;
  const Puzzle r = parse_list("# a comment\n" + piece_list(rect), 9, 4);
  REQUIRE(r.geometry == Geometry(9, 4));
  REQUIRE(r.pieces == rect.pieces);
}

TEST_CASE("piece lists without a header: bad input is refused at its line", "[puzzle_io]") {
  const std::string six = piece_list(generate({6, 6, 2, 3, 1, false}).puzzle);
  auto refused = [](auto&& parse, const std::string& why) {
    INFO(why);
    REQUIRE_THROWS_WITH(parse(), Catch::Contains(why));
  };
  refused([&] { return parse_list(six.substr(0, six.rfind('\n', six.size() - 2) + 1)); },
          "e2pieces.txt:35: 35 pieces: not a square board");
  refused([&] { return parse_list(six, 4, 9); }, "e2pieces.txt:1: a 4x9 board needs 18 edge");
  refused([&] { return parse_list(six, 5, 5); }, "needs 25 pieces, the file has 36");
  refused([&] { return parse_list("0 0 1\n" + six); }, "e2pieces.txt:1: expected a piece line");
  refused([&] { return parse_list("0 0 1 99\n"); }, "e2pieces.txt:1: colour '99' out of range");
  refused([&] { return parse_list(""); }, "empty file");
  std::string wrong = six;  // a piece with four grey sides fits no cell
  wrong.replace(0, wrong.find('\n'), "0 0 0 0");
  refused([&] { return parse_list(wrong); }, "e2pieces.txt:1: piece 1:");
}
