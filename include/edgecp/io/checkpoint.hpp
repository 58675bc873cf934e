// Checkpoints of long runs, so that an interrupted run can be resumed: the progress of a split search (which
// subproblems are finished and what they held) and the best board of a record hunt. Both name the puzzle by
// a fingerprint of its content and the run by its settings; a reader refuses a checkpoint of another puzzle
// or of other settings, and a truncated or corrupt one, with FILE:LINE. Write them with
// write_file_atomically.
//
// Split checkpoint (every line required, in this order; `done` may repeat):
//   edgecp-checkpoint 1 split
//   mode count|first
//   puzzle FINGERPRINT
//   settings TEXT...          the run's settings, compared as written
//   subproblems N
//   factor F                  symmetry factor of the split
//   solutions S               found in the finished subproblems (before the factor)
//   placements P              spent on them
//   seconds T
//   done A-B,C,...            finished subproblems (0-based ranges)
//   checksum X                FNV-1a 64 of every byte before this line, 16 hex digits
//
// Best checkpoint: a board file (io/puzzle_io.hpp) whose first comment lines say what it is:
//   # edgecp-checkpoint 1 best
//   # puzzle FINGERPRINT
//   # score S                 the checker's score of the board below
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <istream>
#include <iterator>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "edgecp/io/puzzle_io.hpp"
#include "edgecp/puzzle/board.hpp"
#include "edgecp/puzzle/model.hpp"

namespace edgecp {

namespace detail {
/// The whole input, refused past max_file_bytes (a checkpoint is far smaller).
inline std::string read_limited(std::istream& in, const std::string& file) {
  std::string text;
  char buf[1 << 16];
  while (in.read(buf, sizeof buf) || in.gcount() > 0) {
    text.append(buf, static_cast<std::size_t>(in.gcount()));
    if (text.size() > max_file_bytes) throw ParseError(file, 0, "too large for a checkpoint");
  }
  return text;
}
}  // namespace detail

/// FNV-1a, 64 bits (Fowler, Noll, Vo), as 16 hex digits.
inline std::string fnv1a_hex(std::string_view bytes) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const char ch : bytes) {
    h ^= static_cast<unsigned char>(ch);
    h *= 0x100000001b3ULL;
  }
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

/// A fingerprint of a puzzle's content (size, pieces in order, hints; not its name or file).
inline std::string puzzle_fingerprint(const Puzzle& pz) {
  std::ostringstream s;
  write_puzzle(s, pz);
  return fnv1a_hex(s.str());
}

/// The progress of a split search (search/split.hpp).
struct SplitCheckpoint {
  std::string mode = "count";  ///< count or first
  std::string puzzle;          ///< puzzle_fingerprint
  std::string settings;        ///< one line, no '#'
  std::uint64_t subproblems = 0;
  int symmetry_factor = 1;
  std::uint64_t solutions = 0;  ///< in the finished subproblems, before the symmetry factor
  std::uint64_t placements = 0;
  double seconds = 0;
  std::vector<bool> done;  ///< one per subproblem
};

inline void write_split_checkpoint(std::ostream& out, const SplitCheckpoint& c) {
  std::ostringstream s;
  s << "edgecp-checkpoint 1 split\nmode " << c.mode << "\npuzzle " << c.puzzle << "\nsettings " << c.settings
    << "\nsubproblems " << c.subproblems << "\nfactor " << c.symmetry_factor << "\nsolutions " << c.solutions
    << "\nplacements " << c.placements << "\nseconds " << c.seconds << "\n";
  constexpr int ranges_per_line = 512;  // keeps lines far below the reader's line limit
  int on_line = 0;
  std::string line;
  for (std::size_t i = 0; i < c.done.size();) {
    if (!c.done[i]) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j + 1 < c.done.size() && c.done[j + 1]) ++j;
    if (!line.empty()) line += ',';
    line += std::to_string(i);
    if (j > i) {
      line += '-';
      line += std::to_string(j);
    }
    if (++on_line == ranges_per_line) {
      s << "done " << line << "\n";
      line.clear();
      on_line = 0;
    }
    i = j + 1;
  }
  s << "done " << (line.empty() ? "-" : line) << "\n";
  const std::string body = s.str();
  out << body << "checksum " << fnv1a_hex(body) << "\n";
}

