// The example URDFs (examples/urdf) against the built-in models they were written from: the
// import (with a floating base) has the same bodies in the same order, and the same H and C to
// 1e-12 relative on random states, in double.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "footfall/host/urdf/urdf_import.hpp"
#include "footfall/models.hpp"
#include "host_test_support.hpp"

namespace {

using footfall::host::RobotDescription;
using footfall::host::Result;

template <typename ModelType>
void expect_import_matches(const std::string& file, const ModelType& builtin) {
  footfall::host::UrdfImportOptions options;
  options.floating_base = true;
  const Result<RobotDescription> d =
      footfall::host::import_urdf_file(std::string(FOOTFALL_EXAMPLES_URDF_DIR) + "/" + file, options);
  ASSERT_TRUE(d.ok()) << d.error();
  auto imported = std::make_unique<ModelType>();
  const Result<void> built = footfall::host::build_model(d.value(), imported.get());
  ASSERT_TRUE(built.ok()) << built.error();

  ASSERT_EQ(imported->body_count(), builtin.body_count());
  EXPECT_EQ(imported->nq(), builtin.nq());
  EXPECT_EQ(imported->nv(), builtin.nv());
  EXPECT_TRUE(imported->has_floating_base());
  for (int i = 0; i < builtin.body_count(); ++i) {
    EXPECT_STREQ(imported->body_name(i), builtin.body_name(i));
    EXPECT_STREQ(imported->joint_name(i), builtin.joint_name(i));
    EXPECT_EQ(imported->parent(i), builtin.parent(i));
    EXPECT_EQ(imported->joint_type(i), builtin.joint_type(i));
    EXPECT_NEAR(imported->inertia(i).mass(), builtin.inertia(i).mass(), 1e-15);
    if (builtin.joint_nv(i) == 1) {
      const int k = builtin.v_index(i);
      EXPECT_EQ(imported->armature(k), builtin.armature(k));
      EXPECT_EQ(imported->gear_ratio(k), builtin.gear_ratio(k));
      EXPECT_EQ(imported->limits(k).position_min, builtin.limits(k).position_min);
      EXPECT_EQ(imported->limits(k).effort_max, builtin.limits(k).effort_max);
    }
  }
  EXPECT_NEAR(imported->total_mass(), builtin.total_mass(), 1e-13);
  const footfall::test::DynamicsDifference diff = footfall::test::compare_dynamics(*imported, builtin, 20, 7);
  EXPECT_LE(diff.mass_matrix, 1e-12);
  EXPECT_LE(diff.bias, 1e-12);
}

}  // namespace

TEST(ReferenceUrdf, QuadrupedImportIsTheBuiltInQuadruped) {
  auto builtin = std::make_unique<footfall::QuadrupedModel<double>>();
  ASSERT_TRUE(footfall::build_quadruped_model(builtin.get()).ok());
  expect_import_matches("quadruped.urdf", *builtin);
}

TEST(ReferenceUrdf, BipedImportIsTheBuiltInBiped) {
  auto builtin = std::make_unique<footfall::BipedModel<double>>();
  ASSERT_TRUE(footfall::build_biped_model(builtin.get()).ok());
  expect_import_matches("biped.urdf", *builtin);
}

// The comparison can fail: the quadruped's URDF imported with a fixed base is another robot.
TEST(ReferenceUrdf, ComparisonSeesADifferentRobot) {
  auto builtin = std::make_unique<footfall::QuadrupedModel<double>>();
  ASSERT_TRUE(footfall::build_quadruped_model(builtin.get()).ok());
  footfall::host::UrdfImportOptions options;
  options.floating_base = true;
  Result<RobotDescription> d =
      footfall::host::import_urdf_file(std::string(FOOTFALL_EXAMPLES_URDF_DIR) + "/quadruped.urdf", options);
  ASSERT_TRUE(d.ok()) << d.error();
  d.value().bodies[3].com.z() += 1e-9;  // FR calf's centre of mass moved by a nanometre
  auto moved = std::make_unique<footfall::QuadrupedModel<double>>();
  ASSERT_TRUE(footfall::host::build_model(d.value(), moved.get()).ok());
  const footfall::test::DynamicsDifference diff = footfall::test::compare_dynamics(*moved, *builtin, 5, 7);
  EXPECT_GT(std::max(diff.mass_matrix, diff.bias), 1e-12);
}
