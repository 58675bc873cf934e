// Shared setup for the benchmarks: puzzles and positions sampled on the way to a solution.
#pragma once

#include <algorithm>
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

/// A position source: a puzzle and a board whose first cells (reading order) match exactly.
struct PositionSource {
  const Model* model;
  Board board;
};

/// The bundled 16x16 with its planted solution.
inline const PositionSource& bundled16_source() {
  static const PositionSource src{&bundled16_model(), bundled16_planted()};
  return src;
}

/// ../shared/data/e2/e2.txt (null model when absent) with a board from a real search: the plain driver in
/// best mode, reading order, break indices from 180 on, 2 M nodes. No break can land before placement 180, so
/// the board's first 179 placements match exactly.
inline const PositionSource& e2_source() {
  static const PositionSource src = [] {
    if (!have_shared("e2/e2.txt")) return PositionSource{nullptr, {}};
    static const Model m(read_puzzle(shared("e2/e2.txt")));
    SearchOptions opt;
    opt.mode = SearchMode::best;
    opt.node_limit = 2'000'000;
    opt.budget = MismatchBudget({180, 190, 200, 205, 210, 215, 220, 225, 230, 235});
    Solver<E2Domain> s(m, opt);
    return PositionSource{&m, s.run().board};
  }();
  return src;
}

/// The first `depth` cells of the reading order (hints skipped) assigned as in `board`.
inline std::vector<int> prefix_cells(const Model& m, int depth) {
  std::vector<int> out = fill_order(m, CellOrder::row);
  out.resize(std::min(out.size(), static_cast<std::size_t>(depth)));
  return out;
}

}  // namespace edgecp::bench
