// libFuzzer harness: the puzzle reader on any bytes. A bad input must end in a ParseError, never in a crash,
// a sanitizer report, another exception, or memory beyond what libFuzzer's -rss_limit_mb allows.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "edgecp/io/puzzle_io.hpp"
#include "edgecp/puzzle/model.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  try {
    const edgecp::Model m(edgecp::parse_puzzle(in, "fuzz"));  // whatever parses is a valid model
    (void)m.candidate_count();
  } catch (const edgecp::ParseError&) {
  }
  return 0;
}
