#include "edgecp/core/domain_store.hpp"

#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>

#include "support/oracles.hpp"

using namespace edgecp;
using edgecp::test::CopyingStore;

// Both trail layouts: whole domains (narrow bitsets) and one word at a time (wide bitsets).
TEMPLATE_TEST_CASE("trailed store equals copying store at every step", "[domain_store]", BitDomain<2>,
                   BitDomain<64>) {
  using D = TestType;
  constexpr std::size_t cells = 9, values = 100;
  Rng rng(42);
  for (int run = 0; run < 20; ++run) {
    DomainStore<D> s(cells, values);
    CopyingStore<D> ref(cells);
    for (std::size_t c = 0; c < cells; ++c) {
      s.set_domain(c, D::first_n(values));
      ref.set_domain(c, D::first_n(values));
    }
    for (int step = 0; step < 500; ++step) {
      const std::size_t c = rng.below(cells);
      const std::size_t v = rng.below(values);
      D mask;
      for (int k = 0; k < 40; ++k) mask.insert(rng.below(values));
      switch (rng.below(7)) {
        case 0:
          (void)s.remove(c, v);
          ref.remove(c, v);
          break;
        case 1:
          (void)s.intersect(c, mask | D::first_n(50));
          ref.intersect(c, mask | D::first_n(50));
          break;
        case 2:
          (void)s.subtract(c, mask);
          ref.subtract(c, mask);
          break;
        case 3:
          (void)s.assign(c, v);
          ref.assign(c, v);
          break;
        case 4:
        case 5:
          s.push_level();
          ref.push_level();
          break;
        default:
          if (s.level() > 0) {
            s.pop_level();
            ref.pop_level();
          }
      }
      std::size_t assigned = 0;
      for (std::size_t x = 0; x < cells; ++x) {
        REQUIRE(s.domain(x) == ref.domain(x));
        assigned += ref.domain(x).is_singleton() ? 1 : 0;
      }
      REQUIRE(s.assigned_count() == assigned);  // the trailed count the depth gates read
    }
  }
}

TEST_CASE("change log: subscribers see each change once, and backtracking restores cursors",
          "[domain_store]") {
  using D = BitDomain<1>;
  DomainStore<D> s(4, 10);
  for (std::size_t c = 0; c < 4; ++c) s.set_domain(c, D::first_n(10));
  const auto a = s.subscribe();
  const auto b = s.subscribe();
  REQUIRE(s.cursor(a) == 0);
  REQUIRE(s.log_size() >= 4);  // every cell once at the start
  s.consume(a);
  s.consume(b);
  const std::size_t base = s.log_size();
  s.push_level();
  REQUIRE(s.remove(2, 3));
  REQUIRE_FALSE(s.remove(2, 3));  // no change, no event
  REQUIRE(s.log_size() == base + 1);
  REQUIRE(s.logged_cell(base) == 2);
  s.consume(a);
  REQUIRE(s.cursor(a) == base + 1);
  REQUIRE(s.cursor(b) == base);
  s.pop_level();
  REQUIRE(s.cursor(a) == base);
  REQUIRE(s.log_size() == base);
  REQUIRE(s.contains(2, 3));
  REQUIRE(s.deleted() == 1);
}

TEST_CASE("store rejects more values than its capacity", "[domain_store]") {
  REQUIRE_THROWS_AS((DomainStore<BitDomain<1>>(2, 65)), std::invalid_argument);
}

TEST_CASE("interruption: the stop flag or a passed deadline fires, and stays fired until reset",
          "[domain_store]") {
  DomainStore<BitDomain<1>> s(4, 8);
  REQUIRE_FALSE(s.interrupt_requested());  // nothing installed
  std::atomic<bool> stop{false};
  s.set_interrupt(&stop);
  REQUIRE_FALSE(s.interrupt_requested());
  stop = true;
  REQUIRE(s.interrupt_requested());
  stop = false;
  REQUIRE(s.interrupted());  // stays, though the flag went down
  s.set_interrupt(nullptr, std::chrono::steady_clock::now() + std::chrono::hours(1));
  REQUIRE_FALSE(s.interrupted());
  REQUIRE_FALSE(s.interrupt_requested());
  s.set_interrupt(nullptr, std::chrono::steady_clock::now() - std::chrono::seconds(1));
  REQUIRE(s.interrupt_requested());
}
