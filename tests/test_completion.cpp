#include "edgecp/search/completion.hpp"

#include <catch2/catch.hpp>

#include "edgecp/puzzle/generator.hpp"
#include "edgecp/search/cell_order.hpp"
#include "support/oracles.hpp"

using namespace edgecp;
using namespace edgecp::test;

TEST_CASE("greedy completion fills every empty cell legally and keeps placed ones", "[completion]") {
  Rng rng(4);
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    const auto gen =
        generate({5 + static_cast<int>(seed % 4), 4 + static_cast<int>(seed % 3), 2, 4, seed, seed % 2 == 1});
    const Model m(gen.puzzle);
    Board b = gen.planted_board(m);
    for (auto& c : b.cells)
      if (rng.below(2) == 0 && c != m.hint_candidate(static_cast<int>(&c - b.cells.data()))) c = -1;
    const Board done = complete_greedy(m, b, static_cell_order(m.geometry(), CellOrder::row));
    REQUIRE(done.complete());
    const auto chk = check_board(m, done);
    REQUIRE(chk.ok);
    for (std::size_t c = 0; c < b.cells.size(); ++c)
      if (b.cells[c] >= 0) REQUIRE(done.cells[c] == b.cells[c]);
    REQUIRE(chk.score >= count_joins(m, b).matched);  // joins among kept cells are unchanged
  }
}

TEST_CASE("greedy completion takes, cell by cell, a candidate matching the most placed neighbours",
          "[completion]") {
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const auto gen = generate({4, 4, 2, 3, seed, false});
    const Model m(gen.puzzle);
    const Geometry& g = m.geometry();
    const auto order = static_cell_order(g, CellOrder::spiral);
    const Board done = complete_greedy(m, Board(m.cell_count()), order);
    REQUIRE(check_board(m, done).ok);
    // replay: at each step the chosen candidate's matches with earlier cells are the best any unused piece
    // allowed there could get
    Board partial(m.cell_count());
    std::vector<char> used(static_cast<std::size_t>(m.piece_count()), 0);
    auto matches = [&](int cell, int id) {
      int n = 0;
      for (int s = 0; s < 4; ++s) {
        const int nb = g.neighbour(cell, s);
        if (nb >= 0 && partial.cells[static_cast<std::size_t>(nb)] >= 0 &&
            m.colour(id, s) == m.colour(partial.cells[static_cast<std::size_t>(nb)], opposite(s)))
          ++n;
      }
      return n;
    };
    for (int cell : order) {
      int best = 0;
      for (int id = 0; id < m.candidate_count(); ++id)
        if (Model::test(m.static_domain(cell), id) && !used[static_cast<std::size_t>(m.piece_of(id))])
          best = std::max(best, matches(cell, id));
      const int chosen = done.cells[static_cast<std::size_t>(cell)];
      REQUIRE(matches(cell, chosen) == best);
      partial.cells[static_cast<std::size_t>(cell)] = chosen;
      used[static_cast<std::size_t>(m.piece_of(chosen))] = 1;
    }
  }
}

TEST_CASE("hill climbing keeps the board legal, keeps hints, never lowers the score, and repairs",
          "[completion]") {
  Rng rng(9);
  int total_gain = 0, repaired = 0;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    const auto gen = generate({6, 5, 2, 4, seed, seed % 2 == 1});
    const Model m(gen.puzzle);
    // a complete board from a half-erased planted solution, completed greedily
    Board b = gen.planted_board(m);
    for (std::size_t c = 0; c < b.cells.size(); ++c)
      if (rng.below(2) == 0 && m.hint_candidate(static_cast<int>(c)) < 0) b.cells[c] = -1;
    Board done = complete_greedy(m, b, static_cell_order(m.geometry(), CellOrder::row));
    const int before = score(m, done);
    const int gain = improve_by_swaps(m, done);
    const auto chk = check_board(m, done);
    REQUIRE(chk.ok);
    REQUIRE(done.complete());
    REQUIRE(chk.score == before + gain);
    REQUIRE(gain >= 0);
    for (int c = 0; c < m.cell_count(); ++c)
      if (m.hint_candidate(c) >= 0) REQUIRE(done.cells[static_cast<std::size_t>(c)] == m.hint_candidate(c));
    REQUIRE(improve_by_swaps(m, done) == 0);  // a local optimum: another run finds nothing
    total_gain += gain;
    repaired += chk.score == m.geometry().inner_join_count() ? 1 : 0;
  }
  REQUIRE(total_gain > 0);
  INFO("boards brought back to a perfect score: " << repaired);
}

