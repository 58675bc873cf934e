// The search vocabulary both engines share: modes and stop reasons, the mismatch budget, the controls every
// run takes (limits, restarts, progress), the work-driven clock that applies them, the seeds of restarts and
// threads, the fill order, the keeper of the best board, and the result fields both engines report.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <string_view>
#include <utility>
#include <vector>

#include "edgecp/core/rng.hpp"
#include "edgecp/puzzle/board.hpp"
#include "edgecp/puzzle/model.hpp"
#include "edgecp/search/cell_order.hpp"
#include "edgecp/search/completion.hpp"

namespace edgecp {

enum class SearchMode { first, count, best };
enum class SearchStatus { solved, exhausted, limit };

inline std::string_view to_string(SearchMode m) {
  return m == SearchMode::first ? "first" : m == SearchMode::count ? "count" : "best";
}
inline std::string_view to_string(SearchStatus s) {
  return s == SearchStatus::solved ? "solved" : s == SearchStatus::exhausted ? "exhausted" : "limit";
}

/// Blackwood-style break indices. With indices i1 <= i2 <= ..., after the d-th placement of the fill order
/// (d counts placed pieces, hints excluded, from 1) the board may hold as many mismatched joins as there are
/// indices <= d. Joins between two frame cells must always match; grey always faces the outside.
class MismatchBudget {
 public:
  MismatchBudget() = default;
  explicit MismatchBudget(std::vector<int> indices) : indices_(std::move(indices)) {
    std::sort(indices_.begin(), indices_.end());
  }
  bool active() const { return !indices_.empty(); }
  /// Mismatches allowed once `placed` pieces are down.
  int allowed(int placed) const {
    return static_cast<int>(std::upper_bound(indices_.begin(), indices_.end(), placed) - indices_.begin());
  }
  int total() const { return static_cast<int>(indices_.size()); }
  const std::vector<int>& indices() const { return indices_; }

 private:
  std::vector<int> indices_;  // sorted
};

/// A snapshot for progress callbacks. One set of words for both engines: a placement is one node of the
/// search tree (a piece put on a cell); a solution is a complete board within the budget.
struct SearchProgress {
  double seconds = 0;
  std::uint64_t placements = 0;
  std::uint64_t solutions = 0;
  int deepest = 0;     ///< most pieces placed at once (hints excluded)
  int best_depth = 0;  ///< depth of the best partial board (best mode)
  int best_score = 0;  ///< the best complete board so far (best partial boards completed greedily), -1: none
  int restarts = 0;
};

/// The controls every search takes, whatever the engine.
struct SearchControl {
  std::uint64_t seed = 1;
  double time_limit = 0;            ///< seconds, 0 = none
  std::uint64_t node_limit = 0;     ///< placements, 0 = none (exact: no placement beyond it)
  std::uint64_t restart_nodes = 0;  ///< restart with the next seed after this many placements, 0 = never
  double progress_interval = 1.0;   ///< seconds between progress callbacks
  /// Best mode: placements between two greedy completions of the best partial board (0: the engine's own
  /// default). Counted in work, so a run under a node limit completes the same boards on any machine.
  std::uint64_t completion_every = 0;
  std::function<void(const SearchProgress&)> on_progress;
  const std::atomic<bool>* stop = nullptr;  ///< set by another thread (or a signal handler) to end early
  /// Best mode: called with every board kept as the new best (score verified by the checker, seconds into
  /// the run), from the searching thread, e.g. to checkpoint it.
  std::function<void(const Board&, int score, double seconds)> on_improvement;
  /// Best mode, scan engine: the best score known anywhere (other threads, other processes, a resumed
  /// checkpoint). Read at every clock read: from then on only boards that beat it are accepted (branch and
  /// bound across searches); raised when this search does better. Null: the search bounds itself alone.
  std::atomic<int>* shared_best = nullptr;

