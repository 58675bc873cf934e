#include "edgecp/search/hunt_plan.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <numeric>
#include <set>

#include "edgecp/io/puzzle_io.hpp"
#include "edgecp/puzzle/generator.hpp"
#include "edgecp/search/engine.hpp"

using namespace edgecp;

namespace {

// Generated puzzles of several sizes and colour counts, with and without the centre hint.
std::vector<Model> puzzles() {
  std::vector<Model> out;
  std::uint64_t seed = 11;
  for (auto [w, h] : {std::pair{3, 3}, {4, 4}, {6, 6}, {5, 9}, {10, 10}, {12, 12}, {16, 16}, {20, 14}})
    for (auto [frame, inner] : {std::pair{1, 2}, {3, 6}, {5, 17}})
      for (bool hint : {false, true}) out.emplace_back(generate({w, h, frame, inner, seed++, hint}).puzzle);
  return out;
}

// The pieces a puzzle leaves to place (hinted pieces removed).
std::vector<Piece> free_pieces(const Model& m) {
  std::set<int> hinted;
  for (int c = 0; c < m.cell_count(); ++c)
    if (const int h = m.hint_candidate(c); h >= 0) hinted.insert(m.piece_of(h));
  std::vector<Piece> out;
  for (int i = 0; i < m.piece_count(); ++i)
    if (!hinted.count(i)) out.push_back(m.puzzle().pieces[static_cast<std::size_t>(i)]);
  return out;
}

}  // namespace

TEST_CASE("scaled_breaks: E2's indices on 256 cells, strictly increasing and in range on every board",
          "[hunt_plan]") {
  const std::vector<int> early{180, 190, 200, 205, 210, 215, 220, 225, 230, 235};
  std::vector<int> e2 = early;
  for (int i = 240; i <= 256; ++i) e2.push_back(i);
  CHECK(scaled_breaks(early, 256) == e2);
  for (int cells : {4, 9, 16, 36, 45, 100, 144, 400, 1024}) {
    INFO(cells << " cells");
    const std::vector<int> ix = scaled_breaks(early, cells);
    REQUIRE(!ix.empty());
    CHECK(ix.front() >= 1);
    CHECK(ix.back() == cells);  // the last placements may always break
    for (std::size_t i = 1; i < ix.size(); ++i) CHECK(ix[i] > ix[i - 1]);  // no index twice (the 4x4's did)
  }
}

