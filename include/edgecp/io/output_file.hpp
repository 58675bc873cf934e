// Writing result files so that no failure loses or corrupts what was there: checked up front, written
// atomically, every write error reported.
#pragma once

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>

namespace edgecp {

/// Checks, before a long run, that `path` can be written: not a directory, its folder exists and takes a new
/// file (one is created and removed). Returns an empty string when it can, else the reason.
inline std::string check_writable(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path p(path);
  const auto st = fs::status(p, ec);
  if (fs::is_directory(st)) return path + ": is a directory";
  if (fs::exists(st) && !fs::is_regular_file(st)) {  // a device such as /dev/null: written in place
    std::ofstream probe(path, std::ios::app);
    return probe ? "" : path + ": cannot be opened for writing";
  }
  const fs::path dir = p.has_parent_path() ? p.parent_path() : fs::path(".");
  if (!fs::is_directory(dir, ec)) return path + ": the folder " + dir.string() + " does not exist";
  const fs::path probe_path = dir / (".edgecp-probe-" + p.filename().string());
  {
    std::ofstream probe(probe_path);
    if (!probe) return path + ": cannot create files in " + dir.string();
  }
  fs::remove(probe_path, ec);
  return "";
}

/// Writes `path` atomically: `write(std::ostream&)` fills a temporary file beside it, which is flushed,
/// checked and renamed over `path`, so a crash or a full disk at any moment leaves either the old file or the
/// new one, never a mix. A path that exists and is not a regular file (a device such as /dev/null) is
/// written in place. Returns an empty string on success, else the reason (the old file is then untouched
/// and the temporary file removed).
template <class Write>
std::string write_file_atomically(const std::string& path, Write&& write) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const auto st = fs::status(path, ec);
  if (fs::exists(st) && !fs::is_regular_file(st) && !fs::is_directory(st)) {
    std::ofstream out(path, std::ios::binary);
    if (out) write(static_cast<std::ostream&>(out));
    out.flush();
    return out ? "" : path + ": write error";
  }
  const std::string tmp =
      path + ".tmp-" + std::to_string(std::chrono::steady_clock::now().time_since_epoch().count());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) return path + ": cannot create " + tmp;
    write(static_cast<std::ostream&>(out));
    out.flush();
    out.close();
    if (!out) {
      fs::remove(tmp, ec);
      return path + ": write error (disk full?)";
    }
  }
  fs::rename(tmp, path, ec);
  if (ec) {
    const std::string why = ec.message();
    fs::remove(tmp, ec);
    return path + ": cannot replace the file (" + why + ")";
  }
  return "";
}

}  // namespace edgecp
