// The strike on articulated systems: the quadruped's touchdowns (reference problems 10, 11 of tests/README.md),
// the KKT identity at e = 0, joint reaction impulses, the falling rod of Liu04 §5 at its first
// strike, and two systems (reference problem 12, Zhang95).
#include <cmath>
#include <cstring>

#include "articulated_fixtures.hpp"

namespace footfall::test {
namespace {

// 10. u = H Δq̇ and u = Gᵀι with G from point_jacobian (not the strike's own rows), and the
// robot's momentum changes by exactly the external impulse. (The drives' armature sits on H's
// diagonal only, as a rotor whose reaction is not on the floating base, so the links' momentum
// alone balances the impulse: H's floating-base rows carry no armature.)
FF_TEST_FLOAT_AND_DOUBLE(StrikeReference, R10JointSpaceImpulse) {
  auto& b = quadruped_bench<S>();
  const int feet[2] = {0, 3};
  const StrikeFriction models[3] = {StrikeFriction::kNone, StrikeFriction::kSticking, StrikeFriction::kCone};
  for (const StrikeFriction model : models) {
    FF_ASSERT_TRUE(quadruped_touchdown(b, feet, 2, S(0.6), S(0.8), S(0.2)));
    FF_ASSERT_TRUE(b.solve(model).ok());
    const auto& r = b.result;
    const S scale = r.joint_impulse.cwiseAbs().maxCoeff();
    FF_ASSERT_TRUE(scale > S(0));
    // H Δq̇ against u, dense.
    typename QuadrupedStrike<S>::Tangent h_dq = b.ws.mass_matrix * r.velocity_change;
    for (int k = 0; k < 18; ++k) FF_EXPECT_NEAR(h_dq(k), r.joint_impulse(k), ulps<S>(512) * scale);
    // Gᵀι from the point Jacobians.
    typename QuadrupedStrike<S>::Tangent u = QuadrupedStrike<S>::Tangent::Zero(18);
    Eigen::Matrix<S, 3, Eigen::Dynamic, 0, 3, 18> j(3, 18);
    Force<S> external = Force<S>::Zero();
    for (int i = 0; i < 2; ++i) {
      FF_ASSERT_TRUE(point_jacobian(b.model, b.ws, b.contacts[i].body, b.contacts[i].point, j).ok());
      u += j.transpose() * r.impulse[i];
      Vector3<S> p;
      FF_ASSERT_TRUE(point_position(b.model, b.ws, b.contacts[i].body, b.contacts[i].point, &p).ok());
      external += Force<S>(p.cross(r.impulse[i]), r.impulse[i]);
    }
    for (int k = 0; k < 18; ++k) FF_EXPECT_NEAR(u(k), r.joint_impulse(k), ulps<S>(512) * scale);
    // Momentum, before and after (kinematics at v⁻ then v⁺, same q).
    Force<S> before, after;
    FF_ASSERT_TRUE(spatial_momentum(b.model, b.ws, &before).ok());
    typename QuadrupedStrike<S>::Config q(19);
    q << S(0), S(0), S(0.3), S(0), S(0), S(0), S(1), S(0), S(0.8), S(-1.6), S(0), S(0.8), S(-1.6), S(0), S(0.8),
        S(-1.6), S(0), S(0.8), S(-1.6);
    Workspace<S, 13, 18>& ws_after = b.ws;  // kinematics at v⁺ (the strike's terms are used up)
    FF_ASSERT_TRUE(forward_kinematics(b.model, ws_after, q, r.v_plus).ok());
    FF_ASSERT_TRUE(spatial_momentum(b.model, ws_after, &after).ok());
    const S momentum_scale = external.vector().cwiseAbs().maxCoeff();
    for (int c = 0; c < 3; ++c) {
      FF_EXPECT_NEAR(after.linear()(c) - before.linear()(c), external.linear()(c), ulps<S>(512) * momentum_scale);
      FF_EXPECT_NEAR(after.angular()(c) - before.angular()(c), external.angular()(c),
                     ulps<S>(512) * momentum_scale);
    }
  }
}

// e = 0 leaves every contact that took impulse at ζ⁺ = 0, no contact leaves approaching, and with
// e = 0 (or at one contact) the energy never rises; each joint's reaction impulse balances: each
// drive carries −armature·Δq̇ along its axis, and the floating base's joint carries nothing, so
// the trunk's change of momentum I Δv is exactly what its legs' first joints take back from it
// (joint_impulses.hpp: ι_J,0 = I_0 Δv_0 + Σ ⁰X_c* ι_J,c = 0, with no contact on the trunk).
FF_TEST_FLOAT_AND_DOUBLE(StrikeIdentities, InelasticTouchdownAndJointBalance) {
  auto& b = quadruped_bench<S>();
  const int feet[4] = {0, 1, 2, 3};
  const StrikeFriction models[5] = {StrikeFriction::kNone, StrikeFriction::kSticking, StrikeFriction::kPyramid4,
                                    StrikeFriction::kPyramid8, StrikeFriction::kCone};
  for (int count = 1; count <= 4; ++count)
    for (const StrikeFriction model : models) {
      FF_ASSERT_TRUE(quadruped_touchdown(b, feet, count, S(0.5), S(0.6), S(0)));
      FF_ASSERT_TRUE(b.solve(model).ok());
      const auto& r = b.result;
      const S w = S(0.5);
      for (int i = 0; i < count; ++i) {
        FF_EXPECT_TRUE(r.departure[i] >= -ulps<S>(512) * w);
        if (r.normal_impulse[i] > ulps<S>(512)) {
          FF_EXPECT_NEAR(r.departure[i], S(0), ulps<S>(1024) * w);
        }
      }
      FF_EXPECT_TRUE(r.kinetic_energy_after <= r.kinetic_energy_before * (S(1) + ulps<S>(64)));
      const S scale = r.joint_impulse.cwiseAbs().maxCoeff();
      for (int c = 0; c < 6; ++c) FF_EXPECT_EQ(r.reaction_impulse[0].vector()(c), S(0));
      // The trunk's Δv is S Δq̇ of its free flyer (v = [linear; angular]).
      const Motion<S> trunk_jump(r.velocity_change.template segment<3>(3), r.velocity_change.template head<3>());
      Force<S> taken_back = Force<S>::Zero();
      for (int i = 1; i < b.model.body_count(); ++i)
        if (b.model.parent(i) == 0) taken_back += b.ws.parent_to_body[i].apply_inverse(r.reaction_impulse[i]);
      const Force<S> momentum_change = b.model.inertia(0).apply(trunk_jump);
      for (int c = 0; c < 6; ++c)
        FF_EXPECT_NEAR(taken_back.vector()(c), -momentum_change.vector()(c), ulps<S>(1024) * scale);
      for (int k = 0; k < 18; ++k)
        FF_EXPECT_NEAR(r.axis_impulse(k), -b.model.armature(k) * r.velocity_change(k), ulps<S>(1024) * scale);
    }
}

// One foot strikes while the trunk and the other legs are at rest, all four feet on the ground:
// the three standing feet touch (ζ⁻ = 0, every term of G v⁻ on their rows exactly 0), take
// impulse through the trunk and leave at ζ⁺ ≈ 0, with rounding that only the sizes of ζ⁺'s terms
// allow for. The checks sum those sizes only when a law falls outside the smaller allowance
// without them (solve_strike.hpp), and here it does: the strike must still pass, every standing
// foot that took impulse leave at rest to that rounding, and none leave approaching.
FF_TEST_FLOAT_AND_DOUBLE(StrikeChecks, StandingFeetTouchingWithNoApproachScale) {
  auto& b = quadruped_bench<S>();
  FF_ASSERT_TRUE(build_quadruped_model(&b.model).ok());
  typename QuadrupedStrike<S>::Config q(19);
  q << S(0), S(0), S(0.3), S(0), S(0), S(0), S(1), S(0), S(0.8), S(-1.6), S(0), S(0.8), S(-1.6), S(0), S(0.8),
      S(-1.6), S(0), S(0.8), S(-1.6);
  typename QuadrupedStrike<S>::Tangent v = QuadrupedStrike<S>::Tangent::Zero(18);
  v(7) = S(-2);  // one leg's thigh and calf swinging its foot down
  v(8) = S(2);
  b.contacts.clear();
  for (int leg = 0; leg < 4; ++leg)
    b.contacts.add(Contact<S>::Ground(quadruped_calf_body(leg), quadruped_foot_point<S>(), Vector3<S>::UnitZ(), S(0.8), S(0)));
  FF_ASSERT_TRUE(b.prepare(q, v));
  const StrikeFriction models[3] = {StrikeFriction::kNone, StrikeFriction::kSticking, StrikeFriction::kCone};
  for (const StrikeFriction model : models) {
    const Status status = b.solve(model);
    FF_EXPECT_TRUE(status.ok());
    const auto& r = b.result;
    FF_EXPECT_TRUE(r.approach[0] < S(-0.1));
    int loaded = 0;
    for (int i = 1; i < 4; ++i) {
      FF_EXPECT_EQ(r.approach[i], S(0));
      const S allowed = ulps<S>(1024) * std::abs(r.approach[0]);
      FF_EXPECT_TRUE(r.departure[i] >= -allowed);
      if (!(r.normal_impulse[i] > allowed)) continue;  // unloaded: free to lift
      ++loaded;
      FF_EXPECT_NEAR(r.departure[i], S(0), allowed);
    }
    FF_EXPECT_TRUE(loaded > 0);
  }
}

// With every contact active and e = 0, sticking friction is the equality-constrained impulse
// problem: the KKT system [H −Gᵀ; G 0] [v⁺; ι] = [H v⁻; 0], solved densely here.
FF_TEST_FLOAT_AND_DOUBLE(StrikeIdentities, StickingEqualsKkt) {
  auto& b = quadruped_bench<S>();
  const int feet[3] = {0, 2, 3};
  FF_ASSERT_TRUE(quadruped_touchdown(b, feet, 3, S(0.7), S(1), S(0)));
  FF_ASSERT_TRUE(b.solve(StrikeFriction::kSticking).ok());
  const int n = 18, rows = 9;
  Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic, 0, 27, 27> a = Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic, 0, 27, 27>::Zero(n + rows, n + rows);
  Eigen::Matrix<S, Eigen::Dynamic, 1, 0, 27, 1> x(n + rows);
  Eigen::Matrix<S, 3, Eigen::Dynamic, 0, 3, 18> j(3, 18);
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) a(r, c) = b.ws.mass_matrix(r, c);
  }
  const typename QuadrupedStrike<S>::Tangent hv = b.ws.mass_matrix * b.v;
  for (int r = 0; r < n; ++r) x(r) = hv(r);
  for (int i = 0; i < 3; ++i) {
    FF_ASSERT_TRUE(point_jacobian(b.model, b.ws, b.contacts[i].body, b.contacts[i].point, j).ok());
    for (int d = 0; d < 3; ++d) {
      for (int k = 0; k < n; ++k) {
        a(n + 3 * i + d, k) = j(d, k);
        a(k, n + 3 * i + d) = -j(d, k);
      }
      x(n + 3 * i + d) = S(0);
    }
  }
  FF_ASSERT_TRUE(gaussian_solve(a, x));
  for (int k = 0; k < n; ++k) FF_EXPECT_NEAR(b.result.v_plus(k), x(k), S(2e3) * ulps<S>(1) * S(10));
  for (int i = 0; i < 3; ++i)
    for (int d = 0; d < 3; ++d) FF_EXPECT_NEAR(b.result.impulse[i](d), x(n + 3 * i + d), S(2e3) * ulps<S>(1) * S(30));
  FF_EXPECT_TRUE(b.result.velocity_unique && b.result.impulse_unique);
}

