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
#include "urdf_text.hpp"

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

namespace {

const std::string kHopper = std::string(FOOTFALL_TEST_DATA_DIR) + "/hopper.urdf";

footfall::host::UrdfImportOptions floating() {
  footfall::host::UrdfImportOptions options;
  options.floating_base = true;
  return options;
}

void expect_transform_near(const Transform<double>& a, const Transform<double>& b, double tolerance) {
  EXPECT_LE((a.rotation() - b.rotation()).cwiseAbs().maxCoeff(), tolerance);
  EXPECT_LE((a.translation() - b.translation()).cwiseAbs().maxCoeff(), tolerance);
}

// 32-bit FNV-1a, written here again to check core_name's digits.
std::uint32_t fnv1a(const std::string& text) {
  std::uint32_t hash = 2166136261u;
  for (const char c : text) hash = (hash ^ static_cast<unsigned char>(c)) * 16777619u;
  return hash;
}

}  // namespace

// Names longer than the core's 31 characters are taken whole; the core stores them shortened,
// the same way every time, and two names that differ only past the kept part stay different.
TEST(UrdfImport, LongNamesAreKeptAndShortenedForTheCore) {
  const Result<RobotDescription> d = footfall::host::import_urdf_file(kHopper, floating());
  ASSERT_TRUE(d.ok()) << d.error();
  const std::string thigh = "thigh_link_with_a_rather_long_name";
  ASSERT_EQ(d.value().body_count(), 3);
  EXPECT_EQ(d.value().bodies[1].name, thigh);
  EXPECT_EQ(d.value().bodies[2].joint_name, "knee_joint_of_the_hopper_s_only_leg");
  const std::string short_name = footfall::host::core_name(thigh);
  char digits[9];
  std::snprintf(digits, sizeof digits, "%08x", static_cast<unsigned>(fnv1a(thigh)));
  EXPECT_EQ(short_name, thigh.substr(0, 22) + "~" + digits);
  EXPECT_EQ(short_name.size(), 31u);
  EXPECT_EQ(footfall::host::core_name(thigh), short_name);  // stable
  EXPECT_NE(footfall::host::core_name(thigh + "2"), footfall::host::core_name(thigh + "3"));
  EXPECT_EQ(footfall::host::core_name(std::string(31, 'n')), std::string(31, 'n'));  // short names stay
  EXPECT_EQ(footfall::host::core_name(std::string(32, 'n')).size(), 31u);
  auto model = std::make_unique<footfall::Model<double, 3, 8>>();
  const Result<void> built = footfall::host::build_model(d.value(), model.get());
  ASSERT_TRUE(built.ok()) << built.error();
  EXPECT_EQ(model->body_name(1), short_name);
  EXPECT_EQ(model->joint_name(2), footfall::host::core_name("knee_joint_of_the_hopper_s_only_leg"));
  EXPECT_STREQ(model->body_name(0), "trunk");
}

// A point mass and a zero-mass frame with a token inertia on fixed joints are accepted: the body
// they are merged into is physical. The token inertia is kept (combine()), the point mass moved.
TEST(UrdfImport, PointMassesAndZeroMassFramesOnFixedJointsAreMerged) {
  const Result<RobotDescription> d = footfall::host::import_urdf_file(kHopper, floating());
  ASSERT_TRUE(d.ok()) << d.error();
  const footfall::host::BodyDescription& shin = d.value().bodies[2];
  EXPECT_EQ(shin.name, "shin");
  EXPECT_DOUBLE_EQ(shin.mass, 0.55);
  // The ankle's point mass sits at (0, 0, -0.2) in the shin, the shin's own centre at (0, 0, -0.1).
  EXPECT_NEAR(shin.com(2), (0.5 * -0.1 + 0.05 * -0.2) / 0.55, 1e-15);
  // About x: the shin's own, both parts' parallel-axis terms and the foot's 1e-6 (turned about z).
  const double c = shin.com(2);
  EXPECT_NEAR(shin.inertia_about_com(0, 0), 0.002 + 0.5 * (c + 0.1) * (c + 0.1) + 0.05 * (c + 0.2) * (c + 0.2) + 1e-6,
              1e-15);
  ASSERT_EQ(d.value().frames.size(), 2u);
  EXPECT_EQ(d.value().frames[0].name, "ankle");
  EXPECT_EQ(d.value().frames[1].name, "foot");
  EXPECT_EQ(d.value().frames[1].body, 2);
  // The foot two fixed joints below the shin: X(foot_fixed) X(ankle_fixed).
  const Transform<double> foot = origin(Vector3<double>(0.01, 0, -0.02), rpy(0, 0, 1)) *
                                 origin(Vector3<double>(0, 0, -0.2), rpy(0, 0.3, 0));
  expect_transform_near(d.value().frames[1].body_to_frame, foot, 1e-15);
  // Nothing is left to the world with a free base.
  EXPECT_EQ(d.value().mass_fixed_to_world, 0.0);
  EXPECT_DOUBLE_EQ(d.value().total_mass(), 5.55);
}

