#include "edgecp/propagators/colour_matching.hpp"

#include "edgecp/propagators/arc_consistency.hpp"
#include "edgecp/propagators/piece_all_different.hpp"
#include "edgecp/search/solver.hpp"
#include "support/propagator_harness.hpp"

using namespace edgecp;
using namespace edgecp::test;

static_assert(Propagator<ColourMatching<SmallStore>, SmallStore>);

namespace {
/// The filter from scratch on a fresh store holding the same domains: the incremental (warm-started)
/// filter inside a search must reach the same result.
bool from_scratch(const Model& m, Domains& d) {
  SmallStore s(d.size(), static_cast<std::size_t>(m.candidate_count()));
  for (std::size_t c = 0; c < d.size(); ++c) s.set_domain(c, d[c]);
  ColourMatching<SmallStore> p(m, s);
  if (p.propagate(s) == Status::failed) return false;
  d = snapshot(s);
  return true;
}

/// Runs propagators to a common fixpoint.
template <class... P>
bool fixpoint(SmallStore& s, P&... p) {
  for (std::size_t seen = ~std::size_t{0}; seen != s.log_size();) {
    seen = s.log_size();
    if (((p.propagate(s) == Status::failed) || ...)) return false;
  }
  return true;
}
}  // namespace

TEST_CASE("colour matching never loses a solution", "[colour_matching]") {
  REQUIRE(check_soundness<ColourMatching>(60, 11000) >= 600);
}

TEST_CASE("colour matching inside a search equals a from-scratch run, is idempotent and round-trips",
          "[colour_matching]") {
  REQUIRE(check_against_closure<ColourMatching>(from_scratch, 120, 12000) > 800);
}

TEST_CASE("colour matching prunes consistent states that arc consistency leaves alone, soundly",
          "[colour_matching]") {
  // States: some cells assigned as in the planted solution, then arc consistency to its fixpoint. (Against
  // arc consistency plus the piece all-different we found no such state on 4x4 to 6x6 boards: see
  // docs/results.md.)
  int found = 0, checked = 0;
  for (std::uint64_t seed = 1; seed <= 100 && found < 5; ++seed) {
    auto gen = generate({4, 4, 2, 3, seed, false});
    const Model m(gen.puzzle);
    const Board planted = gen.planted_board(m);
    const auto sols = all_solutions(m);
    Rng rng(seed);
    SmallStore s(16, static_cast<std::size_t>(m.candidate_count()));
    load_static_domains(s, m);
    ArcConsistency<SmallStore> ac(m, s);
    ColourMatching<SmallStore> colour(m, s);
    for (int i = 0; i < 3; ++i) {
      const std::size_t c = rng.below(16);
      (void)s.assign(c, static_cast<std::size_t>(planted.cells[c]));
    }
    if (!fixpoint(s, ac)) continue;
    const Domains before = snapshot(s);
    const bool ok = colour.propagate(s) == Status::ok;
    ++checked;
    REQUIRE(ok);  // the planted board lies inside the domains
    const Domains after = snapshot(s);
    if (after == before) continue;
    ++found;
    for (const Board& b : sols)
      if (inside(b, before)) REQUIRE(inside(b, after));
  }
  INFO("checked " << checked);
  REQUIRE(found >= 5);
}

TEST_CASE("the matching alone deletes nothing that AC plus the piece all-different keep",
          "[colour_matching]") {
  // docs/design.md argues it: any perfect piece matching, with any rotations left in the domains, saturates
  // every colour's graph. Checked on random states at the AC + all-different fixpoint.
  int states = 0;
  for (std::uint64_t seed = 1; seed <= 250; ++seed) {
    auto gen = generate({4, 4, 2, 3, seed, false});
    const Model m(gen.puzzle);
    const Board planted = gen.planted_board(m);
    Rng rng(seed * 7 + 1);
    SmallStore s(16, static_cast<std::size_t>(m.candidate_count()));
    load_static_domains(s, m);
    ArcConsistency<SmallStore> ac(m, s);
    PieceAllDifferent<SmallStore> alldiff(m, s);
    ColourMatching<SmallStore> colour(m, s);
    colour.set_balance(false);
    for (int i = 0, n = static_cast<int>(rng.below(4)); i < n; ++i) {
      const std::size_t c = rng.below(16);
      (void)s.assign(c, static_cast<std::size_t>(planted.cells[c]));
    }
    random_ops(s, rng, 0, static_cast<int>(rng.below(40)));  // deletions
    if (!fixpoint(s, ac, alldiff)) continue;
    const Domains before = snapshot(s);
    const bool ok = colour.propagate(s) == Status::ok;
    INFO("seed " << seed);
    REQUIRE(ok);
    REQUIRE(snapshot(s) == before);
    ++states;
  }
  REQUIRE(states >= 100);
}

