#include "edgecp/search/scan_options.hpp"

#include <catch2/catch.hpp>

using namespace edgecp;

TEST_CASE("scan options: the quota ramp, placement by placement", "[scan_options]") {
  // (2,2) then (4,6): 1, 2 on the way to the first point, 4, 6 to the second, nothing after it
  CHECK(quota_by_placement({{4, 6}, {2, 2}}, 10) == std::vector<int>{1, 2, 4, 6});
  CHECK(quota_by_placement({{4, 6}}, 2) == std::vector<int>{1, 3});  // cut at the free cells
  CHECK(quota_by_placement({{3, 0}}, 10).empty());                   // nothing to check
  CHECK_THROWS_AS(quota_by_placement({{2, 1}, {2, 3}}, 10), std::invalid_argument);
  CHECK_THROWS_AS(quota_by_placement({{0, 1}}, 10), std::invalid_argument);
  const auto e2 = default_quota_ramp(255, 122);  // the published shape itself on E2's 255 cells
  CHECK(e2 ==
        std::vector<std::pair<int, int>>{{16, 0}, {26, 28}, {56, 71}, {76, 89}, {102, 106}, {160, 119}});
  for (int cells : {5, 9, 40}) {  // small boards: increasing placements, within the board
    const auto r = default_quota_ramp(cells, 10);
    for (std::size_t i = 1; i < r.size(); ++i) CHECK(r[i].first > r[i - 1].first);
    CHECK(r.back().first <= cells);
  }
}

TEST_CASE("scan options: favoured sides count every side showing a listed colour", "[scan_options]") {
  const Piece p{{5, 7, 5, 20}};
  CHECK(favoured_sides(p, {5}) == 2);
  CHECK(favoured_sides(p, {5, 7, 20}) == 4);
  CHECK(favoured_sides(p, {7, 9}) == 1);
  CHECK(favoured_sides(p, {}) == 0);
  CHECK(favoured_sides(Piece{{0, 0, 3, 4}}, {0}) == 2);  // grey too, where a caller lists it
}

TEST_CASE("scan options: the stalls before the quota halves fill a tenth of the run, at least four",
          "[scan_options]") {
  const std::uint64_t restart = 200'000'000, stall = restart / 8;
  for (std::uint64_t nodes : {1'000'000ULL, 100'000'000ULL, 3'000'000'000ULL, 12'345'678'901ULL}) {
    const int n = quota_stalls_for(nodes, 0, restart);
    CAPTURE(nodes, n);
    CHECK(n >= 4);
    if (n > 4) CHECK(static_cast<std::uint64_t>(n) * stall <= nodes / 10);
    CHECK(static_cast<std::uint64_t>(n + 1) * stall > nodes / 10);
    CHECK(quota_stalls_for(nodes, 60, restart) == n);  // a node limit counts before a time limit
  }
  // seconds count at the nominal rate, whatever the machine; no limit counts as an hour
  for (double seconds : {1.0, 30.0, 60.0, 3600.0})
    CHECK(quota_stalls_for(0, seconds, restart) ==
          quota_stalls_for(static_cast<std::uint64_t>(seconds * nominal_scan_rate), 0, restart));
  CHECK(quota_stalls_for(0, 0, restart) == quota_stalls_for(0, 3600, restart));
  CHECK(quota_stalls_for(0, 60, restart) > quota_stalls_for(0, 30, restart));
  CHECK(quota_stalls_for(1'000'000'000'000ULL, 0, 0) == 4);     // no restarts: no stalls to count
  CHECK(quota_stalls_for(~std::uint64_t{0}, 0, 8) == 1 << 20);  // bounded
}
