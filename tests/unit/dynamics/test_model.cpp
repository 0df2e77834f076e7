// The model builder's validation, the reference models' figures, integration on the
// configuration manifold, and conservation of momentum and energy in free motion.
#include <cmath>
#include <cstring>
#include <limits>

#include "ff_test.hpp"
#include "model_fixtures.hpp"

namespace {

using footfall::test::Random;

template <typename S>
footfall::Inertia<S> unit_body() {
  footfall::Inertia<S> body;
  const footfall::Status status = footfall::Inertia<S>::FromMassComInertia(
      S(1), footfall::Vector3<S>::Zero(), footfall::Matrix3<S>(footfall::Matrix3<S>::Identity() * S(0.01)), &body);
  (void)status;
  return body;
}

bool same(const char* a, const char* b) { return std::strcmp(a, b) == 0; }

}  // namespace

FF_TEST_FLOAT_AND_DOUBLE(Model, ReferenceModelsHaveTheirDimensions) {
  static footfall::QuadrupedModel<S> quadruped;
  FF_ASSERT_TRUE(footfall::build_quadruped_model(&quadruped).ok());
  FF_EXPECT_EQ(quadruped.nq(), 19);
  FF_EXPECT_EQ(quadruped.nv(), 18);
  FF_EXPECT_EQ(quadruped.body_count(), 13);
  FF_EXPECT_TRUE(quadruped.has_floating_base());
  // Unitree A1: trunk 6.0 + 4 × (hip 0.696 + thigh 1.013 + calf 0.166 + foot 0.06) kg.
  FF_EXPECT_NEAR(quadruped.total_mass(), S(13.74), S(8) * footfall::epsilon<S>() * S(14));
  FF_EXPECT_EQ(quadruped.find_body("RL_calf"), footfall::quadruped_calf_body(3));
  FF_EXPECT_TRUE(same(quadruped.joint_name(footfall::quadruped_calf_body(0)), "FR_calf_joint"));
  // Depth-first DOF parents: the FL hip's DOF hangs from the base's last DOF, not from FR's calf.
  FF_EXPECT_EQ(quadruped.dof_parent(quadruped.v_index(quadruped.find_body("FL_hip"))), 5);
  FF_EXPECT_EQ(quadruped.dof_parent(quadruped.v_index(quadruped.find_body("FL_calf"))),
               quadruped.v_index(quadruped.find_body("FL_thigh")));

  static footfall::BipedModel<S> biped;
  FF_ASSERT_TRUE(footfall::build_biped_model(&biped).ok());
  FF_EXPECT_EQ(biped.nq(), 19);
  FF_EXPECT_EQ(biped.nv(), 18);
  static footfall::Rod2dModel<S> rod;
  FF_ASSERT_TRUE(footfall::build_rod2d_model(&rod).ok());
  FF_EXPECT_EQ(rod.nq(), 3);
  FF_EXPECT_NEAR(rod.total_mass(), S(1), S(0));
  static footfall::ChainModel<S, 12> chain;
  FF_ASSERT_TRUE(footfall::build_chain_model(7, &chain).ok());
  FF_EXPECT_EQ(chain.nv(), 7);
  FF_EXPECT_TRUE(footfall::build_chain_model(13, &chain).code == footfall::StatusCode::kCapacity);
}

