#include "edgecp/puzzle/candidate_masks.hpp"

#include <catch2/catch.hpp>

#include "edgecp/core/bit_domain.hpp"
#include "edgecp/core/domain_store.hpp"
#include "edgecp/puzzle/generator.hpp"

using namespace edgecp;

TEST_CASE("candidate masks mirror the model's tables", "[candidate_masks]") {
  const Model m(generate({5, 4, 2, 3, 8, true}).puzzle);
  const CandidateMasks<BitDomain<2>> masks(m);
  REQUIRE(masks.colour_count() == m.colour_count());
  for (int id = 0; id < m.candidate_count(); ++id) {
    for (int s = 0; s < 4; ++s)
      for (int k = 0; k < m.colour_count(); ++k)
        REQUIRE(masks.showing(s, k).contains(static_cast<std::size_t>(id)) == (m.colour(id, s) == k));
    for (int p = 0; p < m.piece_count(); ++p)
      REQUIRE(masks.piece(p).contains(static_cast<std::size_t>(id)) == (m.piece_of(id) == p));
    for (int c = 0; c < m.cell_count(); ++c)
      REQUIRE(masks.static_domain(c).contains(static_cast<std::size_t>(id)) ==
              Model::test(m.static_domain(c), id));
  }
}

TEST_CASE("load_static_domains fills a store, too small a domain type is rejected", "[candidate_masks]") {
  const Model m(generate({4, 4, 2, 3, 2, false}).puzzle);
  DomainStore<BitDomain<1>> s(16, static_cast<std::size_t>(m.candidate_count()));
  load_static_domains(s, m);
  for (int c = 0; c < 16; ++c)
    REQUIRE(s.domain(static_cast<std::size_t>(c)) == BitDomain<1>::from_words(m.static_domain(c)));
  const Model big(generate({6, 6, 2, 3, 2, false}).puzzle);
  REQUIRE_THROWS_AS(CandidateMasks<BitDomain<1>>(big), std::invalid_argument);
}