  /// Past the time limit at `seconds`, or stopped: what the engines ask before work after the search (the
  /// last completion's repairs), so that a run ends at its limit.
  bool out_of_time(double seconds) const {
    return (time_limit > 0 && seconds >= time_limit) || (stop && stop->load(std::memory_order_relaxed));
  }
};

/// The fields both engines report.
struct SearchResultCore {
  SearchStatus status = SearchStatus::exhausted;
  std::uint64_t placements = 0;  ///< nodes: pieces put on cells (one node = one placement)
  std::uint64_t solutions = 0;   ///< complete boards within the budget visited
  int deepest = 0;               ///< most pieces placed at once (hints excluded)
  int restarts = 0;
  double seconds = 0;
  std::vector<std::uint64_t> placements_by_depth;  ///< index = pieces placed after the placement
  Board board;     ///< first/count: the first solution; best: the best complete board
  int score = -1;  ///< of `board`, recomputed by check_board (-1 when there is no valid board)
  int mismatches = 0;
  bool board_verified = false;  ///< `board` is complete and passes check_board
  double best_found_at = 0;     ///< best mode: seconds into the run when `board` was found
  std::vector<std::pair<double, int>> score_history;  ///< best mode: (seconds, score) at each improvement
};

/// Fills the board fields of a result from the checker (never from the engine's own bookkeeping).
inline void verify_into(const Model& m, SearchResultCore& r) {
  if (r.board.cells.empty()) return;
  const BoardCheck chk = check_board(m, r.board);
  r.board_verified = chk.ok && chk.placed == m.cell_count();
  r.score = chk.ok ? chk.score : -1;
  r.mismatches = chk.mismatches;
}

/// The seed of the k-th restart of a run seeded `seed` (restart 0 is the run itself).
inline std::uint64_t restart_seed(std::uint64_t seed, int restart) {
  return seed + Rng::golden_gamma * static_cast<std::uint64_t>(restart);
}

/// The seed thread `index` runs with: thread 0 runs `seed` itself, so one thread is exactly one engine.
inline std::uint64_t thread_seed(std::uint64_t seed, int index) {
  constexpr std::uint64_t thread_spread = 0xD1B54A32D192ED03ULL;  // odd, far from golden_gamma
  if (index == 0) return seed;
  Rng r(seed ^ (thread_spread * static_cast<std::uint64_t>(index)));
  return r.next();
}

/// The seed rank `rank` of a distributed hunt (edgecp-mpi) runs with; its threads then take
/// thread_seed(rank_seed(seed, rank), i). Rank 0 runs `seed` itself, so that rank 0 alone is one process of
/// edgecp-solve; rank r > 0 takes thread_seed(seed, 1000 + r), which no thread of rank 0 uses while ranks
/// run at most 1000 threads each.
inline std::uint64_t rank_seed(std::uint64_t seed, int rank) {
  return rank == 0 ? seed : thread_seed(seed, 1000 + rank);
}

/// The cells a search places, in the static order, hint cells left out.
/// The lowest-numbered corner piece (two grey sides), the one fix_corner and the symmetry counts pin; -1 when
/// there is none.
inline int lowest_corner_piece(const Model& m) {
  for (int p = 0; p < m.piece_count(); ++p)
    if (grey_count(m.puzzle().pieces[static_cast<std::size_t>(p)]) == 2) return p;
  return -1;
}

/// The corner piece that fix_corner and the symmetry counts pin: `piece` (0-based) when it is >= 0, else the
/// lowest-numbered; -1 when the puzzle has no corner piece. Throws std::invalid_argument when `piece` is not
/// a corner piece of the puzzle. Any corner piece will do: every solution turned so that this piece is
/// top-left is a solution, so the counts agree; the trees differ (search/walk_plan.hpp).
inline int pinned_corner_piece(const Model& m, int piece) {
  if (piece < 0) return lowest_corner_piece(m);
  if (piece >= m.piece_count() || grey_count(m.puzzle().pieces[static_cast<std::size_t>(piece)]) != 2)
    throw std::invalid_argument("piece " + std::to_string(piece + 1) +
                                " is not a corner piece of this puzzle");
  return piece;
}

inline std::vector<int> fill_order(const Model& m, CellOrder order) {
  std::vector<int> out;
  for (int c : static_cell_order(m.geometry(), order))
    if (m.hint_candidate(c) < 0) out.push_back(c);
  return out;
}

/// Applies a SearchControl from the work done, so that a run under a node limit is the same on any
/// machine: the node limit, restarts and the greedy completions of the best partial board happen at exact
/// placement counts; only the time limit, the stop flag and progress callbacks depend on the clock.
///
/// The engine calls poll() once its placement count reaches next_poll(). The clock is read at placement
/// counts spaced so that reads come about every `clock_period` seconds whatever a placement costs (the
/// spacing doubles while reads come too often and halves while they come too late), so a time limit is
/// honoured within about that period even when one placement takes milliseconds.
class SearchClock {
 public:
  enum class Event { go_on, stop, restart };
  static constexpr double clock_period = 0.01;                ///< seconds between clock reads, aimed at
  static constexpr std::uint64_t max_read_spacing = 1 << 14;  ///< placements between reads, at most

