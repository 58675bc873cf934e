#include "edgecp/io/svg.hpp"

#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <regex>
#include <set>
#include <sstream>

#include "edgecp/puzzle/generator.hpp"

using namespace edgecp;

namespace {
std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}
}  // namespace

TEST_CASE("SVG: four triangles per placed piece, mismatches and hints marked, legend with the score",
          "[svg]") {
  const auto gen = generate({4, 4, 2, 3, 6, true});
  const Model m(gen.puzzle);
  Board b = gen.planted_board(m);
  std::swap(b.cells[5], b.cells[6]);  // two interior pieces swapped: some joins mismatch
  b.cells[15] = -1;
  const auto jc = count_joins(m, b);
  std::ostringstream os;
  write_svg(os, m, b, {40, "title <&>"});
  const std::string svg = os.str();
  REQUIRE(svg.rfind("<?xml", 0) == 0);
  REQUIRE(count(svg, "<polygon") == 4 * 15);
  REQUIRE(count(svg, "<title>mismatch</title>") == static_cast<std::size_t>(jc.mismatched));
  REQUIRE(count(svg, "<title>hint</title>") == 1);
  REQUIRE(svg.find("title &lt;&amp;&gt;") != std::string::npos);
  REQUIRE(svg.find("score " + std::to_string(jc.matched) + " / 24") != std::string::npos);
  REQUIRE(svg.find("</svg>") != std::string::npos);
}

TEST_CASE("SVG colours: grey for the border, distinct well-formed colours otherwise", "[svg]") {
  std::set<std::string> seen;
  const std::regex hex("#[0-9a-f]{6}");
  for (int k = 0; k < max_colours; ++k) {
    const std::string c = svg_colour(k);
    REQUIRE(std::regex_match(c, hex));
    seen.insert(c);
  }
  REQUIRE(seen.size() >= 60);
}

namespace {
/// CIELAB of an sRGB colour "#rrggbb" (D65).
std::array<double, 3> lab(const std::string& c) {
  double v[3];
  for (std::size_t i = 0; i < 3; ++i) {
    const double x = std::stoi(c.substr(1 + 2 * i, 2), nullptr, 16) / 255.0;
    v[i] = x <= 0.04045 ? x / 12.92 : std::pow((x + 0.055) / 1.055, 2.4);
  }
  const double X = (0.4124 * v[0] + 0.3576 * v[1] + 0.1805 * v[2]) / 0.95047,
               Y = 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2],
               Z = (0.0193 * v[0] + 0.1192 * v[1] + 0.9505 * v[2]) / 1.08883;
  auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116; };
  return {116 * f(Y) - 16, 500 * (f(X) - f(Y)), 200 * (f(Y) - f(Z))};
}
}  // namespace

TEST_CASE("SVG colours: the border and the first 22 colours are told apart (CIE76 delta E >= 40)", "[svg]") {
  double closest = 1e9;
  for (int a = 0; a <= 22; ++a)
    for (int b = a + 1; b <= 22; ++b) {
      const auto x = lab(svg_colour(a)), y = lab(svg_colour(b));
      closest = std::min(closest, std::hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]));
    }
  REQUIRE(closest >= 40);  // the golden-angle hues used before came within 11
  for (int a = 1; a <= 22; ++a) REQUIRE(lab(svg_colour(a))[0] < 97);  // none white on the white background
}

TEST_CASE("SVG: the legend fits every board size, piece numbers on request", "[svg]") {
  for (int w : {2, 3, 4, 6, 16}) {
    const auto gen = generate({w, w, 2, 3, 1, false});
    const Model m(gen.puzzle);
    std::ostringstream os;
    const std::string long_title(200, 'x');
    write_svg(os, m, gen.planted_board(m), {40, long_title + "/name.txt", true});
    const std::string svg = os.str();
    std::smatch width;
    REQUIRE(std::regex_search(svg, width, std::regex("width=\"([0-9]+)\"")));
    const int px = std::stoi(width[1]);
    REQUIRE(px >= w * 40);
    const std::regex legend_line("font-size=\"14\">([^<]*)</text>");
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), legend_line); it != std::sregex_iterator();
         ++it) {
      INFO(w << "x" << w << ": " << (*it)[1].str());
      REQUIRE(4 + svg_char_width * static_cast<double>((*it)[1].length()) <= px);
    }
    REQUIRE(svg.find("name.txt</text>") != std::string::npos);  // the end of the title is kept
    REQUIRE(count(svg, "text-anchor=\"middle\"") == static_cast<std::size_t>(w * w));  // piece numbers
  }
}

TEST_CASE("SVG: marks no piece colour hides, hints clear of the numbers, narrow boards span the legend",
          "[svg]") {
  for (bool hinted : {false, true}) {
    const auto gen = generate({4, 4, 2, 3, 6, hinted});
    const Model m(gen.puzzle);
    Board b = gen.planted_board(m);
    std::swap(b.cells[5], b.cells[6]);  // some joins mismatch
    std::ostringstream os;
    write_svg(os, m, b, {40, "t", true});
    const std::string svg = os.str();
    // the mismatch marks: strokes that are no colour of the palette (red was colour 3)
    std::set<std::string> palette;
    for (int k = 0; k < max_colours; ++k) palette.insert(svg_colour(k));
    const std::regex group("<g><title>mismatch</title>(.*?)</g>");
    const std::regex stroke("stroke=\"([^\"]*)\"");
    int marks = 0;
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), group); it != std::sregex_iterator(); ++it) {
      const std::string inner = (*it)[1].str();
      for (auto s = std::sregex_iterator(inner.begin(), inner.end(), stroke); s != std::sregex_iterator();
           ++s)
        REQUIRE(palette.count((*s)[1].str()) == 0);
      ++marks;
    }
    REQUIRE(marks == count_joins(m, b).mismatched);
    REQUIRE(marks > 0);
    // the board spans the picture: 4 cells of at least 340 / 4 pixels
    std::smatch width;
    REQUIRE(std::regex_search(svg, width, std::regex("width=\"([0-9]+)\"")));
    const int px = std::stoi(width[1]), z = (px + 3) / 4;
    REQUIRE(svg.find("points=\"" + std::to_string(3 * z) + ",0 " + std::to_string(4 * z) + ",0") !=
            std::string::npos);
    // the hint's mark sits off the cell's centre, where its number is written; the legend names hints
    // only where there are some
    std::smatch circle;
    REQUIRE(std::regex_search(svg, circle, std::regex("<circle cx=\"([0-9]+)\" cy=\"([0-9]+)\"")) == hinted);
    if (hinted) {
      const int cell = m.geometry().cell(gen.puzzle.hints.at(0).row, gen.puzzle.hints.at(0).col);
      const int cx = m.geometry().col(cell) * z + z / 2, cy = m.geometry().row(cell) * z + z / 2;
      REQUIRE(std::hypot(std::stoi(circle[1]) - cx, std::stoi(circle[2]) - cy) > z / 4.0);
    }
    REQUIRE((svg.find("hints") != std::string::npos) == hinted);
  }
}
