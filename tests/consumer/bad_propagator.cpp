// Must not compile: the propagator cannot be built from (const Model&, Store&). The compiler's error names
// the DriverPropagator constraint (the test checks it does).
#include <edgecp/edgecp.hpp>

template <class Store>
struct NoConstructor {
  static constexpr bool strict = false;
  static constexpr std::string_view name = "bad";
  edgecp::Status propagate(Store&) { return edgecp::Status::ok; }
  const edgecp::PropagatorStats& stats() const { return stats_; }
  edgecp::PropagatorStats& stats() { return stats_; }
  edgecp::PropagatorStats stats_;
};

int main() {
  const edgecp::Model m(edgecp::generate({3, 3, 1, 2, 1, false}).puzzle);
  edgecp::Solver<edgecp::BitDomain<1>, NoConstructor> solver(m, {});
  return solver.run().solutions > 0 ? 0 : 1;
}
