// Running the command-line programs from tests: a shell command with its exit code, stdout and stderr,
// temporary paths unique to the test process, and the fields of their JSON output.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "edgecp/puzzle/board.hpp"
#include "edgecp/puzzle/model.hpp"

namespace edgecp::test {

struct Run {
  int code;
  std::string out, err;
};

/// A path in the temporary folder, unique to this process and call (ctest runs test cases in parallel).
inline std::string temp_path(const std::string& name) {
  static int counter = 0;
  return (std::filesystem::temp_directory_path() /
          ("edgecp_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++) + "_" + name))
      .string();
}
inline std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}
inline void write_text(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}

/// Runs a shell command (stdin from /dev/null): its exit code (-1 when killed), stdout and stderr.
inline Run shell(const std::string& command) {
  const std::string out = temp_path("out"), err = temp_path("err");
  const int status = std::system(("(" + command + ") > " + out + " 2> " + err + " < /dev/null").c_str());
  Run r{WIFEXITED(status) ? WEXITSTATUS(status) : -1, read_text(out), read_text(err)};
  std::filesystem::remove(out);
  std::filesystem::remove(err);
  return r;
}

/// How many times `what` occurs in `text`.
inline std::size_t occurrences(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

/// An integer field of a JSON output (the first one of that name).
inline long long field(const std::string& json, const std::string& key) {
  std::smatch m;
  REQUIRE(std::regex_search(json, m, std::regex("\"" + key + "\":(-?[0-9]+)")));
  return std::stoll(m[1]);
}

/// A number field of a JSON output (the first one of that name), written as an integer or not.
inline double number_field(const std::string& json, const std::string& key) {
  std::smatch m;
  REQUIRE(std::regex_search(json, m, std::regex("\"" + key + "\":(-?[0-9][0-9.eE+-]*)")));
  return std::stod(m[1]);
}

/// The "board" array of a JSON output as a Board of the model (1-based pieces, rotations; null = empty).
inline Board board_of(const std::string& json, const Model& m) {
  const auto at = json.find("\"board\":[");
  REQUIRE(at != std::string::npos);
  Board b(m.cell_count());
  const std::regex cell(R"(\[(\d+),(\d+)\]|null)");
  std::size_t i = 0;
  for (auto it = std::sregex_iterator(json.begin() + static_cast<long>(at) + 9, json.end(), cell);
       it != std::sregex_iterator() && i < b.cells.size(); ++it, ++i)
    if ((*it)[1].matched) b.cells[i] = m.candidate_of(std::stoi((*it)[1]) - 1, std::stoi((*it)[2]));
  REQUIRE(i == b.cells.size());
  return b;
}

}  // namespace edgecp::test
