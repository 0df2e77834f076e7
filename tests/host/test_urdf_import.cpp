// What the URDF importer makes of a file: body order, joints, placements with rpy, limits,
// drive data, fixed links merged with the right transforms, fixed and floating bases.
#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <cmath>
#include <limits>
#include <memory>
#include <string>

#include "footfall/host/urdf/urdf_import.hpp"
#include "host_test_support.hpp"

namespace {

using footfall::Inertia;
using footfall::Matrix3;
using footfall::Transform;
using footfall::Vector3;
using footfall::host::RobotDescription;
using footfall::host::Result;

const std::string kArm = std::string(FOOTFALL_TEST_DATA_DIR) + "/arm.urdf";

// URDF's rpy: R = Rz(yaw) Ry(pitch) Rx(roll), child (or inertial) frame → parent coordinates.
Matrix3<double> rpy(double roll, double pitch, double yaw) {
  return (Eigen::AngleAxisd(yaw, Eigen::Vector3d::UnitZ()) * Eigen::AngleAxisd(pitch, Eigen::Vector3d::UnitY()) *
          Eigen::AngleAxisd(roll, Eigen::Vector3d::UnitX()))
      .toRotationMatrix();
}

// The frame a URDF <origin> puts a child at, as footfall's parent → child Transform.
Transform<double> origin(const Vector3<double>& xyz, const Matrix3<double>& r) {
  return Transform<double>(r.transpose(), xyz);
}

// A link's <inertial> as a core Inertia in the link frame.
Inertia<double> link_inertia(double mass, const Vector3<double>& xyz, const Matrix3<double>& r, double ixx,
                             double ixy, double ixz, double iyy, double iyz, double izz) {
  Matrix3<double> tensor;
  tensor << ixx, ixy, ixz, ixy, iyy, iyz, ixz, iyz, izz;
  Inertia<double> out;
  EXPECT_TRUE(Inertia<double>::FromMassComInertia(mass, xyz, Matrix3<double>(r * tensor * r.transpose()), &out).ok());
  return out;
}

void expect_inertia_near(const Inertia<double>& a, const Inertia<double>& b, double tolerance) {
  EXPECT_NEAR(a.mass(), b.mass(), tolerance);
  EXPECT_LE((a.first_moment() - b.first_moment()).cwiseAbs().maxCoeff(), tolerance);
  EXPECT_LE((a.rotational_about_origin() - b.rotational_about_origin()).cwiseAbs().maxCoeff(), tolerance);
}

Result<RobotDescription> import_arm() { return footfall::host::import_urdf_file(kArm); }

}  // namespace

TEST(UrdfImport, BodiesDepthFirstInFileOrderNotAlphabetical) {
  const Result<RobotDescription> d = import_arm();
  ASSERT_TRUE(d.ok()) << d.error();
  const RobotDescription& arm = d.value();
  EXPECT_EQ(arm.name, "test_arm");
  ASSERT_EQ(arm.body_count(), 4);
  // z_shoulder comes before a_side in the file; the fixed links (sensor, tool0) are merged.
  EXPECT_EQ(arm.bodies[0].name, "upper");
  EXPECT_EQ(arm.bodies[1].name, "fore");
  EXPECT_EQ(arm.bodies[2].name, "hand");
  EXPECT_EQ(arm.bodies[3].name, "side");
  EXPECT_EQ(arm.bodies[0].joint_name, "z_shoulder");
  EXPECT_EQ(arm.bodies[0].parent, -1);
  EXPECT_EQ(arm.bodies[1].parent, 0);
  EXPECT_EQ(arm.bodies[2].parent, 1);
  EXPECT_EQ(arm.bodies[3].parent, -1);
  EXPECT_EQ(arm.nq(), 4);  // fixed base: the base link is the world
  EXPECT_EQ(arm.nv(), 4);
}

TEST(UrdfImport, JointTypesAxesLimitsAndDrive) {
  const Result<RobotDescription> d = import_arm();
  ASSERT_TRUE(d.ok()) << d.error();
  const auto& b = d.value().bodies;
  const double inf = std::numeric_limits<double>::infinity();
  // continuous: revolute without position limits; velocity 0 means unlimited; the drive.
  EXPECT_EQ(b[0].joint.type, footfall::JointType::kRevolute);
  EXPECT_EQ(b[0].joint.limits.position_min, -inf);
  EXPECT_EQ(b[0].joint.limits.position_max, inf);
  EXPECT_EQ(b[0].joint.limits.velocity_max, inf);
  EXPECT_EQ(b[0].joint.limits.effort_max, 50.0);
  EXPECT_EQ(b[0].joint.armature, 0.05);
  EXPECT_EQ(b[0].joint.gear_ratio, 50.0);
  // prismatic with the axis "0 0 2" normalised.
  EXPECT_EQ(b[1].joint.type, footfall::JointType::kPrismatic);
  EXPECT_EQ(b[1].joint.axis, Vector3<double>(0, 0, 1));
  EXPECT_EQ(b[1].joint.limits.position_min, -0.1);
  EXPECT_EQ(b[1].joint.limits.position_max, 0.2);
  EXPECT_EQ(b[1].joint.armature, 0.0);
  EXPECT_EQ(b[1].joint.gear_ratio, 1.0);
  EXPECT_LE((b[2].joint.axis - Vector3<double>(1, 1, 0) / std::sqrt(2.0)).norm(), 1e-16);
}

