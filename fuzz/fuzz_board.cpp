// libFuzzer harness: the board reader on any bytes, against a fixed generated 4x4 puzzle with a hint. A bad
// input must end in a ParseError; whatever parses goes through the board checker.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "edgecp/io/puzzle_io.hpp"
#include "edgecp/puzzle/board.hpp"
#include "edgecp/puzzle/generator.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const edgecp::Model model(edgecp::generate({4, 4, 2, 3, 7, true}).puzzle);
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  try {
    const edgecp::Board b = edgecp::parse_board(in, "fuzz", model);
    (void)edgecp::check_board(model, b);
  } catch (const edgecp::ParseError&) {
  }
  return 0;
}
