#pragma once
// The rigid-contact simulators' reference problems (tests/README.md, reference problems 15 and 16): the
// falling rod of Liu04 §5 and the bouncing ball, with their exact answers, the same on host and
// boards.
#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <limits>

#include "ff_test.hpp"
#include "footfall/models.hpp"
#include "footfall/motion/event_driven.hpp"
#include "footfall/motion/time_stepping.hpp"
#include "footfall/stance/holding_torques.hpp"
#include "footfall/motion/trapezoidal.hpp"

namespace footfall::test {

template <typename S, int B, int D, int K>
struct RigidBench {
  using ModelType = Model<S, B, D>;
  ModelType model;
  Workspace<S, B, D> ws;
  ContactCandidates<S, K> candidates;
  RigidMotionWorkspace<S, B, D, K> motion;
  RigidMotionState<S, B, D, K> state;
  RigidStepReport<S, K> report;
  typename ModelType::TangentVector tau;
};

// Liu04 §5: the rod of length 2L = 2 m and mass 1 kg, its centre at (L/√2, L/√2) and φ = π/4, at
// rest, g = 9.8, both ends on a frictionless floor with e = 0.4; the gaps y ∓ L sin φ.
template <typename S>
using RodBench = RigidBench<S, 1, 3, 2>;

constexpr double kRodGravity = 9.8;
constexpr double kRodRestitution = 0.4;
constexpr double kRodStartAngle = 0.78539816339744830962;  // π/4

template <typename S>
bool falling_rod(RodBench<S>& b) {
  if (!build_rod2d_model(&b.model).ok()) return false;
  b.candidates.clear();
  for (int end = 0; end < 2; ++end)
    if (!b.candidates.add(Contact<S>::Ground(0, rod2d_end<S>(end), Vector3<S>::UnitY(), S(0), S(kRodRestitution))).ok())
      return false;
  b.state = RigidMotionState<S, 1, 3, 2>();
  const S c = S(std::sqrt(0.5));
  b.state.q.resize(3);
  b.state.q << c, c, S(kRodStartAngle);
  b.state.v = Rod2dModel<S>::TangentVector::Zero(3);
  b.tau = Rod2dModel<S>::TangentVector::Zero(3);
  return true;
}

// The rod of `b`, as it starts, with three candidates of the test's choosing.
template <typename S>
bool rod_with_three_candidates(const RodBench<S>& b, std::initializer_list<Contact<S>> contacts,
                               RigidBench<S, 1, 3, 3>& out) {
  out.model = b.model;
  out.candidates.clear();
  for (const Contact<S>& c : contacts)
    if (!out.candidates.add(c).ok()) return false;
  out.state = RigidMotionState<S, 1, 3, 3>();
  out.state.q = b.state.q;
  out.state.v = b.state.v;
  out.tau = b.tau;
  return out.candidates.size() == 3;
}

// The falling rod twice: in `b` as falling_rod makes it, and in `out` with its middle as a third
// candidate between its ends. The middle's gap y is the mean of the ends' y ∓ L sin φ at every
// q, so once the rod lies flat the three normal rows have rank 2 and the contact problems have
// many answers: the ends, or the middle alone (the rod balanced on it), or any mixture carrying
// the weight.
template <typename S>
bool rod_with_its_middle(RodBench<S>& b, RigidBench<S, 1, 3, 3>& out) {
  if (!falling_rod(b)) return false;
  const auto& ends = b.candidates.contacts;
  Contact<S> middle = ends[0];
  middle.point = Vector3<S>::Zero();
  return rod_with_three_candidates(b, {ends[0], middle, ends[1]}, out);
}

// Steps `bench` with advance(bench) (a scheme's advance_* on it, returning its Status) until its
// time reaches `end` or `limit` steps were taken, calling after_step(bench) after each. Returns
// the steps taken, or −1 at the first step that is not ok.
template <typename Bench, typename Time, typename Advance, typename AfterStep>
int run_until(Bench& bench, Time end, int limit, Advance&& advance, AfterStep&& after_step) {
  int steps = 0;
  for (; steps < limit && bench.state.time < end; ++steps) {
    if (!advance(bench).ok()) return -1;
    after_step(bench);
  }
  return steps;
}

template <typename S>
Vector3<S> rod_gravity() {
  return Vector3<S>(S(0), S(-kRodGravity), S(0));
}

// With the left end on the frictionless floor nothing pushes the rod sideways, so its centre
// falls straight down, y = L sin φ, and energy gives φ̇² (L² cos²φ + I/m) = 2gL(sin φ₀ − sin φ)
// (m = L = 1, I = 1/3). The time to φ = 0 is ∫ dφ/|φ̇|; with w² = sin φ₀ − sin φ its integrand
// is smooth: t = ∫₀^√(sin φ₀) 2 √((cos²φ + 1/3)/(2g)) / cos φ dw. Composite Simpson, in double.
inline double rod_first_strike_time() {
  const double s0 = std::sin(kRodStartAngle), top = std::sqrt(s0);
  const int n = 4000;
  double sum = 0.0;
  for (int k = 0; k <= n; ++k) {
    const double w = top * k / n;
    const double phi = std::asin(s0 - w * w), c = std::cos(phi);
    const double f = 2.0 * std::sqrt((c * c + 1.0 / 3.0) / (2.0 * kRodGravity)) / c;
    sum += f * (k == 0 || k == n ? 1.0 : (k % 2 == 1 ? 4.0 : 2.0));
  }
  return sum * top / (3.0 * n);
}

// φ̇ just before the first strike: (1 + 1/3) φ̇² = 2g sin φ₀.
inline double rod_first_strike_rate() { return -std::sqrt(2.0 * kRodGravity * std::sin(kRodStartAngle) * 0.75); }

// The bouncing ball of reference problem 16 (tests/README.md): a free sphere of radius 0.1 m and 1 kg dropped from
// h₀ = 1 m (its lowest point) with e = 0.5 and g = 9.81.
template <typename S>
using BallBench = RigidBench<S, 1, 6, 1>;

constexpr double kBallHeight = 1.0;
constexpr double kBallRestitution = 0.5;
constexpr double kBallRadius = 0.1;

template <typename S>
bool bouncing_ball(BallBench<S>& b) {
  Inertia<S> inertia;
  const S moment = S(0.4 * kBallRadius * kBallRadius);
  if (!Inertia<S>::FromMassComInertia(S(1), Vector3<S>::Zero(), Matrix3<S>(Vector3<S>::Constant(moment).asDiagonal()),
                                      &inertia)
           .ok())
    return false;
  ModelBuilder<S, 1, 6> builder;
  builder.add_body("ball", -1, JointSpec<S>::FreeFlyer(), inertia, nullptr, "free");
  if (!builder.build(&b.model).ok()) return false;
  b.candidates.clear();
  if (!b.candidates
           .add(Contact<S>::Ground(0, Vector3<S>(S(0), S(0), S(-kBallRadius)), Vector3<S>::UnitZ(), S(0),
                                   S(kBallRestitution)))
           .ok())
    return false;
  b.state = RigidMotionState<S, 1, 6, 1>();
  b.state.q = Model<S, 1, 6>::ConfigVector::Zero(7);
  b.state.q(2) = S(kBallHeight + kBallRadius);
  b.state.q(6) = S(1);  // quaternion x y z w: the identity
  b.state.v = Model<S, 1, 6>::TangentVector::Zero(6);
  b.tau = Model<S, 1, 6>::TangentVector::Zero(6);
  return true;
}

// √(2h₀/g)·(1 + e)/(1 − e): when the bounces accumulate.
inline double ball_rest_time() {
  return std::sqrt(2.0 * kBallHeight / 9.81) * (1.0 + kBallRestitution) / (1.0 - kBallRestitution);
}

// A landing slower than the speed tolerance, with nothing to stop it but the landing: the ball of
// bouncing_ball in zero gravity, sinking at half of `co`'s speed tolerance onto a plane through
// its centre. The tolerances are set so that a step of `step` sinks it by half the gap tolerance
// (float needs them wider), and it starts an eighth of that tolerance above the plane.
template <typename S>
bool ball_sinking_slowly(BallBench<S>& b, RigidContactOptions<S>& co, S step) {
  if (!bouncing_ball(b)) return false;
  co.gravity = Vector3<S>::Zero();
  co.gap_tolerance = sizeof(S) == sizeof(float) ? S(1e-4) : S(1e-6);
  co.speed_tolerance = co.gap_tolerance / step;
  b.candidates.plane_offset[0] = -S(kBallRadius);
  b.state.q(2) = S(0.125) * co.gap_tolerance;
  b.state.v(2) = S(-0.5) * co.speed_tolerance;
  return true;
}

// What a scheme must do with ball_sinking_slowly: its first two steps are whole and eventless
// (it starts touching, φ ≤ gap_tolerance, and stays within the tolerance: no landing to locate,
// rests_on_plane); the third would take it past the tolerance, so its landing is located there
// and stops it, plastically (no rebound below the speed the scheme resolves), never deeper than
// the tolerance; after that it lies still, step after whole step. Before, both schemes resolved
// that landing with no impulse and found it again at once: the event-driven scheme stepped by
// nothing for ever, the trapezoidal one by min_step until it halved out.
template <typename S, typename Advance>
void expect_slow_landing_stops_the_ball(BallBench<S>& b, const RigidContactOptions<S>& co, S step,
                                        Advance&& advance) {
  int gains = 0, steps = 0;
  S deepest = S(0);
  for (; steps < 12 && b.state.time < S(8) * step; ++steps) {
    const S before = b.state.time;
    FF_ASSERT_TRUE(advance(b).ok());
    deepest = std::min(deepest, b.report.gap[0]);
    if (b.report.events & kEventContactGain) {
      ++gains;
      FF_EXPECT_EQ(steps, 2);
      FF_EXPECT_NEAR(b.report.normal_velocity[0], S(0), S(64) * epsilon<S>() * co.speed_tolerance);
    } else {
      FF_EXPECT_EQ(b.report.events, static_cast<unsigned>(kEventNone));
      FF_EXPECT_NEAR(b.state.time - before, step, S(4) * epsilon<S>() * b.state.time);
    }
  }
  FF_EXPECT_EQ(gains, 1);
  FF_EXPECT_TRUE(steps <= 9);  // eight whole steps and the landing's short one
  FF_EXPECT_TRUE(deepest >= -co.gap_tolerance);
  FF_EXPECT_NEAR(b.state.v(2), S(0), S(64) * epsilon<S>() * co.speed_tolerance);
}

// A motion may start with a candidate up to max_start_penetration inside its plane. The ball of
// ball_sinking_slowly, started half that deep, at rest or sinking as it does there: it stays
// where it started (to the gap tolerance), the sinking one stopped by its first step, which
// locates the landing at once, and every later step is whole and eventless. The trapezoidal
// scheme once measured such a free candidate's penetration from the plane, and every step
// halved until it gave up (motion.halvings); with the start's sinking let through, it sank on.
template <typename S, typename Advance>
void expect_deep_start_is_held(BallBench<S>& b, const RigidContactOptions<S>& co, S step, bool sinking,
                               Advance&& advance) {
  const S start = S(-0.5) * co.max_start_penetration;
  b.state.q(2) = start;
  if (!sinking) b.state.v(2) = S(0);
  for (int k = 0; k < 5; ++k) {
    const S before = b.state.time;
    FF_ASSERT_TRUE(advance(b).ok());
    FF_EXPECT_NEAR(b.report.gap[0], start, co.gap_tolerance);
    FF_EXPECT_NEAR(b.state.v(2), S(0), S(64) * epsilon<S>() * co.speed_tolerance);
    if (k == 0 && sinking) {
      FF_EXPECT_TRUE((b.report.events & kEventContactGain) != 0);
    } else {
      FF_EXPECT_EQ(b.report.events, static_cast<unsigned>(kEventNone));
      FF_EXPECT_NEAR(b.state.time - before, step, S(4) * epsilon<S>() * b.state.time);
    }
  }
}

// The quadruped standing (trunk level at 0.3 m, every leg at hip 0, thigh 0.8, calf −1.6 rad, at
// rest) with a candidate at each foot on a plane through that foot (gap 0), friction μ, and the
// joint torques that hold it still on its four feet (stance/holding_torques.hpp).
template <typename S>
using QuadrupedMotionBench = RigidBench<S, 13, 18, 4>;

template <typename S>
bool quadruped_on_its_feet(QuadrupedMotionBench<S>& b, S mu) {
  if (!build_quadruped_model(&b.model).ok()) return false;
  b.state = RigidMotionState<S, 13, 18, 4>();
  b.state.q.resize(19);
  b.state.q << S(0), S(0), S(0.3), S(0), S(0), S(0), S(1), S(0), S(0.8), S(-1.6), S(0), S(0.8), S(-1.6), S(0),
      S(0.8), S(-1.6), S(0), S(0.8), S(-1.6);
  b.state.v = Model<S, 13, 18>::TangentVector::Zero(18);
  if (!compute_tick_terms(b.model, b.ws, b.state.q, b.state.v).ok()) return false;
  b.candidates.clear();
  for (int leg = 0; leg < 4; ++leg) {
    const Contact<S> foot = Contact<S>::Ground(quadruped_calf_body(leg), quadruped_foot_point<S>(), Vector3<S>::UnitZ(), mu);
    const S height = detail::world_point(b.ws, foot.body, foot.point).z();
    if (!b.candidates.add(foot, height).ok()) return false;
  }
  ContactDynamics<S, 18, 4>& cd = b.motion.stance.contact;
  b.tau = Model<S, 13, 18>::TangentVector::Zero(18);
  return compute_contact_dynamics(b.model, b.ws, b.candidates.contacts, b.tau, ContactRows::kWithTangents, cd).ok() &&
         holding_torques(b.model, b.ws, cd, b.tau).ok();
}

}  // namespace footfall::test
