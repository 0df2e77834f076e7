// `footfall pose`, the standing states it writes, `forces --holding-torques`, the warnings on a
// state that is almost certainly not what was meant, contacts named by collision shape, the hold's
// stability check in `simulate`, and the tool's largest capacity. Each checked against a closed
// form or an independent solve: the A1's feet 0.4 cos θ below its hips, the weight m g carried,
// q̈ = 0 from the stance solve (not the least-norm solve that made τ), Jury's bound h²kp + 2h kd
// < 4I on a pendulum of known inertia, and momentum balance across a strike.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_test_support.hpp"
#include "footfall/dynamics.hpp"
#include "footfall/host/model/load_model.hpp"
#include "footfall/host/state/pose.hpp"
#include "footfall/host/urdf/urdf_import.hpp"

namespace {

using footfall::test::expect_bad_input;
using footfall::test::run_tool;
using footfall::test::ToolRun;
using footfall::test::write_state;
using nlohmann::json;

const std::string kQuadrupedUrdf = std::string(FOOTFALL_EXAMPLES_URDF_DIR) + "/quadruped.urdf";
const std::string kStandingPosture = " --set '*_thigh_joint=0.8' --set '*_calf_joint=-1.6'";

std::string quoted(const std::string& path) { return "'" + path + "'"; }

footfall::host::RobotDescription imported(const std::string& urdf, bool floating_base = true) {
  footfall::host::UrdfImportOptions options;
  options.floating_base = floating_base;
  footfall::host::Result<footfall::host::RobotDescription> d = footfall::host::import_urdf_string(urdf, "<test>", options);
  EXPECT_TRUE(d.ok()) << (d.ok() ? "" : d.error());
  return d.ok() ? d.value() : footfall::host::RobotDescription{};
}

// A box of mass 2 kg on a free flyer with a sole (a collision box 0.2 x 0.1 x 0.02 m whose bottom
// is 0.05 m below the body's origin) and a sphere foot of radius 0.03 on a fixed link.
std::string soled_box_urdf() {
  return R"(<robot name="soled"><link name="body"><inertial><mass value="2"/>
      <inertia ixx="0.02" ixy="0" ixz="0" iyy="0.02" iyz="0" izz="0.02"/></inertial>
      <collision><origin xyz="0 0 -0.04"/><geometry><box size="0.2 0.1 0.02"/></geometry></collision></link>
    <link name="arm"><inertial><mass value="0.5"/><inertia ixx="0.001" ixy="0" ixz="0" iyy="0.001" iyz="0" izz="0.001"/></inertial></link>
    <joint name="arm_joint" type="revolute"><parent link="body"/><child link="arm"/><origin xyz="0 0 0.1"/>
      <axis xyz="0 1 0"/><limit lower="-1" upper="1" effort="10" velocity="10"/></joint>
    <link name="ball"><collision><origin xyz="0 0 0.2"/><geometry><sphere radius="0.03"/></geometry></collision></link>
    <joint name="ball_fixed" type="fixed"><parent link="arm"/><child link="ball"/><origin rpy="0 0.3 0"/></joint>
  </robot>)";
}

}  // namespace

