// The per-colour matching filter: the half-edges of each colour must find distinct join ends.
#pragma once

#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "edgecp/core/propagator.hpp"
#include "edgecp/graph/bipartite_matching.hpp"
#include "edgecp/graph/regin.hpp"
#include "edgecp/puzzle/model.hpp"

namespace edgecp {

/// For each colour k other than grey, a bipartite graph: left nodes are the half-edges of colour k (piece,
/// side index); right nodes are the join ends (cell, side) of inner joins. An edge links half-edge (p, i) and
/// end (c, s) when the candidate (p, r = s - i mod 4) is in c's domain and the neighbour across s can still
/// show k on the facing side. In an exact solution every half-edge sits on a distinct join end, and every end
/// facing an assigned neighbour that shows k ("forced") is covered. The filter deletes every edge in no
/// matching that saturates the half-edges and covers the forced ends, and with it the candidate that would
/// put that half-edge there; it fails when no such matching exists or when a colour has an odd number of
/// half-edges (they pair up across joins).
///
/// Method: the matchings wanted are the perfect matchings of the graph extended with |ends| - |half-edges|
/// interchangeable "filler" nodes adjacent to every unforced end, filtered by Regin's SCC rule (Regin, AAAI
/// 1994; ReginCore, whose node F stands for all fillers: an unforced end is releasable). Per colour, in named
/// steps: index the edges, mark the forced ends, repair the matching and cover the forced ends, apply Régin.
/// The per-colour all-different idea for edge matching: Ansotegui, Bejar, Fernandez & Mateu, "Edge matching
/// puzzles as hard SAT/CSP benchmarks", CP 2008 workshop; the exact definition here is ours (docs/design.md).
///
/// Strengthened by the checkerboard balance (balance() below): AC plus the piece all-different already imply
/// everything the matching alone deletes (docs/design.md has the argument), the balance does not.
///
/// Each call rebuilds every colour's graph from the domains and repeats until no deletion: O(sum of domain
/// sizes) to build plus matching repair and O(V + E) per colour. Expensive early, cheap deep: a gate runs it
/// only once `min_assigned` cells are assigned. Strict: a mismatch budget makes it unsound.
template <class Store>
class ColourMatching {
 public:
  using Domain = typename Store::domain_type;
  static constexpr bool strict = true;
  static constexpr std::string_view name = "colour";

  ColourMatching(const Model& m, Store& s) : model_(&m), sub_(s.subscribe()) {
    const int np = m.piece_count();
    const int colours = m.colour_count();
    left_of_colour_.assign(static_cast<std::size_t>(colours), {});
    for (int p = 0; p < np; ++p)
      for (int i = 0; i < 4; ++i) {
        const int k = m.puzzle().pieces[static_cast<std::size_t>(p)].colours[static_cast<std::size_t>(i)];
        if (k == grey) continue;
        left_of_colour_[static_cast<std::size_t>(k)].push_back(p * 4 + i);
      }
    for (int k = 0; k < colours; ++k)
      if (left_of_colour_[static_cast<std::size_t>(k)].size() % 2 != 0) odd_colour_ = true;
    // local index of half-edge h (p*4+i) within its colour
    local_.assign(static_cast<std::size_t>(np) * 4, -1);
    for (int k = 0; k < colours; ++k) {
      const auto& l = left_of_colour_[static_cast<std::size_t>(k)];
      for (std::size_t j = 0; j < l.size(); ++j) local_[static_cast<std::size_t>(l[j])] = static_cast<int>(j);
    }
    const int ends = m.cell_count() * 4;
    matchings_.resize(static_cast<std::size_t>(colours));
    for (int k = 1; k < colours; ++k)
      matchings_[static_cast<std::size_t>(k)].reset(
          static_cast<int>(left_of_colour_[static_cast<std::size_t>(k)].size()), ends);
  }

  /// The checkerboard balance stage (on by default); off leaves the matching alone.
  void set_balance(bool on) { balance_on_ = on; }

  /// Run only when at least this many cells are assigned (0: always).
  void set_min_assigned(int n) { gate_.set_min_assigned(n); }
  int min_assigned() const { return gate_.min_assigned(); }

