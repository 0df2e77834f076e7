// footfall::Robot (footfall/robot.hpp): every member type is the library template with the
// robot's capacities in that template's order, and a program written against the Robot's names
// alone builds a model and solves a stance and a strike with them.
#include <cmath>
#include <type_traits>

#include "footfall/robot.hpp"
#include "footfall/strike.hpp"
#include "stance_fixtures.hpp"

namespace {

using namespace footfall;

// The capacities deliberately all different, so that two swapped in any alias fail to compile.
using Small = Robot<float, 5, 7, 3>;
static_assert(Small::kBodies == 5 && Small::kDofs == 7 && Small::kContacts == 3, "the capacities");
static_assert(std::is_same<Small::Scalar, float>::value, "the scalar");
static_assert(std::is_same<Small::Model, Model<float, 5, 7>>::value, "Model<S, B, D>");
static_assert(std::is_same<Small::ConfigVector, Model<float, 5, 7>::ConfigVector>::value, "q");
static_assert(std::is_same<Small::TangentVector, Model<float, 5, 7>::TangentVector>::value, "v");
static_assert(std::is_same<Small::Workspace, Workspace<float, 5, 7>>::value, "Workspace<S, B, D>");
static_assert(std::is_same<Small::Contacts, ContactSet<float, 3>>::value, "ContactSet<S, K>");
static_assert(std::is_same<Small::StanceWorkspace, StanceWorkspace<float, 7, 3>>::value, "StanceWorkspace<S, D, K>");
static_assert(std::is_same<Small::StanceWorkspaceFor<FrictionModel::kCone>,
                           StanceWorkspace<float, 7, 3, stance_variables(FrictionModel::kCone, 3)>>::value,
              "StanceWorkspace<S, D, K, V> for one friction model");
static_assert(std::is_same<Small::StanceResult, StanceResult<float, 7, 3>>::value, "StanceResult<S, D, K>");
static_assert(std::is_same<Small::StrikeWorkspace, StrikeWorkspace<float, 7, 3>>::value, "StrikeWorkspace<S, D, K>");
static_assert(std::is_same<Small::StrikeWorkspaceFor<StrikeFriction::kSticking>,
                           StrikeWorkspace<float, 7, 3, strike_variables(StrikeFriction::kSticking, 3)>>::value,
              "StrikeWorkspace<S, D, K, V> for one friction model");
static_assert(std::is_same<Small::StrikeResult, StrikeResult<float, 5, 7, 3>>::value, "StrikeResult<S, B, D, K>");
static_assert(std::is_same<Small::MotionState, RigidMotionState<float, 5, 7, 3>>::value, "RigidMotionState");
static_assert(std::is_same<Small::MotionWorkspace, RigidMotionWorkspace<float, 5, 7, 3>>::value,
              "RigidMotionWorkspace");
// The built-in quadruped's model is the Robot's model of its capacities.
static_assert(std::is_same<Robot<double, 13, 18, 4>::Model, QuadrupedModel<double>>::value, "the quadruped");
// A workspace for the cone alone is smaller than one with room for every friction model.
static_assert(sizeof(Small::StanceWorkspaceFor<FrictionModel::kCone>) < sizeof(Small::StanceWorkspace),
              "the cone's workspace is the smaller");

}  // namespace

// The quadruped held still on four feet by its holding torques, then the front-right foot
// striking at 0.5 m/s with the others standing, all in the Robot's types: the normal forces sum
// to the weight, and the striking foot stops (e = 0) with no standing foot driven into the ground.
FF_TEST_FLOAT_AND_DOUBLE(Robot, QuadrupedStandsAndStrikesInItsTypes) {
  using R = Robot<S, 13, 18, 4>;  // (`typename` only because this test is a template on S)
  static typename R::Model model;
  static typename R::Workspace ws;
  static typename R::Contacts feet;
  static typename R::template StanceWorkspaceFor<FrictionModel::kCone> stance;
  static typename R::StanceResult forces;
  static typename R::template StrikeWorkspaceFor<StrikeFriction::kCone> strike;
  static typename R::StrikeResult impact;
  FF_ASSERT_TRUE(build_quadruped_model(&model).ok());

  const typename R::ConfigVector q = test::quadruped_standing_configuration<S>();
  typename R::TangentVector v = R::TangentVector::Zero(model.nv());
  typename R::TangentVector tau = R::TangentVector::Zero(model.nv());
  feet.clear();
  for (int leg = 0; leg < 4; ++leg)
    FF_ASSERT_TRUE(feet.add(Contact<S>::Ground(quadruped_calf_body(leg), quadruped_foot_point<S>(), Vector3<S>::UnitZ(),
                                               S(0.8)))
                       .ok());
  FF_ASSERT_TRUE(compute_tick_terms(model, ws, q, v).ok());
  FF_ASSERT_TRUE(compute_contact_dynamics(model, ws, feet, tau, ContactRows::kWithTangents, stance.contact).ok());
  FF_ASSERT_TRUE(holding_torques(model, ws, stance.contact, tau).ok());

  StanceOptions<S> options;
  options.friction = FrictionModel::kCone;
  FF_ASSERT_TRUE(solve_stance(model, ws, feet, tau, options, stance, forces).ok());
  S total = S(0);
  for (int i = 0; i < forces.count; ++i) total += forces.normal_force[i];
  const S weight = model.total_mass() * S(9.81);
  FF_EXPECT_NEAR(total, weight, test::ulps<S>(1 << 16) * weight);

  // The front-right calf's rate that moves its foot down at 0.5 m/s, found from the foot's
  // normal row of G (the calf alone moves the foot; its row there is nonzero in this pose).
  const int calf_dof = model.v_index(quadruped_calf_body(0));
  const S rate = stance.contact.jacobian(0, calf_dof);
  FF_ASSERT_TRUE(std::fabs(rate) > S(0.01));
  v(calf_dof) = S(-0.5) / rate;
  FF_ASSERT_TRUE(compute_tick_terms(model, ws, q, v).ok());
  StrikeOptions<S> strike_options;
  strike_options.friction = StrikeFriction::kCone;
  FF_ASSERT_TRUE(solve_strike(model, ws, feet, v, strike_options, strike, impact).ok());
  const S tolerance = test::ulps<S>(1 << 16);
  FF_EXPECT_NEAR(impact.approach[0], S(-0.5), tolerance);
  FF_EXPECT_NEAR(impact.departure[0], S(0), tolerance);
  FF_EXPECT_TRUE(impact.normal_impulse[0] > S(0));
  for (int i = 1; i < 4; ++i) FF_EXPECT_TRUE(impact.departure[i] >= -tolerance);
}
