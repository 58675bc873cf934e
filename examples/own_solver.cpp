// Your own solver on edgecp's store: colour-indexed arc consistency plus the piece all-different,
// a depth-first search in reading order, counting solutions.
#include <edgecp/edgecp.hpp>
#include <iostream>

using namespace edgecp;
using Store = DomainStore<BitDomain<4>>;  // up to 256 candidates: boards up to 8x8

struct MySolver {
  const Model& model;
  Store store{static_cast<std::size_t>(model.cell_count()),
              static_cast<std::size_t>(model.candidate_count())};
  ArcConsistency<Store> ac{model, store};
  PieceAllDifferent<Store> alldiff{model, store};
  long solutions = 0;

  bool propagate() {  // both to a common fixpoint
    for (std::size_t seen = ~std::size_t{0}; seen != store.log_size();) {
      seen = store.log_size();
      if (ac.propagate(store) == Status::failed || alldiff.propagate(store) == Status::failed) return false;
    }
    return true;
  }
  void search(std::size_t cell) {
    if (cell == store.cell_count()) return void(++solutions);
    const auto domain = store.domain(cell);  // a copy: the store changes below
    domain.for_each([&](std::size_t candidate) {
      store.push_level();
      (void)store.assign(cell, candidate);
      if (propagate()) search(cell + 1);
      store.pop_level();
    });
  }
};

int main(int argc, char** argv) {
  const Puzzle puzzle = argc > 1 ? read_puzzle(argv[1]) : generate({5, 5, 2, 3, 1, false}).puzzle;
  const Model model(puzzle);
  MySolver s{model};
  load_static_domains(s.store, model);
  if (s.propagate()) s.search(0);
  std::cout << s.solutions << " solutions\n";
}
