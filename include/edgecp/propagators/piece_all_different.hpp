// Piece-level all-different: no piece in two cells, filtered to domain consistency (Regin).
#pragma once

#include <string_view>

#include "edgecp/core/propagator.hpp"
#include "edgecp/core/trail.hpp"
#include "edgecp/graph/alldifferent_filter.hpp"
#include "edgecp/puzzle/candidate_masks.hpp"
#include "edgecp/puzzle/model.hpp"

namespace edgecp {

/// Enforces domain consistency of all-different over the cells' pieces: on the bipartite graph cells x
/// pieces (an edge where some rotation of the piece is still in the cell's domain) every edge in no perfect
/// matching is deleted, which removes every rotation of that piece from that cell. Fails when no matching
/// covers every cell. Regin, "A filtering algorithm for constraints of difference in CSPs", AAAI 1994.
/// Cost per call: O(changed cells x domain) to refresh the piece sets, then, only when some cell lost a
/// piece, matching repair from the previous matching plus O(V + E) for the SCC pass.
/// Not strict: no piece is ever used twice, with or without a mismatch budget.
template <class Store>
class PieceAllDifferent {
 public:
  using Domain = typename Store::domain_type;  // also used as the set of pieces of a cell
  static constexpr bool strict = false;
  static constexpr std::string_view name = "alldiff";

  PieceAllDifferent(const Model& m, Store& s)
      : model_(&m),
        masks_(m),
        sub_(s.subscribe()),
        pieces_(s.trail(), s.cell_count(), Domain::first_n(static_cast<std::size_t>(m.piece_count()))),
        filter_(m.cell_count(), m.piece_count()) {}

  /// Run only when at least this many cells are assigned (0: always); until then the changes stay pending.
  void set_min_assigned(int n) { gate_.set_min_assigned(n); }
  int min_assigned() const { return gate_.min_assigned(); }

  Status propagate(Store& s) {
    if (!gate_.open(s)) return Status::ok;  // gated: the events stay pending for later
    CallCounter<Store> count(stats_, s);
    bool lost_piece = !started_;
    for (std::size_t i = s.cursor(sub_); i < s.log_size(); ++i) {
      const std::size_t cell = s.logged_cell(i);
      if (s.empty(cell)) return count.fail();
      Domain now;
      s.for_each(cell, [&](std::size_t id) {
        now.insert(static_cast<std::size_t>(model_->piece_of(static_cast<int>(id))));
      });
      if (now == pieces_[cell]) continue;
      pieces_.set(cell, now);
      lost_piece = true;
    }
    started_ = true;
    if (lost_piece) {
      ++stats_.revisions;
      const auto before = filter_.edge_operations();
      bool ok = filter_.filter([&](int c) -> const Domain& { return pieces_[static_cast<std::size_t>(c)]; },
                               [&](int c, int p) {
                                 (void)s.subtract(static_cast<std::size_t>(c), masks_.piece(p));
                                 pieces_.update(static_cast<std::size_t>(c),
                                                [p](Domain& d) { d.erase(static_cast<std::size_t>(p)); });
                               });
      stats_.checks += filter_.edge_operations() - before;
      if (!ok) return count.fail();
    }
    s.consume(sub_);
    return Status::ok;
  }

  /// The pieces cell c can still take, as last propagated.
  const Domain& pieces(std::size_t c) const { return pieces_[c]; }
  const AllDifferentFilter<Domain>& filter() const { return filter_; }

  const PropagatorStats& stats() const { return stats_; }
  PropagatorStats& stats() { return stats_; }

 private:
  // constant data
  const Model* model_;
  CandidateMasks<Domain> masks_;
  std::size_t sub_;
  // trailed state
  TrailedDomains<Domain> pieces_;  // pieces_[c] = pieces with a candidate in c's domain (at fixpoint)
  // untrailed persistent
  AllDifferentFilter<Domain> filter_;  // holds the previous matching as a warm start
  bool started_ = false;               // the first call always filters
  DepthGate gate_;                     // constant once set
  PropagatorStats stats_;
};

}  // namespace edgecp
