// Static cell orders for the search driver.
#pragma once

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
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
/// left (ties: reading order). The reading order seen from each corner of the board, along rows or down
/// columns: row_tr (rows from the top, each right to left), row_bl, row_br (rows from the bottom), column
/// (columns from the left, each top to bottom), column_tr, column_bl, column_br; in each of these every
/// cell comes after its two neighbours towards the start corner, and they shape the exact walk's tree
/// differently (search/walk_plan.hpp picks one by its estimate).
enum class CellOrder {
  row,
  frame,
  spiral,
  blackwood,
  tail_columns,
  mrv,
  row_tr,
  row_bl,
  row_br,
  column,
  column_tr,
  column_bl,
  column_br
};

/// The reading orders (row and its seven turns and mirrors), row first.
inline constexpr std::array<CellOrder, 8> reading_orders{
    CellOrder::row,    CellOrder::row_tr,    CellOrder::row_bl,    CellOrder::row_br,
    CellOrder::column, CellOrder::column_tr, CellOrder::column_bl, CellOrder::column_br};

/// Every order with its name on the command line and in results, in the order the help lists them.
inline constexpr std::array<std::pair<CellOrder, std::string_view>, 13> cell_order_names{{
    {CellOrder::row, "row"},
    {CellOrder::frame, "frame"},
    {CellOrder::spiral, "spiral"},
    {CellOrder::blackwood, "blackwood"},
    {CellOrder::tail_columns, "tail-columns"},
    {CellOrder::mrv, "mrv"},
    {CellOrder::row_tr, "row-tr"},
    {CellOrder::row_bl, "row-bl"},
    {CellOrder::row_br, "row-br"},
    {CellOrder::column, "column"},
    {CellOrder::column_tr, "column-tr"},
    {CellOrder::column_bl, "column-bl"},
    {CellOrder::column_br, "column-br"},
}};

/// The order named `s` (cell_order_names); throws std::invalid_argument, listing the names, for any other.
inline CellOrder parse_cell_order(std::string_view s) {
  for (const auto& [order, name] : cell_order_names)
    if (name == s) return order;
  std::string names;  // only for the error
  for (const auto& entry : cell_order_names) names += (names.empty() ? "" : ", ") + std::string(entry.second);
  throw std::invalid_argument("unknown order '" + std::string(s) + "' (" + names + ")");
}

/// The name of an order (cell_order_names).
inline std::string_view to_string(CellOrder o) {
  for (const auto& [order, name] : cell_order_names)
    if (order == o) return name;
  return "?";
}

namespace detail {
/// A reading order from a corner: `from_bottom` / `from_right` say which corner, `by_columns` whether it
/// runs down (or up) the columns instead of along the rows.
inline void append_reading(const Geometry& g, bool from_bottom, bool from_right, bool by_columns,
                           std::vector<int>& out) {
  const int h = g.height(), w = g.width();
  auto row = [&](int i) { return from_bottom ? h - 1 - i : i; };
  auto col = [&](int j) { return from_right ? w - 1 - j : j; };
  if (by_columns) {
    for (int j = 0; j < w; ++j)
      for (int i = 0; i < h; ++i) out.push_back(g.cell(row(i), col(j)));
  } else {
    for (int i = 0; i < h; ++i)
      for (int j = 0; j < w; ++j) out.push_back(g.cell(row(i), col(j)));
  }
}

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
    case CellOrder::row_tr:
    case CellOrder::row_bl:
    case CellOrder::row_br:
    case CellOrder::column:
    case CellOrder::column_tr:
    case CellOrder::column_bl:
    case CellOrder::column_br:
      detail::append_reading(g,
                             o == CellOrder::row_bl || o == CellOrder::row_br || o == CellOrder::column_bl ||
                                 o == CellOrder::column_br,
                             o == CellOrder::row_tr || o == CellOrder::row_br || o == CellOrder::column_tr ||
                                 o == CellOrder::column_br,
                             o >= CellOrder::column, out);
      break;
    default:
      for (int c = 0; c < g.cell_count(); ++c) out.push_back(c);
  }
  return out;
}

}  // namespace edgecp
