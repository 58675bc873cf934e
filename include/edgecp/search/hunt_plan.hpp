// The record hunt's configuration chosen from the puzzle alone: fill order, break schedule, the quota's
// favoured colours and the value order, each by a rule that works on any puzzle, with the reason in words.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "edgecp/puzzle/model.hpp"
#include "edgecp/search/cell_order.hpp"
#include "edgecp/search/scan_options.hpp"
#include "edgecp/search/search_control.hpp"

namespace edgecp {

/// What the scan engine runs with when the caller does not say (`edgecp solve PUZZLE` with no option), and
/// why. Every field is a plain option of ScanOptions, so a plan is reproducible with flags.
struct HuntPlan {
  CellOrder order = CellOrder::blackwood;
  MismatchBudget budget;
  std::vector<int> quota_colours;  ///< empty: no quota
  /// The colours tried next where the quota stalls (ScanOptions::quota_fallbacks).
  std::vector<std::vector<int>> quota_fallbacks;
  /// The quota's ramp where the default one (default_quota_ramp) asks more favoured sides by some placement
  /// than the richest pieces show: each point lowered to that; empty: the default ramp.
  std::vector<std::pair<int, int>> quota_ramp;
  ScanValueOrder values = ScanValueOrder::rare_first;
  std::string why;  ///< one line: the facts of the puzzle the rules looked at and what they chose
};

/// Boards of at least this many cells whose interior colours are evenly spread (evenly_coloured) get the
/// 16x16 configuration (tail-columns order, quota, shuffled values): measured on Eternity II's 16x16 only
/// (docs/journal.md sections 10, 23 and 25); other boards keep the plain one (blackwood order, no quota,
/// rare values), under which small boards are solved or nearly so.
inline constexpr int hunt_large_board_cells = 100;

/// What the rules read of a puzzle: per colour, the sides the pieces left to place (hinted ones aside) show
/// along the frame and inside, and how many of those pieces show two colours together.
struct ColourCounts {
  std::vector<int> pieces_left;       ///< piece indices, hinted pieces left out
  std::vector<int> on_frame, inside;  ///< per colour: sides along the border (next to a grey side), others
  std::vector<std::vector<int>> together;  ///< [a][b], a != b: pieces left showing both a and b
  int coloured = 0;                        ///< non-grey sides of the pieces left