// The rod of Liu04 §5 at its first strike. It starts at rest at φ = π/4 with its left end on the
// frictionless floor, which it keeps touching as it falls; the centre falls straight down (no
// horizontal force), y = L sin φ. At the strike φ = 0 and energy gives ½(m L² + I) φ̇² = m g L
// sin(π/4): φ̇ = −a/L with a = √(2 g L sin(π/4) / (1 + I/(m L²))) = √(3 g/√2 · ½) for m = 1, L = 1,
// I = 1/3, and ẏ = L φ̇ = −a. The left end is touching (ζ⁻ = ẏ − Lφ̇ = 0), the right one strikes at
// ζ⁻ = ẏ + Lφ̇ = −2a. With W = [[4, −2], [−2, 4]] and q = (0, −2(1 + e)a), both ends active gives
// ι = (1 + e)a (1/3, 2/3), both positive, so the left end keeps contact (ζ⁺ = 0) and takes an
// impulse, the right one leaves at 2ea, and ẏ⁺ = ea, φ̇⁺ = ea/L.
FF_TEST_FLOAT_AND_DOUBLE(StrikeReference, FallingRodFirstStrike) {
  auto& b = rod_strike_bench<S>();
  const S g = S(9.8), e = S(0.4);
  const S a = std::sqrt(S(2) * g * std::sin(S(0.78539816339744831)) / (S(1) + S(1) / S(3)));
  FF_ASSERT_TRUE(rod_flat_strike(b, S(0.70710678118654752), -a, -a, e).ok());
  const auto& r = b.result;
  const S tol = ulps<S>(64) * a;
  FF_EXPECT_NEAR(r.approach[0], S(0), tol);
  FF_EXPECT_NEAR(r.approach[1], S(-2) * a, tol);
  FF_EXPECT_NEAR(r.normal_impulse[0], (S(1) + e) * a / S(3), tol);
  FF_EXPECT_NEAR(r.normal_impulse[1], S(2) * (S(1) + e) * a / S(3), tol);
  FF_EXPECT_NEAR(r.v_plus(0), S(0), tol);
  FF_EXPECT_NEAR(r.v_plus(1), e * a, tol);
  FF_EXPECT_NEAR(r.v_plus(2), e * a, tol);
  FF_EXPECT_NEAR(r.departure[0], S(0), tol);
  FF_EXPECT_NEAR(r.departure[1], S(2) * e * a, tol);
  FF_EXPECT_TRUE(r.state[0] == StrikeState::kSticking && r.state[1] == StrikeState::kSticking);
}

