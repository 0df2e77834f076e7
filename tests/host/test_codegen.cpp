// Code generation round trip: headers generated at build time by `footfall codegen` (see
// CMakeLists.txt) build, with no parsing, the same model as importing the URDF: bit-identical H
// and C in double. They also compile and build in float.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <type_traits>

#include "footfall/host/codegen/model_codegen.hpp"
#include "footfall/dynamics/tick_terms.hpp"
#include "footfall/dynamics/unrolled_crba.hpp"
#include "footfall/models/quadruped.hpp"
#include "footfall/host/urdf/urdf_import.hpp"
#include "generated_arm.hpp"
#include "generated_biped.hpp"
#ifdef FOOTFALL_GENERATED_GO1
#include "generated_go1.hpp"
#endif
#include "generated_hopper.hpp"
#include "generated_quadruped.hpp"
#include "host_test_support.hpp"

namespace {

using footfall::host::RobotDescription;
using footfall::host::Result;

template <typename ModelType, typename Build>
void expect_generated_equals_import(const std::string& path, bool floating_base, Build build_generated) {
  footfall::host::UrdfImportOptions options;
  options.floating_base = floating_base;
  const Result<RobotDescription> d = footfall::host::import_urdf_file(path, options);
  ASSERT_TRUE(d.ok()) << d.error();
  auto imported = std::make_unique<ModelType>();
  const Result<void> built = footfall::host::build_model(d.value(), imported.get());
  ASSERT_TRUE(built.ok()) << built.error();
  auto generated = std::make_unique<ModelType>();
  ASSERT_TRUE(build_generated(generated.get()).ok());

  ASSERT_EQ(generated->body_count(), imported->body_count());
  for (int i = 0; i < imported->body_count(); ++i) {
    EXPECT_STREQ(generated->body_name(i), imported->body_name(i));
    EXPECT_STREQ(generated->joint_name(i), imported->joint_name(i));
    EXPECT_EQ(generated->parent(i), imported->parent(i));
  }
  for (int k = 0; k < imported->nv(); ++k) {
    EXPECT_EQ(generated->armature(k), imported->armature(k));
    EXPECT_EQ(generated->gear_ratio(k), imported->gear_ratio(k));
    EXPECT_EQ(generated->limits(k).position_min, imported->limits(k).position_min);
    EXPECT_EQ(generated->limits(k).position_max, imported->limits(k).position_max);
    EXPECT_EQ(generated->limits(k).velocity_max, imported->limits(k).velocity_max);
    EXPECT_EQ(generated->limits(k).effort_max, imported->limits(k).effort_max);
  }
  const footfall::test::DynamicsDifference diff = footfall::test::compare_dynamics(*generated, *imported, 20, 11);
  EXPECT_EQ(diff.mass_matrix, 0.0);
  EXPECT_EQ(diff.bias, 0.0);
}

}  // namespace

TEST(Codegen, GeneratedQuadrupedIsTheImportedOneBitForBit) {
  expect_generated_equals_import<generated::GeneratedQuadrupedModel<double>>(
      std::string(FOOTFALL_EXAMPLES_URDF_DIR) + "/quadruped.urdf", true,
      [](generated::GeneratedQuadrupedModel<double>* m) { return generated::build_generated_quadruped_model(m); });
}

TEST(Codegen, GeneratedBipedIsTheImportedOneBitForBit) {
  expect_generated_equals_import<generated::GeneratedBipedModel<double>>(
      std::string(FOOTFALL_EXAMPLES_URDF_DIR) + "/biped.urdf", true,
      [](generated::GeneratedBipedModel<double>* m) { return generated::build_generated_biped_model(m); });
}

TEST(Codegen, GeneratedArmIsTheImportedOneBitForBit) {
  // Fixed base, continuous, prismatic, merged links, rpy everywhere, unlimited velocity (inf).
  expect_generated_equals_import<generated::GeneratedArmModel<double>>(
      std::string(FOOTFALL_TEST_DATA_DIR) + "/arm.urdf", false,
      [](generated::GeneratedArmModel<double>* m) { return generated::build_generated_arm_model(m); });
}