TEST(UrdfImport, PlacementsComposeThroughFixedLinks) {
  const Result<RobotDescription> d = import_arm();
  ASSERT_TRUE(d.ok()) << d.error();
  const auto& b = d.value().bodies;
  // z_shoulder: the base link is the world frame, so X_T is the joint's own origin.
  const Transform<double> shoulder = origin(Vector3<double>(0.1, 0.2, 0.3), rpy(0.3, -0.2, 0.5));
  EXPECT_LE((b[0].joint.placement.rotation() - shoulder.rotation()).cwiseAbs().maxCoeff(), 1e-15);
  EXPECT_LE((b[0].joint.placement.translation() - shoulder.translation()).cwiseAbs().maxCoeff(), 1e-15);
  // elbow hangs from `sensor`, fixed to `upper`: X_T = X(elbow) X(sensor_mount).
  const Transform<double> elbow = origin(Vector3<double>(0, 0, 0.1), rpy(0, 0, 0.7)) *
                                  origin(Vector3<double>(0, 0.05, 0.3), rpy(0, 0.4, 1.0));
  EXPECT_LE((b[1].joint.placement.rotation() - elbow.rotation()).cwiseAbs().maxCoeff(), 1e-15);
  EXPECT_LE((b[1].joint.placement.translation() - elbow.translation()).cwiseAbs().maxCoeff(), 1e-15);
  // wrist hangs from tool0 (massless, fixed to fore).
  const Transform<double> wrist = origin(Vector3<double>(0.02, 0, 0.05), rpy(0, 0.3, 0)) *
                                  origin(Vector3<double>(0, 0, 0.25), rpy(3.14159, 0, 0));
  EXPECT_LE((b[2].joint.placement.rotation() - wrist.rotation()).cwiseAbs().maxCoeff(), 1e-15);
  EXPECT_LE((b[2].joint.placement.translation() - wrist.translation()).cwiseAbs().maxCoeff(), 1e-15);
}

// The merged inertia, checked with the core's spatial algebra: the sensor's inertia carried from
// its frame into upper's by X* I X⁻¹ (Inertia::transformed) and added (RBDA (2.66), (2.68)).
TEST(UrdfImport, FixedLinkInertiaIsRotatedMovedAndAdded) {
  const Result<RobotDescription> d = import_arm();
  ASSERT_TRUE(d.ok()) << d.error();
  auto model = std::make_unique<footfall::Model<double, 4, 4>>();
  ASSERT_TRUE(footfall::host::build_model(d.value(), model.get()).ok());

  const Inertia<double> upper =
      link_inertia(2, Vector3<double>(0.01, 0.02, 0.15), rpy(0.1, 0.2, 0.3), 0.02, 0.001, 0.002, 0.03, 0.003, 0.015);
  const Inertia<double> sensor =
      link_inertia(0.5, Vector3<double>(0.01, 0, 0.02), rpy(0.5, 0, 0), 0.001, 0, 0, 0.002, 0, 0.0015);
  const Transform<double> upper_to_sensor = origin(Vector3<double>(0, 0.05, 0.3), rpy(0, 0.4, 1.0));
  expect_inertia_near(model->inertia(0), upper + sensor.transformed(upper_to_sensor.inverse()), 1e-15);
  EXPECT_NEAR(d.value().bodies[0].mass, 2.5, 1e-15);
  // A body with no merged links keeps its numbers: side's inertial has no origin.
  EXPECT_EQ(d.value().bodies[3].mass, 0.8);
  EXPECT_EQ(d.value().bodies[3].com, Vector3<double>::Zero());
  EXPECT_EQ(d.value().bodies[3].inertia_about_com(2, 2), 0.001);
}

TEST(UrdfImport, FloatingBaseMakesTheRootLinkAFreeFlyerBody) {
  footfall::host::UrdfImportOptions options;
  options.floating_base = true;
  const Result<RobotDescription> d = footfall::host::import_urdf_file(kArm, options);
  ASSERT_TRUE(d.ok()) << d.error();
  const RobotDescription& arm = d.value();
  ASSERT_EQ(arm.body_count(), 5);
  EXPECT_EQ(arm.bodies[0].name, "base");
  EXPECT_EQ(arm.bodies[0].joint_name, "root");
  EXPECT_EQ(arm.bodies[0].joint.type, footfall::JointType::kFreeFlyer);
  EXPECT_EQ(arm.bodies[0].mass, 5.0);
  EXPECT_EQ(arm.bodies[1].parent, 0);
  EXPECT_EQ(arm.bodies[4].parent, 0);
  EXPECT_EQ(arm.nq(), 7 + 4);
  EXPECT_EQ(arm.nv(), 6 + 4);
}

TEST(UrdfImport, LinksFixedToTheWorldAndTheirMassPlayNoPart) {
  const std::string urdf = R"(<robot name="r">
    <link name="world"/>
    <joint name="mount" type="fixed"><parent link="world"/><child link="pedestal"/><origin xyz="0 0 1"/></joint>
    <link name="pedestal"><inertial><mass value="100"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link>
    <joint name="j" type="revolute"><parent link="pedestal"/><child link="arm"/><axis xyz="0 1 0"/>
      <limit lower="-1" upper="1" effort="1" velocity="1"/></joint>
    <link name="arm"><inertial><mass value="1"/><inertia ixx="0.1" ixy="0" ixz="0" iyy="0.1" iyz="0" izz="0.1"/></inertial></link>
  </robot>)";
  const Result<RobotDescription> d = footfall::host::import_urdf_string(urdf, "<test>");
  ASSERT_TRUE(d.ok()) << d.error();
  ASSERT_EQ(d.value().body_count(), 1);
  EXPECT_EQ(d.value().total_mass(), 1.0);
  EXPECT_EQ(d.value().bodies[0].joint.placement.translation(), Vector3<double>(0, 0, 1));
}
