// Model: a validated puzzle compiled into the dense tables the hot paths read.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "edgecp/puzzle/puzzle.hpp"

namespace edgecp {

/// One structural problem of a puzzle. `piece` or `hint` is the 0-based index it concerns (-1 if none).
struct PuzzleProblem {
  int piece = -1;
  int hint = -1;
  std::string message;
};

/// Every structural problem that makes a puzzle unusable: board size, piece count, colours out of range,
/// pieces with grey on two opposite sides (which includes three or four grey sides), wrong numbers of
/// corner/edge/interior pieces, and hints out of range, on a cell of the wrong class, duplicated, or naming
/// one piece twice.
inline std::vector<PuzzleProblem> validate(const Puzzle& pz) {
  std::vector<PuzzleProblem> out;
  const Geometry& g = pz.geometry;
  const int w = g.width(), h = g.height();
  if (!supported_size(w, h)) {
    out.push_back({-1, -1,
                   "unsupported board size " + std::to_string(w) + "x" + std::to_string(h) + " (" +
                       supported_sizes_text() + ")"});
    return out;
  }
  if (static_cast<int>(pz.pieces.size()) != g.cell_count())
    out.push_back({-1, -1,
                   "a " + std::to_string(w) + "x" + std::to_string(h) + " board needs " +
                       std::to_string(g.cell_count()) + " pieces, found " +
                       std::to_string(pz.pieces.size())});
  int classes[3] = {0, 0, 0};  // corner, edge, interior pieces
  for (std::size_t i = 0; i < pz.pieces.size(); ++i) {
    const Piece& p = pz.pieces[i];
    const int pi = static_cast<int>(i);
    bool bad_colour = false;
    for (int c : p.colours)
      if (c < 0 || c >= max_colours) bad_colour = true;
    if (bad_colour) {
      out.push_back({pi, -1, "colour out of range (colours are 0.." + std::to_string(max_colours - 1) + ")"});
      continue;
    }
    const int greys = grey_count(p);  // three or four greys always include an opposite pair
    if (has_opposite_greys(p))
      out.push_back({pi, -1, "grey (colour 0) on two opposite sides"});
    else
      ++classes[greys == 2 ? 0 : greys == 1 ? 1 : 2];
  }
  if (out.empty()) {
    const int want[3] = {g.corner_count(), g.edge_count(), g.interior_count()};
    const char* names[3] = {"corner (two grey sides)", "edge (one grey side)", "interior (no grey side)"};
    for (int k = 0; k < 3; ++k)
      if (classes[k] != want[k])
        out.push_back({-1, -1,
                       "a " + std::to_string(w) + "x" + std::to_string(h) + " board needs " +
                           std::to_string(want[k]) + " " + names[k] + " pieces, found " +
                           std::to_string(classes[k])});
  }
  std::vector<int> hinted_cell(static_cast<std::size_t>(g.cell_count()), -1);
  std::vector<int> hinted_piece(pz.pieces.size(), -1);
  for (std::size_t i = 0; i < pz.hints.size(); ++i) {
    const Hint& hn = pz.hints[i];
    const int hi = static_cast<int>(i);
    if (hn.row < 0 || hn.row >= h || hn.col < 0 || hn.col >= w) {
      out.push_back(
          {-1, hi,
           "hint cell (" + std::to_string(hn.row) + ", " + std::to_string(hn.col) + ") is off the board"});
      continue;
    }
    if (hn.piece < 0 || hn.piece >= static_cast<int>(pz.pieces.size())) {
      out.push_back({-1, hi, "hint piece " + std::to_string(hn.piece + 1) + " does not exist"});
      continue;
    }
    if (hn.rotation < 0 || hn.rotation > 3) {
      out.push_back({-1, hi, "hint rotation must be 0..3"});
      continue;
    }
    const int cell = g.cell(hn.row, hn.col);
    if (hinted_cell[static_cast<std::size_t>(cell)] >= 0) {
      out.push_back(
          {-1, hi, "a second hint on cell (" + std::to_string(hn.row) + ", " + std::to_string(hn.col) + ")"});
      continue;
    }
    if (hinted_piece[static_cast<std::size_t>(hn.piece)] >= 0) {
      out.push_back({-1, hi, "piece " + std::to_string(hn.piece + 1) + " is hinted twice"});
      continue;
    }
    hinted_cell[static_cast<std::size_t>(cell)] = hi;
    hinted_piece[static_cast<std::size_t>(hn.piece)] = hi;
    const Piece& p = pz.pieces[static_cast<std::size_t>(hn.piece)];
    for (int s = 0; s < 4; ++s) {
      if ((colour_on(p, hn.rotation, s) == grey) != g.faces_outside(cell, s)) {
        out.push_back({-1, hi,
                       "hint piece " + std::to_string(hn.piece + 1) + " at rotation " +
                           std::to_string(hn.rotation) + " does not fit cell (" + std::to_string(hn.row) +
                           ", " + std::to_string(hn.col) +
                           "): its grey sides must face exactly the outside of the board"});
        break;
      }
    }
  }
  return out;
}

/// Dense, immutable tables computed once from a valid puzzle.
///
/// Candidates: for each piece, the rotations 0..3 that look different. A piece symmetric under rotation
/// (e.g. the same colour on opposite sides) keeps only the first rotation of each distinct look, so it never
/// produces two identical boards; `candidate_of(piece, r)` maps any rotation to the kept one that looks the
/// same. Candidate ids are dense and ordered by (piece, rotation).
///
/// Bitsets are vectors of `words()` 64-bit words over candidate ids; convert them with Domain::from_words.
class Model {
 public:
  using Bits = std::vector<std::uint64_t>;

