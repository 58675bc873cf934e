// The exact walk: exhaustive depth-first search over a static fill order, to find or count the exact
// solutions of small and mid-size puzzles at the speed of a plain backtracker.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <map>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "edgecp/core/rng.hpp"
#include "edgecp/puzzle/board.hpp"
#include "edgecp/puzzle/model.hpp"
#include "edgecp/search/candidate_bits.hpp"
#include "edgecp/search/cell_order.hpp"
#include "edgecp/search/search_control.hpp"
#include "edgecp/search/tree_estimate.hpp"

namespace edgecp {

/// The exact walk's options; the limits, progress and stop flag are SearchControl's (restarts are not used,
/// the seed only by estimate()).
struct WalkOptions : SearchControl {
  SearchMode mode = SearchMode::count;  ///< first or count
  CellOrder order = CellOrder::row;     ///< any static order (mrv is refused)
  bool fix_corner = false;              ///< a corner piece (pin_piece) goes top-left, counted once
  /// The corner piece fix_corner and the symmetry pin (0-based; -1: the lowest-numbered). Any gives the same
  /// count; search/walk_plan.hpp picks the one with the smallest tree.
  int pin_piece = -1;
  /// Count mode on a board without hints: count the solutions with the pinned corner piece (pin_piece)
  /// top-left (square boards) or in a top corner (others), times the board rotations (4 or 2), as
  /// ExactOptions::symmetry. Ignored with fix_corner.
  bool symmetry = true;
  /// After each placement, every cell next to it that the order places later (beyond the next placement)
  /// must keep an unused candidate that fits its placed neighbours: a forward check on the joins and the
  /// pieces left, a few bit-set words per neighbour. Sound (tested against brute force); measured not to pay
  /// on Brendan's puzzles (docs/journal.md section 24), so off.
  bool lookahead = false;
};

/// The walk's result: the shared fields and what the lookahead cut.
struct WalkResult : SearchResultCore {
  int symmetry_factor = 1;             ///< solutions = solutions found x this
  std::uint64_t lookahead_prunes = 0;  ///< placements undone by the lookahead (counted in placements)
};

/// Exhaustive depth-first search over a static fill order, for exact solutions only (no mismatch budget):
/// plain backtracking's tree, node for node, at the lowest cost per node we measured.
///
/// A candidate is a slot, 4 x position + rotation (CandidateBits::nibble_slots: distinct rotations only,
/// pieces ranked by kind), so that a piece's candidates are one nibble of one word and a piece leaves the
/// set of unused slots by one AND. Every depth knows its cell's signature: the sides facing the outside and
/// the first two placed neighbours (earlier in the order, or hints), which give the key; per signature and
/// key the walk holds the set of slots that fit (CandidateBits::key_table). A depth's candidates are that
/// set ANDed with the unused slots (and with the slots showing the colour of a third or fourth placed
/// neighbour, where there is one), over the words its cell's kind can fill, kept in its frame as bits. The
/// pieces in use cost nothing. Cost per placement: two bit scans, a nibble cleared, one 32-bit store of the
/// colours, and the next depth's words ANDed; where the next key takes a colour of the piece just placed (a
/// scan order's left neighbour), its row comes from a per-slot offset table, not from the colour just
/// stored, which shortens the chain of loads from one node to the next. A placement whose next depth has
/// no candidate is undone at once. No allocation per node; the recursion is a loop over an explicit stack
/// of frames. Memory per depth: a frame of 2 W + 4 words.
///
/// `W` 64-bit words hold 16 W pieces (run_walk picks the narrowest).
template <std::size_t W>
class ExactWalk {
 public:
  static constexpr int max_pieces = static_cast<int>(16 * W);
  using Bits = std::array<std::uint64_t, W>;