// Forward kinematics composes ⁱX_λ = X_J X_T without the 3×3 product when X_T only translates.
// Both ways must give the general composition's numbers exactly, so a tree with each kind of
// placement (none, a pure translation, a rotation, both) on each kind of joint is compared, body
// by body, against evaluate_joint's X_J times X_T.
FF_TEST_FLOAT_AND_DOUBLE(Model, KinematicsComposesEachPlacementAsTheGeneralProduct) {
  using footfall::JointSpec;
  using footfall::Transform;
  using footfall::Vector3;
  const footfall::Inertia<S> body = unit_body<S>();
  const Transform<S> moved = Transform<S>::Translation(Vector3<S>(S(0.1), S(-0.2), S(0.3)));
  const Transform<S> turned(footfall::exp_so3(Vector3<S>(S(0.3), S(-0.5), S(0.7))), Vector3<S>(S(0.05), S(0.1), S(-0.4)));
  const Transform<S> turned_only = Transform<S>::Rotation(footfall::exp_so3(Vector3<S>(S(-0.2), S(0.4), S(0.1))));
  footfall::ModelBuilder<S, 6, 11> b;
  FF_ASSERT_TRUE(b.add_body("base", -1, JointSpec<S>::FreeFlyer(), body).ok());
  FF_ASSERT_TRUE(b.add_body("a", 0, JointSpec<S>::Revolute(Vector3<S>::UnitX(), moved), body).ok());
  FF_ASSERT_TRUE(b.add_body("b", 1, JointSpec<S>::Revolute(Vector3<S>::UnitY(), turned), body).ok());
  FF_ASSERT_TRUE(b.add_body("c", 2, JointSpec<S>::Prismatic(Vector3<S>::UnitZ(), turned_only), body).ok());
  FF_ASSERT_TRUE(b.add_body("d", 3, JointSpec<S>::Prismatic(Vector3<S>::UnitX(), moved), body).ok());
  FF_ASSERT_TRUE(b.add_body("e", 0, JointSpec<S>::Revolute(Vector3<S>::UnitZ()), body).ok());
  static footfall::Model<S, 6, 11> model;
  FF_ASSERT_TRUE(b.build(&model).ok());
  const bool rotates[6] = {false, false, true, true, false, false};
  const int turn_axis[6] = {-1, 0, -1, -1, -1, 2};  // a about x, moved; e about z; b turned in its placement
  for (int i = 0; i < model.body_count(); ++i) {
    FF_EXPECT_EQ(model.joint_placement_rotates(i), rotates[i]);
    FF_EXPECT_EQ(model.turn_axis(i), turn_axis[i]);
  }

  static footfall::Workspace<S, 6, 11> ws;
  Random rng(11);
  for (int trial = 0; trial < 5; ++trial) {
    const auto q = footfall::test::random_configuration(model, rng);
    const auto v = footfall::test::random_velocity(model, rng);
    FF_ASSERT_TRUE(footfall::forward_kinematics(model, ws, q, v).ok());
    for (int i = 0; i < model.body_count(); ++i) {
      footfall::JointState<S> joint;
      footfall::evaluate_joint(model.joint_type(i), model.joint_axis(i), q, model.q_index(i), v, model.v_index(i), &joint);
      const Transform<S> general = joint.transform * model.joint_placement(i);
      FF_EXPECT_TRUE(ws.parent_to_body[i].rotation() == general.rotation());
      FF_EXPECT_TRUE(ws.parent_to_body[i].translation() == general.translation());
    }
  }
}

