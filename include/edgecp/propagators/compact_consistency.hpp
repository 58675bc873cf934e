// Arc consistency on the joins and piece uniqueness on compact, fixed-width bitset domains with a cell-level
// trail: the propagation of the exact engine (search/exact_search.hpp).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "edgecp/core/propagator.hpp"
#include "edgecp/puzzle/model.hpp"

namespace edgecp {

/// The board's domains and their propagation in one object, built for exact search on small and mid-size
/// boards, where nothing generic may be paid per node (about 3 µs a decision with its propagation on 6x6 to
/// 8x8 boards, docs/journal.md section 7).
///
/// Representation: a candidate is a slot `4 * piece + rotation` (slots of rotations that look like an
/// earlier one stay empty, as in the Model), so one piece is one nibble of a W-word bitset and crossing a
/// piece off a cell is one AND. Per cell and side a 64-bit set holds the colours the domain still shows.
///
/// Enforces, at every fixpoint:
/// - arc consistency on every join (exactly the fixpoint of AC-3 / AC-2001 on the equality constraints of
///   facing colours): a candidate stays only while each unassigned neighbour still shows the colour it
///   needs. A revision is mask arithmetic: when a cell stops showing colours on a side, the neighbour loses
///   every candidate showing one of them on the facing side, in one pass over W words per lost colour;
/// - piece uniqueness: a cell left with one candidate is assigned and its piece is crossed off every other
///   cell (forward checking on pieces); a piece left with one possible cell is placed there (its cell keeps
///   only that piece's rotations); a piece with no possible cell fails the node. This is weaker than the
///   Regin all-different filter (no Hall sets beyond size one) and costs O(cells x W) word operations per
///   pass, pieces counted with two bit-sliced accumulators.
/// Cost per revised cell: O(colours shown x W) to recompute its four colour sets, O(lost colours x W) per
/// neighbour filtered. Strict (it assumes every join matches).
///
/// State: the domains, colour sets and assignments, saved cell by cell on a trail the first time a cell
/// changes at a level (a level stamp per cell, as in MiniCP's StateManager); pop_level() restores them.
/// The number of 64-bit words a puzzle's slots (four per piece) need.
inline std::size_t compact_words(const Model& m) {
  return (4 * static_cast<std::size_t>(m.piece_count()) + 63) / 64;
}

template <std::size_t W>
class CompactConsistency {
 public:
  using Bits = std::array<std::uint64_t, W>;
  static constexpr std::size_t capacity = 64 * W;  ///< slots: four per piece
  static constexpr bool strict = true;
  static constexpr std::string_view name = "compact";

  explicit CompactConsistency(const Model& m) : cells_(m.cell_count()), colours_(m.colour_count()) {
    if (compact_words(m) > W)
      throw std::invalid_argument("CompactConsistency<" + std::to_string(W) +
                                  ">: " + std::to_string(m.piece_count()) + " pieces need " +
                                  std::to_string(compact_words(m)) + " words");
    build_tables(m);
    dom_.assign(static_cast<std::size_t>(cells_), Bits{});
    shown_.assign(static_cast<std::size_t>(cells_) * 4, 0);
    slot_.assign(static_cast<std::size_t>(cells_), -1);
    stamp_.assign(static_cast<std::size_t>(cells_), 0);
    queued_.assign(static_cast<std::size_t>(cells_), 0);
    suspect_.assign(static_cast<std::size_t>(cells_) * 4, 0);
    for (int c = 0; c < cells_; ++c)
      for (int id = 0; id < m.candidate_count(); ++id)
        if (Model::test(m.static_domain(c), id))
          set_bit(dom_[static_cast<std::size_t>(c)], slot_of_id_[static_cast<std::size_t>(id)]);
  }