  ExactWalk(const Model& m, WalkOptions opt) : model_(m), opt_(std::move(opt)), clock_(opt_, 0) {
    if (opt_.mode == SearchMode::best)
      throw std::invalid_argument("the exact walk finds or counts exact solutions (--mode first|count)");
    if (opt_.order == CellOrder::mrv) throw std::invalid_argument("the exact walk needs a static cell order");
    build();
  }
  ExactWalk(const ExactWalk&) = delete;  // clock_ points into opt_
  ExactWalk& operator=(const ExactWalk&) = delete;

  WalkResult run() {
    clock_.start();
    result_ = WalkResult{};
    result_.symmetry_factor = symmetry_factor_;
    if (free_ == 0) {
      if (root_ok_) on_solution_board();
      result_.placements_by_depth.assign(1, 0);
    } else if (root_ok_) {
      if (opt_.lookahead)
        walk<true>();
      else
        walk<false>();
    }
    finish();
    return result_;
  }

  /// Knuth's estimator (D. E. Knuth, "Estimating the efficiency of backtrack programs", Mathematics of
  /// Computation 29, 1975) on the tree run() searches: each probe goes from the root to a leaf through one of
  /// a node's successful placements, picked at random, and counts the placements tried at every node it
  /// meets times the product of the branching factors above it. Stops early at the time limit or the stop
  /// flag (between probes). Seeded by opt.seed.
  TreeEstimate estimate(std::uint64_t probes) {
    clock_.start();
    TreeEstimator est(static_cast<std::size_t>(free_) + 1);
    Rng rng(opt_.seed);
    std::vector<int> ok;
    for (std::uint64_t k = 0; k < probes && root_ok_; ++k) {
      if (k > 0 && estimate_interrupted(opt_, clock_.elapsed())) break;
      reset_state();
      double weight = 1;
      int d = 0;
      for (; d < free_; ++d) {
        ok.clear();
        int tried = 0;
        Frame& f = frames_[static_cast<std::size_t>(d)];
        (void)fill(f, depths_[static_cast<std::size_t>(d)], colour_.data(), unused_.data(),
                   d > 0 ? frames_[static_cast<std::size_t>(d) - 1].slot : 0);
        const Bits candidates = f.bits;
        for (int w = 0; w < static_cast<int>(W); ++w)
          for (std::uint64_t bits = f.words >> w & 1U ? candidates[static_cast<std::size_t>(w)] : 0; bits;
               bits &= bits - 1) {
            const int slot = 64 * w + std::countr_zero(bits);
            ++tried;
            place(d, slot);
            if (!opt_.lookahead || lookahead_ok(d)) ok.push_back(slot);
            unplace(d, slot);
          }
        est.node(d, tried, weight);
        if (ok.empty()) break;
        weight *= static_cast<double>(ok.size());
        place(d, ok[static_cast<std::size_t>(rng.below(ok.size()))]);
      }
      if (d == free_) est.solution(weight);
      est.end_probe(symmetry_factor_);
    }
    if (free_ == 0 && root_ok_) {
      est.solution(1);
      est.end_probe(symmetry_factor_);
    }
    reset_state();
    return est.finish(clock_.elapsed(), symmetry_factor_);
  }

  /// The cells in placement order (hints left out).
  const std::vector<int>& order() const { return order_; }

