// The Propagator concept, the status it returns, and the statistics it keeps.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace edgecp {

/// Outcome of a propagation: `failed` means some domain became empty (the node is dead).
/// Whether anything changed is visible from the store (log_size() grew).
enum class [[nodiscard]] Status : std::uint8_t{ok, failed};

/// Work counters every propagator keeps (not trailed: they count work, not state).
struct PropagatorStats {
  std::uint64_t calls = 0;
  std::uint64_t failures = 0;
  std::uint64_t deletions = 0;  ///< candidate values removed from domains
  std::uint64_t revisions = 0;  ///< arc revisions (AC family) or filter passes (global filters)
  std::uint64_t checks = 0;     ///< support checks (AC family) or edge operations (global filters)
  double seconds = 0;           ///< filled by the driver when timing is on
};

/// A propagator over a store. It runs to its own fixpoint, reading the store's change log through its
/// subscription, and says whether it assumes every join matches (`strict`): strict propagators are unsound
/// under a mismatch budget and the driver switches them off there. What it must provide:
///   - `Status propagate(Store&)`: filter to its own fixpoint from the changes logged since its last call
///     (`s.cursor(sub)` .. `s.log_size()`), then `s.consume(sub)`; `Status::failed` when a domain empties;
///   - `static constexpr bool strict` and `static constexpr std::string_view name` (the name the command line
///     and reports use);
///   - `stats()`, const and non-const (the driver adds the time it measures to `stats().seconds`).
/// The driver (search/solver.hpp) also constructs it as `P(const Model&, Store&)`, at the store's level 0,
/// where it subscribes (`s.subscribe()`): the concept DriverPropagator states that too (core/ knows no model).
template <class P, class Store>
concept Propagator = requires(P& p, Store& s, const P& cp) {
  { p.propagate(s) } -> std::same_as<Status>;
  { P::strict } -> std::convertible_to<bool>;
  { P::name } -> std::convertible_to<std::string_view>;
  { cp.stats() } -> std::convertible_to<const PropagatorStats&>;
  { p.stats() } -> std::same_as<PropagatorStats&>;
};

/// A depth gate: a propagator runs only once at least `min_assigned` cells are assigned (0: always), read
/// from the store's trailed count of assigned cells in O(1). While it is closed the propagator's changes stay
/// pending in the store's log, so nothing is missed once it opens.
class DepthGate {
 public:
  void set_min_assigned(int n) { min_assigned_ = n; }
  int min_assigned() const { return min_assigned_; }
  template <class Store>
  bool open(const Store& s) const {
    return min_assigned_ <= 0 || s.assigned_count() >= static_cast<std::size_t>(min_assigned_);
  }

 private:
  int min_assigned_ = 0;
};

/// Helper: counts a call and the deletions the store saw during it.
template <class Store>
class CallCounter {
 public:
  CallCounter(PropagatorStats& st, const Store& s) : st_(st), s_(s), before_(s.deleted()) { ++st_.calls; }
  ~CallCounter() { st_.deletions += s_.deleted() - before_; }
  Status fail() {
    ++st_.failures;
    return Status::failed;
  }

 private:
  PropagatorStats& st_;
  const Store& s_;
  std::uint64_t before_;
};

}  // namespace edgecp
