#include "edgecp/propagators/compact_consistency.hpp"

#include <catch2/catch.hpp>

#include "support/oracles.hpp"

using namespace edgecp;
using namespace edgecp::test;

namespace {

using Compact = CompactConsistency<2>;  // up to 32 pieces: the oracles' boards

/// The fixpoint CompactConsistency claims, computed naively: AC-1 on every join, a singleton's piece crossed
/// off every other cell, a piece found in one cell only (and in no singleton) restricted there; false on a
/// wipe-out or a piece with no cell left.
bool compact_closure(const Model& m, Domains& d) {
  const int cells = m.cell_count();
  bool changed = true;
  while (changed) {
    changed = false;
    if (!ac1_closure(m, d)) return false;
    for (int c = 0; c < cells; ++c) {
      const auto& dc = d[static_cast<std::size_t>(c)];
      if (!dc.is_singleton()) continue;
      const int p = m.piece_of(static_cast<int>(dc.first()));
      for (int o = 0; o < cells; ++o)
        for (int id = m.first_candidate(p); id < m.end_candidate(p) && o != c; ++id)
          if (d[static_cast<std::size_t>(o)].contains(static_cast<std::size_t>(id))) {
            d[static_cast<std::size_t>(o)].erase(static_cast<std::size_t>(id));
            changed = true;
          }
    }
    for (int p = 0; p < m.piece_count(); ++p) {
      std::vector<int> where;
      bool placed = false;
      for (int c = 0; c < cells; ++c)
        for (int id = m.first_candidate(p); id < m.end_candidate(p); ++id)
          if (d[static_cast<std::size_t>(c)].contains(static_cast<std::size_t>(id))) {
            placed = placed || d[static_cast<std::size_t>(c)].is_singleton();
            if (where.empty() || where.back() != c) where.push_back(c);
          }
      if (where.empty()) return false;
      if (placed || where.size() > 1) continue;
      SmallDomain only;
      auto& dc = d[static_cast<std::size_t>(where[0])];
      for (int id = m.first_candidate(p); id < m.end_candidate(p); ++id)
        if (dc.contains(static_cast<std::size_t>(id))) only.insert(static_cast<std::size_t>(id));
      if (!(only == dc)) {
        dc = only;
        changed = true;
      }
    }
    for (const auto& x : d)
      if (x.empty()) return false;
  }
  return true;
}

Domains domains_of(const Model& m, const Compact& p) {
  Domains d(static_cast<std::size_t>(m.cell_count()));
  for (int c = 0; c < m.cell_count(); ++c)
    Compact::for_each(p.domain(c), [&](int slot) {
      d[static_cast<std::size_t>(c)].insert(static_cast<std::size_t>(p.candidate_of_slot(slot)));
    });
  return d;
}

Domains static_domains(const Model& m) {
  Domains d;
  for (int c = 0; c < m.cell_count(); ++c) d.push_back(SmallDomain::from_words(m.static_domain(c)));
  return d;
}

/// Everything a level must restore: domains, colour sets, assignments.
struct Snapshot {
  Domains domains;
  std::vector<std::uint64_t> shown;
  std::vector<int> slots;
  int assigned = 0;
  bool operator==(const Snapshot&) const = default;
};
Snapshot snapshot_of(const Model& m, const Compact& p) {
  Snapshot s{domains_of(m, p), {}, {}, p.assigned_count()};
  for (int c = 0; c < m.cell_count(); ++c) {
    s.slots.push_back(p.assigned_slot(c));
    for (int side = 0; side < 4; ++side) s.shown.push_back(p.shown(c, side));
  }
  return s;
}

/// A random decision or refutation on an unassigned cell: (cell, slot, is_assignment), or cell -1.
struct Op {
  int cell = -1, slot = -1;
  bool assign = false;
};
Op random_op(const Model& m, const Compact& p, Rng& rng) {
  std::vector<int> open;
  for (int c = 0; c < m.cell_count(); ++c)
    if (!p.assigned(c)) open.push_back(c);
  if (open.empty()) return {};
  const int c = open[static_cast<std::size_t>(rng.below(open.size()))];
  std::vector<int> slots;
  Compact::for_each(p.domain(c), [&](int s) { slots.push_back(s); });
  return {c, slots[static_cast<std::size_t>(rng.below(slots.size()))], rng.below(3) == 0};
}

}  // namespace

TEST_CASE("slots map one to one onto the model's candidates", "[compact_consistency]") {
  const Model m = random_model(4, 4, 1, 2, 3);  // few colours: symmetric pieces, fewer candidates than slots
  Compact p(m);
  for (int id = 0; id < m.candidate_count(); ++id) {
    const int slot = p.slot_of_candidate(id);
    REQUIRE(slot / 4 == m.piece_of(id));
    REQUIRE(p.candidate_of_slot(slot) == id);
  }
  REQUIRE_THROWS_AS(CompactConsistency<1>(random_model(5, 5, 2, 3, 1)), std::invalid_argument);
}

