// JSON output of search results (a small writer: strings escaped, numbers as is).
#pragma once

#include <cmath>
#include <cstdio>
#include <fstream>
#include <ostream>
#include <string>
#include <string_view>

#include "edgecp/io/puzzle_io.hpp"
#include "edgecp/puzzle/board.hpp"
#include "edgecp/puzzle/model.hpp"

namespace edgecp {

inline std::string json_string(std::string_view s) {
  std::string out(1, '"');
  for (char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (ch == '"' || ch == '\\') {
      out += '\\';
      out += ch;
    } else if (c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else {
      out += ch;
    }
  }
  out += '"';
  return out;
}

inline std::string json_number(double v) {
  if (!std::isfinite(v)) return "null";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

/// Row-major list of [piece, rotation] with 1-based piece numbers as in the puzzle file, null for empty
/// cells.
inline std::string json_board(const Model& m, const Board& b) {
  if (b.cells.empty()) return "null";
  std::string out = "[";
  for (std::size_t c = 0; c < b.cells.size(); ++c) {
    if (c) out += ",";
    const int id = b.cells[c];
    if (id < 0) {
      out += "null";
    } else {
      const auto cand = m.candidate(id);
      out += '[';
      out += std::to_string(cand.piece + 1);
      out += ',';
      out += std::to_string(cand.rotation);
      out += ']';
    }
  }
  out += ']';
  return out;
}

/// Builds one JSON object field by field, in insertion order.
class JsonObject {
 public:
  JsonObject& raw(std::string_view key, const std::string& value) {
    out_ += out_.empty() ? '{' : ',';
    out_ += json_string(key);
    out_ += ':';
    out_ += value;
    return *this;
  }
  JsonObject& str(std::string_view key, std::string_view v) { return raw(key, json_string(v)); }
  JsonObject& num(std::string_view key, double v) { return raw(key, json_number(v)); }
  JsonObject& integer(std::string_view key, long long v) { return raw(key, std::to_string(v)); }
  JsonObject& boolean(std::string_view key, bool v) { return raw(key, v ? "true" : "false"); }
  std::string str() const { return out_.empty() ? "{}" : out_ + "}"; }

 private:
  std::string out_;
};

/// The board of a JSON result (what the programs print with --json): the value of its first "board" key, as
/// json_board writes it. Throws ParseError naming `file` when there is no board or it is not one of this
/// puzzle (wrong length, a piece or rotation out of range, not the shape json_board writes).
inline Board parse_json_board(std::string_view text, const std::string& file, const Model& m) {
  const std::size_t key = text.find("\"board\":");
  if (key == std::string_view::npos) throw ParseError(file, 0, "a JSON result without a \"board\" field");
  std::size_t i = key + 8;
  auto fail = [&](const std::string& what) -> ParseError {
    return ParseError(file, 0, "its \"board\" field: " + what);
  };
  auto skip = [&] {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\n' || text[i] == '\r' || text[i] == '\t')) ++i;
  };
  auto integer = [&](int lo, int hi, const char* what) {
    skip();
    int v = 0, digits = 0;
    for (; i < text.size() && text[i] >= '0' && text[i] <= '9' && digits < 9; ++i, ++digits)
      v = 10 * v + (text[i] - '0');
    if (digits == 0 || v < lo || v > hi)
      throw fail(std::string("expected a ") + what + " in " + std::to_string(lo) + ".." + std::to_string(hi));
    return v;
  };
  auto expect = [&](char c) {
    skip();
    if (i >= text.size() || text[i] != c) throw fail(std::string("expected '") + c + "'");
    ++i;
  };
  skip();
  if (text.substr(i, 4) == "null") throw fail("null (the run found no board)");
  expect('[');
  Board b(m.cell_count());
  for (int c = 0; c < m.cell_count(); ++c) {
    if (c > 0) expect(',');
    skip();
    if (text.substr(i, 4) == "null") {
      i += 4;
      continue;
    }
    expect('[');
    const int piece = integer(1, m.piece_count(), "piece");
    expect(',');
    const int rotation = integer(0, 3, "rotation");
    expect(']');
    b.cells[static_cast<std::size_t>(c)] = m.candidate_of(piece - 1, rotation);
  }
  skip();
  if (i < text.size() && text[i] == ',')
    throw fail("more cells than the puzzle's " + std::to_string(m.cell_count()));
  expect(']');
  return b;
}

/// A board from a file: a board file, the result edgecp solve printed (read_board), or its JSON result
/// (parse_json_board; up to 16 MiB).
inline Board read_result_board(const std::string& path, const Model& m) {
  std::ifstream in = detail::open_regular(path);
  char first = ' ';
  while (in.get(first) && (first == ' ' || first == '\n' || first == '\r' || first == '\t' ||
                           first == '\xEF' || first == '\xBB' || first == '\xBF')) {
  }
  if (first != '{') return read_board(path, m);
  std::string text(1, first);
  constexpr std::size_t limit = std::size_t{16} << 20;
  for (char c; text.size() <= limit && in.get(c);) text += c;
  if (text.size() > limit) throw ParseError(path, 0, "a JSON result of more than 16 MiB: not one of ours");
  return parse_json_board(text, path, m);
}

}  // namespace edgecp
