// Reading and writing puzzle files and board files, with file:line errors.
//
// Puzzle file (compatible with Brendan Owen's files):
//   # comment               anything after '#' is ignored, blank lines too
//   W H                     board width and height
//   U R D L                 W*H piece lines, colours clockwise from the top; the n-th piece line is piece n
//                           (piece numbers are 1-based in files)
//   hint ROW COL PIECE ROT  optional, anywhere after the header: 0-based ROW and COL, 1-based PIECE, ROT
//                           clockwise quarter turns
//
// Piece list without a header (e2pieces.txt, as the community exchanges Eternity II): one piece a line,
// four colours clockwise from the top, 0 = grey, on a square board (parse_e2pieces takes another size).
//
// Board file:
//   W H
//   H lines of W tokens: PIECE/ROT (1-based piece) or '.' for an empty cell
// The text result edgecp solve prints (a first line "puzzle ...", result lines, then a board file) reads
// as its board.
#pragma once

#include <charconv>
#include <filesystem>
#include <fstream>
#include <istream>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "edgecp/puzzle/board.hpp"
#include "edgecp/puzzle/model.hpp"

namespace edgecp {

/// A bad input file: what() is "FILE:LINE: message" (LINE 0 when the file itself is the problem).
class ParseError : public std::runtime_error {
 public:
  /// `line` 0: the file as a whole (it cannot be opened, it is empty or truncated); the message then says
  /// "FILE: message", else "FILE:LINE: message".
  ParseError(std::string file, int line, const std::string& message)
      : std::runtime_error(text(file, line, message)), file_(std::move(file)), line_(line) {}
  const std::string& file() const { return file_; }
  int line() const { return line_; }

 private:
  // appended piece by piece: GCC 12 warns (-Wrestrict, a false positive) on "..." + std::string&& inlined
  static std::string text(const std::string& file, int line, const std::string& message) {
    std::string out = file;
    if (line > 0) out.append(":").append(std::to_string(line));
    return out.append(": ").append(message);
  }
  std::string file_;
  int line_;
};

namespace detail {

/// Limits that keep the work and memory of reading proportional to a valid file, not to what a file holds.
constexpr std::size_t max_line_bytes = 64 * 1024;         ///< comments included
constexpr std::size_t max_file_bytes = 16 * 1024 * 1024;  ///< far above the largest supported puzzle
constexpr std::size_t max_echo = 24;                      ///< characters of a bad token shown in a message

/// A token as a message shows it: quoted, at most max_echo characters, unprintable bytes as \xNN.
inline std::string quote(std::string_view tok) {
  std::string out = "'";
  for (std::size_t i = 0; i < tok.size() && i < max_echo; ++i) {
    const auto ch = static_cast<unsigned char>(tok[i]);
    if (ch >= 0x20 && ch < 0x7f) {
      out += static_cast<char>(ch);
    } else {
      constexpr char hex[] = "0123456789abcdef";
      out += "\\x";
      out += hex[ch >> 4];
      out += hex[ch & 15];
    }
  }
  if (tok.size() > max_echo)
    out += "...' (" + std::to_string(tok.size()) + " characters)";
  else
    out += "'";
  return out;
}

struct Line {
  int number = 0;
  std::vector<std::string> tokens;
};

/// Reads non-empty lines one at a time, comments ('#' to the end of the line) removed, split on blanks.
/// Lines end with LF, CRLF or a lone CR; a UTF-8 byte-order mark at the start is skipped. A NUL byte, a line
/// longer than max_line_bytes or more than max_file_bytes in all are errors at the line where they occur,
/// so nothing past the first error is read.
class LineReader {
 public:
  LineReader(std::istream& in, std::string file) : in_(in), file_(std::move(file)) {}