TEST_CASE("the root fixpoint is exactly the naive closure of the static domains", "[compact_consistency]") {
  int compared = 0;
  for (std::uint64_t seed = 1; seed <= 120; ++seed) {
    const bool hint = seed % 3 == 0;
    const Model m = random_model(3 + static_cast<int>(seed % 3), 3 + static_cast<int>(seed % 2),
                                 1 + static_cast<int>(seed % 2), 2 + static_cast<int>(seed % 3), seed, hint);
    Compact p(m);
    p.push_level();
    const bool ok = p.propagate_all() == Status::ok;
    Domains d = static_domains(m);
    REQUIRE(ok == compact_closure(m, d));
    if (!ok) continue;
    REQUIRE(domains_of(m, p) == d);
    ++compared;
  }
  REQUIRE(compared > 60);
}

TEST_CASE("after every decision and refutation the state is exactly the naive closure, nothing is lost",
          "[compact_consistency]") {
  int compared = 0, failed = 0, kept = 0;
  for (std::uint64_t seed = 1; seed <= 150; ++seed) {
    const Model m = random_model(4 + static_cast<int>(seed % 2), 4, 1 + static_cast<int>(seed % 2),
                                 2 + static_cast<int>(seed % 3), seed, seed % 4 == 0);
    const auto sols = all_solutions(m, 2000);
    Compact p(m);
    p.push_level();
    if (p.propagate_all() == Status::failed) {
      REQUIRE(sols.empty());
      continue;
    }
    for (const Board& b : sols) REQUIRE(inside(b, domains_of(m, p)));  // soundness at the root
    Rng rng(seed * 7 + 1);
    for (int step = 0; step < 12; ++step) {
      const Op op = random_op(m, p, rng);
      if (op.cell < 0) break;
      Domains d = domains_of(m, p);
      auto& dc = d[static_cast<std::size_t>(op.cell)];
      const auto id = static_cast<std::size_t>(p.candidate_of_slot(op.slot));
      if (op.assign) {
        dc = SmallDomain{};
        dc.insert(id);
      } else {
        dc.erase(id);
      }
      const bool oracle_ok = compact_closure(m, d);
      const Domains before = domains_of(m, p);
      const Status st = op.assign ? p.assign(op.cell, op.slot) : p.remove(op.cell, op.slot);
      REQUIRE((st == Status::ok) == oracle_ok);
      if (st == Status::failed) {
        ++failed;
        break;  // a failed node is abandoned by the search: its state is undefined until pop_level
      }
      REQUIRE(domains_of(m, p) == d);  // strength: exactly the closure
      for (const Board& b : sols)      // soundness: a solution inside before the operation stays inside
        if (inside(b, before) &&
            (b.cells[static_cast<std::size_t>(op.cell)] == static_cast<int>(id)) == op.assign) {
          REQUIRE(inside(b, domains_of(m, p)));
          ++kept;
        }
      ++compared;
    }
  }
  REQUIRE(compared > 300);
  REQUIRE(failed > 20);
  REQUIRE(kept > 50);
}

TEST_CASE("propagation is idempotent: a second full pass changes nothing", "[compact_consistency]") {
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    const Model m = random_model(4, 4, 1 + static_cast<int>(seed % 2), 2 + static_cast<int>(seed % 3), seed);
    Compact p(m);
    p.push_level();
    if (p.propagate_all() == Status::failed) continue;
    Rng rng(seed);
    for (int step = 0; step < 4; ++step) {
      const Op op = random_op(m, p, rng);
      if (op.cell < 0) break;
      p.push_level();
      if ((op.assign ? p.assign(op.cell, op.slot) : p.remove(op.cell, op.slot)) == Status::failed) {
        p.pop_level();
        continue;
      }
      const Domains once = domains_of(m, p);
      REQUIRE(p.propagate_all() == Status::ok);
      REQUIRE(domains_of(m, p) == once);
      ++checked;
    }
  }
  REQUIRE(checked > 80);
}

TEST_CASE("pop_level restores domains, colour sets and assignments exactly", "[compact_consistency]") {
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const Model m = random_model(5, 4, 2, 3, seed, seed % 2 == 0);
    Compact p(m);
    p.push_level();
    if (p.propagate_all() == Status::failed) continue;
    Rng rng(seed * 3);
    std::vector<Snapshot> saved;
    for (int step = 0; step < 10; ++step) {  // nested levels, some of them failing
      const Op op = random_op(m, p, rng);
      if (op.cell < 0) break;
      saved.push_back(snapshot_of(m, p));
      p.push_level();
      if ((op.assign ? p.assign(op.cell, op.slot) : p.remove(op.cell, op.slot)) == Status::failed) break;
    }
    while (!saved.empty()) {
      p.pop_level();
      REQUIRE(snapshot_of(m, p) == saved.back());
      saved.pop_back();
    }
    REQUIRE(p.level() == 1);
  }
}
