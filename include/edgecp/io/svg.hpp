// Renders a board as SVG: every piece as four coloured triangles, mismatched joins and hints marked,
// a legend with the score.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ostream>
#include <string>

#include "edgecp/puzzle/board.hpp"
#include "edgecp/puzzle/model.hpp"

namespace edgecp {

/// A colour for each puzzle colour: grey for the border; colours 1..32 from a fixed palette told apart at a
/// glance (chosen greedily, each the sRGB colour farthest in CIELAB from the border grey, the white
/// background and the colours before it: any two of the first 22 differ by a CIE76 delta E of 40 or more);
/// further colours spread by the golden angle.
inline std::string svg_colour(int colour) {
  static constexpr const char* palette[] = {
      "#0000ff", "#00ff00", "#ff0000", "#ff1eb4", "#ffd200", "#00004b", "#1e7800", "#5a0000",
      "#00ffd2", "#0096ff", "#001e00", "#ff9669", "#964be1", "#c3ff78", "#ffb4ff", "#00d2ff",
      "#f00f5a", "#785a00", "#963c78", "#004b78", "#008769", "#d2c378", "#ff00ff", "#00ff87",
      "#2d001e", "#b42d0f", "#ff9600", "#96a500", "#ff87a5", "#e1ff00", "#c3ffc3", "#4bc300"};
  constexpr int palette_size = static_cast<int>(sizeof palette / sizeof palette[0]);
  if (colour >= 1 && colour <= palette_size) return palette[colour - 1];
  if (colour == grey) return "#9a9a9a";
  const double h = std::fmod(colour * 137.508, 360.0);
  const double s = colour % 2 ? 0.70 : 0.55, l = colour % 3 == 0 ? 0.42 : colour % 3 == 1 ? 0.58 : 0.70;
  // HSL -> RGB
  const double c = (1 - std::fabs(2 * l - 1)) * s, x = c * (1 - std::fabs(std::fmod(h / 60.0, 2) - 1)),
               m = l - c / 2;
  double r = 0, g = 0, b = 0;
  if (h < 60)
    r = c, g = x;
  else if (h < 120)
    r = x, g = c;
  else if (h < 180)
    g = c, b = x;
  else if (h < 240)
    g = x, b = c;
  else if (h < 300)
    r = x, b = c;
  else
    r = c, b = x;
  char buf[8];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", static_cast<int>((r + m) * 255 + 0.5),
                static_cast<int>((g + m) * 255 + 0.5), static_cast<int>((b + m) * 255 + 0.5));
  return buf;
}

struct SvgOptions {
  int cell_size = 40;
  std::string title;           ///< first legend line (e.g. the puzzle name), shortened to fit
  bool piece_numbers = false;  ///< write each piece's 1-based number on it
};

/// Legend text is 14 px sans-serif: about this many pixels per character, at most.
constexpr double svg_char_width = 8.0;
/// The picture is at least this wide, so that the legend fits under the smallest boards.
constexpr int svg_min_width = 340;

inline std::string svg_escape(const std::string& s) {
  std::string out;
  for (char ch : s) {
    switch (ch) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += ch;
    }
  }
  return out;
}