// Spheres, boxes and cylinders on the links that ride on a body, placed in that body's frame
// through the fixed joints; meshes are left out.
TEST(UrdfImport, CollisionShapesArePlacedInTheirBodies) {
  const Result<RobotDescription> d = footfall::host::import_urdf_file(kHopper, floating());
  ASSERT_TRUE(d.ok()) << d.error();
  const auto& shapes = d.value().shapes;
  ASSERT_EQ(shapes.size(), 3u);
  EXPECT_EQ(shapes[0].kind, footfall::host::ShapeKind::kBox);
  EXPECT_EQ(shapes[0].link, "trunk");
  EXPECT_EQ(shapes[0].body, 0);
  EXPECT_EQ(shapes[0].size, Vector3<double>(0.3, 0.2, 0.1));
  expect_transform_near(shapes[0].body_to_shape, origin(Vector3<double>(0, 0, 0.05), rpy(0, 0, 0.5)), 1e-15);
  EXPECT_EQ(shapes[1].kind, footfall::host::ShapeKind::kCylinder);
  EXPECT_EQ(shapes[1].body, 1);
  EXPECT_EQ(shapes[1].radius, 0.02);
  EXPECT_EQ(shapes[1].length, 0.2);
  EXPECT_EQ(shapes[2].kind, footfall::host::ShapeKind::kSphere);
  EXPECT_EQ(shapes[2].link, "foot");
  EXPECT_EQ(shapes[2].body, 2);
  EXPECT_EQ(shapes[2].radius, 0.025);
  const Transform<double> centre = origin(Vector3<double>(0, 0.005, -0.01), Matrix3<double>::Identity()) *
                                   origin(Vector3<double>(0.01, 0, -0.02), rpy(0, 0, 1)) *
                                   origin(Vector3<double>(0, 0, -0.2), rpy(0, 0.3, 0));
  expect_transform_near(shapes[2].body_to_shape, centre, 1e-15);
  EXPECT_STREQ(footfall::host::to_string(shapes[2].kind), "sphere");
}

namespace {

using footfall::test::urdf_joint;
using footfall::test::urdf_link;

// a -j1- b -j2 (mimics j1)- c -j3- d, all about z.
std::string mimic_chain() {
  return "<robot name=\"m\">" + urdf_link("a") + urdf_link("b") + urdf_link("c") + urdf_link("d") +
         urdf_joint("j1", "a", "b", "revolute") +
         urdf_joint("j2", "b", "c", "revolute", R"(<origin xyz="0 0 1"/><mimic joint="j1" multiplier="2" offset="0.3"/>)") +
         urdf_joint("j3", "c", "d", "revolute", R"(<origin xyz="1 0 0"/>)") + "</robot>";
}

Result<RobotDescription> import_text(const std::string& urdf, const footfall::host::UrdfImportOptions& options = {}) {
  return footfall::host::import_urdf_string(urdf, "<test>", options);
}

bool has_note(const RobotDescription& d, const std::string& part) {
  for (const std::string& note : d.notes)
    if (note.find(part) != std::string::npos) return true;
  return false;
}

}  // namespace

