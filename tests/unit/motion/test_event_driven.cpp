// RBDA Table 11.1's event-driven scheme on reference problems 15 (the falling rod of Liu04 §5) and 16 of tests/README.md
// (the bouncing ball), against their exact answers.
#include "rigid_fixtures.hpp"

namespace footfall::test {
namespace {

template <typename S>
RodBench<S>& rod_bench() {
  static RodBench<S> instance;
  return instance;
}

template <typename S>
BallBench<S>& ball_bench() {
  static BallBench<S> instance;
  return instance;
}

template <typename S>
EventDrivenOptions<S> rod_options(S step) {
  EventDrivenOptions<S> o;
  o.contact.gravity = rod_gravity<S>();
  o.step = step;
  if (sizeof(S) == sizeof(float)) {  // float resolves ~1e-7 s at t ≈ 1 s
    o.contact.gap_tolerance = S(1e-4);
    o.contact.speed_tolerance = S(1e-4);
    o.contact.min_step = S(1e-4);
    o.event_time_tolerance = S(1e-6);
  }
  return o;
}

// What the rod does until its first strike, and just after: the strike's time against the exact
// one from energy conservation, the velocities after it against the impact LCP's closed form.
template <typename S>
S rod_first_strike(RodBench<S>& b, S step, bool check) {
  if (!falling_rod(b)) return S(-1);
  const EventDrivenOptions<S> o = rod_options(step);
  const S x0 = b.state.q(0);
  for (int k = 0; k < 100000; ++k) {
    if (!advance_event_driven(b.model, b.ws, b.candidates, b.tau, o, b.motion, b.state, b.report).ok()) return S(-1);
    if (check) {
      FF_EXPECT_TRUE(b.state.active[0]);  // the left end keeps contact, its force stays ≥ 0
      FF_EXPECT_NEAR(b.state.q(0), x0, S(64) * epsilon<S>());
    }
    if (b.report.events & kEventContactGain) break;
  }
  if (check) {
    // RBDA (11.35) with both ends: W = [4 −2; −2 4], ζ⁻ = (0, 2φ̇⁻); Newton's LCP has both
    // impulses positive and leaves ζ⁺ = (0, −e·2φ̇⁻): v⁺ = −e v⁻ with ẋ = 0.
    const S rate = S(rod_first_strike_rate());
    const S tol = sizeof(S) == sizeof(float) ? S(2e-3) : S(2e-5);
    FF_EXPECT_EQ(b.report.event_contact, 1);
    FF_EXPECT_NEAR(b.state.v(2), -S(kRodRestitution) * rate, tol);
    FF_EXPECT_NEAR(b.state.v(1), -S(kRodRestitution) * rate, tol);
    FF_EXPECT_NEAR(b.state.v(0), S(0), S(64) * epsilon<S>());
    FF_EXPECT_NEAR(b.report.normal_velocity[1], -S(2) * S(kRodRestitution) * rate, S(2) * tol);
    FF_EXPECT_NEAR(b.report.normal_velocity[0], S(0), tol);
    FF_EXPECT_TRUE(b.report.normal_impulse[0] > S(0) && b.report.normal_impulse[1] > S(0));
  }
  return b.state.time;
}

FF_TEST_FLOAT_AND_DOUBLE(EventDriven, R15RodFirstStrike) {
  auto& b = rod_bench<S>();
  const S t = rod_first_strike(b, S(1e-3), true);
  const S exact = S(rod_first_strike_time());
  FF_EXPECT_NEAR(t, exact, sizeof(S) == sizeof(float) ? S(1e-4) : S(2e-6));
}

// Heun's method is second order: halving h quarters the strike time's error.
FF_TEST(EventDriven, R15RodConvergenceOrder) {
  auto& b = rod_bench<double>();
  const double exact = rod_first_strike_time();
  const double coarse = std::abs(rod_first_strike(b, 4e-3, false) - exact);
  const double fine = std::abs(rod_first_strike(b, 2e-3, false) - exact);
  const double finer = std::abs(rod_first_strike(b, 1e-3, false) - exact);
  FF_EXPECT_TRUE(coarse > 0.0 && fine > 0.0 && finer > 0.0);
  FF_EXPECT_TRUE(coarse / fine > 3.0 && fine / finer > 3.0);
  FF_EXPECT_TRUE(coarse / fine < 5.0 && fine / finer < 5.0);
}

// The bounces shrink by e each (Newton's law with the left end in the impact), the centre never
// moves sideways, the left end never leaves, and at rest each end carries half the weight. An
// active end stays on the floor, at rest both do, to rounding: the steps' post-stabilisation
// (without it the left end had drifted 0.66 µm up by 2 s while carrying its 4.9 N).
FF_TEST_FLOAT_AND_DOUBLE(EventDriven, R15RodBouncesThenRests) {
  auto& b = rod_bench<S>();
  FF_ASSERT_TRUE(falling_rod(b));
  const EventDrivenOptions<S> o = rod_options(S(1e-3));
  const S x0 = b.state.q(0);
  const S on_floor = sizeof(S) == sizeof(float) ? S(1e-7) : S(1e-12);  // m, and m/s: rounding at 1 m
  S worst_gap = S(0);
  S previous_rebound = S(0);
  int strikes = 0, rests = 0;
  for (int k = 0; k < 200000 && b.state.time < S(3); ++k) {
    FF_ASSERT_TRUE(advance_event_driven(b.model, b.ws, b.candidates, b.tau, o, b.motion, b.state, b.report).ok());
    FF_EXPECT_NEAR(b.state.q(0), x0, S(256) * epsilon<S>());
    FF_EXPECT_TRUE(b.state.active[0]);
    if (b.report.events == kEventNone) worst_gap = std::max(worst_gap, std::abs(b.report.gap[0]));
    if ((b.report.events & kEventContactGain) && !(b.report.events & kEventRest)) {
      const S rebound = b.report.normal_velocity[1];
      if (strikes > 0 && strikes < 6) {
        FF_EXPECT_NEAR(rebound / previous_rebound, S(kRodRestitution), sizeof(S) == sizeof(float) ? S(2e-2) : S(1e-4));
      }
      previous_rebound = rebound;
      ++strikes;
    }
    if (b.report.events & kEventRest) ++rests;
  }
  FF_EXPECT_TRUE(strikes >= 5);
  FF_EXPECT_EQ(rests, 1);
  FF_EXPECT_TRUE(b.state.active[0] && b.state.active[1]);
  const S half_weight = S(0.5 * kRodGravity);
  FF_EXPECT_NEAR(b.state.normal_force[0], half_weight, S(1e-3) * half_weight);
  FF_EXPECT_NEAR(b.state.normal_force[1], half_weight, S(1e-3) * half_weight);
  FF_EXPECT_NEAR(b.state.q(2), S(0), on_floor);
  FF_EXPECT_TRUE(worst_gap <= on_floor);
  for (int i = 0; i < 2; ++i) {
    FF_EXPECT_NEAR(b.report.gap[i], S(0), on_floor);
    FF_EXPECT_NEAR(b.report.normal_velocity[i], S(0), on_floor);
  }
}

// A candidate listed twice is one constraint: the rod with its left end listed twice runs as the
// rod, step for step. (The contact LCP makes one of the two active; the other's gap is the
// active one's drift, which the scan once read as gains: impacts of no impulse every step from
// 0.35 s, and from 0.46 s steps of a nanosecond that never reached 0.5 s.)
FF_TEST_FLOAT_AND_DOUBLE(EventDriven, R15RodWithAContactListedTwiceRunsAsTheRod) {
  auto& b = rod_bench<S>();
  static RigidBench<S, 1, 3, 3> twice;  // static: large for a board's stack
  FF_ASSERT_TRUE(falling_rod(b));
  const auto& ends = b.candidates.contacts;
  FF_ASSERT_TRUE(rod_with_three_candidates(b, {ends[0], ends[0], ends[1]}, twice));
  const EventDrivenOptions<S> o = rod_options(S(1e-3));
  int strikes = 0, steps = 0;
  for (; steps < 20000 && b.state.time < S(1.5); ++steps) {
    FF_ASSERT_TRUE(advance_event_driven(b.model, b.ws, b.candidates, b.tau, o, b.motion, b.state, b.report).ok());
    FF_ASSERT_TRUE(advance_event_driven(twice.model, twice.ws, twice.candidates, twice.tau, o, twice.motion,
                                        twice.state, twice.report).ok());
    FF_ASSERT_TRUE(twice.state.time == b.state.time);
    for (int k = 0; k < 3; ++k) FF_EXPECT_NEAR(twice.state.q(k), b.state.q(k), S(16) * epsilon<S>());
    FF_EXPECT_EQ(twice.report.events & kEventContactGain, b.report.events & kEventContactGain);
    if (b.report.events & kEventContactGain) ++strikes;
  }
  FF_EXPECT_TRUE(b.state.time >= S(1.5));
  FF_EXPECT_TRUE(strikes >= 3);
}

// A contact at rest on its plane, which no constraint holds at φ = 0, is not gained over and over.
// The rod with its middle as a third candidate: once it lies flat on both ends and its middle, W
// is 3 × 3 of rank 2 (the middle's gap y is the mean of the ends' y ∓ L sin φ), and the contact
// LCP may make the middle alone active: the rod balanced on it, its ends' gaps ±ε of drift. An
// end at −7e-15 m and sinking at 1e-14 m/s once read as a gain every step, each resolved with no
// impulse, and the double run crept 1e-4 s in 100 000 steps. It now runs as the rod does: its
// bounces (the middle is above the floor until the rod is flat), one rest, and on the floor by
// 3 s in as many steps give or take the few of the landing, at rest with the weight carried.
FF_TEST_FLOAT_AND_DOUBLE(EventDriven, R15RodWithItsMiddleAsACandidateComesToRestAsTheRod) {
  auto& b = rod_bench<S>();
  static RigidBench<S, 1, 3, 3> middle;  // static: large for a board's stack
  FF_ASSERT_TRUE(rod_with_its_middle(b, middle));
  const EventDrivenOptions<S> o = rod_options(S(1e-3));
  const S end_time = S(3);
  const auto advance = [&](auto& x) {
    return advance_event_driven(x.model, x.ws, x.candidates, x.tau, o, x.motion, x.state, x.report);
  };
  int rod_strikes = 0, strikes = 0, rests = 0;
  const int rod_steps = run_until(b, end_time, 20000, advance, [&](const auto& x) {
    if (x.report.events & kEventContactGain) ++rod_strikes;
  });
  const int steps = run_until(middle, end_time, 20000, advance, [&](const auto& x) {
    if (x.report.events & kEventContactGain) ++strikes;
    if (x.report.events & kEventRest) ++rests;
  });
  FF_ASSERT_TRUE(rod_steps > 0 && steps > 0);
  FF_EXPECT_TRUE(b.state.time >= end_time);
  FF_EXPECT_TRUE(middle.state.time >= end_time);
  FF_EXPECT_TRUE(steps <= rod_steps + 8);
  FF_EXPECT_TRUE(strikes <= rod_strikes + 2);
  FF_EXPECT_EQ(rests, 1);
  const S on_floor = sizeof(S) == sizeof(float) ? S(1e-6) : S(1e-12);  // m, rad and their rates
  S weight = S(0);
  for (int i = 0; i < 3; ++i) {
    FF_EXPECT_NEAR(middle.report.gap[i], S(0), on_floor);
    if (middle.state.active[i]) weight += middle.state.normal_force[i];
  }
  FF_EXPECT_NEAR(weight, S(kRodGravity), S(1e-3) * S(kRodGravity));
  for (int k = 0; k < 3; ++k) {
    FF_EXPECT_NEAR(middle.state.q(k), b.state.q(k), on_floor);
    FF_EXPECT_NEAR(middle.state.v(k), S(0), on_floor);
  }
}

// A landing slower than the speed tolerance, the contact's only support (rigid_fixtures.hpp).
FF_TEST_FLOAT_AND_DOUBLE(EventDriven, SlowLandingStopsTheContactOnce) {
  auto& b = ball_bench<S>();
  EventDrivenOptions<S> o;
  FF_ASSERT_TRUE(ball_sinking_slowly(b, o.contact, o.step));
  expect_slow_landing_stops_the_ball(b, o.contact, o.step, [&](auto& x) {
    return advance_event_driven(x.model, x.ws, x.candidates, x.tau, o, x.motion, x.state, x.report);
  });
}

// A free candidate that starts inside its plane, within max_start_penetration (rigid_fixtures.hpp).
FF_TEST_FLOAT_AND_DOUBLE(EventDriven, DeepStartIsHeldWhereItStarts) {
  auto& b = ball_bench<S>();
  for (const bool sinking : {false, true}) {
    EventDrivenOptions<S> o;
    FF_ASSERT_TRUE(ball_sinking_slowly(b, o.contact, o.step));
    expect_deep_start_is_held(b, o.contact, o.step, sinking, [&](auto& x) {
      return advance_event_driven(x.model, x.ws, x.candidates, x.tau, o, x.motion, x.state, x.report);
    });
  }
}

// Reference problem 16 (tests/README.md): apex heights h₀e²ⁿ, the bounces' accumulation at √(2h₀/g)(1 + e)/(1 − e),
// then rest under the weight. Free flight is a parabola, which Heun's method integrates exactly.
FF_TEST_FLOAT_AND_DOUBLE(EventDriven, R16BouncingBall) {
  auto& b = ball_bench<S>();
  FF_ASSERT_TRUE(bouncing_ball(b));
  EventDrivenOptions<S> o;
  o.contact.gravity = Vector3<S>(S(0), S(0), S(-9.81));
  o.step = S(1e-3);
  const bool single = sizeof(S) == sizeof(float);
  if (single) {
    o.contact.gap_tolerance = o.contact.speed_tolerance = o.contact.min_step = S(1e-4);
    o.event_time_tolerance = S(1e-6);
  }
  const S drop_time = S(std::sqrt(2.0 * kBallHeight / 9.81));
  int bounces = 0;
  S apex = S(0), rest_time = S(-1);
  for (int k = 0; k < 200000 && b.state.time < S(1.6); ++k) {
    FF_ASSERT_TRUE(advance_event_driven(b.model, b.ws, b.candidates, b.tau, o, b.motion, b.state, b.report).ok());
    apex = b.report.gap[0] > apex ? b.report.gap[0] : apex;
    if (b.report.events & kEventContactGain) {
      if (bounces == 0) {
        FF_EXPECT_NEAR(b.state.time, drop_time, single ? S(1e-5) : S(1e-9));
      }
      if (bounces >= 1 && bounces <= 3) {  // the apex of the flight that just ended
        const S expected = S(kBallHeight * std::pow(kBallRestitution, 2 * bounces));
        FF_EXPECT_NEAR(apex, expected, single ? S(1e-3) : S(2e-6));
      }
      apex = S(0);
      ++bounces;
    }
    if ((b.report.events & kEventRest) && rest_time < S(0)) rest_time = b.state.time;
  }
  FF_EXPECT_NEAR(rest_time, S(ball_rest_time()), single ? S(2e-3) : S(1e-5));
  FF_EXPECT_TRUE(b.state.active[0]);
  FF_EXPECT_NEAR(b.state.normal_force[0], S(9.81), S(1e-4));
  FF_EXPECT_NEAR(b.state.q(2), S(kBallRadius), single ? S(1e-3) : S(1e-6));
  FF_EXPECT_NEAR(b.state.q(0), S(0), S(0));
}

// The scheme is frictionless and says so; bad options leave the state unchanged.
FF_TEST_FLOAT_AND_DOUBLE(EventDriven, RefusesFrictionAndBadOptions) {
  auto& b = rod_bench<S>();
  FF_ASSERT_TRUE(falling_rod(b));
  EventDrivenOptions<S> o = rod_options(S(1e-3));
  const auto q0 = b.state.q;
  b.candidates.contacts[1].mu = S(0.5);
  Status s = advance_event_driven(b.model, b.ws, b.candidates, b.tau, o, b.motion, b.state, b.report);
  FF_EXPECT_TRUE(s.code == StatusCode::kBadInput && s.index == 1);
  b.candidates.contacts[1].mu = S(0);
  o.step = S(-1);
  s = advance_event_driven(b.model, b.ws, b.candidates, b.tau, o, b.motion, b.state, b.report);
  FF_EXPECT_TRUE(s.code == StatusCode::kBadInput);
  o.step = S(1e-3);
  b.candidates.plane_offset[0] = std::numeric_limits<S>::quiet_NaN();
  s = advance_event_driven(b.model, b.ws, b.candidates, b.tau, o, b.motion, b.state, b.report);
  FF_EXPECT_TRUE(s.code == StatusCode::kBadInput && s.index == 0);
  FF_EXPECT_TRUE(b.state.q == q0 && !b.state.started && b.state.time == S(0));
}

}  // namespace
}  // namespace footfall::test