 private:
  struct Depth {
    int cell4;                     ///< 4 x the cell (its first colour_ index)
    int slot1, slot2;              ///< colour_ indices of the key colours (none_slot_ when absent)
    int shift;                     ///< the key is colour[slot1] << shift | colour[slot2]
    const std::uint64_t* table;    ///< the signature's sets, W words per key
    const std::uint32_t* colour4;  ///< per slot, its colours as one word (CandidateBits::colour_words)
    /// Where a key side faces the cell of the depth before (placed just before this depth is opened): per
    /// slot placed there, that side's part of the row's offset into `table` (in words); null otherwise.
    /// The row is then table + colour[fixed_slot] * fixed_mul + prev_offset[slot].
    const std::uint32_t* prev_offset;
    int fixed_slot, fixed_mul;
    int first_word, end_word;      ///< the words any key's set can hold (those of the cell's kind)
    int extra_count;               ///< placed neighbours beyond the two key sides
    std::array<int, 2> extra_row;  ///< their CandidateBits::shows rows: side * keys (colour added at open)
    std::array<int, 2> extra_slot;
    int checks_begin, checks_end;  ///< lookahead: checks_[checks_begin, checks_end)
  };
  /// lookahead: a cell placed later whose placed neighbours (at this depth) must leave it a candidate.
  struct Check {
    int outside;              ///< its sides facing the outside, as bits
    int sides;                ///< placed neighbours
    std::array<int, 4> row;   ///< side * keys per placed neighbour
    std::array<int, 4> slot;  ///< colour_ index of the colour it shows
  };
  struct Frame {
    Bits bits;                 ///< candidates not tried yet, per word (words outside the kind's: stale)
    unsigned words;            ///< the words of `bits` that are not empty, as bits
    int w;                     ///< the word of the slot placed (valid below the current depth)
    int slot;                  ///< the slot placed (the same), -1: none
    std::uint64_t piece;       ///< its piece's nibble in word w (the same)
    std::uint64_t placements;  ///< placements made at this depth
    Bits own;                  ///< a depth with extra neighbours: its key's set ANDed with theirs
  };

  // ---- constant data ----
  const Model& model_;
  WalkOptions opt_;
  CandidateBits bits_;      // slots, shows rows, fit sets, key tables
  std::vector<int> order_;  // cells in placement order, hints excluded
  std::vector<Depth> depths_;
  std::vector<Check> checks_;
  std::array<std::vector<std::uint32_t>, 8> prev_offsets_;  // [2 * side + second]: Depth::prev_offset tables
  std::vector<std::uint8_t> base_colour_;                   // hints' colours and the none slot
  Bits base_unused_{};                                      // every slot of a piece not hinted
  int keys_ = 0, none_slot_ = 0, free_ = 0;
  int symmetry_factor_ = 1;
  bool root_ok_ = true;  // false: the hints alone already fail (no solution)
  // ---- search state ----
  std::vector<std::uint8_t> colour_;  // cell*4 + side -> colour shown; none_slot_ holds keys_ - 1
  Bits unused_{};                     // slots of unused pieces
  std::vector<Frame> frames_;
  // ---- results ----
  WalkResult result_;
  SearchClock clock_;
  std::uint64_t placements_ = 0;

