// DomainStore: cells x candidates with trail-based backtracking and per-subscriber change tracking.
#pragma once

#include <atomic>
#include <chrono>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "edgecp/core/bit_domain.hpp"
#include "edgecp/core/trail.hpp"

namespace edgecp {

/// The domain representation a DomainStore is templated on.
template <class D>
concept DomainType = std::regular<D> && requires(D d, const D& cd, std::size_t v) {
  { D::capacity } -> std::convertible_to<std::size_t>;
  { cd.contains(v) } -> std::convertible_to<bool>;
  { cd.size() } -> std::convertible_to<std::size_t>;
  { cd.empty() } -> std::convertible_to<bool>;
  { cd.is_singleton() } -> std::convertible_to<bool>;
  { cd.first() } -> std::convertible_to<std::size_t>;
  d.erase(v);
  d.insert(v);
  d &= cd;
  d.subtract(cd);
};

/// Variables (cells) with domains over values (candidates).
///
/// Trailed state: every domain (saved at most once per level, by stamp: whole, or by 64-bit word for bitsets
/// of 32 words or more, see TrailedDomains), the change log's length and
/// the number of assigned cells (domains of one value), which depth gates read in O(1).
/// Change tracking: every operation that shrinks a domain appends the cell to a change log. A subscriber
/// (a propagator) owns a trailed cursor into that log: `changes_since(sub)` are the cells changed since the
/// subscriber last called `consume(sub)`. On backtrack the log and the cursors return to their values at the
/// push, so a subscriber never misses nor replays a change. The log starts with every cell once, so a fresh
/// subscriber's first run sees the whole board.
template <DomainType Domain>
class DomainStore {
 public:
  using domain_type = Domain;

  DomainStore(std::size_t cells, std::size_t values)
      : values_(values), domains_(trail_, cells, Domain{}), counts_(trail_, Counts{}) {
    if (values > Domain::capacity)
      throw std::invalid_argument("DomainStore: " + std::to_string(values) +
                                  " values exceed the domain capacity " + std::to_string(Domain::capacity));
    for (std::size_t c = 0; c < cells; ++c) log_cell(c);
  }
  DomainStore(const DomainStore&) = delete;
  DomainStore& operator=(const DomainStore&) = delete;

  std::size_t cell_count() const { return domains_.size(); }
  std::size_t value_count() const { return values_; }
  Trail& trail() { return trail_; }
  int level() const { return trail_.level(); }
  void push_level() { trail_.push_level(); }
  void pop_level() { trail_.pop_level(); }
  void pop_to(int level) { trail_.pop_to(level); }

  const Domain& domain(std::size_t c) const { return domains_[c]; }
  bool contains(std::size_t c, std::size_t v) const { return domains_[c].contains(v); }
  std::size_t size(std::size_t c) const { return domains_[c].size(); }
  bool empty(std::size_t c) const { return domains_[c].empty(); }
  bool is_assigned(std::size_t c) const { return domains_[c].is_singleton(); }
  /// The value of an assigned cell.
  std::size_t value(std::size_t c) const { return domains_[c].first(); }
  template <class F>
  void for_each(std::size_t c, F&& f) const {
    domains_[c].for_each(std::forward<F>(f));
  }

  /// Setup only (level 0): replace a domain outright; logged as a change.
  void set_domain(std::size_t c, const Domain& d) {
    if (domains_[c] == d) return;
    const bool was_assigned = domains_[c].is_singleton();
    domains_.set(c, d);
    log_cell(c, was_assigned, d.is_singleton());
  }

  /// Removes v; returns true when the domain changed. The caller checks empty() for failure.
  bool remove(std::size_t c, std::size_t v) {
    if (!domains_[c].contains(v)) return false;
    domains_.update(c, [v](Domain& d) { d.erase(v); });
    log_cell(c, domains_[c].empty(), domains_[c].is_singleton());  // {v} -> {} was assigned
    ++deleted_;
    return true;
  }
  /// Domain := domain & mask; returns true when it changed.
  bool intersect(std::size_t c, const Domain& mask) {
    const Domain& d = domains_[c];
    if (d.is_subset_of(mask)) return false;
    const std::size_t before = d.size();
    domains_.update(c, [&mask](Domain& x) { x &= mask; });
    return shrunk(c, before);
  }
  /// Domain := domain \ mask; returns true when it changed.
  bool subtract(std::size_t c, const Domain& mask) {
    if (!domains_[c].intersects(mask)) return false;
    const std::size_t before = domains_[c].size();
    domains_.update(c, [&mask](Domain& x) { x.subtract(mask); });
    return shrunk(c, before);
  }
  /// Domain := {v} if v is in it, else empty. Returns true when the domain changed.
  bool assign(std::size_t c, std::size_t v) {
    const Domain& d = domains_[c];
    const bool had = d.contains(v);
    if (had && d.is_singleton()) return false;
    const std::size_t before = d.size();
    domains_.update(c, [&](Domain& x) {
      x.clear();
      if (had) x.insert(v);
    });
    return shrunk(c, before);
  }

