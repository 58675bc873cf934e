// Fixed-capacity bitset domain: the value set of one variable (cell) as `Words` 64-bit words.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace edgecp {

/// A set of values 0 .. capacity-1 stored as a fixed array of 64-bit words.
/// Invariant: bits at positions >= the store's value count are always zero.
/// Cost: every whole-set operation is O(Words); no allocation ever.
template <std::size_t Words>
class BitDomain {
 public:
  static constexpr std::size_t word_count = Words;
  static constexpr std::size_t capacity = Words * 64;

  constexpr BitDomain() = default;

  /// The set {0, ..., n-1}; n must be <= capacity.
  static constexpr BitDomain first_n(std::size_t n) {
    BitDomain d;
    for (std::size_t w = 0; w < Words; ++w) {
      if (n >= (w + 1) * 64) {
        d.words_[w] = ~std::uint64_t{0};
      } else if (n > w * 64) {
        d.words_[w] = (std::uint64_t{1} << (n - w * 64)) - 1;
      }
    }
    return d;
  }

  /// Build from a dynamically sized word vector (extra words must be zero).
  static BitDomain from_words(const std::vector<std::uint64_t>& src) {
    BitDomain d;
    for (std::size_t w = 0; w < Words && w < src.size(); ++w) d.words_[w] = src[w];
    return d;
  }

  constexpr bool contains(std::size_t v) const { return (words_[v >> 6] >> (v & 63)) & 1U; }
  constexpr void insert(std::size_t v) { words_[v >> 6] |= std::uint64_t{1} << (v & 63); }
  constexpr void erase(std::size_t v) { words_[v >> 6] &= ~(std::uint64_t{1} << (v & 63)); }
  constexpr void clear() { words_.fill(0); }

  constexpr std::size_t size() const {
    std::size_t n = 0;
    for (auto w : words_) n += static_cast<std::size_t>(std::popcount(w));
    return n;
  }
  constexpr bool empty() const {
    std::uint64_t acc = 0;
    for (auto w : words_) acc |= w;
    return acc == 0;
  }
  /// True when exactly one value is present.
  constexpr bool is_singleton() const {
    std::size_t n = 0;
    for (auto w : words_) {
      if (w == 0) continue;
      if ((w & (w - 1)) != 0 || ++n > 1) return false;
    }
    return n == 1;
  }
  constexpr bool intersects(const BitDomain& o) const {
    std::uint64_t acc = 0;
    for (std::size_t w = 0; w < Words; ++w) acc |= words_[w] & o.words_[w];
    return acc != 0;
  }
  constexpr bool is_subset_of(const BitDomain& o) const {
    for (std::size_t w = 0; w < Words; ++w)
      if ((words_[w] & ~o.words_[w]) != 0) return false;
    return true;
  }

  /// Smallest value >= from, or npos.
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);
  constexpr std::size_t find_next(std::size_t from) const {
    std::size_t w = from >> 6;
    if (w >= Words) return npos;
    std::uint64_t bits = words_[w] & (~std::uint64_t{0} << (from & 63));
    while (true) {
      if (bits != 0) return w * 64 + static_cast<std::size_t>(std::countr_zero(bits));
      if (++w == Words) return npos;
      bits = words_[w];
    }
  }
  constexpr std::size_t first() const { return find_next(0); }

  /// Calls f(v) for every value v in increasing order.
  template <class F>
  constexpr void for_each(F&& f) const {
    for (std::size_t w = 0; w < Words; ++w) {
      for (std::uint64_t bits = words_[w]; bits != 0; bits &= bits - 1)
        f(w * 64 + static_cast<std::size_t>(std::countr_zero(bits)));
    }
  }

  constexpr BitDomain& operator&=(const BitDomain& o) {
    for (std::size_t w = 0; w < Words; ++w) words_[w] &= o.words_[w];
    return *this;
  }
  constexpr BitDomain& operator|=(const BitDomain& o) {
    for (std::size_t w = 0; w < Words; ++w) words_[w] |= o.words_[w];
    return *this;
  }
  /// this := this \ o
  constexpr BitDomain& subtract(const BitDomain& o) {
    for (std::size_t w = 0; w < Words; ++w) words_[w] &= ~o.words_[w];
    return *this;
  }
  friend constexpr BitDomain operator&(BitDomain a, const BitDomain& b) { return a &= b; }
  friend constexpr BitDomain operator|(BitDomain a, const BitDomain& b) { return a |= b; }
  friend constexpr bool operator==(const BitDomain&, const BitDomain&) = default;

  constexpr std::uint64_t word(std::size_t w) const { return words_[w]; }
  constexpr std::uint64_t& word(std::size_t w) { return words_[w]; }

 private:
  std::array<std::uint64_t, Words> words_{};
};

/// Sized for Eternity II: 256 pieces x 4 rotations = 1024 candidates.
using E2Domain = BitDomain<16>;

}  // namespace edgecp
