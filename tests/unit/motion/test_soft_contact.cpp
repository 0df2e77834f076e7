// Soft contact (RBDA §11.8, (11.73)–(11.79); tests/README.md, reference problem 17) against closed forms: a mass dropped
// on the linear surface follows the damped oscillator m p̈ = −K p − D ṗ − m g until the force
// −K p − D ṗ reaches zero, where contact is lost and the surface relaxes as z₀·e^(−K(t−t₀)/D);
// Hunt–Crossley's restitution against Marhefka and Orin's e ≈ 1 − (2/3)(λ/k) v; a rod on a rough
// surface that sticks below μ m g (held by its tangential springs) and slides above it (at
// (F − μ m g)/m); the energy identity KE + PE − ∫τ_cᵀv dt = const; and bad input.
#include <cmath>

#include "ff_test.hpp"
#include "footfall/motion/soft_contact.hpp"
#include "rigid_fixtures.hpp"

namespace footfall::test {
namespace {

template <typename S, int B, int D, int K>
struct SoftBench {
  Model<S, B, D> model;
  Workspace<S, B, D> ws;
  ContactCandidates<S, K> candidates;
  SoftMotionWorkspace<S, B, D> motion;
  SoftMotionState<S, B, D, K> state;
  SoftStepReport<S, K> report;
  typename Model<S, B, D>::TangentVector tau;
};

// The ball of reference problem 16 (tests/README.md; 1 kg, r = 0.1 m, free) arriving at the plane at v₀ downward.
template <typename S>
bool ball_arriving(SoftBench<S, 1, 6, 1>& b, S v0) {
  static BallBench<S> ball;
  if (!bouncing_ball(ball)) return false;
  b.model = ball.model;
  b.candidates = ball.candidates;
  b.state = SoftMotionState<S, 1, 6, 1>();
  b.state.q = ball.state.q;
  b.state.q(2) = S(kBallRadius);
  b.state.v = Model<S, 1, 6>::TangentVector::Zero(6);
  b.state.v(2) = -v0;
  b.tau = Model<S, 1, 6>::TangentVector::Zero(6);
  return true;
}

// The closed form on the linear surface, p(0) = 0, ṗ(0) = −v₀: p = −mg/K + e^(−σt)(A cos ωt + B
// sin ωt), σ = D/2m, ω² = K/m − σ²; contact ends where f = −K p − D ṗ first returns to zero.
struct DampedOscillator {
  double m, k, d, g, v0, sigma, omega, a, b;
  DampedOscillator(double m_, double k_, double d_, double g_, double v0_) : m(m_), k(k_), d(d_), g(g_), v0(v0_) {
    sigma = d / (2 * m);
    omega = std::sqrt(k / m - sigma * sigma);
    a = m * g / k;
    b = (-v0 + sigma * a) / omega;
  }
  double p(double t) const { return -m * g / k + std::exp(-sigma * t) * (a * std::cos(omega * t) + b * std::sin(omega * t)); }
  double pdot(double t) const {
    const double e = std::exp(-sigma * t), c = std::cos(omega * t), s = std::sin(omega * t);
    return e * (-sigma * (a * c + b * s) + omega * (-a * s + b * c));
  }
  double force(double t) const { return -k * p(t) - d * pdot(t); }
  double release() const {  // the force's first zero, by a scan and bisection
    double lo = 0.0, hi = 0.0;
    for (double t = 1e-6; t < 10.0; t += 1e-5)
      if (force(t) <= 0.0) {
        hi = t;
        lo = t - 1e-5;
        break;
      }
    for (int i = 0; i < 60; ++i) (force(0.5 * (lo + hi)) > 0.0 ? lo : hi) = 0.5 * (lo + hi);
    return 0.5 * (lo + hi);
  }
};

template <typename S>
S total_energy(SoftBench<S, 1, 6, 1>& b, const Vector3<S>& gravity) {
  S kinetic = S(0), potential = S(0);
  forward_kinematics(b.model, b.ws, b.state.q, b.state.v);
  kinetic_energy(b.model, b.ws, b.state.v, &kinetic);
  potential_energy(b.model, b.ws, gravity, &potential);
  return kinetic + potential;
}

FF_TEST_FLOAT_AND_DOUBLE(SoftContact, R17LinearSurfaceAgainstTheDampedOscillator) {
  static SoftBench<S, 1, 6, 1> b;
  const S v0 = S(1), h = S(5e-5);
  FF_ASSERT_TRUE(ball_arriving(b, v0));
  SoftContactParameters<S> p;
  p.normal_stiffness = S(1e3);
  p.normal_damping = S(10);
  const Vector3<S> gravity(S(0), S(0), S(-9.81));
  const DampedOscillator exact(1.0, 1e3, 10.0, 9.81, 1.0);
  const S e0 = total_energy(b, gravity);
  bool pressed = false;
  S released = S(-1), exit_speed = S(0), left_depth = S(0);
  for (int k = 0; k < 20000 && released < S(0); ++k) {
    FF_ASSERT_TRUE(advance_soft_contact(b.model, b.ws, b.candidates, b.tau, p, gravity, h, b.motion, b.state, b.report).ok());
    const SoftContactForce<S>& f = b.report.force[0];
    FF_EXPECT_TRUE(f.normal >= S(0));
    if (f.normal > S(0)) pressed = true;
    if (pressed && !b.state.contact.in_contact[0]) {
      released = b.report.time - h;  // the step whose start found the force gone
      exit_speed = b.state.v(2);
      left_depth = b.state.contact.left_depth[0];
    }
  }
  FF_ASSERT_TRUE(released > S(0));
  const double t_end = exact.release();
  FF_EXPECT_NEAR(released, S(t_end), S(3) * h);
  FF_EXPECT_NEAR(exit_speed, S(exact.pdot(t_end)), S(1e-2) * v0);
  FF_EXPECT_NEAR(left_depth, S(exact.p(t_end)), S(2e-2) * S(std::abs(exact.p(t_end))) + S(3) * h * v0);
  // Out of contact the patch relaxes exactly: z₀·e^(−K(t − t₀)/D).
  const S later = b.state.contact.left_at[0] + S(0.004);
  FF_EXPECT_NEAR(soft_surface_position(p, b.state.contact, 0, S(1), later),
                 left_depth * std::exp(-p.normal_stiffness * S(0.004) / p.normal_damping), S(16) * epsilon<S>());
  // The energy identity: what the bodies lost is the contact forces' work, to the step's order.
  FF_EXPECT_NEAR(total_energy(b, gravity) - b.state.contact_work, e0, S(2e-2) * S(0.5) * v0 * v0);
  FF_EXPECT_TRUE(b.state.contact_work < S(0));  // the damper took energy out
}

// Marhefka and Orin: with λ = (3/2) α k, a collision at v leaves at about (1 − α v) v.
FF_TEST_FLOAT_AND_DOUBLE(SoftContact, HuntCrossleyRestitution) {
  static SoftBench<S, 1, 6, 1> b;
  const S v0 = S(1), alpha = S(0.05), h = S(2e-5);
  FF_ASSERT_TRUE(ball_arriving(b, v0));
  SoftContactParameters<S> p;
  p.law = SoftNormalLaw::kHuntCrossley;
  p.normal_stiffness = S(1e6);
  p.exponent = S(1.5);
  p.normal_damping = S(1.5) * alpha * p.normal_stiffness;
  const Vector3<S> gravity = Vector3<S>::Zero();
  bool pressed = false;
  for (int k = 0; k < 50000; ++k) {
    FF_ASSERT_TRUE(advance_soft_contact(b.model, b.ws, b.candidates, b.tau, p, gravity, h, b.motion, b.state, b.report).ok());
    FF_EXPECT_TRUE(b.report.force[0].normal >= S(0));
    if (b.report.force[0].normal > S(0)) pressed = true;
    if (pressed && b.report.gap[0] > S(0)) break;
  }
  FF_ASSERT_TRUE(pressed);
  FF_EXPECT_NEAR(b.state.v(2) / v0, S(1) - alpha * v0, S(1e-2));
}

// The rod lying on a rough soft surface (both ends, μ = 0.5), pushed along it by F at its centre:
// below μ m g its tangential springs hold it, displaced F/(2K_t), at rest; above, it slides at
// (F − μ m g)/m. Every friction force on the way stays inside its cone, |f_t| ≤ μ f_n.
template <typename S>
void push_rod(S push_over_friction, S* displacement, S* speed_gain, S* duration, S* cone_excess) {
  static RodBench<S> rod;
  static SoftBench<S, 1, 3, 2> b;
  falling_rod(rod);
  b.model = rod.model;
  b.candidates = rod.candidates;
  const S mu = S(0.5), g = S(kRodGravity);
  for (int end = 0; end < 2; ++end) b.candidates.contacts[end].mu = mu;
  b.state = SoftMotionState<S, 1, 3, 2>();
  b.state.q = Rod2dModel<S>::ConfigVector::Zero(3);
  b.state.v = Rod2dModel<S>::TangentVector::Zero(3);
  b.tau = Rod2dModel<S>::TangentVector::Zero(3);
  SoftContactParameters<S> p;  // K 2e4, D 200 (normal and tangential)
  const S h = S(1e-4);
  const Vector3<S> gravity = rod_gravity<S>();
  for (int k = 0; k < 3000; ++k)  // settle on the surface
    advance_soft_contact(b.model, b.ws, b.candidates, b.tau, p, gravity, h, b.motion, b.state, b.report);
  const S x0 = b.state.q(0), v_start = b.state.v(0);
  b.tau(0) = push_over_friction * mu * g;
  *duration = S(0.3);
  *cone_excess = S(0);
  for (int k = 0; k < 3000; ++k) {
    if (!advance_soft_contact(b.model, b.ws, b.candidates, b.tau, p, gravity, h, b.motion, b.state, b.report).ok()) return;
    for (int end = 0; end < 2; ++end) {
      const SoftContactForce<S>& f = b.report.force[end];
      *cone_excess = std::max(*cone_excess, f.friction.norm() - mu * f.normal);
    }
  }
  *displacement = b.state.q(0) - x0;
  *speed_gain = b.state.v(0) - v_start;
}

FF_TEST_FLOAT_AND_DOUBLE(SoftContact, StickBelowTheConeSlideAbove) {
  const S mu_g = S(0.5 * kRodGravity), k_t = SoftContactParameters<S>().tangential_stiffness;
  S x = S(0), dv = S(0), t = S(0), excess = S(1);
  push_rod(S(0.5), &x, &dv, &t, &excess);  // F = ½ μ m g: sticks
  FF_EXPECT_NEAR(x, S(0.5) * mu_g / (S(2) * k_t), S(5e-2) * S(0.5) * mu_g / (S(2) * k_t));
  FF_EXPECT_NEAR(dv, S(0), S(1e-3));
  FF_EXPECT_TRUE(excess <= S(8) * epsilon<S>() * mu_g);
  excess = S(1);
  push_rod(S(2), &x, &dv, &t, &excess);  // F = 2 μ m g: slides at μ g
  FF_EXPECT_NEAR(dv / t, mu_g, S(3e-2) * mu_g);
  FF_EXPECT_TRUE(excess <= S(8) * epsilon<S>() * mu_g);
}

// Stiffer springs approach the rigid strike. Whatever its restitution, a rigid strike changes
// the velocities along H⁻¹J_nᵀ (RBDA (11.57): H Δq̇ = J_nᵀ ι); a soft one spreads the impulse over
// the contact's duration while the rod turns, so its Δv leans off that direction by about the
// angle turned, which shrinks as 1/√K. The rod, tilted 0.3 rad with its lower end on the plane,
// arrives at 1 m/s without gravity; the damping ratio is held at 0.2 as K grows.
template <typename S>
S soft_strike_misalignment(S stiffness) {
  static RodBench<S> rod;
  static SoftBench<S, 1, 3, 2> b;
  falling_rod(rod);
  b.model = rod.model;
  b.candidates = rod.candidates;
  const S tilt = S(0.3);
  b.state = SoftMotionState<S, 1, 3, 2>();
  b.state.q = Rod2dModel<S>::ConfigVector::Zero(3);
  b.state.q << S(0), std::sin(tilt), tilt;
  b.state.v = Rod2dModel<S>::TangentVector::Zero(3);
  b.state.v(1) = S(-1);
  b.tau = Rod2dModel<S>::TangentVector::Zero(3);
  const Vector3<S> none = Vector3<S>::Zero();
  // The rigid direction H⁻¹J_nᵀ at the strike, by ABA at rest with τ = J_nᵀ and no gravity.
  Eigen::Matrix<S, 3, Eigen::Dynamic, 0, 3, 3> jacobian(3, 3);
  forward_kinematics(b.model, b.ws, b.state.q, b.state.v);
  point_jacobian(b.model, b.ws, 0, b.candidates.contacts[0].point, jacobian);
  const typename Rod2dModel<S>::TangentVector at_rest = Rod2dModel<S>::TangentVector::Zero(3);
  // Fixed-size 3-vectors (the rod's nv): GCC 12 at -O3 misreads the bounds of SSE loads on the
  // dynamic ones of capacity 3.
  const Vector3<S> push = jacobian.transpose() * b.candidates.contacts[0].normal;
  aba(b.model, b.ws, b.state.q, at_rest, push, none);
  const Vector3<S> rigid = Vector3<S>(b.ws.qdd).normalized();
  const S effective_mass = S(1) / push.dot(Vector3<S>(b.ws.qdd));
  SoftContactParameters<S> p;
  p.normal_stiffness = stiffness;
  p.normal_damping = S(2) * S(0.2) * std::sqrt(stiffness * effective_mass);
  const S h = S(0.02) * std::sqrt(effective_mass / stiffness);  // ~300 steps a contact
  const Vector3<S> before = b.state.v;
  bool pressed = false;
  for (int k = 0; k < 2000; ++k) {
    if (!advance_soft_contact(b.model, b.ws, b.candidates, b.tau, p, none, h, b.motion, b.state, b.report).ok())
      return S(1);
    if (b.report.force[0].normal > S(0)) pressed = true;
    if (pressed && !b.state.contact.in_contact[0]) break;
  }
  if (!pressed || b.state.contact.in_contact[0]) return S(1);
  const Vector3<S> change = Vector3<S>(b.state.v) - before;
  return (change - change.dot(rigid) * rigid).norm() / change.norm();
}

FF_TEST_FLOAT_AND_DOUBLE(SoftContact, StifferSpringsApproachTheRigidStrike) {
  const S soft = soft_strike_misalignment(S(1e3)), stiff = soft_strike_misalignment(S(1e5));
  FF_EXPECT_TRUE(soft > S(0) && soft < S(2e-3));  // about 7e-4 at K = 1e3
  FF_EXPECT_TRUE(stiff < soft / S(6));             // two decades of K: 1/√K gives 10
  FF_EXPECT_TRUE(stiff < S(2e-4));
}

FF_TEST_FLOAT_AND_DOUBLE(SoftContact, RejectsBadInput) {
  static SoftBench<S, 1, 6, 1> b;
  FF_ASSERT_TRUE(ball_arriving(b, S(1)));
  const auto q0 = b.state.q;
  const Vector3<S> gravity(S(0), S(0), S(-9.81));
  const auto run = [&](const SoftContactParameters<S>& p, S h) {
    return advance_soft_contact(b.model, b.ws, b.candidates, b.tau, p, gravity, h, b.motion, b.state, b.report).code;
  };
  SoftContactParameters<S> p;
  p.normal_stiffness = S(0);
  FF_EXPECT_TRUE(run(p, S(1e-4)) == StatusCode::kBadInput);
  p = SoftContactParameters<S>();
  p.normal_damping = S(0);  // the linear surface cannot relax without a damper
  FF_EXPECT_TRUE(run(p, S(1e-4)) == StatusCode::kBadInput);
  p.law = SoftNormalLaw::kHuntCrossley;  // an undamped Hunt–Crossley contact is fine
  p.exponent = S(0.5);
  FF_EXPECT_TRUE(run(p, S(1e-4)) == StatusCode::kBadInput);
  p = SoftContactParameters<S>();
  FF_EXPECT_TRUE(run(p, S(0)) == StatusCode::kBadInput);
  b.tau(3) = std::numeric_limits<S>::quiet_NaN();
  FF_EXPECT_TRUE(run(p, S(1e-4)) == StatusCode::kBadInput);
  FF_EXPECT_TRUE(b.state.q == q0 && b.state.time == S(0));
}

}  // namespace
}  // namespace footfall::test