/// The board as SVG: each piece as four triangles in its colours (svg_colour), mismatched joins as black
/// lines with white dashes (a mark no piece colour can hide), hints as a ringed dot in the cell's top-left
/// quarter (clear of the piece number), and a legend with the score. Cells grow beyond opt.cell_size on a
/// narrow board, so that the board spans the legend's width.
inline void write_svg(std::ostream& out, const Model& m, const Board& b, const SvgOptions& opt = {}) {
  const Geometry& g = m.geometry();
  const int z = std::max(opt.cell_size, (svg_min_width + g.width() - 1) / g.width()), legend = 68;
  const int width = std::max(g.width() * z, svg_min_width), height = g.height() * z + legend;
  const auto fits = static_cast<std::size_t>((width - 8) / svg_char_width);  // characters per legend line
  std::string title = opt.title;
  if (title.size() > fits) title = "..." + title.substr(title.size() - (fits - 3));  // keep the file name
  const JoinCount jc = count_joins(m, b);
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
      << "\" viewBox=\"0 0 " << width << " " << height << "\">\n"
      << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    const int x = g.col(cell) * z, y = g.row(cell) * z, id = b.cells[static_cast<std::size_t>(cell)];
    if (id < 0) {
      out << "<rect x=\"" << x << "\" y=\"" << y << "\" width=\"" << z << "\" height=\"" << z
          << "\" fill=\"#f4f4f4\" stroke=\"#cccccc\"/>\n";
      continue;
    }
    const int cx = x + z / 2, cy = y + z / 2;
    const int corners[5][2] = {{x, y}, {x + z, y}, {x + z, y + z}, {x, y + z}, {x, y}};
    for (int s = 0; s < 4; ++s)  // side s is the triangle between corners s and s+1 (up, right, down, left)
      out << "<polygon points=\"" << corners[s][0] << "," << corners[s][1] << " " << corners[s + 1][0] << ","
          << corners[s + 1][1] << " " << cx << "," << cy << "\" fill=\"" << svg_colour(m.colour(id, s))
          << "\" stroke=\"#333333\" stroke-width=\"0.5\"/>\n";
    if (opt.piece_numbers)
      out << "<text x=\"" << cx << "\" y=\"" << cy + z / 8 << "\" font-family=\"sans-serif\" font-size=\""
          << z / 3 << "\" text-anchor=\"middle\" fill=\"white\" stroke=\"black\" stroke-width=\"0.6\">"
          << m.piece_of(id) + 1 << "</text>\n";
    if (m.hint_candidate(cell) >= 0)
      out << "<circle cx=\"" << x + z / 4 << "\" cy=\"" << y + z / 4 << "\" r=\"" << std::max(3, z / 9)
          << "\" fill=\"white\" stroke=\"black\" stroke-width=\"2\"><title>hint</title></circle>\n";
  }
  for (int cell = 0; cell < g.cell_count(); ++cell) {  // mismatched joins
    const int a = b.cells[static_cast<std::size_t>(cell)];
    if (a < 0) continue;
    for (int s : {right, down}) {
      const int n = g.neighbour(cell, s);
      if (n < 0 || b.cells[static_cast<std::size_t>(n)] < 0) continue;
      if (m.colour(a, s) == m.colour(b.cells[static_cast<std::size_t>(n)], opposite(s))) continue;
      const int x = g.col(cell) * z, y = g.row(cell) * z;
      const int x1 = s == right ? x + z : x, y1 = s == right ? y : y + z;
      const int x2 = s == right ? x + z : x + z, y2 = s == right ? y + z : y + z;
      const std::string ends = "x1=\"" + std::to_string(x1) + "\" y1=\"" + std::to_string(y1) + "\" x2=\"" +
                               std::to_string(x2) + "\" y2=\"" + std::to_string(y2) + "\"";
      out << "<g><title>mismatch</title><line " << ends << " stroke=\"black\" stroke-width=\"5\"/><line "
          << ends << " stroke=\"white\" stroke-width=\"2\" stroke-dasharray=\"4,3\"/></g>\n";
    }
  }
  const int ly = g.height() * z + 18;
  const std::string lines[3] = {title,
                                "score " + std::to_string(jc.matched) + " / " +
                                    std::to_string(g.inner_join_count()) + ", " +
                                    std::to_string(jc.mismatched) + " mismatched (dashed)",
                                std::to_string(b.placed()) + " of " + std::to_string(g.cell_count()) +
                                    " placed" + (m.puzzle().hints.empty() ? "" : "; ringed dots mark hints")};
  for (int i = 0; i < 3; ++i)
    out << "<text x=\"4\" y=\"" << ly + 20 * i << "\" font-family=\"sans-serif\" font-size=\"14\">"
        << svg_escape(lines[i]) << "</text>\n";
  out << "</svg>\n";
}

}  // namespace edgecp
