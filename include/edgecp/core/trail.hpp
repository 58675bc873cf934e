// Typed trail with stamps: state saved at most once per level, restored on backtrack.
// After MiniCP's StateManager (Michel, Schaus, Van Hentenryck, "MiniCP: a lightweight solver for constraint
// programming", 2021) and OR-tools' RevRepository.
#pragma once

#include <cassert>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <type_traits>
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

/// A typed undo stack cut into levels: the entries saved since each push, undone in reverse on the pop.
template <class Entry>
class UndoLog {
 public:
  /// A log created while `open` levels are already pushed still needs one mark per open level.
  explicit UndoLog(int open = 0) : marks_(static_cast<std::size_t>(open), 0) {}
  void push_level() { marks_.push_back(entries_.size()); }
  /// Undoes the entries of the last level, newest first.
  template <class Restore>
  void pop_level(Restore&& restore) {
    const std::size_t mark = marks_.back();
    marks_.pop_back();
    while (entries_.size() > mark) {
      restore(entries_.back());
      entries_.pop_back();
    }
  }
  void save(Entry e) { entries_.push_back(std::move(e)); }
  std::size_t size() const { return entries_.size(); }

 private:
  std::vector<Entry> entries_;
  std::vector<std::size_t> marks_;  // entries_.size() at each push
};

/// An array of T whose writes are undone on backtrack. Each element is saved at most once per level
/// (stamp == trail magic), so the undo stack holds at most one entry per element per level.
template <class T>
class TrailedArray final : public TrailClient {
 public:
  TrailedArray(Trail& trail, std::size_t n, T init = T{})
      : trail_(&trail), data_(n, init), stamp_(n, 0), undo_(trail.level()) {
    trail_->attach(this);
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
  /// Applies f(T&) to element i (saved first).
  template <class F>
  void update(std::size_t i, F&& f) {
    f(mutate(i));
  }

  void on_push() override { undo_.push_level(); }
  void on_pop() override {
    undo_.pop_level([&](std::pair<std::size_t, T>& e) { data_[e.first] = std::move(e.second); });
  }
  /// Number of saved entries (tests check the once-per-level property with it).
  std::size_t undo_size() const { return undo_.size(); }

 private:
  void save(std::size_t i) {
    if (trail_->level() == 0 || stamp_[i] == trail_->magic()) return;
    stamp_[i] = trail_->magic();
    undo_.save({i, data_[i]});
  }

  Trail* trail_;
  std::vector<T> data_;
  std::vector<std::uint64_t> stamp_;         // stamp_[i] == magic <=> data_[i] saved at this level
  UndoLog<std::pair<std::size_t, T>> undo_;  // (index, value before the first write at its level)
};

/// A bitset type made of 64-bit words (BitDomain).
template <class T>
concept WordBitset = requires(T t, const T& ct, std::size_t w) {
  { T::word_count } -> std::convertible_to<std::size_t>;
  { ct.word(w) } -> std::convertible_to<std::uint64_t>;
  { t.word(w) } -> std::same_as<std::uint64_t&>;
};

/// An array of word bitsets whose writes are undone on backtrack, saved one 64-bit word at a time: each word
/// is saved at most once per level (stamp per word), and only the words a write changes. Crossing a piece
/// off every cell then trails a word per cell, not a whole domain (512 bytes on a 64x16 board), so the trail
/// of a deep search stays small. Same interface as TrailedArray, but no mutable access: write with set() or
/// update().
template <WordBitset T>
class TrailedWordArray final : public TrailClient {
 public:
  TrailedWordArray(Trail& trail, std::size_t n, T init = T{})
      : trail_(&trail), data_(n, init), stamp_(n * T::word_count, 0), undo_(trail.level()) {
    trail_->attach(this);
  }
  ~TrailedWordArray() override { trail_->detach(this); }
  TrailedWordArray(const TrailedWordArray&) = delete;
  TrailedWordArray& operator=(const TrailedWordArray&) = delete;

  std::size_t size() const { return data_.size(); }
  const T& operator[](std::size_t i) const { return data_[i]; }

  /// Applies f(T&) to a copy of element i and writes it back, saving the words that change.
  template <class F>
  void update(std::size_t i, F&& f) {
    T v = data_[i];
    f(v);
    set(i, v);
  }
  /// data[i] := v, saving the words that change.
  void set(std::size_t i, const T& v) {
    T& d = data_[i];
    for (std::size_t w = 0; w < T::word_count; ++w) {
      if (d.word(w) == v.word(w)) continue;
      save(i, w);
      d.word(w) = v.word(w);
    }
  }

  void on_push() override { undo_.push_level(); }
  void on_pop() override {
    undo_.pop_level([&](const Saved& e) { data_[e.index].word(e.word) = e.old; });
  }
  /// Number of saved words (tests check the once-per-level property with it).
  std::size_t undo_size() const { return undo_.size(); }

 private:
  struct Saved {
    std::uint32_t index;
    std::uint32_t word;
    std::uint64_t old;
  };
  void save(std::size_t i, std::size_t w) {
    std::uint64_t& stamp = stamp_[i * T::word_count + w];
    if (trail_->level() == 0 || stamp == trail_->magic()) return;
    stamp = trail_->magic();
    undo_.save({static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(w), data_[i].word(w)});
  }

  Trail* trail_;
  std::vector<T> data_;
  std::vector<std::uint64_t> stamp_;  // stamp_[i * words + w] == magic <=> that word saved at this level
  UndoLog<Saved> undo_;               // (index, word, value before the first write at its level)
};

/// The trailed array for domains: word-granular for bitsets of 32 words or more (2048+ values, boards over
/// 512 cells, where whole domains make the trail of a deep search hundreds of MB), whole domains otherwise
/// (cheaper per write: on E2's 16-word domains forward checking ran 24% slower by word).
template <class T>
constexpr bool trail_by_word = [] {
  if constexpr (WordBitset<T>)
    return T::word_count >= 32;
  else
    return false;
}();
template <class T>
using TrailedDomains = std::conditional_t<trail_by_word<T>, TrailedWordArray<T>, TrailedArray<T>>;

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
