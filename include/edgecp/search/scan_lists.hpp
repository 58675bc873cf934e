// The scan engine's candidate lists: per cell signature and pair of neighbour colours, the candidates that
// fit exactly, then those that break one join; reordered per restart, with the quota's cuts.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <tuple>
#include <utility>
#include <vector>

#include "edgecp/core/rng.hpp"
#include "edgecp/puzzle/model.hpp"
#include "edgecp/search/scan_options.hpp"

namespace edgecp {

/// The lists the scan engine walks (search/scan_search.hpp), keyed by the colours of a cell's placed
/// neighbours.
///
/// A cell's signature says which of its sides face the outside, which placed neighbours give its key (up to
/// two sides) and which of those two joins may break. A signature's table holds one range of entries per pair
/// of key colours (k1, k2), k = keys() - 1 standing for "no neighbour": first the candidates that fit the
/// border and show k1 and k2 on the key sides (the exact part), then those that show exactly one of the two
/// where the other join may break (the one-break part). After the keys^2 ranges comes one more, every
/// candidate that fits the border when both key joins may break (the two-break walk), else empty. An entry
/// carries its colours, piece and candidate id, so that a walk reads nothing else. Signatures met twice share
/// one table.
///
/// Per restart, arrange() reorders each part in place (shuffled, rarest colours first, or by id) and, with a
/// quota, sorts it by favoured sides, most first, recording where each part stops showing k of them.
/// Cost: building is O(candidates) per key of each distinct signature; arrange() is O(entries log entries).
class ScanLists {
 public:
  struct Entry {
    std::array<std::uint8_t, 4> colour;  ///< shown on up, right, down, left
    std::uint16_t piece;
    std::uint16_t candidate;
  };
  struct Range {
    std::uint32_t begin, exact_end, end;  ///< [begin, exact_end) exact, [exact_end, end) one break
  };
  /// Where a range's parts stop showing enough favoured sides (quota): exact[k-1] is the first entry of
  /// [begin, exact_end) with fewer than k favoured sides, brk[k-1] the same in [exact_end, end). Each part
  /// is sorted by favoured sides, most first, so the entries before a cut are exactly those with k or more.
  struct QuotaCuts {
    std::array<std::uint32_t, 4> exact, brk;
  };
  /// A cell's signature: sides facing the outside (bits), the key sides (-1: absent), which of the two key
  /// joins may break (bit 0: side1's, bit 1: side2's).
  struct Signature {
    int outside = 0, side1 = -1, side2 = -1, key_breakable = 0;
    auto tie() const { return std::make_tuple(outside, side1, side2, key_breakable); }
  };

  ScanLists() = default;
  /// `favoured`: per piece, its sides showing a quota colour (all zero without a quota).
  ScanLists(const Model& m, std::vector<std::uint8_t> favoured)
      : model_(&m), keys_(m.colour_count() + 1), favoured_(std::move(favoured)) {
    std::vector<int> freq(static_cast<std::size_t>(keys_), 0);
    for (const Piece& p : m.puzzle().pieces)
      for (int k : p.colours) ++freq[static_cast<std::size_t>(k)];
    rarity_.assign(static_cast<std::size_t>(m.piece_count()), 0);
    for (int i = 0; i < m.piece_count(); ++i)
      for (int k : m.puzzle().pieces[static_cast<std::size_t>(i)].colours)
        if (k != grey) rarity_[static_cast<std::size_t>(i)] += freq[static_cast<std::size_t>(k)];
  }

  /// keys() = colours + 1; a table's ranges are indexed k1 * keys() + k2, then keys()^2 for the full list.
  int keys() const { return keys_; }

  /// The index of the signature's first range, its table built on first use. Call seal() after the last.
  std::size_t table(const Signature& sig) {
    auto [pos, fresh] = tables_.try_emplace(sig.tie(), ranges_.size());
    if (fresh) build_table(sig);
    return pos->second;
  }
  /// No table is added from now on: ranges() and cuts() keep their addresses. `quota`: arrange() sorts by
  /// favoured sides and keeps cuts().
  void seal(bool quota) {
    quota_ = quota;
    cuts_.resize(quota ? ranges_.size() : 0);
  }

  const Entry* entries() const { return entries_.data(); }
  const Range* ranges() const { return ranges_.data(); }
  std::size_t range_count() const { return ranges_.size(); }
  /// Parallel to ranges() (quota only, else null).
  const QuotaCuts* cuts() const { return quota_ ? cuts_.data() : nullptr; }
  /// Per piece, its favoured sides.
  const std::uint8_t* favoured() const { return favoured_.data(); }
  /// Another quota's favoured sides per piece, in place (favoured() keeps its address); the next arrange()
  /// sorts by them.
  void set_favoured(const std::vector<std::uint8_t>& favoured) {
    if (favoured.size() != favoured_.size()) throw std::invalid_argument("favoured sides: one per piece");
    std::copy(favoured.begin(), favoured.end(), favoured_.begin());
  }
  /// Per piece, the summed frequencies of its non-grey colours over all pieces (smaller: rarer colours).
  int rarity(int piece) const { return rarity_[static_cast<std::size_t>(piece)]; }

