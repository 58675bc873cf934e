#include "edgecp/io/output_file.hpp"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

using namespace edgecp;
using Catch::Matchers::Contains;

namespace {
std::string scratch(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("edgecp_of_" + std::to_string(::getpid()) + "_" + name))
      .string();
}
std::string read_all(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}
std::size_t leftovers(const std::string& path) {
  std::size_t n = 0;
  const auto name = std::filesystem::path(path).filename().string();
  for (const auto& e : std::filesystem::directory_iterator(std::filesystem::path(path).parent_path()))
    n += e.path().filename().string().rfind(name + ".tmp", 0) == 0 ? 1 : 0;
  return n;
}
}  // namespace

TEST_CASE("check_writable: a missing folder or a directory is named, a writable path passes",
          "[output_file]") {
  REQUIRE_THAT(check_writable("/nonexistent/dir/x.txt"), Contains("does not exist"));
  REQUIRE_THAT(check_writable(std::filesystem::temp_directory_path().string()), Contains("is a directory"));
  REQUIRE(check_writable(scratch("new.txt")).empty());
  REQUIRE(check_writable("/dev/null").empty());                // a device: written in place
  REQUIRE_FALSE(std::filesystem::exists(scratch("new.txt")));  // the check leaves nothing behind
}

TEST_CASE("write_file_atomically: the new file whole, or the old one untouched", "[output_file]") {
  const std::string path = scratch("board.txt");
  REQUIRE(write_file_atomically(path, [](std::ostream& out) { out << "first\n"; }).empty());
  REQUIRE(read_all(path) == "first\n");
  REQUIRE(write_file_atomically(path, [](std::ostream& out) { out << "second\n"; }).empty());
  REQUIRE(read_all(path) == "second\n");
  // A write that fails half-way: the old content stays, no temporary file is left.
  const std::string why = write_file_atomically(path, [](std::ostream& out) {
    out << "half";
    out.setstate(std::ios::badbit);
  });
  REQUIRE_THAT(why, Contains("write error"));
  REQUIRE(read_all(path) == "second\n");
  REQUIRE(leftovers(path) == 0);
  // A full device reports the error.
  REQUIRE_THAT(
      write_file_atomically("/dev/full", [](std::ostream& out) { out << std::string(1 << 16, 'x'); }),
      Contains("write error"));
  REQUIRE_THAT(write_file_atomically("/nonexistent/dir/x.txt", [](std::ostream& out) { out << "x"; }),
               Contains("cannot create"));
  std::filesystem::remove(path);
}