FF_TEST_FLOAT_AND_DOUBLE(Model, BuilderRejectsBadModelsNamingTheBody) {
  using footfall::JointSpec;
  using footfall::Status;
  using footfall::StatusCode;
  const footfall::Inertia<S> body = unit_body<S>();
  const S nan = std::numeric_limits<S>::quiet_NaN();
  {
    footfall::ModelBuilder<S, 3, 9> b;
    FF_EXPECT_TRUE(b.add_body("a", -1, JointSpec<S>::Revolute(footfall::Vector3<S>::UnitZ()), body).ok());
    Status s = b.add_body("b", 5, JointSpec<S>::Revolute(footfall::Vector3<S>::UnitZ()), body);
    FF_EXPECT_TRUE(s.code == StatusCode::kBadInput && same(s.field, "body.parent") && s.index == 1);
    s = b.add_body("b", 0, JointSpec<S>::Revolute(footfall::Vector3<S>(S(1), S(1), S(0))), body);
    FF_EXPECT_TRUE(same(s.field, "joint.axis") && s.index == 1);
    s = b.add_body("a", 0, JointSpec<S>::Revolute(footfall::Vector3<S>::UnitZ()), body);
    FF_EXPECT_TRUE(same(s.field, "body.name.duplicate"));
    s = b.add_body("b", 0, JointSpec<S>::Revolute(footfall::Vector3<S>::UnitZ()), footfall::Inertia<S>());
    FF_EXPECT_TRUE(same(s.field, "body.mass"));
    s = b.add_body("b", 0, JointSpec<S>::FreeFlyer(), body);
    FF_EXPECT_TRUE(same(s.field, "joint.type.not_at_root"));
    footfall::JointSpec<S> bad_limits = JointSpec<S>::Revolute(footfall::Vector3<S>::UnitZ());
    bad_limits.limits.position_min = S(1);
    bad_limits.limits.position_max = S(-1);
    s = b.add_body("b", 0, bad_limits, body);
    FF_EXPECT_TRUE(same(s.field, "joint.limits.position"));
    footfall::JointSpec<S> bad_drive = JointSpec<S>::Revolute(footfall::Vector3<S>::UnitZ());
    bad_drive.armature = S(-0.1);
    FF_EXPECT_TRUE(same(b.add_body("b", 0, bad_drive, body).field, "joint.armature"));
    bad_drive.armature = S(0);
    bad_drive.gear_ratio = S(0);
    FF_EXPECT_TRUE(same(b.add_body("b", 0, bad_drive, body).field, "joint.gear_ratio"));
    footfall::Matrix3<S> sheared = footfall::Matrix3<S>::Identity();
    sheared(0, 1) = S(0.5);
    s = b.add_body("b", 0,
                   JointSpec<S>::Revolute(footfall::Vector3<S>::UnitZ(),
                                          footfall::Transform<S>(sheared, footfall::Vector3<S>::Zero())),
                   body);
    FF_EXPECT_TRUE(same(s.field, "joint.placement.rotation"));
    s = b.add_body("b", 0,
                   JointSpec<S>::Revolute(footfall::Vector3<S>::UnitZ(),
                                          footfall::Transform<S>::Translation(footfall::Vector3<S>(nan, S(0), S(0)))),
                   body);
    FF_EXPECT_TRUE(same(s.field, "joint.placement.translation"));
    s = b.add_body("a_name_that_is_longer_than_31_characters", 0,
                   JointSpec<S>::Revolute(footfall::Vector3<S>::UnitZ()), body);
    FF_EXPECT_TRUE(same(s.field, "body.name"));
    // The failures are remembered: build() reports the first one and leaves the output alone.
    static footfall::Model<S, 3, 9> model;
    const Status built = b.build(&model);
    FF_EXPECT_TRUE(same(built.field, "body.parent"));
    FF_EXPECT_EQ(model.body_count(), 0);
  }
  {
    footfall::ModelBuilder<S, 2, 2> b;
    FF_EXPECT_TRUE(b.add_body("a", -1, JointSpec<S>::Revolute(footfall::Vector3<S>::UnitZ()), body).ok());
    FF_EXPECT_TRUE(b.add_body("b", 0, JointSpec<S>::Revolute(footfall::Vector3<S>::UnitX()), body).ok());
    const Status s = b.add_body("c", 1, JointSpec<S>::Revolute(footfall::Vector3<S>::UnitX()), body);
    FF_EXPECT_TRUE(s.code == StatusCode::kCapacity && same(s.field, "model.bodies") && s.index == 2);
  }
  {
    footfall::ModelBuilder<S, 4, 6> b;
    FF_EXPECT_TRUE(b.add_body("base", -1, JointSpec<S>::FreeFlyer(), body).ok());
    const Status s = b.add_body("leg", 0, JointSpec<S>::Revolute(footfall::Vector3<S>::UnitX()), body);
    FF_EXPECT_TRUE(s.code == StatusCode::kCapacity && same(s.field, "model.degrees_of_freedom"));
  }
}

