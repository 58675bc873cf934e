// A propagator written outside edgecp, against its installed headers only (docs/extending.md walks through it).
#pragma once

#include <edgecp/edgecp.hpp>

/// Once a cell holds a single candidate, no other cell keeps any rotation of its piece. Consistency: forward
/// checking on piece uniqueness only; cost per newly assigned cell: O(cells x words). Not strict: it never
/// assumes a join matches, so it stays on under a mismatch budget.
template <class Store>
class PieceOnce {
 public:
  using Domain = typename Store::domain_type;
  static constexpr bool strict = false;
  static constexpr std::string_view name = "piece-once";

  PieceOnce(const edgecp::Model& m, Store& s) : model_(&m), sub_(s.subscribe()) {
    for (int p = 0; p < m.piece_count(); ++p) pieces_.push_back(Domain::from_words(m.piece_mask(p)));
  }

  /// A parameter, set before the run (solver.get<PieceOnce>()): run only once n cells are assigned.
  void set_min_assigned(int n) { gate_.set_min_assigned(n); }

  edgecp::Status propagate(Store& s) {
    if (!gate_.open(s)) return edgecp::Status::ok;  // closed: the changes wait in the log
    edgecp::CallCounter<Store> count(stats_, s);
    for (std::size_t i = s.cursor(sub_); i < s.log_size(); ++i) {  // changes since the last call
      const std::size_t cell = s.logged_cell(i);
      if (s.empty(cell)) return count.fail();
      if (!s.is_assigned(cell)) continue;
      const Domain& piece = pieces_[static_cast<std::size_t>(model_->piece_of(static_cast<int>(s.value(cell))))];
      for (std::size_t other = 0; other < s.cell_count(); ++other)
        if (other != cell && s.subtract(other, piece) && s.empty(other)) return count.fail();
    }
    s.consume(sub_);  // new changes (our own included) are read at the next call
    return edgecp::Status::ok;
  }

  const edgecp::PropagatorStats& stats() const { return stats_; }
  edgecp::PropagatorStats& stats() { return stats_; }

 private:
  // constant data
  const edgecp::Model* model_;
  std::vector<Domain> pieces_;  // pieces_[p]: every rotation of piece p
  std::size_t sub_;             // the store subscription
  edgecp::DepthGate gate_;
  // untrailed
  edgecp::PropagatorStats stats_;
};