  /// `completion_every`: placements between two greedy completions of the best partial board (0: never).
  SearchClock(const SearchControl& c, std::uint64_t completion_every)
      : control_(&c), completion_every_(completion_every) {}

  void start() {
    start_ = std::chrono::steady_clock::now();
    next_tick_ = control_->progress_interval;
    spacing_ = 1;
    last_read_ = 0;
    last_read_at_ = 0;
    restart_at_ = control_->restart_nodes ? control_->restart_nodes : never;
    complete_at_ = completion_every_ ? completion_every_ : never;
    read_at_ = 1;  // the first read after the first placement
    schedule();
  }
  double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

  /// The placement count at which poll() is due.
  std::uint64_t next_poll() const { return next_poll_; }

  /// What to do at `placements` (>= next_poll()). `complete()` is called when a completion is due,
  /// `snapshot(seconds)` builds the progress passed to the callback when a tick is due. After `restart`
  /// the engine restarts and calls restarted().
  template <class Complete, class Snapshot>
  Event poll(std::uint64_t placements, Complete&& complete, Snapshot&& snapshot) {
    Event ev = Event::go_on;
    if (control_->node_limit && placements >= control_->node_limit) ev = Event::stop;
    if (placements >= complete_at_) {
      complete();
      complete_at_ = placements + completion_every_;
    }
    if (ev == Event::go_on && placements >= read_at_) ev = read_clock(placements, snapshot);
    if (ev == Event::go_on && placements >= restart_at_) ev = Event::restart;
    schedule_from(placements);
    return ev;
  }
  /// A restart began at `placements`: the next one is due restart_nodes later.
  void restarted(std::uint64_t placements) {
    restart_at_ = control_->restart_nodes ? placements + control_->restart_nodes : never;
    schedule_from(placements);
  }

 private:
  static constexpr std::uint64_t never = ~std::uint64_t{0};

  template <class Snapshot>
  Event read_clock(std::uint64_t placements, Snapshot&& snapshot) {
    const double t = elapsed();
    const double dt = t - last_read_;
    if (placements > last_read_at_) {  // adapt the spacing to the cost of a placement
      if (dt < clock_period / 2 && spacing_ < max_read_spacing) spacing_ *= 2;
      if (dt > clock_period * 2 && spacing_ > 1) spacing_ /= 2;
    }
    last_read_ = t;
    last_read_at_ = placements;
    read_at_ = placements + spacing_;
    if (control_->stop && control_->stop->load(std::memory_order_relaxed)) return Event::stop;
    if (control_->time_limit > 0 && t >= control_->time_limit) return Event::stop;
    if (t >= next_tick_) {
      next_tick_ = t + control_->progress_interval;
      if (control_->on_progress) control_->on_progress(snapshot(t));
    }
    return Event::go_on;
  }
  void schedule_from(std::uint64_t placements) {
    if (read_at_ <= placements) read_at_ = placements + spacing_;
    schedule();
  }
  void schedule() {
    next_poll_ =
        std::min({read_at_, restart_at_, complete_at_, control_->node_limit ? control_->node_limit : never});
  }

