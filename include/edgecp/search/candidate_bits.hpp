// Candidate bit sets keyed by colours: which candidates show a colour on a side, which fit a cell's border,
// and per cell signature and neighbour colours which fit there. Built once per search; shared by the walks.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "edgecp/puzzle/model.hpp"

namespace edgecp {

/// The candidates of a model as bits of `words` 64-bit words, at positions (slots) the caller chooses: the
/// model's candidate ids themselves (id_slots), or 4 x piece + rotation (nibble_slots: a piece's candidates
/// are one nibble of one word, so a piece leaves a set of unused candidates by one AND).
///
/// Rows, each `words` words: shows(side * keys + colour), the candidates showing that colour on that side
/// (keys = colours + 1; colour `keys - 1` stands for "no neighbour" and its rows are all ones);
/// fits(outside), the candidates whose grey sides are exactly the sides in the mask `outside`. A key table
/// (add_key_table) holds, for a cell signature (outside mask, up to two key sides), one row per pair of key
/// colours: the candidates that fit the border and show both colours, i.e. the cell's candidates once those
/// two neighbours are placed. Slots of no candidate (a symmetric piece's repeated rotations) are never set.
class CandidateBits {
 public:
  /// Slot of each candidate id: the id itself.
  static std::vector<int> id_slots(const Model& m) {
    std::vector<int> out(static_cast<std::size_t>(m.candidate_count()));
    for (int id = 0; id < m.candidate_count(); ++id) out[static_cast<std::size_t>(id)] = id;
    return out;
  }
  /// Slot of each candidate id: 4 x position + rotation, a piece's position its rank among the pieces
  /// ordered by kind (interior, edge, corner; by number within a kind). With `aligned`, each kind starts a
  /// new word (16 positions), so that a cell's candidates fill as few words as its kind needs.
  static std::vector<int> nibble_slots(const Model& m, bool aligned) {
    std::vector<int> position(static_cast<std::size_t>(m.piece_count()));
    int next = 0;
    for (int kind = 0; kind < 3; ++kind) {
      if (aligned) next = (next + 15) / 16 * 16;
      for (int p = 0; p < m.piece_count(); ++p)
        if (std::min(grey_count(m.puzzle().pieces[static_cast<std::size_t>(p)]), 2) == kind)
          position[static_cast<std::size_t>(p)] = next++;
    }
    std::vector<int> out(static_cast<std::size_t>(m.candidate_count()));
    for (int id = 0; id < m.candidate_count(); ++id)
      out[static_cast<std::size_t>(id)] =
          4 * position[static_cast<std::size_t>(m.piece_of(id))] + m.candidate(id).rotation;
    return out;
  }
  /// The words a slot layout needs.
  static int words_for(const std::vector<int>& slots) {
    int top = -1;
    for (int s : slots) top = std::max(top, s);
    return top / 64 + 1;
  }

  CandidateBits() = default;
  /// Requires every slot < 64 x words.
  CandidateBits(const Model& m, int words, std::vector<int> slot_of_candidate)
      : words_(words),
        keys_(m.colour_count() + 1),
        key_shift_(static_cast<int>(std::bit_width(static_cast<unsigned>(keys_ - 1)))),
        slot_of_(std::move(slot_of_candidate)) {
    const auto w = static_cast<std::size_t>(words_);
    shows_.assign(static_cast<std::size_t>(4 * keys_) * w, 0);
    fits_.assign(16 * w, 0);
    candidate_of_.assign(64 * w, -1);
    colours_.assign(64 * w, {});
    for (int id = 0; id < m.candidate_count(); ++id) {
      const int slot = slot_of_[static_cast<std::size_t>(id)];
      candidate_of_[static_cast<std::size_t>(slot)] = id;
      int outside = 0;
      for (int s = 0; s < 4; ++s) {
        const int k = m.colour(id, s);
        colours_[static_cast<std::size_t>(slot)][static_cast<std::size_t>(s)] = static_cast<std::uint8_t>(k);
        set(shows_.data() + static_cast<std::size_t>(s * keys_ + k) * w, slot);
        set(shows_.data() + static_cast<std::size_t>(s * keys_ + keys_ - 1) * w, slot);  // "no neighbour"
        outside |= k == grey ? 1 << s : 0;
      }
      set(fits_.data() + static_cast<std::size_t>(outside) * w, slot);
    }
    colour_words_.assign(64 * w, 0);
    for (std::size_t i = 0; i < colour_words_.size(); ++i)
      std::memcpy(&colour_words_[i], colours_[i].data(), 4);
  }