// The q and v layout and the neutral pose: the base upright at the origin, each joint at 0 or its
// nearer limit.
TEST(Pose, LayoutAndNeutralConfiguration) {
  const footfall::host::RobotDescription d = imported(R"(<robot name="r">
      <link name="a"><inertial><mass value="1"/><inertia ixx="0.1" ixy="0" ixz="0" iyy="0.1" iyz="0" izz="0.1"/></inertial></link>
      <link name="b"><inertial><mass value="1"/><inertia ixx="0.1" ixy="0" ixz="0" iyy="0.1" iyz="0" izz="0.1"/></inertial></link>
      <link name="c"><inertial><mass value="1"/><inertia ixx="0.1" ixy="0" ixz="0" iyy="0.1" iyz="0" izz="0.1"/></inertial></link>
      <joint name="knee" type="revolute"><parent link="a"/><child link="b"/><axis xyz="0 1 0"/>
        <limit lower="0.2" upper="1" effort="1" velocity="1"/></joint>
      <joint name="slide" type="prismatic"><parent link="b"/><child link="c"/><axis xyz="0 0 1"/>
        <limit lower="-1" upper="-0.5" effort="1" velocity="1"/></joint></robot>)");
  const footfall::host::Result<footfall::host::PoseReport> r = footfall::host::compute_pose(d, {});
  ASSERT_TRUE(r.ok()) << r.error();
  const std::vector<std::string> names = {"root.x", "root.y", "root.z", "root.qx", "root.qy", "root.qz", "root.qw",
                                          "knee", "slide"};
  EXPECT_EQ(r.value().q_names, names);
  EXPECT_EQ(r.value().neutral, (std::vector<double>{0, 0, 0, 0, 0, 0, 1, 0.2, -0.5}));
  EXPECT_EQ(r.value().v_names.size(), 8u);
  EXPECT_FALSE(r.value().standing);
}

// The example A1 on its foot frames, thighs 0.8 and calves −1.6: its hips are level with the trunk's
// origin and its thigh and calf 0.2 m each, so the feet are 0.2 cos 0.8 + 0.2 cos(−0.8) below it,
// and the holding forces carry m g.
TEST(Pose, StandingQuadrupedClosedForm) {
  const std::string out = footfall::test::test_file_name("standing.json");
  const ToolRun r = run_tool("pose --model " + quoted(kQuadrupedUrdf) + " --floating-base" + kStandingPosture +
                             " --feet '*_foot' --json --out " + quoted(out));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  const json j = json::parse(r.out);
  EXPECT_NEAR(j.at("base_height").get<double>(), 0.4 * std::cos(0.8), 1e-12);
  ASSERT_EQ(j.at("contacts").size(), 4u);
  double lifted = 0.0;
  for (const json& c : j.at("contacts")) {
    EXPECT_NEAR(c.at("position")[2].get<double>(), 0.0, 1e-12);
    EXPECT_EQ(c.at("point"), json::parse("[0, 0, -0.2]"));
    lifted += c.at("holding_force")[2].get<double>();
  }
  EXPECT_NEAR(lifted, 13.74 * 9.81, 1e-9);

  // The state it wrote stands: the stance solve (the exact cone, not the least-norm solve that
  // chose τ) finds q̈ = 0 and the weight carried.
  const ToolRun forces = run_tool("forces --model " + quoted(kQuadrupedUrdf) + " --floating-base --json --state " + quoted(out));
  ASSERT_EQ(forces.status, 0) << forces.err;
  EXPECT_EQ(forces.err, "");
  const json f = json::parse(forces.out);
  for (const json& qdd : f.at("qdd")) EXPECT_LE(std::abs(qdd.get<double>()), 1e-9);
  EXPECT_NEAR(f.at("total_normal_force").get<double>(), 13.74 * 9.81, 1e-9);
  EXPECT_EQ(f.at("warnings").size(), 0u);
}

