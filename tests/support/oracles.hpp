// Test oracles: brute force, naive closures, random states, and a copying store.
#pragma once

#include <algorithm>
#include <cmath>
#include <functional>
#include <set>
#include <vector>

#include "edgecp/core/bit_domain.hpp"
#include "edgecp/core/domain_store.hpp"
#include "edgecp/propagators/arc_network.hpp"
#include "edgecp/puzzle/board.hpp"
#include "edgecp/puzzle/candidate_masks.hpp"
#include "edgecp/puzzle/generator.hpp"
#include "edgecp/puzzle/model.hpp"
#include "edgecp/search/solver.hpp"

namespace edgecp::test {

using SmallDomain = BitDomain<2>;  // up to 128 candidates: boards up to 5x6
using SmallStore = DomainStore<SmallDomain>;
using Domains = std::vector<SmallDomain>;

inline Model random_model(int w, int h, int frame, int inner, std::uint64_t seed, bool hint = false) {
  GeneratorOptions o{w, h, frame, inner, seed, hint};
  return Model(generate(o).puzzle);
}

/// Whether a tree-size estimate agrees with the count it estimates: within five standard errors (and a
/// rounding margin).
inline bool estimate_agrees(double estimate, double error, double truth) {
  return std::abs(estimate - truth) <= 5 * error + 1e-9 * std::max(1.0, truth);
}

/// The small puzzles the search oracles sweep: 3..5 x 3..4 boards, 1-2 frame and 3-4 inner colours, the
/// centre hint on every fifth seed (small enough to enumerate every solution).
inline Model varied_model(std::uint64_t seed) {
  return random_model(3 + static_cast<int>(seed % 3), 3 + static_cast<int>((seed / 3) % 2),
                      1 + static_cast<int>(seed % 2), 3 + static_cast<int>(seed % 2), seed, seed % 5 == 0);
}

/// The board holding the puzzle's hints and nothing else.
inline Board hints_board(const Model& m) {
  Board b(m.cell_count());
  for (int c = 0; c < m.cell_count(); ++c) b.cells[static_cast<std::size_t>(c)] = m.hint_candidate(c);
  return b;
}

template <class Store>
Domains snapshot(const Store& s) {
  Domains d;
  for (std::size_t c = 0; c < s.cell_count(); ++c) d.push_back(s.domain(c));
  return d;
}

/// Plain enumeration in reading order, independent of the library's searches: every complete board with each
/// piece once, grey exactly outside (checked from the geometry) and the hints kept; with `exact`, also every
/// join matching. With `max_breaks` >= 0 (and not `exact`), only boards whose joins between two frame cells
/// all match and with at most `max_breaks` mismatches in all (both order-independent, so a partial board
/// breaking them is cut). `visit(board)` is called for each and returns false to stop.
template <class Visit>
void enumerate_boards(const Model& m, bool exact, Visit visit, int max_breaks = -1) {
  const Geometry& g = m.geometry();
  Board b(m.cell_count());
  std::vector<char> used(static_cast<std::size_t>(m.piece_count()), 0);
  bool going = true;
  std::function<void(int, int)> rec = [&](int cell, int breaks) {
    if (cell == m.cell_count()) {
      going = visit(static_cast<const Board&>(b));
      return;
    }
    for (int id = 0; id < m.candidate_count() && going; ++id) {
      if (used[static_cast<std::size_t>(m.piece_of(id))]) continue;
      if (const int h = m.hint_candidate(cell); h >= 0 && h != id) continue;
      bool ok = true;
      int more = 0;
      for (int s = 0; s < 4 && ok; ++s) {
        ok = (m.colour(id, s) == grey) == g.faces_outside(cell, s);
        const int n = g.neighbour(cell, s);
        if (!ok || n < 0 || n > cell) continue;
        const bool match = m.colour(id, s) == m.colour(b.cells[static_cast<std::size_t>(n)], opposite(s));
        if (exact) ok = match;
        if (max_breaks >= 0 && !match) {
          ok = !(g.on_frame(cell) && g.on_frame(n));
          ++more;
        }
      }
      if (!ok || (max_breaks >= 0 && breaks + more > max_breaks)) continue;
      used[static_cast<std::size_t>(m.piece_of(id))] = 1;
      b.cells[static_cast<std::size_t>(cell)] = id;
      rec(cell + 1, breaks + more);
      b.cells[static_cast<std::size_t>(cell)] = -1;
      used[static_cast<std::size_t>(m.piece_of(id))] = 0;
    }
  };
  rec(0, 0);
}

/// Every complete exact board (enumerate_boards), at most `cap` of them.
inline std::vector<Board> all_solutions(const Model& m, std::size_t cap = 100000) {
  std::vector<Board> out;
  enumerate_boards(m, true, [&](const Board& b) {
    out.push_back(b);
    return out.size() < cap;
  });
  return out;
}

/// Every complete board (pieces once, grey exactly outside, hints kept) that a budgeted search over `order`
/// may reach: after the p-th placement of the order (hints excluded) at most budget.allowed(p) joins among
/// placed cells mismatch, and joins between two frame cells always match. Enumeration in reading order cut
/// only by what holds whatever the order (frame joins match, at most the budget's total of breaks); each
/// board is then checked against the order's budget steps.
inline std::vector<Board> all_budget_boards(const Model& m, const std::vector<int>& order,
                                            const MismatchBudget& budget) {
  const Geometry& g = m.geometry();
  std::vector<int> position(static_cast<std::size_t>(m.cell_count()), 0);  // 0 = hint
  for (std::size_t i = 0; i < order.size(); ++i)
    position[static_cast<std::size_t>(order[i])] = static_cast<int>(i) + 1;
  auto feasible = [&](const Board& b) {
    std::vector<int> broken_at(order.size() + 1, 0);  // mismatches closed by placement p
    for (int c = 0; c < m.cell_count(); ++c)
      for (int s : {right, down}) {
        const int n = g.neighbour(c, s);
        if (n < 0) continue;
        if (m.colour(b.cells[static_cast<std::size_t>(c)], s) ==
            m.colour(b.cells[static_cast<std::size_t>(n)], opposite(s)))
          continue;
        if (g.on_frame(c) && g.on_frame(n)) return false;
        ++broken_at[static_cast<std::size_t>(
            std::max(position[static_cast<std::size_t>(c)], position[static_cast<std::size_t>(n)]))];
      }
    int total = broken_at[0];
    for (std::size_t p = 1; p <= order.size(); ++p) {
      total += broken_at[p];
      if (total > budget.allowed(static_cast<int>(p))) return false;
    }
    return broken_at[0] == 0;
  };
  std::vector<Board> out;
  enumerate_boards(
      m, false,
      [&](const Board& b) {
        if (feasible(b)) out.push_back(b);
        return true;
      },
      budget.allowed(static_cast<int>(order.size())));
  return out;
}

/// A solution lies inside the domains.
inline bool inside(const Board& b, const Domains& d) {
  for (std::size_t c = 0; c < d.size(); ++c)
    if (!d[c].contains(static_cast<std::size_t>(b.cells[c]))) return false;
  return true;
}

/// AC-1 (re-revise every arc until a full pass changes nothing) on any binary constraint network.
/// Returns false on a wipe-out; `revisions` counts arc revisions.
template <class Constraint>
bool ac1_closure(const Constraint& con, Domains& d, long* revisions = nullptr) {
  const auto arcs = con.arcs();
  bool changed = true;
  while (changed) {
    changed = false;
    for (const Arc& arc : arcs) {
      if (revisions) ++*revisions;
      SmallDomain keep;
      auto& dx = d[static_cast<std::size_t>(arc.x)];
      const auto& dy = d[static_cast<std::size_t>(arc.y)];
      dx.for_each([&](std::size_t a) {
        bool sup = false;
        dy.for_each([&](std::size_t b) { sup = sup || con.compatible(arc, a, b); });
        if (sup) keep.insert(a);
      });
      if (!(keep == dx)) {
        dx = keep;
        changed = true;
        if (keep.empty()) return false;
      }
    }
  }
  return true;
}
inline bool ac1_closure(const Model& m, Domains& d, long* revisions = nullptr) {
  return ac1_closure(EdgeMatching(m), d, revisions);
}

/// Forward-checking closure: repeat until nothing changes: every singleton cell removes its piece from every
/// other cell and restricts each neighbour to its facing colour. Returns false on a wipe-out.
inline bool fc_closure(const Model& m, Domains& d) {
  const Geometry& g = m.geometry();
  bool changed = true;
  while (changed) {
    changed = false;
    for (int c = 0; c < g.cell_count(); ++c) {
      const auto& dc = d[static_cast<std::size_t>(c)];
      if (dc.empty()) return false;
      if (!dc.is_singleton()) continue;
      const int a = static_cast<int>(dc.first());
      for (int o = 0; o < g.cell_count(); ++o) {
        if (o == c) continue;
        auto& dom = d[static_cast<std::size_t>(o)];
        for (int id = m.first_candidate(m.piece_of(a)); id < m.end_candidate(m.piece_of(a)); ++id)
          if (dom.contains(static_cast<std::size_t>(id))) {
            dom.erase(static_cast<std::size_t>(id));
            changed = true;
          }
      }
      for (int s = 0; s < 4; ++s) {
        const int n = g.neighbour(c, s);
        if (n < 0) continue;
        auto& dn = d[static_cast<std::size_t>(n)];
        SmallDomain keep;
        dn.for_each([&](std::size_t b) {
          if (m.colour(static_cast<int>(b), opposite(s)) == m.colour(a, s)) keep.insert(b);
        });
        if (!(keep == dn)) {
          dn = keep;
          changed = true;
        }
      }
    }
  }
  for (const auto& x : d)
    if (x.empty()) return false;
  return true;
}

/// Random reachable state: random assignments and deletions on a store (at its current level).
template <class Store>
void random_ops(Store& s, Rng& rng, int assignments, int deletions) {
  const std::size_t n = s.cell_count();
  for (int i = 0; i < assignments; ++i) {
    const std::size_t c = static_cast<std::size_t>(rng.below(n));
    std::vector<std::size_t> vals;
    s.for_each(c, [&](std::size_t v) { vals.push_back(v); });
    if (vals.empty()) continue;
    (void)s.assign(c, vals[static_cast<std::size_t>(rng.below(vals.size()))]);
  }
  for (int i = 0; i < deletions; ++i) {
    const std::size_t c = static_cast<std::size_t>(rng.below(n));
    std::vector<std::size_t> vals;
    s.for_each(c, [&](std::size_t v) { vals.push_back(v); });
    if (vals.size() <= 1) continue;
    (void)s.remove(c, vals[static_cast<std::size_t>(rng.below(vals.size()))]);
  }
}

/// A store that saves every domain on push (tests only): the reference for the trail.
template <class Domain>
class CopyingStore {
 public:
  CopyingStore(std::size_t cells) : d_(cells) {}
  void push_level() { saved_.push_back(d_); }
  void pop_level() {
    d_ = saved_.back();
    saved_.pop_back();
  }
  const Domain& domain(std::size_t c) const { return d_[c]; }
  void set_domain(std::size_t c, const Domain& x) { d_[c] = x; }
  void remove(std::size_t c, std::size_t v) { d_[c].erase(v); }
  void intersect(std::size_t c, const Domain& m) { d_[c] &= m; }
  void subtract(std::size_t c, const Domain& m) { d_[c].subtract(m); }
  void assign(std::size_t c, std::size_t v) {
    const bool had = d_[c].contains(v);
    d_[c].clear();
    if (had) d_[c].insert(v);
  }

