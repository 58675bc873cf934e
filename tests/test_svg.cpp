#include "edgecp/io/svg.hpp"

#include <catch2/catch.hpp>
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
