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
#include "strike_fixtures.hpp"

namespace {

using namespace footfall;
using footfall::test::StrikeBench;
using footfall::test::ulps;

template <typename S>
using BlockBench = StrikeBench<S, 1, 6, 4>;

template <typename S>
BlockBench<S>& block_bench() {
  static BlockBench<S> instance;
  return instance;
}

struct Block {
  double b = 0.1, h = 0.25, depth = 0.2, mass = 4.0, omega = 1.5;
};

// The block flat on the floor, turning at ω⁻ about its −x bottom edge (so its +x edge comes
// down), its four bottom corners the contacts.
template <typename S>
bool rocking_block(BlockBench<S>& bench, const Block& k, S mu) {
  const S m = S(k.mass), b = S(k.b), h = S(k.h), d = S(k.depth);
  Inertia<S> inertia;
  const Matrix3<S> moments = box_inertia(m, S(2) * b, d, S(2) * h);
  if (!Inertia<S>::FromMassComInertia(m, Vector3<S>::Zero(), moments, &inertia).ok()) return false;
  ModelBuilder<S, 1, 6> builder;
  builder.add_body("block", -1, JointSpec<S>::FreeFlyer(), inertia, nullptr, "free");
  if (!builder.build(&bench.model).ok()) return false;
  typename BlockBench<S>::Config q(7);
  test::set_free_body<S>(q, 0, Vector3<S>(S(0), S(0), h));
  // ω⁻ about +y through the edge (−b, 0, 0): the centre moves at ω ŷ × (b, 0, h) = ω (h, 0, −b).
  typename BlockBench<S>::Tangent v = BlockBench<S>::Tangent::Zero(6);
  const S omega = S(k.omega);
  v(0) = omega * h;
  v(2) = -omega * b;
  v(4) = omega;
  bench.contacts.clear();
  for (int corner = 0; corner < 4; ++corner) {
    Contact<S> c = Contact<S>::Ground(0, Vector3<S>((corner & 1) ? b : -b, (corner & 2) ? d / 2 : -d / 2, -h),
                                      Vector3<S>::UnitZ(), mu);
    c.restitution = S(0);
    bench.contacts.add(c);
  }
  return bench.prepare(q, v);
}

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
