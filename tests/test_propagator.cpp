#include "edgecp/core/propagator.hpp"

#include <catch2/catch.hpp>

#include "edgecp/core/bit_domain.hpp"
#include "edgecp/core/domain_store.hpp"

using namespace edgecp;

namespace {
using Store = DomainStore<BitDomain<1>>;

/// A minimal propagator: empties cell 0 when cell 1 is assigned.
template <class S>
struct Toy {
  static constexpr bool strict = false;
  static constexpr std::string_view name = "toy";
  Status propagate(S& s) {
    CallCounter<S> count(stats_, s);
    if (s.is_assigned(1)) {
      (void)s.subtract(0, s.domain(0));
      return count.fail();
    }
    return Status::ok;
  }
  const PropagatorStats& stats() const { return stats_; }
  PropagatorStats& stats() { return stats_; }
  PropagatorStats stats_;
};
/// Everything but the non-const stats() the driver adds its timing to.
struct ConstStatsOnly {
  static constexpr bool strict = false;
  static constexpr std::string_view name = "const";
  Status propagate(Store&) { return Status::ok; }
  const PropagatorStats& stats() const { return stats_; }
  PropagatorStats stats_;
};
struct NotAPropagator {
  int propagate(Store&) { return 0; }
};
}  // namespace

static_assert(Propagator<Toy<Store>, Store>);
static_assert(!Propagator<NotAPropagator, Store>);
static_assert(!Propagator<ConstStatsOnly, Store>);

TEST_CASE("CallCounter counts calls, failures and the store's deletions", "[propagator]") {
  Store s(2, 10);
  s.set_domain(0, BitDomain<1>::first_n(10));
  s.set_domain(1, BitDomain<1>::first_n(10));
  Toy<Store> t;
  REQUIRE(t.propagate(s) == Status::ok);
  s.push_level();
  (void)s.assign(1, 3);
  REQUIRE(t.propagate(s) == Status::failed);
  REQUIRE(t.stats().calls == 2);
  REQUIRE(t.stats().failures == 1);
  REQUIRE(t.stats().deletions == 10);  // cell 0 emptied; the assignment happened outside the call
}