// A sphere touches at its lowest point and a box sole at its four bottom corners; the base is
// raised until the lowest of them is on the floor.
TEST(Pose, SpheresAndBoxSoles) {
  const footfall::host::RobotDescription d = imported(soled_box_urdf());
  ASSERT_EQ(d.shapes.size(), 2u);
  footfall::host::PoseRequest request;
  request.feet = {"body"};
  footfall::host::Result<footfall::host::PoseReport> r = footfall::host::compute_pose(d, request);
  ASSERT_TRUE(r.ok()) << r.error();
  ASSERT_EQ(r.value().contacts.size(), 4u);
  EXPECT_NEAR(r.value().base_height, 0.05, 1e-15);
  for (const footfall::host::FootContact& c : r.value().contacts) {
    EXPECT_NEAR(std::abs(c.point.x()), 0.1, 1e-15);
    EXPECT_NEAR(std::abs(c.point.y()), 0.05, 1e-15);
    EXPECT_NEAR(c.point.z(), -0.05, 1e-15);
    EXPECT_NEAR(c.world.z(), 0.0, 1e-15);
    EXPECT_NEAR(c.holding_force.z(), 2.5 * 9.81 / 4.0, 1e-9);  // symmetric sole, centre of mass above its centre
  }
  // The ball on the arm, turned by the arm's joint to 0.5 rad: its lowest point is its centre less
  // the radius along z, whatever the frames' turns.
  request.feet = {"ball"};
  request.joints = {{"arm_joint", 0.5}};
  r = footfall::host::compute_pose(d, request);
  ASSERT_TRUE(r.ok()) << r.error();
  ASSERT_EQ(r.value().contacts.size(), 1u);
  const double centre_z = 0.1 + 0.2 * std::cos(0.8);  // the ball link's z axis is turned by 0.3 + 0.5 about y
  EXPECT_NEAR(r.value().base_height, -(centre_z - 0.03), 1e-12);
  EXPECT_NEAR(r.value().contacts[0].world.z(), 0.0, 1e-12);
  EXPECT_NEAR(r.value().contacts[0].world.x(), 0.2 * std::sin(0.8), 1e-12);
}

TEST(Pose, BadInputs) {
  const std::string pose = "pose --model " + quoted(kQuadrupedUrdf) + " --floating-base";
  expect_bad_input(pose + " --set 'FR_thigh_joint'", "not JOINT=VALUE");
  expect_bad_input(pose + " --set 'FR_thigh_joint=abc'", "the value is not a number");
  expect_bad_input(pose + " --set 'FR_thigh_joint=nan'", "not finite");
  expect_bad_input(pose + " --set '*_knee=0.3'", "'*_knee': no one-DOF joint");
  expect_bad_input(pose + " --set 'FR_calf_joint=1'", "outside its limits");
  expect_bad_input(pose + " --feet 'toe'", "--feet 'toe': no collision shape's link, merged frame or body");
  expect_bad_input(pose + " --out " + quoted(footfall::test::test_file_name("x.json")), "needs --feet");
  expect_bad_input(pose + " --feet '*_foot' --mu -1", "--mu");
  expect_bad_input("pose --model " + quoted(kQuadrupedUrdf) + " --feet '*_foot'", "fixed to the world");
  expect_bad_input(pose + " --feet '*' --feet '*_foot'", "more than the tool's 12");
  expect_bad_input(pose + " --feet '*_foot' --out " + quoted(kQuadrupedUrdf), "--out");
}

// Feet that are not level in the posture, and a pair of point feet, are warned about (exit 0).
TEST(Pose, Warnings) {
  const ToolRun uneven = run_tool("pose --model " + quoted(kQuadrupedUrdf) + " --floating-base" + kStandingPosture +
                                  " --set 'FR_calf_joint=-1.2' --feet '*_foot'");
  EXPECT_EQ(uneven.status, 0);
  EXPECT_NE(uneven.err.find("footfall: warning: the feet are not level"), std::string::npos) << uneven.err;
  const ToolRun pair = run_tool("pose --model " + quoted(kQuadrupedUrdf) + " --floating-base" + kStandingPosture +
                                " --feet FR_foot --feet RL_foot --json");
  EXPECT_EQ(pair.status, 0) << pair.err;
  EXPECT_TRUE(json::parse(pair.out).at("holding_torques_damped").get<bool>());
  EXPECT_NE(pair.err.find("cannot resist every moment"), std::string::npos) << pair.err;
}

