#include "edgecp/propagators/forward_checking.hpp"

#include "support/propagator_harness.hpp"

using namespace edgecp;
using namespace edgecp::test;

static_assert(Propagator<ForwardChecking<SmallStore>, SmallStore>);

TEST_CASE("forward checking reaches exactly the forward-checking closure", "[forward_checking]") {
  const int states = check_against_closure<ForwardChecking>(fc_closure, 150, 1000);
  REQUIRE(states > 1000);
}

TEST_CASE("forward checking never loses a solution", "[forward_checking]") {
  REQUIRE(check_soundness<ForwardChecking>(40, 2000) >= 400);
}

TEST_CASE("forward checking is strict", "[forward_checking]") {
  REQUIRE(ForwardChecking<SmallStore>::strict);
}