  /// The next line with tokens; false at the end of the input.
  bool next(Line& out) {
    while (read_physical_line()) {
      out.number = number_;
      out.tokens.clear();
      auto blank = [](char ch) { return ch == ' ' || ch == '\t' || ch == '\f' || ch == '\v'; };
      std::size_t i = 0;
      while (i < text_.size()) {
        while (i < text_.size() && blank(text_[i])) ++i;
        const std::size_t start = i;
        while (i < text_.size() && !blank(text_[i])) ++i;
        if (i > start) out.tokens.push_back(text_.substr(start, i - start));
      }
      if (!out.tokens.empty()) return true;
    }
    return false;
  }
  /// The number of the last physical line read (0 before any).
  int number() const { return number_; }

 private:
  bool read_physical_line() {
    text_.clear();
    bool in_comment = false, any = false;
    std::size_t length = 0;
    while (true) {
      const int c = in_.get();
      if (c == std::char_traits<char>::eof()) {
        if (any) ++number_;
        return any;
      }
      if (++bytes_ > max_file_bytes)
        throw ParseError(file_, number_ + 1,
                         "the file goes on past " + std::to_string(max_file_bytes >> 20) +
                             " MiB: not a puzzle or board file");
      if (bytes_ == 1 && c == 0xEF) {  // a UTF-8 byte-order mark
        skip_bom();
        continue;
      }
      any = true;
      if (c == '\n') break;
      if (c == '\r') {
        if (in_.peek() == '\n') {
          in_.get();
          ++bytes_;
        }
        break;
      }
      if (c == 0) throw ParseError(file_, number_ + 1, "NUL byte: this is not a text file");
      if (++length > max_line_bytes)
        throw ParseError(file_, number_ + 1,
                         "line longer than " + std::to_string(max_line_bytes) + " characters");
      if (c == '#') in_comment = true;
      if (!in_comment) text_ += static_cast<char>(c);
    }
    ++number_;
    return true;
  }
  /// After a first byte 0xEF: the rest of the byte-order mark EF BB BF.
  void skip_bom() {
    for (const int want : {0xBB, 0xBF}) {
      if (in_.get() != want)
        throw ParseError(file_, 1, "the file starts with 0xEF but no UTF-8 byte-order mark: not a text file");
      ++bytes_;
    }
  }