// forces --holding-torques replaces τ: from τ = 0 (the legs fold and the tool warns) to a τ that
// holds, with the weight carried and q̈ = 0.
TEST(Forces, HoldingTorquesAndWarnings) {
  json state = footfall::test::read_state("quadruped_standing.json");
  for (json& t : state.at("tau")) t = 0.0;
  const std::string path = write_state(state);
  const ToolRun falling = run_tool("forces --model quadruped --json --state " + path);
  ASSERT_EQ(falling.status, 0) << falling.err;
  EXPECT_NE(falling.err.find("footfall: warning: the contacts carry"), std::string::npos) << falling.err;
  EXPECT_EQ(json::parse(falling.out).at("warnings").size(), 1u);

  const ToolRun held = run_tool("forces --model quadruped --json --holding-torques --state " + path);
  ASSERT_EQ(held.status, 0) << held.err;
  EXPECT_EQ(held.err, "");
  const json j = json::parse(held.out);
  EXPECT_TRUE(j.at("holding_torques").get<bool>());
  EXPECT_NEAR(j.at("total_normal_force").get<double>(), 13.74 * 9.81, 1e-9);
  for (const json& qdd : j.at("qdd")) EXPECT_LE(std::abs(qdd.get<double>()), 1e-9);
  for (int k = 0; k < 6; ++k) EXPECT_EQ(j.at("tau")[static_cast<std::size_t>(k)].get<double>(), 0.0);

  // A quaternion written w first (1, 0, 0, 0): the base turned by π about x, upside down.
  json flipped = footfall::test::read_state("quadruped_standing.json");
  flipped.at("q")[3] = 1.0;
  flipped.at("q")[6] = 0.0;
  const ToolRun upside = run_tool("forces --model quadruped --state " + write_state(flipped));
  EXPECT_NE(upside.err.find("upside down"), std::string::npos) << upside.err;
  // One foot a decimetre above the others' plane.
  json raised = footfall::test::read_state("quadruped_standing.json");
  raised.at("contacts")[0].at("point")[2] = 0.0;
  const ToolRun off_plane = run_tool("forces --model quadruped --state " + write_state(raised));
  EXPECT_NE(off_plane.err.find("not on one plane"), std::string::npos) << off_plane.err;

  expect_bad_input("forces --model " + quoted(std::string(FOOTFALL_TEST_DATA_DIR) + "/arm.urdf") +
                       " --holding-torques --state " + write_state(json::parse(
                           R"({"q": [0, 0, 0, 0], "v": [0, 0, 0, 0], "tau": [0, 0, 0, 0], "contacts": []})")),
                   "no floating base");
}

// A quadruped URDF imported without --floating-base, given a state written for a free flyer.
TEST(Forces, WrongSizeSuggestsFloatingBase) {
  expect_bad_input("forces --model " + quoted(kQuadrupedUrdf) + " --state " +
                       quoted(footfall::test::state_path("quadruped_standing.json")),
                   "import it with --floating-base");
}

// A state file's contact named by shape: a box sole's four corners, a sphere's lowest point.
TEST(Forces, ContactsNamedByShape) {
  const std::string urdf = footfall::test::test_file_name("soled.urdf");
  std::ofstream(urdf) << soled_box_urdf();
  const json state = json::parse(R"({"q": [0, 0, 0.05, 0, 0, 0, 1, 0], "v": [0, 0, 0, 0, 0, 0, 0], "tau": [0, 0, 0, 0, 0, 0, 0],
      "contacts": [{"shape": "body", "normal": [0, 0, 1], "mu": 0.5}]})");
  const ToolRun r = run_tool("forces --model " + quoted(urdf) + " --floating-base --json --holding-torques --state " +
                             write_state(state));
  ASSERT_EQ(r.status, 0) << r.err;
  const json j = json::parse(r.out);
  ASSERT_EQ(j.at("contacts").size(), 4u);
  for (const json& c : j.at("contacts")) EXPECT_NEAR(c.at("position")[2].get<double>(), 0.0, 1e-15);
  EXPECT_NEAR(j.at("total_normal_force").get<double>(), 2.5 * 9.81, 1e-9);

  json bad = state;
  bad.at("contacts")[0]["point"] = {0, 0, 0};
  expect_bad_input("forces --model " + quoted(urdf) + " --floating-base --state " + write_state(bad),
                   "contacts[0].shape: names the contact's place");
  bad = state;
  bad.at("contacts")[0].at("shape") = "arm";
  expect_bad_input("forces --model " + quoted(urdf) + " --floating-base --state " + write_state(bad),
                   "no collision sphere, box or cylinder on link 'arm'");
}