  // ---- queries ----
  int cell_count() const { return cells_; }
  const Bits& domain(int c) const { return dom_[static_cast<std::size_t>(c)]; }
  static int size(const Bits& b) {
    int n = 0;
    for (std::uint64_t w : b) n += bit_count(w);
    return n;
  }
  /// Population count without a library call on targets without a popcount instruction (the default x86-64
  /// target): the SWAR sum, which compilers turn into one instruction where there is one.
  static int bit_count(std::uint64_t x) {
    x -= (x >> 1) & 0x5555555555555555ULL;
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return static_cast<int>((x * 0x0101010101010101ULL) >> 56);
  }
  int size(int c) const { return size(domain(c)); }
  bool contains(int c, int slot) const { return test_bit(domain(c), slot); }
  /// The cell's slot once assigned (its piece crossed off elsewhere), else -1.
  int assigned_slot(int c) const { return slot_[static_cast<std::size_t>(c)]; }
  bool assigned(int c) const { return assigned_slot(c) >= 0; }
  int assigned_count() const { return assigned_count_; }
  /// Colours cell c can still show on side s (a superset next to an assigned neighbour).
  std::uint64_t shown(int c, int s) const {
    return shown_[static_cast<std::size_t>(c) * 4 + static_cast<std::size_t>(s)];
  }
  /// The model's candidate id of a slot, and back.
  int candidate_of_slot(int slot) const { return id_of_slot_[static_cast<std::size_t>(slot)]; }
  int slot_of_candidate(int id) const { return slot_of_id_[static_cast<std::size_t>(id)]; }
  /// Slots of a bitset in increasing order.
  template <class F>
  static void for_each(const Bits& b, F&& f) {
    for (std::size_t w = 0; w < W; ++w)
      for (std::uint64_t x = b[w]; x != 0; x &= x - 1) f(static_cast<int>(w * 64) + std::countr_zero(x));
  }
  /// The board so far: model candidate ids of assigned cells, -1 elsewhere.
  std::vector<int> assigned_candidates() const {
    std::vector<int> out(static_cast<std::size_t>(cells_), -1);
    for (int c = 0; c < cells_; ++c)
      if (assigned(c)) out[static_cast<std::size_t>(c)] = candidate_of_slot(assigned_slot(c));
    return out;
  }

  // ---- levels ----
  /// Opens a level: every change until the matching pop_level() is undone by it. Changes made before the
  /// first push_level() are never undone.
  void push_level() {
    levels_.push_back({trail_.size(), assigned_count_, used_, level_id_});
    level_id_ = ++next_level_id_;
  }
  void pop_level() {
    const Level& l = levels_.back();
    while (trail_.size() > l.trail_size) {
      const Saved& s = trail_.back();
      const auto c = static_cast<std::size_t>(s.cell);
      dom_[c] = s.dom;
      for (std::size_t k = 0; k < 4; ++k) shown_[c * 4 + k] = s.shown[k];
      slot_[c] = s.slot;
      stamp_[c] = s.stamp;
      trail_.pop_back();
    }
    assigned_count_ = l.assigned;
    used_ = l.used;
    level_id_ = l.id;
    levels_.pop_back();
  }
  int level() const { return static_cast<int>(levels_.size()); }

  // ---- propagation ----
  /// Every cell revised from scratch (its colour sets reset to every colour), hints and singletons
  /// assigned: the fixpoint of the whole board. Call once before search, or after restricting domains.
  [[nodiscard]] Status propagate_all() {
    for (int c = 0; c < cells_; ++c) {
      save(c);
      for (std::size_t k = 0; k < 4; ++k) shown_[static_cast<std::size_t>(c) * 4 + k] = all_colours_;
      enqueue_all(c);
    }
    return run();
  }
  /// Keeps only the slots of `mask` in cell c (setup, e.g. breaking the board's symmetry), then propagates.
  [[nodiscard]] Status restrict(int c, const Bits& mask) {
    Bits& d = dom_[static_cast<std::size_t>(c)];
    if (!intersects_outside(d, mask)) return Status::ok;
    save(c);
    for (std::size_t w = 0; w < W; ++w) d[w] &= mask[w];
    enqueue_all(c);
    return run();
  }
  /// Decision: cell c takes `slot`; then the fixpoint.
  [[nodiscard]] Status assign(int c, int slot) {
    if (!contains(c, slot)) return Status::failed;
    save(c);
    Bits& d = dom_[static_cast<std::size_t>(c)];
    d = Bits{};
    set_bit(d, slot);
    enqueue_all(c);
    return run();
  }
  /// Refutation: cell c loses `slot`; then the fixpoint.
  [[nodiscard]] Status remove(int c, int slot) {
    if (!contains(c, slot)) return Status::ok;
    save(c);
    clear_bit(dom_[static_cast<std::size_t>(c)], slot);
    enqueue(c, slot_colours_[static_cast<std::size_t>(slot)]);
    return run();
  }