TEST_CASE("favoured_colours: colours the pieces show, one frame colour, the pair most often seen together",
          "[hunt_plan]") {
  std::size_t with_quota = 0;
  for (const Model& m : puzzles()) {
    INFO(m.puzzle().name);
    const std::vector<int> fav = favoured_colours(m);
    const std::vector<Piece> pieces = free_pieces(m);
    const auto at = [](int k) { return static_cast<std::size_t>(k); };
    std::vector<int> sides(at(m.colour_count()), 0), frame(sides), inner(sides);
    std::vector<std::vector<int>> together(at(m.colour_count()), sides);
    for (const Piece& p : pieces) {
      std::set<int> shown;
      for (int s = 0; s < 4; ++s) {
        const int k = p.colours[at(s)];
        if (k == grey) continue;
        shown.insert(k);
        ++sides[at(k)];
        const bool along = p.colours[at((s + 1) % 4)] == grey || p.colours[at((s + 3) % 4)] == grey;
        ++(along ? frame : inner)[at(k)];
      }
      for (int a : shown)
        for (int b : shown) together[at(a)][at(b)] += a != b ? 1 : 0;
    }
    std::vector<int> interior;
    int frame_colours = 0;
    for (int k = 1; k < m.colour_count(); ++k)
      if (sides[at(k)] > 0) {
        if (inner[at(k)] > frame[at(k)])
          interior.push_back(k);
        else
          ++frame_colours;
      }
    CHECK(std::is_sorted(fav.begin(), fav.end()));
    CHECK(std::set<int>(fav.begin(), fav.end()).size() == fav.size());
    std::vector<int> fav_interior;
    int fav_frame = 0;
    for (int k : fav) {
      REQUIRE(k >= 1);
      REQUIRE(k < m.colour_count());
      REQUIRE(sides[at(k)] > 0);  // a colour the pieces to place show
      if (inner[at(k)] > frame[at(k)])
        fav_interior.push_back(k);
      else
        ++fav_frame;
    }
    CHECK(fav_frame == (fav.empty() || frame_colours < 2 ? 0 : 1));
    if (interior.size() < 4) {
      CHECK(fav.empty());
      continue;
    }
    REQUIRE(fav_interior.size() >= 2);
    CHECK(fav_interior.size() + 2 <= interior.size());
    int best_pair = 0, best_chosen = 0;  // no pair of interior colours is seen together more often
    for (int a : interior)
      for (int b : interior)
        if (a < b) {
          best_pair = std::max(best_pair, together[at(a)][at(b)]);
          if (std::count(fav.begin(), fav.end(), a) && std::count(fav.begin(), fav.end(), b))
            best_chosen = std::max(best_chosen, together[at(a)][at(b)]);
        }
    CHECK(best_chosen == best_pair);
    ++with_quota;
    // the second pair: its colours are a quota of the same kind, built on the pair that comes next
    std::vector<int> counts;  // per pair of interior colours, the pieces showing both, most first
    for (int a : interior)
      for (int b : interior)
        if (a < b) counts.push_back(together[at(a)][at(b)]);
    std::sort(counts.rbegin(), counts.rend());
    const std::vector<int> next = favoured_colours(m, 1);
    REQUIRE(next.size() >= 2);
    CHECK(std::is_sorted(next.begin(), next.end()));
    int next_best = 0;
    for (int a : next)
      for (int b : next)
        if (a < b && inner[at(a)] > frame[at(a)] && inner[at(b)] > frame[at(b)])
          next_best = std::max(next_best, together[at(a)][at(b)]);
    CHECK(next_best >= counts[1]);  // it holds the second pair (and maybe, grown, a pair seen more often)
    CHECK(favoured_colours(m, static_cast<int>(counts.size())).empty());  // no such pair
  }
  CHECK(with_quota > 0);
}

