#include "edgecp/propagators/piece_all_different.hpp"

#include "support/propagator_harness.hpp"

using namespace edgecp;
using namespace edgecp::test;

static_assert(Propagator<PieceAllDifferent<SmallStore>, SmallStore>);

namespace {
/// Domain consistency of piece all-different, by definition: edge (cell, piece) survives iff a perfect
/// matching cells -> pieces exists with that cell forced to that piece (checked with a fresh maximum matching
/// per edge, no SCC reasoning). A candidate survives iff its piece's edge does.
bool alldiff_closure(const Model& m, Domains& d) {
  const int n = m.cell_count();
  std::vector<SmallDomain> pieces(static_cast<std::size_t>(n));
  for (int c = 0; c < n; ++c)
    d[static_cast<std::size_t>(c)].for_each([&](std::size_t id) {
      pieces[static_cast<std::size_t>(c)].insert(static_cast<std::size_t>(m.piece_of(static_cast<int>(id))));
    });
  auto perfect_with = [&](int fc, int fp) {
    auto adj = [&](int c, auto&& visit) {
      if (c == fc) {
        visit(fp);
        return;
      }
      bool stop = false;
      pieces[static_cast<std::size_t>(c)].for_each([&](std::size_t p) {
        if (!stop && static_cast<int>(p) != fp) stop = visit(static_cast<int>(p));
      });
    };
    BipartiteMatching mm(n, m.piece_count());
    return mm.maximize(adj) == n;
  };
  std::vector<SmallDomain> keep_pieces(static_cast<std::size_t>(n));
  for (int c = 0; c < n; ++c)
    pieces[static_cast<std::size_t>(c)].for_each([&](std::size_t p) {
      if (perfect_with(c, static_cast<int>(p))) keep_pieces[static_cast<std::size_t>(c)].insert(p);
    });
  for (int c = 0; c < n; ++c) {
    if (keep_pieces[static_cast<std::size_t>(c)].empty()) return false;
    SmallDomain keep;
    d[static_cast<std::size_t>(c)].for_each([&](std::size_t id) {
      if (keep_pieces[static_cast<std::size_t>(c)].contains(
              static_cast<std::size_t>(m.piece_of(static_cast<int>(id)))))
        keep.insert(id);
    });
    d[static_cast<std::size_t>(c)] = keep;
  }
  return true;
}
}  // namespace

TEST_CASE("piece all-different equals the projection of all perfect matchings (brute force)",
          "[piece_all_different]") {
  REQUIRE(check_against_closure<PieceAllDifferent>(alldiff_closure, 120, 9000) > 800);
}

TEST_CASE("piece all-different never loses a solution", "[piece_all_different]") {
  REQUIRE(check_soundness<PieceAllDifferent>(40, 9500) >= 400);
}

TEST_CASE("piece all-different is not strict", "[piece_all_different]") {
  REQUIRE_FALSE(PieceAllDifferent<SmallStore>::strict);
}

TEST_CASE("a Hall set: two cells that can only take two pieces forbid them elsewhere",
          "[piece_all_different]") {
  const Model m = random_model(3, 3, 2, 2, 3);
  SmallStore s(9, static_cast<std::size_t>(m.candidate_count()));
  load_static_domains(s, m);
  PieceAllDifferent<SmallStore> p(m, s);
  REQUIRE(p.propagate(s) == Status::ok);
  // corners: cells 0, 2, 6, 8 share the four corner pieces; restrict cells 0 and 2 to two of them
  std::vector<int> corners;
  for (int q = 0; q < m.piece_count(); ++q)
    if (grey_count(m.puzzle().pieces[static_cast<std::size_t>(q)]) == 2) corners.push_back(q);
  REQUIRE(corners.size() == 4);
  SmallDomain two =
      SmallDomain::from_words(m.piece_mask(corners[0])) | SmallDomain::from_words(m.piece_mask(corners[1]));
  s.push_level();
  (void)s.intersect(0, two);
  (void)s.intersect(2, two);
  REQUIRE(p.propagate(s) == Status::ok);
  REQUIRE_FALSE(s.domain(6).intersects(two));
  REQUIRE_FALSE(s.domain(8).intersects(two));
  s.pop_level();
  REQUIRE(s.domain(6).intersects(two));
}

TEST_CASE("the all-different gate holds the filter back until enough cells are assigned, then catches up",
          "[piece_all_different]") {
  const Model m = random_model(4, 4, 1, 3, 5);
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    SmallStore gated_store(16, static_cast<std::size_t>(m.candidate_count()));
    SmallStore plain_store(16, static_cast<std::size_t>(m.candidate_count()));
    load_static_domains(gated_store, m);
    load_static_domains(plain_store, m);
    PieceAllDifferent<SmallStore> gated(m, gated_store), plain(m, plain_store);
    gated.set_min_assigned(3);
    Rng a(seed), b(seed);
    random_ops(gated_store, a, 2, 3);
    random_ops(plain_store, b, 2, 3);  // the same operations on both stores
    int assigned = 0;
    for (std::size_t c = 0; c < 16; ++c) assigned += gated_store.is_assigned(c);
    const Domains before = snapshot(gated_store);
    const bool ok = gated.propagate(gated_store) == Status::ok;
    if (assigned < 3) {
      REQUIRE(ok);
      REQUIRE(snapshot(gated_store) == before);  // held back
      REQUIRE(gated.stats().calls == 0);
    }
    // once past the gate it reaches the ungated filter's fixpoint from the same domains
    for (std::size_t c = 0; c < 16 && assigned < 3; ++c)
      if (!gated_store.is_assigned(c)) {
        std::size_t v = 0;
        gated_store.for_each(c, [&](std::size_t x) { v = x; });
        if (gated_store.empty(c)) break;
        (void)gated_store.assign(c, v);
        (void)plain_store.assign(c, v);
        ++assigned;
      }
    const bool g_ok = gated.propagate(gated_store) == Status::ok;
    const bool p_ok = plain.propagate(plain_store) == Status::ok;
    REQUIRE(g_ok == p_ok);
    if (g_ok) REQUIRE(snapshot(gated_store) == snapshot(plain_store));
  }
}
