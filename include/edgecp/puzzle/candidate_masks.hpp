// The model's candidate bitsets converted once to a store's domain type, for the hot paths.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include "edgecp/puzzle/model.hpp"

namespace edgecp {

/// Constant tables: candidates showing a colour on a side, candidates of a piece, static domains.
template <class Domain>
class CandidateMasks {
 public:
  explicit CandidateMasks(const Model& m) : colours_(m.colour_count()) {
    if (static_cast<std::size_t>(m.candidate_count()) > Domain::capacity)
      throw std::invalid_argument("puzzle has " + std::to_string(m.candidate_count()) +
                                  " candidates, more than the domain capacity " +
                                  std::to_string(Domain::capacity));
    for (int s = 0; s < 4; ++s)
      for (int k = 0; k < colours_; ++k) showing_.push_back(Domain::from_words(m.showing(s, k)));
    for (int p = 0; p < m.piece_count(); ++p) piece_.push_back(Domain::from_words(m.piece_mask(p)));
    for (int c = 0; c < m.cell_count(); ++c) static_.push_back(Domain::from_words(m.static_domain(c)));
  }
  const Domain& showing(int side, int colour) const {
    return showing_[static_cast<std::size_t>(side * colours_ + colour)];
  }
  const Domain& piece(int p) const { return piece_[static_cast<std::size_t>(p)]; }
  const Domain& static_domain(int cell) const { return static_[static_cast<std::size_t>(cell)]; }
  int colour_count() const { return colours_; }

 private:
  int colours_;
  std::vector<Domain> showing_;  // [side * colours + colour]
  std::vector<Domain> piece_;
  std::vector<Domain> static_;
};

/// Loads the model's static domains into a store (level 0).
template <class Store>
void load_static_domains(Store& store, const Model& m) {
  using D = typename Store::domain_type;
  for (int c = 0; c < m.cell_count(); ++c)
    store.set_domain(static_cast<std::size_t>(c), D::from_words(m.static_domain(c)));
}

}  // namespace edgecp