TEST_CASE("plan_hunt: a budget every board accepts, the quota on large boards only, a ramp the pieces meet",
          "[hunt_plan]") {
  std::size_t lowered = 0;
  for (const Model& m : puzzles()) {
    INFO(m.puzzle().name);
    const HuntPlan plan = plan_hunt(m);
    REQUIRE_NOTHROW(check_budget(plan.budget, m));
    CHECK(!plan.why.empty());
    int hints = 0;
    for (int c = 0; c < m.cell_count(); ++c) hints += m.hint_candidate(c) >= 0 ? 1 : 0;
    CHECK(plan.why.find(std::to_string(m.cell_count()) + " cells, " + std::to_string(hints)) == 0);
    // evenly_coloured against the sides counted here: the most at most 5/4 of the fewest
    std::map<int, int> interior_sides;
    for (const Piece& p : free_pieces(m))
      for (int s = 0; s < 4; ++s) {
        const int k = p.colours[static_cast<std::size_t>(s)];
        const bool along = p.colours[static_cast<std::size_t>((s + 1) % 4)] == grey ||
                           p.colours[static_cast<std::size_t>((s + 3) % 4)] == grey;
        if (k != grey) interior_sides[k] += along ? -1000 : 1;  // a frame side marks the colour as frame
      }
    int lo = 1 << 30, hi = 0;
    for (const auto& [k, n] : interior_sides)
      if (n > 0) {
        lo = std::min(lo, n);
        hi = std::max(hi, n);
      }
    CHECK(evenly_coloured(m) == (hi > 0 && 4 * hi <= 5 * lo));
    if (m.cell_count() < hunt_large_board_cells || !evenly_coloured(m)) {
      CHECK(plan.order == CellOrder::blackwood);
      CHECK(plan.quota_colours.empty());
      CHECK(plan.values == ScanValueOrder::rare_first);
      continue;
    }
    CHECK(plan.order == CellOrder::tail_columns);
    // a fallback exactly where the second pair's colours differ and both keep the default ramp (a fallback
    // runs the ramp of its own sides; none of these puzzles has one, E2 has: the tests below), the pair
    // further ahead of its ramp first
    const std::vector<int> first = favoured_colours(m), next = favoured_colours(m, 1);
    CHECK(hinted_corners(m) == 0);  // these puzzles pin the centre at most: a corner, the test below
    const bool fallback = !next.empty() && next != first && reachable_quota_ramp(m, first).empty() &&
                          reachable_quota_ramp(m, next).empty();
    const bool swapped = fallback && quota_ramp_lead(m, next).ahead_of(quota_ramp_lead(m, first));
    CHECK(plan.quota_colours == (swapped ? next : first));
    CHECK(plan.quota_fallbacks == (!fallback ? std::vector<std::vector<int>>{}
                                   : swapped ? std::vector<std::vector<int>>{first}
                                             : std::vector<std::vector<int>>{next}));
    CHECK((plan.why.find("pair where it stalls") != std::string::npos) == fallback);
    CHECK(plan.values ==
          (plan.quota_colours.empty() ? ScanValueOrder::rare_first : ScanValueOrder::shuffled));
    if (plan.quota_colours.empty()) continue;
    // the default ramp asks no more favoured sides by placement p than the p richest pieces show
    std::vector<int> per_piece;
    int total = 0;
    for (const Piece& p : free_pieces(m)) {
      per_piece.push_back(favoured_sides(p, plan.quota_colours));
      total += per_piece.back();
    }
    std::sort(per_piece.rbegin(), per_piece.rend());
    const int free_cells = static_cast<int>(per_piece.size());
    const std::vector<int> quota = quota_by_placement(
        plan.quota_ramp.empty() ? default_quota_ramp(free_cells, total) : plan.quota_ramp, free_cells);
    int richest = 0;
    for (std::size_t p = 0; p < quota.size(); ++p) {
      richest += per_piece[p];
      CHECK(quota[p] <= richest);
    }
    // the lead: the ramp's first point asking for sides, against what the richest pieces show by then
    const RampLead lead = quota_ramp_lead(m, plan.quota_colours);
    const auto default_ramp = default_quota_ramp(free_cells, total);
    const auto first_ask = std::find_if(default_ramp.begin(), default_ramp.end(),
                                        [](const auto& point) { return point.second > 0; });
    REQUIRE(first_ask != default_ramp.end());
    CHECK(lead.asked == first_ask->second);
    CHECK(lead.shown == std::accumulate(per_piece.begin(), per_piece.begin() + first_ask->first, 0));
    if (!plan.quota_ramp.empty()) {  // lowered only where the default ramp asks too much
      ++lowered;
      const std::vector<int> asked = quota_by_placement(default_quota_ramp(free_cells, total), free_cells);
      bool too_much = false;
      richest = 0;
      for (std::size_t p = 0; p < asked.size(); ++p)
        too_much = too_much || asked[p] > (richest += per_piece[p]);
      CHECK(too_much);
    }
  }
  CHECK(lowered > 0);  // few colours: the default ramp asks too much on some of these puzzles
}

TEST_CASE("RampLead: further ahead is a larger share of the sides asked, and a ramp asking nothing is never",
          "[hunt_plan]") {
  const RampLead e2_blackwood{54, 28}, e2_first{52, 28}, half{27, 14}, none{};
  CHECK(e2_blackwood.ahead_of(e2_first));
  CHECK(!e2_first.ahead_of(e2_blackwood));
  CHECK(!e2_blackwood.ahead_of(e2_blackwood));
  CHECK(!half.ahead_of(e2_blackwood));  // the same share, in other numbers
  CHECK(!e2_blackwood.ahead_of(half));
  CHECK(RampLead{28, 14}.ahead_of(e2_first));  // 2 against 52/28: compared as shares, not as sides
  CHECK(!none.ahead_of(e2_first));
  CHECK(!e2_first.ahead_of(none));
}

