// Binary constraint networks for the coarse-grained arc-consistency algorithms (AC-3, AC-2001), and the
// edge-matching instance.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "edgecp/puzzle/model.hpp"

namespace edgecp {

/// A directed arc: revising it removes from x's domain the values with no compatible value in y's.
/// `tag` is the constraint's own label (for edge matching, the side of x that faces y).
struct Arc {
  int x = 0;
  int y = 0;
  int tag = 0;
};

/// A binary constraint network over a store's cells, given as arcs and a compatibility predicate.
template <class C>
concept BinaryConstraint = requires(const C& c, const Arc& arc, std::size_t a, std::size_t b) {
  { c.arcs() } -> std::convertible_to<std::vector<Arc>>;
  { c.compatible(arc, a, b) } -> std::convertible_to<bool>;
};

/// Edge matching: adjacent cells must show the same colour on the sides that face each other.
/// Piece uniqueness is not part of it (forward checking and the all-different filters handle pieces).
class EdgeMatching {
 public:
  explicit EdgeMatching(const Model& m) : model_(&m) {}
  std::vector<Arc> arcs() const {
    std::vector<Arc> out;
    const Geometry& g = model_->geometry();
    for (int c = 0; c < g.cell_count(); ++c)
      for (int s = 0; s < 4; ++s)
        if (const int n = g.neighbour(c, s); n >= 0) out.push_back({c, n, s});
    return out;
  }
  bool compatible(const Arc& arc, std::size_t a, std::size_t b) const {
    return model_->colour(static_cast<int>(a), arc.tag) ==
           model_->colour(static_cast<int>(b), opposite(arc.tag));
  }

 private:
  const Model* model_;
};

/// The AC-3 worklist shared by AC-3 and AC-2001 (scratch state: empty between calls).
class ArcQueue {
 public:
  ArcQueue(const std::vector<Arc>& arcs, std::size_t cells) : into_(cells), queued_(arcs.size(), 0) {
    for (std::size_t i = 0; i < arcs.size(); ++i)
      into_[static_cast<std::size_t>(arcs[i].y)].push_back(static_cast<int>(i));
    reverse_.assign(arcs.size(), -1);
    for (std::size_t i = 0; i < arcs.size(); ++i)
      for (int j : into_[static_cast<std::size_t>(arcs[i].x)])
        if (arcs[static_cast<std::size_t>(j)].x == arcs[i].y) reverse_[i] = j;
  }
  /// The arc (y, x) of arc (x, y), or -1.
  int reverse(int a) const { return reverse_[static_cast<std::size_t>(a)]; }
  /// Enqueue every arc whose revision depends on y's domain, except `skip`.
  void arcs_into(std::size_t y, int skip = -1) {
    for (int a : into_[y])
      if (a != skip && !queued_[static_cast<std::size_t>(a)]) {
        queued_[static_cast<std::size_t>(a)] = 1;
        queue_.push_back(a);
      }
  }
  bool empty() const { return head_ == queue_.size(); }
  int pop() {
    const int a = queue_[head_++];
    queued_[static_cast<std::size_t>(a)] = 0;
    if (head_ == queue_.size()) clear();
    return a;
  }
  void clear() {
    for (std::size_t i = head_; i < queue_.size(); ++i) queued_[static_cast<std::size_t>(queue_[i])] = 0;
    queue_.clear();
    head_ = 0;
  }

 private:
  std::vector<std::vector<int>> into_;  // into_[y] = arcs (x, y)
  std::vector<int> reverse_;            // reverse_[a] = the arc in the other direction, or -1
  std::vector<std::uint8_t> queued_;    // queued_[a] == 1 <=> a is in queue_[head_..)
  std::vector<int> queue_;
  std::size_t head_ = 0;
};

/// The AC-3 main loop shared by AC-3 and AC-2001: queue the arcs into every cell changed since the
/// subscriber's last run, then revise arcs until the queue is empty; an arc (x, y) whose revision shrinks x
/// requeues the arcs into x except (y, x). `revise(arc index)` returns true when it removed values.
/// Returns false on a wipe-out (the queue is left empty), and when the store's interruption fires (polled
/// every 256 revisions: DomainStore::set_interrupt; the driver then stops, so it refutes nothing).
template <class Store, class Revise>
bool run_arc_queue(Store& s, std::size_t sub, const std::vector<Arc>& arcs, ArcQueue& queue,
                   Revise&& revise) {
  for (std::size_t i = s.cursor(sub); i < s.log_size(); ++i) queue.arcs_into(s.logged_cell(i));
  for (unsigned steps = 1; !queue.empty(); ++steps) {
    if constexpr (requires { s.interrupt_requested(); })
      if ((steps & 255U) == 0 && s.interrupt_requested()) {
        queue.clear();
        return false;
      }
    const int ai = queue.pop();
    if (!revise(ai)) continue;
    const auto x = static_cast<std::size_t>(arcs[static_cast<std::size_t>(ai)].x);
    if (s.empty(x)) {
      queue.clear();
      return false;
    }
    queue.arcs_into(x, queue.reverse(ai));
  }
  s.consume(sub);
  return true;
}

}  // namespace edgecp
