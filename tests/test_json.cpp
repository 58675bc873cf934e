#include "edgecp/io/json.hpp"

#include <catch2/catch.hpp>

#include "edgecp/puzzle/generator.hpp"

using namespace edgecp;

TEST_CASE("JSON strings are escaped and objects keep insertion order", "[json]") {
  REQUIRE(json_string("a\"b\\c\n") == "\"a\\\"b\\\\c\\u000a\"");
  JsonObject o;
  o.str("name", "x").integer("n", -3).num("t", 0.5).boolean("ok", true).raw("list", "[1,2]");
  REQUIRE(o.str() == R"({"name":"x","n":-3,"t":0.5,"ok":true,"list":[1,2]})");
  REQUIRE(JsonObject().str() == "{}");
  REQUIRE(json_number(1.0 / 0.0) == "null");
}

TEST_CASE("json_board lists 1-based pieces and rotations, null for empty cells", "[json]") {
  const auto gen = generate({3, 3, 1, 2, 4, false});
  const Model m(gen.puzzle);
  Board b = gen.planted_board(m);
  b.cells[4] = -1;
  const std::string j = json_board(m, b);
  const auto c0 = m.candidate(b.cells[0]);
  REQUIRE(j.rfind("[[" + std::to_string(c0.piece + 1) + "," + std::to_string(c0.rotation) + "],", 0) == 0);
  REQUIRE(j.find(",null,") != std::string::npos);
  REQUIRE(json_board(m, Board{}) == "null");
}
