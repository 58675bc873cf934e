// Boards as links for the community's web viewers (the open-source eternityII-viewer's URL parameters):
//   board_w=W&board_h=H
//   board_edges=   four letters per cell, row by row, the colours the cell shows up, right, down, left as
//                  'a' + colour (a = grey); an empty cell shows "aaaa"
//   board_pieces=  three digits per cell, row by row: the 1-based piece number, 000 for an empty cell
// Colours are this puzzle's numbers; a viewer that orders the official motifs otherwise shows other pictures
// but the same joins.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "edgecp/io/puzzle_io.hpp"
#include "edgecp/puzzle/board.hpp"
#include "edgecp/puzzle/model.hpp"

namespace edgecp {

/// The viewer the links point to by default.
inline constexpr std::string_view default_viewer = "https://e2.bucas.name/#";

/// The colours past 'z' cannot be written as one letter: viewer links hold colours 0..25.
constexpr int viewer_max_colours = 26;

/// A link to `viewer` showing the board (complete or partial). Throws std::invalid_argument when the puzzle
/// has more colours than letters or more pieces than three digits.
inline std::string viewer_url(const Model& m, const Board& b, std::string_view viewer = default_viewer) {
  if (m.puzzle().colour_count() > viewer_max_colours)
    throw std::invalid_argument("viewer links hold colours 0..25 ('a'..'z')");
  if (m.piece_count() > 999) throw std::invalid_argument("viewer links hold pieces 1..999");
  const Geometry& g = m.geometry();
  std::string edges, pieces;
  for (int c = 0; c < g.cell_count(); ++c) {
    const int id = b.cells[static_cast<std::size_t>(c)];
    for (int s = 0; s < 4; ++s) edges += static_cast<char>('a' + (id < 0 ? 0 : m.colour(id, s)));
    const int number = id < 0 ? 0 : m.piece_of(id) + 1;
    pieces += static_cast<char>('0' + number / 100);
    pieces += static_cast<char>('0' + number / 10 % 10);
    pieces += static_cast<char>('0' + number % 10);
  }
  return std::string(viewer) + "board_w=" + std::to_string(g.width()) + "&board_h=" + std::to_string(g.height()) +
         "&board_edges=" + edges + "&board_pieces=" + pieces;
}

/// Reads a board of the model's puzzle back from a viewer link (anything before the parameters is ignored,
/// other parameters too). Each piece's rotation is the one that shows the link's edges. Throws ParseError
/// (`source`, line 0, naming the parameter and the cell) for a missing or malformed parameter, another size,
/// a piece out of range, or edges no rotation of the piece shows.
inline Board parse_viewer_url(std::string_view url, const Model& m, const std::string& source = "URL") {
  auto param = [&](std::string_view key) -> std::string_view {
    for (std::size_t at = url.find(key); at != std::string_view::npos; at = url.find(key, at + 1)) {
      if (at > 0 && url[at - 1] != '&' && url[at - 1] != '?' && url[at - 1] != '#') continue;
      if (at + key.size() >= url.size() || url[at + key.size()] != '=') continue;
      const std::size_t from = at + key.size() + 1;
      const std::size_t to = url.find('&', from);
      return url.substr(from, to == std::string_view::npos ? std::string_view::npos : to - from);
    }
    throw ParseError(source, 0, "no " + std::string(key) + " parameter");
  };
  auto number = [&](std::string_view key) {
    const std::string v(param(key));
    return detail::to_int_in(source, 0, v, key.data(), 1, max_side);
  };
  const Geometry& g = m.geometry();
  const int w = number("board_w"), h = number("board_h");
  if (w != g.width() || h != g.height())
    throw ParseError(source, 0,
                     "the link shows a " + std::to_string(w) + "x" + std::to_string(h) + " board, the puzzle is " +
                         std::to_string(g.width()) + "x" + std::to_string(g.height()));
  const std::string_view edges = param("board_edges"), pieces = param("board_pieces");
  const auto cells = static_cast<std::size_t>(g.cell_count());
  if (edges.size() != 4 * cells)
    throw ParseError(source, 0,
                     "board_edges holds " + std::to_string(edges.size()) + " letters, a " + std::to_string(w) + "x" +
                         std::to_string(h) + " board needs " + std::to_string(4 * cells));
  if (pieces.size() != 3 * cells)
    throw ParseError(source, 0,
                     "board_pieces holds " + std::to_string(pieces.size()) + " digits, a " + std::to_string(w) +
                         "x" + std::to_string(h) + " board needs " + std::to_string(3 * cells));
  Board b(g.cell_count());
  for (std::size_t c = 0; c < cells; ++c) {
    const std::string at = " at cell (" + std::to_string(g.row(static_cast<int>(c))) + ", " +
                           std::to_string(g.col(static_cast<int>(c))) + ")";
    const std::string digits(pieces.substr(3 * c, 3));
    if (digits.find_first_not_of("0123456789") != std::string::npos)
      throw ParseError(source, 0, "board_pieces: '" + digits + "' is not a piece number" + at);
    const int piece = std::stoi(digits);
    if (piece == 0) continue;
    if (piece > m.piece_count())
      throw ParseError(source, 0,
                       "board_pieces: piece " + std::to_string(piece) + " does not exist (1.." +
                           std::to_string(m.piece_count()) + ")" + at);
    int found = -1;
    for (int id = m.first_candidate(piece - 1); id < m.end_candidate(piece - 1) && found < 0; ++id) {
      bool same = true;
      for (int s = 0; s < 4; ++s) same = same && edges[4 * c + static_cast<std::size_t>(s)] == 'a' + m.colour(id, s);
      if (same) found = id;
    }
    if (found < 0)
      throw ParseError(source, 0,
                       "board_edges: '" + std::string(edges.substr(4 * c, 4)) + "' is not piece " +
                           std::to_string(piece) + " at any rotation" + at);
    b.cells[c] = found;
  }
  return b;
}

}  // namespace edgecp
