#include "edgecp/graph/alldifferent_filter.hpp"

#include <catch2/catch.hpp>
#include <functional>

#include "edgecp/core/bit_domain.hpp"
#include "edgecp/puzzle/generator.hpp"

using namespace edgecp;
using Set = BitDomain<1>;

namespace {
/// Projection of every matching covering all variables; false when there is none.
bool brute_projection(const std::vector<Set>& sets, std::vector<Set>& out) {
  out.assign(sets.size(), Set{});
  std::vector<int> pick(sets.size(), -1);
  Set used;
  bool any = false;
  std::function<void(std::size_t)> rec = [&](std::size_t v) {
    if (v == sets.size()) {
      any = true;
      for (std::size_t i = 0; i < sets.size(); ++i) out[i].insert(static_cast<std::size_t>(pick[i]));
      return;
    }
    sets[v].for_each([&](std::size_t u) {
      if (used.contains(u)) return;
      used.insert(u);
      pick[v] = static_cast<int>(u);
      rec(v + 1);
      used.erase(u);
    });
  };
  rec(0);
  return any;
}
bool run_filter(AllDifferentFilter<Set>& f, std::vector<Set>& sets) {
  return f.filter(
      [&](int v) -> const Set& { return sets[static_cast<std::size_t>(v)]; },
      [&](int v, int u) { sets[static_cast<std::size_t>(v)].erase(static_cast<std::size_t>(u)); });
}
Set of(std::initializer_list<int> xs) {
  Set s;
  for (int x : xs) s.insert(static_cast<std::size_t>(x));
  return s;
}
}  // namespace

TEST_CASE("the seed's six-cell example", "[alldifferent_filter]") {
  // C1:{P1,P2} C2:{P1,P2} C3:{P2,P3} C4:{P3,P4,P5} C5:{P4,P5} C6:{P5,P6}, 0-based here
  std::vector<Set> sets{of({0, 1}), of({0, 1}), of({1, 2}), of({2, 3, 4}), of({3, 4}), of({4, 5})};
  // crossing-off (remove the value of every singleton elsewhere) deletes nothing: no cell is assigned
  for (const auto& s : sets) REQUIRE_FALSE(s.is_singleton());
  AllDifferentFilter<Set> f(6, 6);
  REQUIRE(run_filter(f, sets));
  REQUIRE(sets[2] == of({2}));     // C3-P2 deleted, C3 = P3
  REQUIRE(sets[3] == of({3, 4}));  // C4-P3 deleted
  REQUIRE(sets[5] == of({5}));     // C6-P5 deleted, C6 = P6
  REQUIRE(sets[0] == of({0, 1}));
  REQUIRE(sets[1] == of({0, 1}));
  REQUIRE(sets[4] == of({3, 4}));
}

TEST_CASE(
    "Regin's filter equals the projection of all matchings (brute force), more values than variables too",
    "[alldifferent_filter]") {
  Rng rng(21);
  int failures = 0, pruned = 0;
  for (int round = 0; round < 2000; ++round) {
    const int vars = 1 + static_cast<int>(rng.below(7));
    const int values = vars + static_cast<int>(rng.below(3));
    std::vector<Set> sets(static_cast<std::size_t>(vars));
    for (auto& s : sets)
      for (int u = 0; u < values; ++u)
        if (rng.below(100) < 35) s.insert(static_cast<std::size_t>(u));
    std::vector<Set> want;
    const bool feasible = brute_projection(sets, want);
    AllDifferentFilter<Set> f(vars, values);
    auto got = sets;
    REQUIRE(run_filter(f, got) == feasible);
    if (!feasible) {
      ++failures;
      continue;
    }
    REQUIRE(got == want);
    if (!(got == sets)) ++pruned;
    REQUIRE(is_matching(f.matching(), [&](int v, auto&& visit) {
      bool stop = false;
      got[static_cast<std::size_t>(v)].for_each([&](std::size_t u) {
        if (!stop) stop = visit(static_cast<int>(u));
      });
    }));
    for (int v = 0; v < vars; ++v)  // fixed variables stay out of the matching; every other one is matched
      REQUIRE((f.matching().match_of_left(v) >= 0) == !sets[static_cast<std::size_t>(v)].is_singleton());
  }
  REQUIRE(failures > 50);
  REQUIRE(pruned > 50);
}

TEST_CASE("warm-started filter equals a fresh one along random deletion sequences", "[alldifferent_filter]") {
  Rng rng(8);
  for (int round = 0; round < 200; ++round) {
    const int n = 3 + static_cast<int>(rng.below(8));
    std::vector<Set> sets(static_cast<std::size_t>(n), Set::first_n(static_cast<std::size_t>(n)));
    std::vector<std::vector<Set>> saved;
    AllDifferentFilter<Set> warm(n, n);
    for (int step = 0; step < 30; ++step) {
      if (!saved.empty() && rng.below(4) == 0) {  // backtrack: sets grow back, the warm matching stays
        sets = saved.back();
        saved.pop_back();
        continue;
      }
      saved.push_back(sets);
      auto& s = sets[static_cast<std::size_t>(rng.below(static_cast<std::uint64_t>(n)))];
      if (s.size() > 1) s.erase(s.first());
      auto fresh_sets = sets;
      AllDifferentFilter<Set> fresh(n, n);
      const bool ok_fresh = run_filter(fresh, fresh_sets);
      const bool ok_warm = run_filter(warm, sets);
      REQUIRE(ok_warm == ok_fresh);
      if (!ok_warm) {
        sets = saved.back();
        saved.pop_back();
        continue;
      }
      REQUIRE(sets == fresh_sets);
    }
  }
}
