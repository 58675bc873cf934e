// The scan engine: a mismatch-tolerant depth-first search specialised for a fixed cell order, in the style of
// the record engines that descend from Joshua Blackwood's Eternity II solver.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "edgecp/core/rng.hpp"
#include "edgecp/puzzle/board.hpp"
#include "edgecp/puzzle/model.hpp"
#include "edgecp/search/candidate_bits.hpp"
#include "edgecp/search/cell_order.hpp"
#include "edgecp/search/scan_lists.hpp"
#include "edgecp/search/scan_options.hpp"
#include "edgecp/search/search_control.hpp"

namespace edgecp {

/// ScanOptions::quota_adapt's rule: when the quota moves to the next set of favoured colours
/// (ScanOptions::quota_fallbacks) or halves, from what the restarts at the current quota did around the
/// budget's first break. A restart *stalls* when it has not made the first break's placement after an eighth
/// of its interval; it restarts at once. A restart *passes* when it made the placement of the break after
/// the first (the first where there is one): a walk that reaches the first break and dies before the next
/// has met the quota in name only (E2 with a corner triple: walks to 188 of 190, 440 joins, docs/journal.md
/// section 43). The quota moves on when a walk that did not pass exhausted its tree (a quota's tree is the
/// same in every value order, so no restart at this quota can get further), or at the stalls_to_halve()-th
/// restart at this quota that did not pass while none passed: at full strength to the next set of colours,
/// and once every set has stalled back to the quota's own colours at 1/2, then 1/4, ... of the ramp's sides.
/// Once one restart at a quota passes, the quota is shown meetable and stays: a slow first break is not an
/// impossible one (on E2 at the full quota about half of the walks stall, the others walk deeper than any at
/// half the quota; docs/journal.md section 35). O(1) per restart.
class QuotaAdapt {
 public:
  static constexpr int max_halvings = 30;  // a quota >> 30 is 0 for every quota
  enum class Step { keep, next_colours, halve };

  /// `colour_sets`: the quota's colours and their fallbacks (1: no fallback).
  explicit QuotaAdapt(int stalls_to_halve = 4, int colour_sets = 1)
      : stalls_to_halve_(std::max(1, stalls_to_halve)), colour_sets_(std::max(1, colour_sets)) {}

  /// A restart ended; `passed`: it made the placement of the break after the first; `exhausted`: it
  /// finished its tree. What the quota does from now on.
  [[nodiscard]] Step restart_ended(bool passed, bool exhausted) {
    if (passed) {
      met_ = true;
      return Step::keep;
    }
    if (!can_halve()) return Step::keep;
    if (!exhausted && (met_ || ++stalls_ < stalls_to_halve_)) return Step::keep;
    met_ = false;
    stalls_ = 0;
    if (halvings_ == 0 && colour_set_ + 1 < colour_sets_) {
      ++colour_set_;
      return Step::next_colours;
    }
    colour_set_ = 0;  // every set stalled at full strength: the quota's own colours halve
    ++halvings_;
    return Step::halve;
  }
  /// Whether a restart that did not pass having exhausted its tree may go on (the quota can still move).
  [[nodiscard]] bool can_halve() const { return halvings_ < max_halvings; }
  [[nodiscard]] int halvings() const { return halvings_; }
  /// The set of colours in force: 0 the quota's own, i the i-th fallback.
  [[nodiscard]] int colour_set() const { return colour_set_; }
  [[nodiscard]] int stalls_to_halve() const { return stalls_to_halve_; }

 private:
  int stalls_to_halve_;  // >= 1
  int colour_sets_;      // >= 1
  int colour_set_ = 0;   // < colour_sets_; 0 once halvings_ > 0
  int halvings_ = 0;
  bool met_ = false;  // a restart at the current quota passed the first break
  int stalls_ = 0;    // restarts at the current quota that did not pass (counted while !met_)
};

/// A depth-first search over a fixed cell order with no propagator and no allocation per node.
///
/// Per cell of the order the engine knows which neighbours are placed before it (earlier in the order, or
/// hints). Candidates are grouped by cell signature (which sides face the outside, which placed neighbours
/// give the key, which of those joins may break) and, inside a signature, by the key: the colours the first
/// two placed neighbours show towards the cell. Each key's list holds first the exact candidates, then the
/// "break" candidates that mismatch exactly one key side; a node walks the exact part, and the break part too
/// when the budget (MismatchBudget, cumulative indices) has a break left at this depth. Pieces in use are a
/// byte per piece. Cost per placement: a list step, a used-piece test and a key computation. Where a break is
/// left late in the search, the lists' break parts are long and hold mostly pieces in use, so (break_sets)
/// such a depth's candidates are generated instead from bit sets over candidate ids: the candidates of unused
/// pieces, and per side and colour those showing it, their mismatches counted by a bit-sliced adder. Over the
/// last placements (colour_bound) a candidate is refused when colour counts prove that the board it makes
/// cannot be closed within the budget left at the end (colour_mismatch_bound, kept incrementally).
///
/// Budget semantics are the driver's: after the p-th placement at most budget.allowed(p) joins mismatch,
/// joins between two frame cells always match, grey always faces the outside. The best complete board is
/// kept: a full placement (score = joins - breaks) or, when none is found, the deepest partial board (fewest
/// breaks among equals) completed greedily.
class ScanSearch {
 public:
  /// Placements between two greedy completions (and hill climbs) of the deepest partial board, unless
  /// SearchControl::completion_every says otherwise.
  static constexpr std::uint64_t default_completion_every = 1 << 23;

  ScanSearch(const Model& m, ScanOptions opt)
      : model_(m),
        opt_(std::move(opt)),
        clock_(opt_, completion_interval()),
        keeper_(m, {}, false) {  // set up in build(), once the fill order is known
    build();
  }
  ScanSearch(const ScanSearch&) = delete;  // clock_ points into opt_
  ScanSearch& operator=(const ScanSearch&) = delete;

  ScanResult run() {
    clock_.start();
    rng_ = Rng(restart_seed(opt_.seed, 0));
    lists_.arrange(opt_.values, rng_);
    if (free_ == 0) {
      deepest_ = 0;
      keeper_.offer(current_board(0), 0.0);
    } else {
      if (quota_.empty())
        search<false>();
      else
        search<true>();
    }
    const double end = clock_.elapsed();
    keeper_.complete_partial(end, !opt_.out_of_time(end));  // past the limit: no repair, end on time
    result_.seconds = clock_.elapsed();                     // the last completion (and its repair) included
    if (solved_by_keeper()) result_.status = SearchStatus::solved;
    (void)share_bound();  // publish the final best
    result_.deepest = deepest_;
    result_.placements = placements_;
    result_.placements_by_depth.assign(1, 0);  // [k]: placements that made k pieces placed
    for (int d = 0; d < free_; ++d)
      result_.placements_by_depth.push_back(frames_[static_cast<std::size_t>(d)].placements);
    keeper_.report(result_);
    result_.repair_placements = keeper_.repaired().nodes;
    result_.repair_gain = keeper_.repaired().gain;
    result_.block_repair_placements = keeper_.block_repaired().nodes;
    result_.block_repair_gain = keeper_.block_repaired().gain;
    result_.completions = keeper_.completions();
    return result_;
  }

  /// The cells in placement order (hints left out).
  const std::vector<int>& order() const { return order_; }

