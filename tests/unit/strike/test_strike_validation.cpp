// Bad input to the strike: every option, the workspace's stages, v, the contacts and their pads
// give a Status naming the field, and a result with no impulse, never a plausible number.
#include <cmath>
#include <cstring>
#include <limits>

#include "strike_fixtures.hpp"

namespace footfall::test {
namespace {

template <typename S>
using BallValidationBench = StrikeBench<S, 1, 6, 2>;

template <typename S>
BallValidationBench<S>& bench() {
  static BallValidationBench<S> instance;
  return instance;
}

template <typename S>
bool ball(BallValidationBench<S>& b, S mass = S(1)) {
  ModelBuilder<S, 1, 6> builder;
  builder.add_body("ball", -1, JointSpec<S>::FreeFlyer(), sphere_inertia(mass, S(0.1)), nullptr, "free");
  if (!builder.build(&b.model).ok()) return false;
  typename BallValidationBench<S>::Config q(7);
  set_free_body<S>(q, 0, Vector3<S>(S(0), S(0), S(0.1)));
  typename BallValidationBench<S>::Tangent v = BallValidationBench<S>::Tangent::Zero(6);
  v(2) = S(-1);
  b.contacts.clear();
  b.contacts.add(Contact<S>::Ground(0, Vector3<S>(S(0), S(0), S(-0.1)), Vector3<S>::UnitZ(), S(0.5), S(0.2)));
  b.options = StrikeOptions<S>();
  return b.prepare(q, v);
}

template <typename S>
void expect_bad(BallValidationBench<S>& b, const char* field) {
  const Status status = solve_strike(b.model, b.ws, b.contacts, b.v, b.options, b.strike, b.result);
  FF_EXPECT_TRUE(status.code == StatusCode::kBadInput);
  FF_EXPECT_TRUE(std::strcmp(status.field, field) == 0);
  FF_EXPECT_TRUE(!b.result.ok());
  for (int i = 0; i < b.result.count; ++i) FF_EXPECT_TRUE(b.result.normal_impulse[i] == S(0));
  FF_EXPECT_TRUE(b.result.v_plus.size() == 0 || b.result.v_plus.cwiseAbs().maxCoeff() == S(0));
}

FF_TEST_FLOAT_AND_DOUBLE(StrikeValidation, OptionsNameTheirField) {
  auto& b = bench<S>();
  FF_ASSERT_TRUE(ball(b));
  FF_ASSERT_TRUE(solve_strike(b.model, b.ws, b.contacts, b.v, b.options, b.strike, b.result).ok());
  const S nan = std::numeric_limits<S>::quiet_NaN();
  b.options.friction = static_cast<StrikeFriction>(9);
  expect_bad(b, "options.friction");
  FF_ASSERT_TRUE(ball(b));
  b.options.law = static_cast<RestitutionLaw>(5);
  expect_bad(b, "options.law");
  FF_ASSERT_TRUE(ball(b));
  b.options.max_sweeps = 0;
  expect_bad(b, "options.max_sweeps");
  FF_ASSERT_TRUE(ball(b));
  b.options.tolerance = nan;
  expect_bad(b, "options.tolerance");
  FF_ASSERT_TRUE(ball(b));
  b.options.tolerance = S(1);  // relative to the data: from 1 on, no impulse would pass the check
  expect_bad(b, "options.tolerance");
  FF_ASSERT_TRUE(ball(b));
  b.options.separating_speed = S(-1);
  expect_bad(b, "options.separating_speed");
  FF_ASSERT_TRUE(ball(b));
  b.options.steps_per_half_period = 2;
  expect_bad(b, "options.steps_per_half_period");
  FF_ASSERT_TRUE(ball(b));
  b.options.max_steps = 10;
  expect_bad(b, "options.max_steps");
  FF_ASSERT_TRUE(ball(b));
  b.options.friction = StrikeFriction::kSticking;
  b.options.solver = StanceSolver::kLemke;
  expect_bad(b, "options.solver");
  FF_ASSERT_TRUE(ball(b));
  b.options.friction = StrikeFriction::kCone;
  b.options.solver = StanceSolver::kLemke;
  expect_bad(b, "options.solver");
}

FF_TEST_FLOAT_AND_DOUBLE(StrikeValidation, InputsNameTheirField) {
  auto& b = bench<S>();
  const S nan = std::numeric_limits<S>::quiet_NaN();
  FF_ASSERT_TRUE(ball(b));
  b.v(3) = nan;
  expect_bad(b, "v");
  FF_ASSERT_TRUE(ball(b));
  b.v.resize(5);
  expect_bad(b, "v");
  // A spin about the contact normal leaves the strike as it is, but one too fast for the scalar's
  // kinetic energy is refused, not reported with an infinite energy.
  FF_ASSERT_TRUE(ball(b));
  b.v(5) = std::numeric_limits<S>::max() / S(16);
  expect_bad(b, "v.overflow");
  FF_ASSERT_TRUE(ball(b));
  b.contacts[0].restitution = S(1.5);
  expect_bad(b, "contacts.restitution");
  FF_ASSERT_TRUE(ball(b));
  b.contacts[0].pad = ContactPad<S>::Linear(S(-1), S(0));
  expect_bad(b, "contacts.pad.stiffness");
  FF_ASSERT_TRUE(ball(b));
  b.contacts[0].pad = ContactPad<S>::Linear(S(1e4), nan);
  expect_bad(b, "contacts.pad.damping");
  FF_ASSERT_TRUE(ball(b));
  b.contacts[0].pad = ContactPad<S>::HuntCrossley(S(1e6), S(1), S(4));
  expect_bad(b, "contacts.pad.exponent");
  FF_ASSERT_TRUE(ball(b));
  b.contacts[0].pad.law = static_cast<PadLaw>(7);
  expect_bad(b, "contacts.pad.law");
  // One contact with a pad and one without: no peak can be predicted, and the call says which.
  FF_ASSERT_TRUE(ball(b));
  b.contacts[0].pad = ContactPad<S>::Linear(S(1e4), S(10));
  b.contacts.add(Contact<S>::Ground(0, Vector3<S>(S(0.01), S(0), S(-0.1)), Vector3<S>::UnitZ(), S(0.5), S(0.2)));
  expect_bad(b, "contacts.pad.law");
  // A pad so stiff for the ball's mass that k/m overflows (here k = max/2 on 1/16 kg): its time
  // scale π √(m/k) is 0 in the scalar, so no step resolves it; the prediction says which pad.
  FF_ASSERT_TRUE(ball(b, S(1) / S(16)));
  b.contacts[0].pad = ContactPad<S>::Linear(std::numeric_limits<S>::max() / S(2), S(0));
  const Status stiff = solve_strike(b.model, b.ws, b.contacts, b.v, b.options, b.strike, b.result);
  FF_EXPECT_TRUE(stiff.code == StatusCode::kCheckFailed && std::strcmp(stiff.field, "strike.peaks.step") == 0 &&
                 stiff.index == 0);
  FF_EXPECT_TRUE(!b.result.ok());
  // A workspace without H's factor.
  FF_ASSERT_TRUE(ball(b));
  b.ws.stage &= ~Workspace<S, 1, 6>::kFactor;
  expect_bad(b, "workspace.factor");
}

// A separating contact is left out, a touching one takes part; nothing approaches: no impulse.
FF_TEST_FLOAT_AND_DOUBLE(StrikeValidation, SeparatingContactsAreLeftOut) {
  auto& b = bench<S>();
  FF_ASSERT_TRUE(ball(b));
  b.v(2) = S(0.5);
  FF_ASSERT_TRUE(solve_strike(b.model, b.ws, b.contacts, b.v, b.options, b.strike, b.result).ok());
  FF_EXPECT_TRUE(b.result.state[0] == StrikeState::kLeftOut);
  FF_EXPECT_TRUE(b.result.normal_impulse[0] == S(0));
  FF_EXPECT_NEAR(b.result.departure[0], S(0.5), ulps<S>(16));
  b.v(2) = S(0);
  FF_ASSERT_TRUE(solve_strike(b.model, b.ws, b.contacts, b.v, b.options, b.strike, b.result).ok());
  FF_EXPECT_TRUE(b.result.state[0] == StrikeState::kNoImpulse);
}

}  // namespace
}  // namespace footfall::test