FF_TEST_FLOAT_AND_DOUBLE(Model, AlgorithmsRejectBadStates) {
  static footfall::QuadrupedModel<S> model;
  static footfall::Workspace<S, 13, 18> ws;
  FF_ASSERT_TRUE(footfall::build_quadruped_model(&model).ok());
  Random rng(301);
  auto q = footfall::test::random_configuration(model, rng);
  auto v = footfall::test::random_velocity(model, rng);
  // Nothing computed yet: functions that need kinematics say so.
  ws.stage = 0;
  FF_EXPECT_TRUE(same(footfall::mass_matrix(model, ws).field, "workspace.kinematics"));
  FF_EXPECT_TRUE(same(footfall::factorize_mass_matrix(model, ws).field, "workspace.mass_matrix"));
  auto q_bad = q;
  q_bad(3) = q(3) + S(0.5);  // the quaternion is no longer unit (read from q: GCC 12 for aarch64
                             // takes the copy's element for maybe-uninitialized)
  FF_EXPECT_TRUE(same(footfall::forward_kinematics(model, ws, q_bad, v).field, "q.quaternion"));
  // A base beyond resolved_position_limit (4 096 m in float, 2^26 m in double) along any axis is
  // refused, and nothing is computed; at the limit it is taken.
  const S limit = footfall::resolved_position_limit<S>();
  FF_EXPECT_EQ(limit, sizeof(S) == sizeof(float) ? S(4096) : S(67108864));
  for (int axis = 0; axis < 3; ++axis) {
    q_bad = q;
    q_bad(axis) = -limit * (S(1) + footfall::epsilon<S>());
    const footfall::Status far = footfall::forward_kinematics(model, ws, q_bad, v);
    FF_EXPECT_TRUE(same(far.field, "q.position") && far.index == 0);
    q_bad(axis) = limit;
    FF_EXPECT_TRUE(footfall::forward_kinematics(model, ws, q_bad, v).ok());
  }
  q_bad = q;
  q_bad(10) = std::numeric_limits<S>::quiet_NaN();
  const footfall::Status nan_status = footfall::forward_kinematics(model, ws, q_bad, v);
  FF_EXPECT_TRUE(same(nan_status.field, "q") && nan_status.index == 10);
  const typename footfall::QuadrupedModel<S>::TangentVector short_v = v.head(17);
  FF_EXPECT_TRUE(same(footfall::forward_kinematics(model, ws, q, short_v).field, "v"));
  FF_ASSERT_TRUE(footfall::forward_kinematics(model, ws, q, v).ok());
  footfall::Vector3<S> p;
  FF_EXPECT_TRUE(same(footfall::point_position(model, ws, 13, footfall::Vector3<S>(footfall::Vector3<S>::Zero()), &p).field, "body"));
  FF_EXPECT_TRUE(same(footfall::bias_forces(model, ws, footfall::Vector3<S>(S(0), S(0), std::numeric_limits<S>::infinity())).field,
                      "gravity"));
}

FF_TEST_FLOAT_AND_DOUBLE(Model, IntegrationFollowsTheGroup) {
  // A constant body twist integrated over h equals two steps of h/2 (a one-parameter subgroup),
  // which a first-order p += R v h update would miss; a pure spin about body z turns the base
  // quaternion by exactly that angle.
  static footfall::QuadrupedModel<S> model;
  FF_ASSERT_TRUE(footfall::build_quadruped_model(&model).ok());
  Random rng(302);
  const S tolerance = footfall::test::ulps<S>(64);
  for (int trial = 0; trial < 20; ++trial) {
    const auto q = footfall::test::random_configuration(model, rng);
    const auto v = footfall::test::random_velocity(model, rng, S(2));
    auto once = q, half = q, twice = q;
    FF_ASSERT_TRUE(footfall::integrate(model, q, v, S(0.3), once).ok());
    FF_ASSERT_TRUE(footfall::integrate(model, q, v, S(0.15), half).ok());
    FF_ASSERT_TRUE(footfall::integrate(model, half, v, S(0.15), twice).ok());
    FF_EXPECT_MATRIX_NEAR(once, twice, S(8) * tolerance);
    FF_EXPECT_NEAR(footfall::Vector4<S>(once.template segment<4>(3)).norm(), S(1), tolerance);
  }
  auto q = footfall::Model<S, 13, 18>::ConfigVector::Zero(19).eval();
  q(6) = S(1);
  auto v = footfall::Model<S, 13, 18>::TangentVector::Zero(18).eval();
  v(5) = S(1);  // 1 rad/s about body z
  v(0) = S(1);  // and 1 m/s along body x: the base traces a circle of radius 1
  auto out = q;
  const S angle = S(3.14159265358979323846) / S(2);
  FF_ASSERT_TRUE(footfall::integrate(model, q, v, angle, out).ok());
  FF_EXPECT_MATRIX_NEAR(out.template head<3>().eval(), footfall::Vector3<S>(S(1), S(1), S(0)), S(4) * tolerance);
  FF_EXPECT_MATRIX_NEAR(out.template segment<4>(3).eval(),
                        footfall::Vector4<S>(S(0), S(0), std::sqrt(S(0.5)), std::sqrt(S(0.5))), S(4) * tolerance);
}