// A contact separating before the strike that the other's impulse drives down joins it. The
// rod lies flat (φ = 0); its right end strikes at ζ⁻_R = −v while its left end lifts at ζ⁻_L = u:
// ẏ = (u − v)/2, φ̇ = −(u + v)/2. Alone, the right end's impulse (1 + e)v/4 would send the left end
// down at u − (1 + e)v/2 < 0 (W = [[4, −2], [−2, 4]] on (L, R)). Joined as a plastic contact it
// ends at ζ⁺_L = 0, and with ζ⁺_R = e v the two equations give ι_R = ((1 + e)v − u/2)/3 and
// ι_L = ((1 + e)v − 2u)/6, positive for u < (1 + e)v/2.
FF_TEST_FLOAT_AND_DOUBLE(StrikeReference, LiftingEndPushedDownJoinsTheStrike) {
  auto& b = rod_strike_bench<S>();
  const S v_in = S(1), u = S(0.2), e = S(0.4);
  FF_ASSERT_TRUE(rod_flat_strike(b, S(0), (u - v_in) / S(2), -(u + v_in) / S(2), e).ok());
  const auto& r = b.result;
  const S tol = ulps<S>(64);
  FF_EXPECT_NEAR(r.approach[0], u, tol);
  FF_EXPECT_NEAR(r.approach[1], -v_in, tol);
  FF_EXPECT_NEAR(r.normal_impulse[0], ((S(1) + e) * v_in - S(2) * u) / S(6), tol);
  FF_EXPECT_NEAR(r.normal_impulse[1], ((S(1) + e) * v_in - u / S(2)) / S(3), tol);
  FF_EXPECT_NEAR(r.departure[0], S(0), tol);
  FF_EXPECT_NEAR(r.departure[1], e * v_in, tol);
  FF_EXPECT_TRUE(r.state[0] == StrikeState::kSticking && r.state[1] == StrikeState::kSticking);

  // Lifting faster than the push (u > (1 + e)v/2), it stays out and leaves upwards.
  FF_ASSERT_TRUE(rod_flat_strike(b, S(0), (S(0.9) - v_in) / S(2), -(S(0.9) + v_in) / S(2), e).ok());
  FF_EXPECT_TRUE(b.result.state[0] == StrikeState::kLeftOut);
  FF_EXPECT_NEAR(b.result.normal_impulse[1], (S(1) + e) * v_in / S(4), tol);
  FF_EXPECT_NEAR(b.result.departure[0], S(0.9) - (S(1) + e) * v_in / S(2), tol);
}

