// gecode_compare: the same puzzle modelled in Gecode the way a Gecode user would, counting all solutions or
// finding the first, one thread, for side-by-side comparison with edgecp (docs/results.md).
//
// Model: per cell a candidate variable (over edgecp's candidate ids allowed there), a piece variable and its
// four side colours, linked by one extensional constraint per cell; the colour variables of a join are shared
// by its two cells (grey outside is a constant); distinct over the pieces with domain consistency (IPL_DOM).
// Branching: candidate variables in reading order, smallest value first.
#include <gecode/int.hh>
#include <gecode/minimodel.hh>
#include <gecode/search.hh>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <edgecp/edgecp.hpp>
#include <string>

namespace {

class EdgeSpace : public Gecode::Space {
 public:
  EdgeSpace(const edgecp::Model& m, bool fix_corner)
      : cand_(*this, m.cell_count()), piece_(*this, m.cell_count(), 0, m.piece_count() - 1) {
    using namespace Gecode;
    const auto& g = m.geometry();
    const int colours = m.colour_count();
    // join colour variables: right joins, then down joins; grey outside
    IntVarArray right(*this, g.cell_count(), 0, colours - 1), down(*this, g.cell_count(), 0, colours - 1);
    IntVar outside(*this, 0, 0);
    TupleSet tuples(6);
    for (int id = 0; id < m.candidate_count(); ++id)
      tuples.add(
          IntArgs{id, m.piece_of(id), m.colour(id, 0), m.colour(id, 1), m.colour(id, 2), m.colour(id, 3)});
    tuples.finalize();
    int first_corner = -1;
    for (int p = 0; p < m.piece_count() && first_corner < 0; ++p)
      if (edgecp::grey_count(m.puzzle().pieces[static_cast<std::size_t>(p)]) == 2) first_corner = p;
    for (int c = 0; c < g.cell_count(); ++c) {
      IntArgs allowed;
      for (int id = 0; id < m.candidate_count(); ++id)
        if (edgecp::Model::test(m.static_domain(c), id) &&
            !(fix_corner && c == 0 && m.piece_of(id) != first_corner))
          allowed << id;
      cand_[c] = IntVar(*this, IntSet(allowed));
      const int up_n = g.neighbour(c, edgecp::up), left_n = g.neighbour(c, edgecp::left);
      IntVar up = up_n < 0 ? outside : down[up_n];
      IntVar lf = left_n < 0 ? outside : right[left_n];
      IntVar rt = g.neighbour(c, edgecp::right) < 0 ? outside : right[c];
      IntVar dn = g.neighbour(c, edgecp::down) < 0 ? outside : down[c];
      extensional(*this, IntVarArgs{cand_[c], piece_[c], up, rt, dn, lf}, tuples);
    }
    distinct(*this, piece_, IPL_DOM);
    branch(*this, cand_, INT_VAR_NONE(), INT_VAL_MIN());
  }
  EdgeSpace(EdgeSpace& s) : Gecode::Space(s) {
    cand_.update(*this, s.cand_);
    piece_.update(*this, s.piece_);
  }
  Gecode::Space* copy() override { return new EdgeSpace(*this); }

 private:
  Gecode::IntVarArray cand_;
  Gecode::IntVarArray piece_;
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: gecode_compare PUZZLE [--first] [--fix-corner]\n");
    return 2;
  }
  bool first = false, fix_corner = false;
  for (int i = 2; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--first"))
      first = true;
    else if (!std::strcmp(argv[i], "--fix-corner"))
      fix_corner = true;
    else {
      std::fprintf(stderr, "gecode_compare: unknown option '%s'\n", argv[i]);
      return 2;
    }
  }
  try {
    const edgecp::Model m(edgecp::read_puzzle(argv[1]));
    const auto t0 = std::chrono::steady_clock::now();
    auto* root = new EdgeSpace(m, fix_corner);
    Gecode::Search::Options opt;
    opt.threads = 1;
    Gecode::DFS<EdgeSpace> engine(root, opt);
    delete root;
    unsigned long long solutions = 0;
    while (EdgeSpace* s = engine.next()) {
      ++solutions;
      delete s;
      if (first) break;
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const auto st = engine.statistics();
    std::printf(
        "{\"solver\":\"gecode\",\"puzzle\":\"%s\",\"mode\":\"%s\",\"solutions\":%llu,\"nodes\":%lu,"
        "\"failures\":%lu,\"seconds\":%.6f}\n",
        argv[1], first ? "first" : "count", solutions, static_cast<unsigned long>(st.node),
        static_cast<unsigned long>(st.fail), seconds);
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "gecode_compare: %s\n", e.what());
    return 2;
  }
}
