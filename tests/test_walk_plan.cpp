#include "edgecp/search/walk_plan.hpp"

#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>

#include "edgecp/puzzle/generator.hpp"
#include "support/oracles.hpp"

using namespace edgecp;
using namespace edgecp::test;

namespace {

WalkOptions counting(bool symmetry = true, bool fix_corner = false) {
  WalkOptions o;
  o.mode = SearchMode::count;
  o.symmetry = symmetry;
  o.fix_corner = fix_corner;
  return o;
}

// Compare every layout, whatever the tree's size (the default thresholds skip small puzzles).
WalkLayoutOptions always(int threads = 1) {
  WalkLayoutOptions lo;
  lo.min_nodes = 0;
  lo.probes = 2000;
  lo.screen_probes = 200;
  lo.threads = threads;
  return lo;
}

int corner_pieces(const Model& m) {
  int n = 0;
  for (const Piece& p : m.puzzle().pieces) n += grey_count(p) == 2 ? 1 : 0;
  return n;
}

}  // namespace

TEST_CASE("walk plan: a short count, first mode and a stop keep the default layout", "[walk_plan]") {
  const Model m = random_model(4, 4, 2, 3, 5);
  const WalkLayout small = plan_walk_layout(m, counting());  // default thresholds: far too small to compare
  REQUIRE(small.order == CellOrder::row);
  REQUIRE(small.pin_piece == -1);
  REQUIRE_FALSE(small.chosen);
  REQUIRE(small.compared == 0);
  REQUIRE(small.default_nodes > 0);

  WalkOptions first = counting();
  first.mode = SearchMode::first;
  first.order = CellOrder::spiral;
  const WalkLayout f = plan_walk_layout(m, first, always());
  REQUIRE(f.order == CellOrder::spiral);  // first mode: the caller's order, nothing compared
  REQUIRE(f.compared == 0);

  std::atomic<bool> stop{true};
  WalkLayoutOptions stopped = always();
  stopped.stop = &stop;
  const WalkLayout s = plan_walk_layout(m, counting(), stopped);
  REQUIRE(s.order == CellOrder::row);
  REQUIRE(s.pin_piece == -1);
  REQUIRE_FALSE(s.chosen);
}

TEST_CASE(
    "walk plan: every reading order and corner piece compared, the choice counts the same, reproducibly",
    "[walk_plan]") {
  int chosen = 0;
  for (std::uint64_t seed = 1; seed <= 16; ++seed) {
    const Model m = random_model(4 + static_cast<int>(seed % 2), 4 + static_cast<int>(seed % 2), 2, 3, seed);
    for (bool fix : {false, true}) {
      const WalkOptions base = counting(true, fix);
      const WalkLayout l = plan_walk_layout(m, base, always());
      INFO("seed " << seed << " fix_corner " << fix);
      REQUIRE(l.compared == 8 * corner_pieces(m));
      REQUIRE(std::find(reading_orders.begin(), reading_orders.end(), l.order) != reading_orders.end());
      REQUIRE(
          (l.pin_piece == -1 || grey_count(m.puzzle().pieces[static_cast<std::size_t>(l.pin_piece)]) == 2));
      REQUIRE(l.pin_piece != lowest_corner_piece(m));  // the lowest is spelled -1
      if (l.chosen) {
        REQUIRE(l.nodes < 0.9 * l.default_nodes);
        ++chosen;
      } else {
        REQUIRE(l.order == CellOrder::row);
        REQUIRE(l.pin_piece == -1);
        REQUIRE(l.nodes == l.default_nodes);
      }
      // the same on another run and with more threads (fixed seeds, no clock)
      const WalkLayout again = plan_walk_layout(m, base, always(3));
      REQUIRE(again.order == l.order);
      REQUIRE(again.pin_piece == l.pin_piece);
      REQUIRE(again.nodes == l.nodes);
      // the chosen layout counts what the default counts
      WalkOptions o = base;
      o.order = l.order;
      o.pin_piece = l.pin_piece;
      REQUIRE(run_walk(m, o).solutions == run_walk(m, base).solutions);
    }
  }
  REQUIRE(chosen > 0);
}

TEST_CASE("walk plan: with hints and no pin, only the orders are compared", "[walk_plan]") {
  const Model m = random_model(5, 5, 2, 3, 7, true);  // the centre hint
  const WalkLayout l = plan_walk_layout(m, counting(), always());
  REQUIRE(l.compared == 8);
  REQUIRE(l.pin_piece == -1);
  WalkOptions o = counting();
  o.order = l.order;
  REQUIRE(run_walk(m, o).solutions == run_walk(m, counting()).solutions);
}