// Poisson's law at one frictionless contact is Newton's.
FF_TEST_FLOAT_AND_DOUBLE(StrikeIdentities, PoissonIsNewtonAtOneContact) {
  auto& b = quadruped_bench<S>();
  const int feet[1] = {2};
  FF_ASSERT_TRUE(quadruped_touchdown(b, feet, 1, S(0.5), S(0), S(0.5)));
  FF_ASSERT_TRUE(b.solve(StrikeFriction::kNone, RestitutionLaw::kNewton).ok());
  const S newton = b.result.normal_impulse[0];
  FF_ASSERT_TRUE(b.solve(StrikeFriction::kNone, RestitutionLaw::kPoisson).ok());
  FF_EXPECT_NEAR(b.result.normal_impulse[0], newton, ulps<S>(64) * newton);
  FF_EXPECT_NEAR(b.result.departure[0], -S(0.5) * b.result.approach[0], ulps<S>(256));
}

// The impulse equation's check catches what the strike's own terms cannot: with one pivot of H's
// factor doubled, W, Δq̇ and ζ⁺ all come from the same wrong factor and agree with each other,
// but H Δq̇ − Gᵀι is far from zero on H itself. The strike must fail there (it judges a large
// residual only after summing every term's size, dynamics/residual_check.hpp) and pass again on
// the factor made afresh.
FF_TEST_FLOAT_AND_DOUBLE(StrikeChecks, QuadrupedWrongFactorFailsTheImpulseEquation) {
  auto& b = quadruped_bench<S>();
  const int feet[2] = {0, 3};
  FF_ASSERT_TRUE(quadruped_touchdown(b, feet, 2, S(0.6), S(0.8), S(0.2)));
  FF_ASSERT_TRUE(b.solve(StrikeFriction::kCone).ok());
  for (int k : {2, 8, 17}) {  // a free-flyer DOF, and the calves of the two striking feet
    const S pivot = b.ws.factor(k, k);
    b.ws.factor(k, k) = S(2) * pivot;
    const Status status = b.solve(StrikeFriction::kCone);
    FF_EXPECT_TRUE(status.code == StatusCode::kCheckFailed && std::strcmp(status.field, "strike.impulse_equation") == 0);
    b.ws.factor(k, k) = pivot;
    FF_EXPECT_TRUE(b.solve(StrikeFriction::kCone).ok());
  }
}

}  // namespace
}  // namespace footfall::test