  Status propagate(Store& s) {
    if (s.cursor(sub_) == s.log_size()) return Status::ok;  // nothing changed since the last full run
    if (!gate_.open(s)) return Status::ok;                  // gated: the events stay pending for later
    CallCounter<Store> count(stats_, s);
    if (odd_colour_) return count.fail();
    while (true) {
      ++stats_.revisions;
      build(s);
      bool removed = false;
      for (int k = 1; k < model_->colour_count(); ++k) {
        if (!filter_colour(k)) return count.fail();
      }
      if (balance_on_ && !balance(s)) return count.fail();
      for (const auto& [cell, cand] : dead_)
        removed |= s.remove(static_cast<std::size_t>(cell), static_cast<std::size_t>(cand));
      for (std::size_t c = 0; c < s.cell_count(); ++c)
        if (s.empty(c)) return count.fail();
      if (!removed) break;
    }
    s.consume(sub_);
    return Status::ok;
  }

  const PropagatorStats& stats() const { return stats_; }
  PropagatorStats& stats() { return stats_; }

 private:
  struct Edge {
    int left;  // local half-edge index within the colour
    int end;   // join end: cell * 4 + side
    int cand;  // the candidate that puts the half-edge there
  };

  /// Collects every colour's edges from the domains, and the forced ends.
  void build(const Store& s) {
    const Geometry& g = model_->geometry();
    const int colours = model_->colour_count();
    const std::size_t ncells = s.cell_count();
    // colours each (cell, side) can still show
    show_.assign(ncells * 4, 0);
    for (std::size_t c = 0; c < ncells; ++c)
      s.for_each(c, [&](std::size_t a) {
        for (int sd = 0; sd < 4; ++sd)
          show_[c * 4 + static_cast<std::size_t>(sd)] |= std::uint64_t{1}
                                                         << model_->colour(static_cast<int>(a), sd);
      });
    edges_.resize(static_cast<std::size_t>(colours));
    for (auto& e : edges_) e.clear();  // keep each colour's capacity from call to call
    forced_.assign(ncells * 4, 0);
    for (std::size_t c = 0; c < ncells; ++c) {
      std::uint64_t facing[4] = {0, 0, 0, 0};  // colours the neighbour across each side can show there
      for (int sd = 0; sd < 4; ++sd) {
        const int n = g.neighbour(static_cast<int>(c), sd);
        if (n < 0) continue;
        facing[sd] = show_[static_cast<std::size_t>(n) * 4 + static_cast<std::size_t>(opposite(sd))];
        if (s.is_assigned(static_cast<std::size_t>(n)))
          forced_[c * 4 + static_cast<std::size_t>(sd)] = 1;  // forced for the one colour n shows
      }
      s.for_each(c, [&](std::size_t a) {  // one pass over the domain: the edges of all four sides
        const auto cand = model_->candidate(static_cast<int>(a));
        for (int sd = 0; sd < 4; ++sd) {
          const int k = model_->colour(static_cast<int>(a), sd);
          if (k == grey || !((facing[sd] >> k) & 1U)) continue;  // grey, or no partner (border: facing 0)
          const int i = (sd - cand.rotation + 4) & 3;
          edges_[static_cast<std::size_t>(k)].push_back(
              {local_[static_cast<std::size_t>(cand.piece * 4 + i)],
               static_cast<int>(c * 4 + static_cast<std::size_t>(sd)), static_cast<int>(a)});
          ++stats_.checks;
        }
      });
    }
    dead_.clear();
  }

  /// Regin on one colour; false when no matching saturates the half-edges and covers the forced ends.
  bool filter_colour(int k) {
    const auto& edges = edges_[static_cast<std::size_t>(k)];
    const int nl = static_cast<int>(left_of_colour_[static_cast<std::size_t>(k)].size());
    if (nl == 0) return true;
    const int nends = static_cast<int>(forced_.size());
    index_edges(edges, nl, nends);
    if (mark_forced(k) > nl) return false;
    BipartiteMatching& mt = matchings_[static_cast<std::size_t>(k)];
    if (!repair_matching(mt, edges, nl, nends)) return false;
    regin_.analyse(
        mt, nl,
        [&](int e, auto&& visit) {
          for (int j = by_end_start_[static_cast<std::size_t>(e)];
               j < by_end_start_[static_cast<std::size_t>(e) + 1]; ++j)
            visit(edges[static_cast<std::size_t>(by_end_[static_cast<std::size_t>(j)])].left);
        },
        [&](int e) { return forced_k_[static_cast<std::size_t>(e)] == 0; },
        [&](auto&& visit) {
          for (const Edge& ed : edges)
            if (mt.match_of_right(ed.end) < 0) visit(ed.left);
        });
    for (const Edge& ed : edges)
      if (!regin_.keeps(ed.left, ed.end)) dead_.emplace_back(ed.end / 4, ed.cand);
    stats_.checks += edges.size();
    return true;
  }

