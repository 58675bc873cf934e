#include "edgecp/propagators/ac3.hpp"

#include "support/propagator_harness.hpp"

using namespace edgecp;
using namespace edgecp::test;

static_assert(Propagator<AC3<SmallStore>, SmallStore>);

namespace {
bool ac_closure(const Model& m, Domains& d) { return ac1_closure(m, d); }

/// The seed article's toy: a 4x4 board without a frame, 16 tiles over 3 colours, every cell starting with
/// all 64 candidates (tile * 4 + rotation).
class Toy {
 public:
  explicit Toy(std::uint64_t seed) {
    Rng rng(seed);
    for (auto& t : tiles_)
      for (auto& c : t.colours) c = static_cast<int>(rng.below(3));
  }
  std::vector<Arc> arcs() const {
    std::vector<Arc> out;
    const Geometry g(4, 4);
    for (int c = 0; c < 16; ++c)
      for (int s = 0; s < 4; ++s)
        if (const int n = g.neighbour(c, s); n >= 0) out.push_back({c, n, s});
    return out;
  }
  int colour(std::size_t cand, int side) const {
    return colour_on(tiles_[cand / 4], static_cast<int>(cand % 4), side);
  }
  bool compatible(const Arc& arc, std::size_t a, std::size_t b) const {
    return colour(a, arc.tag) == colour(b, opposite(arc.tag));
  }

 private:
  std::array<Piece, 16> tiles_;
};

/// AC-3 over the toy with the store interface the propagators expect.
template <class Store>
struct ToyAC3 : AC3On<Store, Toy> {
  ToyAC3(Toy t, Store& s) : AC3On<Store, Toy>(std::move(t), s) {}
};
}  // namespace

TEST_CASE("AC-3 reaches exactly the AC-1 closure", "[ac3]") {
  REQUIRE(check_against_closure<AC3>(ac_closure, 150, 3000) > 1000);
}

TEST_CASE("AC-3 never loses a solution", "[ac3]") { REQUIRE(check_soundness<AC3>(40, 4000) >= 400); }

TEST_CASE("seed toy: after a placement AC-1 revises more arcs than AC-3, same deletions", "[ac3]") {
  int compared = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const Toy toy(seed);
    SmallStore s(16, 64);
    for (std::size_t c = 0; c < 16; ++c) s.set_domain(c, SmallDomain::first_n(64));
    ToyAC3<SmallStore> ac3(toy, s);
    REQUIRE(ac3.propagate(s) == Status::ok);  // the fresh board is arc consistent
    const Domains fresh = snapshot(s);
    REQUIRE(fresh[5].size() == 64);
    const auto before = ac3.stats().revisions;
    const std::size_t placed = seed % 64;
    (void)s.assign(5, placed);  // a piece lands on B2
    Domains want = snapshot(s);
    long ac1_revisions = 0;
    const bool ok1 = ac1_closure(toy, want, &ac1_revisions);
    const bool ok3 = ac3.propagate(s) == Status::ok;
    REQUIRE(ok1 == ok3);
    if (!ok1) continue;
    REQUIRE(snapshot(s) == want);
    const auto ac3_revisions = static_cast<long>(ac3.stats().revisions - before);
    REQUIRE(ac1_revisions > ac3_revisions);
    ++compared;
  }
  REQUIRE(compared > 10);
}