TEST(Codegen, GeneratedModelsBuildInFloat) {
  auto quadruped = std::make_unique<generated::GeneratedQuadrupedModel<float>>();
  EXPECT_TRUE(generated::build_generated_quadruped_model(quadruped.get()).ok());
  EXPECT_EQ(quadruped->nv(), 18);
  auto arm = std::make_unique<generated::GeneratedArmModel<float>>();
  EXPECT_TRUE(generated::build_generated_arm_model(arm.get()).ok());
  EXPECT_EQ(arm->nv(), 4);
  // The capacity is the model's size.
  EXPECT_EQ(generated::GeneratedArmModel<float>::kMaxBodies, 4);
  EXPECT_EQ(generated::GeneratedArmModel<float>::kMaxDofs, 4);
}

// The generated <Name>Robot<S, K> is footfall::Robot with the model's capacities and K contacts,
// whose model is the generated model type, so build_<name>_model fills a Robot's model.
TEST(Codegen, GeneratedRobotTypeCarriesTheModelsCapacities) {
  using Quadruped = generated::GeneratedQuadrupedRobot<float, 4>;
  static_assert(std::is_same<Quadruped, footfall::Robot<float, 13, 18, 4>>::value, "13 bodies, 18 DOFs, 4 feet");
  static_assert(std::is_same<Quadruped::Model, generated::GeneratedQuadrupedModel<float>>::value, "its model");
  using Arm = generated::GeneratedArmRobot<double, 1>;
  static_assert(Arm::kBodies == 4 && Arm::kDofs == 4 && Arm::kContacts == 1, "the arm's capacities");
  auto model = std::make_unique<Quadruped::Model>();
  ASSERT_TRUE(generated::build_generated_quadruped_model(model.get()).ok());
  auto ws = std::make_unique<Quadruped::Workspace>();
  Quadruped::ConfigVector q = Quadruped::ConfigVector::Zero(model->nq());
  q(6) = 1.0f;
  EXPECT_TRUE(footfall::compute_tick_terms(*model, *ws, q, Quadruped::TangentVector::Zero(model->nv())).ok());
}

TEST(Codegen, RefusesNamesThatAreNotIdentifiers) {
  const Result<RobotDescription> d =
      footfall::host::import_urdf_file(std::string(FOOTFALL_TEST_DATA_DIR) + "/arm.urdf");
  ASSERT_TRUE(d.ok()) << d.error();
  footfall::host::CodegenOptions options;
  options.name = "my-arm";
  Result<std::string> header = footfall::host::generate_model_header(d.value(), options);
  ASSERT_FALSE(header.ok());
  EXPECT_EQ(header.error(), "codegen: name 'my-arm' is not a C++ identifier");
  options.name = "arm";
  options.name_space = "a::1b";
  EXPECT_FALSE(footfall::host::generate_model_header(d.value(), options).ok());
  options.name_space = "robots::int";  // a keyword: the header would not compile
  EXPECT_FALSE(footfall::host::generate_model_header(d.value(), options).ok());
  options.name_space = "robots::arms";
  header = footfall::host::generate_model_header(d.value(), options);
  ASSERT_TRUE(header.ok()) << header.error();
  EXPECT_NE(header.value().find("footfall::Status build_arm_model(ArmModel<S>* out) noexcept"), std::string::npos);
  EXPECT_NE(header.value().find("namespace robots::arms {"), std::string::npos);
  // Full precision: the shoulder's drive is written as %.17g prints it.
  EXPECT_NE(header.value().find("joint.armature = S(0.050000000000000003);"), std::string::npos);
}