  explicit Model(Puzzle puzzle) : puzzle_(std::move(puzzle)) {
    const auto problems = validate(puzzle_);
    if (!problems.empty())
      throw std::invalid_argument("invalid puzzle " + puzzle_.name + ": " + problems[0].message);
    build();
  }

  const Puzzle& puzzle() const { return puzzle_; }
  const Geometry& geometry() const { return puzzle_.geometry; }
  int cell_count() const { return puzzle_.geometry.cell_count(); }
  int piece_count() const { return static_cast<int>(puzzle_.pieces.size()); }
  int colour_count() const { return colour_count_; }
  int candidate_count() const { return static_cast<int>(candidates_.size()); }
  std::size_t words() const { return words_; }

  const Candidate& candidate(int id) const { return candidates_[static_cast<std::size_t>(id)]; }
  int piece_of(int id) const { return candidates_[static_cast<std::size_t>(id)].piece; }
  /// Colour candidate `id` shows on `side`.
  int colour(int id, int side) const {
    return colours_[static_cast<std::size_t>(id) * 4 + static_cast<std::size_t>(side)];
  }
  /// The candidate id of a piece at a rotation (the kept rotation that looks the same).
  int candidate_of(int piece, int rotation) const {
    return rotation_to_candidate_[static_cast<std::size_t>(piece) * 4 +
                                  static_cast<std::size_t>(rotation & 3)];
  }
  /// The candidate ids of one piece: first_candidate(p) .. first_candidate(p+1)-1.
  int first_candidate(int piece) const { return piece_first_[static_cast<std::size_t>(piece)]; }
  int end_candidate(int piece) const { return piece_first_[static_cast<std::size_t>(piece) + 1]; }

  /// Candidates showing `colour` on `side`.
  const Bits& showing(int side, int colour) const {
    return showing_[static_cast<std::size_t>(side) * static_cast<std::size_t>(colour_count_) +
                    static_cast<std::size_t>(colour)];
  }
  /// All candidates (rotations) of one piece.
  const Bits& piece_mask(int piece) const { return piece_mask_[static_cast<std::size_t>(piece)]; }
  /// Candidates allowed in a cell before search: grey sides face exactly the outside, hints fixed, hinted
  /// pieces removed elsewhere.
  const Bits& static_domain(int cell) const { return static_domain_[static_cast<std::size_t>(cell)]; }
  /// The hinted candidate of a cell, or -1.
  int hint_candidate(int cell) const { return hint_of_cell_[static_cast<std::size_t>(cell)]; }

  /// Set of colours a side can show at all (bit k = colour k).
  std::uint64_t colours_on_any_side() const { return all_colours_; }

  static bool test(const Bits& b, int i) { return (b[static_cast<std::size_t>(i) >> 6] >> (i & 63)) & 1U; }

