// The scan engine's options and result, and Blackwood's quota on favoured colours as a ramp of placements:
// what a caller sets and reads back, apart from the engine itself (search/scan_search.hpp).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "edgecp/puzzle/puzzle.hpp"
#include "edgecp/search/cell_order.hpp"
#include "edgecp/search/search_control.hpp"

namespace edgecp {

/// How the engine orders the candidates of one list.
enum class ScanValueOrder {
  shuffled,    ///< a fresh random order per restart (seeded)
  rare_first,  ///< pieces whose colours are rarest first (random among equals), fresh per restart
  by_id,       ///< ascending candidate id (deterministic, for tests)
};

/// The scan engine's options; the limits, restarts (a new value order each), progress and stop flag are
/// SearchControl's.
struct ScanOptions : SearchControl {
  CellOrder order = CellOrder::row;  ///< any static order (mrv is not static: it is refused)
  MismatchBudget budget;             ///< cumulative break indices, as in the driver
  ScanValueOrder values = ScanValueOrder::rare_first;  ///< the best measured on E2 (docs/results.md)
  bool stop_at_first_complete = false;                 ///< end at the first full placement within the budget
  /// After a full placement with b mismatches, accept only placements with fewer than b from then on (branch
  /// and bound on the mismatch count: nothing better is lost). Off: every full placement within the budget is
  /// visited (exhaustive counts in tests).
  bool tighten = true;
  /// Hill-climb every board offered as the best (improve_by_swaps): the kept board then scores at least as
  /// much as the placement it came from, but need not respect the break schedule. Off: kept boards are
  /// exactly the placements (and greedy completions) the search reached.
  bool improve = true;
  /// Budget-aware strict checks, sound under the budget: only where the remaining budget is provably zero.
  /// `window_fc`: an unplaced neighbour of the cell just placed, itself placed before the next break index,
  /// must keep an unused piece that fits all its placed neighbours' colours (per side; a relaxation).
  bool window_fc = false;
  /// `colour_parity`: once no break can happen any more, for every colour the unused pieces' half-edges must
  /// cover the placed cells' half-edges that face empty cells, with an even remainder (they pair up inside).
  bool colour_parity = false;
  /// Blackwood's quota on favoured colours (empty: off): after the p-th placement the placed pieces must show
  /// at least quota(p) sides of these colours, so that they are used up early and the last rows, where the
  /// mismatches fall, are left fewer colours to match. Lists put pieces with more favoured sides first, so
  /// the first candidate below the quota ends its part of the list. A heuristic: it cuts boards off.
  std::vector<int> quota_colours;
  /// The quota as (placement number, favoured sides) points, linear in between, none after the last point.
  /// Empty: default_quota_ramp() for the puzzle and colours.
  std::vector<std::pair<int, int>> quota_ramp;
  /// quota_adapt: further sets of favoured colours, each tried in turn at the full ramp (quota_ramp, or
  /// default_quota_ramp for its own sides) where the quota would halve; once every set has stalled, the
  /// first set's quota halves. A quota that walks meet on one puzzle may cut every walk short on another
  /// (docs/journal.md sections 43 and 44). Refused without quota_adapt, where they would never be tried.
  std::vector<std::vector<int>> quota_fallbacks;
  /// A restart that has not made the budget's first break placement after an eighth of restart_nodes (the
  /// walk stuck in the exact part, where the quota cuts hardest: E2 with three corners pinned,
  /// docs/journal.md section 25) restarts at once. The quota moves to the next of quota_fallbacks, or with
  /// none left goes back to quota_colours and halves for the restarts after it (1/2, 1/4, ... of the
  /// ramp's sides; ScanResult::quota_halvings), when a walk that did not pass the first break (make the next
  /// break's placement) exhausted its tree, or at the quota_stalls-th such restart at this quota with none
  /// that passed (QuotaAdapt). Off: the quota stays as given and restarts come every restart_nodes.
  bool quota_adapt = true;
  /// quota_adapt: the restarts at one quota that do not pass its first break, none of them passing, that
  /// move it on; 0: quota_stalls_for the run's limits (stalls may fill a tenth of the run).
  int quota_stalls = 0;
  /// Where a depth has a break left when it is opened and at most this many pieces are left to place, its
  /// candidates are generated from bit sets (the candidates of unused pieces, those showing each placed
  /// neighbour's colour) instead of walking its list, whose break part holds mostly pieces in use by then
  /// (E2's last rows walk lists of hundreds). The same candidates either way, by mismatches (exact first), in
  /// candidate id order; 0: the lists only. Earlier, with more pieces left, the lists are faster.
  int break_sets = 16;
  /// Large-neighbourhood repair of the greedy completions of the deepest partial board (TailRepair: the end
  /// of the fill order refilled exactly by branch and bound), at most this many placements per window; 0:
  /// off. It pays where the search itself never completes a board (E2 with all five clue hints).
  std::uint64_t repair_nodes = 1 << 22;
  /// While no walk has made a full placement, every restart has its walk's best partial board within this
  /// many placements of the deepest completed, hill-climbed and repaired like the deepest board
  /// (BestBoardKeeper::begin_walk); 0: only boards deeper than every earlier one. Where walks never
  /// complete a board (E2 with five hints: every score is a completed partial board), walks stop at about
  /// the same depth and their completions differed by up to 9 joins in one 60-s run (docs/journal.md section
  /// 40).
  int completion_slack = 8;
  /// Large-neighbourhood repair of the kept board around its mismatches (BlockRepair: the blocks of
  /// `block_repair_size` cells square that hold a mismatch refilled exactly, one after the other, at most
  /// this many placements each), a step at every completion of the deepest board: blocks until a 32nd of
  /// the completion interval is spent, the last block finished (so up to this many more), and nothing once
  /// every block is done for the kept board; 0: off.
  std::uint64_t block_repair_nodes = 1 << 20;
  int block_repair_size = 4;
  /// Over the last `colour_bound` placements (0: off), a candidate is refused when the breaks so far plus
  /// colour_mismatch_bound of the board it would make exceed the mismatches allowed at the end (the budget,
  /// or the cap a better board set): no board within the budget is lost. The counts are kept incrementally
  /// (four colour updates per placement there). E2's scan runs spend most of their placements in the last
  /// rows, closing boards that cannot beat the best; this bound cuts most of them (docs/journal.md section
  /// 14: 0 gives the old walk).
  int colour_bound = 24;
};

/// The placements per second of one thread that quota_stalls_for assumes of a run limited in seconds: a fixed
/// figure (below the 60-80 M the walk makes on E2 on the reference machine, docs/results.md), so that where
/// the restarts come depends on the options alone, never on the machine's speed.
inline constexpr double nominal_scan_rate = 50e6;

/// The placements of a run of `node_limit` placements, or else of `time_limit` seconds at nominal_scan_rate,
/// or else (no limit) of an hour: what the rules that read a run's length count it in.
inline double nominal_run_placements(std::uint64_t node_limit, double time_limit) {
  return node_limit       ? static_cast<double>(node_limit)
         : time_limit > 0 ? time_limit * nominal_scan_rate
                          : 3600.0 * nominal_scan_rate;
}

/// ScanOptions::quota_stalls for a run of nominal_run_placements: as many stalls (restart_nodes / 8
/// placements each) as fill a tenth of the run, at least 4. Four stalls tell a quota that a walk meets in
/// half its restarts (E2's) from an impossible one; a quota met once in twenty restarts (Brendan's 16x16)
/// needs the longer look, which a long run can afford (docs/journal.md sections 35 and 39: at 60 s, 12 stalls
/// keep the full quota on E2's seed 10 and on two of five seeds of Brendan's 16x16, and lose on no puzzle
/// measured).
inline int quota_stalls_for(std::uint64_t node_limit, double time_limit, std::uint64_t restart_nodes) {
  constexpr int fewest = 4, most = 1 << 20;
  const double run = nominal_run_placements(node_limit, time_limit);
  const double stall = static_cast<double>(restart_nodes / 8);
  if (stall <= 0) return fewest;
  return static_cast<int>(std::clamp(std::floor(run / 10 / stall), double{fewest}, double{most}));
}

/// The default quota ramp: the shape of the ramp of Blackwood's record solver (as published in the public
/// Eternity II solvers that descend from it: on the 255 free cells of E2 and 122 favoured sides, nothing
/// before placement 16, then 28 sides at 26, 71 at 56, 89 at 76, 106 at 102, 119 at 160), scaled to
/// `free_cells` placements and `favoured_sides` favoured sides on the pieces to place.
inline std::vector<std::pair<int, int>> default_quota_ramp(int free_cells, int favoured_sides) {
  static constexpr std::array<std::array<int, 2>, 6> shape{
      {{16, 0}, {26, 28}, {56, 71}, {76, 89}, {102, 106}, {160, 119}}};  // on 255 cells, 122 sides
  std::vector<std::pair<int, int>> out;
  for (const auto& [p, n] : shape) {
    const int at = std::max(1, p * free_cells / 255);
    if (out.empty() || at > out.back().first) out.emplace_back(at, n * favoured_sides / 122);  // small boards
  }
  return out;
}

/// The quota after each placement, from (placement number, favoured sides) points: linear from (0, 0) to the
/// first point and between points (rounded down), nothing after the last point or beyond `free_cells`.
/// Element p-1 is the quota after placement p; trailing zeros are dropped (nothing to check there).
inline std::vector<int> quota_by_placement(std::vector<std::pair<int, int>> ramp, int free_cells) {
  std::sort(ramp.begin(), ramp.end());
  std::vector<int> out;
  int prev_p = 0, prev_n = 0;
  for (const auto& [p, n] : ramp) {
    if (p < 1 || n < 0) throw std::invalid_argument("a quota point needs a placement >= 1 and sides >= 0");
    if (p == prev_p) throw std::invalid_argument("two quota points at placement " + std::to_string(p));
    for (int q = prev_p + 1; q <= std::min(p, free_cells); ++q)
      out.push_back(prev_n +
                    static_cast<int>(static_cast<long long>(n - prev_n) * (q - prev_p) / (p - prev_p)));
    prev_p = p;
    prev_n = n;
  }
  while (!out.empty() && out.back() <= 0) out.pop_back();
  return out;
}

/// A piece's sides showing one of `colours`.
inline int favoured_sides(const Piece& p, const std::vector<int>& colours) {
  int n = 0;
  for (int k : p.colours) n += std::find(colours.begin(), colours.end(), k) != colours.end() ? 1 : 0;
  return n;
}

/// The scan engine's result: the shared fields (`solutions` = full placements within the budget visited;
/// with tighten on, only those that improved the bound) and what the strict checks pruned.
struct ScanResult : SearchResultCore {
  std::uint64_t window_fc_prunes = 0;
  std::uint64_t parity_prunes = 0;
  std::uint64_t colour_bound_prunes = 0;  ///< candidates refused by ScanOptions::colour_bound
  std::uint64_t repair_placements = 0;    ///< placements made by the tail repairs (ScanOptions::repair_nodes)
  int repair_gain = 0;                    ///< joins they added to the boards they repaired, summed
  std::uint64_t block_repair_placements = 0;  ///< placements made by the block repair (block_repair_nodes)
  int block_repair_gain = 0;                  ///< joins it added to the kept boards, summed
  std::uint64_t completions = 0;              ///< partial boards completed (ScanOptions::completion_slack)
  /// Times ScanOptions::quota_adapt halved the quota (restarts that did not pass the first break,
  /// QuotaAdapt).
  int quota_halvings = 0;
  /// The set of favoured colours in force at the end (0: quota_colours, i: quota_fallbacks[i - 1]).
  int quota_colour_set = 0;
};

}  // namespace edgecp
