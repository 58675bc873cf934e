#include "edgecp/search/candidate_bits.hpp"

#include <catch2/catch.hpp>

#include "support/oracles.hpp"

using namespace edgecp;
using namespace edgecp::test;

namespace {
bool has(const std::uint64_t* row, int slot) { return (row[slot >> 6] >> (slot & 63)) & 1U; }
}  // namespace

TEST_CASE("candidate bits: nibble slots give every piece one nibble, aligned kinds start a word",
          "[candidate_bits]") {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const Model m = random_model(4 + static_cast<int>(seed % 3), 5, 2, 3, seed);
    for (bool aligned : {false, true}) {
      const std::vector<int> slots = CandidateBits::nibble_slots(m, aligned);
      std::vector<int> nibble_of(static_cast<std::size_t>(m.piece_count()), -1);
      std::vector<int> first_of_kind(3, 1 << 20);
      for (int id = 0; id < m.candidate_count(); ++id) {
        const int s = slots[static_cast<std::size_t>(id)], p = m.piece_of(id);
        REQUIRE(s % 4 == m.candidate(id).rotation);
        int& n = nibble_of[static_cast<std::size_t>(p)];
        REQUIRE((n < 0 || n == s / 4));
        n = s / 4;
        const int kind = std::min(grey_count(m.puzzle().pieces[static_cast<std::size_t>(p)]), 2);
        first_of_kind[static_cast<std::size_t>(kind)] =
            std::min(first_of_kind[static_cast<std::size_t>(kind)], s);
      }
      std::sort(nibble_of.begin(), nibble_of.end());
      REQUIRE(std::adjacent_find(nibble_of.begin(), nibble_of.end()) == nibble_of.end());  // distinct pieces
      if (aligned)
        for (int f : first_of_kind) REQUIRE(f % 64 == 0);
      REQUIRE(CandidateBits::words_for(slots) * 64 > *std::max_element(slots.begin(), slots.end()));
    }
  }
}

TEST_CASE("candidate bits: shows, fits and key tables hold exactly the candidates they say",
          "[candidate_bits]") {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const Model m = random_model(4, 3 + static_cast<int>(seed % 3), 1 + static_cast<int>(seed % 2), 3, seed);
    const std::vector<int> slots = CandidateBits::nibble_slots(m, true);
    const int words = CandidateBits::words_for(slots);
    CandidateBits bits(m, words, slots);
    const int keys = bits.keys(), none = keys - 1;
    std::vector<std::uint64_t> odd(static_cast<std::size_t>(words), 0);  // allowed: odd candidate ids only
    for (int id = 1; id < m.candidate_count(); id += 2)
      odd[static_cast<std::size_t>(slots[static_cast<std::size_t>(id)] >> 6)] |=
          std::uint64_t{1} << (slots[static_cast<std::size_t>(id)] & 63);
    const std::size_t plain = bits.add_key_table(0b0011, left, down, nullptr);  // a top-right corner's sides
    const std::size_t odd_up = bits.add_key_table(0, up, -1, odd.data());
    for (int id = 0; id < m.candidate_count(); ++id) {
      const int s = slots[static_cast<std::size_t>(id)];
      REQUIRE(bits.candidate(s) == id);
      REQUIRE(bits.slot(id) == s);
      int outside = 0;
      for (int side = 0; side < 4; ++side) {
        REQUIRE(bits.colours(s)[side] == m.colour(id, side));
        outside |= m.colour(id, side) == grey ? 1 << side : 0;
        for (int k = 0; k < keys; ++k)
          REQUIRE(has(bits.shows(side, k), s) == (k == none || m.colour(id, side) == k));
      }
      for (int mask = 0; mask < 16; ++mask) REQUIRE(has(bits.fits(mask), s) == (mask == outside));
      const auto row = [&](std::size_t table, int k1, int k2) {
        return bits.key_table(table) + static_cast<std::size_t>(k1 << bits.key_shift() | k2) * words;
      };
      for (int k1 = 0; k1 < keys; ++k1) {
        for (int k2 = 0; k2 < keys; ++k2) {
          const bool valid = k1 != none && k2 != none;
          REQUIRE(has(row(plain, k1, k2), s) ==
                  (valid && outside == 0b0011 && m.colour(id, left) == k1 && m.colour(id, down) == k2));
        }
        REQUIRE(has(row(odd_up, k1, none), s) ==
                (k1 != none && outside == 0 && m.colour(id, up) == k1 && id % 2));
      }
    }
    // the nonzero words of every row
    const std::uint32_t* words_of = bits.key_words(plain);
    for (std::size_t r = 0; r < (std::size_t{1} << (2 * bits.key_shift())); ++r)
      for (int w = 0; w < words; ++w)
        REQUIRE(
            ((words_of[r] >> w) & 1U) ==
            (bits.key_table(plain)[r * static_cast<std::size_t>(words) + static_cast<std::size_t>(w)] != 0));
  }
}
