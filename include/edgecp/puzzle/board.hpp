// Board state (a candidate per cell, or empty), scoring and the checker.
#pragma once

#include <string>
#include <vector>

#include "edgecp/puzzle/model.hpp"

namespace edgecp {

/// A full or partial board: cells_[cell] is a candidate id of the model, or -1 for an empty cell.
struct Board {
  std::vector<int> cells;

  Board() = default;
  explicit Board(int cell_count) : cells(static_cast<std::size_t>(cell_count), -1) {}
  int placed() const {
    int n = 0;
    for (int c : cells) n += c >= 0 ? 1 : 0;
    return n;
  }
  bool complete() const { return placed() == static_cast<int>(cells.size()); }
  friend bool operator==(const Board&, const Board&) = default;
};

/// Joins between two placed cells: matched and mismatched. Score = matched.
struct JoinCount {
  int matched = 0;
  int mismatched = 0;
};

inline JoinCount count_joins(const Model& m, const Board& b) {
  JoinCount jc;
  const Geometry& g = m.geometry();
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    const int a = b.cells[static_cast<std::size_t>(cell)];
    if (a < 0) continue;
    for (int s : {right, down}) {
      const int n = g.neighbour(cell, s);
      if (n < 0) continue;
      const int o = b.cells[static_cast<std::size_t>(n)];
      if (o < 0) continue;
      if (m.colour(a, s) == m.colour(o, opposite(s)))
        ++jc.matched;
      else
        ++jc.mismatched;
    }
  }
  return jc;
}

/// The number of matched inner joins (2WH - W - H at most).
inline int score(const Model& m, const Board& b) { return count_joins(m, b).matched; }

struct BoardCheck {
  bool ok = true;
  std::vector<std::string> problems;
  int placed = 0;
  int score = 0;
  int mismatches = 0;
};

/// Checks a full or partial board: candidate ids in range, no piece twice, hints respected, every grey side
/// facing the outside and no colour facing it. Also computes the score and mismatch count.
inline BoardCheck check_board(const Model& m, const Board& b) {
  BoardCheck r;
  const Geometry& g = m.geometry();
  if (static_cast<int>(b.cells.size()) != g.cell_count()) {
    r.ok = false;
    r.problems.push_back("board has " + std::to_string(b.cells.size()) + " cells, the puzzle " +
                         std::to_string(g.cell_count()));
    return r;
  }
  std::vector<int> where(static_cast<std::size_t>(m.piece_count()), -1);
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    const int a = b.cells[static_cast<std::size_t>(cell)];
    const std::string at = "cell (" + std::to_string(g.row(cell)) + ", " + std::to_string(g.col(cell)) + ")";
    if (a < -1 || a >= m.candidate_count()) {
      r.problems.push_back(at + ": candidate id " + std::to_string(a) + " out of range");
      continue;
    }
    if (const int h = m.hint_candidate(cell); h >= 0 && a != h)
      r.problems.push_back(at + ": the hint is not respected");
    if (a < 0) continue;
    ++r.placed;
    const int p = m.piece_of(a);
    if (where[static_cast<std::size_t>(p)] >= 0)
      r.problems.push_back(at + ": piece " + std::to_string(p + 1) + " is used twice");
    where[static_cast<std::size_t>(p)] = cell;
    for (int s = 0; s < 4; ++s)
      if ((m.colour(a, s) == grey) != g.faces_outside(cell, s)) {
        r.problems.push_back(at + ": piece " + std::to_string(p + 1) + " breaks the frame on side " +
                             std::to_string(s));
        break;
      }
  }
  r.ok = r.problems.empty();
  if (r.ok) {
    const JoinCount jc = count_joins(m, b);
    r.score = jc.matched;
    r.mismatches = jc.mismatched;
  }
  return r;
}

}  // namespace edgecp