  /// The entry of candidate `id`.
  Entry entry(int id) const {
    Entry e{};
    for (int s = 0; s < 4; ++s)
      e.colour[static_cast<std::size_t>(s)] = static_cast<std::uint8_t>(model_->colour(id, s));
    e.piece = static_cast<std::uint16_t>(model_->piece_of(id));
    e.candidate = static_cast<std::uint16_t>(id);
    return e;
  }

  /// Orders every part for a restart (`rng` draws the shuffles) and finds the quota's cuts in that order.
  void arrange(ScanValueOrder values, Rng& rng) {
    if (values == ScanValueOrder::by_id && !quota_) return;
    for (const Range& r : ranges_) {
      arrange(values, rng, entries_.begin() + r.begin, entries_.begin() + r.exact_end);
      arrange(values, rng, entries_.begin() + r.exact_end, entries_.begin() + r.end);
    }
    if (!quota_) return;
    const auto cut = [&](std::uint32_t from, std::uint32_t to, std::array<std::uint32_t, 4>& out) {
      for (int k = 4; k >= 1; --k) {  // the cut for k sides comes first: the part is sorted, most first
        while (from < to && favoured_[entries_[from].piece] >= k) ++from;
        out[static_cast<std::size_t>(k - 1)] = from;
      }
    };
    for (std::size_t i = 0; i < ranges_.size(); ++i) {
      cut(ranges_[i].begin, ranges_[i].exact_end, cuts_[i].exact);
      cut(ranges_[i].exact_end, ranges_[i].end, cuts_[i].brk);
    }
  }

 private:
  // ---- constant data ----
  const Model* model_ = nullptr;
  int keys_ = 0;
  std::vector<int> rarity_;             // per piece
  std::vector<std::uint8_t> favoured_;  // per piece
  bool quota_ = false;
  std::map<std::tuple<int, int, int, int>, std::size_t> tables_;  // signature -> its first range
  // ---- reordered per restart ----
  std::vector<Entry> entries_;   // every table's ranges, concatenated
  std::vector<Range> ranges_;    // per table, keys^2 + 1
  std::vector<QuotaCuts> cuts_;  // quota only: per range, for this restart's order of the lists

  void build_table(const Signature& sig) {
    const int s1 = sig.side1, s2 = sig.side2;
    std::vector<int> ids;
    for (int id = 0; id < model_->candidate_count(); ++id) {
      bool ok = true;
      for (int s = 0; s < 4; ++s)
        ok = ok && ((model_->colour(id, s) == grey) == ((sig.outside >> s & 1) != 0));
      if (ok) ids.push_back(id);
    }
    const int none = keys_ - 1;
    for (int k1 = 0; k1 < keys_; ++k1)
      for (int k2 = 0; k2 < keys_; ++k2) {
        Range r{};
        r.begin = static_cast<std::uint32_t>(entries_.size());
        const bool valid = (s1 >= 0) == (k1 != none) && (s2 >= 0) == (k2 != none);
        for (int pass = 0; pass < 2 && valid; ++pass) {
          for (int id : ids) {
            const bool m1 = s1 < 0 || model_->colour(id, s1) == k1;
            const bool m2 = s2 < 0 || model_->colour(id, s2) == k2;
            const bool take = pass == 0 ? (m1 && m2)
                                        : ((!m1 && m2 && (sig.key_breakable & 1)) ||
                                           (m1 && !m2 && (sig.key_breakable & 2)));
            if (take) entries_.push_back(entry(id));
          }
          if (pass == 0) r.exact_end = static_cast<std::uint32_t>(entries_.size());
        }
        if (!valid) r.exact_end = r.begin;
        r.end = static_cast<std::uint32_t>(entries_.size());
        ranges_.push_back(r);
      }
    Range all{};  // two-break candidates are found by walking every fitting candidate (rarely needed)
    all.begin = all.exact_end = static_cast<std::uint32_t>(entries_.size());
    if (s1 >= 0 && s2 >= 0 && sig.key_breakable == 3)
      for (int id : ids) entries_.push_back(entry(id));
    all.end = static_cast<std::uint32_t>(entries_.size());
    ranges_.push_back(all);
  }

  template <class It>
  void arrange(ScanValueOrder values, Rng& rng, It first, It last) {
    for (auto n = values == ScanValueOrder::by_id ? 0 : last - first; n > 1; --n)
      std::swap(first[n - 1], first[static_cast<long>(rng.below(static_cast<std::uint64_t>(n)))]);
    if (values == ScanValueOrder::rare_first)
      std::stable_sort(first, last,
                       [&](const Entry& a, const Entry& b) { return rarity(a.piece) < rarity(b.piece); });
    if (quota_)  // more favoured sides first: the first candidate below the quota ends the part
      std::stable_sort(first, last, [&](const Entry& a, const Entry& b) {
        return favoured_[a.piece] > favoured_[b.piece];
      });
  }
};

}  // namespace edgecp
