// JSON output of search results (a small writer: strings escaped, numbers as is).
#pragma once

#include <cmath>
#include <cstdio>
#include <ostream>
#include <string>
#include <string_view>

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

}  // namespace edgecp