  void build() {
    const Geometry& g = model_.geometry();
    order_ = fill_order(model_, opt_.order);
    free_ = static_cast<int>(order_.size());
    keys_ = model_.colour_count() + 1;
    none_slot_ = 4 * model_.cell_count();
    base_colour_.assign(static_cast<std::size_t>(none_slot_) + 1, 0);
    base_colour_[static_cast<std::size_t>(none_slot_)] = static_cast<std::uint8_t>(keys_ - 1);
    std::vector<int> slots = CandidateBits::nibble_slots(model_, true);
    if (CandidateBits::words_for(slots) > static_cast<int>(W))
      slots = CandidateBits::nibble_slots(model_, false);
    if (CandidateBits::words_for(slots) > static_cast<int>(W))
      throw std::invalid_argument("this walk holds up to " + std::to_string(max_pieces) + " pieces");
    bits_ = CandidateBits(model_, static_cast<int>(W), slots);
    for (int id = 0; id < model_.candidate_count(); ++id) set_piece(base_unused_, bits_.slot(id), true);
    int hinted = 0;
    for (int c = 0; c < model_.cell_count(); ++c)
      if (const int h = model_.hint_candidate(c); h >= 0) {
        ++hinted;
        set_piece(base_unused_, bits_.slot(h), false);
        for (int s = 0; s < 4; ++s)
          base_colour_[static_cast<std::size_t>(4 * c + s)] = static_cast<std::uint8_t>(model_.colour(h, s));
      }
    root_ok_ = hints_fit();
    // The symmetry pins: a set of allowed pieces per pinned cell.
    std::vector<int> pin(static_cast<std::size_t>(model_.cell_count()), 0);  // 0 none, 1 only p, 2 all but p
    const int p = pinned_corner_piece(model_, opt_.pin_piece);
    if (p >= 0 && opt_.fix_corner) {
      if (model_.hint_candidate(g.cell(0, 0)) < 0) pin[static_cast<std::size_t>(g.cell(0, 0))] = 1;
    } else if (p >= 0 && opt_.symmetry && opt_.mode == SearchMode::count && hinted == 0) {
      if (g.width() == g.height()) {
        symmetry_factor_ = 4;
        pin[static_cast<std::size_t>(g.cell(0, 0))] = 1;
      } else {
        symmetry_factor_ = 2;
        pin[static_cast<std::size_t>(g.cell(g.height() - 1, 0))] = 2;
        pin[static_cast<std::size_t>(g.cell(g.height() - 1, g.width() - 1))] = 2;
      }
    }
    Bits only{}, all_but{};
    all_but.fill(~std::uint64_t{0});
    if (p >= 0) {
      set_piece(only, bits_.slot(model_.first_candidate(p)), true);
      set_piece(all_but, bits_.slot(model_.first_candidate(p)), false);
    }

    std::vector<int> position(static_cast<std::size_t>(model_.cell_count()), -1);  // depth of each cell
    for (int d = 0; d < free_; ++d)
      position[static_cast<std::size_t>(order_[static_cast<std::size_t>(d)])] = d;
    auto placed_before = [&](int cell, int d) {  // placed before depth d (a hint, or earlier in the order)
      return model_.hint_candidate(cell) >= 0 || position[static_cast<std::size_t>(cell)] < d;
    };
    std::map<std::tuple<int, int, int, int>, std::size_t> tables;  // signature -> offset in key tables
    std::vector<std::size_t> table_of;
    for (int d = 0; d < free_; ++d) {
      const int cell = order_[static_cast<std::size_t>(d)];
      Depth dp{};
      dp.cell4 = 4 * cell;
      dp.slot1 = dp.slot2 = none_slot_;
      int outside = 0, side1 = -1, side2 = -1;
      for (int s : {left, up, right, down}) {  // left and up first: the scan orders key on them
        const int nb = g.neighbour(cell, s);
        if (nb < 0) {
          outside |= 1 << s;
          continue;
        }
        if (!placed_before(nb, d)) continue;
        const int slot = 4 * nb + opposite(s);
        if (side1 < 0) {
          side1 = s;
          dp.slot1 = slot;
        } else if (side2 < 0) {
          side2 = s;
          dp.slot2 = slot;
        } else {
          dp.extra_row[static_cast<std::size_t>(dp.extra_count)] = s * keys_;
          dp.extra_slot[static_cast<std::size_t>(dp.extra_count++)] = slot;
        }
      }
      const int restrict_kind = pin[static_cast<std::size_t>(cell)];
      auto [it, fresh] = tables.try_emplace(std::make_tuple(outside, side1, side2, restrict_kind), 0);
      if (fresh)
        it->second = bits_.add_key_table(outside, side1, side2,
                                         restrict_kind == 1   ? only.data()
                                         : restrict_kind == 2 ? all_but.data()
                                                              : nullptr);
      table_of.push_back(it->second);
      // lookahead: the neighbours placed after the next depth
      dp.checks_begin = static_cast<int>(checks_.size());
      for (int s = 0; s < 4; ++s) {
        const int nb = g.neighbour(cell, s);
        if (nb < 0 || placed_before(nb, d + 1) || position[static_cast<std::size_t>(nb)] == d + 1) continue;
        Check ck{};
        for (int t = 0; t < 4; ++t) {
          const int nn = g.neighbour(nb, t);
          if (nn < 0) {
            ck.outside |= 1 << t;
          } else if (placed_before(nn, d + 1)) {
            ck.row[static_cast<std::size_t>(ck.sides)] = t * keys_;
            ck.slot[static_cast<std::size_t>(ck.sides++)] = 4 * nn + opposite(t);
          }
        }
        checks_.push_back(ck);
      }
      dp.checks_end = static_cast<int>(checks_.size());
      depths_.push_back(dp);
    }
    build_prev_offsets();
    std::map<std::size_t, std::pair<int, int>> spans;  // key table -> the words its rows use
    for (int d = 0; d < free_; ++d) {  // the key tables have stopped growing: their addresses hold now
      Depth& dp = depths_[static_cast<std::size_t>(d)];
      const std::size_t table = table_of[static_cast<std::size_t>(d)];
      dp.table = bits_.key_table(table);
      dp.shift = bits_.key_shift();
      dp.colour4 = bits_.colour_words();
      auto [span, fresh] = spans.try_emplace(table, static_cast<int>(W), 0);
      if (fresh) {
        const std::uint32_t* words = bits_.key_words(table);
        for (std::size_t key = 0; key < std::size_t{1} << (2 * bits_.key_shift()); ++key)
          for (int i = 0; i < static_cast<int>(W); ++i)
            if (words[key] >> i & 1U)
              span->second = {std::min(span->second.first, i), std::max(span->second.second, i + 1)};
        if (span->second.first > span->second.second) span->second = {0, 0};
      }
      dp.first_word = dp.extra_count ? 0 : span->second.first;
      dp.end_word = dp.extra_count ? static_cast<int>(W) : span->second.second;
      link_to_previous(d);
    }
    frames_.assign(static_cast<std::size_t>(free_) + 1, Frame{});
    reset_state();
  }