TEST_CASE("the checkerboard balance prunes a constructed state that AC plus all-different leave alone",
          "[colour_matching]") {
  // Colour k: the pieces that show k in the planted board's even cells are kept out of the odd cells (by
  // deletions). They fill the even cells' share of k, so every other piece showing k must avoid even cells;
  // arc consistency and the all-different do not see it, the balance does.
  const Geometry g(4, 4);
  auto even = [&](int c) { return ((g.row(c) + g.col(c)) & 1) == 0; };
  int constructed = 0;
  for (std::uint64_t seed = 1; seed <= 40 && constructed < 3; ++seed) {
    auto gen = generate({4, 4, 2, 3, seed, false});
    const Model m(gen.puzzle);
    const Board planted = gen.planted_board(m);
    for (int k = 1; k < m.colour_count() && constructed < 3; ++k) {
      std::vector<int> even_pieces, odd_pieces;  // pieces showing k, by the parity of their planted cell
      for (int c = 0; c < 16; ++c) {
        const int p = m.piece_of(planted.cells[static_cast<std::size_t>(c)]);
        const auto& cols = m.puzzle().pieces[static_cast<std::size_t>(p)].colours;
        if (std::find(cols.begin(), cols.end(), k) != cols.end())
          (even(c) ? even_pieces : odd_pieces).push_back(p);
      }
      SmallStore s(16, static_cast<std::size_t>(m.candidate_count()));
      load_static_domains(s, m);
      for (int c = 0; c < 16; ++c)
        if (!even(c))
          for (int p : even_pieces)
            for (int id = m.first_candidate(p); id < m.end_candidate(p); ++id)
              (void)s.remove(static_cast<std::size_t>(c), static_cast<std::size_t>(id));
      ArcConsistency<SmallStore> ac(m, s);
      PieceAllDifferent<SmallStore> alldiff(m, s);
      if (!fixpoint(s, ac, alldiff)) continue;
      // premise: some odd-cell piece showing k can still sit in an even cell
      auto odd_piece_in_even_cell = [&](const Domains& d) {
        for (int c = 0; c < 16; ++c)
          if (even(c))
            for (int p : odd_pieces)
              for (int id = m.first_candidate(p); id < m.end_candidate(p); ++id)
                if (d[static_cast<std::size_t>(c)].contains(static_cast<std::size_t>(id))) return true;
        return false;
      };
      const Domains before = snapshot(s);
      if (!odd_piece_in_even_cell(before)) continue;
      ColourMatching<SmallStore> colour(m, s);
      REQUIRE(colour.propagate(s) == Status::ok);
      const Domains after = snapshot(s);
      INFO("seed " << seed << " colour " << k);
      REQUIRE_FALSE(odd_piece_in_even_cell(after));  // the balance moved them all out
      for (const Board& b : all_solutions(m))
        if (inside(b, before)) REQUIRE(inside(b, after));  // and lost no solution
      REQUIRE(inside(planted, after));
      ++constructed;
    }
  }
  REQUIRE(constructed == 3);
}

TEST_CASE("colour matching is strict: under a budget it would delete the best board", "[colour_matching]") {
  // One join broken: a half-edge gets a colour nothing else has, so the best board has one mismatch.
  auto gen = generate({4, 4, 2, 3, 7, false});
  const Geometry g(4, 4);
  const auto pl = gen.planted[static_cast<std::size_t>(g.cell(1, 1))];
  gen.puzzle.pieces[static_cast<std::size_t>(pl.piece)]
      .colours[static_cast<std::size_t>((right - pl.rotation + 4) & 3)] = gen.puzzle.colour_count();
  const Model m(gen.puzzle);
  REQUIRE(ColourMatching<SmallStore>::strict);
  SearchOptions opt;
  opt.mode = SearchMode::count;
  opt.budget = MismatchBudget({1});
  using S = Solver<SmallDomain, ColourMatching, PieceAllDifferent>;
  const auto sound = S(m, opt).run();
  REQUIRE(sound.solutions > 0);
  REQUIRE(sound.propagators[0].switched_off);
  opt.keep_strict_under_budget = true;
  const auto unsound = S(m, opt).run();
  REQUIRE(unsound.solutions == 0);
}

TEST_CASE("the gate holds the filter back until enough cells are assigned", "[colour_matching]") {
  const Model m = random_model(4, 4, 1, 3, 5);
  SmallStore s(16, static_cast<std::size_t>(m.candidate_count()));
  load_static_domains(s, m);
  ColourMatching<SmallStore> p(m, s);
  p.set_min_assigned(5);
  REQUIRE(p.propagate(s) == Status::ok);
  REQUIRE(p.stats().calls == 0);
  Rng rng(3);
  s.push_level();
  random_ops(s, rng, 8, 0);
  int assigned = 0;
  for (std::size_t c = 0; c < 16; ++c) assigned += s.is_assigned(c);
  (void)p.propagate(s);
  REQUIRE((p.stats().calls > 0) == (assigned >= 5));
}
