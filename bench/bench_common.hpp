// Shared setup for the benchmarks: puzzles and positions sampled on the way to a solution.
#pragma once

#include <filesystem>
#include <string>

#include "edgecp/edgecp.hpp"

namespace edgecp::bench {

using Store16 = DomainStore<E2Domain>;

inline std::string shared(const std::string& rel) { return std::string(EDGECP_SHARED_DATA) + "/" + rel; }
inline bool have_shared(const std::string& rel) { return std::filesystem::exists(shared(rel)); }

/// The bundled 16x16 E2-like puzzle and its planted solution.
inline const GeneratedPuzzle& bundled16() {
  static const GeneratedPuzzle g = generate(GeneratorOptions::e2_like(1));
  return g;
}
inline const Model& bundled16_model() {
  static const Model m(bundled16().puzzle);
  return m;
}
inline const Board& bundled16_planted() {
  static const Board b = bundled16().planted_board(bundled16_model());
  return b;
}

/// The first `depth` cells of the reading order (hints skipped) assigned as in `board`.
inline std::vector<int> prefix_cells(const Model& m, int depth) {
  std::vector<int> out;
  for (int c = 0; c < m.cell_count() && static_cast<int>(out.size()) < depth; ++c)
    if (m.hint_candidate(c) < 0) out.push_back(c);
  return out;
}

}  // namespace edgecp::bench