// The generated topology is the generated model's DOF tree, and the factor unrolled for it is the
// generic factor to the bit (dynamics/unrolled_factor.hpp), here on trees other than the
// quadruped's the core's own tests use: the biped's two legs of six, and the fixed-base arm's
// two roots.
template <typename Topology, typename ModelType, typename Build>
void expect_topology_is_the_models(Build build_generated) {
  auto model = std::make_unique<ModelType>();
  ASSERT_TRUE(build_generated(model.get()).ok());
  EXPECT_TRUE(footfall::check_topology<Topology>(*model).ok());
  using W = footfall::Workspace<double, ModelType::kMaxBodies, ModelType::kMaxDofs>;
  auto generic = std::make_unique<W>();
  auto unrolled = std::make_unique<W>();
  footfall::test::Random rng(41);
  for (int trial = 0; trial < 10; ++trial) {
    const auto q = footfall::test::random_configuration(*model, rng);
    const auto v = footfall::test::random_velocity(*model, rng);
    ASSERT_TRUE(footfall::compute_mass_terms(*model, *generic, q, v).ok());
    ASSERT_TRUE(footfall::compute_mass_terms<footfall::UnrolledKernels<Topology>>(*model, *unrolled, q, v).ok());
    for (int k = 0; k < model->nv(); ++k) {
      EXPECT_EQ(unrolled->factor(k, k), generic->factor(k, k));
      for (int i = model->dof_parent(k); i != -1; i = model->dof_parent(i))
        EXPECT_EQ(unrolled->factor(k, i), generic->factor(k, i));
    }
  }
}

TEST(Codegen, GeneratedTopologiesAreTheModelsTrees) {
  expect_topology_is_the_models<generated::GeneratedQuadrupedTopology, generated::GeneratedQuadrupedModel<double>>(
      [](generated::GeneratedQuadrupedModel<double>* m) { return generated::build_generated_quadruped_model(m); });
  expect_topology_is_the_models<generated::GeneratedBipedTopology, generated::GeneratedBipedModel<double>>(
      [](generated::GeneratedBipedModel<double>* m) { return generated::build_generated_biped_model(m); });
  expect_topology_is_the_models<generated::GeneratedArmTopology, generated::GeneratedArmModel<double>>(
      [](generated::GeneratedArmModel<double>* m) { return generated::build_generated_arm_model(m); });
  // The quadruped's URDF is the A1: its tree is the core's QuadrupedTopology.
  static_assert(generated::GeneratedQuadrupedTopology::kDofs == footfall::QuadrupedTopology::kDofs, "nv");
  for (int k = 0; k < footfall::QuadrupedTopology::kDofs; ++k)
    EXPECT_EQ(generated::GeneratedQuadrupedTopology::kDofParent[k], footfall::QuadrupedTopology::kDofParent[k]);
  // Its joints' turn axes too (hips about x, thighs and calves about y), so the factor above came
  // from the unrolled CRBA's H (dynamics/unrolled_crba.hpp); the biped's legs have that shape too.
  static_assert(footfall::detail::topology_is_legged<generated::GeneratedQuadrupedTopology>(), "legged");
  static_assert(footfall::detail::topology_is_legged<generated::GeneratedBipedTopology>(), "legged");
  for (int k = 0; k < footfall::QuadrupedTopology::kDofs; ++k)
    EXPECT_EQ(generated::GeneratedQuadrupedTopology::kTurnAxis[k], footfall::QuadrupedTopology::kTurnAxis[k]);
  // The arm: its base fixed, so a forest of two roots, the shoulder's chain of three (shoulder,
  // elbow, wrist) and the side joint on the base; no free flyer, so no turn axes are named.
  const int arm_parents[] = {-1, 0, 1, -1};
  static_assert(generated::GeneratedArmTopology::kDofs == 4, "nv");
  for (int k = 0; k < 4; ++k) EXPECT_EQ(generated::GeneratedArmTopology::kDofParent[k], arm_parents[k]);
  static_assert(!footfall::detail::TopologyHasTurnAxes<generated::GeneratedArmTopology>::value, "fixed base");
}

