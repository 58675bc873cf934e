#include "edgecp/core/rng.hpp"

#include <catch2/catch.hpp>
#include <cstdlib>
#include <set>
#include <vector>

using namespace edgecp;

TEST_CASE("SplitMix64 matches the reference stream", "[rng]") {
  Rng r(0);
  REQUIRE(r.next() == 0xE220A8397B1DCDAFULL);
  REQUIRE(r.next() == 0x6E789E6AA1B965F4ULL);
  REQUIRE(r.next() == 0x06C45D188009454FULL);
}

TEST_CASE("Rng::below is in range and roughly uniform", "[rng]") {
  Rng r(3);
  std::vector<int> hist(7, 0);
  for (int i = 0; i < 70000; ++i) ++hist[static_cast<std::size_t>(r.below(7))];
  for (int h : hist) REQUIRE(std::abs(h - 10000) < 500);
}

TEST_CASE("shuffle is a permutation, and the same seed shuffles the same way", "[rng]") {
  std::vector<int> a(50), b;
  for (int i = 0; i < 50; ++i) a[static_cast<std::size_t>(i)] = i;
  b = a;
  Rng r1(9), r2(9);
  r1.shuffle(a);
  r2.shuffle(b);
  REQUIRE(a == b);
  REQUIRE(std::set<int>(a.begin(), a.end()).size() == 50);
  std::vector<int> sorted(50);
  for (int i = 0; i < 50; ++i) sorted[static_cast<std::size_t>(i)] = i;
  REQUIRE(a != sorted);
}