// A ball (m 2 kg, r 0.1 m, I = ⅖ m r²) rolling on the floor at s = 2 m/s, its foot named by its
// collision sphere: a sphere foot, touching at its lowest point as it rolls, so rolling on at
// constant speed needs the weight alone (normal force m g, the centre not accelerating). A contact fixed on the ball
// at that point would accelerate towards the centre at s²/r = 40 m/s², more than g, and would
// read the ball as leaving the floor. The same foot given by point and radius agrees.
TEST(Forces, SphereFootRolls) {
  const std::string urdf = footfall::test::test_file_name("ball.urdf");
  std::ofstream(urdf) << R"(<robot name="ball"><link name="ball"><inertial><mass value="2"/>
      <inertia ixx="0.008" ixy="0" ixz="0" iyy="0.008" iyz="0" izz="0.008"/></inertial>
      <collision><geometry><sphere radius="0.1"/></geometry></collision></link></robot>)";
  const double m = 2.0, r = 0.1, s = 2.0, g = 9.81;
  json state = {{"q", {0, 0, r, 0, 0, 0, 1}}, {"v", {s, 0, 0, 0, s / r, 0}}, {"tau", {0, 0, 0, 0, 0, 0}},
                {"contacts", {{{"shape", "ball"}, {"normal", {0, 0, 1}}, {"mu", 0.5}}}}};
  json by_point = state;
  by_point.at("contacts")[0] = {{"body", "ball"}, {"point", {0, 0, 0}}, {"radius", r}, {"normal", {0, 0, 1}}, {"mu", 0.5}};
  for (const json& file : {state, by_point}) {
    const ToolRun run = run_tool("forces --model " + quoted(urdf) + " --floating-base --json --state " + write_state(file));
    ASSERT_EQ(run.status, 0) << run.err;
    const json j = json::parse(run.out);
    ASSERT_EQ(j.at("contacts").size(), 1u);
    EXPECT_NEAR(j.at("contacts")[0].at("normal_force").get<double>(), m * g, 1e-12);
    EXPECT_NEAR(j.at("contacts")[0].at("position")[2].get<double>(), 0.0, 1e-15);
    // q̈ of a free flyer is the rate of its velocity in its own axes: with the centre not
    // accelerating that is −ω × v = (0, 0, s²/r), and ω does not change.
    const json& qdd = j.at("qdd");
    for (int k = 0; k < 6; ++k)
      EXPECT_NEAR(qdd[static_cast<std::size_t>(k)].get<double>(), k == 2 ? s * s / r : 0.0, 1e-11) << k;
  }
  json bad = by_point;
  bad.at("contacts")[0].at("radius") = -0.1;
  expect_bad_input("forces --model " + quoted(urdf) + " --floating-base --state " + write_state(bad),
                   "contacts[0].radius: negative");
  bad = state;
  bad.at("contacts")[0]["radius"] = 0.1;
  expect_bad_input("forces --model " + quoted(urdf) + " --floating-base --state " + write_state(bad),
                   "contacts[0].radius: a contact named by shape takes its radius from the shape");
}