// A description whose DOFs are not numbered depth first (the second child of the root comes
// before the first child's child): the header builds its model but names no topology, whose
// kernels would need that numbering.
TEST(Codegen, LeavesOutTheTopologyOfATreeNotNumberedDepthFirst) {
  RobotDescription d;
  d.name = "fork";
  d.source = "a test";
  const int parents[] = {-1, 0, 0, 1};
  for (int i = 0; i < 4; ++i) {
    footfall::host::BodyDescription b;
    b.name = "link" + std::to_string(i);
    b.joint_name = "joint" + std::to_string(i);
    b.parent = parents[i];
    b.joint = footfall::JointSpec<double>::Revolute(footfall::Vector3<double>::UnitZ());
    b.mass = 1.0;
    b.inertia_about_com = footfall::Matrix3<double>::Identity() * 0.01;
    d.bodies.push_back(b);
  }
  Result<std::string> header = footfall::host::generate_model_header(d);
  ASSERT_TRUE(header.ok()) << header.error();
  EXPECT_EQ(header.value().find("struct ForkTopology"), std::string::npos);
  EXPECT_NE(header.value().find("No topology type: the DOFs are not numbered depth first"), std::string::npos);
  // Numbered depth first (the root's second child last), the same robot gets one.
  d.bodies[2].parent = 1;
  d.bodies[3].parent = 0;
  header = footfall::host::generate_model_header(d);
  ASSERT_TRUE(header.ok()) << header.error();
  EXPECT_NE(header.value().find("struct ForkTopology {\n  static constexpr int kDofs = 4;\n"
                                "  static constexpr int kDofParent[kDofs] = {-1, 0, 1, 0};\n};"),
            std::string::npos);
}

TEST(Codegen, IdentifiersFromRobotNames) {
  EXPECT_EQ(footfall::host::identifier_from("A1-robot v2"), "a1_robot_v2");
  EXPECT_EQ(footfall::host::identifier_from("3dof"), "robot_3dof");
}

namespace {

// A generated frame (or sphere centre) is the description's placement to the bit: the origin,
// and the frame's axes in body coordinates (Eᵀ of footfall's body → frame X) row by row.
template <typename Frame>
void expect_frame_is(const Frame& generated, const std::string& name, int body,
                     const footfall::Transform<double>& body_to_frame) {
  EXPECT_EQ(std::string(generated.name), name);
  EXPECT_EQ(generated.body, body);
  for (int r = 0; r < 3; ++r) {
    EXPECT_EQ(generated.position[r], body_to_frame.translation()(r)) << name;
    for (int c = 0; c < 3; ++c) EXPECT_EQ(generated.axes[3 * r + c], body_to_frame.rotation()(c, r)) << name;
  }
}

}  // namespace

// The frames merged into bodies and the collision spheres come as constants firmware can place
// contacts with, each named after its link; they are the import's, to the bit.
TEST(Codegen, FramesAndSpheresAreTheImportedOnes) {
  footfall::host::UrdfImportOptions options;
  options.floating_base = true;
  const Result<RobotDescription> d =
      footfall::host::import_urdf_file(std::string(FOOTFALL_TEST_DATA_DIR) + "/hopper.urdf", options);
  ASSERT_TRUE(d.ok()) << d.error();
  static_assert(generated::kGeneratedHopperFrameCount == 2, "the ankle and the foot");
  ASSERT_EQ(d.value().frames.size(), 2u);
  EXPECT_EQ(generated::kGeneratedHopperAnkleFrame, 0);
  EXPECT_EQ(generated::kGeneratedHopperFootFrame, 1);
  for (int i = 0; i < generated::kGeneratedHopperFrameCount; ++i) {
    const footfall::host::FrameDescription& f = d.value().frames[static_cast<std::size_t>(i)];
    expect_frame_is(generated::kGeneratedHopperFrames<double>[i], f.name, f.body, f.body_to_frame);
  }
  // One sphere (the box and the cylinder are not spheres); its constant ends in Sphere.
  static_assert(generated::kGeneratedHopperSphereCount == 1, "the foot's sphere");
  const footfall::host::ShapeDescription& sphere = d.value().shapes.back();
  ASSERT_EQ(sphere.kind, footfall::host::ShapeKind::kSphere);
  const auto& foot = generated::kGeneratedHopperSpheres<double>[generated::kGeneratedHopperFootSphere];
  expect_frame_is(foot.centre, "foot", sphere.body, sphere.body_to_shape);
  EXPECT_EQ(foot.radius, 0.025);
  // The constants are usable at compile time, in float too.
  static_assert(generated::kGeneratedHopperFrames<float>[generated::kGeneratedHopperFootFrame].body == 2, "on the shin");
  // The arm's sensor and tool flange.
  const Result<RobotDescription> arm =
      footfall::host::import_urdf_file(std::string(FOOTFALL_TEST_DATA_DIR) + "/arm.urdf");
  ASSERT_TRUE(arm.ok()) << arm.error();
  ASSERT_EQ(arm.value().frames.size(), 2u);
  expect_frame_is(generated::kGeneratedArmFrames<double>[generated::kGeneratedArmTool0Frame], "tool0", arm.value().frames[1].body,
                  arm.value().frames[1].body_to_frame);
}