  const SearchControl* control_;
  std::uint64_t completion_every_;
  std::chrono::steady_clock::time_point start_;
  double next_tick_ = 0;
  double last_read_ = 0;            // seconds at the last clock read
  std::uint64_t last_read_at_ = 0;  // placements at the last clock read
  std::uint64_t spacing_ = 1;       // placements between clock reads
  std::uint64_t read_at_ = 0, restart_at_ = never, complete_at_ = never, next_poll_ = 0;
};

/// The repair of greedy completions (repair_tail): windows at the end of the fill order, from the partial
/// board's empty cells (at least `step`) growing by `step` cells to at most `max_window`, each refilled by
/// branch and bound within `nodes` placements; the windows stop growing at the first search cut short.
struct TailRepair {
  std::uint64_t nodes = 0;  ///< placements per window; 0: off (greedy completion only)
  int step = 4;
  int max_window = 32;  ///< partial boards with more empty cells are only completed greedily
};

/// Keeps the best board of a best-mode search: complete boards offered by the engine, and the best partial
/// board (deepest, then fewest mismatches), completed greedily when the engine asks (once per new partial).
/// With begin_walk(slack), each walk (restart) keeps its own best partial board from `slack` placements above
/// the deepest of all, and has it completed too: where no walk completes a board, walks end at about the same
/// depth and their tails differ by several joins, so one completion per walk samples what only the deepest
/// board's did (docs/journal.md section 40).
/// With `improve`, boards that come close to the best are hill-climbed first (improve_by_swaps): the kept
/// board then scores at least as much as the board it came from. With `repair`, the greedy completion of a
/// partial board is hill-climbed (with `improve`) and the end of its fill order refilled (TailRepair) before
/// it is offered. With `blocks`, the kept board is refilled around its mismatches a step at a time
/// (BlockRepair, repair_best()). Every kept board passes check_board.
class BestBoardKeeper {
 public:
  /// Hill climbing gains a few joins: only boards within this many joins of the best are worth its cost.
  static constexpr int improve_margin = 8;

  /// `notify` (may be null or empty) is called with every new best board.
  BestBoardKeeper(const Model& m, std::vector<int> fill_order, bool improve,
                  const std::function<void(const Board&, int, double)>* notify = nullptr,
                  TailRepair repair = {}, BlockRepair blocks = {})
      : model_(&m),
        order_(std::move(fill_order)),
        improve_(improve),
        notify_(notify),
        repair_(repair),
        blocks_(std::move(blocks)) {}

  /// Would a partial board of `depth` placements with `mismatches` replace the kept one?
  bool better_partial(int depth, int mismatches) const {
    return depth >= partial_floor_ &&
           (depth > partial_depth_ || (depth == partial_depth_ && mismatches < partial_mismatches_));
  }
  void record_partial(int depth, int mismatches, Board b) {
    partial_depth_ = depth;
    partial_mismatches_ = mismatches;
    partial_ = std::move(b);
    partial_completed_ = false;
    if (depth > deepest_partial_ || (depth == deepest_partial_ && mismatches < deepest_mismatches_)) {
      deepest_partial_ = depth;
      deepest_mismatches_ = mismatches;
    }
  }
  /// The deepest partial board kept so far, of any walk (-1: none).
  int partial_depth() const { return deepest_partial_; }

  /// A new walk begins: the last walk's best partial board is completed (unless it was), and from now on a
  /// partial board is kept when it lies at most `slack` placements above the deepest of all and beats this
  /// walk's earlier ones; `slack` 0: only boards that beat the deepest of all, as without walks.
  void begin_walk(int slack, double seconds) {
    complete_partial(seconds);
    partial_completed_ = true;
    if (slack > 0) {
      partial_floor_ = std::max(deepest_partial_ - slack, 0);
      partial_depth_ = -1;
      partial_mismatches_ = 0;
    } else {
      partial_floor_ = 0;
      partial_depth_ = deepest_partial_;
      partial_mismatches_ = deepest_mismatches_;
    }
  }
  /// Partial boards completed so far (complete_partial calls that completed one).
  std::uint64_t completions() const { return completions_; }

