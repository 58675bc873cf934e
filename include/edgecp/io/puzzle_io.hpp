// Reading and writing puzzle files and board files, with file:line errors.
//
// Puzzle file (compatible with Brendan Owen's files):
//   # comment                   anything after '#' is ignored, blank lines too
//   W H                         board width and height
//   u r d l                     W*H piece lines: colours clockwise from the top; piece numbers are 1-based
//   line order hint ROW COL PIECE ROT      optional, after the header: 0-based ROW/COL, 1-based PIECE, ROT
//   quarter turns clockwise
//
// Board file:
//   W H
//   H lines of W tokens: PIECE/ROT (1-based piece) or '.' for an empty cell
#pragma once

#include <charconv>
#include <fstream>
#include <istream>
#include <ostream>
#include <sstream>
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
  ParseError(std::string file, int line, const std::string& message)
      : std::runtime_error(file + ":" + std::to_string(line) + ": " + message),
        file_(std::move(file)),
        line_(line) {}
  const std::string& file() const { return file_; }
  int line() const { return line_; }

 private:
  std::string file_;
  int line_;
};

namespace detail {

struct Line {
  int number = 0;
  std::vector<std::string> tokens;
};

/// Non-empty lines with comments removed, split on whitespace.
inline std::vector<Line> tokenize(std::istream& in) {
  std::vector<Line> out;
  std::string text;
  int number = 0;
  while (std::getline(in, text)) {
    ++number;
    if (auto hash = text.find('#'); hash != std::string::npos) text.resize(hash);
    std::istringstream ss(text);
    Line l{number, {}};
    for (std::string t; ss >> t;) l.tokens.push_back(t);
    if (!l.tokens.empty()) out.push_back(std::move(l));
  }
  return out;
}

/// Parses a whole token as a decimal integer; throws ParseError naming `what` otherwise.
inline long long to_int(const std::string& file, int line, const std::string& tok, const char* what) {
  long long v = 0;
  const char* b = tok.data();
  const char* e = tok.data() + tok.size();
  auto [p, ec] = std::from_chars(b, e, v);
  if (ec == std::errc::result_out_of_range)
    throw ParseError(file, line, std::string(what) + " '" + tok + "' is out of range");
  if (ec != std::errc() || p != e)
    throw ParseError(file, line, std::string(what) + " '" + tok + "' is not an integer");
  return v;
}

}  // namespace detail

/// Parses a puzzle; `file` names the source in messages. Throws ParseError for every bad input: empty file,
/// bad header, unsupported size, non-numeric tokens, colours out of range, truncated or extra piece lines,
/// and everything `validate` rejects (reported at the offending piece's or hint's line).
inline Puzzle parse_puzzle(std::istream& in, const std::string& file) {
  const auto lines = detail::tokenize(in);
  if (lines.empty()) throw ParseError(file, 0, "empty file: expected a 'W H' header line");
  const auto& head = lines[0];
  if (head.tokens.size() != 2)
    throw ParseError(
        file, head.number,
        "expected the header 'W H' (two integers), found " + std::to_string(head.tokens.size()) + " tokens");
  const long long w = detail::to_int(file, head.number, head.tokens[0], "width");
  const long long h = detail::to_int(file, head.number, head.tokens[1], "height");
  if (w < min_side || h < min_side || w > max_side || h > max_side || w * h > max_cells)
    throw ParseError(file, head.number,
                     "unsupported board size " + std::to_string(w) + "x" + std::to_string(h) +
                         " (supported: 2 <= W, H <= " + std::to_string(max_side) +
                         " and W*H <= " + std::to_string(max_cells) + ")");
  Puzzle pz;
  pz.name = file;
  pz.geometry = Geometry(static_cast<int>(w), static_cast<int>(h));
  const std::size_t need = static_cast<std::size_t>(w * h);
  std::vector<int> piece_line, hint_line;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const auto& l = lines[i];
    if (l.tokens[0] == "hint") {
      if (l.tokens.size() != 5) throw ParseError(file, l.number, "expected 'hint ROW COL PIECE ROT'");
      Hint hn;
      hn.row = static_cast<int>(
          std::clamp(detail::to_int(file, l.number, l.tokens[1], "hint row"), -1LL, 1LL << 20));
      hn.col = static_cast<int>(
          std::clamp(detail::to_int(file, l.number, l.tokens[2], "hint column"), -1LL, 1LL << 20));
      hn.piece = static_cast<int>(
                     std::clamp(detail::to_int(file, l.number, l.tokens[3], "hint piece"), 0LL, 1LL << 20)) -
                 1;
      hn.rotation = static_cast<int>(
          std::clamp(detail::to_int(file, l.number, l.tokens[4], "hint rotation"), -1LL, 4LL));
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
    for (int s = 0; s < 4; ++s) {
      const long long c = detail::to_int(file, l.number, l.tokens[static_cast<std::size_t>(s)], "colour");
      if (c < 0 || c >= max_colours)
        throw ParseError(file, l.number,
                         "colour " + l.tokens[static_cast<std::size_t>(s)] +
                             " out of range (colours are 0.." + std::to_string(max_colours - 1) + ")");
      p.colours[static_cast<std::size_t>(s)] = static_cast<int>(c);
    }
    pz.pieces.push_back(p);
    piece_line.push_back(l.number);
  }
  if (pz.pieces.size() < need)
    throw ParseError(file, lines.back().number,
                     "truncated: a " + std::to_string(w) + "x" + std::to_string(h) + " board needs " +
                         std::to_string(need) + " piece lines, found " + std::to_string(pz.pieces.size()));
  const auto problems = validate(pz);
  if (!problems.empty()) {
    const auto& pr = problems[0];
    const int line = pr.piece >= 0  ? piece_line[static_cast<std::size_t>(pr.piece)]
                     : pr.hint >= 0 ? hint_line[static_cast<std::size_t>(pr.hint)]
                                    : head.number;
    std::string msg =
        pr.piece >= 0 ? "piece " + std::to_string(pr.piece + 1) + ": " + pr.message : pr.message;
    throw ParseError(file, line, msg);
  }
  return pz;
}