namespace {

// Complete boards of `m` with up to 3 mismatches (enumerate_boards): every `every`-th, at most `cap`.
std::vector<Board> sampled_boards(const Model& m, int every, std::size_t cap) {
  std::vector<Board> boards;
  int k = 0;
  enumerate_boards(
      m, false,
      [&](const Board& b) {
        if (k++ % every == 0) boards.push_back(b);
        return boards.size() < cap;
      },
      3);
  return boards;
}

}  // namespace

TEST_CASE("colour_mismatch_bound never exceeds the fewest mismatches a completion adds (brute force)",
          "[completion][colour_bound]") {
  int cases = 0, reached = 0, positive = 0;
  Rng rng(11);
  for (std::uint64_t seed = 1; seed <= 24; ++seed) {
    const Model m = varied_model(seed);
    for (const Board& full : sampled_boards(m, 7, 12))
      for (int empties = 1; empties <= 4; ++empties) {
        Board partial = full;
        std::vector<int> free_cells;
        for (int c = 0; c < m.cell_count(); ++c)
          if (m.hint_candidate(c) < 0) free_cells.push_back(c);
        for (int j = 0; j < empties && !free_cells.empty(); ++j) {
          const auto at = static_cast<std::size_t>(rng.below(free_cells.size()));
          partial.cells[static_cast<std::size_t>(free_cells[at])] = -1;
          free_cells.erase(free_cells.begin() + static_cast<long>(at));
        }
        const int bound = colour_mismatch_bound(m, partial), truth = fewest_added(m, partial);
        INFO("seed " << seed << " empties " << empties);
        REQUIRE(truth >= 0);
        CHECK(bound >= 0);
        CHECK(bound <= truth);  // sound: no completion adds fewer mismatches
        ++cases;
        reached += bound == truth ? 1 : 0;
        positive += bound > 0 ? 1 : 0;
      }
  }
  CHECK(cases > 500);
  CHECK(positive > cases / 10);  // it says something on these boards
  CHECK(reached > cases / 2);    // and is often exact
  // a complete board has nothing left to add; the empty board's colours pair up (it has solutions)
  const Model m = random_model(4, 4, 2, 3, 5);
  Board empty(m.cell_count());
  CHECK(colour_mismatch_bound(m, empty) == 0);
}

namespace {

// Complete boards of the varied small puzzles (sampled_boards: every 5th, at most 8 per puzzle), and a random
// window of `size` cells of each (hinted cells may be drawn: the refill must skip them).
struct WindowCase {
  Model model;
  Board board;
  std::vector<int> window;
};

std::vector<WindowCase> window_cases(std::uint64_t seeds, int max_size) {
  std::vector<WindowCase> out;
  Rng rng(17);
  for (std::uint64_t seed = 1; seed <= seeds; ++seed) {
    const Model m = varied_model(seed);
    for (const Board& b : sampled_boards(m, 5, 8)) {
      std::vector<int> cells(static_cast<std::size_t>(m.cell_count()));
      for (int c = 0; c < m.cell_count(); ++c) cells[static_cast<std::size_t>(c)] = c;
      for (std::size_t i = cells.size(); i > 1; --i)
        std::swap(cells[i - 1], cells[static_cast<std::size_t>(rng.below(i))]);
      const int size = 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(max_size)));
      cells.resize(static_cast<std::size_t>(std::min(size, m.cell_count())));
      out.push_back({m, b, cells});
    }
  }
  return out;
}

// The board with the window's unhinted cells emptied.
Board emptied(const WindowCase& c) {
  Board p = c.board;
  for (int cell : c.window)
    if (c.model.hint_candidate(cell) < 0) p.cells[static_cast<std::size_t>(cell)] = -1;
  return p;
}

}  // namespace