/// Reads a split checkpoint; throws ParseError (FILE:LINE) when it is truncated, corrupt or malformed.
/// Whether it belongs to this puzzle and these settings is the caller's check (check_split_checkpoint).
inline SplitCheckpoint parse_split_checkpoint(std::istream& in, const std::string& file) {
  const std::string text = detail::read_limited(in, file);
  const auto at = text.rfind("checksum ");
  if (at == std::string::npos || (at > 0 && text[at - 1] != '\n'))
    throw ParseError(file, 0, "truncated or not a checkpoint: no checksum line");
  int checksum_line = 1;
  for (std::size_t i = 0; i < at; ++i) checksum_line += text[i] == '\n' ? 1 : 0;
  std::string written = text.substr(at + 9);
  while (!written.empty() && (written.back() == '\n' || written.back() == '\r')) written.pop_back();
  if (written != fnv1a_hex(std::string_view(text).substr(0, at)))
    throw ParseError(file, checksum_line, "corrupt checkpoint: the checksum does not match its content");

  std::istringstream body(text.substr(0, at));
  detail::LineReader reader(body, file);
  detail::Line l;
  SplitCheckpoint c;
  auto expect = [&](const char* key, std::size_t min_tokens) {
    if (!reader.next(l))
      throw ParseError(file, reader.number(), std::string("truncated: expected '") + key + "'");
    if (l.tokens[0] != key || l.tokens.size() < min_tokens)
      throw ParseError(file, l.number,
                       std::string("expected '") + key + " ...', found " + detail::quote(l.tokens[0]));
  };
  // counts in 0..2^60: far above any count or run (2^60 placements are 500 years at 70 M a second), and
  // far enough below 2^63 that the symmetry factor and later additions cannot overflow
  auto number = [&](std::size_t i, const char* what) {
    const long long v = detail::to_int(file, l.number, l.tokens[i], what);
    if (v < 0 || v > (1LL << 60))
      throw ParseError(file, l.number,
                       std::string(what) + " " + detail::quote(l.tokens[i]) + " out of range (0..2^60)");
    return static_cast<std::uint64_t>(v);
  };
  expect("edgecp-checkpoint", 3);
  if (l.tokens[1] != "1" || l.tokens[2] != "split")
    throw ParseError(file, l.number, "not a split checkpoint of this version (edgecp-checkpoint 1 split)");
  expect("mode", 2);
  c.mode = l.tokens[1];
  if (c.mode != "count" && c.mode != "first") throw ParseError(file, l.number, "mode must be count or first");
  expect("puzzle", 2);
  c.puzzle = l.tokens[1];
  expect("settings", 1);
  for (std::size_t i = 1; i < l.tokens.size(); ++i) c.settings += (i > 1 ? " " : "") + l.tokens[i];
  expect("subproblems", 2);
  c.subproblems = number(1, "subproblem count");
  if (c.subproblems > (std::uint64_t{1} << 24)) throw ParseError(file, l.number, "too many subproblems");
  expect("factor", 2);
  c.symmetry_factor = detail::to_int_in(file, l.number, l.tokens[1], "factor", 1, 4);
  expect("solutions", 2);
  c.solutions = number(1, "solutions");
  const int solutions_line = l.number;
  expect("placements", 2);
  c.placements = number(1, "placements");
  expect("seconds", 2);
  try {
    c.seconds = std::stod(l.tokens[1]);
  } catch (const std::exception&) {
    throw ParseError(file, l.number, "seconds " + detail::quote(l.tokens[1]) + " is not a number");
  }
  if (!std::isfinite(c.seconds) || c.seconds < 0)
    throw ParseError(file, l.number,
                     "seconds " + detail::quote(l.tokens[1]) + " must be a finite number >= 0");
  c.done.assign(static_cast<std::size_t>(c.subproblems), false);
  bool any_done_line = false;
  while (reader.next(l)) {
    if (l.tokens[0] != "done" || l.tokens.size() != 2)
      throw ParseError(file, l.number, "expected 'done A-B,C,...'");
    any_done_line = true;
    if (l.tokens[1] == "-") continue;
    std::istringstream items(l.tokens[1]);
    for (std::string item; std::getline(items, item, ',');) {
      const auto dash = item.find('-');
      const std::uint64_t lo = static_cast<std::uint64_t>(detail::to_int_in(
          file, l.number, item.substr(0, dash), "subproblem", 0, static_cast<long long>(c.subproblems) - 1));
      const std::uint64_t hi =
          dash == std::string::npos
              ? lo
              : static_cast<std::uint64_t>(detail::to_int_in(file, l.number, item.substr(dash + 1),
                                                             "subproblem", static_cast<long long>(lo),
                                                             static_cast<long long>(c.subproblems) - 1));
      for (std::uint64_t i = lo; i <= hi; ++i) c.done[static_cast<std::size_t>(i)] = true;
    }
  }
  if (!any_done_line) throw ParseError(file, reader.number(), "truncated: expected 'done ...'");
  // what the runs that write checkpoints never write: solutions with no finished subproblem, and in first
  // mode more solutions than finished subproblems (each holds at most one there: a count relabelled
  // 'mode first')
  const auto finished = static_cast<std::uint64_t>(std::count(c.done.begin(), c.done.end(), true));
  if (c.solutions > 0 && finished == 0)
    throw ParseError(file, solutions_line, "inconsistent: solutions counted, but no subproblem finished");
  if (c.mode == "first" && c.solutions > finished)
    throw ParseError(file, solutions_line,
                     "inconsistent: a first-solution run finds at most one solution per finished subproblem");
  return c;
}