// Jury's bound on a pendulum: a rod's link of inertia I about its joint at the world, held by
// kp, kd at step h, is stable exactly when h²kp + 2h kd < 4I; the message gives the largest kd.
TEST(Simulate, HoldGainsBeyondTheStepsStabilityAreRefused) {
  const std::string urdf = footfall::test::test_file_name("pendulum.urdf");
  // Point mass 1 kg at 0.1 m and I_c 0.001 about its centre: I = 0.001 + 0.01 = 0.011 kg m².
  std::ofstream(urdf) << R"(<robot name="pendulum"><link name="base"/>
      <link name="rod"><inertial><origin xyz="0 0 -0.1"/><mass value="1"/>
        <inertia ixx="0.001" ixy="0" ixz="0" iyy="0.001" iyz="0" izz="0.001"/></inertial></link>
      <joint name="swing" type="continuous"><parent link="base"/><child link="rod"/><axis xyz="0 1 0"/></joint></robot>)";
  const auto scenario = [](double kp, double kd) {
    return write_state(json{{"q", {0.1}}, {"v", {0.0}}, {"contacts", json::array()}, {"scheme", "time_stepping"},
                            {"duration", 0.01}, {"step", 0.01}, {"hold", {{"kp", kp}, {"kd", kd}}}},
                       "scenario_" + std::to_string(kp) + "_" + std::to_string(kd) + ".json");
  };
  const std::string simulate = "simulate --model " + quoted(urdf) + " --csv " +
                               quoted(footfall::test::test_file_name("out.csv")) + " --scenario ";
  const double inertia = 0.011, h = 0.01;
  EXPECT_EQ(run_tool(simulate + scenario(0.0, 0.99 * 2 * inertia / h)).status, 0);
  expect_bad_input(simulate + scenario(0.0, 1.01 * 2 * inertia / h), "hold.kd 2.222 is unstable");
  expect_bad_input(simulate + scenario(0.0, 1.01 * 2 * inertia / h), "the largest stable kd is 2.1978");
  EXPECT_EQ(run_tool(simulate + scenario(0.99 * 4 * inertia / (h * h), 0.0)).status, 0);
  expect_bad_input(simulate + scenario(1.01 * 4 * inertia / (h * h), 0.0), "hold.kp 444.4");
}

// 100 links in a chain: beyond the 64 DOFs the tool held before; codegen writes its topology.
TEST(Capacity, HundredLinkChain) {
  std::string urdf = "<robot name=\"chain100\">";
  const std::string inertial =
      R"(<inertial><origin xyz="0 0 -0.05"/><mass value="1"/><inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.001"/></inertial>)";
  for (int i = 0; i <= 100; ++i) urdf += "<link name=\"l" + std::to_string(i) + "\">" + inertial + "</link>";
  for (int i = 0; i < 100; ++i)
    urdf += "<joint name=\"j" + std::to_string(i) + "\" type=\"revolute\"><parent link=\"l" + std::to_string(i) +
            "\"/><child link=\"l" + std::to_string(i + 1) +
            "\"/><origin xyz=\"0 0 -0.1\"/><axis xyz=\"0 1 0\"/><limit lower=\"-3\" upper=\"3\" effort=\"1\" velocity=\"1\"/></joint>";
  urdf += "</robot>";
  const std::string path = footfall::test::test_file_name("chain100.urdf");
  std::ofstream(path) << urdf;
  const ToolRun info = run_tool("info --json --model " + quoted(path));
  ASSERT_EQ(info.status, 0) << info.err;
  const json j = json::parse(info.out);
  EXPECT_EQ(j.at("nv").get<int>(), 100);
  EXPECT_EQ(j.at("capacity").at("dofs").get<int>(), 128);
  EXPECT_NEAR(j.at("mass_fixed_to_world").get<double>(), 1.0, 0.0);  // l0, the root
  const std::string header = footfall::test::test_file_name("chain100.hpp");
  ASSERT_EQ(run_tool("codegen --model " + quoted(path) + " --out " + quoted(header)).status, 0);
  EXPECT_NE(footfall::test::read_text(header).find("struct Chain100Topology"), std::string::npos);
}