  /// Cells whose domain holds exactly one value (trailed; O(1)).
  std::size_t assigned_count() const { return counts_.get().assigned; }

  /// Values removed by remove/intersect/subtract/assign since construction (not trailed: a work counter).
  std::uint64_t deleted() const { return deleted_; }

  // ---- change tracking ----
  /// Registers a subscriber; its cursor starts at 0, so its first run sees every cell.
  std::size_t subscribe() {
    if (trail_.level() != 0) throw std::logic_error("DomainStore::subscribe: only at level 0");
    cursors_.push_back(std::make_unique<Trailed<std::size_t>>(trail_, 0));
    return cursors_.size() - 1;
  }
  /// Total number of change events so far on this branch: a cheap "did anything change" witness.
  std::size_t log_size() const { return counts_.get().log_size; }
  std::size_t cursor(std::size_t sub) const { return cursors_[sub]->get(); }
  /// The cell of change event i (i < log_size()).
  std::size_t logged_cell(std::size_t i) const { return log_[i]; }
  /// Marks every event so far as seen by the subscriber.
  void consume(std::size_t sub) { cursors_[sub]->set(log_size()); }

  // ---- interruption ----
  using clock = std::chrono::steady_clock;
  /// A way out of a long propagation (one AC-3 fixpoint on a board of a thousand cells takes seconds): once
  /// `*stop` is set or the steady clock passes `deadline`, interrupt_requested() is true, and interrupted()
  /// stays true until the next set_interrupt. Propagators that can run long poll it every few hundred steps
  /// and give up with a failure; the driver then ends its search with the status limit, so a failure that
  /// came from an interruption never stands as a refutation.
  void set_interrupt(const std::atomic<bool>* stop, clock::time_point deadline = clock::time_point::max()) {
    stop_ = stop;
    deadline_ = deadline;
    interrupted_ = false;
  }
  /// Polls the stop flag and the clock (a clock read: call it every few hundred steps, not every one).
  bool interrupt_requested() {
    if (!interrupted_ && ((stop_ && stop_->load(std::memory_order_relaxed)) ||
                          (deadline_ != clock::time_point::max() && clock::now() >= deadline_)))
      interrupted_ = true;
    return interrupted_;
  }
  bool interrupted() const { return interrupted_; }

 private:
  struct Counts {
    std::size_t log_size = 0;  // log_[0 .. log_size) are the events on this branch
    std::size_t assigned = 0;  // cells whose domain is a singleton
  };

  /// Bookkeeping after a domain of `before` values shrank.
  bool shrunk(std::size_t c, std::size_t before) {
    const std::size_t after = domains_[c].size();
    deleted_ += before - after;
    log_cell(c, before == 1, after == 1);
    return true;
  }
  void log_cell(std::size_t c, bool was_assigned = false, bool now_assigned = false) {
    Counts k = counts_.get();
    if (log_.size() <= k.log_size) log_.resize(k.log_size + 1);
    log_[k.log_size++] = static_cast<std::uint32_t>(c);
    if (was_assigned != now_assigned) k.assigned = now_assigned ? k.assigned + 1 : k.assigned - 1;
    counts_.set(k);
  }

  std::size_t values_;
  std::uint64_t deleted_ = 0;
  Trail trail_;
  TrailedDomains<Domain> domains_;  // saved by word for wide bitsets
  Trailed<Counts> counts_;
  std::vector<std::uint32_t> log_;  // entries past counts_.log_size are stale (undone)
  std::vector<std::unique_ptr<Trailed<std::size_t>>> cursors_;  // *cursors_[s] <= log_size(): events before
                                                                // it are seen by subscriber s
  // untrailed: the interruption (set_interrupt); interrupted_ => stop_ was set or deadline_ passed
  const std::atomic<bool>* stop_ = nullptr;
  clock::time_point deadline_ = clock::time_point::max();
  bool interrupted_ = false;
};

}  // namespace edgecp
