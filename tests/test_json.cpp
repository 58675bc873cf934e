#include "edgecp/io/json.hpp"

#include <catch2/catch.hpp>

#include "edgecp/io/puzzle_io.hpp"
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

TEST_CASE("parse_json_board reads json_board's boards back and refuses what is not one", "[json]") {
  const auto gen = generate({3, 3, 1, 2, 4, false});
  const Model m(gen.puzzle);
  Board b = gen.planted_board(m);
  REQUIRE(parse_json_board(R"({"score":12,"board":)" + json_board(m, b) + "}", "r.json", m).cells == b.cells);
  b.cells[4] = -1;
  b.cells[0] = -1;
  REQUIRE(parse_json_board("{\"board\": " + json_board(m, b) + ", \"x\":1}", "r.json", m).cells == b.cells);
  auto refused = [&](const std::string& text, const std::string& fragment) {
    try {
      (void)parse_json_board(text, "r.json", m);
      FAIL("accepted: " << text);
    } catch (const ParseError& e) {
      INFO(e.what());
      REQUIRE(std::string(e.what()).find("r.json: ") == 0);
      REQUIRE(std::string(e.what()).find(fragment) != std::string::npos);
    }
  };
  const std::string full = json_board(m, gen.planted_board(m));
  refused(R"({"score":3})", "without a \"board\" field");
  refused(R"({"board":null})", "no board");
  refused(R"({"board":[[1,0],[2,0]]})", "expected ','");                                // too few cells
  refused("{\"board\":" + full.substr(0, full.size() - 1) + ",[1,0]]}", "more cells");  // too many
  refused(R"({"board":[[10,0],)", "piece in 1..9");
  refused(R"({"board":[[1,4],)", "rotation in 0..3");
  refused(R"({"board":[[1 0],)", "expected ','");
  refused(R"({"board":[[-1,0],)", "piece");
}
