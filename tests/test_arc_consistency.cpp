#include "edgecp/propagators/arc_consistency.hpp"

#include "edgecp/propagators/ac2001.hpp"
#include "edgecp/propagators/ac3.hpp"
#include "support/propagator_harness.hpp"

using namespace edgecp;
using namespace edgecp::test;

static_assert(Propagator<ArcConsistency<SmallStore>, SmallStore>);

namespace {
bool ac_closure(const Model& m, Domains& d) { return ac1_closure(m, d); }
std::vector<long> shown_sets(const ArcConsistency<SmallStore>& p) {
  std::vector<long> out;
  for (std::size_t c = 0; c < p.cell_count(); ++c)
    for (int s = 0; s < 4; ++s) out.push_back(static_cast<long>(p.shown(c, s)));
  return out;
}
}  // namespace

TEST_CASE("colour-indexed AC reaches exactly the AC-1 closure and its colour sets round-trip",
          "[arc_consistency]") {
  REQUIRE(check_against_closure<ArcConsistency>(ac_closure, 200, 7000, shown_sets) > 1500);
}

TEST_CASE("colour-indexed AC never loses a solution", "[arc_consistency]") {
  REQUIRE(check_soundness<ArcConsistency>(40, 8000) >= 400);
}

TEST_CASE("AC-3, AC-2001 and the colour-indexed path give identical domains on the same states",
          "[arc_consistency]") {
  int compared = 0;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    const Model m = random_model(4, 4, 1, 3, seed);
    Rng rng(seed);
    std::vector<Domains> results;
    std::vector<bool> oks;
    for (int which = 0; which < 3; ++which) {
      Rng ops(seed * 31);
      SmallStore s(16, static_cast<std::size_t>(m.candidate_count()));
      load_static_domains(s, m);
      random_ops(s, ops, 1, 10);
      bool ok;
      if (which == 0) {
        AC3<SmallStore> p(m, s);
        ok = p.propagate(s) == Status::ok;
      } else if (which == 1) {
        AC2001<SmallStore> p(m, s);
        ok = p.propagate(s) == Status::ok;
      } else {
        ArcConsistency<SmallStore> p(m, s);
        ok = p.propagate(s) == Status::ok;
      }
      oks.push_back(ok);
      results.push_back(snapshot(s));
    }
    REQUIRE(oks[0] == oks[1]);
    REQUIRE(oks[1] == oks[2]);
    if (!oks[0]) continue;
    REQUIRE(results[0] == results[1]);
    REQUIRE(results[1] == results[2]);
    ++compared;
  }
  REQUIRE(compared > 20);
}

TEST_CASE("colour sets round-trip through push and pop", "[arc_consistency]") {
  const Model m = random_model(5, 5, 2, 3, 99);
  SmallStore s(25, static_cast<std::size_t>(m.candidate_count()));
  load_static_domains(s, m);
  ArcConsistency<SmallStore> p(m, s);
  REQUIRE(p.propagate(s) == Status::ok);
  Rng rng(5);
  for (int i = 0; i < 50; ++i) {
    const auto before = shown_sets(p);
    const auto doms = snapshot(s);
    s.push_level();
    random_ops(s, rng, 1, 5);
    (void)p.propagate(s);
    s.pop_level();
    REQUIRE(shown_sets(p) == before);
    REQUIRE(snapshot(s) == doms);
  }
}