 private:
  using Entry = ScanLists::Entry;
  using Range = ScanLists::Range;
  using QuotaCuts = ScanLists::QuotaCuts;
  using Signature = ScanLists::Signature;
  struct Extra {
    int side;  ///< a placed neighbour beyond the two key sides
    int slot;  ///< index into colour_ of the colour it shows towards this cell
    bool breakable;
  };
  struct Depth {
    int cell;
    int slot1, slot2;          ///< colour_ indices of the key colours (`none_slot_` when absent)
    int side1, side2;          ///< the key sides (-1 when absent)
    const Range* table;        ///< the signature's ranges, indexed by key; [keys^2] = every fitting candidate
    std::uint8_t extra_count;  ///< placed neighbours beyond the key sides (3rd and 4th)
    std::array<Extra, 2> extra;
    int allowed;                   ///< budget.allowed(placement number)
    std::uint8_t outside;          ///< sides facing the outside, as bits
    std::uint8_t breakable;        ///< sides whose join may break, as bits
    std::array<int, 4> side_slot;  ///< per side: colour_ index of a placed neighbour's colour, or -1
    // colour_bound: the sides towards placed neighbours (closed) and towards cells placed later (open)
    std::uint8_t closed_count, open_count;
    std::array<std::uint8_t, 4> closed_side, open_side;
    bool sets;                   ///< break_sets applies: a break may be left, few enough pieces left
    std::uint32_t generated_at;  ///< sets: where its generated entries begin
    bool opened_apart;           ///< opened by open_depth: sets may apply, or rebuilds are due (sets, bound)
    std::uint8_t work;           ///< what placing here does beyond the walk's own steps (Work bits), 0: none
    int quota;                   ///< favoured sides needed after this placement (0 past the quota's depths)
    const QuotaCuts* cuts;       ///< parallel to `table` (quota only, else null)
  };
  /// A placement's work beyond the walk's own steps, per depth (one test of Depth::work where none is due).
  enum Work : std::uint8_t {
    work_sets = 1,       ///< d >= sets_from_: the piece's bits in unused_ flip
    work_bound = 2,      ///< d >= bound_from_: the colour bound's counts move, and may refuse the entry
    work_lookahead = 4,  ///< window_fc or colour_parity: the lookahead runs after the placement
  };
  /// The part of a depth's walk that follows the current one.
  enum class NextPart : std::uint8_t {
    breaks,   ///< the one-break entries, while a break is left
    both,     ///< the two-break walk of the signature's full list, while two breaks are left
    nothing,  ///< none (a generated list, or no break left when the depth was opened)
  };
  /// A depth's walk is a sequence of parts: its list's exact entries (cut where the quota ends them), its
  /// one-break entries (cut the same way), the two-break walk; or one generated list. Every entry of a part
  /// adds at least `part_add` mismatches, so a part is entered, or resumed after a backtrack, only when that
  /// many still fit the budget (which a better board may have lowered since the depth was opened).
  struct Frame {
    const Entry* it;           ///< next entry to try (stored when the walk descends)
    const Entry* end;          ///< the end of the current part
    const Entry* break_begin;  ///< NextPart::breaks: the part [break_begin, break_end)
    const Entry* break_end;
    const Entry* placed;    ///< the entry placed at this depth (valid below the current depth)
    std::uint16_t piece;    ///< placed->piece (one load less when the walk backtracks)
    NextPart next;          ///< what follows the current part
    std::uint8_t part_add;  ///< the fewest mismatches an entry of the current part adds: 0, 1 or 2
    bool slow;  ///< entries need their own checks: extra placed neighbours, a generated list, the both walk
    bool both;  ///< walking the signature's full list for candidates that mismatch both key sides
    bool generated;            ///< the list is open_generated's (each entry's mismatches in generated_add_)
    std::uint8_t add;          ///< mismatches that placement added
    std::uint64_t placements;  ///< placements made at this depth (all restarts)
    int favoured;              ///< quota: favoured sides placed at the depths above (0 without quota)
    SurplusCounts surplus_before;  ///< colour_bound: surplus_counts_ before that placement
  };

  // ---- constant data (built once) ----
  const Model& model_;
  ScanOptions opt_;
  std::vector<int> order_;        // cells in placement order, hints excluded
  std::vector<int> position_of_;  // cell -> 1-based placement number, 0 for hints
  std::vector<Depth> depths_;
  ScanLists lists_;  // per signature and key, the entries a depth walks (reordered per restart)
  int keys_ = 0;     // C + 1 (colour C = "no neighbour")
  int free_ = 0;
  std::vector<int> next_break_;  // next_break_[u] = first placement number where a (u+1)-th break may fall
  std::vector<std::uint8_t> base_colour_;  // the initial colour_ (hints and the none slot)
  std::vector<std::array<std::uint64_t, 16>>
      fit_mask_;            // window_fc: (cell, colour) -> pieces per side, 4 words each
  std::vector<int> quota_;  // quota_[d]: favoured sides needed after placement d+1; size = depths checked
  // quota_fallbacks: per set of colours (0: quota_colours, i: the i-th fallback), the favoured sides per
  // piece and the quota per depth, every quota as long as the longest (zeros after its last point)
  std::vector<std::vector<std::uint8_t>> favoured_sets_;
  std::vector<std::vector<int>> quota_sets_;  // quota_ == quota_sets_[quota_adapt_.colour_set()]
  // quota_adapt: placements made at the depth of the first break, and at pass_depth_'s, when the current
  // restart began (-1: no break or no quota: nothing to watch); depth d's quota is quota_[d] >>
  // result_.quota_halvings
  std::int64_t first_break_seen_ = -1;
  std::int64_t pass_seen_ = -1;
  int pass_depth_ = 0;               // the placement number of the break after the first (else the first)
  QuotaAdapt quota_adapt_;           // result_.quota_halvings == quota_adapt_.halvings()
  std::uint64_t restart_began_ = 0;  // placements_ when the current restart began
  // quota_adapt: the placement count at which the current restart is checked for a stall (restart_began_ +
  // restart_nodes / 8), an exact count as the clock's restarts are, so that runs with a node limit repeat
  // whatever the clock does; no_check after the check or when none is due
  static constexpr std::uint64_t no_check = ~std::uint64_t{0};
  std::uint64_t stall_check_at_ = no_check;
  // break_sets: candidate bit sets, words_ 64-bit words each, bit i = candidate id i
  int words_ = 0;
  int sets_from_ = 0;                     // the first depth where break_sets applies (free_: none)
  int bound_from_ = 0;                    // the first depth where colour_bound applies (free_: none)
  std::vector<Entry> candidate_entries_;  // per candidate id, its entry
  CandidateBits bits_;  // over candidate ids: per side and colour the candidates showing it, per outside mask
                        // those with grey exactly on those sides
  struct PieceBits {    ///< a piece's candidates in unused_ (its ids are contiguous)
    std::uint32_t word;  ///< the word of its first candidate
    std::uint64_t low;   ///< its bits in that word
    std::uint64_t high;  ///< and in the next
  };
  std::vector<PieceBits> piece_bits_;
  // per outside mask: the words [first, last) holding its bits_.fits() bits (ids ascend by piece, and pieces
  // of one kind, corner, edge or inner, are usually numbered together: a few words for the border cells)
  std::array<std::array<int, 2>, 16> fit_words_{};
  // ---- search state (reset per restart) ----
  std::vector<std::uint8_t> colour_;  // cell*4 + side -> colour shown; slot none_slot_ holds C
  int none_slot_ = 0;
  std::vector<std::uint8_t> used_;            // per piece
  std::array<std::uint64_t, 4> used_bits_{};  // window_fc only: used_ as bits (pieces 0..255)
  std::vector<Frame> frames_;
  std::vector<int> supply_, demand_;   // colour_parity: half-edges of unused pieces / of the frontier
  std::vector<std::uint64_t> unused_;  // break_sets: the candidates of unused pieces (words_ words)
  // colour_bound: colour_surplus of the board placed and its counts, exact while a depth >= bound_from_ is
  // open (rebuilt when depth bound_from_ is opened, kept by every placement from there on)
  std::vector<int> surplus_;
  SurplusCounts surplus_counts_;
  // ---- generated lists (break_sets; a depth's part is valid while the depth is open) ----
  std::vector<Entry> generated_;             // per depth that may break: room for every candidate
  std::vector<std::uint8_t> generated_add_;  // mismatches of generated_[i] against the placed cells
  struct WordLevels {
    int first;                          ///< the candidate id of bit 0
    std::array<std::uint64_t, 5> bits;  ///< [m]: the candidates with m mismatches (4: four)
  };
  std::vector<WordLevels> by_mismatches_;  // open_generated's scratch: the words holding unused candidates
  // ---- results and persistent state ----
  ScanResult result_;
  std::uint64_t placements_ = 0;
  int deepest_ = 0;
  /// completion_slack in force for this walk: partial boards from deepest_ - slack_ are offered to keeper_.
  int slack_ = 0;
  int bound_applied_ = -1;  // the highest shared score the depth table's budget has been capped to beat
  SearchClock clock_;
  BestBoardKeeper keeper_;
  Rng rng_{1};