inline Puzzle read_puzzle(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw ParseError(path, 0, "cannot open the file");
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
inline Board parse_board(std::istream& in, const std::string& file, const Model& m) {
  const auto lines = detail::tokenize(in);
  if (lines.empty()) throw ParseError(file, 0, "empty file: expected a 'W H' header line");
  const auto& head = lines[0];
  if (head.tokens.size() != 2) throw ParseError(file, head.number, "expected the header 'W H'");
  const long long w = detail::to_int(file, head.number, head.tokens[0], "width");
  const long long h = detail::to_int(file, head.number, head.tokens[1], "height");
  const Geometry& g = m.geometry();
  if (w != g.width() || h != g.height())
    throw ParseError(file, head.number,
                     "board is " + std::to_string(w) + "x" + std::to_string(h) + ", the puzzle " +
                         std::to_string(g.width()) + "x" + std::to_string(g.height()));
  if (lines.size() - 1 != static_cast<std::size_t>(h))
    throw ParseError(file, lines.back().number,
                     "expected " + std::to_string(h) + " rows, found " + std::to_string(lines.size() - 1));
  Board b(g.cell_count());
  for (int r = 0; r < g.height(); ++r) {
    const auto& l = lines[static_cast<std::size_t>(r) + 1];
    if (l.tokens.size() != static_cast<std::size_t>(w))
      throw ParseError(file, l.number,
                       "expected " + std::to_string(w) + " cells, found " + std::to_string(l.tokens.size()));
    for (int c = 0; c < g.width(); ++c) {
      const std::string& t = l.tokens[static_cast<std::size_t>(c)];
      if (t == ".") continue;
      const auto slash = t.find('/');
      if (slash == std::string::npos)
        throw ParseError(file, l.number, "expected PIECE/ROT or '.', found '" + t + "'");
      const long long p = detail::to_int(file, l.number, t.substr(0, slash), "piece");
      const long long rot = detail::to_int(file, l.number, t.substr(slash + 1), "rotation");
      if (p < 1 || p > m.piece_count())
        throw ParseError(
            file, l.number,
            "piece " + std::to_string(p) + " out of range 1.." + std::to_string(m.piece_count()));
      if (rot < 0 || rot > 3)
        throw ParseError(file, l.number, "rotation " + std::to_string(rot) + " out of range 0..3");
      b.cells[static_cast<std::size_t>(g.cell(r, c))] =
          m.candidate_of(static_cast<int>(p - 1), static_cast<int>(rot));
    }
  }
  return b;
}

inline Board read_board(const std::string& path, const Model& m) {
  std::ifstream in(path);
  if (!in) throw ParseError(path, 0, "cannot open the file");
  return parse_board(in, path, m);
}

}  // namespace edgecp