  int words() const { return words_; }
  int keys() const { return keys_; }
  /// Key table rows are (k1 << key_shift()) | k2.
  int key_shift() const { return key_shift_; }
  const std::uint64_t* shows(int row) const { return shows_.data() + static_cast<std::size_t>(row * words_); }
  const std::uint64_t* shows(int side, int colour) const { return shows(side * keys_ + colour); }
  const std::uint64_t* fits(int outside) const {
    return fits_.data() + static_cast<std::size_t>(outside * words_);
  }
  /// The colours slot `slot` shows on up, right, down, left.
  const std::uint8_t* colours(int slot) const { return colours_[static_cast<std::size_t>(slot)].data(); }
  /// Per slot, its four colours as one word (colours(slot) in memory order).
  const std::uint32_t* colour_words() const { return colour_words_.data(); }
  /// The candidate id at a slot, -1 for none.
  int candidate(int slot) const { return candidate_of_[static_cast<std::size_t>(slot)]; }
  int slot(int candidate_id) const { return slot_of_[static_cast<std::size_t>(candidate_id)]; }

  /// Adds the key table of a signature: `outside` mask, key sides side1 and side2 (-1: absent), optionally
  /// ANDed with `allowed` (words() words; null: everything). Row (k1 << key_shift() | k2) holds the
  /// candidates that fit `outside` and show k1 on side1 and k2 on side2 (a missing side: any colour, key keys
  /// - 1 only). Returns its offset for key_table().
  std::size_t add_key_table(int outside, int side1, int side2, const std::uint64_t* allowed) {
    const auto w = static_cast<std::size_t>(words_);
    const std::size_t at = tables_.size();
    const std::size_t rows = std::size_t{1} << (2 * key_shift_);
    tables_.resize(at + rows * w, 0);
    table_words_.resize(tables_.size() / w, 0);
    const int none = keys_ - 1;
    for (int k1 = 0; k1 < keys_; ++k1)
      for (int k2 = 0; k2 < keys_; ++k2) {
        if ((side1 < 0) != (k1 == none) || (side2 < 0) != (k2 == none)) continue;  // keys that never occur
        const auto key = static_cast<std::size_t>(k1 << key_shift_ | k2);
        std::uint64_t* row = tables_.data() + at + key * w;
        const std::uint64_t* a = side1 < 0 ? nullptr : shows(side1, k1);
        const std::uint64_t* b = side2 < 0 ? nullptr : shows(side2, k2);
        const std::uint64_t* f = fits(outside);
        std::uint32_t& nonzero = table_words_[at / w + key];
        for (std::size_t i = 0; i < w; ++i) {
          row[i] = f[i] & (a ? a[i] : ~std::uint64_t{0}) & (b ? b[i] : ~std::uint64_t{0}) &
                   (allowed ? allowed[i] : ~std::uint64_t{0});
          nonzero |= row[i] ? std::uint32_t{1} << i : 0;
        }
      }
    return at;
  }
  const std::uint64_t* key_table(std::size_t offset) const { return tables_.data() + offset; }
  /// Per row of the key table at `offset`: its nonzero words, as bits (words() <= 32).
  const std::uint32_t* key_words(std::size_t offset) const {
    return table_words_.data() + offset / static_cast<std::size_t>(words_);
  }

 private:
  static void set(std::uint64_t* w, int i) { w[i >> 6] |= std::uint64_t{1} << (i & 63); }

  int words_ = 0, keys_ = 0, key_shift_ = 0;
  std::vector<int> slot_of_;                          // candidate id -> slot
  std::vector<int> candidate_of_;                     // slot -> candidate id, -1
  std::vector<std::array<std::uint8_t, 4>> colours_;  // per slot
  std::vector<std::uint32_t> colour_words_;           // per slot, the same as words
  std::vector<std::uint64_t> shows_, fits_, tables_;
  std::vector<std::uint32_t> table_words_;  // per key table row: its nonzero words
};

}  // namespace edgecp
