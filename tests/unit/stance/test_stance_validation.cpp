// Bad input to the stance solve: every field of a contact, the options, τ and the workspace's
// stage give a bad-input Status naming the field (and the contact), a result with zero forces,
// and no change to what the caller owns; a full contact set refuses one more.
#include <cstring>
#include <limits>

#include "stance_fixtures.hpp"

namespace {

using namespace footfall;

template <typename S>
test::QuadrupedBench<S>& validation_bench() {
  static test::QuadrupedBench<S> instance;
  return instance;
}

template <typename S>
bool rejects(test::QuadrupedBench<S>& b, const typename test::QuadrupedBench<S>::Tangent& tau,
             const StanceOptions<S>& options, const char* field, int index) {
  const Status status = solve_stance(b.model, b.ws, b.contacts, tau, options, b.stance, b.result);
  bool zero = true;
  for (int i = 0; i < b.result.count; ++i) zero = zero && b.result.normal_force[i] == S(0);
  return status.code == StatusCode::kBadInput && std::strcmp(status.field, field) == 0 && status.index == index &&
         b.result.status.code == StatusCode::kBadInput && zero;
}

}  // namespace

FF_TEST_FLOAT_AND_DOUBLE(StanceValidation, EveryFieldIsChecked) {
  auto& b = validation_bench<S>();
  const int feet[4] = {0, 1, 2, 3};
  FF_ASSERT_TRUE(test::quadruped_standing(b, feet, 4, S(0.8)));
  const typename test::QuadrupedBench<S>::Tangent tau = test::QuadrupedBench<S>::Tangent::Zero(18);
  StanceOptions<S> options;
  FF_ASSERT_TRUE(solve_stance(b.model, b.ws, b.contacts, tau, options, b.stance, b.result).code != StatusCode::kBadInput);
  const S nan = std::numeric_limits<S>::quiet_NaN();
  const Contact<S> good = b.contacts[2];
  const auto with = [&](auto change, const char* field) {
    b.contacts[2] = good;
    change(b.contacts[2]);
    const bool ok = rejects(b, tau, options, field, 2);
    b.contacts[2] = good;
    return ok;
  };
  FF_EXPECT_TRUE(with([](Contact<S>& c) { c.body = 13; }, "contacts.body"));
  FF_EXPECT_TRUE(with([](Contact<S>& c) { c.body = -1; }, "contacts.body"));
  FF_EXPECT_TRUE(with([&](Contact<S>& c) { c.point.x() = nan; }, "contacts.point"));
  FF_EXPECT_TRUE(with([](Contact<S>& c) { c.normal = Vector3<S>(S(0), S(0.1), S(1)); }, "contacts.normal"));
  FF_EXPECT_TRUE(with([&](Contact<S>& c) { c.normal.z() = nan; }, "contacts.normal"));
  FF_EXPECT_TRUE(with([](Contact<S>& c) { c.mu = S(-0.1); }, "contacts.mu"));
  FF_EXPECT_TRUE(with([](Contact<S>& c) { c.mu = std::numeric_limits<S>::infinity(); }, "contacts.mu"));
  FF_EXPECT_TRUE(with([](Contact<S>& c) { c.restitution = S(1.5); }, "contacts.restitution"));
  FF_EXPECT_TRUE(with([&](Contact<S>& c) { c.restitution = nan; }, "contacts.restitution"));
  FF_EXPECT_TRUE(with([](Contact<S>& c) { c.other_body = c.body; }, "contacts.other_body"));
  FF_EXPECT_TRUE(with([](Contact<S>& c) { c.other_body = 40; }, "contacts.other_body"));
  FF_EXPECT_TRUE(with([&](Contact<S>& c) {
    c.other_body = 0;
    c.other_point.y() = nan;
  }, "contacts.other_point"));
  FF_EXPECT_TRUE(with([&](Contact<S>& c) { c.curvature = nan; }, "contacts.curvature"));
  // A sphere foot's radius: negative, not finite, or on a contact that is not with the ground.
  FF_EXPECT_TRUE(with([](Contact<S>& c) { c.radius = S(-0.01); }, "contacts.radius"));
  FF_EXPECT_TRUE(with([&](Contact<S>& c) { c.radius = nan; }, "contacts.radius"));
  FF_EXPECT_TRUE(with([](Contact<S>& c) { c.radius = std::numeric_limits<S>::infinity(); }, "contacts.radius"));
  FF_EXPECT_TRUE(with([](Contact<S>& c) {
    c.radius = S(0.02);
    c.other_body = 0;
  }, "contacts.radius"));

  // τ: wrong length, not finite.
  typename test::QuadrupedBench<S>::Tangent short_tau = test::QuadrupedBench<S>::Tangent::Zero(17);
  FF_EXPECT_TRUE(solve_stance(b.model, b.ws, b.contacts, short_tau, options, b.stance, b.result).code ==
                 StatusCode::kBadInput);
  typename test::QuadrupedBench<S>::Tangent bad_tau = tau;
  bad_tau(9) = nan;
  FF_EXPECT_TRUE(std::strcmp(solve_stance(b.model, b.ws, b.contacts, bad_tau, options, b.stance, b.result).field,
                             "tau") == 0);

  // Options.
  const auto option = [&](auto change, const char* field) {
    StanceOptions<S> o;
    change(o);
    const Status status = solve_stance(b.model, b.ws, b.contacts, tau, o, b.stance, b.result);
    return status.code == StatusCode::kBadInput && std::strcmp(status.field, field) == 0;
  };
  FF_EXPECT_TRUE(option([](StanceOptions<S>& o) { o.max_sweeps = 0; }, "options.max_sweeps"));
  FF_EXPECT_TRUE(option([](StanceOptions<S>& o) { o.max_pivots = -1; }, "options.max_pivots"));
  FF_EXPECT_TRUE(option([&](StanceOptions<S>& o) { o.tolerance = nan; }, "options.tolerance"));
  FF_EXPECT_TRUE(option([](StanceOptions<S>& o) { o.sliding_speed = S(-1); }, "options.sliding_speed"));
  FF_EXPECT_TRUE(option([](StanceOptions<S>& o) { o.solver = StanceSolver::kLemke; }, "options.solver"));  // cone
  FF_EXPECT_TRUE(option([](StanceOptions<S>& o) {
    o.friction = FrictionModel::kPyramid4;
    o.solver = StanceSolver::kPgs;
  }, "options.solver"));
  FF_EXPECT_TRUE(option([](StanceOptions<S>& o) {
    o.friction = FrictionModel::kCone;
    o.solver = StanceSolver::kEnumeration;
  }, "options.solver"));

  // A full set refuses one more; a workspace whose kinematics are not current is refused.
  FF_EXPECT_TRUE(b.contacts.add(good).code == StatusCode::kCapacity);
  FF_EXPECT_EQ(b.contacts.count, 4);
  typename test::QuadrupedBench<S>::Config q(19);
  q << S(0), S(0), S(0.3), S(0), S(0), S(0), S(1), S(0), S(0.8), S(-1.6), S(0), S(0.8), S(-1.6), S(0), S(0.8),
      S(-1.6), S(0), S(0.8), S(-1.6);
  FF_ASSERT_TRUE(forward_kinematics(b.model, b.ws, q, test::QuadrupedBench<S>::Tangent::Zero(18)).ok());
  const Status stale = solve_stance(b.model, b.ws, b.contacts, tau, options, b.stance, b.result);
  FF_EXPECT_TRUE(stale.code == StatusCode::kBadInput && std::strcmp(stale.field, "workspace.factor") == 0);
}