  /// window_fc keeps the pieces in use as four 64-bit words, and a fit mask per side as four more.
  static constexpr int window_fc_max_pieces = 256;
  static_assert(std::tuple_size_v<decltype(used_bits_)> * 64 == window_fc_max_pieces);
  static_assert(std::tuple_size_v<decltype(fit_mask_)::value_type> == 4 * (window_fc_max_pieces / 64));
  // Entries store colours (and the "no neighbour" key) in bytes and candidates in 16 bits.
  static_assert(max_colours + 1 <= 256 && 4 * max_cells <= 65535);

  /// Placements between two completion ticks (completions of the deepest board, block repair steps).
  std::uint64_t completion_interval() const {
    return opt_.completion_every ? opt_.completion_every : default_completion_every;
  }

  void build() {
    if (opt_.order == CellOrder::mrv)
      throw std::invalid_argument("the scan engine needs a static cell order");
    if (opt_.window_fc && model_.piece_count() > window_fc_max_pieces)
      throw std::invalid_argument("window_fc supports puzzles of up to " +
                                  std::to_string(window_fc_max_pieces) + " pieces");
    if (opt_.block_repair_size < 1) throw std::invalid_argument("block_repair_size must be at least 1");
    if (opt_.completion_slack < 0) throw std::invalid_argument("completion_slack must be at least 0");
    if (opt_.quota_stalls < 0) throw std::invalid_argument("quota_stalls must be at least 0");
    quota_adapt_ =
        QuotaAdapt(opt_.quota_stalls ? opt_.quota_stalls
                                     : quota_stalls_for(opt_.node_limit, opt_.time_limit, opt_.restart_nodes),
                   1 + static_cast<int>(opt_.quota_fallbacks.size()));
    order_ = fill_order(model_, opt_.order);
    keeper_ =
        BestBoardKeeper(model_, order_, opt_.improve, &opt_.on_improvement, TailRepair{opt_.repair_nodes},
                        BlockRepair(opt_.block_repair_size, opt_.block_repair_nodes,
                                    std::max<std::uint64_t>(completion_interval() / 32, 1)));
    free_ = static_cast<int>(order_.size());
    position_of_.assign(static_cast<std::size_t>(model_.cell_count()), 0);
    for (int i = 0; i < free_; ++i)
      position_of_[static_cast<std::size_t>(order_[static_cast<std::size_t>(i)])] = i + 1;
    keys_ = model_.colour_count() + 1;
    build_base_colours();
    build_break_table();
    build_quota();
    build_depths();
    build_break_sets();
    bound_from_ = opt_.colour_bound > 0 ? std::max(free_ - opt_.colour_bound, 0) : free_;
    for (int d = 0; d < free_; ++d) {
      Depth& dp = depths_[static_cast<std::size_t>(d)];
      dp.opened_apart = dp.sets || d == sets_from_ || d == bound_from_;
      dp.work =
          static_cast<std::uint8_t>((d >= sets_from_ ? work_sets : 0) | (d >= bound_from_ ? work_bound : 0) |
                                    (opt_.window_fc || opt_.colour_parity ? work_lookahead : 0));
    }
    if (opt_.window_fc) build_fit_masks();
    colour_ = base_colour_;
    used_.assign(static_cast<std::size_t>(model_.piece_count()), 0);
    reset_used();
    frames_.assign(static_cast<std::size_t>(free_) + 1, Frame{});
  }

  /// The colours hints show, and the "no neighbour" slot.
  void build_base_colours() {
    const int n = model_.cell_count();
    none_slot_ = 4 * n;
    base_colour_.assign(static_cast<std::size_t>(4 * n + 1), 0);
    base_colour_[static_cast<std::size_t>(none_slot_)] = static_cast<std::uint8_t>(keys_ - 1);
    for (int c = 0; c < n; ++c)
      if (const int h = model_.hint_candidate(c); h >= 0)
        for (int s = 0; s < 4; ++s)
          base_colour_[static_cast<std::size_t>(4 * c + s)] = static_cast<std::uint8_t>(model_.colour(h, s));
  }

  void build_break_table() {
    for (int u = 0; u <= opt_.budget.total(); ++u) {
      int p = 1;
      while (p <= free_ && opt_.budget.allowed(p) <= u) ++p;
      next_break_.push_back(p);  // free_ + 1 when no later break is possible
    }
  }

