// The published legged robots (the project's shared/robots, beside the repository) stood up by
// `footfall pose` on their collision spheres or foot frames: the state it writes, solved by
// `footfall forces --holding-torques`, carries the weight m g exactly with q̈ = 0; and the same
// robot dropping onto those feet at 0.5 m/s, solved by `footfall impact`, changes its spatial
// momentum by exactly the contacts' impulses and their moments (momentum balance: the joints'
// finite torques pass no impulse). Skipped, saying so, where that folder is absent.
#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_test_support.hpp"
#include "footfall/dynamics.hpp"
#include "footfall/host/model/load_model.hpp"

namespace {

using footfall::test::run_tool;
using footfall::test::ToolRun;
using nlohmann::json;

struct Robot {
  const char* file;
  const char* options;  // beyond --floating-base
  const char* posture;  // --set arguments
  const char* feet;
};

const Robot kRobots[] = {
    {"go1.urdf", "", "--set '*_thigh_joint=0.8' --set '*_calf_joint=-1.5'", "'*_foot'"},
    {"solo12.urdf", "", "--set '*_HFE=0.8' --set '*_KFE=-1.6'", "'*_FOOT'"},
    {"anymal_c.urdf", "", "--set '?F_HFE=0.6' --set '?F_KFE=-0.9' --set '?H_HFE=-0.6' --set '?H_KFE=0.9'", "'*_FOOT'"},
    {"anymal_b.urdf", "", "", "'*_FOOT'"},
    {"hyq.urdf", "", "--set '?f_hfe_joint=0.6' --set '?f_kfe_joint=-1.2' --set '?h_hfe_joint=-0.6' --set '?h_kfe_joint=1.2'",
     "'*_foot'"},
    {"mini_cheetah.urdf", "--repair-inertia", "--set '*thigh*=-0.8' --set '*knee*=1.6'", "'toe_*'"},
};

std::string robots_dir() { return FOOTFALL_SHARED_ROBOTS_DIR; }

std::string model_arguments(const Robot& robot) {
  return "--model '" + robots_dir() + "/" + robot.file + "' --floating-base " + robot.options;
}

// The robot's spatial momentum (world coordinates, about the origin) at q, v, by the core.
template <int B, int D>
footfall::Force<double> momentum(const footfall::host::RobotDescription& d, const json& q, const json& v) {
  auto model = std::make_unique<footfall::Model<double, B, D>>();
  EXPECT_TRUE(footfall::host::build_model(d, model.get()).ok());
  auto ws = std::make_unique<footfall::Workspace<double, B, D>>();
  typename footfall::Model<double, B, D>::ConfigVector qc(model->nq());
  typename footfall::Model<double, B, D>::TangentVector vc(model->nv());
  for (int k = 0; k < model->nq(); ++k) qc(k) = q.at(static_cast<std::size_t>(k)).get<double>();
  for (int k = 0; k < model->nv(); ++k) vc(k) = v.at(static_cast<std::size_t>(k)).get<double>();
  footfall::Force<double> h = footfall::Force<double>::Zero();
  EXPECT_TRUE(footfall::forward_kinematics(*model, *ws, qc, vc).ok());
  EXPECT_TRUE(footfall::spatial_momentum(*model, *ws, &h).ok());
  return h;
}

}  // namespace

TEST(PublishedRobots, StandOnTheirFeetAndStrikeWithMomentumBalance) {
  if (!std::filesystem::is_directory(robots_dir()))
    GTEST_SKIP() << robots_dir() << " is absent: the published robots are not tested";
  for (const Robot& robot : kRobots) {
    SCOPED_TRACE(robot.file);
    const std::string state = footfall::test::test_file_name(std::string(robot.file) + ".standing.json");
    const ToolRun pose = run_tool("pose " + model_arguments(robot) + " " + robot.posture + " --feet " + robot.feet +
                                  " --out '" + state + "' --json");
    ASSERT_EQ(pose.status, 0) << pose.err;
    EXPECT_EQ(pose.err, "");
    const json posed = json::parse(pose.out);
    ASSERT_EQ(posed.at("contacts").size(), 4u);
    const double weight = posed.at("total_mass").get<double>() * 9.81;

    const ToolRun forces = run_tool("forces " + model_arguments(robot) + " --holding-torques --json --state '" + state + "'");
    ASSERT_EQ(forces.status, 0) << forces.err;
    EXPECT_EQ(forces.err, "");
    const json f = json::parse(forces.out);
    EXPECT_NEAR(f.at("total_normal_force").get<double>(), weight, 1e-9 * weight);
    for (const json& qdd : f.at("qdd")) EXPECT_LE(std::abs(qdd.get<double>()), 1e-8);

    // The whole robot falling at 0.5 m/s onto the four feet (the base level, so its body-frame
    // v is the world's), every foot stopped (e = 0).
    json drop = json::parse(footfall::test::read_text(state));
    drop.at("v")[2] = -0.5;
    drop["friction"] = "cone";
    const ToolRun impact = run_tool("impact " + model_arguments(robot) + " --json --state " +
                                    footfall::test::write_state(drop, std::string(robot.file) + ".drop.json"));
    ASSERT_EQ(impact.status, 0) << impact.err;
    const json hit = json::parse(impact.out);
    footfall::host::LoadOptions load;
    load.floating_base = true;
    load.repair_inertia = std::string(robot.options) == "--repair-inertia";
    const footfall::host::Result<footfall::host::RobotDescription> d =
        footfall::host::load_model(robots_dir() + "/" + robot.file, load);
    ASSERT_TRUE(d.ok()) << d.error();
    const footfall::Force<double> before = momentum<13, 18>(d.value(), drop.at("q"), hit.at("v_minus"));
    const footfall::Force<double> after = momentum<13, 18>(d.value(), drop.at("q"), hit.at("v_plus"));
    footfall::Vector3<double> impulse = footfall::Vector3<double>::Zero(), moment = footfall::Vector3<double>::Zero();
    for (const json& c : hit.at("contacts")) {
      const footfall::Vector3<double> p(c.at("position")[0].get<double>(), c.at("position")[1].get<double>(),
                                        c.at("position")[2].get<double>());
      const footfall::Vector3<double> iota(c.at("impulse")[0].get<double>(), c.at("impulse")[1].get<double>(),
                                           c.at("impulse")[2].get<double>());
      impulse += iota;
      moment += p.cross(iota);
    }
    const double scale = posed.at("total_mass").get<double>() * 0.5;  // the momentum the fall carries
    EXPECT_LE((after.linear() - before.linear() - impulse).norm(), 1e-9 * scale);
    EXPECT_LE((after.angular() - before.angular() - moment).norm(), 1e-9 * scale);
    // Each foot that takes an impulse leaves the floor at e · 0.5 = 0 (Newton's law).
    for (const json& c : hit.at("contacts")) {
      if (c.at("normal_impulse").get<double>() > 0.0) {
        EXPECT_NEAR(c.at("departure_velocity").get<double>(), 0.0, 1e-9);
      }
    }
    EXPECT_GT(impulse.z(), 0.0);
  }
}
