// Puzzle description: pieces with four coloured sides, board geometry, hints.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace edgecp {

/// Sides clockwise from the top. A piece lists its colours in this order.
enum Side : int { up = 0, right = 1, down = 2, left = 3 };
constexpr int opposite(int side) { return (side + 2) & 3; }

/// Colour 0 is the grey border; frame and inner colours are numbered from 1.
constexpr int grey = 0;
/// Colours are 0 .. max_colours-1 (colour sets are 64-bit masks in the hot paths).
constexpr int max_colours = 64;

/// Supported boards: 2 <= W, H <= max_side and W*H <= max_cells (1xN boards have pieces with grey on
/// opposite sides, which the model does not represent).
constexpr int min_side = 2;
constexpr int max_side = 64;
constexpr int max_cells = 1024;
/// The one board-size rule every reader, generator and validator applies.
constexpr bool supported_size(long long width, long long height) {
  return width >= min_side && height >= min_side && width <= max_side && height <= max_side &&
         width * height <= max_cells;
}
inline std::string supported_sizes_text() {
  return "supported: " + std::to_string(min_side) + " <= W, H <= " + std::to_string(max_side) +
         " and W*H <= " + std::to_string(max_cells);
}

struct Piece {
  std::array<int, 4> colours{};  ///< up, right, down, left before any rotation
  friend bool operator==(const Piece&, const Piece&) = default;
};

/// The colour a piece shows on `side` when turned by `rotation` clockwise quarter turns.
constexpr int colour_on(const Piece& p, int rotation, int side) {
  return p.colours[(side - rotation + 8) & 3];
}

/// A piece at a rotation (clockwise quarter turns), pieces 0-based. The model's candidates are the
/// (piece, rotation) pairs that look different; a generated puzzle's planted board lists one per cell.
struct Candidate {
  int piece = 0;
  int rotation = 0;
  friend bool operator==(const Candidate&, const Candidate&) = default;
};

/// A fixed placement. Pieces are 0-based here (1-based in files).
struct Hint {
  int row = 0;
  int col = 0;
  int piece = 0;
  int rotation = 0;
  friend bool operator==(const Hint&, const Hint&) = default;
};

/// Board geometry: cells row-major, row 0 at the top.
class Geometry {
 public:
  enum class CellClass { corner, edge, interior };

  Geometry() = default;
  Geometry(int width, int height) : width_(width), height_(height) {}

  int width() const { return width_; }
  int height() const { return height_; }
  int cell_count() const { return width_ * height_; }
  int cell(int row, int col) const { return row * width_ + col; }
  int row(int cell) const { return cell / width_; }
  int col(int cell) const { return cell % width_; }
  /// The neighbouring cell across `side`, or -1 outside the board.
  int neighbour(int cell, int side) const {
    const int r = row(cell), c = col(cell);
    switch (side) {
      case up:
        return r > 0 ? cell - width_ : -1;
      case right:
        return c + 1 < width_ ? cell + 1 : -1;
      case down:
        return r + 1 < height_ ? cell + width_ : -1;
      default:
        return c > 0 ? cell - 1 : -1;
    }
  }
  bool faces_outside(int cell, int side) const { return neighbour(cell, side) < 0; }
  bool on_frame(int cell) const {
    const int r = row(cell), c = col(cell);
    return r == 0 || c == 0 || r == height_ - 1 || c == width_ - 1;
  }
  CellClass cell_class(int cell) const {
    int outside = 0;
    for (int s = 0; s < 4; ++s) outside += faces_outside(cell, s) ? 1 : 0;
    return outside >= 2 ? CellClass::corner : outside == 1 ? CellClass::edge : CellClass::interior;
  }
  /// Number of joins between two cells: 2WH - W - H (480 on 16x16).
  int inner_join_count() const { return 2 * width_ * height_ - width_ - height_; }
  int corner_count() const { return 4; }
  int edge_count() const { return 2 * (width_ - 2) + 2 * (height_ - 2); }
  int interior_count() const { return (width_ - 2) * (height_ - 2); }

  friend bool operator==(const Geometry&, const Geometry&) = default;

 private:
  int width_ = 0;
  int height_ = 0;
};

/// A puzzle as read from a file: geometry, pieces (0-based index = file line order), hints.
struct Puzzle {
  Geometry geometry;
  std::vector<Piece> pieces;
  std::vector<Hint> hints;
  std::string name;  ///< where it came from (file path or generator parameters), for messages and JSON

  /// 1 + the largest colour used.
  int colour_count() const {
    int m = 0;
    for (const auto& p : pieces)
      for (int c : p.colours) m = c > m ? c : m;
    return m + 1;
  }
};

/// Number of grey sides of a piece, and whether two of them are opposite.
constexpr int grey_count(const Piece& p) {
  int n = 0;
  for (int c : p.colours) n += c == grey ? 1 : 0;
  return n;
}
constexpr bool has_opposite_greys(const Piece& p) {
  return (p.colours[0] == grey && p.colours[2] == grey) || (p.colours[1] == grey && p.colours[3] == grey);
}

/// The colours no board can match everywhere: where every join matches, the sides facing the frame's ring
/// (a corner's two coloured sides, an edge piece's two sides next to its grey one) pair up among
/// themselves, and so do the sides facing the interior (an edge piece's side opposite its grey one, every
/// side of an interior piece); a colour shown an odd number of times on either kind leaves a mismatched join
/// on every board. Boards of at least 3 x 3 (else empty), pieces with opposite greys skipped. Empty is
/// necessary for an exact solution, not sufficient. A piece list read in another side order than up,
/// right, down, left (clockwise) shows here: on E2, every such order that is not a turn or a mirror leaves
/// ten colours unpaired.
inline std::vector<int> unpaired_colours(const Puzzle& pz) {
  std::vector<int> ring, inner;  // per colour: sides of that kind, counted modulo 2
  auto flip = [](std::vector<int>& v, int c) {
    if (c >= static_cast<int>(v.size())) v.resize(static_cast<std::size_t>(c) + 1, 0);
    v[static_cast<std::size_t>(c)] ^= 1;
  };
  if (pz.geometry.width() < 3 || pz.geometry.height() < 3) return {};
  for (const Piece& p : pz.pieces) {
    if (has_opposite_greys(p) || grey_count(p) > 2) continue;
    for (int s = 0; s < 4; ++s) {
      const int c = p.colours[static_cast<std::size_t>(s)];
      if (c == grey) continue;
      const bool next_to_grey = p.colours[static_cast<std::size_t>((s + 1) & 3)] == grey ||
                                p.colours[static_cast<std::size_t>((s + 3) & 3)] == grey;
      flip(grey_count(p) == 0 || !next_to_grey ? inner : ring, c);
    }
  }
  std::vector<int> out;
  for (std::size_t c = 0; c < std::max(ring.size(), inner.size()); ++c)
    if ((c < ring.size() && ring[c]) || (c < inner.size() && inner[c])) out.push_back(static_cast<int>(c));
  return out;
}

}  // namespace edgecp