// holding_torques names each prerequisite it finds missing, distinctly, and leaves τ as it was:
// contact terms never filled or filled without tangents ("contact_dynamics.tangents"), and C
// not on the workspace since its last forward_kinematics ("workspace.bias"); with both it holds.
FF_TEST_FLOAT_AND_DOUBLE(StanceValidation, HoldingTorquesNameWhatTheyNeed) {
  auto& b = validation_bench<S>();
  const int feet[4] = {0, 1, 2, 3};
  FF_ASSERT_TRUE(test::quadruped_standing(b, feet, 4, S(0.8)));
  using Tangent = typename test::QuadrupedBench<S>::Tangent;
  const Tangent zero = Tangent::Zero(18);
  Tangent tau = Tangent::Constant(18, S(7));
  const auto refused = [&](const char* field) {
    const Status status = holding_torques(b.model, b.ws, b.stance.contact, tau);
    return status.code == StatusCode::kBadInput && std::strcmp(status.field, field) == 0 && tau == Tangent::Constant(18, S(7));
  };
  b.stance.contact = ContactDynamics<S, 18, 4>();  // never filled
  FF_EXPECT_TRUE(refused("contact_dynamics.tangents"));
  FF_ASSERT_TRUE(compute_contact_dynamics(b.model, b.ws, b.contacts, zero, ContactRows::kNormals, b.stance.contact).ok());
  FF_EXPECT_TRUE(refused("contact_dynamics.tangents"));
  FF_ASSERT_TRUE(compute_contact_dynamics(b.model, b.ws, b.contacts, zero, ContactRows::kWithTangents, b.stance.contact).ok());
  FF_ASSERT_TRUE(compute_mass_terms(b.model, b.ws, test::quadruped_standing_configuration<S>(), zero).ok());  // no C
  FF_EXPECT_TRUE(refused("workspace.bias"));
  FF_ASSERT_TRUE(compute_tick_terms(b.model, b.ws, test::quadruped_standing_configuration<S>(), zero).ok());
  FF_EXPECT_TRUE(holding_torques(b.model, b.ws, b.stance.contact, tau).ok());
}
