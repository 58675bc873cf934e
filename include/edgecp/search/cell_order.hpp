// Static cell orders for the search driver.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "edgecp/puzzle/puzzle.hpp"

namespace edgecp {

/// row: reading order. frame: the frame clockwise from the top-left corner, then the interior in reading
/// order. spiral: rings from the outside in, each clockwise from its top-left corner. blackwood: reading
/// order over rows 0..H-3, then the last two rows as a strip, column by column left to right (top cell,
/// then bottom cell), so the final placements each close a 2-cell column. mrv: dynamic, the unplaced cell
/// with the fewest candidates left (ties: reading order).
enum class CellOrder { row, frame, spiral, blackwood, mrv };

inline CellOrder parse_cell_order(std::string_view s) {
  if (s == "row") return CellOrder::row;
  if (s == "frame") return CellOrder::frame;
  if (s == "spiral") return CellOrder::spiral;
  if (s == "blackwood") return CellOrder::blackwood;
  if (s == "mrv") return CellOrder::mrv;
  throw std::invalid_argument("unknown order '" + std::string(s) + "' (row, frame, spiral, blackwood, mrv)");
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
    default:
      for (int c = 0; c < g.cell_count(); ++c) out.push_back(c);
  }
  return out;
}

}  // namespace edgecp