 private:
  void set(Bits& b, int i) const { b[static_cast<std::size_t>(i) >> 6] |= std::uint64_t{1} << (i & 63); }

  void build() {
    colour_count_ = puzzle_.colour_count();
    const int np = piece_count();
    rotation_to_candidate_.assign(static_cast<std::size_t>(np) * 4, -1);
    piece_first_.assign(static_cast<std::size_t>(np) + 1, 0);
    for (int p = 0; p < np; ++p) {
      piece_first_[static_cast<std::size_t>(p)] = static_cast<int>(candidates_.size());
      const Piece& pc = puzzle_.pieces[static_cast<std::size_t>(p)];
      for (int r = 0; r < 4; ++r) {
        int same = -1;
        for (int q = 0; q < r && same < 0; ++q) {
          bool eq = true;
          for (int s = 0; s < 4; ++s) eq = eq && colour_on(pc, q, s) == colour_on(pc, r, s);
          if (eq) same = q;
        }
        if (same >= 0) {
          rotation_to_candidate_[static_cast<std::size_t>(p) * 4 + static_cast<std::size_t>(r)] =
              rotation_to_candidate_[static_cast<std::size_t>(p) * 4 + static_cast<std::size_t>(same)];
          continue;
        }
        rotation_to_candidate_[static_cast<std::size_t>(p) * 4 + static_cast<std::size_t>(r)] =
            static_cast<int>(candidates_.size());
        candidates_.push_back({p, r});
        for (int s = 0; s < 4; ++s) colours_.push_back(colour_on(pc, r, s));
      }
    }
    piece_first_[static_cast<std::size_t>(np)] = static_cast<int>(candidates_.size());
    const int nc = candidate_count();
    words_ = (static_cast<std::size_t>(nc) + 63) / 64;
    const Bits zero(words_, 0);
    showing_.assign(4 * static_cast<std::size_t>(colour_count_), zero);
    piece_mask_.assign(static_cast<std::size_t>(np), zero);
    for (int id = 0; id < nc; ++id) {
      for (int s = 0; s < 4; ++s)
        set(showing_[static_cast<std::size_t>(s * colour_count_ + colour(id, s))], id);
      set(piece_mask_[static_cast<std::size_t>(piece_of(id))], id);
    }
    for (int k = 0; k < colour_count_; ++k) all_colours_ |= std::uint64_t{1} << k;

    const Geometry& g = geometry();
    hint_of_cell_.assign(static_cast<std::size_t>(cell_count()), -1);
    std::vector<bool> hinted_piece(static_cast<std::size_t>(np), false);
    for (const Hint& hn : puzzle_.hints) {
      hint_of_cell_[static_cast<std::size_t>(g.cell(hn.row, hn.col))] = candidate_of(hn.piece, hn.rotation);
      hinted_piece[static_cast<std::size_t>(hn.piece)] = true;
    }
    static_domain_.assign(static_cast<std::size_t>(cell_count()), zero);
    for (int cell = 0; cell < cell_count(); ++cell) {
      Bits& d = static_domain_[static_cast<std::size_t>(cell)];
      if (const int hc = hint_of_cell_[static_cast<std::size_t>(cell)]; hc >= 0) {
        set(d, hc);
        continue;
      }
      for (int id = 0; id < nc; ++id) {
        if (hinted_piece[static_cast<std::size_t>(piece_of(id))]) continue;
        bool fits = true;
        for (int s = 0; s < 4 && fits; ++s) fits = (colour(id, s) == grey) == g.faces_outside(cell, s);
        if (fits) set(d, id);
      }
    }
  }

  Puzzle puzzle_;
  int colour_count_ = 0;
  std::size_t words_ = 0;
  std::uint64_t all_colours_ = 0;
  std::vector<Candidate> candidates_;
  std::vector<int> colours_;                // colours_[id*4 + side]
  std::vector<int> rotation_to_candidate_;  // [piece*4 + rotation] -> candidate id showing that look
  std::vector<int> piece_first_;            // candidates of piece p: [piece_first_[p], piece_first_[p+1])
  std::vector<Bits> showing_;               // [side*colour_count + colour]
  std::vector<Bits> piece_mask_;
  std::vector<Bits> static_domain_;
  std::vector<int> hint_of_cell_;
};

}  // namespace edgecp
