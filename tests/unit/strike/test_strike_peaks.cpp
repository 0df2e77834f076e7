// Peak loads on the pads (strike/peak_loads.hpp, strike/linear_pads.hpp): both methods against
// the closed forms of one pad and of two identical pads' modes, the exact method against RK4 at
// fine steps, linearity in the approach speed, and the methods' refusals.
#include <cmath>
#include <cstring>

#include "articulated_fixtures.hpp"

namespace footfall::test {
namespace {

// One linear pad is a mass m = 1/(nᵀ W n) on a spring k and damper c touching down at v
// (peak_loads.hpp): with ω = √(k/m), ζ = c/(2√(km)), ω_d = ω√(1 − ζ²), its force k δ + c δ̇ =
// v e^{−ζωt} (A sin ω_d t + c cos ω_d t), A = m ω² (1 − 2ζ²)/ω_d, returns to zero at ω_d t =
// π − atan2(2ζ√(1 − ζ²), 1 − 2ζ²) and peaks where its derivative vanishes, at tan ω_d t =
// (ω_d A − ζω c)/(ζω A + ω_d c) (at t = 0, force c v, when that is negative).
template <typename S>
struct Oscillator {
  S omega, zeta, omega_d, a, c, v;
  Oscillator(S mass, S k, S damping, S speed) : c(damping), v(speed) {
    omega = std::sqrt(k / mass);
    zeta = c / (S(2) * std::sqrt(k * mass));
    omega_d = omega * std::sqrt(S(1) - zeta * zeta);
    a = mass * omega * omega * (S(1) - S(2) * zeta * zeta) / omega_d;
  }
  S force(S t) const { return v * std::exp(-zeta * omega * t) * (a * std::sin(omega_d * t) + c * std::cos(omega_d * t)); }
  S end() const {
    const S pi = S(3.14159265358979323846);
    return (pi - std::atan2(S(2) * zeta * std::sqrt(S(1) - zeta * zeta), S(1) - S(2) * zeta * zeta)) / omega_d;
  }
  S time_of_peak() const {
    const S num = omega_d * a - zeta * omega * c, den = zeta * omega * a + omega_d * c;
    return num > S(0) ? std::atan2(num, den) / omega_d : S(0);
  }
};

// How close each method comes to the exact strike: RK4 at 256 steps a half-period within its
// fourth-order error (the peak's parabola third order, the end's interpolation second); the exact
// method within the rounding of its few dozen steps.
template <typename S>
S peak_tolerance(PeakMethod method) {
  return method == PeakMethod::kExact ? ulps<S>(512) : std::max(S(2e-5), ulps<S>(16384));
}

template <typename Peaks, typename S>
void expect_oscillator(const Peaks& peaks, const Oscillator<S>& pad, PeakMethod method, S torque_per_force) {
  const S relative = peak_tolerance<S>(method);
  const S t_peak = pad.time_of_peak(), peak = pad.force(t_peak), end = pad.end();
  FF_EXPECT_TRUE(peaks.predicted && peaks.method == method);
  FF_EXPECT_NEAR(peaks.normal_force[0], peak, relative * peak);
  FF_EXPECT_NEAR(peaks.duration, end, (method == PeakMethod::kExact ? relative : S(4e-5)) * end);
  // A peak's time is found where the force is flat: to the square root of its value's accuracy.
  FF_EXPECT_NEAR(peaks.time_of_peak[0], t_peak, (method == PeakMethod::kExact ? std::sqrt(relative) : S(2e-3)) * end);
  if (torque_per_force > S(0)) {
    FF_EXPECT_NEAR(peaks.joint_torque.maxCoeff(), torque_per_force * peak, S(4) * relative * torque_per_force * peak);
  }
}

// The rod's end (m = 1/(1 + 3cos²θ)) on pads from undamped to heavily damped, by both methods.
FF_TEST_FLOAT_AND_DOUBLE(StrikePeaks, OneLinearPadMatchesClosedForm) {
  auto& b = rod_strike_bench<S>();
  FF_ASSERT_TRUE(build_rod2d_model(&b.model).ok());
  const S v = S(0.8), theta = S(0.5);
  const S dampings[3] = {S(0), S(20), S(150)};
  const PeakMethod methods[2] = {PeakMethod::kExact, PeakMethod::kRungeKutta4};
  for (const PeakMethod method : methods) {
    for (const S c : dampings) {
      typename RodStrike<S>::Config q(3);
      q << S(0), std::sin(theta), theta;
      typename RodStrike<S>::Tangent velocity(3);
      velocity << S(0), -v, S(0);
      FF_ASSERT_TRUE(b.prepare(q, velocity));
      b.contacts.clear();
      Contact<S> end = Contact<S>::Ground(0, rod2d_end<S>(0), Vector3<S>::UnitY(), S(0), S(0));
      end.pad = ContactPad<S>::Linear(S(2e4), c);
      b.contacts.add(end);
      b.options.peak_method = method;
      b.options.steps_per_half_period = 256;
      FF_ASSERT_TRUE(b.solve(StrikeFriction::kNone).ok());
      const S cos_t = std::cos(theta);
      expect_oscillator(b.result.peaks, Oscillator<S>(S(1) / (S(1) + S(3) * cos_t * cos_t), S(2e4), c, v), method, S(0));
    }
  }
}

// The quadruped's foot, its mass from W; the joint torques are Gᵀn f(t), the largest of |G_k|
// times the peak force.
FF_TEST_FLOAT_AND_DOUBLE(StrikePeaks, QuadrupedFootPadMatchesClosedForm) {
  auto& b = quadruped_bench<S>();
  const int feet[1] = {1};
  const PeakMethod methods[2] = {PeakMethod::kExact, PeakMethod::kRungeKutta4};
  for (const PeakMethod method : methods) {
    FF_ASSERT_TRUE(quadruped_touchdown(b, feet, 1, S(0.5), S(0), S(0)));
    b.contacts[0].pad = ContactPad<S>::Linear(S(3e4), S(60));
    b.options.peak_method = method;
    b.options.steps_per_half_period = 256;
    FF_ASSERT_TRUE(b.solve(StrikeFriction::kNone).ok());
    const auto& cd = b.strike.solve.contact;
    const S mass = S(1) / cd.delassus(0, 0);
    const S per_force = cd.jacobian.row(0).cwiseAbs().maxCoeff();
    expect_oscillator(b.result.peaks, Oscillator<S>(mass, S(3e4), S(60), -b.result.approach[0]), method, per_force);
  }
}

// Two identical pads under the rod's two ends, W = [[4, −2], [−2, 4]] on (L, R) when it lies flat:
// while both push, f_L + f_R is the oscillator of inverse mass 4 − 2 touching down at −(ζ_L + ζ_R)
// and f_L − f_R that of 4 + 2 at −(ζ_L − ζ_R), each a closed form. Struck evenly, each pad is the
// first mode alone. Struck unevenly, the pad that lets go first has pushed in both modes from
// touchdown to its end: its peak is the largest of their half-sum, found here on a fine grid of
// the closed forms and refined by golden sections.
FF_TEST_FLOAT_AND_DOUBLE(StrikePeaks, TwoPadsOnASymmetricBodyMoveInItsModes) {
  auto& b = rod_strike_bench<S>();
  const S k = S(2e4), c = S(30);
  const auto strike = [&](S left, S right) {
    if (!build_rod2d_model(&b.model).ok()) return false;
    typename RodStrike<S>::Config q(3);
    q << S(0), S(0), S(0);
    typename RodStrike<S>::Tangent v(3);
    v << S(0), (left + right) / S(2), (right - left) / S(2);  // ζ_L = ẏ − φ̇, ζ_R = ẏ + φ̇
    if (!b.prepare(q, v)) return false;
    b.contacts.clear();
    for (int end = 0; end < 2; ++end) {
      Contact<S> c_end = Contact<S>::Ground(0, rod2d_end<S>(end), Vector3<S>::UnitY(), S(0), S(0));
      c_end.pad = ContactPad<S>::Linear(k, c);
      b.contacts.add(c_end);
    }
    b.options = StrikeOptions<S>();
    return b.solve(StrikeFriction::kNone).ok();
  };
  const S relative = peak_tolerance<S>(PeakMethod::kExact);
  FF_ASSERT_TRUE(strike(S(-0.7), S(-0.7)));
  const Oscillator<S> even(S(1) / S(2), k, c, S(1.4));  // the sum of the two forces
  const S even_peak = even.force(even.time_of_peak()) / S(2);
  for (int end = 0; end < 2; ++end) FF_EXPECT_NEAR(b.result.peaks.normal_force[end], even_peak, relative * even_peak);
  FF_EXPECT_NEAR(b.result.peaks.duration, even.end(), relative * even.end());

  const S left = S(-0.9), right = S(-0.3);
  FF_ASSERT_TRUE(strike(left, right));
  const Oscillator<S> sum(S(1) / S(2), k, c, -(left + right)), difference(S(1) / S(6), k, c, -(left - right));
  const auto left_force = [&](S t) { return (sum.force(t) + difference.force(t)) / S(2); };
  const auto right_force = [&](S t) { return (sum.force(t) - difference.force(t)) / S(2); };
  // The first to let go, and when: the first zero of either on the grid, refined by bisection.
  const S span = sum.end();
  const int grid = 20000;
  int first = -1;
  S lo = S(0), hi = S(0);
  for (int i = 1; i <= grid && first < 0; ++i) {
    const S t = span * static_cast<S>(i) / static_cast<S>(grid);
    if (left_force(t) <= S(0)) first = 0;
    else if (right_force(t) <= S(0)) first = 1;
    lo = t - span / static_cast<S>(grid);
    hi = t;
  }
  FF_ASSERT_TRUE(first >= 0);
  const auto force = [&](S t) { return first == 0 ? left_force(t) : right_force(t); };
  for (int i = 0; i < 200; ++i) {
    const S mid = S(0.5) * (lo + hi);
    (force(mid) > S(0) ? lo : hi) = mid;
  }
  const S release = S(0.5) * (lo + hi);
  S best_t = S(0), best = force(S(0));
  for (int i = 1; i < grid; ++i) {
    const S t = release * static_cast<S>(i) / static_cast<S>(grid);
    if (force(t) > best) {
      best = force(t);
      best_t = t;
    }
  }
  S a = std::max(S(0), best_t - release / static_cast<S>(grid)), z = std::min(release, best_t + release / static_cast<S>(grid));
  const S golden = S(0.6180339887498949);
  for (int i = 0; i < 200; ++i) {
    const S m1 = z - golden * (z - a), m2 = a + golden * (z - a);
    (force(m1) < force(m2) ? a : z) = force(m1) < force(m2) ? m1 : m2;
  }
  best = std::max(best, force(S(0.5) * (a + z)));
  FF_EXPECT_NEAR(b.result.peaks.normal_force[first], best, relative * best);
  FF_EXPECT_TRUE(b.result.peaks.duration > release);
}

// On the quadruped's diagonal pair with the cone and both pads linear, the exact method against
// RK4 at 256 steps a half-period (its error about 1e-5): the peaks, their times, the duration and
// every joint's peak torque.
FF_TEST_FLOAT_AND_DOUBLE(StrikePeaks, ExactAgreesWithFineRungeKutta) {
  auto& b = quadruped_bench<S>();
  const int feet[2] = {1, 2};
  const auto strike = [&](PeakMethod method) {
    if (!quadruped_touchdown(b, feet, 2, S(0.5), S(0.8), S(0.1))) return false;
    b.contacts[0].pad = ContactPad<S>::Linear(S(3e4), S(60));
    b.contacts[1].pad = ContactPad<S>::Linear(S(1.5e4), S(20));
    b.options = StrikeOptions<S>();
    b.options.peak_method = method;
    b.options.steps_per_half_period = 256;
    return b.solve(StrikeFriction::kCone).ok();
  };
  FF_ASSERT_TRUE(strike(PeakMethod::kRungeKutta4));
  const StrikePeaks<S, 18, 4> fine = b.result.peaks;
  FF_ASSERT_TRUE(strike(PeakMethod::kExact));
  const StrikePeaks<S, 18, 4>& exact = b.result.peaks;
  FF_EXPECT_TRUE(exact.steps * 10 < fine.steps);
  const S close = S(5e-5);
  for (int i = 0; i < 2; ++i) {
    FF_EXPECT_NEAR(exact.normal_force[i], fine.normal_force[i], close * fine.normal_force[i]);
    FF_EXPECT_NEAR(exact.time_of_peak[i], fine.time_of_peak[i], S(2e-3) * fine.duration);
  }
  FF_EXPECT_NEAR(exact.duration, fine.duration, close * fine.duration);
  for (int k = 0; k < 18; ++k)
    FF_EXPECT_NEAR(exact.joint_torque(k), fine.joint_torque(k), close * fine.joint_torque.maxCoeff());
}

// Every event of the exact strike comes at the same time for any approach speed, so twice the
// speed gives twice every peak, the same times and the same duration, to rounding.
FF_TEST_FLOAT_AND_DOUBLE(StrikePeaks, ExactPeaksAreLinearInTheSpeed) {
  auto& b = quadruped_bench<S>();
  const int feet[2] = {0, 3};
  const auto strike = [&](S scale) {
    if (!quadruped_touchdown(b, feet, 2, S(0.5), S(0.8), S(0.2))) return false;
    for (int i = 0; i < 2; ++i) b.contacts[i].pad = ContactPad<S>::Linear(S(2e4), S(50));
    b.v *= scale;  // the whole touchdown scaled, not only its vertical speed
    b.options = StrikeOptions<S>();
    return b.solve(StrikeFriction::kCone).ok();
  };
  FF_ASSERT_TRUE(strike(S(1)));
  const StrikePeaks<S, 18, 4> once = b.result.peaks;
  FF_ASSERT_TRUE(strike(S(2)));
  const StrikePeaks<S, 18, 4>& twice = b.result.peaks;
  const S tol = ulps<S>(1024);
  for (int i = 0; i < 2; ++i) {
    FF_EXPECT_NEAR(twice.normal_force[i], S(2) * once.normal_force[i], tol * twice.normal_force[i]);
    FF_EXPECT_NEAR(twice.time_of_peak[i], once.time_of_peak[i], std::sqrt(tol) * once.duration);
  }
  FF_EXPECT_NEAR(twice.duration, once.duration, tol * once.duration);
  for (int k = 0; k < 18; ++k)
    FF_EXPECT_NEAR(twice.joint_torque(k), S(2) * once.joint_torque(k), tol * twice.joint_torque.maxCoeff());
}

// RK4's default step (64 a half-period) against the fine one on a Hunt–Crossley pad beside a
// linear one: the peaks and the duration within 1e-3, at a quarter of the work.
FF_TEST_FLOAT_AND_DOUBLE(StrikePeaks, DefaultStepIsCloseToFine) {
  auto& b = quadruped_bench<S>();
  const int feet[2] = {1, 2};
  FF_ASSERT_TRUE(quadruped_touchdown(b, feet, 2, S(0.5), S(0.8), S(0.1)));
  b.contacts[0].pad = ContactPad<S>::Linear(S(3e4), S(60));
  b.contacts[1].pad = ContactPad<S>::HuntCrossley(S(2e6), S(1e3));
  b.options.steps_per_half_period = 256;
  FF_ASSERT_TRUE(b.solve(StrikeFriction::kCone).ok());
  const StrikePeaks<S, 18, 4> fine = b.result.peaks;
  FF_EXPECT_TRUE(fine.method == PeakMethod::kRungeKutta4);  // auto, with a pad that is not linear
  b.options = StrikeOptions<S>();
  FF_ASSERT_TRUE(b.solve(StrikeFriction::kCone).ok());
  const StrikePeaks<S, 18, 4>& coarse = b.result.peaks;
  FF_EXPECT_TRUE(coarse.steps * 3 < fine.steps);
  for (int i = 0; i < 2; ++i) FF_EXPECT_NEAR(coarse.normal_force[i], fine.normal_force[i], S(1e-3) * fine.normal_force[i]);
  FF_EXPECT_NEAR(coarse.duration, fine.duration, S(1e-3) * fine.duration);
  for (int k = 0; k < 18; ++k)
    FF_EXPECT_NEAR(coarse.joint_torque(k), fine.joint_torque(k), S(1e-3) * fine.joint_torque.maxCoeff());
}

// A Hunt–Crossley pad whose damper, c δⁿ, outweighs its spring: the step must resolve the damper
// at the deepest compression as well as the spring, or RK4 loses accuracy and then stability (at
// 1e9 the step of the spring alone let go after 38 steps: a peak 10 % low and a duration 50 times
// short, called ok). With both, the default step agrees with a 16 times finer one; where the
// strike takes more steps than the limit, it says so.
FF_TEST_FLOAT_AND_DOUBLE(StrikePeaks, DampedHuntCrossleyPadStepsWithItsDamper) {
  auto& b = quadruped_bench<S>();
  const int feet[1] = {1};
  FF_ASSERT_TRUE(quadruped_touchdown(b, feet, 1, S(1), S(0), S(0)));
  b.contacts[0].pad = ContactPad<S>::HuntCrossley(S(1e6), S(6e7));
  b.options.steps_per_half_period = 1024;
  b.options.max_steps = 100000;
  FF_ASSERT_TRUE(b.solve(StrikeFriction::kNone).ok());
  const S fine_peak = b.result.peaks.normal_force[0], fine_duration = b.result.peaks.duration;
  b.options = StrikeOptions<S>();
  FF_ASSERT_TRUE(b.solve(StrikeFriction::kNone).ok());
  FF_EXPECT_NEAR(b.result.peaks.normal_force[0], fine_peak, S(1e-3) * fine_peak);
  FF_EXPECT_NEAR(b.result.peaks.duration, fine_duration, S(1e-3) * fine_duration);
  b.contacts[0].pad = ContactPad<S>::HuntCrossley(S(1e6), S(1e9));
  const Status slow = b.solve(StrikeFriction::kNone);
  FF_EXPECT_TRUE(slow.code == StatusCode::kIterationLimit && std::strcmp(slow.field, "strike.peaks.max_steps") == 0);
}

// The exact method is for linear pads: asked of a Hunt–Crossley one it refuses, and a method
// outside the enumeration is refused before anything is solved. A strike given one step fewer
// than it takes says so, as RK4 does.
FF_TEST_FLOAT_AND_DOUBLE(StrikePeaks, ExactMethodRefusesWhatItCannotFollow) {
  auto& b = quadruped_bench<S>();
  const int feet[1] = {1};
  FF_ASSERT_TRUE(quadruped_touchdown(b, feet, 1, S(0.5), S(0), S(0)));
  b.contacts[0].pad = ContactPad<S>::HuntCrossley(S(2e6), S(1e3));
  b.options.peak_method = PeakMethod::kExact;
  Status status = b.solve(StrikeFriction::kNone);
  FF_EXPECT_TRUE(status.code == StatusCode::kBadInput && std::strcmp(status.field, "options.peak_method") == 0);
  FF_EXPECT_TRUE(!b.result.peaks.predicted && b.result.normal_impulse[0] == S(0));
  b.options.peak_method = static_cast<PeakMethod>(7);
  status = b.solve(StrikeFriction::kNone);
  FF_EXPECT_TRUE(status.code == StatusCode::kBadInput && std::strcmp(status.field, "options.peak_method") == 0);
  b.options = StrikeOptions<S>();
  b.contacts[0].pad = ContactPad<S>::Linear(S(1e3), S(1e8));
  FF_ASSERT_TRUE(b.solve(StrikeFriction::kNone).ok());
  const int steps = b.result.peaks.steps;
  FF_ASSERT_TRUE(steps > 8);
  b.options.steps_per_half_period = 8;
  b.options.max_steps = steps - 1;
  status = b.solve(StrikeFriction::kNone);
  FF_EXPECT_TRUE(status.code == StatusCode::kIterationLimit && std::strcmp(status.field, "strike.peaks.max_steps") == 0);
}

}  // namespace
}  // namespace footfall::test
