// The safe touchdown speed (strike/safe_touchdown.hpp): rerun at the speed it gives, the load
// that binds reaches its limit and no other passes its own; the foot's force and a joint's torque
// each bind when theirs is the tighter; the participation threshold is reported; bad limits and
// strikes it cannot scale are refused with the answer unchanged.
#include <cmath>
#include <cstring>
#include <limits>

#include "articulated_fixtures.hpp"
#include "footfall/strike/safe_touchdown.hpp"

namespace footfall::test {
namespace {

// The quadruped's diagonal pair (FL, RR) coming down at `scale` times the fixture's touchdown,
// on linear pads, with the cone: the strike's Status.
template <typename S>
bool diagonal_touchdown(QuadrupedStrike<S>& b, S scale) {
  const int feet[2] = {1, 2};
  if (!quadruped_touchdown(b, feet, 2, S(0.5), S(0.8), S(0.1))) return false;
  b.contacts[0].pad = ContactPad<S>::Linear(S(3e4), S(60));
  b.contacts[1].pad = ContactPad<S>::Linear(S(1.5e4), S(20));
  b.v *= scale;
  b.options = StrikeOptions<S>();
  return b.solve(StrikeFriction::kCone).ok();
}

// Limits of `fraction` of each joint's peak (the base's six unlimited) and each foot's.
template <typename S>
LoadLimits<S, 18, 4> limits_at(const StrikePeaks<S, 18, 4>& peaks, S joint_fraction, S foot_fraction) {
  LoadLimits<S, 18, 4> limits = LoadLimits<S, 18, 4>::Unlimited(18);
  for (int k = 6; k < 18; ++k) limits.joint_torque(k) = joint_fraction * peaks.joint_torque(k) + S(1);
  for (int i = 0; i < 2; ++i) limits.foot_force[i] = foot_fraction * peaks.force[i].norm();
  return limits;
}

// Rerun at the safe speed, the binding load equals its limit and every other is within its own.
template <typename S>
void expect_binds_at_limit(QuadrupedStrike<S>& b, const LoadLimits<S, 18, 4>& limits, const SafeTouchdown<S>& safe,
                           TouchdownBound bound) {
  FF_ASSERT_TRUE(safe.bound == bound);
  FF_ASSERT_TRUE(diagonal_touchdown(b, safe.margin));
  const StrikePeaks<S, 18, 4>& at = b.result.peaks;
  const S tol = ulps<S>(2048);
  S fastest = S(0);
  for (int i = 0; i < 2; ++i) fastest = std::max(fastest, -b.result.approach[i]);
  FF_EXPECT_NEAR(fastest, safe.speed, tol * safe.speed);
  if (bound == TouchdownBound::kJointTorque) {
    const int k = safe.index;
    FF_EXPECT_NEAR(at.joint_torque(k), limits.joint_torque(k), tol * limits.joint_torque(k));
  } else {
    const int i = safe.index;
    FF_EXPECT_NEAR(at.force[i].norm(), limits.foot_force[i], tol * limits.foot_force[i]);
  }
  for (int k = 0; k < 18; ++k) FF_EXPECT_TRUE(at.joint_torque(k) <= limits.joint_torque(k) * (S(1) + tol));
  for (int i = 0; i < 2; ++i) FF_EXPECT_TRUE(at.force[i].norm() <= limits.foot_force[i] * (S(1) + tol));
}

FF_TEST_FLOAT_AND_DOUBLE(SafeTouchdown, BindingLoadReachesItsLimitAtTheSafeSpeed) {
  auto& b = quadruped_bench<S>();
  FF_ASSERT_TRUE(diagonal_touchdown(b, S(1)));
  const StrikePeaks<S, 18, 4> planned = b.result.peaks;
  SafeTouchdown<S> safe;
  // The joints at 60 % of their planned peaks (plus 1 N m), the feet at three times theirs: a
  // joint binds, below the plan.
  LoadLimits<S, 18, 4> limits = limits_at(planned, S(0.6), S(3));
  FF_ASSERT_TRUE(safe_touchdown_speed(b.contacts, b.options, b.result, limits, safe).ok());
  FF_EXPECT_NEAR(safe.planned_speed, S(0.5), S(0.2));  // the feet come down at about the trunk's 0.5 m/s
  FF_EXPECT_TRUE(safe.index >= 6 && safe.margin < S(1) && safe.margin > S(0.6));
  FF_EXPECT_TRUE(!safe.bound_of_current_set && safe.set_from < safe.speed && safe.set_to > safe.speed);
  expect_binds_at_limit(b, limits, safe, TouchdownBound::kJointTorque);
  // The feet at 80 % of theirs and the joints at ten times: a foot binds.
  FF_ASSERT_TRUE(diagonal_touchdown(b, S(1)));
  limits = limits_at(planned, S(10), S(0.8));
  FF_ASSERT_TRUE(safe_touchdown_speed(b.contacts, b.options, b.result, limits, safe).ok());
  FF_EXPECT_NEAR(safe.margin, S(0.8), ulps<S>(64));
  expect_binds_at_limit(b, limits, safe, TouchdownBound::kFootForce);
}

// Nothing limited, nothing approaching: no bound. A limit of 0 on a loaded joint: speed 0.
FF_TEST_FLOAT_AND_DOUBLE(SafeTouchdown, UnlimitedAndZeroLimits) {
  auto& b = quadruped_bench<S>();
  FF_ASSERT_TRUE(diagonal_touchdown(b, S(1)));
  SafeTouchdown<S> safe;
  LoadLimits<S, 18, 4> limits = LoadLimits<S, 18, 4>::Unlimited(18);
  FF_ASSERT_TRUE(safe_touchdown_speed(b.contacts, b.options, b.result, limits, safe).ok());
  FF_EXPECT_TRUE(safe.bound == TouchdownBound::kNone && safe.index == -1 && !std::isfinite(safe.speed));
  FF_EXPECT_TRUE(safe.planned_speed > S(0));
  int loaded = 6;
  while (loaded < 18 && !(b.result.peaks.joint_torque(loaded) > S(0))) ++loaded;
  FF_ASSERT_TRUE(loaded < 18);
  limits.joint_torque(loaded) = S(0);
  FF_ASSERT_TRUE(safe_touchdown_speed(b.contacts, b.options, b.result, limits, safe).ok());
  FF_EXPECT_TRUE(safe.bound == TouchdownBound::kJointTorque && safe.index == loaded && safe.speed == S(0));
}

// A contact that takes part while leaving slower than the participation threshold (a foot just
// lifting) is left out above the speed where it reaches it: a bound above that is the current
// set's, and said so.
FF_TEST_FLOAT_AND_DOUBLE(SafeTouchdown, ParticipationThresholdIsReported) {
  auto& b = quadruped_bench<S>();
  FF_ASSERT_TRUE(diagonal_touchdown(b, S(1)));
  // The first contact reported as leaving at a quarter of the planned speed, the threshold at
  // half of it.
  StrikeResult<S, 13, 18, 4> leaving = b.result;
  const S planned = std::max(-leaving.approach[0], -leaving.approach[1]);
  leaving.approach[0] = S(0.25) * planned;  // taking part, leaving at a quarter of s₀
  StrikeOptions<S> options = b.options;
  options.separating_speed = S(0.5) * planned;
  SafeTouchdown<S> safe;
  LoadLimits<S, 18, 4> limits = limits_at(b.result.peaks, S(10), S(10));
  FF_ASSERT_TRUE(safe_touchdown_speed(b.contacts, options, leaving, limits, safe).ok());
  // s₀ is now the other foot's; the first would be left out above s₀·threshold/ζ⁻₀.
  const S s0 = -leaving.approach[1];
  FF_EXPECT_NEAR(safe.planned_speed, s0, ulps<S>(4) * s0);
  FF_EXPECT_NEAR(safe.set_to, s0 * (options.separating_speed / leaving.approach[0]), ulps<S>(8) * safe.set_to);
  FF_EXPECT_TRUE(safe.speed > safe.set_to && safe.bound_of_current_set);
}

// Bad limits and strikes that cannot be scaled are refused, the answer unchanged.
FF_TEST_FLOAT_AND_DOUBLE(SafeTouchdown, RefusesWhatItCannotScale) {
  auto& b = quadruped_bench<S>();
  FF_ASSERT_TRUE(diagonal_touchdown(b, S(1)));
  SafeTouchdown<S> safe;
  safe.speed = S(42);
  const auto refused = [&](const StrikeResult<S, 13, 18, 4>& result, const LoadLimits<S, 18, 4>& limits,
                           const char* field, int which) {
    const Status status = safe_touchdown_speed(b.contacts, b.options, result, limits, safe);
    FF_EXPECT_TRUE(status.code == StatusCode::kBadInput && std::strcmp(status.field, field) == 0 &&
                   status.index == which);
    FF_EXPECT_TRUE(safe.speed == S(42));
  };
  LoadLimits<S, 18, 4> limits = LoadLimits<S, 18, 4>::Unlimited(18);
  limits.joint_torque(7) = S(-1);
  refused(b.result, limits, "limits.joint_torque", 7);
  limits.joint_torque(7) = std::numeric_limits<S>::quiet_NaN();
  refused(b.result, limits, "limits.joint_torque", 7);
  refused(b.result, LoadLimits<S, 18, 4>::Unlimited(12), "limits.joint_torque", -1);
  limits = LoadLimits<S, 18, 4>::Unlimited(18);
  limits.foot_force[1] = std::numeric_limits<S>::quiet_NaN();
  refused(b.result, limits, "limits.foot_force", 1);
  limits = LoadLimits<S, 18, 4>::Unlimited(18);
  StrikeResult<S, 13, 18, 4> rigid = b.result;
  rigid.peaks.predicted = false;
  refused(rigid, limits, "strike", -1);
  b.contacts[1].pad = ContactPad<S>::HuntCrossley(S(2e6), S(1e3));
  FF_ASSERT_TRUE(b.solve(StrikeFriction::kCone).ok());
  refused(b.result, limits, "set.contacts.pad", 1);
}

}  // namespace
}  // namespace footfall::test