  /// The per-slot row offsets of Depth::prev_offset: [2 * side] for a first key side (shifted), [2 * side +
  /// 1] for a second.
  void build_prev_offsets() {
    for (int side = 0; side < 4; ++side)
      for (int second = 0; second < 2; ++second) {
        auto& t = prev_offsets_[static_cast<std::size_t>(2 * side + second)];
        t.assign(64 * W, 0);
        for (std::size_t slot = 0; slot < t.size(); ++slot) {
          const int k = bits_.colours(static_cast<int>(slot))[side];
          t[slot] = static_cast<std::uint32_t>((second ? k : k << bits_.key_shift()) * static_cast<int>(W));
        }
      }
  }
  /// Sets depth d's prev_offset when one of its key sides faces the cell of depth d - 1.
  void link_to_previous(int d) {
    Depth& dp = depths_[static_cast<std::size_t>(d)];
    dp.prev_offset = nullptr;
    if (d == 0 || dp.extra_count) return;
    const int prev4 = depths_[static_cast<std::size_t>(d) - 1].cell4;
    const auto faces_prev = [&](int slot) { return slot >= prev4 && slot < prev4 + 4; };
    if (faces_prev(dp.slot1)) {
      dp.prev_offset = prev_offsets_[static_cast<std::size_t>(2 * (dp.slot1 - prev4))].data();
      dp.fixed_slot = dp.slot2;
      dp.fixed_mul = static_cast<int>(W);
    } else if (faces_prev(dp.slot2)) {
      dp.prev_offset = prev_offsets_[static_cast<std::size_t>(2 * (dp.slot2 - prev4) + 1)].data();
      dp.fixed_slot = dp.slot1;
      dp.fixed_mul = static_cast<int>(W) << dp.shift;
    }
  }

  /// Do the joins between hints match? If not, there is no solution. (The Model has already refused a piece
  /// hinted twice and a hint whose grey sides do not face the outside.)
  bool hints_fit() const {
    const Geometry& g = model_.geometry();
    for (int c = 0; c < model_.cell_count(); ++c)
      if (const int h = model_.hint_candidate(c); h >= 0)
        for (int s = 0; s < 4; ++s)
          if (const int nb = g.neighbour(c, s); nb >= 0)
            if (const int o = model_.hint_candidate(nb);
                o >= 0 && model_.colour(o, opposite(s)) != model_.colour(h, s))
              return false;
    return true;
  }