  /// The colour's edges as two CSR indexes: by half-edge (by_left_) and by join end (by_end_).
  void index_edges(const std::vector<Edge>& edges, int nl, int nends) {
    by_left_start_.assign(static_cast<std::size_t>(nl) + 1, 0);
    by_end_start_.assign(static_cast<std::size_t>(nends) + 1, 0);
    for (const Edge& e : edges) {
      ++by_left_start_[static_cast<std::size_t>(e.left) + 1];
      ++by_end_start_[static_cast<std::size_t>(e.end) + 1];
    }
    for (int l = 0; l < nl; ++l)
      by_left_start_[static_cast<std::size_t>(l) + 1] += by_left_start_[static_cast<std::size_t>(l)];
    for (int e = 0; e < nends; ++e)
      by_end_start_[static_cast<std::size_t>(e) + 1] += by_end_start_[static_cast<std::size_t>(e)];
    by_left_.resize(edges.size());
    by_end_.resize(edges.size());
    fill_.assign(by_left_start_.begin(), by_left_start_.end() - 1);
    for (std::size_t j = 0; j < edges.size(); ++j)
      by_left_[static_cast<std::size_t>(fill_[static_cast<std::size_t>(edges[j].left)]++)] =
          static_cast<int>(j);
    fill_.assign(by_end_start_.begin(), by_end_start_.end() - 1);
    for (std::size_t j = 0; j < edges.size(); ++j)
      by_end_[static_cast<std::size_t>(fill_[static_cast<std::size_t>(edges[j].end)]++)] =
          static_cast<int>(j);
  }

  /// The ends of colour k that must be covered: they face an assigned neighbour showing k. Returns how many.
  int mark_forced(int k) {
    const Geometry& g = model_->geometry();
    const int nends = static_cast<int>(forced_.size());
    forced_k_.assign(static_cast<std::size_t>(nends), 0);
    int forced_count = 0;
    for (int e = 0; e < nends; ++e) {
      if (!forced_[static_cast<std::size_t>(e)]) continue;
      const int n = g.neighbour(e / 4, e % 4);
      if ((show_[static_cast<std::size_t>(n) * 4 + static_cast<std::size_t>(opposite(e % 4))] >> k) & 1U) {
        forced_k_[static_cast<std::size_t>(e)] = 1;
        ++forced_count;
      }
    }
    return forced_count;
  }

  /// Repairs the colour's previous matching (warm start) until it saturates the half-edges, then moves
  /// half-edges onto every uncovered forced end. False when either is impossible.
  bool repair_matching(BipartiteMatching& mt, const std::vector<Edge>& edges, int nl, int nends) {
    auto adj = [&](int l, auto&& visit) {
      for (int j = by_left_start_[static_cast<std::size_t>(l)];
           j < by_left_start_[static_cast<std::size_t>(l) + 1]; ++j)
        if (visit(edges[static_cast<std::size_t>(by_left_[static_cast<std::size_t>(j)])].end)) return;
    };
    for (int l = 0; l < nl; ++l) {  // drop matched pairs that are no longer edges
      const int e = mt.match_of_left(l);
      if (e < 0) continue;
      bool still = false;
      adj(l, [&](int x) { return still = (x == e); });
      if (!still) mt.unmatch_left(l);
    }
    for (int l = 0; l < nl; ++l)
      if (mt.match_of_left(l) < 0 && !mt.augment(l, adj)) return false;
    for (int e = 0; e < nends; ++e)
      if (forced_k_[static_cast<std::size_t>(e)] && mt.match_of_right(e) < 0) {
        seen_.assign(static_cast<std::size_t>(nl), 0);
        if (!cover(e, mt, edges)) return false;
      }
    return true;
  }