// Names longer than the core's 31 characters: the header stores the core's short names, and its
// model is the imported one to the bit.
TEST(Codegen, GeneratedHopperWithLongNamesIsTheImportedOne) {
  expect_generated_equals_import<generated::GeneratedHopperModel<double>>(
      std::string(FOOTFALL_TEST_DATA_DIR) + "/hopper.urdf", true,
      [](generated::GeneratedHopperModel<double>* m) { return generated::build_generated_hopper_model(m); });
  auto model = std::make_unique<generated::GeneratedHopperModel<double>>();
  ASSERT_TRUE(generated::build_generated_hopper_model(model.get()).ok());
  EXPECT_EQ(model->body_name(1), footfall::host::core_name("thigh_link_with_a_rather_long_name"));
}

#ifdef FOOTFALL_GENERATED_GO1
// The published Go1 (../shared/robots, generated when the folder is there): its header builds
// the imported model to the bit and names the feet, frames and spheres alike, at the placements
// the import has (the foot two fixed joints below the calf in the file).
TEST(Codegen, GeneratedGo1NamesItsFeet) {
  const std::string path = std::string(FOOTFALL_SHARED_ROBOTS_DIR) + "/go1.urdf";
  expect_generated_equals_import<generated_go1::Go1Model<double>>(
      path, true, [](generated_go1::Go1Model<double>* m) { return generated_go1::build_go1_model(m); });
  footfall::host::UrdfImportOptions options;
  options.floating_base = true;
  const Result<RobotDescription> d = footfall::host::import_urdf_file(path, options);
  ASSERT_TRUE(d.ok()) << d.error();
  ASSERT_EQ(static_cast<std::size_t>(generated_go1::kGo1FrameCount), d.value().frames.size());
  const int feet[] = {generated_go1::kGo1FrFootFrame, generated_go1::kGo1FlFootFrame, generated_go1::kGo1RrFootFrame,
                      generated_go1::kGo1RlFootFrame};
  const char* const names[] = {"FR_foot", "FL_foot", "RR_foot", "RL_foot"};
  for (int k = 0; k < 4; ++k) {
    const footfall::host::FrameDescription& f = d.value().frames[static_cast<std::size_t>(feet[k])];
    expect_frame_is(generated_go1::kGo1Frames<double>[feet[k]], names[k], f.body, f.body_to_frame);
    EXPECT_EQ(d.value().bodies[static_cast<std::size_t>(f.body)].name, std::string(names[k]).substr(0, 3) + "calf");
  }
  const auto& sphere = generated_go1::kGo1Spheres<double>[generated_go1::kGo1RlFootSphere];
  int found = 0;
  for (const footfall::host::ShapeDescription& s : d.value().shapes) {
    if (s.link != "RL_foot") continue;
    expect_frame_is(sphere.centre, "RL_foot", s.body, s.body_to_shape);
    EXPECT_EQ(sphere.radius, s.radius);
    ++found;
  }
  EXPECT_EQ(found, 1);
}
#endif
