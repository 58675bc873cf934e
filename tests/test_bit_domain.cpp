#include "edgecp/core/bit_domain.hpp"

#include <catch2/catch.hpp>
#include <set>

#include "edgecp/puzzle/generator.hpp"

using namespace edgecp;

TEST_CASE("BitDomain agrees with std::set under random operations", "[bit_domain]") {
  Rng rng(7);
  for (int round = 0; round < 200; ++round) {
    BitDomain<3> d;
    std::set<std::size_t> ref;
    for (int op = 0; op < 100; ++op) {
      const std::size_t v = rng.below(BitDomain<3>::capacity);
      if (rng.below(3) == 0) {
        d.erase(v);
        ref.erase(v);
      } else {
        d.insert(v);
        ref.insert(v);
      }
      REQUIRE(d.size() == ref.size());
      REQUIRE(d.empty() == ref.empty());
      REQUIRE(d.is_singleton() == (ref.size() == 1));
      REQUIRE(d.contains(v) == (ref.count(v) == 1));
      const std::size_t from = rng.below(BitDomain<3>::capacity);
      auto it = ref.lower_bound(from);
      REQUIRE(d.find_next(from) == (it == ref.end() ? BitDomain<3>::npos : *it));
    }
    std::vector<std::size_t> seen;
    d.for_each([&](std::size_t v) { seen.push_back(v); });
    REQUIRE(seen == std::vector<std::size_t>(ref.begin(), ref.end()));
  }
}

TEST_CASE("BitDomain set algebra", "[bit_domain]") {
  auto a = BitDomain<2>::first_n(70);
  REQUIRE(a.size() == 70);
  REQUIRE(a.contains(69));
  REQUIRE_FALSE(a.contains(70));
  BitDomain<2> b;
  b.insert(3);
  b.insert(100);
  REQUIRE(a.intersects(b));
  REQUIRE_FALSE(b.is_subset_of(a));
  auto c = a & b;
  REQUIRE(c.size() == 1);
  REQUIRE(c.is_singleton());
  REQUIRE(c.first() == 3);
  a.subtract(b);
  REQUIRE(a.size() == 69);
  REQUIRE_FALSE(a.contains(3));
  REQUIRE((a | b).size() == 71);
  REQUIRE(BitDomain<2>{}.first() == BitDomain<2>::npos);
}