  /// Favoured sides per piece (the lists are made with them) and the quota per depth, from the ramp's points,
  /// for the quota's colours and each fallback.
  void build_quota() {
    if (!opt_.quota_adapt && !opt_.quota_fallbacks.empty())
      throw std::invalid_argument("quota fallbacks are tried where the quota stalls: they need quota_adapt");
    if (opt_.quota_colours.empty()) {
      if (!opt_.quota_ramp.empty()) throw std::invalid_argument("a quota ramp needs quota colours");
      if (!opt_.quota_fallbacks.empty()) throw std::invalid_argument("quota fallbacks need quota colours");
      lists_ =
          ScanLists(model_, std::vector<std::uint8_t>(static_cast<std::size_t>(model_.piece_count()), 0));
      return;
    }
    std::vector<char> hinted(static_cast<std::size_t>(model_.piece_count()), 0);
    for (int c = 0; c < model_.cell_count(); ++c)
      if (const int h = model_.hint_candidate(c); h >= 0)
        hinted[static_cast<std::size_t>(model_.piece_of(h))] = 1;
    std::vector<std::vector<int>> sets{opt_.quota_colours};
    sets.insert(sets.end(), opt_.quota_fallbacks.begin(), opt_.quota_fallbacks.end());
    std::size_t longest = 0;
    for (const std::vector<int>& colours : sets) {
      if (colours.empty()) throw std::invalid_argument("a quota fallback needs colours");
      std::vector<std::uint8_t> favoured(static_cast<std::size_t>(model_.piece_count()), 0);
      int total = 0;  // favoured sides on the pieces to place
      for (int i = 0; i < model_.piece_count(); ++i) {
        const int n = favoured_sides(model_.puzzle().pieces[static_cast<std::size_t>(i)], colours);
        favoured[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(n);
        if (!hinted[static_cast<std::size_t>(i)]) total += n;
      }
      favoured_sets_.push_back(std::move(favoured));
      quota_sets_.push_back(quota_by_placement(
          opt_.quota_ramp.empty() ? default_quota_ramp(free_, total) : opt_.quota_ramp, free_));
      longest = std::max(longest, quota_sets_.back().size());
    }
    for (std::vector<int>& q : quota_sets_) q.resize(longest, 0);
    quota_ = quota_sets_.front();
    lists_ = ScanLists(model_, favoured_sets_.front());
  }

  /// The depth record of placement i (without its table) and its signature.
  std::pair<Depth, Signature> describe_depth(int i) const {
    const Geometry& g = model_.geometry();
    const int cell = order_[static_cast<std::size_t>(i)];
    Depth d{};
    d.cell = cell;
    d.allowed = opt_.budget.allowed(i + 1);
    d.slot1 = d.slot2 = none_slot_;
    d.side_slot = {-1, -1, -1, -1};
    Signature sig;
    int breakable = 0, nkeys = 0;
    for (int s : {left, up, right, down}) {  // left and up first: the usual scan orders key on them
      const int nb = g.neighbour(cell, s);
      if (nb < 0) {
        sig.outside |= 1 << s;
        continue;
      }
      const bool brk = !(g.on_frame(cell) && g.on_frame(nb));
      if (brk) breakable |= 1 << s;
      const bool placed =
          model_.hint_candidate(nb) >= 0 || position_of_[static_cast<std::size_t>(nb)] < i + 1;
      if (!placed) {
        d.open_side[d.open_count++] = static_cast<std::uint8_t>(s);
        continue;
      }
      const int slot = 4 * nb + opposite(s);
      d.side_slot[static_cast<std::size_t>(s)] = slot;
      d.closed_side[d.closed_count++] = static_cast<std::uint8_t>(s);
      if (nkeys == 2) {
        d.extra[d.extra_count++] = Extra{s, slot, brk};
        continue;
      }
      (nkeys == 0 ? d.slot1 : d.slot2) = slot;
      (nkeys == 0 ? sig.side1 : sig.side2) = s;
      ++nkeys;
    }
    d.side1 = sig.side1;
    d.side2 = sig.side2;
    d.outside = static_cast<std::uint8_t>(sig.outside);
    d.breakable = static_cast<std::uint8_t>(breakable);
    sig.key_breakable = (sig.side1 >= 0 && (breakable >> sig.side1 & 1) ? 1 : 0) |
                        (sig.side2 >= 0 && (breakable >> sig.side2 & 1) ? 2 : 0);
    return {d, sig};
  }

  /// Every depth, and the lists of each distinct signature (built once, shared by the depths that have it).
  void build_depths() {
    std::vector<std::size_t> table_at;  // per depth
    for (int i = 0; i < free_; ++i) {
      const auto [d, sig] = describe_depth(i);
      table_at.push_back(lists_.table(sig));
      depths_.push_back(d);
    }
    if (opt_.quota_adapt && !quota_.empty() && opt_.budget.active() &&
        opt_.budget.indices().front() <= free_) {
      first_break_seen_ = pass_seen_ = 0;
      const std::vector<int>& at = opt_.budget.indices();
      const auto next = std::upper_bound(at.begin(), at.end(), at.front());
      pass_depth_ = next != at.end() && *next <= free_ ? *next : at.front();
    }
    lists_.seal(!quota_.empty());
    for (int i = 0; i < free_; ++i) {  // the lists have stopped growing: their addresses hold now
      Depth& dp = depths_[static_cast<std::size_t>(i)];
      dp.table = lists_.ranges() + table_at[static_cast<std::size_t>(i)];
      const bool quota = static_cast<std::size_t>(i) < quota_.size();
      dp.quota = quota ? quota_[static_cast<std::size_t>(i)] : 0;
      dp.cuts = quota ? lists_.cuts() + table_at[static_cast<std::size_t>(i)] : nullptr;
    }
  }

  /// break_sets: the bit sets of every candidate, and room for the generated lists of the depths where it
  /// applies (a break may be left there, and at most break_sets pieces are left to place).
  void build_break_sets() {
    sets_from_ = free_;
    if (opt_.break_sets <= 0) return;
    const int n = model_.candidate_count();
    words_ = (n + 63) / 64;
    bits_ = CandidateBits(model_, words_, CandidateBits::id_slots(model_));
    piece_bits_.assign(static_cast<std::size_t>(model_.piece_count()), PieceBits{});
    for (int id = 0; id < n; ++id) {
      const Entry e = lists_.entry(id);
      candidate_entries_.push_back(e);
      PieceBits& b = piece_bits_[e.piece];  // ids ascend by piece: the first id of a piece sets the word
      if (id == 0 || model_.piece_of(id - 1) != e.piece) b.word = static_cast<std::uint32_t>(id / 64);
      (static_cast<std::uint32_t>(id / 64) == b.word ? b.low : b.high) |= std::uint64_t{1} << (id % 64);
    }
    for (int mask = 0; mask < 16; ++mask) {
      const std::uint64_t* const fits = bits_.fits(mask);
      int first = 0, last = words_;
      while (first < last && !fits[first]) ++first;
      while (last > first && !fits[last - 1]) --last;
      fit_words_[static_cast<std::size_t>(mask)] = {first, last};
    }
    std::uint32_t at = 0;
    for (int d = free_ - 1; d >= 0 && free_ - d <= opt_.break_sets; --d) {
      Depth& dp = depths_[static_cast<std::size_t>(d)];
      dp.sets = dp.allowed > 0;
      if (!dp.sets) break;  // allowed only grows with the depth
      dp.generated_at = at;
      at += static_cast<std::uint32_t>(n);
      sets_from_ = d;
    }
    generated_.assign(at, Entry{});
    generated_add_.assign(at, 0);
    by_mismatches_.assign(static_cast<std::size_t>(words_), WordLevels{});
  }

  /// Flips piece p's candidates in unused_ (placing and unplacing alternate, so a flip clears or sets them).
  /// Only placements at depths >= sets_from_ flip: unused_ is rebuilt from used_ whenever depth sets_from_ is
  /// opened, so that it holds exactly while a depth from there on is open, at no cost higher up.
  void flip_unused(int p) {
    const PieceBits& b = piece_bits_[static_cast<std::size_t>(p)];
    unused_[b.word] ^= b.low;
    unused_[b.word + 1] ^= b.high;
  }

  void build_fit_masks() {
    const Geometry& g = model_.geometry();
    fit_mask_.assign(static_cast<std::size_t>(g.cell_count() * (keys_ - 1)), {});
    for (int c = 0; c < g.cell_count(); ++c)
      for (int id = 0; id < model_.candidate_count(); ++id) {
        if (!Model::test(model_.static_domain(c), id)) continue;
        const int p = model_.piece_of(id);
        for (int s = 0; s < 4; ++s)
          fit_mask_[static_cast<std::size_t>(c * (keys_ - 1) + model_.colour(id, s))]
                   [static_cast<std::size_t>(4 * s + p / 64)] |= std::uint64_t{1} << (p % 64);
      }
  }

  void reset_state() {
    colour_ = base_colour_;
    if (opt_.colour_parity) {
      supply_.assign(static_cast<std::size_t>(keys_), 0);
      demand_.assign(static_cast<std::size_t>(keys_), 0);
      for (int p = 0; p < model_.piece_count(); ++p)
        if (!used_[static_cast<std::size_t>(p)])
          for (int k : model_.puzzle().pieces[static_cast<std::size_t>(p)].colours)
            ++supply_[static_cast<std::size_t>(k)];
      const Geometry& g = model_.geometry();
      for (int c = 0; c < g.cell_count(); ++c)
        if (model_.hint_candidate(c) >= 0)
          for (int s = 0; s < 4; ++s)
            if (const int nb = g.neighbour(c, s); nb >= 0 && model_.hint_candidate(nb) < 0)
              ++demand_[colour_[static_cast<std::size_t>(4 * c + s)]];
    }
  }

  /// Depth d's candidates with a break left: those of unused pieces that fit the cell, show the colour of
  /// every placed neighbour across an unbreakable join, and mismatch at most the breaks left, counted per
  /// candidate by a bit-sliced adder over the breakable joins' mismatch sets; written by mismatches, each
  /// with its count in generated_add_. Returns the list's end.
  const Entry* open_generated(int d, int breaks) {
    const Depth& dp = depths_[static_cast<std::size_t>(d)];
    const int room = std::min(dp.allowed - breaks, 4);
    const std::uint64_t* side_sets[4];
    bool breakable[4];
    int sides = 0;
    for (int s = 0; s < 4; ++s)
      if (const int slot = dp.side_slot[static_cast<std::size_t>(s)]; slot >= 0) {
        side_sets[sides] = bits_.shows(s, colour_[static_cast<std::size_t>(slot)]);
        breakable[sides++] = (dp.breakable >> s & 1) != 0;
      }
    const std::uint64_t* const fits = bits_.fits(dp.outside);
    WordLevels* const level = by_mismatches_.data();
    int nonzero = 0;
    const auto [first, last] = fit_words_[dp.outside];
    for (int w = first; w < last; ++w) {  // the words outside [first, last) hold no candidate for this cell
      std::uint64_t base = fits[w] & unused_[static_cast<std::size_t>(w)], c0 = 0, c1 = 0, c2 = 0;
      if (!base) continue;  // late in the search most words hold no unused candidate
      for (int i = 0; i < sides; ++i) {
        if (!breakable[i]) {
          base &= side_sets[i][w];
          continue;
        }
        const std::uint64_t miss = ~side_sets[i][w], carry = c0 & miss, carry2 = c1 & carry;  // count += miss
        c0 ^= miss;
        c1 ^= carry;
        c2 |= carry2;
      }
      level[nonzero++] = {64 * w,
                          {base & ~c0 & ~c1 & ~c2, base & c0 & ~c1 & ~c2, base & ~c0 & c1 & ~c2,
                           base & c0 & c1 & ~c2, base & c2}};
    }
    Entry* const out = generated_.data() + dp.generated_at;
    std::uint8_t* const add = generated_add_.data() + dp.generated_at;
    int n = 0;
    for (int m = 0; m <= room; ++m)
      for (int j = 0; j < nonzero; ++j)
        for (std::uint64_t bits = level[j].bits[static_cast<std::size_t>(m)]; bits; bits &= bits - 1) {
          out[n] = candidate_entries_[static_cast<std::size_t>(level[j].first + std::countr_zero(bits))];
          add[n++] = static_cast<std::uint8_t>(m);
        }
    return out + n;
  }

  /// unused_ from used_ (see flip_unused).
  void rebuild_unused() {
    std::fill(unused_.begin(), unused_.end(), 0);
    for (int p = 0; p < model_.piece_count(); ++p)
      if (!used_[static_cast<std::size_t>(p)]) flip_unused(p);
  }

  /// Opens depth d's walk into its frame, `breaks` mismatches placed before it: its list's exact part, the
  /// break part to follow while a break is left, both cut where the quota ends them (favoured sides placed so
  /// far plus the entry's must reach quota(d+1)); or, where break_sets applies and a break is left, the list
  /// generated from bit sets. Opens the root (at the start, on restart) and the depths marked `opened_apart`;
  /// the walk opens the others inline by open_list.
  void open_depth(int d, int breaks) {
    if (d == sets_from_) rebuild_unused();
    if (d == bound_from_) rebuild_surplus(d);
    const Depth& dp = depths_[static_cast<std::size_t>(d)];
    Frame& f = frames_[static_cast<std::size_t>(d)];
    if (dp.sets && dp.allowed > breaks) {
      f.it = generated_.data() + dp.generated_at;
      f.end = open_generated(d, breaks);
      f.next = NextPart::nothing;
      f.part_add = 0;
      f.slow = f.generated = true;
      f.both = false;
      return;
    }
    f.it = open_list<true>(dp, f, colour_.data(), lists_.entries(), keys_, f.favoured, breaks);
  }

  /// Opens a list depth's frame (open_depth without its rebuilds and generated lists, inline in the walk):
  /// its exact part's end and what follows it (the break part if one); returns the exact part's first entry.
  /// Without `Quota` the quota's cuts are not looked at (none is set).
  template <bool Quota>
  static const Entry* open_list(const Depth& dp, Frame& f, const std::uint8_t* colour, const Entry* entries,
                                int keys, int favoured_before, int breaks) {
    const int key = colour[dp.slot1] * keys + colour[dp.slot2];
    const Range& r = dp.table[key];
    std::uint32_t exact_stop = r.exact_end, break_stop = r.end;
    if (const int need = dp.quota - favoured_before; Quota && need > 0) {  // never past the quota's depths
      if (need > 4) {
        exact_stop = r.begin;
        break_stop = r.exact_end;
      } else {
        const QuotaCuts& c = dp.cuts[key];
        exact_stop = c.exact[static_cast<std::size_t>(need - 1)];
        break_stop = c.brk[static_cast<std::size_t>(need - 1)];
      }
    }
    f.end = entries + exact_stop;
    f.next = NextPart::nothing;
    if (dp.allowed > breaks) {
      f.next = NextPart::breaks;
      f.break_begin = entries + r.exact_end;
      f.break_end = entries + break_stop;
    }
    f.part_add = 0;
    f.slow = dp.extra_count != 0;
    f.both = f.generated = false;
    return entries + r.begin;
  }

  /// Moves depth dp's frame f, whose current part is walked, to its next part (`breaks` placed before it);
  /// false when none is left.
  bool next_part(const Depth& dp, Frame& f, int breaks) {
    if (f.next == NextPart::breaks) {
      f.next = NextPart::both;
      if (dp.allowed > breaks && f.break_begin != f.break_end) {
        f.it = f.break_begin;
        f.end = f.break_end;
        f.part_add = 1;
        return true;
      }
    }
    f.next = NextPart::nothing;
    const Range& all = dp.table[keys_ * keys_];  // empty unless both key sides may break
    if (dp.allowed - breaks < 2 || all.begin == all.end) return false;
    f.it = lists_.entries() + all.begin;
    f.end = lists_.entries() + all.end;
    f.part_add = 2;
    f.both = f.slow = true;
    return true;
  }

  /// Mismatches the candidate adds on the extra sides, or -1 when an unbreakable side mismatches.
  int extra_mismatches(const Depth& dp, const Entry& e) const {
    int mism = 0;
    for (int i = 0; i < dp.extra_count; ++i) {
      const Extra& x = dp.extra[static_cast<std::size_t>(i)];
      if (e.colour[static_cast<std::size_t>(x.side)] != colour_[static_cast<std::size_t>(x.slot)]) {
        if (!x.breakable) return -1;
        ++mism;
      }
    }
    return mism;
  }

  /// The walk. Invariant at the top of the loop: depths 0..d-1 hold a placement (frames_[i].placed), depth d
  /// walks the current part of its list from `it`, `breaks` = sum of frames_[0..d-1].add. The current
  /// frame's cursor lives in locals (byte stores to used/colour alias everything, so members would be
  /// reloaded at every step). A list part needs no check per entry beyond the piece in use: the quota cut
  /// its end when the depth was opened, and its entries all add `part_add` mismatches, checked against the
  /// budget when the part is entered or resumed; entries of slow parts are checked one by one. Entries of
  /// pieces in use are skipped by a loop of their own, which keeps the cursor in a register (in the loop
  /// body the compiler spilled it, a store and a reload per skipped entry), tested at its bottom: one taken
  /// branch and six instructions per skipped entry (tested at its top, the compiler laid it out with two
  /// jumps and kept `used` on the stack). The depth is the frame pointer (d = f - root), with no counter
  /// beside it, and what the walk keeps per depth (placements, favoured sides) lives in the frames: fewer
  /// values live across the loop, fewer of them on the stack.
  template <bool Quota>  // quota_ is not empty (compiled twice: the walk without it keeps no favoured sides)
  void search() {
    int breaks = 0;
    begin_walk();
    restart_began_ = placements_;
    schedule_stall_check();
    std::uint64_t placements = placements_, next_poll = next_poll_at();
    std::uint8_t* const colour = colour_.data();
    std::uint8_t* const used = used_.data();
    const Entry* const entries = lists_.entries();
    const Entry* const generated = generated_.data();
    const std::uint8_t* const generated_add = generated_add_.data();
    const int* const final_allowed = &depths_.back().allowed;  // lowered in place by cap_mismatches
    const int keys = keys_;
    const std::uint8_t* const favoured = lists_.favoured();
    Frame* const root = frames_.data();
    const Frame* const last = root + free_ - 1;
    const auto record_start = [&] { return root + std::max(deepest_ - 1 - slack_, 0); };
    const Frame* record_from = record_start();  // note_depth when f >= record_from
    Frame* f = root;                            // depth d = f - root
    const Depth* dp = depths_.data();
    const auto depth = [&] { return static_cast<int>(f - root); };
    const Entry *it = f->it, *end = f->end;
    int part_add = f->part_add;
    bool slow = f->slow;
    const auto load_cursor = [&] {
      it = f->it;
      end = f->end;
      part_add = f->part_add;
      slow = f->slow;
    };
    while (true) {
      if (it != end && used[it->piece]) {  // pieces in use: the walk's most frequent step
        do ++it;
        while (it != end && used[it->piece]);
      }
      if (it == end) {  // the part is done: its next part, a poll, or back to the depth above
        if (f->next != NextPart::nothing && next_part(*dp, *f, breaks)) {
          load_cursor();
          continue;
        }
        if (placements >= next_poll) {
          placements_ = placements;
          const auto ev = poll();
          if (ev == SearchClock::Event::stop) {
            result_.status = solved_by_keeper() ? SearchStatus::solved : SearchStatus::limit;
            return;
          }
          // quota_adapt: a walk still short of the first break after an eighth of its restart interval
          // restarts now (adapt_quota decides whether the quota halves)
          const bool checked = placements_ >= stall_check_at_;
          if (checked) stall_check_at_ = no_check;  // once per restart: a walk that got there has got there
          const bool stalled = Quota && ev == SearchClock::Event::go_on && checked && restart_stalled();
          if (ev == SearchClock::Event::restart || stalled) {
            for (int d = depth(); d > 0;) unplace(--d, breaks);
            restart(false);
            f = root;
            dp = depths_.data();
            load_cursor();
            record_from = record_start();  // slack_ may have changed
          }
          next_poll = next_poll_at();
          if (ev == SearchClock::Event::restart || stalled) continue;
        }
        if (f == root) {  // exhausted, unless quota_adapt moves a quota that cut every walk short
          if (!Quota || first_break_seen_ < 0 || restart_passed() || !quota_adapt_.can_halve()) break;
          placements_ = placements;
          restart(true);
          load_cursor();
          record_from = record_start();
          next_poll = next_poll_at();
          continue;
        }
        --f;
        --dp;
        used[f->piece] = 0;  // unplace(depth(), breaks), inline: the walk's most frequent step
        breaks -= f->add;
        if (dp->work) undo_work(depth());
        load_cursor();
        if (breaks + part_add > dp->allowed) end = it;  // a better board lowered the cap below this part
        continue;
      }
      const Entry* e = it++;
      int add = part_add;
      if (slow) {
        if (f->generated) {
          add = generated_add[e - generated];
        } else {
          if (f->both && (e->colour[static_cast<std::size_t>(dp->side1)] == colour[dp->slot1] ||
                          e->colour[static_cast<std::size_t>(dp->side2)] == colour[dp->slot2]))
            continue;  // matches a key side: already offered by the key's own list
          const int x = extra_mismatches(*dp, *e);
          if (x < 0) continue;
          add += x;
        }
        if (breaks + add > dp->allowed) continue;  // the budget, or a cap lowered since this list was opened
        if (Quota && f->favoured + favoured[e->piece] < dp->quota) {
          if (f->generated) continue;
          it = end;  // so is every later entry of this part (sorted by favoured sides)
          continue;
        }
      }
      const int work = dp->work;
      if (work & work_bound) {  // colour_bound: the board this makes must still fit the final budget
        f->surplus_before = surplus_counts_;
        move_surplus<true>(*dp, *e, -1);
        if (breaks + add + surplus_counts_.bound() > *final_allowed) {
          move_surplus<false>(*dp, *e, +1);
          surplus_counts_ = f->surplus_before;
          ++result_.colour_bound_prunes;
          continue;
        }
      }
      ++placements;
      ++f->placements;
      used[e->piece] = 1;
      if constexpr (Quota) f[1].favoured = f->favoured + favoured[e->piece];
      std::memcpy(colour + 4 * dp->cell, e->colour.data(), 4);
      f->placed = e;
      f->piece = e->piece;
      f->add = static_cast<std::uint8_t>(add);
      breaks += add;
      if (work) {
        if (work & work_sets) flip_unused(e->piece);
        if (work & work_lookahead) {
          if (opt_.window_fc) used_bits_[e->piece >> 6] |= std::uint64_t{1} << (e->piece & 63);
          if (!lookahead(depth(), breaks)) {
            unplace(depth(), breaks);
            continue;
          }
        }
      }
      if (f >= record_from) {
        note_depth(depth() + 1, breaks);
        record_from = record_start();
        if (f == last) {
          placements_ = placements;
          if (full_placement(breaks)) return;
          unplace(depth(), breaks);
          if (breaks + part_add > dp->allowed) end = it;  // the board set a cap this part cannot meet
          continue;
        }
      }
      f->it = it;  // descend: open the next depth
      ++f;
      ++dp;
      if (dp->opened_apart) {
        open_depth(depth(), breaks);
        load_cursor();
        continue;
      }
      it = open_list<Quota>(*dp, *f, colour, entries, keys, f->favoured, breaks);
      end = f->end;
      part_add = 0;
      slow = f->slow;
    }
    placements_ = placements;
  }

  /// Fresh colours and counters, and depth 0's list opened.
  void begin_walk() {
    reset_state();
    open_depth(0, 0);
  }

  /// A new value order, everything unplaced (the caller unplaced the placements); `exhausted`: the walk
  /// finished its tree.
  void restart(bool exhausted) {
    if (opt_.completion_slack > 0) {  // completion_slack: only while no walk has made a full placement
      const int slack = result_.solutions == 0 ? opt_.completion_slack : 0;
      if (slack > 0 || slack_ > 0) keeper_.begin_walk(slack, clock_.elapsed());
      slack_ = slack;
    }
    adapt_quota(exhausted);
    restart_began_ = placements_;
    schedule_stall_check();
    ++result_.restarts;
    clock_.restarted(placements_);
    rng_ = Rng(restart_seed(opt_.seed, result_.restarts));
    lists_.arrange(opt_.values, rng_);
    begin_walk();
  }

  /// quota_adapt: the current restart (begun at restart_began_) is checked for a stall an eighth of its
  /// interval in.
  void schedule_stall_check() {
    stall_check_at_ =
        first_break_seen_ >= 0 && opt_.restart_nodes ? restart_began_ + opt_.restart_nodes / 8 : no_check;
  }
  /// The placement count of the walk's next poll: the clock's, or the stall check if that comes first.
  std::uint64_t next_poll_at() const { return std::min(clock_.next_poll(), stall_check_at_); }

  /// quota_adapt: placements made so far at placement number `at`'s depth.
  std::int64_t placements_at(int at) const {
    return static_cast<std::int64_t>(frames_[static_cast<std::size_t>(at - 1)].placements);
  }
  /// quota_adapt: this restart has made no placement at the first break's depth.
  bool restart_stalled() const {
    return first_break_seen_ >= 0 && placements_at(opt_.budget.indices().front()) == first_break_seen_;
  }
  /// quota_adapt: this restart has made a placement at the depth of the break after the first.
  bool restart_passed() const { return pass_seen_ >= 0 && placements_at(pass_depth_) != pass_seen_; }
  /// quota_adapt, at a restart: QuotaAdapt's rule, applied to the lists' favoured sides and the depths'
  /// quotas.
  void adapt_quota(bool exhausted) {
    if (first_break_seen_ < 0) return;
    if (quota_adapt_.restart_ended(restart_passed(), exhausted) != QuotaAdapt::Step::keep) {
      if (const int set = quota_adapt_.colour_set(); set != result_.quota_colour_set) {
        result_.quota_colour_set = set;
        lists_.set_favoured(favoured_sets_[static_cast<std::size_t>(set)]);
        quota_ = quota_sets_[static_cast<std::size_t>(set)];
      }
      result_.quota_halvings = quota_adapt_.halvings();
      for (std::size_t i = 0; i < quota_.size(); ++i) depths_[i].quota = quota_[i] >> result_.quota_halvings;
    }
    first_break_seen_ = placements_at(opt_.budget.indices().front());
    pass_seen_ = placements_at(pass_depth_);
  }

  /// SearchClock's verdict at placements_, completing the deepest board and taking a step of the kept board's
  /// block repair when a completion is due; then the bound shared with other searches
  /// (SearchControl::shared_best) is exchanged. A stop when the completion (hill-climbed, repaired) or the
  /// block repair made a perfect board: the puzzle is solved, as by a full placement.
  SearchClock::Event poll() {
    const auto ev = clock_.poll(
        placements_,
        [&] {
          keeper_.complete_partial(clock_.elapsed());
          keeper_.repair_best(clock_.elapsed());
        },
        [&](double t) { return progress(t); });
    if (solved_by_keeper()) return SearchClock::Event::stop;
    return ev == SearchClock::Event::go_on && !share_bound() ? SearchClock::Event::stop : ev;
  }
  /// With tightening, a perfect kept board ends the search as solved, wherever it came from.
  bool solved_by_keeper() const {
    return opt_.tighten && keeper_.best_score() == model_.geometry().inner_join_count();
  }

  /// Publishes this search's best score and bounds it by the best known elsewhere: only boards that beat it
  /// are accepted from then on. False when a perfect board is known (nothing is left to beat).
  bool share_bound() {
    if (!opt_.shared_best) return true;
    const int mine = keeper_.best_score();
    int known = opt_.shared_best->load(std::memory_order_relaxed);
    while (mine > known && !opt_.shared_best->compare_exchange_weak(known, mine, std::memory_order_relaxed)) {
    }
    const int joins = model_.geometry().inner_join_count();
    if (known >= joins && mine < joins) return false;
    if (opt_.tighten && known > mine && known > bound_applied_) {
      cap_mismatches(std::max(joins - known - 1, 0));
      bound_applied_ = known;
    }
    return true;
  }

  /// Every piece is down with `breaks` mismatches: the board is offered; true when the search ends here.
  bool full_placement(int breaks) {
    ++result_.solutions;
    keeper_.offer(current_board(free_), clock_.elapsed());
    if (opt_.tighten) cap_mismatches(breaks - 1);
    if (opt_.stop_at_first_complete ||
        (opt_.tighten && keeper_.best_score() == model_.geometry().inner_join_count())) {
      result_.status = SearchStatus::solved;
      return true;
    }
    return false;
  }

  /// From now on at most `cap` mismatches anywhere (the depth table's budget is lowered in place).
  void cap_mismatches(int cap) {
    for (Depth& dp : depths_) dp.allowed = std::min(dp.allowed, cap);
  }

  /// A placement reached `depth` >= deepest_ - slack_ with `breaks` mismatches.
  void note_depth(int depth, int breaks) {
    deepest_ = std::max(deepest_, depth);
    if (depth < free_ && keeper_.better_partial(depth, breaks))
      keeper_.record_partial(depth, breaks, current_board(depth));
  }

  void unplace(int d, int& breaks) {
    const Frame& f = frames_[static_cast<std::size_t>(d)];
    used_[f.piece] = 0;
    breaks -= f.add;
    undo_work(d);
  }
  /// Undoes depth d's Work (its placement's flips of unused_, colour bound counts, lookahead state).
  void undo_work(int d) {
    const Depth& dp = depths_[static_cast<std::size_t>(d)];
    const Frame& f = frames_[static_cast<std::size_t>(d)];
    if (dp.work & work_sets) flip_unused(f.piece);
    if (dp.work & work_bound) {
      move_surplus<false>(dp, *f.placed, +1);
      surplus_counts_ = f.surplus_before;
    }
    if (dp.work & work_lookahead) undo_lookahead(d);
  }

  /// surplus_ from scratch, depths 0..d-1 placed (when depth bound_from_ opens): colour_surplus from the
  /// walk's own arrays, the unused pieces' sides less the colours placed cells show the cells of depths >= d.
  void rebuild_surplus(int d) {
    surplus_.assign(static_cast<std::size_t>(model_.colour_count()), 0);
    const auto& pieces = model_.puzzle().pieces;
    for (std::size_t p = 0; p < pieces.size(); ++p)
      if (!used_[p])
        for (int k : pieces[p].colours) ++surplus_[static_cast<std::size_t>(k)];
    const Geometry& g = model_.geometry();
    for (int i = d; i < free_; ++i)
      for (int s = 0; s < 4; ++s) {
        const int cell = depths_[static_cast<std::size_t>(i)].cell, nb = g.neighbour(cell, s);
        if (nb >= 0 && position_of_[static_cast<std::size_t>(nb)] <= d)  // a hint (0) or placed before d
          --surplus_[colour_[static_cast<std::size_t>(4 * nb + opposite(s))]];
      }
    surplus_counts_ = surplus_counts(surplus_);
  }

  /// surplus_'s change when e is placed at depth dp (sign -1) or taken back (+1): its sides leave the supply;
  /// a side towards a placed neighbour closes that neighbour's demand, one towards an empty cell opens its
  /// own. A matched join takes one side of one colour from supply and demand alike: no change; an open side
  /// moves its colour by 2: no change of parity. surplus_counts_ follows when Count; a placement taken back
  /// restores the counts it saved instead (Frame::surplus_before). No side here shows grey (Model: grey
  /// faces exactly the outside, hints included), so every colour touched counts.
  template <bool Count>
  void move_surplus(const Depth& dp, const Entry& e, int sign) {
    int* const surplus = surplus_.data();
    SurplusCounts c = surplus_counts_;  // a local: no store per step through the int pointer's aliasing
    const auto deficit = [](int x) { return x < 0 ? -x : 0; };
    const auto shift = [&](int& x, int delta, bool odd_delta) {  // an odd delta flips the parity
      if constexpr (Count) {
        c.deficit -= deficit(x);
        if (odd_delta) c.odd += 1 - 2 * (x & 1);
      }
      x += delta;
      if constexpr (Count) c.deficit += deficit(x);
    };
    for (int i = 0; i < dp.open_count; ++i)
      shift(surplus[e.colour[dp.open_side[static_cast<std::size_t>(i)]]], 2 * sign, false);
    for (int i = 0; i < dp.closed_count; ++i) {
      const int side = dp.closed_side[static_cast<std::size_t>(i)];
      const int mine = e.colour[static_cast<std::size_t>(side)];
      const int theirs = colour_[static_cast<std::size_t>(dp.side_slot[static_cast<std::size_t>(side)])];
      if (mine == theirs) continue;
      shift(surplus[mine], sign, true);
      shift(surplus[theirs], -sign, true);
    }
    if constexpr (Count) surplus_counts_ = c;
  }

  /// unplace's part for the strict checks (window_fc's used bits, colour_parity's counts).
  void undo_lookahead(int d) {
    const Entry& e = *frames_[static_cast<std::size_t>(d)].placed;
    if (opt_.window_fc) used_bits_[e.piece >> 6] &= ~(std::uint64_t{1} << (e.piece & 63));
    if (opt_.colour_parity) parity_update(d, e, -1);
  }

  void reset_used() {
    std::fill(used_.begin(), used_.end(), 0);
    for (int c = 0; c < model_.cell_count(); ++c)
      if (const int h = model_.hint_candidate(c); h >= 0)
        used_[static_cast<std::size_t>(model_.piece_of(h))] = 1;
    unused_.assign(static_cast<std::size_t>(words_) + 1, 0);  // + 1: flip_unused's next word
    used_bits_ = {};
    for (int p = 0; p < model_.piece_count(); ++p)
      if (used_[static_cast<std::size_t>(p)])
        used_bits_[static_cast<std::size_t>(p >> 6)] |= std::uint64_t{1} << (p & 63);
  }

  SearchProgress progress(double t) const {
    SearchProgress p;
    p.seconds = t;
    p.placements = placements_;
    p.solutions = result_.solutions;
    p.deepest = deepest_;
    p.best_depth = std::max(keeper_.partial_depth(), 0);
    p.best_score = keeper_.best_score();
    p.restarts = result_.restarts;
    return p;
  }

  /// The budget-aware strict checks after placing depth d (placement number d+1) with `breaks` used.
  bool lookahead(int d, int breaks) {
    const Depth& dp = depths_[static_cast<std::size_t>(d)];
    const int closed_before =
        next_break_[static_cast<std::size_t>(breaks)];  // placements < this must be exact
    if (opt_.colour_parity) {
      parity_update(d, *frames_[static_cast<std::size_t>(d)].placed, +1);
      if (closed_before > free_ && !parity_ok()) {
        ++result_.parity_prunes;
        return false;
      }
    }
    if (!opt_.window_fc) return true;
    const Geometry& g = model_.geometry();
    for (int s = 0; s < 4; ++s) {
      const int nb = g.neighbour(dp.cell, s);
      if (nb < 0) continue;
      const int pos = position_of_[static_cast<std::size_t>(nb)];
      if (pos <= d + 1 || pos >= closed_before) continue;  // placed, a hint, or may still break
      std::array<std::uint64_t, 4> m{~0ULL, ~0ULL, ~0ULL, ~0ULL};
      for (int t = 0; t < 4; ++t) {
        const int nn = g.neighbour(nb, t);
        if (nn < 0) continue;
        const int pp = position_of_[static_cast<std::size_t>(nn)];
        if (pp > d + 1) continue;  // not placed yet (hints have position 0)
        const auto& fm = fit_mask_[static_cast<std::size_t>(
            nb * (keys_ - 1) + colour_[static_cast<std::size_t>(4 * nn + opposite(t))])];
        for (int w = 0; w < 4; ++w) m[static_cast<std::size_t>(w)] &= fm[static_cast<std::size_t>(4 * t + w)];
      }
      std::uint64_t any = 0;
      for (int w = 0; w < 4; ++w)
        any |= m[static_cast<std::size_t>(w)] & ~used_bits_[static_cast<std::size_t>(w)];
      if (!any) {
        ++result_.window_fc_prunes;
        return false;
      }
    }
    return true;
  }

  void parity_update(int d, const Entry& e, int sign) {
    const Geometry& g = model_.geometry();
    const int cell = depths_[static_cast<std::size_t>(d)].cell;
    for (int s = 0; s < 4; ++s) {
      supply_[e.colour[static_cast<std::size_t>(s)]] -= sign;
      const int nb = g.neighbour(cell, s);
      if (nb < 0) continue;
      const bool nb_placed =
          model_.hint_candidate(nb) >= 0 || position_of_[static_cast<std::size_t>(nb)] <= d;
      if (nb_placed)
        demand_[colour_[static_cast<std::size_t>(4 * nb + opposite(s))]] -=
            sign;  // that half-edge is closed now
      else
        demand_[e.colour[static_cast<std::size_t>(s)]] += sign;
    }
  }

  /// Every non-grey colour: supply >= demand, with an even difference.
  bool parity_ok() const {
    for (int k = 1; k + 1 < keys_; ++k) {
      const int sup = supply_[static_cast<std::size_t>(k)], dem = demand_[static_cast<std::size_t>(k)];
      if (sup < dem || ((sup - dem) & 1) != 0) return false;
    }
    return true;
  }

  Board current_board(int depth) const {
    Board b(model_.cell_count());
    for (int c = 0; c < model_.cell_count(); ++c)
      if (const int h = model_.hint_candidate(c); h >= 0) b.cells[static_cast<std::size_t>(c)] = h;
    for (int i = 0; i < depth; ++i)
      b.cells[static_cast<std::size_t>(depths_[static_cast<std::size_t>(i)].cell)] =
          frames_[static_cast<std::size_t>(i)].placed->candidate;
    return b;
  }
};

}  // namespace edgecp
