// The stance and strike solves with the tree's walks unrolled for the quadruped
// (UnrolledKernels<QuadrupedTopology>, dynamics/tree_kernels.hpp): the same answers as with the
// generic walks, to the bit, on the trot's stance pairs at random torques and touchdown
// velocities; and a model of another tree refused before anything is solved.
#include <cstring>

#include "footfall/strike.hpp"
#include "stance_fixtures.hpp"

namespace {

using namespace footfall;
using footfall::test::QuadrupedBench;

using Unrolled = UnrolledKernels<QuadrupedTopology>;

// The A1's tree with the front-right thigh hung from the trunk instead of the hip: a valid tree,
// not the model's (DOF 7's parent differs).
struct ThighOnTrunk {
  static constexpr int kDofs = 18;
  static constexpr int kDofParent[kDofs] = {-1, 0, 1, 2, 3, 4, 5, 5, 7, 5, 9, 10, 5, 12, 13, 5, 15, 16};
};
static_assert(TopologyIsValid<ThighOnTrunk>, "a valid tree");

template <typename S>
QuadrupedBench<S>& bench() {
  static QuadrupedBench<S> instance;
  return instance;
}

// Static: a strike's workspace and result are too large for a board's test stack.
template <typename S>
struct StrikeBench {
  StrikeWorkspace<S, 18, 4> scratch;
  StrikeResult<S, 13, 18, 4> generic, unrolled;
};

template <typename S>
StrikeBench<S>& strike_bench() {
  static StrikeBench<S> instance;
  return instance;
}

template <typename V>
bool same(const V& a, const V& b) {
  return a.size() == b.size() && (a.array() == b.array()).all();
}

}  // namespace

FF_TEST_FLOAT_AND_DOUBLE(UnrolledKernels, StanceIsTheGenericStanceToTheBit) {
  auto& b = bench<S>();
  const int pairs[2][2] = {{0, 3}, {1, 2}};  // the trot's diagonal pairs
  static StanceResult<S, 18, 4> generic;
  test::Random rng(811);
  int solved = 0;
  for (int trial = 0; trial < 12; ++trial) {
    FF_ASSERT_TRUE(test::quadruped_standing(b, pairs[trial % 2], 2, S(0.7)));
    // Moving, and pushed: random joint rates and torques about the ones that hold it.
    const typename QuadrupedBench<S>::Tangent v = test::random_velocity(b.model, rng) * S(0.3);
    FF_ASSERT_TRUE(compute_tick_terms<Unrolled>(b.model, b.ws, test::quadruped_standing_configuration<S>(), v).ok());
    FF_ASSERT_TRUE(b.solve(QuadrupedBench<S>::Tangent::Zero(18), FrictionModel::kCone).code != StatusCode::kBadInput);
    // Damped: a diagonal pair cannot hold a moment about the line between its feet (the firmware's 1e-4).
    typename QuadrupedBench<S>::Tangent tau(18);
    FF_ASSERT_TRUE(holding_torques(b.model, b.ws, b.stance.contact, tau, nullptr, S(1e-4)).ok());
    for (int k = 6; k < 18; ++k) tau(k) += S(2) * rng.uniform(S(-1), S(1));
    StanceOptions<S> options;
    options.warm_start = false;
    const Status a = solve_stance(b.model, b.ws, b.contacts, tau, options, b.stance, generic);
    const Status c = solve_stance<Unrolled>(b.model, b.ws, b.contacts, tau, options, b.stance, b.result);
    FF_EXPECT_TRUE(a.code == c.code);
    FF_EXPECT_TRUE(same(generic.lambda, b.result.lambda) && same(generic.qdd, b.result.qdd));
    FF_EXPECT_TRUE(same(generic.contact_acceleration, b.result.contact_acceleration));
    FF_EXPECT_TRUE(generic.equation_residual == b.result.equation_residual ||
                   (a.code != StatusCode::kOk && c.code != StatusCode::kOk));
    if (a.ok()) ++solved;
  }
  FF_EXPECT_TRUE(solved >= 6);  // most of these stances are solved, so the answers compared are real
}

FF_TEST_FLOAT_AND_DOUBLE(UnrolledKernels, StrikeIsTheGenericStrikeToTheBit) {
  auto& b = bench<S>();
  auto& st = strike_bench<S>();
  const int pairs[2][2] = {{0, 3}, {1, 2}};
  test::Random rng(812);
  int solved = 0;
  for (int trial = 0; trial < 12; ++trial) {
    FF_ASSERT_TRUE(test::quadruped_standing(b, pairs[trial % 2], 2, S(0.7)));
    FF_ASSERT_TRUE(compute_mass_terms<Unrolled>(b.model, b.ws, test::quadruped_standing_configuration<S>(),
                                                QuadrupedBench<S>::Tangent::Zero(18))
                       .ok());
    // Touchdown: the trunk and legs moving at random, the whole robot coming down at 0.3–0.8 m/s.
    typename QuadrupedBench<S>::Tangent v = test::random_velocity(b.model, rng) * S(0.2);
    v(2) = -rng.uniform(S(0.3), S(0.8));
    StrikeOptions<S> options;
    const Status a = solve_strike(b.model, b.ws, b.contacts, v, options, st.scratch, st.generic);
    const Status c = solve_strike<Unrolled>(b.model, b.ws, b.contacts, v, options, st.scratch, st.unrolled);
    FF_EXPECT_TRUE(a.code == c.code);
    FF_EXPECT_TRUE(same(st.generic.velocity_change, st.unrolled.velocity_change) &&
                   same(st.generic.v_plus, st.unrolled.v_plus));
    FF_EXPECT_TRUE(same(st.generic.joint_impulse, st.unrolled.joint_impulse));
    FF_EXPECT_TRUE(st.generic.impulse_residual == st.unrolled.impulse_residual || !a.ok());
    for (int i = 0; i < 2; ++i) FF_EXPECT_TRUE(st.generic.normal_impulse[i] == st.unrolled.normal_impulse[i]);
    if (a.ok() && st.generic.normal_impulse[0] > S(0)) ++solved;
  }
  FF_EXPECT_TRUE(solved >= 6);
}