  const PropagatorStats& stats() const { return stats_; }

 private:
  using Sides = std::array<std::uint64_t, 4>;  // a colour set per side
  struct Saved {
    int cell;
    int slot;
    std::uint64_t stamp;
    Bits dom;
    std::array<std::uint64_t, 4> shown;
  };
  struct Level {
    std::size_t trail_size;
    int assigned;
    Bits used;
    std::uint64_t id;
  };
  /// The cells and slot words of one class (corner, edge, interior): its pieces only go to its cells.
  struct PieceClass {
    std::vector<int> cells;
    std::size_t word_lo = W, word_hi = 0;  // words holding its pieces' slots: [word_lo, word_hi)
    Bits pieces{};                         // the lowest slot bit of each of its pieces
  };

  static void set_bit(Bits& b, int i) { b[static_cast<std::size_t>(i) >> 6] |= std::uint64_t{1} << (i & 63); }
  static void clear_bit(Bits& b, int i) {
    b[static_cast<std::size_t>(i) >> 6] &= ~(std::uint64_t{1} << (i & 63));
  }
  static bool test_bit(const Bits& b, int i) {
    return (b[static_cast<std::size_t>(i) >> 6] >> (i & 63)) & 1U;
  }
  static bool empty(const Bits& b) {
    std::uint64_t x = 0;
    for (std::uint64_t w : b) x |= w;
    return x == 0;
  }
  static bool intersects(const Bits& a, const Bits& b) {
    std::uint64_t x = 0;
    for (std::size_t w = 0; w < W; ++w) x |= a[w] & b[w];
    return x != 0;
  }
  /// Whether a holds a slot outside b.
  static bool intersects_outside(const Bits& a, const Bits& b) {
    std::uint64_t x = 0;
    for (std::size_t w = 0; w < W; ++w) x |= a[w] & ~b[w];
    return x != 0;
  }
  static int first(const Bits& b) {
    for (std::size_t w = 0; w < W; ++w)
      if (b[w]) return static_cast<int>(w * 64) + std::countr_zero(b[w]);
    return -1;
  }
  static bool singleton(const Bits& b) {
    int words = 0;
    std::uint64_t one = 0;
    for (std::uint64_t w : b)
      if (w) {
        ++words;
        one = w;
      }
    return words == 1 && (one & (one - 1)) == 0;
  }
  /// One bit per piece (the lowest of its nibble): the pieces with a slot in x.
  static std::uint64_t pieces_in(std::uint64_t x) {
    constexpr std::uint64_t low = 0x1111111111111111ULL;
    return (x | x >> 1 | x >> 2 | x >> 3) & low;
  }

