// Forward checking: react to assigned cells only.
#pragma once

#include <cstdint>
#include <string_view>

#include "edgecp/core/propagator.hpp"
#include "edgecp/core/trail.hpp"
#include "edgecp/puzzle/candidate_masks.hpp"
#include "edgecp/puzzle/model.hpp"

namespace edgecp {

/// Enforces, for every cell whose domain is a single candidate a: no other cell keeps any rotation of a's
/// piece, and each neighbour keeps only candidates showing a's colour on the facing side. New singletons
/// created that way are processed in the same call. Consistency: forward checking (weaker than arc
/// consistency). Cost per newly assigned cell: O(cells x words). Strict (assumes exact matching).
template <class Store>
class ForwardChecking {
 public:
  using Domain = typename Store::domain_type;
  static constexpr bool strict = true;
  static constexpr std::string_view name = "fc";

  ForwardChecking(const Model& m, Store& s)
      : model_(&m), masks_(m), sub_(s.subscribe()), done_(s.trail(), s.cell_count(), 0) {}

  Status propagate(Store& s) {
    CallCounter<Store> count(stats_, s);
    for (std::size_t i = s.cursor(sub_); i < s.log_size(); ++i) {
      const std::size_t cell = s.logged_cell(i);
      if (s.empty(cell)) return count.fail();
      if (done_[cell] || !s.is_assigned(cell)) continue;
      done_.set(cell, 1);
      ++stats_.revisions;
      const int a = static_cast<int>(s.value(cell));
      const Domain& piece = masks_.piece(model_->piece_of(a));
      for (std::size_t other = 0; other < s.cell_count(); ++other) {
        if (other == cell) continue;
        ++stats_.checks;
        if (s.subtract(other, piece) && s.empty(other)) return count.fail();
      }
      const Geometry& g = model_->geometry();
      for (int side = 0; side < 4; ++side) {
        const int n = g.neighbour(static_cast<int>(cell), side);
        if (n < 0) continue;
        ++stats_.checks;
        const Domain& allowed = masks_.showing(opposite(side), model_->colour(a, side));
        if (s.intersect(static_cast<std::size_t>(n), allowed) && s.empty(static_cast<std::size_t>(n)))
          return count.fail();
      }
    }
    s.consume(sub_);
    return Status::ok;
  }

  const PropagatorStats& stats() const { return stats_; }
  PropagatorStats& stats() { return stats_; }

 private:
  // constant data
  const Model* model_;
  CandidateMasks<Domain> masks_;
  std::size_t sub_;  // store subscription
  // trailed state
  TrailedArray<std::uint8_t> done_;  // done_[c] == 1 <=> c's assignment has been propagated on this branch
  // untrailed
  PropagatorStats stats_;
};

}  // namespace edgecp
