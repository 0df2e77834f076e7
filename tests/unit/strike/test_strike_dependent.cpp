// Strikes on dependent contacts (strike/sticking_solver.hpp, stance/dependent_contacts.hpp): the
// corners of a block's bottom face, whose rows of W depend on one another.
//
// Housner's rocking block (Housner 1963): a block of width 2b and height 2h, turning at ω⁻ about
// one bottom edge, lands flat on the other. With no bounce (e = 0) and no slip at the landing
// edge, its angular momentum about that edge is kept, and it turns on about it at
//
//   ω⁺ / ω⁻ = 1 − (3/2) sin²α,   tan α = b / h,
//
// while the edge it left lifts off. With four corner contacts (two on each edge) every friction
// law that holds the landing edge (sticking, the cone and the pyramids with enough μ) must give
// it; the impulses are the least-norm ones, shared equally by the two landing corners.
#include "block_fixtures.hpp"

namespace {

using namespace footfall;
using footfall::test::Block;
using footfall::test::block_bench;
using footfall::test::rocking_block;
using footfall::test::ulps;

}  // namespace

FF_TEST_FLOAT_AND_DOUBLE(StrikeDependent, HousnersRockingBlockKeepsItsRatio) {
  auto& bench = block_bench<S>();
  const Block k;
  const double sin_alpha = k.b / std::sqrt(k.b * k.b + k.h * k.h);
  const double ratio = 1.0 - 1.5 * sin_alpha * sin_alpha;
  const S tolerance = sizeof(S) == 4 ? S(1e-5) : S(1e-12);
  for (StrikeFriction friction : {StrikeFriction::kSticking, StrikeFriction::kCone, StrikeFriction::kPyramid4,
                                  StrikeFriction::kPyramid8}) {
    FF_ASSERT_TRUE(rocking_block(bench, k, S(2)));
    const Status status = bench.solve(friction);
    FF_ASSERT_TRUE(status.ok());
    FF_EXPECT_NEAR(bench.result.v_plus(4) / S(k.omega), S(ratio), tolerance);
    // Turning about the +x edge: the centre moves at ω⁺ ŷ × (−b, 0, h) = ω⁺ (h, 0, b).
    FF_EXPECT_NEAR(bench.result.v_plus(0), bench.result.v_plus(4) * S(k.h), tolerance);
    FF_EXPECT_NEAR(bench.result.v_plus(2), bench.result.v_plus(4) * S(k.b), tolerance);
    // The landing corners (1 and 3) share the impulse equally, the others take none.
    FF_EXPECT_NEAR(bench.result.normal_impulse[1], bench.result.normal_impulse[3],
                   tolerance * bench.result.normal_impulse[1]);
    FF_EXPECT_NEAR(bench.result.normal_impulse[0], S(0), tolerance * bench.result.normal_impulse[1]);
    FF_EXPECT_NEAR(bench.result.normal_impulse[2], S(0), tolerance * bench.result.normal_impulse[1]);
    if (friction == StrikeFriction::kSticking) {
      FF_EXPECT_TRUE(bench.result.impulse_choice == ForceChoice::kLeastNorm);
    }
  }
}
