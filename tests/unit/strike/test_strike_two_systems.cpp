// Two articulated systems striking each other (tests/README.md, reference problem 12; Zhang95): the decoupled
// solve with the incidence signs and block-diagonal inertia gives what one combined model, with
// both trees in it, gives for the same contact; base motions known in advance enter only the
// velocities before the strike.
#include <cmath>
#include <cstring>
#include <limits>

#include "strike_fixtures.hpp"

namespace footfall::test {
namespace {

// An arm of two links on revolute joints (about z, then y), 0.5 m and 0.4 m, from `placement`.
template <typename S, int B, int D>
void add_arm(ModelBuilder<S, B, D>& builder, int first, const Transform<S>& placement, const char* const* names) {
  Inertia<S> link0, link1;
  Inertia<S>::FromMassComInertia(S(2), Vector3<S>(S(0.25), S(0), S(0)),
                                 Matrix3<S>(Vector3<S>(S(0.002), S(0.04), S(0.04)).asDiagonal()), &link0);
  Inertia<S>::FromMassComInertia(S(1.2), Vector3<S>(S(0.2), S(0.01), S(0)),
                                 Matrix3<S>(Vector3<S>(S(0.003), S(0.02), S(0.018)).asDiagonal()), &link1);
  builder.add_body(names[0], -1, JointSpec<S>::Revolute(Vector3<S>::UnitZ(), placement), link0, nullptr, names[1]);
  builder.add_body(names[2], first,
                   JointSpec<S>::Revolute(Vector3<S>::UnitY(), Transform<S>::Translation(Vector3<S>(S(0.5), S(0), S(0)))),
                   link1, nullptr, names[3]);
}

template <typename S>
struct TwoArms {
  Model<S, 4, 4> combined;
  Workspace<S, 4, 4> combined_ws;
  Model<S, 4, 4> arm[2];
  Workspace<S, 4, 4> arm_ws[2];
  ContactSet<S, 2> contacts;
  StrikeWorkspace<S, 4, 2> strike;
  StrikeResult<S, 4, 4, 2> result;
  TwoSystemWorkspace<S, 4, 2> two;
  TwoSystemResult<S, 4, 2> two_result;
  Eigen::Matrix<S, Eigen::Dynamic, 1, 0, 4, 1> v[2];
};

template <typename S>
TwoArms<S>& arms() {
  static TwoArms<S> instance;
  return instance;
}

// Arm A at the origin, arm B's base at (1.1, 0.2, 0.05) turned by 2.5 rad about z and 0.3 about
// x; the contact joins B's tip to A's tip with the normal n (from A to B).
template <typename S>
bool build_arms(TwoArms<S>& t, const Transform<S>& base_b) {
  const char* const a_names[4] = {"a0", "a_joint0", "a1", "a_joint1"};
  const char* const b_names[4] = {"b0", "b_joint0", "b1", "b_joint1"};
  ModelBuilder<S, 4, 4> combined, single[2];
  add_arm(combined, 0, Transform<S>(), a_names);
  add_arm(combined, 2, base_b, b_names);
  add_arm(single[0], 0, Transform<S>(), a_names);
  add_arm(single[1], 0, Transform<S>(), b_names);
  return combined.build(&t.combined).ok() && single[0].build(&t.arm[0]).ok() && single[1].build(&t.arm[1]).ok();
}

template <typename S>
Transform<S> base_placement() {
  // Transform(E, r) is Featherstone's: E maps the parent's (world's) coordinates to the base's.
  const S cz = std::cos(S(2.5)), sz = std::sin(S(2.5)), cx = std::cos(S(0.3)), sx = std::sin(S(0.3));
  Matrix3<S> about_z, about_x;
  about_z << cz, -sz, S(0), sz, cz, S(0), S(0), S(0), S(1);
  about_x << S(1), S(0), S(0), S(0), cx, -sx, S(0), sx, cx;
  const Matrix3<S> turn = about_z * about_x;  // base → world
  return Transform<S>(turn.transpose(), Vector3<S>(S(1.1), S(0.2), S(0.05)));
}

// The two arms as Zhang95's two systems: A at rest at the origin, B's base at `placement`.
template <typename S>
void as_two_systems(TwoArms<S>& t, const Transform<S>& placement, StrikingSystem<S, 4, 4>* inner,
                    StrikingSystem<S, 4, 4>* outer) {
  inner->model = &t.arm[0];
  inner->ws = &t.arm_ws[0];
  inner->v = &t.v[0];
  outer->model = &t.arm[1];
  outer->ws = &t.arm_ws[1];
  outer->v = &t.v[1];
  outer->base.rotation = placement.rotation().transpose();
  outer->base.position = placement.translation();
}

FF_TEST_FLOAT_AND_DOUBLE(StrikeReference, R12TwoSystemsEqualOneCombinedModel) {
  auto& t = arms<S>();
  const Transform<S> placement = base_placement<S>();
  FF_ASSERT_TRUE(build_arms(t, placement));
  Eigen::Matrix<S, Eigen::Dynamic, 1, 0, 4, 1> q(4), v(4);
  q << S(0.3), S(-0.4), S(2.0), S(0.6);
  v << S(0.9), S(-0.5), S(-0.7), S(1.1);
  t.v[0] = v.head(2);
  t.v[1] = v.tail(2);
  FF_ASSERT_TRUE(compute_mass_terms(t.combined, t.combined_ws, q, v).ok());
  for (int s = 0; s < 2; ++s) {
    const Eigen::Matrix<S, Eigen::Dynamic, 1, 0, 4, 1> qs = s == 0 ? q.head(2) : q.tail(2);
    FF_ASSERT_TRUE(compute_mass_terms(t.arm[s], t.arm_ws[s], qs, t.v[s]).ok());
  }
  StrikingSystem<S, 4, 4> inner, outer;
  as_two_systems(t, placement, &inner, &outer);

  const Vector3<S> tip(S(0.4), S(0), S(0));
  const StrikeFriction models[4] = {StrikeFriction::kNone, StrikeFriction::kSticking, StrikeFriction::kPyramid4,
                                    StrikeFriction::kCone};
  for (const StrikeFriction model : models)
    for (int flip = 0; flip < 2; ++flip) {
      Vector3<S> n = Vector3<S>(S(0.6), S(-0.48), S(0.64)).normalized();
      if (flip) n = -n;
      StrikeOptions<S> options;
      options.friction = model;
      t.contacts.clear();
      t.contacts.add(Contact<S>::Between(3, tip, 1, tip, n, S(0.4), S(0.5)));
      const Status one = solve_strike(t.combined, t.combined_ws, t.contacts, v, options, t.strike, t.result);
      FF_ASSERT_TRUE(one.ok());
      // The same contact seen by the two systems: B's body 1 (its tip) against A's body 1.
      t.contacts[0].body = 1;
      const Status two = solve_two_system_strike(inner, outer, t.contacts, options, t.two, t.two_result);
      FF_ASSERT_TRUE(two.ok());
      const S scale = std::max(std::abs(t.result.normal_impulse[0]), S(1e-3));
      FF_EXPECT_NEAR(t.two_result.approach[0], t.result.approach[0], ulps<S>(256));
      FF_EXPECT_TRUE(t.two_result.state[0] == t.result.state[0]);
      for (int c = 0; c < 3; ++c) FF_EXPECT_NEAR(t.two_result.impulse[0](c), t.result.impulse[0](c), ulps<S>(2048) * scale);
      for (int k = 0; k < 2; ++k) {
        FF_EXPECT_NEAR(t.two_result.v_plus[0](k), t.result.v_plus(k), ulps<S>(2048));
        FF_EXPECT_NEAR(t.two_result.v_plus[1](k), t.result.v_plus(2 + k), ulps<S>(2048));
        FF_EXPECT_NEAR(t.two_result.joint_impulse[0](k), t.result.joint_impulse(k), ulps<S>(2048) * scale);
        FF_EXPECT_NEAR(t.two_result.joint_impulse[1](k), t.result.joint_impulse(2 + k), ulps<S>(2048) * scale);
      }
      FF_EXPECT_NEAR(t.two_result.kinetic_energy_after, t.result.kinetic_energy_after, ulps<S>(2048));
    }
}

// Base motions: both bases translating alike change nothing (only relative velocities matter);
// a base turning adds ω₀ × ρ to its point's velocity, and without friction the one contact's
// impulse scales with the approach speed, ι = −(1 + e) ζ⁻ / W.
FF_TEST_FLOAT_AND_DOUBLE(StrikeReference, R12KnownBaseMotions) {
  auto& t = arms<S>();
  const Transform<S> placement = base_placement<S>();
  FF_ASSERT_TRUE(build_arms(t, placement));
  Eigen::Matrix<S, Eigen::Dynamic, 1, 0, 4, 1> q(4);
  q << S(0.3), S(-0.4), S(2.0), S(0.6);
  t.v[0] = Eigen::Matrix<S, Eigen::Dynamic, 1, 0, 4, 1>(2);
  t.v[1] = Eigen::Matrix<S, Eigen::Dynamic, 1, 0, 4, 1>(2);
  t.v[0] << S(0.9), S(-0.5);
  t.v[1] << S(-0.7), S(1.1);
  for (int s = 0; s < 2; ++s) {
    const Eigen::Matrix<S, Eigen::Dynamic, 1, 0, 4, 1> qs = s == 0 ? q.head(2) : q.tail(2);
    FF_ASSERT_TRUE(compute_mass_terms(t.arm[s], t.arm_ws[s], qs, t.v[s]).ok());
  }
  StrikingSystem<S, 4, 4> inner, outer;
  as_two_systems(t, placement, &inner, &outer);
  const Vector3<S> tip(S(0.4), S(0), S(0));
  Vector3<S> n = Vector3<S>(S(0.6), S(-0.48), S(0.64)).normalized();
  t.contacts.clear();
  t.contacts.add(Contact<S>::Between(1, tip, 1, tip, n, S(0), S(0.3)));
  StrikeOptions<S> options;
  options.friction = StrikeFriction::kNone;
  FF_ASSERT_TRUE(solve_two_system_strike(inner, outer, t.contacts, options, t.two, t.two_result).ok());
  if (t.two_result.approach[0] > S(0)) {
    t.contacts[0].normal = -n;
    FF_ASSERT_TRUE(solve_two_system_strike(inner, outer, t.contacts, options, t.two, t.two_result).ok());
  }
  const S still_approach = t.two_result.approach[0], still_impulse = t.two_result.normal_impulse[0];
  FF_ASSERT_TRUE(still_approach < S(0) && still_impulse > S(0));
  // Both bases translating at the same V₀.
  inner.base.linear_velocity = outer.base.linear_velocity = Vector3<S>(S(3), S(-2), S(1));
  FF_ASSERT_TRUE(solve_two_system_strike(inner, outer, t.contacts, options, t.two, t.two_result).ok());
  FF_EXPECT_NEAR(t.two_result.normal_impulse[0], still_impulse, ulps<S>(512) * still_impulse);
  // System 2's base turning: its tip gains ω₀ × ρ, ρ = R p (p the tip in the base frame).
  inner.base.linear_velocity = outer.base.linear_velocity = Vector3<S>::Zero();
  outer.base.angular_velocity = Vector3<S>(S(0.2), S(-0.1), S(0.3));
  Vector3<S> p;
  FF_ASSERT_TRUE(point_position(t.arm[1], t.arm_ws[1], 1, tip, &p).ok());
  const S extra = t.contacts[0].normal.dot(outer.base.angular_velocity.cross(outer.base.rotation * p));
  FF_ASSERT_TRUE(solve_two_system_strike(inner, outer, t.contacts, options, t.two, t.two_result).ok());
  FF_EXPECT_NEAR(t.two_result.approach[0], still_approach + extra, ulps<S>(256));
  if (still_approach + extra < S(0)) {
    FF_EXPECT_NEAR(t.two_result.normal_impulse[0], still_impulse * (still_approach + extra) / still_approach,
                   ulps<S>(1024) * still_impulse);
  }
}

// A lever (system 2: a 2 m, 1 kg rod pivoted at its middle, about z, I = 1/3) lies with both ends
// on a 10 kg block (system 1, sliding along y). Turning at −1 rad/s, its +x end strikes the block
// (ζ⁻ = −1) and its −x end lifts (ζ⁻ = +1), so that one is left out. With e = 1 the first round
// swings the −x end into the block at 0.87 m/s; the second takes it in with e = 0. Then
// W = 3 x_a x_b + 1/10 = [3.1 −2.9; −2.9 3.1], and Newton's law on both, (Wι)₀ = 2 and
// (Wι)₁ = −1, gives ι = (2.75, 2.25): ω⁺ = −1 + 3 (ι₀ − ι₁) = 1/2, v⁺ = −(ι₀ + ι₁)/10 = −1/2,
// ζ⁺ = (1, 0). (Newton's law gains energy here, 1/6 J to 31/24 J: its known limit with several
// contacts, lib/GUIDE.md, Strike.)
FF_TEST_FLOAT_AND_DOUBLE(StrikeReference, R12LeftOutContactDrivenInIsTakenIn) {
  Inertia<S> rod, block;
  const Vector3<S> rod_diagonal(S(0.01), S(1) / S(3), S(1) / S(3));  // m (2L)²/12 about y and z
  Inertia<S>::FromMassComInertia(S(1), Vector3<S>::Zero(), Matrix3<S>(rod_diagonal.asDiagonal()), &rod);
  Inertia<S>::FromMassComInertia(S(10), Vector3<S>::Zero(), Matrix3<S>(Matrix3<S>::Identity()), &block);
  static Model<S, 2, 2> lever, slab;
  ModelBuilder<S, 2, 2> slab_builder, lever_builder;
  slab_builder.add_body("block", -1, JointSpec<S>::Prismatic(Vector3<S>::UnitY()), block);
  lever_builder.add_body("rod", -1, JointSpec<S>::Revolute(Vector3<S>::UnitZ()), rod);
  FF_ASSERT_TRUE(slab_builder.build(&slab).ok() && lever_builder.build(&lever).ok());
  Eigen::Matrix<S, Eigen::Dynamic, 1, 0, 2, 1> q(1), v_block(1), v_rod(1);
  q << S(0);
  v_block << S(0);
  v_rod << S(-1);
  static Workspace<S, 2, 2> block_ws, rod_ws;
  FF_ASSERT_TRUE(compute_mass_terms(slab, block_ws, q, v_block).ok());
  FF_ASSERT_TRUE(compute_mass_terms(lever, rod_ws, q, v_rod).ok());
  ContactSet<S, 2> ends;
  for (S x : {S(1), S(-1)})
    FF_ASSERT_TRUE(ends.add(Contact<S>::Between(0, Vector3<S>(x, S(0), S(0)), 0, Vector3<S>(x, S(0), S(0)),
                                                Vector3<S>::UnitY(), S(0), S(1))).ok());
  StrikingSystem<S, 2, 2> inner, outer;
  inner.model = &slab;
  inner.ws = &block_ws;
  inner.v = &v_block;
  outer.model = &lever;
  outer.ws = &rod_ws;
  outer.v = &v_rod;
  StrikeOptions<S> options;
  options.friction = StrikeFriction::kNone;
  static TwoSystemWorkspace<S, 2, 2> tw;
  static TwoSystemResult<S, 2, 2> result;
  const Status status = solve_two_system_strike(inner, outer, ends, options, tw, result);
  FF_ASSERT_TRUE(status.ok());
  FF_EXPECT_NEAR(result.approach[0], S(-1), ulps<S>(16));
  FF_EXPECT_NEAR(result.approach[1], S(1), ulps<S>(16));  // the -x end was leaving
  const S tolerance = ulps<S>(256);
  FF_EXPECT_NEAR(result.normal_impulse[0], S(2.75), tolerance);
  FF_EXPECT_NEAR(result.normal_impulse[1], S(2.25), tolerance);
  FF_EXPECT_NEAR(result.v_plus[1](0), S(0.5), tolerance);
  FF_EXPECT_NEAR(result.v_plus[0](0), S(-0.5), tolerance);
  FF_EXPECT_NEAR(result.departure[0], S(1), tolerance);
  FF_EXPECT_NEAR(result.departure[1], S(0), tolerance);
  FF_EXPECT_TRUE(result.state[1] == StrikeState::kSticking);
  FF_EXPECT_NEAR(result.kinetic_energy_before, S(1) / S(6), tolerance);
  FF_EXPECT_NEAR(result.kinetic_energy_after, S(31) / S(24), tolerance);
  // The block leaving both ends at √max (ζ⁻ = √max at each: both left out, no impulse), so fast
  // that ½ m v² = 5 max overflows the scalar: refused as solve_strike refuses it, not ok with ∞.
  v_block << -std::sqrt(std::numeric_limits<S>::max());
  v_rod << S(0);
  const Status overflow = solve_two_system_strike(inner, outer, ends, options, tw, result);
  FF_EXPECT_TRUE(overflow.code == StatusCode::kBadInput && std::strcmp(overflow.field, "v.overflow") == 0);
  FF_EXPECT_TRUE(!result.ok() && result.normal_impulse[0] == S(0) && result.normal_impulse[1] == S(0));
}

}  // namespace
}  // namespace footfall::test
