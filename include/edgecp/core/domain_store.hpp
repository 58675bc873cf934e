// DomainStore: cells x candidates with trail-based backtracking and per-subscriber change tracking.
#pragma once

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
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
/// Trailed state: every domain (saved whole, at most once per level, by stamp) and the change log's length.
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
      : values_(values), domains_(trail_, cells, Domain{}), log_size_(trail_, 0) {
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
    domains_.set(c, d);
    log_cell(c);
  }

  /// Removes v; returns true when the domain changed. The caller checks empty() for failure.
  bool remove(std::size_t c, std::size_t v) {
    if (!domains_[c].contains(v)) return false;
    domains_.mutate(c).erase(v);
    log_cell(c);
    ++deleted_;
    return true;
  }
  /// Domain := domain & mask; returns true when it changed.
  bool intersect(std::size_t c, const Domain& mask) {
    const Domain& d = domains_[c];
    if (d.is_subset_of(mask)) return false;
    const std::size_t before = d.size();
    domains_.mutate(c) &= mask;
    deleted_ += before - domains_[c].size();
    log_cell(c);
    return true;
  }
  /// Domain := domain \ mask; returns true when it changed.
  bool subtract(std::size_t c, const Domain& mask) {
    if (!domains_[c].intersects(mask)) return false;
    const std::size_t before = domains_[c].size();
    domains_.mutate(c).subtract(mask);
    deleted_ += before - domains_[c].size();
    log_cell(c);
    return true;
  }
  /// Domain := {v} if v is in it, else empty. Returns true when the domain changed.
  bool assign(std::size_t c, std::size_t v) {
    const Domain& d = domains_[c];
    if (d.contains(v) && d.is_singleton()) return false;
    const bool had = d.contains(v);
    deleted_ += d.size() - (had ? 1 : 0);
    Domain& m = domains_.mutate(c);
    m.clear();
    if (had) m.insert(v);
    log_cell(c);
    return true;
  }

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
  std::size_t log_size() const { return log_size_.get(); }
  std::size_t cursor(std::size_t sub) const { return cursors_[sub]->get(); }
  /// The cell of change event i (i < log_size()).
  std::size_t logged_cell(std::size_t i) const { return log_[i]; }
  /// Marks every event so far as seen by the subscriber.
  void consume(std::size_t sub) { cursors_[sub]->set(log_size_.get()); }
  void consume_to(std::size_t sub, std::size_t pos) { cursors_[sub]->set(pos); }

 private:
  void log_cell(std::size_t c) {
    const std::size_t n = log_size_.get();
    if (log_.size() <= n) log_.resize(n + 1);
    log_[n] = static_cast<std::uint32_t>(c);
    log_size_.set(n + 1);
  }

  std::size_t values_;
  std::uint64_t deleted_ = 0;
  Trail trail_;
  TrailedArray<Domain> domains_;
  Trailed<std::size_t> log_size_;   // log_[0 .. log_size_) are the events on this branch
  std::vector<std::uint32_t> log_;  // entries past log_size_ are stale (undone)
  std::vector<std::unique_ptr<Trailed<std::size_t>>> cursors_;  // *cursors_[s] <= log_size_: events before it
                                                                // are seen by subscriber s
};

}  // namespace edgecp
