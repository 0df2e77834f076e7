// Fixed-step time stepping (Stewart–Trinkle / Anitescu–Potra, time_stepping.hpp) on the falling
// rod of Liu04 §5, the bouncing ball, the sliding rod and the quadruped (tests/README.md, reference problems 15, 16),
// against their exact answers to within what a fixed step resolves: event times to a step,
// velocities to g·h, distances to |v|·h.
#include "ff_test.hpp"
#include "random.hpp"
#include "rigid_fixtures.hpp"

namespace footfall::test {
namespace {

template <typename S>
RodBench<S>& stepping_rod() {
  static RodBench<S> instance;
  return instance;
}

template <typename S>
TimeSteppingOptions<S> stepping_options(S step, FrictionModel friction) {
  TimeSteppingOptions<S> o;
  o.step = step;
  o.friction = friction;
  return o;
}

// The rod's first strike happens in the step that brings its right end to the floor: within a
// step of the exact time (the step's end is a multiple of h, and the semi-implicit update, v⁺
// first, then q with v⁺, runs ahead of the exact fall by about h/2). The impulse of that step leaves the end rising at e times what it
// arrived with (the speed at the step's start: g·h off the exact one), and the frictionless
// floor never pushes the rod sideways.
FF_TEST_FLOAT_AND_DOUBLE(TimeStepping, R15RodFirstStrikeWithinAStep) {
  auto& b = stepping_rod<S>();
  for (const S h : {S(1e-3), S(2.5e-4)}) {
    FF_ASSERT_TRUE(falling_rod(b));
    TimeSteppingOptions<S> o = stepping_options(h, FrictionModel::kNone);
    o.contact.gravity = rod_gravity<S>();
    S strike = S(-1);
    for (int k = 0; k < 20000 && strike < S(0); ++k) {
      FF_ASSERT_TRUE(advance_time_stepping(b.model, b.ws, b.candidates, b.tau, o, b.motion, b.state, b.report).ok());
      FF_EXPECT_EQ(b.report.evaluations, 1);  // one a step, in flight as at the strike
      if ((b.report.events & kEventContactGain) && b.report.event_contact == 1) strike = b.state.time;
    }
    const S exact = S(rod_first_strike_time());
    FF_EXPECT_NEAR(strike, exact, h);
    const S arrival = b.report.approach_velocity[1];
    FF_EXPECT_NEAR(arrival, S(2) * S(rod_first_strike_rate()), S(2) * S(kRodGravity) * h + S(1e-3));
    FF_EXPECT_NEAR(b.report.normal_velocity[1], -S(kRodRestitution) * arrival, S(1e-4));
    FF_EXPECT_NEAR(b.state.v(0), S(0), S(64) * epsilon<S>());
  }
}

// The rod bounces on its right end until the rebounds drop under the threshold, then lies on
// the floor: each end carries half the weight exactly (the step's LCP at rest is the stance LCP
// times h), the rod is level, and nothing moves.
FF_TEST_FLOAT_AND_DOUBLE(TimeStepping, R15RodBouncesThenRests) {
  auto& b = stepping_rod<S>();
  FF_ASSERT_TRUE(falling_rod(b));
  TimeSteppingOptions<S> o = stepping_options(S(1e-3), FrictionModel::kNone);
  o.contact.gravity = rod_gravity<S>();
  int strikes = 0;
  for (int k = 0; k < 4000; ++k) {
    FF_ASSERT_TRUE(advance_time_stepping(b.model, b.ws, b.candidates, b.tau, o, b.motion, b.state, b.report).ok());
    if ((b.report.events & kEventContactGain) && b.report.event_contact == 1) ++strikes;
  }
  FF_EXPECT_TRUE(strikes >= 3);
  const S half_weight = S(0.5 * kRodGravity), tol = sizeof(S) == sizeof(float) ? S(1e-3) : S(1e-9);
  FF_EXPECT_NEAR(b.state.normal_force[0], half_weight, tol * half_weight);
  FF_EXPECT_NEAR(b.state.normal_force[1], half_weight, tol * half_weight);
  FF_EXPECT_NEAR(b.state.q(2), S(0), S(1e-3));
  FF_EXPECT_NEAR(b.state.v.norm(), S(0), S(1e-6));
  FF_EXPECT_TRUE(b.report.gap[0] > -S(1e-3) && b.report.gap[1] > -S(1e-3));
}

// The rod with its middle as a third candidate (rigid_fixtures.hpp: once flat, three contacts of
// rank 2, so the step's LCP has many answers) comes to rest as the two-ended rod does (above):
// level on the floor, still, with the weight carried, whichever contacts carry it.
FF_TEST_FLOAT_AND_DOUBLE(TimeStepping, R15RodWithItsMiddleAsACandidateComesToRestAsTheRod) {
  auto& b = stepping_rod<S>();
  static RigidBench<S, 1, 3, 3> middle;  // static: large for a board's stack
  FF_ASSERT_TRUE(rod_with_its_middle(b, middle));
  TimeSteppingOptions<S> o = stepping_options(S(1e-3), FrictionModel::kNone);
  o.contact.gravity = rod_gravity<S>();
  for (int k = 0; k < 4000; ++k)
    FF_ASSERT_TRUE(advance_time_stepping(middle.model, middle.ws, middle.candidates, middle.tau, o, middle.motion,
                                         middle.state, middle.report).ok());
  S weight = S(0);
  for (int i = 0; i < 3; ++i) {
    weight += middle.state.normal_force[i];
    FF_EXPECT_TRUE(middle.report.gap[i] > -S(1e-3));
  }
  const S tol = sizeof(S) == sizeof(float) ? S(1e-3) : S(1e-9);
  FF_EXPECT_NEAR(weight, S(kRodGravity), tol * S(kRodGravity));
  FF_EXPECT_NEAR(middle.state.q(2), S(0), S(1e-3));
  FF_EXPECT_NEAR(middle.state.v.norm(), S(0), S(1e-6));
}

// The ball of reference problem 16 (tests/README.md) dropped from 1 m with e = 0.5: it strikes within a step of
// √(2h₀/g), rebounds at e times its arrival speed, reaches e²h₀ to within the |v|·h a fixed step
// puts on where it turns round, and comes to rest carrying its weight.
FF_TEST_FLOAT_AND_DOUBLE(TimeStepping, R16BallApexesShrinkByESquared) {
  static BallBench<S> b;
  FF_ASSERT_TRUE(bouncing_ball(b));
  const S h = S(1e-3);
  TimeSteppingOptions<S> o = stepping_options(h, FrictionModel::kNone);
  o.contact.gravity = Vector3<S>(S(0), S(0), S(-9.81));
  S first = S(-1), apex = S(0), bottom_height = S(kBallRadius);
  bool rising = false;
  int apexes = 0;
  for (int k = 0; k < 6000; ++k) {
    const S vz = b.state.v(2);
    FF_ASSERT_TRUE(advance_time_stepping(b.model, b.ws, b.candidates, b.tau, o, b.motion, b.state, b.report).ok());
    if ((b.report.events & kEventContactGain) && first < S(0)) {
      first = b.state.time;
      FF_EXPECT_NEAR(b.report.normal_velocity[0], -S(kBallRestitution) * b.report.approach_velocity[0], S(1e-4));
    }
    if (b.state.v(2) > S(0)) rising = true;
    if (rising && vz > S(0) && b.state.v(2) <= S(0)) {  // the apex of a flight
      rising = false;
      apex = b.state.q(2) - bottom_height;
      if (apexes == 0) {
        FF_EXPECT_NEAR(apex, S(kBallRestitution * kBallRestitution * kBallHeight), S(1e-2));
      }
      ++apexes;
    }
  }
  const S fall = S(std::sqrt(2.0 * kBallHeight / 9.81));
  FF_EXPECT_TRUE(first >= fall - S(1e-5) && first <= fall + h + S(1e-5));
  FF_EXPECT_TRUE(apexes >= 2);
  FF_EXPECT_NEAR(b.state.normal_force[0], S(9.81), sizeof(S) == sizeof(float) ? S(1e-3) : S(1e-9));
  FF_EXPECT_NEAR(b.state.v.norm(), S(0), S(1e-6));
}

// A ball on a sphere foot (problem 22, tests/README.md) released on a slope of θ = 0.3 rad with
// μ = 1: it rolls without slipping, its centre gaining (5/7) g sin θ of speed along the slope each
// second to within g·h (at h = 10⁻⁴ s: the ball's velocity is in its own axes, which turn by ω h a
// step, and at 1 ms the scheme's error in them reaches a few per cent by ω = 20 rad/s), and it stays on the plane all the way (its gap within the scheme's
// tolerance, the contact never lost), turning at ω = v/r. A point fixed on the ball would be
// carried up off the plane as the ball turns, and the ball would fall after it in hops.
FF_TEST_FLOAT_AND_DOUBLE(TimeStepping, BallOnSphereFootRollsDownSlope) {
  static BallBench<S> b;
  FF_ASSERT_TRUE(bouncing_ball(b));
  const S theta = S(0.3), r = S(kBallRadius), g = S(9.81), h = S(1e-4);
  const Vector3<S> n(std::sin(theta), S(0), std::cos(theta));
  b.candidates.clear();
  FF_ASSERT_TRUE(b.candidates.add(Contact<S>::Sphere(0, Vector3<S>::Zero(), r, n, S(1))).ok());
  for (int k = 0; k < 3; ++k) b.state.q(k) = r * n(k);  // touching the plane through the origin
  TimeSteppingOptions<S> o = stepping_options(h, FrictionModel::kCone);
  o.contact.gravity = Vector3<S>(S(0), S(0), -g);
  int losses = 0;
  S worst_gap = S(0);
  for (int k = 0; k < 3000; ++k) {
    FF_ASSERT_TRUE(advance_time_stepping(b.model, b.ws, b.candidates, b.tau, o, b.motion, b.state, b.report).ok());
    if (b.report.events & kEventContactLoss) ++losses;
    const Vector3<S> centre(b.state.q(0), b.state.q(1), b.state.q(2));
    worst_gap = std::max(worst_gap, std::abs(centre.dot(n) - r));
  }
  FF_EXPECT_EQ(losses, 0);
  FF_EXPECT_TRUE(worst_gap <= S(1e-3));
  // v is in the ball's axes: its world velocity is R v, and |v| is the same in any axes.
  const S speed = b.state.v.template head<3>().norm();
  FF_EXPECT_NEAR(speed, S(5) / S(7) * g * std::sin(theta) * b.state.time, g * h);
  FF_EXPECT_NEAR(b.state.v.template tail<3>().norm() * r, speed, g * h);
  // The step's mean normal force p/h: in float the gap's rounding (ε|q|), taken up within a step,
  // moves it by about ε|q|/h² of g.
  FF_EXPECT_NEAR(b.state.normal_force[0], g * std::cos(theta), (sizeof(S) == sizeof(float) ? S(5e-2) : S(1e-3)) * g);
}

// A box (a × w × c, 2 kg) dropped flat from 5 cm onto its four bottom corners with e = 0 (problem
// 18's box, tests/README.md): the four rows are dependent, and each step takes the least-norm
// impulses (the held-contacts finish), so it lands on all four, comes to rest, and each corner
// carries a quarter of the weight: the same answer, to rounding, with its corners in any order.
FF_TEST_FLOAT_AND_DOUBLE(TimeStepping, BoxDroppedFlatRestsOnFourCorners) {
  static RigidBench<S, 1, 6, 4> b;
  const S m = S(2), a = S(0.3), w = S(0.2), c = S(0.1), g = S(9.81), drop = S(0.05);
  Inertia<S> inertia;
  FF_ASSERT_TRUE(Inertia<S>::FromMassComInertia(m, Vector3<S>::Zero(), box_inertia(m, a, w, c), &inertia).ok());
  ModelBuilder<S, 1, 6> builder;
  builder.add_body("box", -1, JointSpec<S>::FreeFlyer(), inertia, nullptr, "free");
  FF_ASSERT_TRUE(builder.build(&b.model).ok());
  const int orders[2][4] = {{0, 1, 2, 3}, {3, 1, 0, 2}};
  const S corners[4][2] = {{a / 2, w / 2}, {-a / 2, w / 2}, {-a / 2, -w / 2}, {a / 2, -w / 2}};
  for (const auto& order : orders) {
    b.candidates.clear();
    for (const int k : order)
      FF_ASSERT_TRUE(b.candidates
                         .add(Contact<S>::Ground(0, Vector3<S>(corners[k][0], corners[k][1], -c / 2), Vector3<S>::UnitZ(),
                                                 S(0.8)))
                         .ok());
    b.state = RigidMotionState<S, 1, 6, 4>();
    b.state.q = Model<S, 1, 6>::ConfigVector::Zero(7);
    b.state.q(2) = c / 2 + drop;
    b.state.q(6) = S(1);
    b.state.v = Model<S, 1, 6>::TangentVector::Zero(6);
    b.tau = Model<S, 1, 6>::TangentVector::Zero(6);
    TimeSteppingOptions<S> o = stepping_options(S(1e-3), FrictionModel::kCone);
    o.contact.gravity = Vector3<S>(S(0), S(0), -g);
    for (int k = 0; k < 400; ++k)
      FF_ASSERT_TRUE(advance_time_stepping(b.model, b.ws, b.candidates, b.tau, o, b.motion, b.state, b.report).ok());
    const S tol = sizeof(S) == sizeof(float) ? S(1e-3) : S(1e-9);
    FF_EXPECT_NEAR(b.state.v.norm(), S(0), tol);
    FF_EXPECT_NEAR(b.state.q(2), c / 2, S(1e-3));
    for (int i = 0; i < 4; ++i) FF_EXPECT_NEAR(b.state.normal_force[i], m * g / S(4), tol * m * g);
  }
}

// Housner's rocking block (Housner 1963): a box 2b wide and 2h tall, tilted by φ₀ on one bottom
// edge and let go, falls back about that edge, strikes flat on the other and rocks on about it.
// The time-stepping scheme's impact is plastic and, with ample friction, sticking: what Housner
// assumed, so the angular velocity after is ω⁺ = (1 − (3/2) sin²α) ω⁻ with tan α = b/h, and ω⁻
// is what the fall from φ₀ gives, ω⁻² = (3g/(2R)) (cos(α − φ₀) − cos α), R = √(b² + h²). A step
// of 10⁻⁴ s changes ω by g b/(4R²/3) times it, about 0.1 % of ω⁻: the tolerance is 1 %.
FF_TEST_FLOAT_AND_DOUBLE(TimeStepping, RockingBlockLosesWhatHousnerSays) {
  static RigidBench<S, 1, 6, 4> b;
  const S m = S(2), half_width = S(0.1), half_height = S(0.2), depth = S(0.3), g = S(9.81);
  Inertia<S> inertia;
  FF_ASSERT_TRUE(Inertia<S>::FromMassComInertia(m, Vector3<S>::Zero(),
                                                box_inertia(m, S(2) * half_width, depth, S(2) * half_height), &inertia)
                     .ok());
  ModelBuilder<S, 1, 6> builder;
  builder.add_body("block", -1, JointSpec<S>::FreeFlyer(), inertia, nullptr, "free");
  FF_ASSERT_TRUE(builder.build(&b.model).ok());
  b.candidates.clear();
  for (const S x : {half_width, -half_width})
    for (const S y : {depth / 2, -depth / 2})
      FF_ASSERT_TRUE(
          b.candidates.add(Contact<S>::Ground(0, Vector3<S>(x, y, -half_height), Vector3<S>::UnitZ(), S(1))).ok());
  b.tau = Model<S, 1, 6>::TangentVector::Zero(6);
  TimeSteppingOptions<S> o = stepping_options(S(1e-4), FrictionModel::kCone);
  o.contact.gravity = Vector3<S>(S(0), S(0), -g);
  const S R = std::sqrt(half_width * half_width + half_height * half_height);
  const S alpha = std::atan2(half_width, half_height);
  const S housner = S(1) - S(1.5) * std::sin(alpha) * std::sin(alpha);

  for (const S tilt : {S(0.03), S(0.05), S(0.07), S(0.1), S(0.2)}) {  // φ₀, rad
    // Turned by φ₀ about y, so that the edge at x = +b is the lowest, and resting on it.
    b.state = RigidMotionState<S, 1, 6, 4>();
    b.state.q = Model<S, 1, 6>::ConfigVector::Zero(7);
    b.state.q(2) = half_width * std::sin(tilt) + half_height * std::cos(tilt);
    b.state.q(4) = std::sin(tilt / 2);  // quaternion (x, y, z, w)
    b.state.q(6) = std::cos(tilt / 2);
    b.state.v = Model<S, 1, 6>::TangentVector::Zero(6);

    // The impact begins in the step in which |ω| drops (ω⁻: |ω| the step before). The step's
    // gap term lets the new edge land within the step, so the impact may end in the next: ω⁺ is
    // read after that one, two steps of gravity (0.25 %) after ω⁻.
    S before = S(0), after = S(0);
    int drop = -1;
    for (int k = 0; k < 5000 && (drop < 0 || k <= drop + 1); ++k) {
      const S omega = std::abs(b.state.v(4));  // about body y (v = [linear; angular], body coordinates)
      FF_ASSERT_TRUE(advance_time_stepping(b.model, b.ws, b.candidates, b.tau, o, b.motion, b.state, b.report).ok());
      if (drop < 0 && std::abs(b.state.v(4)) < S(0.98) * omega) {
        before = omega;
        drop = k;
      }
      after = std::abs(b.state.v(4));
    }
    FF_ASSERT_TRUE(drop >= 0);
    FF_EXPECT_NEAR(before, std::sqrt(S(1.5) * g / R * (std::cos(alpha - tilt) - std::cos(alpha))), S(0.01) * before);
    FF_EXPECT_NEAR(after / before, housner, S(0.01));
    // It rocks on about the other edge, in the same sense: the tilt has changed sign, and the
    // centre moves at ω⁺ R about that edge.
    FF_EXPECT_TRUE(b.state.q(4) < S(0));
    FF_EXPECT_NEAR(b.state.v.template head<3>().norm(), after * R, S(0.02) * after * R);
  }
}

// Coulomb friction in the step's LCP: the rod lying on the floor, pushed along it at v₀, loses
// exactly μ g h of speed a step (the pyramid's facet lies along the slip; the cone's edge), stops
// after v₀/(μg) to within a step, having slid v₀²/(2μg) to within v₀·h, and then sticks.
FF_TEST_FLOAT_AND_DOUBLE(TimeStepping, SlidingRodStopsWhereCoulombSays) {
  auto& b = stepping_rod<S>();
  for (const FrictionModel friction : {FrictionModel::kPyramid4, FrictionModel::kPyramid8, FrictionModel::kCone}) {
    FF_ASSERT_TRUE(falling_rod(b));
    const S mu = S(0.5), v0 = S(1), g = S(kRodGravity), h = S(1e-3);
    for (int end = 0; end < 2; ++end) b.candidates.contacts[end].mu = mu;
    b.state.q << S(0), S(0), S(0);
    b.state.v << v0, S(0), S(0);
    TimeSteppingOptions<S> o = stepping_options(h, friction);
    o.contact.gravity = rod_gravity<S>();
    const S cone_tol = friction == FrictionModel::kCone ? S(1e-4) : S(0);
    const S tol = (sizeof(S) == sizeof(float) ? S(2e-4) : S(1e-9)) + cone_tol;
    for (int k = 0; k < 50; ++k)
      FF_ASSERT_TRUE(advance_time_stepping(b.model, b.ws, b.candidates, b.tau, o, b.motion, b.state, b.report).ok());
    FF_EXPECT_NEAR(b.state.v(0), v0 - mu * g * b.state.time, tol);
    FF_EXPECT_NEAR(b.state.normal_force[0] + b.state.normal_force[1], g, S(16) * tol * g);
    const S stop = v0 / (mu * g);
    S stopped_at = S(-1);
    for (int k = 0; k < 1000; ++k) {
      FF_ASSERT_TRUE(advance_time_stepping(b.model, b.ws, b.candidates, b.tau, o, b.motion, b.state, b.report).ok());
      if (stopped_at < S(0) && std::abs(b.state.v(0)) <= tol) stopped_at = b.state.time;
    }
    FF_EXPECT_TRUE(stopped_at >= stop - h - S(1e-5) && stopped_at <= stop + h + S(1e-5));
    FF_EXPECT_NEAR(b.state.v(0), S(0), tol);
    FF_EXPECT_NEAR(b.state.q(0), v0 * v0 / (S(2) * mu * g), v0 * h + S(16) * tol);
    FF_EXPECT_NEAR(b.state.q(1), S(0), S(1e-6));
    FF_EXPECT_NEAR(b.state.q(2), S(0), S(1e-6));
  }
}

// The quadruped on its four feet with the torques that hold it: the steps' LCPs carry its weight
// and nothing moves, for each friction model.
FF_TEST_FLOAT_AND_DOUBLE(TimeStepping, QuadrupedStandsStill) {
  static QuadrupedMotionBench<S> b;
  for (const FrictionModel friction : {FrictionModel::kPyramid4, FrictionModel::kPyramid8, FrictionModel::kCone}) {
    FF_ASSERT_TRUE(quadruped_on_its_feet(b, S(0.8)));
    const typename Model<S, 13, 18>::ConfigVector q0 = b.state.q;
    const TimeSteppingOptions<S> o = stepping_options(S(1e-3), friction);
    for (int k = 0; k < 100; ++k)
      FF_ASSERT_TRUE(advance_time_stepping(b.model, b.ws, b.candidates, b.tau, o, b.motion, b.state, b.report).ok());
    S total = S(0);
    for (int leg = 0; leg < 4; ++leg) total += b.state.normal_force[leg];
    const S weight = b.model.total_mass() * S(9.81);
    const S tol = sizeof(S) == sizeof(float) ? S(1e-3) : S(1e-6);
    FF_EXPECT_NEAR(total, weight, tol * weight);
    FF_EXPECT_NEAR(b.state.v.template lpNorm<Eigen::Infinity>(), S(0), tol);
    FF_EXPECT_NEAR((b.state.q - q0).template lpNorm<Eigen::Infinity>(), S(0), tol);
  }
}

// Stewart and Trinkle's LCP always has a solution: from random joint and base velocities near the
// standing pose (feet striking, sliding and leaving at once), every step is solved and checked,
// and no foot ends a step further below its plane than the step's second-order drift.
FF_TEST_FLOAT_AND_DOUBLE(TimeStepping, PyramidLcpAlwaysSolvedFromRandomStates) {
  static QuadrupedMotionBench<S> b;
  Random rng(7);
  for (const FrictionModel friction : {FrictionModel::kPyramid4, FrictionModel::kPyramid8}) {
    for (int trial = 0; trial < 10; ++trial) {
      FF_ASSERT_TRUE(quadruped_on_its_feet(b, S(0.6)));
      for (int k = 0; k < 18; ++k) b.state.v(k) = rng.uniform(S(-1), S(1));
      const TimeSteppingOptions<S> o = stepping_options(S(1e-3), friction);
      for (int k = 0; k < 20; ++k) {
        const Status s = advance_time_stepping(b.model, b.ws, b.candidates, b.tau, o, b.motion, b.state, b.report);
        FF_ASSERT_TRUE(s.ok());
        for (int leg = 0; leg < 4; ++leg) FF_EXPECT_TRUE(b.report.gap[leg] > -S(2e-4));
      }
    }
  }
}

// Bad input changes nothing and names the field.
FF_TEST_FLOAT_AND_DOUBLE(TimeStepping, RejectsBadInput) {
  auto& b = stepping_rod<S>();
  FF_ASSERT_TRUE(falling_rod(b));
  TimeSteppingOptions<S> o = stepping_options(S(1e-3), FrictionModel::kNone);
  const auto q0 = b.state.q;
  o.step = S(0);
  Status s = advance_time_stepping(b.model, b.ws, b.candidates, b.tau, o, b.motion, b.state, b.report);
  FF_EXPECT_TRUE(s.code == StatusCode::kBadInput);
  o.step = S(1e-3);
  o.stabilization = S(2);
  s = advance_time_stepping(b.model, b.ws, b.candidates, b.tau, o, b.motion, b.state, b.report);
  FF_EXPECT_TRUE(s.code == StatusCode::kBadInput);
  o.stabilization = S(0.2);
  b.tau(1) = std::numeric_limits<S>::quiet_NaN();
  s = advance_time_stepping(b.model, b.ws, b.candidates, b.tau, o, b.motion, b.state, b.report);
  FF_EXPECT_TRUE(s.code == StatusCode::kBadInput);
  FF_EXPECT_TRUE(b.state.time == S(0) && b.state.q == q0 && !b.state.started);
}

}  // namespace
}  // namespace footfall::test