  void build_tables(const Model& m) {
    const int np = m.piece_count();
    slot_of_id_.assign(static_cast<std::size_t>(m.candidate_count()), -1);
    id_of_slot_.assign(capacity, -1);
    for (int id = 0; id < m.candidate_count(); ++id) {
      const Candidate& k = m.candidate(id);
      const int slot = 4 * k.piece + k.rotation;
      slot_of_id_[static_cast<std::size_t>(id)] = slot;
      id_of_slot_[static_cast<std::size_t>(slot)] = id;
    }
    mask_.assign(4 * static_cast<std::size_t>(colours_), Bits{});
    for (int id = 0; id < m.candidate_count(); ++id)
      for (int s = 0; s < 4; ++s)
        set_bit(mask_[static_cast<std::size_t>(s * colours_ + m.colour(id, s))],
                slot_of_id_[static_cast<std::size_t>(id)]);
    all_colours_ = m.colours_on_any_side();
    slot_colours_.assign(capacity, Sides{});
    for (int id = 0; id < m.candidate_count(); ++id)
      for (std::size_t s = 0; s < 4; ++s) {
        const std::uint64_t bit = std::uint64_t{1} << m.colour(id, static_cast<int>(s));
        slot_colours_[static_cast<std::size_t>(slot_of_id_[static_cast<std::size_t>(id)])][s] |= bit;
      }
    const Geometry& g = m.geometry();
    neighbour_.resize(static_cast<std::size_t>(cells_) * 4);
    for (int c = 0; c < cells_; ++c)
      for (int s = 0; s < 4; ++s) neighbour_[static_cast<std::size_t>(c * 4 + s)] = g.neighbour(c, s);
    for (int c = 0; c < cells_; ++c) classes_[static_cast<std::size_t>(g.cell_class(c))].cells.push_back(c);
    class_of_piece_.resize(static_cast<std::size_t>(np));
    for (int p = 0; p < np; ++p) {
      const int greys = grey_count(m.puzzle().pieces[static_cast<std::size_t>(p)]);
      const int k = greys >= 2 ? 0 : greys == 1 ? 1 : 2;
      class_of_piece_[static_cast<std::size_t>(p)] = k;
      PieceClass& pc = classes_[static_cast<std::size_t>(k)];
      const auto w = static_cast<std::size_t>(4 * p) >> 6;
      pc.word_lo = std::min(pc.word_lo, w);
      pc.word_hi = std::max(pc.word_hi, w + 1);
      set_bit(pc.pieces, 4 * p);
    }
  }

  /// Saves cell c before its first change at this level.
  void save(int c) {
    const auto i = static_cast<std::size_t>(c);
    if (stamp_[i] == level_id_) return;
    Saved s{c,
            slot_[i],
            stamp_[i],
            dom_[i],
            {shown_[i * 4], shown_[i * 4 + 1], shown_[i * 4 + 2], shown_[i * 4 + 3]}};
    trail_.push_back(s);
    stamp_[i] = level_id_;
  }
  /// Queues cell c for revision; `lost[s]` holds the colours on side s of the slots it lost.
  void enqueue(int c, const Sides& lost) {
    const auto i = static_cast<std::size_t>(c);
    for (std::size_t k = 0; k < 4; ++k) suspect_[i * 4 + k] |= lost[k];
    if (queued_[i]) return;
    queued_[i] = 1;
    queue_.push_back(c);
  }
  void enqueue_all(int c) { enqueue(c, {all_colours_, all_colours_, all_colours_, all_colours_}); }
  void clear_queue() {
    for (std::size_t i = head_; i < queue_.size(); ++i) {
      const auto c = static_cast<std::size_t>(queue_[i]);
      queued_[c] = 0;
      for (std::size_t k = 0; k < 4; ++k) suspect_[c * 4 + k] = 0;
    }
    queue_.clear();
    head_ = 0;
  }

  /// The fixpoint: revise queued cells, then look for pieces with one cell (or none); repeat until quiet.
  Status run() {
    ++stats_.calls;
    while (true) {
      while (head_ < queue_.size()) {
        const int c = queue_[head_++];
        queued_[static_cast<std::size_t>(c)] = 0;
        if (!revise(c)) {
          clear_queue();
          ++stats_.failures;
          return Status::failed;
        }
      }
      queue_.clear();
      head_ = 0;
      if (!place_lone_pieces()) {
        clear_queue();  // cells it restricted before finding a piece with no cell
        ++stats_.failures;
        return Status::failed;
      }
      if (queue_.empty()) return Status::ok;
    }
  }