  /// Checkerboard balance (our strengthening, docs/design.md): every join links a cell with even row + column
  /// and one with odd, so in an exact solution each colour's half-edges split evenly between even and odd
  /// cells. A piece whose candidates all lie in cells of one parity takes its half-edges there; when those
  /// forced half-edges fill one parity's share of colour k, every other piece showing k leaves the cells of
  /// that parity. Fails when a share overflows, or a piece has no cell left. Collects deletions in dead_.
  bool balance(const Store& s) {
    const Geometry& g = model_->geometry();
    const std::size_t np = static_cast<std::size_t>(model_->piece_count());
    parity_of_piece_.assign(np, 0);  // bit b: some cell of parity b can still take the piece
    for (std::size_t c = 0; c < s.cell_count(); ++c) {
      const int bit = 1 << ((g.row(static_cast<int>(c)) + g.col(static_cast<int>(c))) & 1);
      s.for_each(c, [&](std::size_t a) {
        parity_of_piece_[static_cast<std::size_t>(model_->piece_of(static_cast<int>(a)))] |=
            static_cast<std::uint8_t>(bit);
      });
    }
    banned_.assign(np, 0);  // bit b: the piece must leave the cells of parity b
    bool any = false;
    for (int k = 1; k < model_->colour_count(); ++k) {
      const auto& halves = left_of_colour_[static_cast<std::size_t>(k)];
      const int share = static_cast<int>(halves.size()) / 2;
      int forced[2] = {0, 0};
      for (int h : halves) {
        const std::uint8_t where = parity_of_piece_[static_cast<std::size_t>(h / 4)];
        if (where == 0) return false;  // a piece with no cell left
        if (where != 3) ++forced[where == 1 ? 0 : 1];
      }
      for (int b = 0; b < 2; ++b) {
        if (forced[b] > share) return false;
        if (forced[b] < share) continue;
        for (int h : halves)
          if (parity_of_piece_[static_cast<std::size_t>(h / 4)] == 3) {
            banned_[static_cast<std::size_t>(h / 4)] |= static_cast<std::uint8_t>(1 << b);
            any = true;
          }
      }
    }
    if (!any) return true;
    for (std::size_t c = 0; c < s.cell_count(); ++c) {
      const int bit = 1 << ((g.row(static_cast<int>(c)) + g.col(static_cast<int>(c))) & 1);
      s.for_each(c, [&](std::size_t a) {
        if (banned_[static_cast<std::size_t>(model_->piece_of(static_cast<int>(a)))] & bit)
          dead_.emplace_back(static_cast<int>(c), static_cast<int>(a));
      });
    }
    ++stats_.revisions;
    return true;
  }

  /// Alternating path from the uncovered forced end e: some half-edge l adjacent to e moves onto it; its old
  /// end must be unforced, or covered in turn.
  bool cover(int e, BipartiteMatching& mt, const std::vector<Edge>& edges) {
    for (int j = by_end_start_[static_cast<std::size_t>(e)];
         j < by_end_start_[static_cast<std::size_t>(e) + 1]; ++j) {
      const int l = edges[static_cast<std::size_t>(by_end_[static_cast<std::size_t>(j)])].left;
      if (seen_[static_cast<std::size_t>(l)]) continue;
      seen_[static_cast<std::size_t>(l)] = 1;
      const int old = mt.match_of_left(l);
      if (!forced_k_[static_cast<std::size_t>(old)]) {
        mt.match(l, e);
        return true;
      }
      // old is forced: l moves to e only if another half-edge can take old
      mt.unmatch_left(l);
      mt.match(l, e);
      if (cover(old, mt, edges)) return true;
      mt.match(l, old);
    }
    return false;
  }

  // constant data
  const Model* model_;
  std::size_t sub_;
  std::vector<std::vector<int>> left_of_colour_;  // half-edges (piece*4 + side index) of each colour
  std::vector<int> local_;                        // local_[p*4+i] = index of that half-edge within its colour
  bool odd_colour_ = false;  // some colour has an odd number of half-edges: no exact tiling
  DepthGate gate_;
  bool balance_on_ = true;
  // untrailed persistent: one matching per colour, a warm start (valid after backtracking: edges only return)
  std::vector<BipartiteMatching> matchings_;  // over (local half-edge, end)
  PropagatorStats stats_;
  // scratch
  std::vector<std::uint64_t> show_;       // show_[c*4+s] = colours c's domain shows on s
  std::vector<std::vector<Edge>> edges_;  // per colour
  std::vector<std::uint8_t> forced_, forced_k_;
  std::vector<int> by_left_start_, by_left_, by_end_start_, by_end_, fill_;
  std::vector<std::uint8_t> seen_;
  ReginCore regin_;
  std::vector<std::pair<int, int>> dead_;               // (cell, candidate) to remove
  std::vector<std::uint8_t> parity_of_piece_, banned_;  // balance: parities a piece can take / must leave
};

}  // namespace edgecp