// --mimic lock: the joint is fixed at its offset (its child merged), and the joint below is
// placed through the turn; --mimic free: a joint of its own. Both are said in the notes.
TEST(UrdfImport, MimicJointLockedAtItsOffsetOrFree) {
  footfall::host::UrdfImportOptions options;
  options.mimic = footfall::host::MimicJoints::kLock;
  const Result<RobotDescription> locked = import_text(mimic_chain(), options);
  ASSERT_TRUE(locked.ok()) << locked.error();
  ASSERT_EQ(locked.value().body_count(), 2);
  EXPECT_EQ(locked.value().bodies[1].name, "d");
  EXPECT_EQ(locked.value().bodies[1].parent, 0);
  EXPECT_DOUBLE_EQ(locked.value().bodies[0].mass, 2.0);  // b and c
  // X_T of j3 in b's frame: X(j3) X_J(j2 at 0.3) X(j2), with X_J a turn about z by 0.3.
  const Transform<double> expected = origin(Vector3<double>(1, 0, 0), Matrix3<double>::Identity()) *
                                     origin(Vector3<double>::Zero(), rpy(0, 0, 0.3)) *
                                     origin(Vector3<double>(0, 0, 1), Matrix3<double>::Identity());
  expect_transform_near(locked.value().bodies[1].joint.placement, expected, 1e-15);
  ASSERT_EQ(locked.value().frames.size(), 1u);
  EXPECT_EQ(locked.value().frames[0].name, "c");
  EXPECT_TRUE(has_note(locked.value(), "joint 'j2' mimics 'j1': locked at its offset 0.3 (--mimic lock)"));

  options.mimic = footfall::host::MimicJoints::kFree;
  const Result<RobotDescription> free = import_text(mimic_chain(), options);
  ASSERT_TRUE(free.ok()) << free.error();
  ASSERT_EQ(free.value().body_count(), 3);
  EXPECT_EQ(free.value().bodies[1].joint_name, "j2");
  EXPECT_EQ(free.value().nv(), 3);
  EXPECT_TRUE(has_note(free.value(), "joint 'j2' mimics 'j1': imported as a joint of its own (--mimic free)"));
  // A <mimic> on a fixed joint couples nothing and is ignored, whatever the option.
  const std::string fixed_mimic = "<robot name=\"m\">" + urdf_link("a") + urdf_link("b") + urdf_link("c") +
                                  urdf_joint("j1", "a", "b", "revolute") +
                                  urdf_joint("j2", "b", "c", "fixed", R"(<mimic joint="j1"/>)") + "</robot>";
  const Result<RobotDescription> ignored = import_text(fixed_mimic);
  ASSERT_TRUE(ignored.ok()) << ignored.error();
  EXPECT_EQ(ignored.value().body_count(), 1);
}

// An empty root link with a floating joint to the base: a free flyer without the flag, named
// after that joint. A fixed joint from an empty "world" gives a fixed base, which the flag frees.
TEST(UrdfImport, EmptyWorldRootWithAFloatingOrFixedJoint) {
  const std::string tree = urdf_link("base") + urdf_link("leg") + urdf_joint("hip", "base", "leg", "revolute");
  const std::string floating_root =
      "<robot name=\"w\"><link name=\"world\"/>" + urdf_joint("float", "world", "base", "floating") + tree + "</robot>";
  const Result<RobotDescription> d = import_text(floating_root);
  ASSERT_TRUE(d.ok()) << d.error();
  ASSERT_EQ(d.value().body_count(), 2);
  EXPECT_EQ(d.value().bodies[0].name, "base");
  EXPECT_EQ(d.value().bodies[0].joint_name, "float");
  EXPECT_EQ(d.value().bodies[0].joint.type, footfall::JointType::kFreeFlyer);
  EXPECT_EQ(d.value().nv(), 7);
  EXPECT_DOUBLE_EQ(d.value().total_mass(), 2.0);
  EXPECT_TRUE(has_note(d.value(), "the root link 'world' is the world: link 'base' is the free-flying base"));
  // The flag changes nothing then.
  EXPECT_EQ(import_text(floating_root, floating()).value().nv(), 7);

  const std::string fixed_root =
      "<robot name=\"w\"><link name=\"world\"/>" + urdf_joint("mount", "world", "base", "fixed") + tree + "</robot>";
  const Result<RobotDescription> fixed = import_text(fixed_root);
  ASSERT_TRUE(fixed.ok()) << fixed.error();
  EXPECT_EQ(fixed.value().nv(), 1);
  EXPECT_EQ(fixed.value().body_count(), 1);
  const Result<RobotDescription> freed = import_text(fixed_root, floating());
  ASSERT_TRUE(freed.ok()) << freed.error();
  EXPECT_EQ(freed.value().nv(), 7);
  EXPECT_EQ(freed.value().bodies[0].name, "base");
  EXPECT_EQ(freed.value().bodies[0].joint_name, "mount");
  EXPECT_TRUE(has_note(freed.value(), "fixed, freed by --floating-base"));
}