TEST_CASE("refill_window finds the best refill of its window (brute force)", "[completion][repair]") {
  int cases = 0, gained = 0;
  for (const WindowCase& c : window_cases(24, 5)) {
    const Model& m = c.model;
    const Board partial = emptied(c);
    const int fewest = fewest_added(m, partial);  // over every refill of the window
    REQUIRE(fewest >= 0);
    Board b = c.board;
    const int before = score(m, b);
    const RepairStats st = refill_window(m, b, c.window, 0);
    const auto chk = check_board(m, b);
    INFO(m.puzzle().name << " window of " << c.window.size());
    REQUIRE(chk.ok);
    REQUIRE(b.complete());
    CHECK(st.proven);
    CHECK(st.gain == chk.score - before);
    CHECK(st.gain >= 0);
    // best possible: the joins outside the window as they were, the rest as few mismatches as can be
    CHECK(chk.mismatches == count_joins(m, partial).mismatched + fewest);
    for (int cell = 0; cell < m.cell_count(); ++cell)  // only unhinted window cells change
      if (partial.cells[static_cast<std::size_t>(cell)] >= 0)
        CHECK(b.cells[static_cast<std::size_t>(cell)] == c.board.cells[static_cast<std::size_t>(cell)]);
    Board again = b;  // the result is a fixpoint
    CHECK(refill_window(m, again, c.window, 0).gain == 0);
    CHECK(again == b);
    ++cases;
    gained += st.gain > 0 ? 1 : 0;
  }
  CHECK(cases > 100);
  CHECK(gained > cases / 10);  // the windows were worth refilling
}

TEST_CASE("refill_window under a node limit stops there and never loses the board", "[completion][repair]") {
  int cut = 0;
  for (const WindowCase& c : window_cases(12, 8)) {
    for (std::uint64_t limit : {1, 3, 20}) {
      Board b = c.board;
      const RepairStats st = refill_window(c.model, b, c.window, limit);
      const auto chk = check_board(c.model, b);
      REQUIRE(chk.ok);
      CHECK(st.nodes <= limit);
      CHECK(chk.score == score(c.model, c.board) + st.gain);
      CHECK(st.gain >= 0);
      if (!st.proven) {
        CHECK(st.nodes == limit);
        ++cut;
      }
    }
  }
  CHECK(cut > 0);
}

TEST_CASE("complete_best: the best completion, at least the greedy one (brute force)",
          "[completion][repair]") {
  for (const WindowCase& c : window_cases(24, 5)) {
    const Model& m = c.model;
    const Board partial = emptied(c);
    const auto order = static_cell_order(m.geometry(), CellOrder::row);
    const Board greedy = complete_greedy(m, partial, order);
    RepairStats st;
    const Board best = complete_best(m, partial, order, 0, &st);
    const auto chk = check_board(m, best);
    REQUIRE(chk.ok);
    REQUIRE(best.complete());
    CHECK(st.proven);
    CHECK(chk.score == score(m, greedy) + st.gain);
    CHECK(chk.mismatches == count_joins(m, partial).mismatched + fewest_added(m, partial));
    if (m.cell_count() - partial.placed() >= 2)  // one placement cannot complete a better board
      CHECK(complete_best(m, partial, order, 1) == greedy);
  }
}

TEST_CASE("repair_tail refills growing windows at the end of the order while they are proven",
          "[completion][repair]") {
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const Model m = varied_model(seed);
    const std::vector<int> order = fill_order(m, CellOrder::row);
    const Board hints = hints_board(m);
    const Board greedy = complete_greedy(m, hints, order);
    Board b = greedy;
    const int before = score(m, b);
    Board last = b;  // the last window alone, with no limit: what the windows must reach
    const int n = static_cast<int>(order.size());
    refill_window(m, last, order, 0);
    const RepairStats st = repair_tail(m, b, order, 2, 3, n, 0);
    INFO(m.puzzle().name);
    REQUIRE(check_board(m, b).ok);
    CHECK(st.proven);
    CHECK(score(m, b) == before + st.gain);
    CHECK(score(m, b) == score(m, last));  // the last window is the whole order: the best refill of it
    Board cut = greedy;
    const RepairStats stopped = repair_tail(m, cut, order, 2, 3, n, 1);
    CHECK(stopped.nodes <= static_cast<std::uint64_t>((n + 2) / 3 + 1));  // one per window at most
    CHECK(score(m, cut) == before + stopped.gain);
    CHECK(stopped.gain >= 0);
  }
}