  /// Cell c changed: assign it if it has one slot left, then filter its unassigned neighbours by the
  /// colours it stopped showing.
  bool revise(int c) {
    const auto ci = static_cast<std::size_t>(c);
    const Bits& d = dom_[ci];
    if (empty(d)) return false;
    Sides suspect;
    for (std::size_t k = 0; k < 4; ++k) {
      suspect[k] = suspect_[ci * 4 + k];
      suspect_[ci * 4 + k] = 0;
    }
    if (slot_[ci] < 0 && singleton(d)) {
      if (!assign_now(c, first(d))) return false;
      suspect = {all_colours_, all_colours_, all_colours_, all_colours_};
    }
    ++stats_.revisions;
    // The colours to test per side: those suspected lost and still in the set, on sides facing an unassigned
    // neighbour (next to an assigned one the set may stay a superset).
    Sides old{}, check{};
    int tests = 0;
    for (std::size_t s = 0; s < 4; ++s) {
      const int n = neighbour_[ci * 4 + s];
      if (n < 0 || slot_[static_cast<std::size_t>(n)] >= 0) continue;
      old[s] = shown_[ci * 4 + s];
      check[s] = old[s] & suspect[s];
      tests += bit_count(check[s]);
    }
    if (tests == 0) return true;
    Sides now{};
    if (const int n_slots = size(d); n_slots * 4 <= tests * static_cast<int>(W)) {  // few slots: read them
      stats_.checks += static_cast<std::uint64_t>(n_slots);
      for_each(d, [&](int slot) {
        const Sides& k = slot_colours_[static_cast<std::size_t>(slot)];
        for (std::size_t s = 0; s < 4; ++s) now[s] |= k[s];
      });
      for (std::size_t s = 0; s < 4; ++s) now[s] = (now[s] & check[s]) | (old[s] & ~check[s]);
    } else {  // many slots: one bitset test per suspected colour
      stats_.checks += static_cast<std::uint64_t>(tests);
      for (std::size_t s = 0; s < 4; ++s) {
        now[s] = old[s] & ~check[s];
        for (std::uint64_t bits = check[s]; bits != 0; bits &= bits - 1) {
          const int k = std::countr_zero(bits);
          if (intersects(d, mask_[s * static_cast<std::size_t>(colours_) + static_cast<std::size_t>(k)]))
            now[s] |= std::uint64_t{1} << k;
        }
      }
    }
    for (std::size_t s = 0; s < 4; ++s) {
      if (now[s] == old[s]) continue;
      save(c);
      shown_[ci * 4 + s] = now[s];
      if (!filter_neighbour(neighbour_[ci * 4 + s], opposite(static_cast<int>(s)), old[s] & ~now[s]))
        return false;
    }
    return true;
  }

  /// Neighbour n loses every slot showing a colour of `lost` on side `side`.
  bool filter_neighbour(int n, int side, std::uint64_t lost) {
    Bits gone{};
    for (std::uint64_t bits = lost; bits != 0; bits &= bits - 1) {
      const Bits& m = mask_[static_cast<std::size_t>(side * colours_ + std::countr_zero(bits))];
      for (std::size_t w = 0; w < W; ++w) gone[w] |= m[w];
    }
    Bits& d = dom_[static_cast<std::size_t>(n)];
    if (!intersects(d, gone)) return true;
    save(n);
    std::uint64_t left = 0;
    for (std::size_t w = 0; w < W; ++w) left |= (d[w] &= ~gone[w]);
    if (left == 0) return false;
    enqueue_all(n);
    return true;
  }

  /// Cell c (one slot left) is assigned: its piece leaves every other cell of its class.
  bool assign_now(int c, int slot) {
    save(c);
    slot_[static_cast<std::size_t>(c)] = slot;
    ++assigned_count_;
    const int piece = slot >> 2;
    const auto w = static_cast<std::size_t>(slot) >> 6;
    const std::uint64_t nibble = std::uint64_t{0xF} << ((slot & 63) & ~3);
    used_[w] |= std::uint64_t{1} << ((slot & 63) & ~3);
    for (int z : classes_[static_cast<std::size_t>(class_of_piece_[static_cast<std::size_t>(piece)])].cells) {
      if (z == c || !(dom_[static_cast<std::size_t>(z)][w] & nibble)) continue;
      save(z);
      Bits& dz = dom_[static_cast<std::size_t>(z)];
      Sides lost{};
      for (std::uint64_t x = dz[w] & nibble; x != 0; x &= x - 1) {
        const Sides& k = slot_colours_[w * 64 + static_cast<std::size_t>(std::countr_zero(x))];
        for (std::size_t s = 0; s < 4; ++s) lost[s] |= k[s];
      }
      dz[w] &= ~nibble;
      if (empty(dz)) return false;
      enqueue(z, lost);
    }
    return true;
  }

