#include "edgecp/search/scan_lists.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <set>
#include <vector>

#include "support/oracles.hpp"

using namespace edgecp;
using namespace edgecp::test;

namespace {

using Signature = ScanLists::Signature;

// Every signature a cell of the board can have: its outside mask, up to two key sides among the others (in
// either order), and any breakable pattern of the key sides present.
std::vector<Signature> signatures(const Model& m) {
  std::set<int> masks;
  for (int c = 0; c < m.cell_count(); ++c) {
    int mask = 0;
    for (int s = 0; s < 4; ++s) mask |= m.geometry().neighbour(c, s) < 0 ? 1 << s : 0;
    masks.insert(mask);
  }
  std::vector<Signature> out;
  for (int mask : masks)
    for (int s1 = -1; s1 < 4; ++s1)
      for (int s2 = -1; s2 < 4; ++s2) {
        if ((s1 >= 0 && (mask >> s1 & 1)) || (s2 >= 0 && (mask >> s2 & 1))) continue;
        if (s1 < 0 && s2 >= 0) continue;  // a second key side comes with a first
        if (s1 >= 0 && s1 == s2) continue;
        for (int brk = 0; brk < 4; ++brk)
          if ((s1 >= 0 || !(brk & 1)) && (s2 >= 0 || !(brk & 2))) out.push_back({mask, s1, s2, brk});
      }
  return out;
}

bool fits_border(const Model& m, int id, int outside) {
  for (int s = 0; s < 4; ++s)
    if ((m.colour(id, s) == grey) != ((outside >> s & 1) != 0)) return false;
  return true;
}

std::vector<int> ids(const ScanLists& lists, std::uint32_t from, std::uint32_t to) {
  std::vector<int> out;
  for (std::uint32_t i = from; i < to; ++i) out.push_back(lists.entries()[i].candidate);
  return out;
}

std::vector<int> sorted(std::vector<int> v) {
  std::sort(v.begin(), v.end());
  return v;
}

}  // namespace

TEST_CASE("scan lists: each key's range holds exactly its exact, then its one-break candidates (brute force)",
          "[scan_lists]") {
  for (const Model& m :
       {random_model(3, 3, 2, 2, 1), random_model(4, 4, 2, 3, 2, true), random_model(5, 4, 3, 4, 3)}) {
    ScanLists lists(m, std::vector<std::uint8_t>(static_cast<std::size_t>(m.piece_count()), 0));
    const int keys = lists.keys();
    REQUIRE(keys == m.colour_count() + 1);
    std::vector<std::pair<Signature, std::size_t>> tables;
    for (const Signature& sig : signatures(m)) tables.emplace_back(sig, lists.table(sig));
    lists.seal(false);
    CHECK(lists.cuts() == nullptr);
    for (const auto& [sig, at] : tables) {
      const ScanLists::Range* table = lists.ranges() + at;
      const int none = keys - 1;
      for (int k1 = 0; k1 < keys; ++k1)
        for (int k2 = 0; k2 < keys; ++k2) {
          const ScanLists::Range& r = table[k1 * keys + k2];
          std::vector<int> exact, one_break;
          const bool valid = (sig.side1 >= 0) == (k1 != none) && (sig.side2 >= 0) == (k2 != none);
          for (int id = 0; id < m.candidate_count() && valid; ++id) {
            if (!fits_border(m, id, sig.outside)) continue;
            const bool m1 = sig.side1 < 0 || m.colour(id, sig.side1) == k1;
            const bool m2 = sig.side2 < 0 || m.colour(id, sig.side2) == k2;
            if (m1 && m2)
              exact.push_back(id);
            else if ((m2 && (sig.key_breakable & 1)) || (m1 && (sig.key_breakable & 2)))
              one_break.push_back(id);
          }
          CHECK(ids(lists, r.begin, r.exact_end) == exact);  // built in id order
          CHECK(ids(lists, r.exact_end, r.end) == one_break);
        }
      const ScanLists::Range& all = table[keys * keys];
      CHECK(all.begin == all.exact_end);
      std::vector<int> every;
      if (sig.side1 >= 0 && sig.side2 >= 0 && sig.key_breakable == 3)
        for (int id = 0; id < m.candidate_count(); ++id)
          if (fits_border(m, id, sig.outside)) every.push_back(id);
      CHECK(ids(lists, all.exact_end, all.end) == every);
    }
    for (std::uint32_t i = 0; i < lists.ranges()[lists.range_count() - 1].end;
         ++i) {  // entries carry their facts
      const ScanLists::Entry& e = lists.entries()[i];
      CHECK(e.piece == m.piece_of(e.candidate));
      for (int s = 0; s < 4; ++s) CHECK(e.colour[static_cast<std::size_t>(s)] == m.colour(e.candidate, s));
    }
  }
}

