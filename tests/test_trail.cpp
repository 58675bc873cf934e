#include "edgecp/core/trail.hpp"

#include "edgecp/core/bit_domain.hpp"

#include <catch2/catch.hpp>

using namespace edgecp;

TEST_CASE("TrailedArray restores on pop and saves once per level", "[trail]") {
  Trail t;
  TrailedArray<int> a(t, 4, 0);
  Trailed<long> v(t, 5);
  a.set(0, 1);  // level 0: nothing to save
  REQUIRE(a.undo_size() == 0);
  t.push_level();
  a.set(1, 10);
  a.set(1, 11);
  a.set(1, 12);
  REQUIRE(a.undo_size() == 1);  // stamp: saved once at this level
  v.set(6);
  t.push_level();
  a.set(1, 20);
  a.set(2, 30);
  REQUIRE(a.undo_size() == 3);
  t.pop_level();
  REQUIRE(a[1] == 12);
  REQUIRE(a[2] == 0);
  a.set(2, 40);  // same level number, new magic: saved again
  REQUIRE(a.undo_size() == 2);
  t.pop_level();
  REQUIRE(a[0] == 1);
  REQUIRE(a[1] == 0);
  REQUIRE(a[2] == 0);
  REQUIRE(v.get() == 5);
  REQUIRE(t.level() == 0);
}

TEST_CASE("pop_to unwinds several levels", "[trail]") {
  Trail t;
  TrailedArray<int> a(t, 1, 0);
  for (int i = 1; i <= 5; ++i) {
    t.push_level();
    a.set(0, i);
  }
  t.pop_to(2);
  REQUIRE(a[0] == 2);
  t.pop_to(0);
  REQUIRE(a[0] == 0);
}

TEST_CASE("TrailedWordArray saves only the words a write changes, once per level", "[trail]") {
  using D = BitDomain<8>;  // trailed by word whatever the threshold: this class is tested directly
  static_assert(trail_by_word<BitDomain<64>> && !trail_by_word<BitDomain<16>>);
  Trail t;
  TrailedWordArray<D> a(t, 3, D::first_n(512));
  t.push_level();
  D d = a[1];
  d.erase(3);
  d.erase(70);  // words 0 and 1 change
  a.set(1, d);
  REQUIRE(a.undo_size() == 2);
  d.erase(5);  // word 0 again: already saved at this level
  a.set(1, d);
  REQUIRE(a.undo_size() == 2);
  t.push_level();
  a.set(1, D{});  // all eight words change, each saved once more at the new level
  REQUIRE(a.undo_size() == 10);
  t.pop_level();
  REQUIRE(a[1] == d);
  t.pop_level();
  REQUIRE(a[1] == D::first_n(512));
  REQUIRE(a[0] == D::first_n(512));
}
