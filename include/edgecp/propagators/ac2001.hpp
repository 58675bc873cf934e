// AC-2001 / AC-3.1: AC-3 with trailed last supports.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "edgecp/core/propagator.hpp"
#include "edgecp/core/trail.hpp"
#include "edgecp/propagators/arc_network.hpp"

namespace edgecp {

/// Enforces arc consistency like AC-3, but remembers for each (arc, value) the last support found and resumes
/// the scan after it. Bessiere & Regin, "Refining the basic constraint propagation algorithm", IJCAI 2001;
/// Zhang & Yap, "Making AC-3 an optimal algorithm", IJCAI 2001; Bessiere, Regin, Yap & Zhang, "An optimal
/// coarse-grained arc consistency algorithm", AIJ 2005. O(e d^2) per branch, O(e d) memory.
/// The last-support table is trailed: values below a support were checked on this branch only, so after a
/// backtrack (when values come back) the pointers must come back too, or supports are missed (unsound).
template <class Store, BinaryConstraint Constraint>
class AC2001On {
 public:
  using Domain = typename Store::domain_type;
  static constexpr bool strict = true;
  static constexpr std::string_view name = "ac2001";

  AC2001On(const Model& m, Store& s) : AC2001On(Constraint(m), s) {}
  AC2001On(Constraint c, Store& s)
      : constraint_(std::move(c)),
        arcs_(constraint_.arcs()),
        values_(s.value_count()),
        sub_(s.subscribe()),
        last_(s.trail(), arcs_.size() * values_, -1),
        queue_(arcs_, s.cell_count()) {}

  Status propagate(Store& s) {
    CallCounter<Store> count(stats_, s);
    const bool ok = run_arc_queue(s, sub_, arcs_, queue_, [&](int ai) { return revise(s, ai); });
    return ok ? Status::ok : count.fail();
  }

  /// The last support of value a on arc ai (-1 before the first search); for tests.
  int last_support(std::size_t ai, std::size_t a) const { return last_[ai * values_ + a]; }
  std::size_t arc_count() const { return arcs_.size(); }
  std::size_t value_count() const { return values_; }

  const PropagatorStats& stats() const { return stats_; }
  PropagatorStats& stats() { return stats_; }

 private:
  bool revise(Store& s, int ai) {
    ++stats_.revisions;
    const Arc& arc = arcs_[static_cast<std::size_t>(ai)];
    const Domain& dy = s.domain(static_cast<std::size_t>(arc.y));
    const std::size_t base = static_cast<std::size_t>(ai) * values_;
    dead_.clear();
    s.for_each(static_cast<std::size_t>(arc.x), [&](std::size_t a) {
      const int last = last_[base + a];
      ++stats_.checks;
      if (last >= 0 && dy.contains(static_cast<std::size_t>(last))) return;
      for (std::size_t b = dy.find_next(static_cast<std::size_t>(last + 1)); b != Domain::npos;
           b = dy.find_next(b + 1)) {
        ++stats_.checks;
        if (constraint_.compatible(arc, a, b)) {
          last_.set(base + a, static_cast<std::int32_t>(b));
          return;
        }
      }
      dead_.insert(a);
    });
    return s.subtract(static_cast<std::size_t>(arc.x), dead_);
  }

  // constant data
  Constraint constraint_;
  std::vector<Arc> arcs_;
  std::size_t values_;
  std::size_t sub_;
  // trailed state
  TrailedArray<std::int32_t> last_;  // last_[arc*values + a]: every value of y below it was incompatible with
                                     // a or absent when it was found, on this branch; -1 = none searched yet
  // untrailed
  PropagatorStats stats_;
  // scratch
  ArcQueue queue_;
  Domain dead_;
};

/// AC-2001 on the edge-matching constraint: the propagator the driver composes. A template of one parameter,
/// so that it binds to `template <class> class` everywhere (Clang 14 does not bind a template with a
/// defaulted second parameter to it).
template <class Store>
using AC2001 = AC2001On<Store, EdgeMatching>;

}  // namespace edgecp