// Free motion without gravity: spatial momentum (world frame) and kinetic energy are invariants.
// Integrated with RK4 on q̈ from ABA; their drift must be at the level of the integrator's
// error and fall by about 2⁴ when the step halves. Double only: float rounding over hundreds
// of steps is larger than the integration error being measured.
FF_TEST(Model, FreeMotionConservesMomentumAndEnergy) {
  using S = double;
  using Model = footfall::QuadrupedModel<S>;
  static Model model;
  static footfall::Workspace<S, 13, 18> ws;
  FF_ASSERT_TRUE(footfall::build_quadruped_model(&model).ok());
  const footfall::Vector3<S> no_gravity = footfall::Vector3<S>::Zero();
  Random rng(303);
  const Model::ConfigVector q0 = footfall::test::random_configuration(model, rng);
  const Model::TangentVector v0 = footfall::test::random_velocity(model, rng, 2.0);
  const Model::TangentVector zero = Model::TangentVector::Zero(18);
  auto invariants = [&](const Model::ConfigVector& q, const Model::TangentVector& v, footfall::Force<S>* h,
                        S* e) {
    footfall::forward_kinematics(model, ws, q, v);
    footfall::spatial_momentum(model, ws, h);
    footfall::kinetic_energy(model, ws, v, e);
  };
  auto accel = [&](const Model::ConfigVector& q, const Model::TangentVector& v) {
    footfall::aba(model, ws, q, v, zero, no_gravity);
    return Model::TangentVector(ws.qdd);
  };
  S drift[2] = {0, 0};
  footfall::Force<S> h0;
  S e0;
  invariants(q0, v0, &h0, &e0);
  const S duration = 0.2;
  for (int refinement = 0; refinement < 2; ++refinement) {
    const int steps = 100 << refinement;
    const S dt = duration / steps;
    Model::ConfigVector q = q0;
    Model::TangentVector v = v0;
    for (int step = 0; step < steps; ++step) {
      // RK4 with each stage's configuration reached from q along the stage velocity.
      Model::ConfigVector qs(19);
      const Model::TangentVector k1 = accel(q, v);
      const Model::TangentVector v2 = v + 0.5 * dt * k1;
      footfall::integrate(model, q, v, 0.5 * dt, qs);
      const Model::TangentVector k2 = accel(qs, v2);
      const Model::TangentVector v3 = v + 0.5 * dt * k2;
      footfall::integrate(model, q, v2, 0.5 * dt, qs);
      const Model::TangentVector k3 = accel(qs, v3);
      const Model::TangentVector v4 = v + dt * k3;
      footfall::integrate(model, q, v3, dt, qs);
      const Model::TangentVector k4 = accel(qs, v4);
      const Model::TangentVector v_mean = (v + 2.0 * v2 + 2.0 * v3 + v4) / 6.0;
      footfall::integrate(model, q, v_mean, dt, qs);
      q = qs;
      v += dt / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
    }
    footfall::Force<S> h;
    S e;
    invariants(q, v, &h, &e);
    drift[refinement] = std::max((h.vector() - h0.vector()).cwiseAbs().maxCoeff() / (1.0 + h0.vector().cwiseAbs().maxCoeff()),
                                 std::abs(e - e0) / e0);
  }
  FF_EXPECT_LT(drift[1], 1e-6);
  // At least second order: halving the step cuts the drift by 4 or more (or it is at rounding).
  FF_EXPECT_TRUE(drift[1] * 4.0 <= drift[0] || drift[1] < 1e-12);
}