  /// Sets (or clears) the nibble of the piece at `slot`.
  static void set_piece(Bits& b, int slot, bool on) {
    const std::uint64_t nibble = std::uint64_t{0xF} << (slot & 60);
    b[static_cast<std::size_t>(slot >> 6)] = on ? b[static_cast<std::size_t>(slot >> 6)] | nibble
                                                : b[static_cast<std::size_t>(slot >> 6)] & ~nibble;
  }

  void reset_state() {
    colour_ = base_colour_;
    unused_ = base_unused_;
    for (Frame& f : frames_) {
      f.slot = -1;
      f.placements = 0;
    }
  }

  /// Depth dp's candidates before the pieces in use, on the colours placed so far: its key's set, or (a
  /// depth with extra neighbours) that set ANDed with the sets of the colours they show, kept in frame f.
  /// `prev_slot`: the slot placed at the depth before (read where Depth::prev_offset is set).
  const std::uint64_t* key_set(Frame& f, const Depth& dp, const std::uint8_t* colour, int prev_slot) const {
    if (dp.prev_offset) return dp.table + colour[dp.fixed_slot] * dp.fixed_mul + dp.prev_offset[prev_slot];
    const std::uint64_t* set =
        dp.table + static_cast<std::size_t>(colour[dp.slot1] << dp.shift | colour[dp.slot2]) * W;
    if (dp.extra_count == 0) return set;
    const std::uint64_t* x1 = bits_.shows(dp.extra_row[0] + colour[dp.extra_slot[0]]);
    const std::uint64_t* x2 =
        dp.extra_count > 1 ? bits_.shows(dp.extra_row[1] + colour[dp.extra_slot[1]]) : x1;
    for (std::size_t i = 0; i < W; ++i) f.own[i] = set[i] & x1[i] & x2[i];
    return f.own.data();
  }
  /// Fills frame f with depth dp's candidates (its key's set AND the unused slots) over the words of its
  /// kind; false when there is none.
  bool fill(Frame& f, const Depth& dp, const std::uint8_t* colour, const std::uint64_t* unused,
            int prev_slot) const {
    const std::uint64_t* set = key_set(f, dp, colour, prev_slot);
    unsigned words = 0;
    for (int i = dp.first_word; i < dp.end_word; ++i) {
      const std::uint64_t x = set[i] & unused[i];
      f.bits[static_cast<std::size_t>(i)] = x;
      words |= static_cast<unsigned>(x != 0) << i;
    }
    f.words = words;
    return words != 0;
  }

  void place(int d, int slot) {
    const Depth& dp = depths_[static_cast<std::size_t>(d)];
    set_piece(unused_, slot, false);
    std::memcpy(colour_.data() + dp.cell4, bits_.colours(slot), 4);
    frames_[static_cast<std::size_t>(d)].slot = slot;
  }
  void unplace(int d, int slot) {
    set_piece(unused_, slot, true);
    frames_[static_cast<std::size_t>(d)].slot = -1;
  }

  /// The lookahead after a placement at depth d: each of its checked neighbours keeps a candidate.
  bool lookahead_ok(int d) const {
    const Depth& dp = depths_[static_cast<std::size_t>(d)];
    for (int i = dp.checks_begin; i < dp.checks_end; ++i) {
      const Check& ck = checks_[static_cast<std::size_t>(i)];
      const std::uint64_t* rows[4];
      for (int k = 0; k < ck.sides; ++k)
        rows[k] = bits_.shows(ck.row[static_cast<std::size_t>(k)] +
                              colour_[static_cast<std::size_t>(ck.slot[static_cast<std::size_t>(k)])]);
      const std::uint64_t* fits = bits_.fits(ck.outside);
      bool any = false;
      for (std::size_t w = 0; w < W && !any; ++w) {
        std::uint64_t x = fits[w] & unused_[w];
        for (int k = 0; k < ck.sides; ++k) x &= rows[k][w];
        any = x != 0;
      }
      if (!any) return false;
    }
    return true;
  }