TEST_CASE("hinted_corners: hints on corner cells only, and no fallback set of colours with one",
          "[hunt_plan]") {
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    INFO("seed " << seed);
    const GeneratedPuzzle g = generate({16, 16, 5, 4, seed, true});  // evenly coloured: a quota
    const Geometry& geo = g.puzzle.geometry;
    const auto pin = [&](Puzzle& pz, int row, int col) {
      const Candidate& at = g.planted[static_cast<std::size_t>(geo.cell(row, col))];
      pz.hints.push_back({row, col, at.piece, at.rotation});
    };
    CHECK(hinted_corners(Model(g.puzzle)) == 0);  // the centre hint
    Puzzle edges = g.puzzle;                      // frame cells beside the corners are edge cells
    pin(edges, 0, 1);
    pin(edges, 14, 15);
    CHECK(hinted_corners(Model(edges)) == 0);
    Puzzle pz = g.puzzle;
    const int corners[4][2] = {{0, 0}, {0, 15}, {15, 15}, {15, 0}};
    for (int pinned = 1; pinned <= 4; ++pinned) {
      pin(pz, corners[pinned - 1][0], corners[pinned - 1][1]);
      const Model m(pz);
      CHECK(hinted_corners(m) == pinned);
      CHECK(plan_hunt(m).quota_fallbacks.empty());  // E2's fallback and its pinned corners: the test below
    }
  }
}

TEST_CASE("quota_values_for: rare values for a run of few restart intervals, shuffled for long ones",
          "[hunt_plan]") {
  const std::uint64_t restart = 200'000'000;
  const auto at = [&](double intervals) {  // a run of this many intervals, by its node limit
    return static_cast<std::uint64_t>(intervals * static_cast<double>(restart));
  };
  CHECK(quota_values_for(at(rare_values_intervals), 0, restart, 1) == ScanValueOrder::rare_first);
  CHECK(quota_values_for(at(rare_values_intervals) + 1, 0, restart, 1) == ScanValueOrder::shuffled);
  CHECK(quota_values_for(at(rare_values_intervals / 2), 0, restart, 2) == ScanValueOrder::rare_first);
  CHECK(quota_values_for(at(rare_values_intervals / 2) + 1, 0, restart, 2) == ScanValueOrder::shuffled);
  CHECK(quota_values_for(at(1), 3600, restart, 1) == ScanValueOrder::rare_first);  // nodes before time
  // in seconds at nominal_scan_rate: the run is as long as its node count
  const double seconds = rare_values_intervals * static_cast<double>(restart) / nominal_scan_rate;
  CHECK(quota_values_for(0, seconds, restart, 1) == ScanValueOrder::rare_first);
  CHECK(quota_values_for(0, 1.01 * seconds, restart, 1) == ScanValueOrder::shuffled);
  CHECK(quota_values_for(0, 0, restart, 1) == quota_values_for(0, 3600, restart, 1));  // no limit: an hour
  CHECK(quota_values_for(0, 3600, restart, 1) == ScanValueOrder::shuffled);
  CHECK(quota_values_for(0, 60, restart, 1) == ScanValueOrder::rare_first);  // the 60-s benchmark
}

TEST_CASE("plan_hunt: more than one hint moves the early breaks from 201/256 to 180/256 of the board",
          "[hunt_plan]") {
  Puzzle pz = generate({16, 16, 5, 17, 3, true}).puzzle;
  const std::vector<int> one = plan_hunt(Model(pz)).budget.indices();
  CHECK(one.front() == 201);
  CHECK(one.size() == 8 + 17);
  const GeneratedPuzzle g = generate({16, 16, 5, 17, 3, false});
  Puzzle two = g.puzzle;
  two.hints = {{8, 7, g.planted[8 * 16 + 7].piece, g.planted[8 * 16 + 7].rotation},
               {2, 2, g.planted[2 * 16 + 2].piece, g.planted[2 * 16 + 2].rotation}};
  const HuntPlan plan = plan_hunt(Model(two));
  CHECK(plan.budget.indices().front() == 180);
  CHECK(plan.budget.total() == 10 + 17);
  CHECK(plan.why.find("more than one hint") != std::string::npos);
}