 private:
  std::vector<Domain> d_;
  std::vector<std::vector<Domain>> saved_;
};

inline std::string shared_data(const std::string& rel) {
#ifdef EDGECP_SHARED_DATA
  return std::string(EDGECP_SHARED_DATA) + "/" + rel;
#else
  return "../shared/data/" + rel;
#endif
}

/// The fewest mismatches on the joins touching an empty cell of `partial` over every way of filling its empty
/// cells with the unused pieces (any rotation the frame allows), by brute force; -1 when none fits.
inline int fewest_added(const Model& m, Board partial) {
  const Geometry& g = m.geometry();
  std::vector<int> empty, left;
  std::vector<char> used(static_cast<std::size_t>(m.piece_count()), 0);
  for (int c = 0; c < m.cell_count(); ++c) {
    const int id = partial.cells[static_cast<std::size_t>(c)];
    if (id < 0)
      empty.push_back(c);
    else
      used[static_cast<std::size_t>(m.piece_of(id))] = 1;
  }
  for (int p = 0; p < m.piece_count(); ++p)
    if (!used[static_cast<std::size_t>(p)]) left.push_back(p);
  std::vector<char> is_empty(static_cast<std::size_t>(m.cell_count()), 0);
  for (int c : empty) is_empty[static_cast<std::size_t>(c)] = 1;
  int best = -1;
  std::function<void(std::size_t)> fill = [&](std::size_t i) {
    if (i == empty.size()) {
      int mism = 0;
      for (int c = 0; c < m.cell_count(); ++c)
        for (int s : {right, down}) {
          const int nb = g.neighbour(c, s);
          if (nb < 0 || !(is_empty[static_cast<std::size_t>(c)] || is_empty[static_cast<std::size_t>(nb)]))
            continue;
          mism += m.colour(partial.cells[static_cast<std::size_t>(c)], s) !=
                          m.colour(partial.cells[static_cast<std::size_t>(nb)], opposite(s))
                      ? 1
                      : 0;
        }
      if (best < 0 || mism < best) best = mism;
      return;
    }
    const int cell = empty[i];
    for (int& p : left) {
      if (p < 0) continue;
      const int piece = p;
      p = -1;
      for (int id = m.first_candidate(piece); id < m.end_candidate(piece); ++id)
        if (Model::test(m.static_domain(cell), id)) {
          partial.cells[static_cast<std::size_t>(cell)] = id;
          fill(i + 1);
        }
      partial.cells[static_cast<std::size_t>(cell)] = -1;
      p = piece;
    }
  };
  fill(0);
  return best;
}

}  // namespace edgecp::test