FF_TEST_FLOAT_AND_DOUBLE(UnrolledKernels, AnotherTreeIsRefusedBeforeAnythingIsSolved) {
  auto& b = bench<S>();
  auto& st = strike_bench<S>();
  const int feet[2] = {0, 3};
  FF_ASSERT_TRUE(test::quadruped_standing(b, feet, 2, S(0.7)));  // generic tick terms: the factor is current
  StanceOptions<S> stance_options;
  const Status stance = solve_stance<UnrolledKernels<ThighOnTrunk>>(
      b.model, b.ws, b.contacts, QuadrupedBench<S>::Tangent::Zero(18), stance_options, b.stance, b.result);
  FF_EXPECT_TRUE(stance.code == StatusCode::kBadInput && std::strcmp(stance.field, "model.topology") == 0 &&
                 stance.index == 7);
  FF_EXPECT_TRUE(b.result.status.code == StatusCode::kBadInput && b.result.lambda.size() == 0);
  StrikeOptions<S> strike_options;
  typename QuadrupedBench<S>::Tangent v = QuadrupedBench<S>::Tangent::Zero(18);
  v(2) = S(-0.5);
  const Status strike =
      solve_strike<UnrolledKernels<ThighOnTrunk>>(b.model, b.ws, b.contacts, v, strike_options, st.scratch, st.unrolled);
  FF_EXPECT_TRUE(strike.code == StatusCode::kBadInput && std::strcmp(strike.field, "model.topology") == 0 &&
                 strike.index == 7);
  FF_EXPECT_TRUE(st.unrolled.status.code == StatusCode::kBadInput);
}

// W, Y and Z themselves, with and without tangents, for contacts of every kind the unrolled walk
// must tell apart: feet (a leaf's path: the unrolled walk), the trunk (a free flyer's DOFs only)
// and a knee touching another leg's foot (two paths): the last two take the generic walk.
FF_TEST_FLOAT_AND_DOUBLE(UnrolledKernels, ContactTermsAreTheGenericTermsToTheBit) {
  auto& b = bench<S>();
  static ContactDynamics<S, 18, 4> generic, unrolled;
  test::Random rng(813);
  FF_ASSERT_TRUE(build_quadruped_model(&b.model).ok());
  ContactSet<S, 4> set;
  FF_ASSERT_TRUE(set.add(Contact<S>::Ground(quadruped_calf_body(0), quadruped_foot_point<S>(), Vector3<S>::UnitZ(), S(0.7))).ok());
  FF_ASSERT_TRUE(set.add(Contact<S>::Ground(0, Vector3<S>(S(0.1), S(0.05), S(-0.05)), Vector3<S>::UnitZ(), S(0.7))).ok());
  FF_ASSERT_TRUE(set.add(Contact<S>::Ground(quadruped_calf_body(3), quadruped_foot_point<S>(), Vector3<S>::UnitZ(), S(0.7))).ok());
  FF_ASSERT_TRUE(set.add(Contact<S>::Between(quadruped_calf_body(1) - 1, Vector3<S>(S(0), S(0), S(-0.2)),
                                             quadruped_calf_body(2), quadruped_foot_point<S>(), Vector3<S>::UnitY(), S(0.7)))
                     .ok());
  int unrolled_contacts = 0;
  for (int i = 0; i < set.count; ++i)
    if (set.contacts[i].other_body == -1 && set.contacts[i].body != 0) ++unrolled_contacts;
  FF_ASSERT_TRUE(unrolled_contacts == 2);
  for (int trial = 0; trial < 6; ++trial) {
    const auto q = test::random_configuration(b.model, rng);
    const auto v = test::random_velocity(b.model, rng);
    FF_ASSERT_TRUE(compute_tick_terms<Unrolled>(b.model, b.ws, q, v).ok());
    const bool tangents = trial % 2 == 0;
    FF_ASSERT_TRUE(compute_contact_terms(b.model, b.ws, set, tangents ? ContactRows::kWithTangents : ContactRows::kNormals, ContactTerms::kVelocityOnly, generic).ok());
    FF_ASSERT_TRUE(compute_contact_terms<Unrolled>(b.model, b.ws, set, tangents ? ContactRows::kWithTangents : ContactRows::kNormals, ContactTerms::kVelocityOnly, unrolled).ok());
    FF_EXPECT_TRUE(generic.delassus.rows() == 4 * (tangents ? 3 : 1) && same(generic.delassus, unrolled.delassus));
    const int m = tangents ? 3 : 1;
    for (int i = 0; i < set.count; ++i)
      for (int s = 0; s < generic.support_size[i]; ++s) {  // contact i's columns on its support
        const int k = generic.support[i][s];
        FF_EXPECT_TRUE(same(generic.back_substituted.row(k).segment(i * m, m), unrolled.back_substituted.row(k).segment(i * m, m)));
        FF_EXPECT_TRUE(same(generic.scaled.row(k).segment(i * m, m), unrolled.scaled.row(k).segment(i * m, m)));
      }
  }
}
