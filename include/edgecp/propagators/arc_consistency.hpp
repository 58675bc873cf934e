// The colour-indexed arc consistency for edge matching (the fast path).
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string_view>
#include <vector>

#include "edgecp/core/propagator.hpp"
#include "edgecp/core/trail.hpp"
#include "edgecp/puzzle/candidate_masks.hpp"
#include "edgecp/puzzle/model.hpp"

namespace edgecp {

/// Enforces exactly the arc consistency of AC-3 and AC-2001 on edge matching, using its structure: every
/// constraint is an equality of two facing colours, so candidate a of cell n is supported across side s iff
/// the neighbour still shows colour(a, s) on the facing side. Per cell and side it keeps (trailed) the set of
/// colours the domain still shows there; when a colour disappears, the neighbour loses in one bitset
/// subtraction every candidate showing it on the facing side. Cost per changed cell: O(colours x words)
/// to recompute its four colour sets, plus one subtraction per lost colour. Strict.
template <class Store>
class ArcConsistency {
 public:
  using Domain = typename Store::domain_type;
  static constexpr bool strict = true;
  static constexpr std::string_view name = "ac";

  ArcConsistency(const Model& m, Store& s)
      : model_(&m),
        masks_(m),
        colour_tests_(static_cast<std::size_t>(4 * m.colour_count()) * Domain::word_count),
        sub_(s.subscribe()),
        shown_(s.trail(), s.cell_count() * 4, m.colours_on_any_side()) {
    for (int id = 0; id < m.candidate_count(); ++id)
      for (int side = 0; side < 4; ++side) colour_.push_back(static_cast<std::uint8_t>(m.colour(id, side)));
  }

  Status propagate(Store& s) {
    CallCounter<Store> count(stats_, s);
    const Geometry& g = model_->geometry();
    for (std::size_t i = s.cursor(sub_); i < s.log_size(); ++i) {
      const std::size_t cell = s.logged_cell(i);
      const Domain& d = s.domain(cell);
      if (d.empty()) return count.fail();
      // The colours the domain shows on each side: one pass over a small domain, else one bitset test per
      // colour still shown (whichever is cheaper).
      std::array<std::uint64_t, 4> now{};
      const std::size_t size = d.size();
      if (size * 4 <= colour_tests_) {
        d.for_each([&](std::size_t id) {
          for (int side = 0; side < 4; ++side)
            now[static_cast<std::size_t>(side)] |= std::uint64_t{1}
                                                   << colour_[id * 4 + static_cast<std::size_t>(side)];
        });
        stats_.checks += size;
      } else {
        for (int side = 0; side < 4; ++side)
          for (std::uint64_t bits = shown_[cell * 4 + static_cast<std::size_t>(side)]; bits != 0;
               bits &= bits - 1) {
            const int k = std::countr_zero(bits);
            ++stats_.checks;
            if (d.intersects(masks_.showing(side, k)))
              now[static_cast<std::size_t>(side)] |= std::uint64_t{1} << k;
          }
      }
      for (int side = 0; side < 4; ++side) {
        const int n = g.neighbour(static_cast<int>(cell), side);
        if (n < 0) continue;
        const std::uint64_t old = shown_[cell * 4 + static_cast<std::size_t>(side)];
        const std::uint64_t lost = old & ~now[static_cast<std::size_t>(side)];
        if (lost == 0) continue;
        shown_.set(cell * 4 + static_cast<std::size_t>(side), old & ~lost);
        ++stats_.revisions;
        lost_.clear();
        for (std::uint64_t bits = lost; bits != 0; bits &= bits - 1)
          lost_ |= masks_.showing(opposite(side), std::countr_zero(bits));
        if (s.subtract(static_cast<std::size_t>(n), lost_) && s.empty(static_cast<std::size_t>(n)))
          return count.fail();
      }
    }
    s.consume(sub_);
    return Status::ok;
  }

  /// Colours cell c can still show on side s, as last propagated (for tests).
  std::uint64_t shown(std::size_t c, int side) const {
    return shown_[c * 4 + static_cast<std::size_t>(side)];
  }
  std::size_t cell_count() const { return shown_.size() / 4; }

  const PropagatorStats& stats() const { return stats_; }
  PropagatorStats& stats() { return stats_; }

 private:
  // constant data
  const Model* model_;
  CandidateMasks<Domain> masks_;
  std::vector<std::uint8_t> colour_;  // colour_[id*4 + side]
  std::size_t colour_tests_;          // word operations of a full per-colour recount of one cell
  std::size_t sub_;
  // trailed state
  TrailedArray<std::uint64_t>
      shown_;  // shown_[c*4+s] ⊇ colours the domain of c shows on s; equal at fixpoint
  // untrailed
  PropagatorStats stats_;
  // scratch
  Domain lost_;
};

}  // namespace edgecp