  /// The walk. Invariant at the top of the loop: depths 0..d-1 hold a placement, frame f (depth d) holds
  /// the candidates of depth d not tried yet. A candidate is taken without a data-dependent branch (the word
  /// of the first nonempty word, its lowest bit); a placement fills the next frame before descending, and
  /// when that has no candidate the placement is undone at once. `left` counts down to the next clock poll
  /// (placements = next_poll - left).
  template <bool Lookahead>
  void walk() {
    reset_state();
    std::uint64_t next_poll = clock_.next_poll(), left = next_poll;
    std::uint64_t* const unused = unused_.data();
    std::uint8_t* const colour = colour_.data();
    Frame* const root = frames_.data();
    Frame* const last = root + free_ - 1;
    Frame* f = root;
    const Depth* dp = depths_.data();
    (void)fill(*f, *dp, colour, unused, 0);
    while (true) {
      if (f->words == 0) {  // the depth is done: back to the depth above
        if (f == root) break;
        --f;
        --dp;
        unused[f->w] |= f->piece;
        continue;
      }
      if (left == 0) {
        placements_ = next_poll;
        if (poll()) break;
        left = clock_.next_poll() - next_poll;
        next_poll += left;
      }
      --left;
      const int w = std::countr_zero(f->words);
      const std::uint64_t bits = f->bits[static_cast<std::size_t>(w)];
      const int bit = std::countr_zero(bits);
      const std::uint64_t rest = bits & (bits - 1);
      f->bits[static_cast<std::size_t>(w)] = rest;
      f->words &= ~(static_cast<unsigned>(rest == 0) << w);
      const int slot = 64 * w + bit;
      ++f->placements;
      f->slot = slot;
      if (f == last) {  // a solution
        placements_ = next_poll - left;
        if (on_solution()) break;
        continue;
      }
      const std::uint64_t piece = std::uint64_t{0xF} << (bit & 60);
      unused[w] &= ~piece;
      std::memcpy(colour + dp->cell4, dp->colour4 + slot, 4);
      if constexpr (Lookahead) {
        if (!lookahead_ok(static_cast<int>(f - root))) {
          unused[w] |= piece;
          ++result_.lookahead_prunes;
          continue;
        }
      }
      if (!fill(f[1], dp[1], colour, unused, slot)) {  // a dead end: no frame to store or restore
        unused[w] |= piece;
        continue;
      }
      f->w = w;
      f->piece = piece;
      ++f;
      ++dp;
    }
    placements_ = next_poll - left;
  }

  /// A complete board at the last depth; true when the walk must stop (first mode).
  bool on_solution() {
    ++result_.solutions;
    if (result_.solutions == 1) on_solution_board();
    return opt_.mode == SearchMode::first;
  }
  void on_solution_board() {
    Board b(model_.cell_count());
    for (int c = 0; c < model_.cell_count(); ++c)
      b.cells[static_cast<std::size_t>(c)] = model_.hint_candidate(c);
    for (int d = 0; d < free_; ++d)
      b.cells[static_cast<std::size_t>(order_[static_cast<std::size_t>(d)])] =
          bits_.candidate(frames_[static_cast<std::size_t>(d)].slot);
    result_.board = std::move(b);
    if (free_ == 0) result_.solutions = 1;
  }