inline SplitCheckpoint read_split_checkpoint(const std::string& path) {
  std::ifstream in = detail::open_regular(path);
  return parse_split_checkpoint(in, path);
}

/// Refuses (ParseError at line 0) a checkpoint of another puzzle, mode, settings or subproblem count.
inline void check_split_checkpoint(const SplitCheckpoint& c, const std::string& file, const std::string& mode,
                                   const std::string& puzzle, const std::string& settings,
                                   std::uint64_t subproblems) {
  if (c.puzzle != puzzle)
    throw ParseError(
        file, 0, "a checkpoint of another puzzle (fingerprint " + c.puzzle + ", this one " + puzzle + ")");
  if (c.mode != mode)
    throw ParseError(file, 0, "a checkpoint of --mode " + c.mode + ", this run is --mode " + mode);
  if (c.settings != settings)
    throw ParseError(file, 0,
                     "a checkpoint of other options ('" + c.settings + "'; this run: '" + settings + "')");
  if (c.subproblems != subproblems)
    throw ParseError(file, 0,
                     "the checkpoint has " + std::to_string(c.subproblems) + " subproblems, this split " +
                         std::to_string(subproblems));
}

/// Writes a best-mode checkpoint: the board file with the header comments above.
inline void write_best_checkpoint(std::ostream& out, const Model& m, const Board& b) {
  out << "# edgecp-checkpoint 1 best\n# puzzle " << puzzle_fingerprint(m.puzzle()) << "\n# score "
      << score(m, b) << "\n";
  write_board(out, m, b);
}

/// Reads a best-mode checkpoint of the model's puzzle: the board, complete and passing check_board, its score
/// the one written. Throws ParseError for another puzzle, a truncated, corrupt or illegal board.
inline Board read_best_checkpoint(const std::string& path, const Model& m) {
  std::ifstream in = detail::open_regular(path);
  const std::string text = detail::read_limited(in, path);
  std::istringstream lines(text);
  std::string line, fingerprint, written_score;
  int n = 0;
  for (; n < 3 && std::getline(lines, line); ++n) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (n == 0 && line != "# edgecp-checkpoint 1 best")
      throw ParseError(path, 1, "not a best-mode checkpoint (expected '# edgecp-checkpoint 1 best')");
    if (n == 1 && line.rfind("# puzzle ", 0) == 0) fingerprint = line.substr(9);
    if (n == 2 && line.rfind("# score ", 0) == 0) written_score = line.substr(8);
  }
  if (fingerprint.empty()) throw ParseError(path, 2, "expected '# puzzle FINGERPRINT'");
  if (written_score.empty()) throw ParseError(path, 3, "expected '# score S'");
  if (fingerprint != puzzle_fingerprint(m.puzzle()))
    throw ParseError(path, 2,
                     "a checkpoint of another puzzle (fingerprint " + fingerprint + ", this one " +
                         puzzle_fingerprint(m.puzzle()) + ")");
  std::istringstream board_text(text);
  const Board b = parse_board(board_text, path, m);
  const BoardCheck chk = check_board(m, b);
  if (!chk.ok || !b.complete())
    throw ParseError(path, 4,
                     "the board is not a complete legal board of this puzzle" +
                         (chk.ok ? std::string() : ": " + chk.problems.front()));
  if (std::to_string(chk.score) != written_score)
    throw ParseError(path, 3,
                     "corrupt checkpoint: it says score " + written_score + ", the board scores " +
                         std::to_string(chk.score));
  return b;
}

}  // namespace edgecp
