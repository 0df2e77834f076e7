// Code generation round trip: headers generated at build time by `footfall codegen` (see
// CMakeLists.txt) build, with no parsing, the same model as importing the URDF: bit-identical H
// and C in double. They also compile and build in float.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "footfall/host/codegen/model_codegen.hpp"
#include "footfall/host/urdf/urdf_import.hpp"
#include "generated_arm.hpp"
#include "generated_biped.hpp"
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

TEST(Codegen, IdentifiersFromRobotNames) {
  EXPECT_EQ(footfall::host::identifier_from("A1-robot v2"), "a1_robot_v2");
  EXPECT_EQ(footfall::host::identifier_from("3dof"), "robot_3dof");
}
