// Typed trail with stamps: state saved at most once per level, restored on backtrack.
// After MiniCP's StateManager (Michel, Schaus, Van Hentenryck, "MiniCP: a lightweight solver for constraint
// programming", 2021) and OR-tools' RevRepository.
#pragma once

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace edgecp {

class Trail;

/// Something that keeps its own undo stack and is told when levels are pushed and popped.
class TrailClient {
 public:
  virtual ~TrailClient() = default;
  virtual void on_push() = 0;  ///< remember the current undo-stack height
  virtual void on_pop() = 0;   ///< undo down to the height remembered by the matching on_push
};

/// The backtracking levels. Clients register once; push/pop cost O(number of clients).
/// `magic()` changes at every push and pop: a client entry stamped with the current magic has been saved
/// already at this level, so it is not saved again.
class Trail {
 public:
  Trail() = default;
  Trail(const Trail&) = delete;
  Trail& operator=(const Trail&) = delete;

  void attach(TrailClient* client) { clients_.push_back(client); }
  void detach(TrailClient* client) { std::erase(clients_, client); }

  void push_level() {
    ++level_;
    ++magic_;
    for (auto* c : clients_) c->on_push();
  }
  void pop_level() {
    assert(level_ > 0);
    --level_;
    ++magic_;
    for (auto* c : clients_) c->on_pop();
  }
  /// Pops until level() == target.
  void pop_to(int target) {
    while (level_ > target) pop_level();
  }

  int level() const { return level_; }
  std::uint64_t magic() const { return magic_; }

 private:
  std::vector<TrailClient*> clients_;
  int level_ = 0;
  std::uint64_t magic_ = 1;
};

/// An array of T whose writes are undone on backtrack. Each element is saved at most once per level
/// (stamp == trail magic), so the undo stack holds at most one entry per element per level.
template <class T>
class TrailedArray final : public TrailClient {
 public:
  TrailedArray(Trail& trail, std::size_t n, T init = T{}) : trail_(&trail), data_(n, init), stamp_(n, 0) {
    trail_->attach(this);
    // A client attached below the current level still needs one mark per open level.
    marks_.assign(static_cast<std::size_t>(trail_->level()), 0);
  }
  ~TrailedArray() override { trail_->detach(this); }
  TrailedArray(const TrailedArray&) = delete;
  TrailedArray& operator=(const TrailedArray&) = delete;

  std::size_t size() const { return data_.size(); }
  const T& operator[](std::size_t i) const { return data_[i]; }
  const T* data() const { return data_.data(); }

  void set(std::size_t i, const T& v) {
    save(i);
    data_[i] = v;
  }
  /// Mutable access: saves the element first.
  T& mutate(std::size_t i) {
    save(i);
    return data_[i];
  }
  /// Writes without trailing: only for values that are not part of the search state (e.g. setup).
  void set_untrailed(std::size_t i, const T& v) { data_[i] = v; }

  void on_push() override { marks_.push_back(undo_.size()); }
  void on_pop() override {
    const std::size_t mark = marks_.back();
    marks_.pop_back();
    while (undo_.size() > mark) {
      auto& [i, old] = undo_.back();
      data_[i] = std::move(old);
      undo_.pop_back();
    }
  }
  /// Number of saved entries (tests check the once-per-level property with it).
  std::size_t undo_size() const { return undo_.size(); }

 private:
  void save(std::size_t i) {
    if (trail_->level() == 0 || stamp_[i] == trail_->magic()) return;
    stamp_[i] = trail_->magic();
    undo_.emplace_back(i, data_[i]);
  }

  Trail* trail_;
  std::vector<T> data_;
  std::vector<std::uint64_t> stamp_;             // stamp_[i] == magic <=> data_[i] saved at this level
  std::vector<std::pair<std::size_t, T>> undo_;  // (index, value before the first write at its level)
  std::vector<std::size_t> marks_;               // undo_.size() at each push
};

/// A single trailed value.
template <class T>
class Trailed {
 public:
  Trailed(Trail& trail, T init = T{}) : v_(trail, 1, init) {}
  const T& get() const { return v_[0]; }
  operator const T&() const { return v_[0]; }
  void set(const T& v) { v_.set(0, v); }

 private:
  TrailedArray<T> v_;
};

}  // namespace edgecp
