// compute_tick_terms and compute_mass_terms (dynamics/tick_terms.hpp) against the stages they
// bundle, called one by one: the same numbers to the bit and the same stages marked; and on bad
// input the first failing stage's Status, with the workspace exactly as it was before the call
// (gravity is checked before kinematics writes anything, a bad q or v is refused by kinematics).
#include <cmath>
#include <cstring>
#include <limits>

#include "ff_test.hpp"
#include "model_fixtures.hpp"

namespace {

using footfall::Status;
using footfall::Workspace;

// The terms a solve reads, compared exactly: both sides ran the same arithmetic in the same order.
template <typename S, int B, int D>
bool same_terms(const footfall::Model<S, B, D>& model, const Workspace<S, B, D>& a, const Workspace<S, B, D>& b,
                bool with_bias) {
  bool same = a.stage == b.stage && a.mass_matrix == b.mass_matrix && a.factor.rows() == b.factor.rows();
  for (int k = 0; k < model.nv() && same; ++k) {  // the factor is D and L on H's pattern
    same = same && a.factor(k, k) == b.factor(k, k);
    for (int i = model.dof_parent(k); i != -1; i = model.dof_parent(i)) same = same && a.factor(k, i) == b.factor(k, i);
  }
  if (with_bias) same = same && a.bias == b.bias;
  for (int i = 0; i < model.body_count(); ++i)
    same = same && a.world_to_body[i].rotation() == b.world_to_body[i].rotation() &&
           a.world_to_body[i].translation() == b.world_to_body[i].translation() &&
           a.velocity[i].vector() == b.velocity[i].vector();
  return same;
}

template <typename S, int B, int D>
void check_against_stages(const footfall::Model<S, B, D>& model, std::uint64_t seed) {
  using W = Workspace<S, B, D>;
  static W bundled, staged;  // static: large for a board's stack
  footfall::test::Random rng(seed);
  const footfall::Vector3<S> gravity(S(0.3), S(-0.2), S(-9.7));
  for (int trial = 0; trial < 5; ++trial) {
    const auto q = footfall::test::random_configuration(model, rng);
    const auto v = footfall::test::random_velocity(model, rng);

    FF_ASSERT_TRUE(footfall::compute_tick_terms(model, bundled, q, v, gravity).ok());
    FF_ASSERT_TRUE(footfall::forward_kinematics(model, staged, q, v).ok());
    FF_ASSERT_TRUE(footfall::mass_matrix(model, staged).ok());
    FF_ASSERT_TRUE(footfall::factorize_mass_matrix(model, staged).ok());
    FF_ASSERT_TRUE(footfall::bias_forces(model, staged, gravity).ok());
    FF_EXPECT_EQ(bundled.stage, unsigned(W::kKinematics | W::kMassMatrix | W::kFactor | W::kBias));
    FF_EXPECT_TRUE(same_terms(model, bundled, staged, true));

    // Without C: the same kinematics, H and factor, and the stage says C is not there.
    FF_ASSERT_TRUE(footfall::compute_mass_terms(model, bundled, q, v).ok());
    FF_EXPECT_EQ(bundled.stage, unsigned(W::kKinematics | W::kMassMatrix | W::kFactor));
    staged.stage = bundled.stage;
    FF_EXPECT_TRUE(same_terms(model, bundled, staged, false));
  }
}

// A refused call leaves every byte of the workspace as the last good tick left it.
template <typename S, int B, int D>
void check_refusals(const footfall::Model<S, B, D>& model) {
  using W = Workspace<S, B, D>;
  static W ws;
  static unsigned char before[sizeof(W)];
  footfall::test::Random rng(7);
  auto q = footfall::test::random_configuration(model, rng);
  auto v = footfall::test::random_velocity(model, rng);
  FF_ASSERT_TRUE(footfall::compute_tick_terms(model, ws, q, v).ok());
  std::memcpy(before, static_cast<const void*>(&ws), sizeof(W));
  const auto good_q = q;
  const auto good_v = v;
  q = footfall::test::random_configuration(model, rng);  // the next tick's state, spoiled
  v = footfall::test::random_velocity(model, rng);

  footfall::Vector3<S> gravity = footfall::standard_gravity<S>();
  gravity.y() = std::numeric_limits<S>::quiet_NaN();
  Status status = footfall::compute_tick_terms(model, ws, q, v, gravity);
  FF_EXPECT_TRUE(status.code == footfall::StatusCode::kBadInput && std::strcmp(status.field, "gravity") == 0);
  FF_EXPECT_TRUE(std::memcmp(before, static_cast<const void*>(&ws), sizeof(W)) == 0);

  const int last = model.nq() - 1;
  q(last) = std::numeric_limits<S>::infinity();
  status = footfall::compute_tick_terms(model, ws, q, v);
  FF_EXPECT_TRUE(status.code == footfall::StatusCode::kBadInput && std::strcmp(status.field, "q") == 0 &&
                 status.index == last);
  FF_EXPECT_TRUE(std::memcmp(before, static_cast<const void*>(&ws), sizeof(W)) == 0);
  status = footfall::compute_mass_terms(model, ws, q, v);
  FF_EXPECT_TRUE(status.code == footfall::StatusCode::kBadInput && std::strcmp(status.field, "q") == 0);
  FF_EXPECT_TRUE(std::memcmp(before, static_cast<const void*>(&ws), sizeof(W)) == 0);

  v = good_v;
  v(0) = std::numeric_limits<S>::quiet_NaN();
  status = footfall::compute_mass_terms(model, ws, good_q, v);
  FF_EXPECT_TRUE(status.code == footfall::StatusCode::kBadInput && std::strcmp(status.field, "v") == 0 &&
                 status.index == 0);
  FF_EXPECT_TRUE(std::memcmp(before, static_cast<const void*>(&ws), sizeof(W)) == 0);

  // A finite joint rate whose square the scalar cannot hold: C overflows, which is refused (after
  // the mass terms were written) and C is not marked current; the next good tick is whole again.
  v = good_v;
  v(model.nv() - 1) = std::sqrt(std::numeric_limits<S>::max()) * S(1000);
  status = footfall::compute_tick_terms(model, ws, good_q, v);
  FF_EXPECT_TRUE(status.code == footfall::StatusCode::kBadInput && std::strcmp(status.field, "v.overflow") == 0 &&
                 status.index >= 0 && status.index < model.nv());
  FF_EXPECT_TRUE((ws.stage & W::kBias) == 0u);
  status = footfall::bias_forces(model, ws);
  FF_EXPECT_TRUE(status.code == footfall::StatusCode::kBadInput && std::strcmp(status.field, "v.overflow") == 0);
  FF_EXPECT_TRUE(footfall::compute_tick_terms(model, ws, good_q, good_v).ok());
  FF_EXPECT_TRUE((ws.stage & W::kBias) != 0u && ws.bias.allFinite());
}

}  // namespace

FF_TEST_FLOAT_AND_DOUBLE(TickTerms, QuadrupedAreItsStagesInOrder) {
  static footfall::QuadrupedModel<S> model;
  FF_ASSERT_TRUE(footfall::build_quadruped_model(&model).ok());
  check_against_stages(model, 211);
}

FF_TEST_FLOAT_AND_DOUBLE(TickTerms, BipedAreItsStagesInOrder) {
  static footfall::BipedModel<S> model;
  FF_ASSERT_TRUE(footfall::build_biped_model(&model).ok());
  check_against_stages(model, 212);
}

FF_TEST_FLOAT_AND_DOUBLE(TickTerms, RefusedInputLeavesTheWorkspaceAsItWas) {
  static footfall::QuadrupedModel<S> model;
  FF_ASSERT_TRUE(footfall::build_quadruped_model(&model).ok());
  check_refusals(model);
}