  std::istream& in_;
  std::string file_;
  std::string text_;
  int number_ = 0;
  std::size_t bytes_ = 0;
};

/// Parses a whole token as a decimal integer; throws ParseError naming `what` otherwise.
inline long long to_int(const std::string& file, int line, const std::string& tok, const char* what) {
  long long v = 0;
  const char* b = tok.data();
  const char* e = tok.data() + tok.size();
  auto [p, ec] = std::from_chars(b, e, v);
  if (ec == std::errc::result_out_of_range)
    throw ParseError(file, line, std::string(what) + " " + quote(tok) + " is out of range");
  if (ec != std::errc() || p != e)
    throw ParseError(file, line, std::string(what) + " " + quote(tok) + " is not an integer");
  return v;
}

/// An integer token in lo..hi, shown as written when it is not: "WHAT 'TOKEN' PROBLEM (lo..hi)".
inline int to_int_in(const std::string& file, int line, const std::string& tok, const char* what,
                     long long lo, long long hi, const char* problem = "out of range") {
  const long long v = to_int(file, line, tok, what);
  if (v < lo || v > hi)
    throw ParseError(file, line,
                     std::string(what) + " " + quote(tok) + " " + problem + " (" + std::to_string(lo) + ".." +
                         std::to_string(hi) + ")");
  return static_cast<int>(v);
}

/// Opens a file for reading, refusing what is not a regular file (a directory, a device, a pipe).
inline std::ifstream open_regular(const std::string& path) {
  std::error_code ec;
  const auto st = std::filesystem::status(path, ec);
  if (ec || !std::filesystem::exists(st))
    throw ParseError(path, 0, "cannot open the file: it does not exist");
  if (std::filesystem::is_directory(st)) throw ParseError(path, 0, "is a directory, not a file");
  if (!std::filesystem::is_regular_file(st))
    throw ParseError(path, 0, "not a regular file (a device, pipe or socket)");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ParseError(path, 0, "cannot open the file");
  return in;
}

}  // namespace detail

namespace detail {

/// Throws the first problem `validate` finds, at the line of the piece or hint it concerns.
inline void throw_first_problem(const Puzzle& pz, const std::string& file, const std::vector<int>& piece_line,
                                const std::vector<int>& hint_line, int header_line) {
  const auto problems = validate(pz);
  if (problems.empty()) return;
  const auto& pr = problems[0];
  const int line = pr.piece >= 0  ? piece_line[static_cast<std::size_t>(pr.piece)]
                   : pr.hint >= 0 ? hint_line[static_cast<std::size_t>(pr.hint)]
                                  : header_line;
  throw ParseError(file, line,
                   pr.piece >= 0 ? "piece " + std::to_string(pr.piece + 1) + ": " + pr.message : pr.message);
}

/// The rest of a piece list without a header (e2pieces.txt), `first` being its first line: four colours a
/// line, clockwise from the top, 0 = grey. width x height, or square from the piece count when both are 0.
inline Puzzle parse_piece_list(LineReader& reader, const Line& first, const std::string& file, int width,
                               int height) {
  Puzzle pz;
  pz.name = file;
  std::vector<int> piece_line;
  Line l = first;
  do {
    if (l.tokens.size() != 4)
      throw ParseError(
          file, l.number,
          "expected a piece line 'u r d l' (a piece list without a header: four colours a line), "
          "found " +
              std::to_string(l.tokens.size()) + " tokens");
    if (pz.pieces.size() == static_cast<std::size_t>(max_cells))
      throw ParseError(file, l.number, "more than " + std::to_string(max_cells) + " pieces");
    Piece p;
    for (int s = 0; s < 4; ++s)
      p.colours[static_cast<std::size_t>(s)] =
          to_int_in(file, l.number, l.tokens[static_cast<std::size_t>(s)], "colour", 0, max_colours - 1);
    pz.pieces.push_back(p);
    piece_line.push_back(l.number);
  } while (reader.next(l));
  const long long n = static_cast<long long>(pz.pieces.size());
  if (width == 0 && height == 0) {
    long long side = 0;
    while ((side + 1) * (side + 1) <= n) ++side;
    if (side * side != n || !supported_size(side, side))
      throw ParseError(file, reader.number(),
                       std::to_string(n) +
                           " pieces: not a square board; give the size as a first line 'WIDTH HEIGHT' (the "
                           "edgecp format)");
    width = height = static_cast<int>(side);
  }
  if (!supported_size(width, height))
    throw ParseError(file, 0,
                     "unsupported board size " + std::to_string(width) + "x" + std::to_string(height));
  if (n != static_cast<long long>(width) * height)
    throw ParseError(file, reader.number(),
                     "a " + std::to_string(width) + "x" + std::to_string(height) + " board needs " +
                         std::to_string(width * height) + " pieces, the file has " + std::to_string(n));
  pz.geometry = Geometry(width, height);
  throw_first_problem(pz, file, piece_line, {}, first.number);
  return pz;
}

}  // namespace detail

/// Parses a piece list without a header, as the community exchanges them (`e2pieces.txt`): one piece a line,
/// four colours clockwise from the top, 0 = grey; the board is width x height (both 0: square, from the
/// piece count, 16x16 for the 256 pieces of Eternity II). Throws ParseError (FILE:LINE) on bad input.
inline Puzzle parse_e2pieces(std::istream& in, const std::string& file, int width = 0, int height = 0) {
  detail::LineReader reader(in, file);
  detail::Line first;
  if (!reader.next(first)) throw ParseError(file, 0, "empty file: expected piece lines");
  return detail::parse_piece_list(reader, first, file, width, height);
}

/// Parses a puzzle; `file` names the source in messages. A file whose first line holds four integers is
/// read as a piece list without a header (parse_e2pieces, square board). Throws ParseError for every bad
/// input: empty file, bad header, unsupported size, non-numeric tokens, colours out of range, truncated or
/// extra piece lines, hints off the board, and everything `validate` rejects (reported at the offending
/// piece's or hint's line). Reads one line at a time and stops at the first error.
inline Puzzle parse_puzzle(std::istream& in, const std::string& file) {
  detail::LineReader reader(in, file);
  detail::Line head;
  if (!reader.next(head)) throw ParseError(file, 0, "empty file: expected a 'W H' header line");
  if (head.tokens.size() == 4) return detail::parse_piece_list(reader, head, file, 0, 0);
  if (head.tokens.size() != 2)
    throw ParseError(file, head.number,
                     "expected the header 'W H' (two integers) or a piece line 'u r d l' (a list without a "
                     "header), found " +
                         std::to_string(head.tokens.size()) + " tokens");
  const long long w = detail::to_int(file, head.number, head.tokens[0], "width");
  const long long h = detail::to_int(file, head.number, head.tokens[1], "height");
  if (!supported_size(w, h))
    throw ParseError(file, head.number,
                     "unsupported board size " + std::to_string(w) + "x" + std::to_string(h) + " (" +
                         supported_sizes_text() + ")");
  Puzzle pz;
  pz.name = file;
  pz.geometry = Geometry(static_cast<int>(w), static_cast<int>(h));
  const std::size_t need = static_cast<std::size_t>(w * h);
  std::vector<int> piece_line, hint_line;
  for (detail::Line l; reader.next(l);) {
    if (l.tokens[0] == "hint") {
      if (l.tokens.size() != 5) throw ParseError(file, l.number, "expected 'hint ROW COL PIECE ROT'");
      if (pz.hints.size() == need) throw ParseError(file, l.number, "more hints than cells");
      Hint hn;
      hn.row = detail::to_int_in(file, l.number, l.tokens[1], "hint row", 0, h - 1, "is off the board");
      hn.col = detail::to_int_in(file, l.number, l.tokens[2], "hint column", 0, w - 1, "is off the board");
      hn.piece = detail::to_int_in(file, l.number, l.tokens[3], "hint piece", 1, static_cast<long long>(need),
                                   "does not exist") -
                 1;
      hn.rotation = detail::to_int_in(file, l.number, l.tokens[4], "hint rotation", 0, 3);
      pz.hints.push_back(hn);
      hint_line.push_back(l.number);
      continue;
    }
    if (l.tokens.size() != 4)
      throw ParseError(file, l.number,
                       "expected a piece line 'u r d l' (four colours), found " +
                           std::to_string(l.tokens.size()) + " tokens");
    if (pz.pieces.size() == need)
      throw ParseError(file, l.number,
                       "extra piece: a " + std::to_string(w) + "x" + std::to_string(h) + " board has " +
                           std::to_string(need) + " pieces");
    Piece p;
    for (int s = 0; s < 4; ++s)
      p.colours[static_cast<std::size_t>(s)] = detail::to_int_in(
          file, l.number, l.tokens[static_cast<std::size_t>(s)], "colour", 0, max_colours - 1);
    pz.pieces.push_back(p);
    piece_line.push_back(l.number);
  }
  if (pz.pieces.size() < need)
    throw ParseError(file, reader.number(),
                     "truncated: a " + std::to_string(w) + "x" + std::to_string(h) + " board needs " +
                         std::to_string(need) + " piece lines, found " + std::to_string(pz.pieces.size()));
  detail::throw_first_problem(pz, file, piece_line, hint_line, head.number);
  return pz;
}

inline Puzzle read_puzzle(const std::string& path) {
  std::ifstream in = detail::open_regular(path);
  return parse_puzzle(in, path);
}

/// Writes a puzzle in the file format above; parse_puzzle(write_puzzle(p)) gives back p's geometry,
/// pieces and hints.
inline void write_puzzle(std::ostream& out, const Puzzle& pz, std::string_view comment = {}) {
  if (!comment.empty()) out << "# " << comment << "\n";
  out << pz.geometry.width() << " " << pz.geometry.height() << "\n";
  for (const auto& p : pz.pieces)
    out << p.colours[0] << " " << p.colours[1] << " " << p.colours[2] << " " << p.colours[3] << "\n";
  for (const auto& h : pz.hints)
    out << "hint " << h.row << " " << h.col << " " << h.piece + 1 << " " << h.rotation << "\n";
}

/// Writes a board: "W H", then H lines of W tokens PIECE/ROT (1-based piece) or '.'.
inline void write_board(std::ostream& out, const Model& m, const Board& b) {
  const Geometry& g = m.geometry();
  out << g.width() << " " << g.height() << "\n";
  for (int r = 0; r < g.height(); ++r) {
    for (int c = 0; c < g.width(); ++c) {
      const int id = b.cells[static_cast<std::size_t>(g.cell(r, c))];
      if (c) out << " ";
      if (id < 0)
        out << ".";
      else
        out << m.candidate(id).piece + 1 << "/" << m.candidate(id).rotation;
    }
    out << "\n";
  }
}

/// Reads a board for the model's puzzle. Throws ParseError on a size mismatch, a bad token, a piece number
/// or rotation out of range. (Whether the board is legal is check_board's job.)
namespace detail {
/// The rest of a board after its header line `head` (read from `reader`).
inline Board parse_board_body(LineReader& reader, const Line& head, const std::string& file, const Model& m) {
  if (head.tokens.size() != 2) throw ParseError(file, head.number, "expected the header 'W H'");
  const long long w = detail::to_int(file, head.number, head.tokens[0], "width");
  const long long h = detail::to_int(file, head.number, head.tokens[1], "height");
  const Geometry& g = m.geometry();
  if (w != g.width() || h != g.height())
    throw ParseError(file, head.number,
                     "board is " + std::to_string(w) + "x" + std::to_string(h) + ", the puzzle " +
                         std::to_string(g.width()) + "x" + std::to_string(g.height()));
  Board b(g.cell_count());
  int r = 0;
  for (detail::Line l; reader.next(l); ++r) {
    if (r == g.height())
      throw ParseError(file, l.number, "extra row: the board has " + std::to_string(h) + " rows");
    if (l.tokens.size() != static_cast<std::size_t>(w))
      throw ParseError(file, l.number,
                       "expected " + std::to_string(w) + " cells, found " + std::to_string(l.tokens.size()));
    for (int c = 0; c < g.width(); ++c) {
      const std::string& t = l.tokens[static_cast<std::size_t>(c)];
      if (t == ".") continue;
      const auto slash = t.find('/');
      if (slash == std::string::npos)
        throw ParseError(file, l.number, "expected PIECE/ROT or '.', found " + detail::quote(t));
      const int p = detail::to_int_in(file, l.number, t.substr(0, slash), "piece", 1, m.piece_count());
      const int rot = detail::to_int_in(file, l.number, t.substr(slash + 1), "rotation", 0, 3);
      b.cells[static_cast<std::size_t>(g.cell(r, c))] = m.candidate_of(p - 1, rot);
    }
  }
  if (r < g.height())
    throw ParseError(file, reader.number(),
                     "expected " + std::to_string(h) + " rows, found " + std::to_string(r));
  return b;
}
}  // namespace detail

inline Board parse_board(std::istream& in, const std::string& file, const Model& m) {
  detail::LineReader reader(in, file);
  detail::Line head;
  if (!reader.next(head)) throw ParseError(file, 0, "empty file: expected a 'W H' header line");
  // edgecp solve's printed result: "puzzle ...", the result lines, then the board with its header
  if (head.tokens.front() == "puzzle")
    while (head.tokens.size() != 2 || head.tokens[0].find_first_not_of("0123456789") != std::string::npos ||
           head.tokens[1].find_first_not_of("0123456789") != std::string::npos)
      if (!reader.next(head))
        throw ParseError(file, reader.number(), "a printed result without a board (no 'W H' header line)");
  return detail::parse_board_body(reader, head, file, m);
}

/// A board file, or the result edgecp solve printed (the board after its result lines).
inline Board read_board(const std::string& path, const Model& m) {
  std::ifstream in = detail::open_regular(path);
  return parse_board(in, path, m);
}

}  // namespace edgecp
