// AC-3: the textbook coarse-grained arc consistency.
#pragma once

#include <string_view>
#include <vector>

#include "edgecp/core/propagator.hpp"
#include "edgecp/propagators/arc_network.hpp"

namespace edgecp {

/// Enforces arc consistency on a binary constraint network: every value of every cell has a compatible
/// value in each neighbour's domain. Mackworth, "Consistency in networks of relations", AIJ 1977.
/// Each revision searches every support from scratch: O(e d^3) worst case per call, O(e) memory.
/// Incremental: only arcs into cells changed since the last call are queued. Strict for edge matching.
template <class Store, BinaryConstraint Constraint>
class AC3On {
 public:
  using Domain = typename Store::domain_type;
  static constexpr bool strict = true;
  static constexpr std::string_view name = "ac3";

  AC3On(const Model& m, Store& s) : AC3On(Constraint(m), s) {}
  AC3On(Constraint c, Store& s)
      : constraint_(std::move(c)),
        arcs_(constraint_.arcs()),
        sub_(s.subscribe()),
        queue_(arcs_, s.cell_count()) {}

  Status propagate(Store& s) {
    CallCounter<Store> count(stats_, s);
    const bool ok = run_arc_queue(s, sub_, arcs_, queue_,
                                  [&](int ai) { return revise(s, arcs_[static_cast<std::size_t>(ai)]); });
    return ok ? Status::ok : count.fail();
  }

  const PropagatorStats& stats() const { return stats_; }
  PropagatorStats& stats() { return stats_; }

 private:
  bool revise(Store& s, const Arc& arc) {
    ++stats_.revisions;
    const Domain& dy = s.domain(static_cast<std::size_t>(arc.y));
    dead_.clear();
    s.for_each(static_cast<std::size_t>(arc.x), [&](std::size_t a) {
      bool supported = false;
      dy.for_each([&](std::size_t b) {
        if (supported) return;
        ++stats_.checks;
        supported = constraint_.compatible(arc, a, b);
      });
      if (!supported) dead_.insert(a);
    });
    return s.subtract(static_cast<std::size_t>(arc.x), dead_);
  }
  // constant data
  Constraint constraint_;
  std::vector<Arc> arcs_;
  std::size_t sub_;
  // untrailed
  PropagatorStats stats_;
  // scratch
  ArcQueue queue_;
  Domain dead_;
};

/// AC-3 on the edge-matching constraint: the propagator the driver composes. A template of one parameter,
/// so that it binds to `template <class> class` everywhere (Clang 14 does not bind a template with a
/// defaulted second parameter to it).
template <class Store>
using AC3 = AC3On<Store, EdgeMatching>;

}  // namespace edgecp
