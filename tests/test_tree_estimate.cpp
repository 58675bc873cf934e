#include "edgecp/search/tree_estimate.hpp"

#include <atomic>
#include <catch2/catch.hpp>
#include <cmath>

using namespace edgecp;

TEST_CASE("TreeEstimator: means, standard errors and depths of the probes", "[tree_estimate]") {
  TreeEstimator est(4);
  // probe 1: a root node with 3 placements, 2 of them successful; one child node with 1 placement, a solution
  est.node(0, 3, 1.0);
  est.node(1, 1, 2.0);
  est.solution(2.0);
  est.end_probe(4);
  // probe 2: the root again, the other child with 2 placements, a dead end
  est.node(0, 3, 1.0);
  est.node(1, 2, 2.0);
  est.end_probe(4);
  const TreeEstimate e = est.finish(1.5, 4);
  REQUIRE(e.probes == 2);
  REQUIRE(e.probes_solved == 1);                         // probe 1 reached a complete board
  REQUIRE(e.nodes == Approx((5.0 + 7.0) / 2));           // probe sums 3 + 2x1 and 3 + 2x2
  REQUIRE(e.nodes_error == Approx(std::sqrt(2.0 / 2)));  // sample variance of {5, 7} is 2
  REQUIRE(e.solutions == Approx((8.0 + 0.0) / 2));       // weight 2 times the factor 4
  REQUIRE(e.solutions_error == Approx(std::sqrt(32.0 / 2)));
  REQUIRE(e.nodes_by_depth.size() == 4);
  REQUIRE(e.nodes_by_depth[1] == Approx(3.0));
  REQUIRE(e.nodes_by_depth[2] == Approx(3.0));
  REQUIRE(e.nodes_by_depth[0] == 0);
  REQUIRE(e.propagations == 9);
  REQUIRE(e.symmetry_factor == 4);
  REQUIRE(e.seconds == 1.5);
}

TEST_CASE("TreeEstimator: no probe, one probe", "[tree_estimate]") {
  REQUIRE(TreeEstimator(3).finish(0, 1).nodes == 0);
  TreeEstimator one(3);
  one.node(0, 5, 1.0);
  one.end_probe();
  const TreeEstimate e = one.finish(0, 1);
  REQUIRE(e.nodes == 5);
  REQUIRE(e.nodes_error == 0);  // undefined from one probe: reported as 0
  REQUIRE(e.probes_solved == 0);
}

TEST_CASE("estimate_interrupted: the stop flag and the time limit", "[tree_estimate]") {
  SearchControl c;
  REQUIRE_FALSE(estimate_interrupted(c, 1e9));
  c.time_limit = 2;
  REQUIRE_FALSE(estimate_interrupted(c, 1.9));
  REQUIRE(estimate_interrupted(c, 2.0));
  std::atomic<bool> stop{false};
  c.stop = &stop;
  REQUIRE_FALSE(estimate_interrupted(c, 0));
  stop = true;
  REQUIRE(estimate_interrupted(c, 0));
}