// Without a free flyer the root and what is fixed to it play no part: the description says how
// much mass that is, and a note names the flag.
TEST(UrdfImport, AFixedBaseSaysHowMuchMassIsFixedToTheWorld) {
  const Result<RobotDescription> d = import_text(
      "<robot name=\"f\">" +
      urdf_link("base", R"(<inertial><mass value="3"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>)") +
      urdf_link("plate", R"(<inertial><mass value="0.5"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>)") +
      urdf_link("leg") + urdf_joint("bolt", "base", "plate", "fixed") + urdf_joint("hip", "plate", "leg", "revolute") +
      "</robot>");
  ASSERT_TRUE(d.ok()) << d.error();
  EXPECT_EQ(d.value().mass_fixed_to_world, 3.5);
  EXPECT_EQ(d.value().total_mass(), 1.0);
  EXPECT_TRUE(has_note(d.value(), "the root link 'base' is fixed to the world, so the 3.5 kg fixed to it play no part "
                                  "(a legged robot needs --floating-base)"));
  // With the flag there is no such note.
  const Result<RobotDescription> free = import_text(
      "<robot name=\"f\">" + urdf_link("base") + urdf_link("leg") + urdf_joint("hip", "base", "leg", "revolute") + "</robot>",
      floating());
  ASSERT_TRUE(free.ok()) << free.error();
  EXPECT_TRUE(free.value().notes.empty());
  EXPECT_EQ(free.value().mass_fixed_to_world, 0.0);
}

// --repair-inertia: a non-physical body's rotational inertia moved the documented least amount
// (mass_properties.hpp: repaired_inertia): principal axes, mass and centre of mass kept, the
// moments moved along (1, 1, −1) onto the triangle inequality's boundary (with its 1e-9 margin),
// so the core's validate_mass_properties accepts it; the change is in the notes.
TEST(UrdfImport, RepairInertiaMovesTheMomentsTheLeastAmount) {
  const std::string urdf =
      "<robot name=\"r\">" + urdf_link("a") +
      urdf_link("b", R"(<inertial><origin xyz="0.1 0.2 0.3" rpy="0.3 0.2 0.1"/><mass value="2"/>)"
                     R"(<inertia ixx="0.1" ixy="0" ixz="0" iyy="0.15" iyz="0" izz="0.4"/></inertial>)") +
      urdf_joint("j", "a", "b") + "</robot>";
  EXPECT_FALSE(import_text(urdf).ok());
  footfall::host::UrdfImportOptions options;
  options.repair_inertia = true;
  const Result<RobotDescription> d = import_text(urdf, options);
  ASSERT_TRUE(d.ok()) << d.error();
  const footfall::host::BodyDescription& b = d.value().bodies[0];
  EXPECT_EQ(b.mass, 2.0);
  EXPECT_EQ(b.com, Vector3<double>(0.1, 0.2, 0.3));
  EXPECT_TRUE(footfall::validate_mass_properties(b.mass, b.com, b.inertia_about_com).ok());
  const double margin = 1.0 - 1e-9;
  const double t = (0.4 - 0.25 * margin) / (1.0 + 2.0 * margin);
  const Vector3<double> moments(0.1 + t, 0.15 + t, 0.4 - t);
  EXPECT_NEAR(moments(2), (moments(0) + moments(1)) * margin, 1e-16);  // on the boundary: the least move
  const Matrix3<double> r = rpy(0.3, 0.2, 0.1);  // the principal axes, in the link frame
  const Matrix3<double> expected = r * moments.asDiagonal() * r.transpose();
  EXPECT_LE((b.inertia_about_com - expected).cwiseAbs().maxCoeff(), 1e-15);
  ASSERT_EQ(d.value().notes.size(), 2u);  // the repair and the fixed root
  EXPECT_EQ(d.value().notes[0].rfind("body 'b': inertia repaired (inertia violates the triangle inequality): "
                                     "principal moments (0.1, 0.15, 0.4) kg m² -> (",
                                     0),
            0u)
      << d.value().notes[0];
  auto model = std::make_unique<footfall::Model<double, 1, 1>>();
  EXPECT_TRUE(footfall::host::build_model(d.value(), model.get()).ok());

  // A tensor that is not positive definite: its negative moment raised to 1e-6 of the largest,
  // then the three moved onto the triangle inequality as above.
  const std::string indefinite = "<robot name=\"r\">" + urdf_link("a") +
                                 urdf_link("b", footfall::test::urdf_inertial("0.1", "0.2", "0", "0.1", "0", "0.1")) +
                                 urdf_joint("j", "a", "b") + "</robot>";
  const Result<RobotDescription> repaired = import_text(indefinite, options);
  ASSERT_TRUE(repaired.ok()) << repaired.error();
  const footfall::host::BodyDescription& c = repaired.value().bodies[0];
  EXPECT_TRUE(footfall::validate_mass_properties(c.mass, c.com, c.inertia_about_com).ok());
  const double floor = 0.3e-6, u = (0.3 - (floor + 0.1) * margin) / (1.0 + 2.0 * margin);
  EXPECT_NEAR(c.inertia_about_com(2, 2), 0.1 + u, 1e-15);  // z is the principal axis of the moment 0.1
  EXPECT_TRUE(has_note(repaired.value(), "inertia repaired (inertia is not positive definite)"));
  // A physical body is left as it is, and no note is made.
  const Result<RobotDescription> physical = import_text(
      "<robot name=\"r\">" + urdf_link("a") + urdf_link("b") + urdf_joint("j", "a", "b") + "</robot>", options);
  ASSERT_TRUE(physical.ok()) << physical.error();
  EXPECT_EQ(physical.value().bodies[0].inertia_about_com, Matrix3<double>::Identity() * 0.1);
  EXPECT_FALSE(has_note(physical.value(), "repaired"));
}

