// Renders a board as SVG: every piece as four coloured triangles, mismatched joins and hints marked,
// a legend with the score.
#pragma once

#include <cmath>
#include <cstdio>
#include <ostream>
#include <string>

#include "edgecp/puzzle/board.hpp"
#include "edgecp/puzzle/model.hpp"

namespace edgecp {

/// A colour for each puzzle colour: grey for the border, then hues spread by the golden angle.
inline std::string svg_colour(int colour) {
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
  std::string title;  ///< first legend line (e.g. the puzzle name)
};

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

inline void write_svg(std::ostream& out, const Model& m, const Board& b, const SvgOptions& opt = {}) {
  const Geometry& g = m.geometry();
  const int z = opt.cell_size, legend = 48;
  const int width = g.width() * z, height = g.height() * z + legend;
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
    if (m.hint_candidate(cell) >= 0)
      out << "<circle cx=\"" << cx << "\" cy=\"" << cy << "\" r=\"" << z / 6
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
      out << "<line x1=\"" << x1 << "\" y1=\"" << y1 << "\" x2=\"" << x2 << "\" y2=\"" << y2
          << "\" stroke=\"red\" stroke-width=\"4\"><title>mismatch</title></line>\n";
    }
  }
  const int ly = g.height() * z + 18;
  out << "<text x=\"4\" y=\"" << ly << "\" font-family=\"sans-serif\" font-size=\"14\">"
      << svg_escape(opt.title) << "</text>\n"
      << "<text x=\"4\" y=\"" << ly + 20 << "\" font-family=\"sans-serif\" font-size=\"14\">score "
      << jc.matched << " / " << g.inner_join_count() << ", " << jc.mismatched << " mismatched (red), "
      << b.placed() << " of " << g.cell_count() << " placed; circles mark hints</text>\n"
      << "</svg>\n";
}

}  // namespace edgecp