  /// The clock's verdict; true: stop (limit or stop flag).
  bool poll() {
    const auto ev = clock_.poll(
        placements_, [] {},
        [&](double t) {
          SearchProgress pr;
          pr.seconds = t;
          pr.placements = placements_;
          pr.solutions = result_.solutions * static_cast<std::uint64_t>(symmetry_factor_);
          pr.deepest = deepest();
          pr.best_score = -1;
          return pr;
        });
    if (ev == SearchClock::Event::go_on) return false;
    result_.status = SearchStatus::limit;
    stopped_ = true;
    return true;
  }
  bool stopped_ = false;

  int deepest() const {
    int d = free_;
    while (d > 0 && frames_[static_cast<std::size_t>(d) - 1].placements == 0) --d;
    return d;
  }

  void finish() {
    result_.placements = placements_;
    result_.placements_by_depth.assign(1, 0);
    for (int d = 0; d < free_; ++d)
      result_.placements_by_depth.push_back(frames_[static_cast<std::size_t>(d)].placements);
    result_.deepest = deepest();
    result_.solutions *= static_cast<std::uint64_t>(symmetry_factor_);
    result_.seconds = clock_.elapsed();
    if (!stopped_)
      result_.status = result_.solutions > 0 && opt_.mode == SearchMode::first ? SearchStatus::solved
                                                                               : SearchStatus::exhausted;
    else if (result_.solutions > 0 && opt_.mode == SearchMode::first)
      result_.status = SearchStatus::solved;
    verify_into(model_, result_);
  }
};

}  // namespace edgecp

namespace edgecp {

/// The widths (64-bit words of slots) the walk is compiled for, narrowest first.
inline constexpr std::array<std::size_t, 9> walk_widths{1, 2, 3, 4, 5, 6, 8, 12, 16};
/// The most pieces the walk handles: 16 per word of its widest width.
inline constexpr int walk_max_pieces = static_cast<int>(walk_widths.back() * 16);

/// The narrowest compiled width that holds a puzzle's slots (kinds word-aligned where a width holds that);
/// 0 when the puzzle is too large for the walk.
inline std::size_t walk_width(const Model& m) {
  const int aligned = CandidateBits::words_for(CandidateBits::nibble_slots(m, true));
  const int packed = CandidateBits::words_for(CandidateBits::nibble_slots(m, false));
  for (int need : {aligned, packed})
    for (std::size_t k : walk_widths)
      if (static_cast<int>(k) >= need) return k;
  return 0;
}

/// Throws std::invalid_argument when a puzzle has more pieces than the walk handles.
inline void check_walk_size(const Model& m) {
  if (walk_width(m) == 0)
    throw std::invalid_argument("the exact walk handles up to " + std::to_string(walk_max_pieces) +
                                " pieces; this puzzle has " + std::to_string(m.piece_count()));
}

/// Calls f(ExactWalk<walk_widths[I]>&) when that is the puzzle's width, else tries the next width.
template <std::size_t I = 0, class F>
auto with_exact_walk(std::size_t width, const Model& m, const WalkOptions& opt, F&& f) {
  if constexpr (I + 1 < walk_widths.size())
    if (width != walk_widths[I]) return with_exact_walk<I + 1>(width, m, opt, f);
  ExactWalk<walk_widths[I]> walk(m, opt);
  return f(walk);
}

/// Runs the exact walk at the narrowest compiled width. Throws std::invalid_argument when the puzzle is too
/// large for it, or the options ask for best mode or a dynamic order.
inline WalkResult run_walk(const Model& m, const WalkOptions& opt) {
  check_walk_size(m);
  return with_exact_walk(walk_width(m), m, opt, [](auto& w) { return w.run(); });
}

/// Knuth's estimate of the tree run_walk(m, opt) searches, from `probes` random probes (opt.seed seeds
/// them). Throws as run_walk does.
inline TreeEstimate estimate_walk(const Model& m, const WalkOptions& opt, std::uint64_t probes) {
  check_walk_size(m);
  return with_exact_walk(walk_width(m), m, opt, [probes](auto& w) { return w.estimate(probes); });
}

}  // namespace edgecp