  int sides(int k) const {
    return on_frame[static_cast<std::size_t>(k)] + inside[static_cast<std::size_t>(k)];
  }
  /// A colour shown more often inside than along the frame (frame colours are the others).
  bool interior(int k) const {
    return inside[static_cast<std::size_t>(k)] > on_frame[static_cast<std::size_t>(k)];
  }
};

inline ColourCounts count_colours(const Model& m) {
  const auto at = [](int k) { return static_cast<std::size_t>(k); };
  ColourCounts n;
  n.on_frame.assign(at(m.colour_count()), 0);
  n.inside = n.on_frame;
  n.together.assign(at(m.colour_count()), n.on_frame);
  std::vector<char> hinted(at(m.piece_count()), 0);
  for (int c = 0; c < m.cell_count(); ++c)
    if (const int h = m.hint_candidate(c); h >= 0) hinted[at(m.piece_of(h))] = 1;
  for (int i = 0; i < m.piece_count(); ++i) {
    if (hinted[at(i)]) continue;
    n.pieces_left.push_back(i);
    const Piece& p = m.puzzle().pieces[at(i)];
    std::vector<int> shown;
    for (int s = 0; s < 4; ++s) {
      const int k = p.colours[at(s)];
      if (k == grey) continue;
      ++n.coloured;
      const bool along = p.colours[at((s + 1) % 4)] == grey || p.colours[at((s + 3) % 4)] == grey;
      ++(along ? n.on_frame : n.inside)[at(k)];
      if (std::find(shown.begin(), shown.end(), k) == shown.end()) shown.push_back(k);
    }
    for (int a : shown)
      for (int b : shown)
        if (a != b) ++n.together[at(a)][at(b)];
  }
  return n;
}

/// The quota's favoured colours by rule (Blackwood's quota favours E2's colours 5, 7 and 20; this rule
/// names its own). The quota asks for favoured sides early and fast (Blackwood's ramp: 28 sides by the 26th
/// placement), which pieces showing two favoured colours meet without starving the choice; so, among the
/// pieces left to place: the two interior colours most often shown together by one piece (ties: the lowest
/// numbers; `pair` 1 takes the second such pair, and so on), then more interior colours, each the one shown
/// most often with those already chosen, while it brings the favoured sides nearer to an eighth of all
/// coloured sides (two interior colours always stay unfavoured); then the frame colour (where the frame has
/// two or more) shown most often with the chosen ones. On `e2.txt`: 5, 18 and 20 (124 sides); with `pair` 1,
/// Blackwood's 5, 7, 20 (122 sides; 7 with 20 is the second pair); docs/journal.md section 25 measures both,
/// and the rarest colours, which lost 4.5 joins; section 43 finds Blackwood's met with five hints, where the
/// first pair's quota is not. Empty where there are fewer than four interior colours or `pair` + 1 pairs of
/// them.
inline std::vector<int> favoured_colours(const Model& m, int pair = 0) {
  const ColourCounts n = count_colours(m);
  const auto& together = n.together;
  const auto at = [](int k) { return static_cast<std::size_t>(k); };
  std::vector<int> frame_colours, interior_colours;
  for (int k = 1; k < m.colour_count(); ++k)
    if (n.sides(k) > 0) (n.interior(k) ? interior_colours : frame_colours).push_back(k);
  std::vector<int> chosen;
  if (interior_colours.size() < 4) return chosen;  // no pair that leaves two interior colours unfavoured
  const auto with_chosen = [&](int k) {
    int pieces = 0;
    for (int c : chosen) pieces += together[at(k)][at(c)];
    return pieces;
  };
  const auto best_of = [&](const std::vector<int>& ks) {  // most often with the chosen ones, lowest first
    int best = -1;
    for (int k : ks)
      if (std::find(chosen.begin(), chosen.end(), k) == chosen.end() &&
          (best < 0 || with_chosen(k) > with_chosen(best)))
        best = k;
    return best;
  };
  std::vector<std::pair<int, int>> pairs;  // most often together first; ties: the lowest numbers
  for (std::size_t i = 0; i < interior_colours.size(); ++i)
    for (std::size_t j = i + 1; j < interior_colours.size(); ++j)
      pairs.emplace_back(interior_colours[i], interior_colours[j]);
  std::stable_sort(pairs.begin(), pairs.end(), [&](const auto& p, const auto& q) {
    return together[at(p.first)][at(p.second)] > together[at(q.first)][at(q.second)];
  });
  if (pair < 0 || static_cast<std::size_t>(pair) >= pairs.size()) return chosen;
  chosen = {pairs[static_cast<std::size_t>(pair)].first, pairs[static_cast<std::size_t>(pair)].second};
  const auto favoured_with_frame = [&] {
    int sides = 0;
    for (int c : chosen) sides += n.sides(c);
    if (frame_colours.size() >= 2) sides += n.sides(best_of(frame_colours));
    return sides;
  };
  const auto off_target = [&](int sides) {  // |sides - coloured / 8|, times 8
    return std::abs(8 * sides - n.coloured);
  };
  while (chosen.size() + 2 < interior_colours.size()) {
    const int before = favoured_with_frame();
    chosen.push_back(best_of(interior_colours));
    if (off_target(favoured_with_frame()) >= off_target(before)) {
      chosen.pop_back();
      break;
    }
  }
  if (frame_colours.size() >= 2) chosen.push_back(best_of(frame_colours));
  std::sort(chosen.begin(), chosen.end());
  return chosen;
}

/// The most favoured sides (of `colours`) that p of the pieces left to place can show, for every p: element
/// p-1 sums the p largest counts of favoured sides per piece. Empty where no piece is left.
inline std::vector<int> richest_favoured_sides(const Model& m, const std::vector<int>& colours) {
  std::vector<int> richest;
  for (int i : count_colours(m).pieces_left)
    richest.push_back(favoured_sides(m.puzzle().pieces[static_cast<std::size_t>(i)], colours));
  std::sort(richest.rbegin(), richest.rend());
  for (std::size_t i = 1; i < richest.size(); ++i) richest[i] += richest[i - 1];
  return richest;
}

/// default_quota_ramp for these colours with each point (p, n) lowered to the favoured sides of the p
/// pieces that show the most (no order of placements can meet more; the bound is concave, so the linear
/// ramp between lowered points stays under it too); empty where no point had to be lowered.
inline std::vector<std::pair<int, int>> reachable_quota_ramp(const Model& m,
                                                             const std::vector<int>& colours) {
  const std::vector<int> richest = richest_favoured_sides(m, colours);
  if (richest.empty()) return {};
  std::vector<std::pair<int, int>> ramp =
      default_quota_ramp(static_cast<int>(richest.size()), richest.back());
  bool lowered = false;
  for (auto& [p, n] : ramp) {
    const int most =
        richest[static_cast<std::size_t>(std::min<int>(p, static_cast<int>(richest.size())) - 1)];
    if (n > most) {
      n = most;
      lowered = true;
    }
  }
  return lowered ? ramp : std::vector<std::pair<int, int>>{};
}

/// How far the pieces richest in favoured sides are ahead of the default ramp where it first asks for some
/// (E2: 28 of 122 sides by the 26th placement): the sides the p pieces showing the most could have placed by
/// then (`shown`) against the sides asked (`asked`). The slack a walk has at the quota's first, steepest
/// stretch: with less of it, more walks stall there (docs/journal.md section 47).
struct RampLead {
  int shown = 0;
  int asked = 0;  ///< 0: the ramp asks for nothing
  /// A larger shown / asked than `other`'s (compared without division); false where either asks nothing.
  bool ahead_of(const RampLead& other) const {
    return asked > 0 && other.asked > 0 && shown * other.asked > other.shown * asked;
  }
};

inline RampLead quota_ramp_lead(const Model& m, const std::vector<int>& colours) {
  const std::vector<int> richest = richest_favoured_sides(m, colours);
  if (richest.empty()) return {};
  const int pieces = static_cast<int>(richest.size());
  for (const auto& [p, n] : default_quota_ramp(pieces, richest.back()))
    if (n > 0) return {richest[static_cast<std::size_t>(std::min(p, pieces) - 1)], n};
  return {};
}

/// Break indices drawn for Eternity II's 256 cells, scaled to a board of `cells` cells, strictly increasing
/// (on small boards scaled indices collide: each is then the next free placement), at most `cells`.
inline std::vector<int> scaled_breaks(const std::vector<int>& early_on_e2, int cells) {
  std::vector<int> out;
  auto add = [&](int index) {
    if (!out.empty() && index <= out.back()) index = out.back() + 1;
    if (index <= cells) out.push_back(index);
  };
  for (int i : early_on_e2) add(std::max(1, (i * cells + 128) / 256));
  for (int i = std::max(1, (240 * cells + 128) / 256); i <= cells; ++i) add(i);
  return out;
}

/// The fewest and the most sides an interior colour shows on the pieces left to place.
inline std::pair<int, int> interior_colour_range(const Model& m) {
  const ColourCounts n = count_colours(m);
  int lo = 0, hi = 0;
  for (int k = 1; k < m.colour_count(); ++k)
    if (n.sides(k) > 0 && n.interior(k)) {
      lo = lo == 0 ? n.sides(k) : std::min(lo, n.sides(k));
      hi = std::max(hi, n.sides(k));
    }
  return {lo, hi};
}
/// interior_colour_range as words: "LO to HI".
inline std::string colour_spread(const Model& m) {
  const auto [lo, hi] = interior_colour_range(m);
  return std::to_string(lo) + " to " + std::to_string(hi);
}
/// Interior colours shown about equally often (the most at most 5/4 of the fewest), as on Eternity II (46 to
/// 50 sides on the pieces left): there the quota paid (docs/journal.md section 25); on the bundled generated
/// 16x16, whose colours run from 36 to 70 sides, it cost 3 joins.
inline bool evenly_coloured(const Model& m) {
  const auto [lo, hi] = interior_colour_range(m);
  return lo > 0 && 4 * hi <= 5 * lo;
}

/// Corner cells that hold a hint (E2's benchmark of five hints with three corners pinned has three).
inline int hinted_corners(const Model& m) {
  const Geometry& g = m.geometry();
  int n = 0;
  for (int c = 0; c < m.cell_count(); ++c)
    n += g.cell_class(c) == Geometry::CellClass::corner && m.hint_candidate(c) >= 0 ? 1 : 0;
  return n;
}

/// The most restart intervals (of all walks together) for which a hunt under the quota orders values
/// `rare_first` (quota_values_for).
inline constexpr double rare_values_intervals = 32;

/// The value order of a hunt under the quota, from the run's length: `walks` searches (threads, ranks) of
/// nominal_run_placements(node_limit, time_limit) each, restarting every `restart_nodes`. Under the quota
/// `rare_first` sorts by favoured sides, then by rarity, drawing only ties at random, so its restarts walk a
/// pool of about 1,400-1,700 trees on E2 (docs/journal.md section 23), and an hour on two cores draws most of
/// it again and again: `shuffled` there. A short run meets few repeats, and `rare` paid there (section 43: 60
/// s on one core, 457.8 against 456.5 with five hints under Blackwood's colours): `rare_first` for at most
/// rare_values_intervals restart intervals.
inline ScanValueOrder quota_values_for(std::uint64_t node_limit, double time_limit,
                                       std::uint64_t restart_nodes, int walks) {
  const double intervals = static_cast<double>(std::max(walks, 1)) *
                           nominal_run_placements(node_limit, time_limit) /
                           static_cast<double>(std::max<std::uint64_t>(restart_nodes, 1));
  return intervals <= rare_values_intervals ? ScanValueOrder::rare_first : ScanValueOrder::shuffled;
}

/// The hunt's configuration for a puzzle (see HuntPlan). The rules, each from a measurement
/// (docs/results.md): a board of hunt_large_board_cells or more whose interior colours are evenly spread
/// (evenly_coloured, as E2's) runs Blackwood's tail-columns order with the quota on favoured_colours() and
/// favoured_colours(m, 1), the pair further ahead of its ramp first (quota_ramp_lead, section 47), the other
/// where it stalls, then halved while restarts stall (ScanOptions::quota_adapt, quota_fallbacks; section 44;
/// where a corner is pinned the first pair alone, section 45), and shuffled values
/// (section 23: with the quota, `rare` restarts repeat each other's trees; quota_values_for gives short runs
/// `rare`); any other board the blackwood order without quota, `rare` values (section 25). The breaks: with
/// at most one hint, eight early breaks from 201/256 of the board (section 23's schedule B); with more hints
/// (they close joins the walk must match exactly, and their pieces are missing from the lists), ten from
/// 180/256 (section 10's five-hint schedule); then a break at every placement from 240/256 on.
inline HuntPlan plan_hunt(const Model& m) {
  HuntPlan plan;
  const int cells = m.cell_count();
  int hints = 0;
  for (int c = 0; c < cells; ++c) hints += m.hint_candidate(c) >= 0 ? 1 : 0;
  const bool large = cells >= hunt_large_board_cells;
  const bool early = hints > 1;
  const int pinned_corners = hinted_corners(m);
  bool no_fallback_for_corners = false, second_pair_first = false;
  plan.budget =
      MismatchBudget(scaled_breaks(early ? std::vector<int>{180, 190, 200, 205, 210, 215, 220, 225, 230, 235}
                                         : std::vector<int>{201, 206, 211, 216, 221, 225, 229, 233},
                                   cells));
  const bool even = evenly_coloured(m);
  if (large && even) {
    plan.order = CellOrder::tail_columns;
    plan.quota_colours = favoured_colours(m);
    plan.values = plan.quota_colours.empty() ? ScanValueOrder::rare_first : ScanValueOrder::shuffled;
    plan.quota_ramp = reachable_quota_ramp(m, plan.quota_colours);
    // the second pair's colours for where the quota stalls, where both ramps are the default one (a fallback
    // runs the ramp of its own sides) and no corner is pinned (on E2's corner triples it was met on one
    // triple of ten, and its stall phase cost a join: section 45); of the two pairs, the one further ahead
    // of its ramp goes first (quota_ramp_lead; section 47: on e2.txt Blackwood's 5, 7, 20, whose walks
    // stall less often)
    if (std::vector<int> next = favoured_colours(m, 1); !next.empty() && next != plan.quota_colours &&
                                                        plan.quota_ramp.empty() &&
                                                        reachable_quota_ramp(m, next).empty()) {
      if (pinned_corners > 0) {
        no_fallback_for_corners = true;
      } else {
        if (quota_ramp_lead(m, next).ahead_of(quota_ramp_lead(m, plan.quota_colours))) {
          std::swap(next, plan.quota_colours);
          second_pair_first = true;
        }
        plan.quota_fallbacks.push_back(next);
      }
    }
  }
  plan.why = std::to_string(cells) + " cells, " + std::to_string(hints) + (hints == 1 ? " hint" : " hints") +
             ": " +
             (!large  ? "a small board"
              : !even ? "interior colours shown from " + colour_spread(m) + " times (uneven)"
                      : "a board of " + std::to_string(hunt_large_board_cells) +
                            " cells or more, interior colours shown " + colour_spread(m) + " times") +
             (plan.quota_colours.empty() ? ", no quota"
              : second_pair_first
                  ? ", a quota on the second pair of colours shown together, further ahead of its ramp (the "
                    "first pair where it stalls), shuffled values"
              : !plan.quota_fallbacks.empty()
                  ? ", a quota on colours shown together (the next pair where it stalls), shuffled values"
              : no_fallback_for_corners
                  ? ", a quota on colours shown together (no next pair: " + std::to_string(pinned_corners) +
                        " pinned corner" + (pinned_corners == 1 ? "" : "s") + "), shuffled values"
                  : ", a quota on colours shown together, shuffled values") +
             (early ? ", breaks from 180/256 (more than one hint)" : ", breaks from 201/256");
  return plan;
}

}  // namespace edgecp