TEST_CASE("scan lists: a signature met twice shares its table", "[scan_lists]") {
  const Model m = random_model(4, 4, 2, 3, 5);
  ScanLists lists(m, std::vector<std::uint8_t>(static_cast<std::size_t>(m.piece_count()), 0));
  const Signature a{0, left, up, 3}, b{9, right, down, 0};
  const std::size_t at = lists.table(a);
  const std::size_t per_table = lists.range_count();
  CHECK(per_table == static_cast<std::size_t>(lists.keys() * lists.keys() + 1));
  CHECK(lists.table(a) == at);
  CHECK(lists.range_count() == per_table);
  CHECK(lists.table(b) == per_table);
  CHECK(lists.range_count() == 2 * per_table);
}

TEST_CASE("scan lists: arrange permutes each part, rarest first, by id, and the quota's order and cuts",
          "[scan_lists]") {
  const Model m = random_model(5, 5, 2, 4, 7);
  const std::vector<int> colours = {1, 3};
  std::vector<std::uint8_t> favoured;
  for (const Piece& p : m.puzzle().pieces)
    favoured.push_back(static_cast<std::uint8_t>(favoured_sides(p, colours)));
  for (const bool quota : {false, true})
    for (const ScanValueOrder values :
         {ScanValueOrder::by_id, ScanValueOrder::rare_first, ScanValueOrder::shuffled}) {
      CAPTURE(quota, static_cast<int>(values));
      ScanLists lists(m, favoured);
      for (const Signature& sig : signatures(m)) (void)lists.table(sig);
      lists.seal(quota);
      const std::uint32_t total = lists.ranges()[lists.range_count() - 1].end;
      const std::vector<int> before = ids(lists, 0, total);
      Rng rng(11);
      lists.arrange(values, rng);
      std::vector<int> after = ids(lists, 0, total);
      if (values == ScanValueOrder::by_id && !quota) CHECK(after == before);
      bool moved = false;
      for (std::size_t i = 0; i < lists.range_count(); ++i) {
        const ScanLists::Range& r = lists.ranges()[i];
        for (const auto& [from, to] : {std::pair{r.begin, r.exact_end}, std::pair{r.exact_end, r.end}}) {
          CHECK(sorted(ids(lists, from, to)) ==
                sorted(std::vector<int>(before.begin() + from, before.begin() + to)));
          moved =
              moved || ids(lists, from, to) != std::vector<int>(before.begin() + from, before.begin() + to);
          for (std::uint32_t j = from + 1; j < to; ++j) {
            const ScanLists::Entry &x = lists.entries()[j - 1], &y = lists.entries()[j];
            if (quota) {
              CHECK(favoured[x.piece] >= favoured[y.piece]);
            } else if (values == ScanValueOrder::rare_first) {
              CHECK(lists.rarity(x.piece) <= lists.rarity(y.piece));
            }
          }
        }
        if (!quota) continue;
        const ScanLists::QuotaCuts& c = lists.cuts()[i];
        for (int k = 1; k <= 4; ++k) {  // the first entry of each part with fewer than k favoured sides
          std::uint32_t e = r.begin, b = r.exact_end;
          while (e < r.exact_end && favoured[lists.entries()[e].piece] >= k) ++e;
          while (b < r.end && favoured[lists.entries()[b].piece] >= k) ++b;
          CHECK(c.exact[static_cast<std::size_t>(k - 1)] == e);
          CHECK(c.brk[static_cast<std::size_t>(k - 1)] == b);
        }
      }
      if (values == ScanValueOrder::shuffled) CHECK(moved);
      ScanLists again(m, favoured);  // the same seed, the same order
      for (const Signature& sig : signatures(m)) (void)again.table(sig);
      again.seal(quota);
      Rng rng2(11);
      again.arrange(values, rng2);
      CHECK(ids(again, 0, total) == after);
    }
}
