// Shared checks for propagators against oracles: strength (equals a closure), soundness (no solution lost),
// idempotence and trail round trips, over random puzzles and random reachable states.
#pragma once

#include <catch2/catch.hpp>
#include <functional>

#include "support/oracles.hpp"

namespace edgecp::test {

/// closure(model, domains) -> false on wipe-out; the propagator's fixpoint must equal it exactly.
using Closure = std::function<bool(const Model&, Domains&)>;

/// Runs `rounds` random puzzles; in each, a search-like walk of push / random ops / propagate / pop.
/// `extra(P&, store)` may check propagator-specific state. Returns the number of states checked.
template <template <class> class P>
int check_against_closure(const Closure& closure, int rounds, std::uint64_t seed0,
                          std::function<std::vector<long>(const P<SmallStore>&)> state_of = nullptr) {
  int states = 0;
  for (int round = 0; round < rounds; ++round) {
    const std::uint64_t seed = seed0 + static_cast<std::uint64_t>(round);
    Rng rng(seed);
    const int w = 3 + static_cast<int>(rng.below(3)), h = 3 + static_cast<int>(rng.below(3));
    const Model m = random_model(w, h, 1 + static_cast<int>(rng.below(2)), 2 + static_cast<int>(rng.below(2)),
                                 seed, rng.below(3) == 0);
    SmallStore s(static_cast<std::size_t>(m.cell_count()), static_cast<std::size_t>(m.candidate_count()));
    load_static_domains(s, m);
    P<SmallStore> p(m, s);
    auto expect_fixpoint = [&](const Domains& before) -> bool {
      Domains want = before;
      const bool ok = closure(m, want);
      const bool got = p.propagate(s) == Status::ok;
      ++states;
      REQUIRE(got == ok);
      if (!ok) return false;
      REQUIRE(snapshot(s) == want);
      const std::size_t log = s.log_size();  // idempotence
      REQUIRE(p.propagate(s) == Status::ok);
      REQUIRE(s.log_size() == log);
      return true;
    };
    if (!expect_fixpoint(snapshot(s))) continue;
    // walk: each level does random ops then propagates; sometimes pops back and checks the round trip
    std::vector<Domains> saved{snapshot(s)};
    std::vector<std::vector<long>> saved_state{state_of ? state_of(p) : std::vector<long>{}};
    for (int step = 0; step < 12; ++step) {
      if (s.level() > 0 && rng.below(3) == 0) {
        s.pop_level();
        saved.pop_back();
        saved_state.pop_back();
        REQUIRE(snapshot(s) == saved.back());
        if (state_of) REQUIRE(state_of(p) == saved_state.back());
        const std::size_t log = s.log_size();
        REQUIRE(p.propagate(s) == Status::ok);  // the restored state is still a fixpoint
        REQUIRE(s.log_size() == log);
        continue;
      }
      s.push_level();
      random_ops(s, rng, static_cast<int>(rng.below(2)), static_cast<int>(rng.below(6)));
      if (!expect_fixpoint(snapshot(s))) {
        s.pop_level();
        REQUIRE(snapshot(s) == saved.back());
        if (state_of) REQUIRE(state_of(p) == saved_state.back());
        continue;
      }
      saved.push_back(snapshot(s));
      saved_state.push_back(state_of ? state_of(p) : std::vector<long>{});
    }
  }
  return states;
}

/// Soundness: on tiny puzzles with all solutions enumerated, a propagation never removes a candidate used by
/// a solution that lies inside the domains before it, and fails only when no such solution exists.
template <template <class> class P>
int check_soundness(int rounds, std::uint64_t seed0) {
  int states = 0;
  for (int round = 0; round < rounds; ++round) {
    const std::uint64_t seed = seed0 + static_cast<std::uint64_t>(round);
    Rng rng(seed);
    const int w = 3 + static_cast<int>(rng.below(2)), h = 3;
    const Model m = random_model(w, h, 1, 2, seed);
    const auto sols = all_solutions(m);
    for (int k = 0; k < 10; ++k) {
      SmallStore s(static_cast<std::size_t>(m.cell_count()), static_cast<std::size_t>(m.candidate_count()));
      load_static_domains(s, m);
      P<SmallStore> p(m, s);
      s.push_level();
      // assignments taken from a solution half of the time, so that some solutions survive
      if (!sols.empty() && rng.below(2) == 0) {
        const Board& b = sols[static_cast<std::size_t>(rng.below(sols.size()))];
        for (int i = 0; i < 2; ++i) {
          const std::size_t c = rng.below(static_cast<std::uint64_t>(m.cell_count()));
          (void)s.assign(c, static_cast<std::size_t>(b.cells[c]));
        }
      }
      random_ops(s, rng, static_cast<int>(rng.below(2)), static_cast<int>(rng.below(8)));
      const Domains before = snapshot(s);
      const bool ok = p.propagate(s) == Status::ok;
      const Domains after = snapshot(s);
      ++states;
      for (const Board& b : sols) {
        if (!inside(b, before)) continue;
        REQUIRE(ok);
        REQUIRE(inside(b, after));
      }
    }
  }
  return states;
}

}  // namespace edgecp::test