TEST_CASE("plan_hunt on Eternity II: evenly coloured, the quota and tail-columns, the bundled 16x16 not",
          "[hunt_plan][shared]") {
  const std::string e2 = std::string(EDGECP_SHARED_DATA) + "/e2/e2.txt";
  const Model bundled(generate(GeneratorOptions::e2_like(1)).puzzle);
  CHECK(!evenly_coloured(bundled));
  CHECK(plan_hunt(bundled).order == CellOrder::blackwood);
  if (!std::filesystem::exists(e2)) {
    WARN("shared data absent (" EDGECP_SHARED_DATA "; set EDGECP_SHARED_DATA): skipped");
    return;
  }
  const Model m(read_puzzle(e2));
  CHECK(evenly_coloured(m));
  const HuntPlan plan = plan_hunt(m);
  CHECK(plan.order == CellOrder::tail_columns);
  CHECK(favoured_colours(m) == std::vector<int>{5, 18, 20});    // one frame colour, two interior (124 sides)
  CHECK(favoured_colours(m, 1) == std::vector<int>{5, 7, 20});  // Blackwood's, the second pair (122 sides)
  // the richest 26 pieces show 54 sides of 5, 7, 20 and 52 of 5, 18, 20, where both ramps ask 28 (counted
  // by a script outside the project): Blackwood's pair first, the first pair where it stalls
  CHECK(quota_ramp_lead(m, {5, 7, 20}).shown == 54);
  CHECK(quota_ramp_lead(m, {5, 7, 20}).asked == 28);
  CHECK(quota_ramp_lead(m, {5, 18, 20}).shown == 52);
  CHECK(quota_ramp_lead(m, {5, 18, 20}).asked == 28);
  CHECK(plan.quota_colours == std::vector<int>{5, 7, 20});
  CHECK(plan.quota_fallbacks == std::vector<std::vector<int>>{{5, 18, 20}});
  CHECK(plan.why.find("the second pair of colours shown together, further ahead of its ramp") !=
        std::string::npos);
  CHECK(plan.values == ScanValueOrder::shuffled);
  CHECK(plan.budget.indices().front() == 201);
  // three corners pinned (the first triple of bench/corner_triples.txt, 1-based pieces 1, 2, 3): no fallback
  Puzzle triple = m.puzzle();
  triple.hints.push_back({0, 0, 0, 1});
  triple.hints.push_back({15, 15, 1, 3});
  triple.hints.push_back({15, 0, 2, 0});
  const HuntPlan pinned = plan_hunt(Model(triple));
  CHECK(pinned.quota_colours == std::vector<int>{5, 18, 20});
  CHECK(pinned.quota_fallbacks.empty());
  CHECK(pinned.why.find("no next pair: 3 pinned corners") != std::string::npos);
}

TEST_CASE("plan_hunt: the pair further ahead of its ramp first, on E2 with five hints and Brendan's 16x16",
          "[hunt_plan][shared]") {
  const std::string five = std::string(EDGECP_SHARED_DATA) + "/e2/e2_5hints.txt";
  const std::string brendan = std::string(EDGECP_SHARED_DATA) + "/brendan/set1_16x16.txt";
  if (!std::filesystem::exists(five) || !std::filesystem::exists(brendan)) {
    WARN("shared data absent (" EDGECP_SHARED_DATA "; set EDGECP_SHARED_DATA): skipped");
    return;
  }
  // five hints: 251 pieces left, the ramp asks 27 sides by the 25th placement, where the richest pieces
  // show 53 of 5, 7, 20 and 50 of 5, 18, 20 (counted outside the project)
  const Model m5(read_puzzle(five));
  CHECK(quota_ramp_lead(m5, {5, 7, 20}).shown == 53);
  CHECK(quota_ramp_lead(m5, {5, 18, 20}).shown == 50);
  CHECK(quota_ramp_lead(m5, {5, 18, 20}).asked == 27);
  const HuntPlan p5 = plan_hunt(m5);
  CHECK(p5.quota_colours == std::vector<int>{5, 7, 20});
  CHECK(p5.quota_fallbacks == std::vector<std::vector<int>>{{5, 18, 20}});
  // Brendan's 16x16: the first pair stays first (49 sides against 44, 28 asked)
  const Model mb(read_puzzle(brendan));
  CHECK(quota_ramp_lead(mb, {1, 16, 17}).shown == 49);
  CHECK(quota_ramp_lead(mb, {1, 6, 13}).shown == 44);
  const HuntPlan pb = plan_hunt(mb);
  CHECK(pb.quota_colours == std::vector<int>{1, 16, 17});
  CHECK(pb.quota_fallbacks == std::vector<std::vector<int>>{{1, 6, 13}});
  CHECK(pb.why.find("(the next pair where it stalls)") != std::string::npos);
}