  /// Completes the best partial board greedily and offers it, unless that was done already; with `repair`
  /// false, without the hill climbing and the tail repair (the last completion of a run past its time
  /// limit or stopped: they take up to a second). Nothing once the kept board is perfect.
  void complete_partial(double seconds, bool repair = true) {
    if (partial_completed_ || partial_depth_ < 0) return;
    if (best_score_ == model_->geometry().inner_join_count()) return;  // solved: nothing left to gain
    partial_completed_ = true;
    ++completions_;
    Board b = complete_greedy(*model_, partial_, order_);
    const int empty = model_->cell_count() - partial_.placed();
    if (repair && repair_.nodes && empty <= repair_.max_window) {
      if (improve_) improve_by_swaps(*model_, b);
      const RepairStats st = repair_tail(*model_, b, order_, std::max(empty, repair_.step), repair_.step,
                                         repair_.max_window, repair_.nodes);
      repaired_.nodes += st.nodes;
      repaired_.gain += st.gain;
    }
    offer(std::move(b), seconds);
  }
  /// What the tail repairs did so far (nodes and gains summed; `proven` is not kept).
  const RepairStats& repaired() const { return repaired_; }
  /// A complete board: kept when it (improved, if asked) beats the best so far.
  void offer(Board b, double seconds) {
    if (improve_ && score(*model_, b) + improve_margin > best_score_) improve_by_swaps(*model_, b);
    if (const int sc = score(*model_, b); sc > best_score_) {
      best_ = std::move(b);
      blocks_.restart();
      record_best(sc, seconds);
    }
  }
  /// One step of the block repair of the kept board (nothing once it is finished for this board); a gain
  /// keeps the better board.
  void repair_best(double seconds) {
    if (!blocks_.on() || best_score_ < 0 || blocks_.finished()) return;
    const RepairStats st = blocks_.step(*model_, best_);
    block_repaired_.nodes += st.nodes;
    block_repaired_.gain += st.gain;
    if (st.gain > 0) record_best(score(*model_, best_), seconds);
  }
  /// What the block repairs did so far (nodes and gains summed; `proven` is not kept).
  const RepairStats& block_repaired() const { return block_repaired_; }
  int best_score() const { return best_score_; }
  const Board& best() const { return best_; }

  /// The kept board into a result, verified by the checker.
  void report(SearchResultCore& r) const {
    if (best_score_ < 0) return;
    r.board = best_;
    r.best_found_at = found_at_;
    r.score_history = history_;
    verify_into(*model_, r);
  }

 private:
  /// best_ (scoring `sc`) is the new best board.
  void record_best(int sc, double seconds) {
    best_score_ = sc;
    found_at_ = seconds;
    history_.emplace_back(seconds, sc);
    if (notify_ && *notify_ && check_board(*model_, best_).ok) (*notify_)(best_, sc, seconds);
  }

  const Model* model_;
  std::vector<int> order_;  // completion order
  bool improve_;
  const std::function<void(const Board&, int, double)>* notify_;
  TailRepair repair_;
  RepairStats repaired_;
  BlockRepair blocks_;  // of best_: restarted with every new board kept from offer()
  RepairStats block_repaired_;
  // The kept partial board: partial_ (partial_depth_ placements, partial_mismatches_), the best of this walk
  // at depth >= partial_floor_; deepest_partial_ >= partial_depth_ (-1: none yet), deepest_mismatches_ the
  // fewest mismatches of a board kept at that depth. Without begin_walk(slack > 0) the two are the same
  // board.
  int partial_depth_ = -1, partial_mismatches_ = 0;
  int partial_floor_ = 0;
  int deepest_partial_ = -1, deepest_mismatches_ = 0;
  Board partial_;
  bool partial_completed_ = true;  // partial_ has been offered already
  std::uint64_t completions_ = 0;
  int best_score_ = -1;
  Board best_;
  double found_at_ = 0;
  std::vector<std::pair<double, int>> history_;
};

}  // namespace edgecp