TEST_CASE("mismatch_blocks lists exactly the blocks holding an end of a mismatched join, in reading order",
          "[completion][repair]") {
  int listed = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const Model m = varied_model(seed);
    const Geometry& g = m.geometry();
    for (const Board& b : sampled_boards(m, 5, 4))
      for (int size : {1, 2, 3, 9}) {  // 9: larger than the board, clipped to it
        const auto blocks = mismatch_blocks(m, b, size);
        const int h = std::min(size, g.height()), w = std::min(size, g.width());
        std::size_t next = 0;
        for (int r0 = 0; r0 + h <= g.height(); ++r0)
          for (int c0 = 0; c0 + w <= g.width(); ++c0) {
            std::vector<int> block;
            int mismatched_sides = 0;
            for (int r = r0; r < r0 + h; ++r)
              for (int c = c0; c < c0 + w; ++c) {
                block.push_back(g.cell(r, c));
                for (int s = 0; s < 4; ++s)
                  if (const int nb = g.neighbour(g.cell(r, c), s); nb >= 0)
                    mismatched_sides += m.colour(b.cells[static_cast<std::size_t>(g.cell(r, c))], s) !=
                                                m.colour(b.cells[static_cast<std::size_t>(nb)], opposite(s))
                                            ? 1
                                            : 0;
              }
            if (mismatched_sides == 0) continue;
            INFO(m.puzzle().name << " size " << size << " block at " << r0 << "," << c0);
            REQUIRE(next < blocks.size());
            CHECK(blocks[next++] == block);
          }
        CHECK(next == blocks.size());
        listed += static_cast<int>(blocks.size());
      }
  }
  CHECK(listed > 0);
}

TEST_CASE("BlockRepair only gains, whatever its steps, and ends where no block has a better refill",
          "[completion][repair]") {
  int gained = 0, split = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const Model m = varied_model(seed);
    const Board hints = hints_board(m);
    for (CellOrder o : {CellOrder::row, CellOrder::spiral, CellOrder::frame})
      for (int size : {2, 3}) {
        const Board start = complete_greedy(m, hints, static_cell_order(m.geometry(), o));
        Board stepped = start, at_once = start;
        BlockRepair by_steps(size, 1 << 30, 1), whole(size, 1 << 30, 1 << 30);
        RepairStats sum;
        int steps = 0;
        while (!by_steps.finished()) {
          const RepairStats st = by_steps.step(m, stepped);
          sum.nodes += st.nodes;
          sum.gain += st.gain;
          REQUIRE(++steps < 100000);
        }
        const RepairStats once = whole.step(m, at_once);
        INFO(m.puzzle().name << " order " << to_string(o) << " size " << size);
        CHECK(whole.finished());
        CHECK(once.gain >= 0);
        CHECK(stepped == at_once);  // the same blocks refilled in the same order
        CHECK(sum.nodes == once.nodes);
        CHECK(sum.gain == once.gain);
        const auto chk = check_board(m, at_once);
        REQUIRE(chk.ok);
        REQUIRE(at_once.complete());
        CHECK(chk.score == score(m, start) + once.gain);
        for (int c = 0; c < m.cell_count(); ++c)
          if (m.hint_candidate(c) >= 0)
            CHECK(at_once.cells[static_cast<std::size_t>(c)] == m.hint_candidate(c));
        // the end: no block holding a mismatch has a better refill (brute force over 2 x 2 blocks)
        for (const auto& block : mismatch_blocks(m, at_once, size)) {
          Board again = at_once;
          CHECK(refill_window(m, again, block, 0).gain == 0);
          if (size > 2) continue;
          Board partial = at_once;
          for (int c : block)
            if (m.hint_candidate(c) < 0) partial.cells[static_cast<std::size_t>(c)] = -1;
          CHECK(count_joins(m, partial).mismatched + fewest_added(m, partial) == chk.mismatches);
        }
        gained += once.gain > 0 ? 1 : 0;
        split += steps > 1 ? 1 : 0;
      }
  }
  CHECK(gained > 0);
  CHECK(split > 0);  // the step budget spread the work
  const Model m = varied_model(1);
  const std::vector<Board> some = sampled_boards(m, 1, 1);
  REQUIRE(some.size() == 1);
  Board b = some.front();
  const Board before = b;
  BlockRepair off;  // the default: off
  CHECK_FALSE(off.on());
  CHECK(off.step(m, b).nodes == 0);
  CHECK(b == before);
}