// A 40-character link and joint name is taken (the core stores it shortened), and a dummy root
// link — 1e-6 kg with a placeholder tensor that is no rigid body's, as ANYmal B's and HyQ's — is
// accepted once its fixed child's real mass is merged into the free-flying base.
TEST(UrdfImport, FortyCharacterNamesAndADummyRootLink) {
  const std::string long_link(40, 'l'), long_joint(40, 'j');
  const std::string placeholder =
      R"(<inertial><mass value="1e-6"/><inertia ixx="1e-9" ixy="0" ixz="0" iyy="1e-9" iyz="0" izz="1e-3"/></inertial>)";
  const Result<RobotDescription> d = import_text(
      "<robot name=\"r\">" + urdf_link("base", placeholder) + urdf_link("trunk") + urdf_link(long_link) +
          urdf_joint("base_to_trunk", "base", "trunk", "fixed") + urdf_joint(long_joint, "trunk", long_link) + "</robot>",
      floating());
  ASSERT_TRUE(d.ok()) << d.error();
  ASSERT_EQ(d.value().body_count(), 2);
  EXPECT_EQ(d.value().bodies[1].name, long_link);
  EXPECT_EQ(d.value().bodies[1].joint_name, long_joint);
  EXPECT_NEAR(d.value().bodies[0].mass, 1.0 + 1e-6, 1e-15);
  auto model = std::make_unique<footfall::Model<double, 2, 7>>();
  const Result<void> built = footfall::host::build_model(d.value(), model.get());
  ASSERT_TRUE(built.ok()) << built.error();
  EXPECT_EQ(model->body_name(1), footfall::host::core_name(long_link));
  EXPECT_EQ(model->joint_name(1), footfall::host::core_name(long_joint));
  EXPECT_NE(footfall::host::core_name(long_link), footfall::host::core_name(long_joint));
  // The placeholder alone, as a moving body, is refused.
  footfall::host::UrdfImportOptions fixed_base;
  EXPECT_FALSE(import_text("<robot name=\"r\">" + urdf_link("a") + urdf_link("b", placeholder) +
                               urdf_joint("j", "a", "b") + "</robot>",
                           fixed_base)
                   .ok());
}
