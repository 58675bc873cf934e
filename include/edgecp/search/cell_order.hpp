// Static cell orders for the search driver.
#pragma once

#include <algorithm>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "edgecp/puzzle/puzzle.hpp"

namespace edgecp {

/// row: reading order. frame: the frame clockwise from the top-left corner, then the interior in reading
/// order. spiral: rings from the outside in, each clockwise from its top-left corner. blackwood: reading
/// order over rows 0..H-3, then the last two rows as a strip, column by column left to right (top cell,
/// then bottom cell), so the final placements each close a 2-cell column. tail_columns: the fill order of
/// Blackwood's record runs (as published in his solver's public re-implementations): reading order down to
/// the last five rows; there a block of the first five columns in reading order, then the middle columns
/// one at a time, top to bottom, then the last four columns closed as shrinking L shapes (the top row of
/// what is left, then its left column) down to a 3 x 2 block in reading order; there, as in blackwood, every
/// cell comes after its top and left neighbours. mrv: dynamic, the unplaced cell with the fewest candidates
/// left (ties: reading order).
enum class CellOrder { row, frame, spiral, blackwood, tail_columns, mrv };

inline CellOrder parse_cell_order(std::string_view s) {
  if (s == "row") return CellOrder::row;
  if (s == "frame") return CellOrder::frame;
  if (s == "spiral") return CellOrder::spiral;
  if (s == "blackwood") return CellOrder::blackwood;
  if (s == "tail-columns") return CellOrder::tail_columns;
  if (s == "mrv") return CellOrder::mrv;
  throw std::invalid_argument("unknown order '" + std::string(s) +
                              "' (row, frame, spiral, blackwood, tail-columns, mrv)");
}

inline std::string_view to_string(CellOrder o) {
  switch (o) {
    case CellOrder::row:
      return "row";
    case CellOrder::frame:
      return "frame";
    case CellOrder::spiral:
      return "spiral";
    case CellOrder::blackwood:
      return "blackwood";
    case CellOrder::tail_columns:
      return "tail-columns";
    default:
      return "mrv";
  }
}

namespace detail {
/// Cells of ring k (distance k from the border), clockwise from its top-left corner.
inline void append_ring(const Geometry& g, int k, std::vector<int>& out) {
  const int top = k, left = k, bottom = g.height() - 1 - k, right = g.width() - 1 - k;
  if (top > bottom || left > right) return;
  if (top == bottom) {
    for (int c = left; c <= right; ++c) out.push_back(g.cell(top, c));
    return;
  }
  if (left == right) {
    for (int r = top; r <= bottom; ++r) out.push_back(g.cell(r, left));
    return;
  }
  for (int c = left; c < right; ++c) out.push_back(g.cell(top, c));
  for (int r = top; r < bottom; ++r) out.push_back(g.cell(r, right));
  for (int c = right; c > left; --c) out.push_back(g.cell(bottom, c));
  for (int r = bottom; r > top; --r) out.push_back(g.cell(r, left));
}

/// tail_columns on the last `rows` rows: cols [0, left) in reading order, then [left, right) column by
/// column, then [right, W) as shrinking L shapes while more than two rows and two columns are left, the rest
/// in reading order.
inline void append_tail_columns(const Geometry& g, int rows, std::vector<int>& out) {
  const int h = g.height(), w = g.width(), top = h - rows;
  const int left = std::min(5, w), right = std::max(left, w - 4);
  for (int r = top; r < h; ++r)
    for (int c = 0; c < left; ++c) out.push_back(g.cell(r, c));
  for (int c = left; c < right; ++c)
    for (int r = top; r < h; ++r) out.push_back(g.cell(r, c));
  int r0 = top, c0 = right;
  for (; h - r0 > 2 && w - c0 > 2; ++r0, ++c0) {
    for (int c = c0; c < w; ++c) out.push_back(g.cell(r0, c));
    for (int r = r0 + 1; r < h; ++r) out.push_back(g.cell(r, c0));
  }
  for (int r = r0; r < h; ++r)
    for (int c = c0; c < w; ++c) out.push_back(g.cell(r, c));
}
}  // namespace detail

/// Every cell once, in the given static order (mrv gives reading order: the driver picks dynamically).
inline std::vector<int> static_cell_order(const Geometry& g, CellOrder o) {
  std::vector<int> out;
  switch (o) {
    case CellOrder::frame:
      detail::append_ring(g, 0, out);
      for (int r = 1; r + 1 < g.height(); ++r)
        for (int c = 1; c + 1 < g.width(); ++c) out.push_back(g.cell(r, c));
      break;
    case CellOrder::spiral:
      for (int k = 0; 2 * k < g.width() && 2 * k < g.height(); ++k) detail::append_ring(g, k, out);
      break;
    case CellOrder::blackwood:
      for (int r = 0; r + 2 < g.height(); ++r)
        for (int c = 0; c < g.width(); ++c) out.push_back(g.cell(r, c));
      for (int c = 0; c < g.width(); ++c) {
        out.push_back(g.cell(g.height() - 2, c));
        out.push_back(g.cell(g.height() - 1, c));
      }
      break;
    case CellOrder::tail_columns: {
      const int rows = std::min(5, g.height());
      for (int c = 0; c < (g.height() - rows) * g.width(); ++c) out.push_back(c);
      detail::append_tail_columns(g, rows, out);
      break;
    }
    default:
      for (int c = 0; c < g.cell_count(); ++c) out.push_back(c);
  }
  return out;
}

}  // namespace edgecp