  /// Pieces counted over the unassigned cells of each class: one with no cell fails; one with a single
  /// cell is placed there (the cell keeps that piece's slots and is queued).
  bool place_lone_pieces() {
    for (const PieceClass& pc : classes_) {
      if (pc.word_lo >= pc.word_hi) continue;
      Bits once{}, twice{};
      for (int z : pc.cells) {
        if (slot_[static_cast<std::size_t>(z)] >= 0) continue;
        const Bits& d = dom_[static_cast<std::size_t>(z)];
        for (std::size_t w = pc.word_lo; w < pc.word_hi; ++w) {
          const std::uint64_t p = pieces_in(d[w]);
          twice[w] |= once[w] & p;
          once[w] |= p;
        }
      }
      for (std::size_t w = pc.word_lo; w < pc.word_hi; ++w) {
        const std::uint64_t free = pc.pieces[w] & ~used_[w];
        if (free & ~once[w]) return false;
        for (std::uint64_t lone = free & ~twice[w]; lone != 0; lone &= lone - 1) {
          const int b = std::countr_zero(lone);
          const std::uint64_t nibble = std::uint64_t{0xF} << b;
          for (int z : pc.cells) {
            const auto zi = static_cast<std::size_t>(z);
            if (slot_[zi] >= 0 || !(dom_[zi][w] & nibble)) continue;
            Bits only{};
            only[w] = nibble;
            if (intersects_outside(dom_[zi], only)) {
              save(z);
              const std::uint64_t keep = dom_[zi][w] & nibble;
              dom_[zi] = Bits{};
              dom_[zi][w] = keep;
              enqueue_all(z);
            }
            break;
          }
        }
      }
    }
    return true;
  }

  // constant data
  int cells_;
  int colours_;
  std::uint64_t all_colours_ = 0;
  std::vector<Bits> mask_;           // mask_[side * colours + k]: slots showing colour k on side
  std::vector<int> neighbour_;       // neighbour_[c*4 + s], -1 outside
  std::vector<int> class_of_piece_;  // 0 corner, 1 edge, 2 interior (as Geometry::CellClass)
  std::array<PieceClass, 3> classes_;
  std::vector<Sides> slot_colours_;  // slot_colours_[slot][s]: the colour the slot shows on s, as a set
  std::vector<int> slot_of_id_;      // model candidate id -> slot
  std::vector<int> id_of_slot_;      // slot -> model candidate id, -1 for an empty slot
  // trailed state (saved per cell on trail_, per level in levels_)
  std::vector<Bits> dom_;             // dom_[c]: slots still possible in c
  std::vector<std::uint64_t> shown_;  // shown_[c*4+s] ⊇ colours dom_[c] shows on s; equal at fixpoint
                                      // unless the neighbour across s is assigned
  std::vector<int> slot_;             // slot_[c] >= 0 <=> c assigned (dom_[c] == {slot_[c]}, its piece
                                      // in no other cell's domain)
  int assigned_count_ = 0;            // #{c : slot_[c] >= 0}
  Bits used_{};                       // lowest slot bit of each piece assigned somewhere
  std::vector<Saved> trail_;
  std::vector<Level> levels_;
  std::vector<std::uint64_t> stamp_;  // stamp_[c] == level_id_ <=> c saved at the current level
  std::uint64_t level_id_ = 0, next_level_id_ = 0;
  // untrailed
  PropagatorStats stats_;
  // scratch (empty between calls)
  std::vector<int> queue_;
  std::size_t head_ = 0;
  std::vector<char> queued_;
  std::vector<std::uint64_t> suspect_;  // suspect_[c*4+s]: colours on s of slots c lost since its last
                                        // revision (only these can have left shown_[c*4+s]); 0 unless queued
};

}  // namespace edgecp
