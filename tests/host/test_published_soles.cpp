// The published humanoids (the project's shared/robots, beside the repository) on flat soles:
// four corners a sole, whose contact rows depend on one another (W singular). Unitree H1 stands on
// the corners of its soles' collision boxes (`footfall pose --feet '*_ankle_link'`), Talos on a
// 0.2 × 0.1 m rectangle about each sole frame. For every friction model `footfall forces` must be
// ok with the least-norm forces: those of the holding solve (both are the f in range(G) with
// Gᵀf = C − τ), the weight carried, q̈ = 0, each sole's centre of pressure inside it; and dropped
// flat onto both soles at 0.5 m/s, `footfall impact` must be ok for every friction law with the
// spatial momentum changed by exactly the impulses and each striking corner stopped (e = 0).
// Skipped, saying so, where that folder is absent.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_test_support.hpp"

namespace {

using footfall::test::run_tool;
using footfall::test::ToolRun;
using nlohmann::json;

std::string soles_robots_dir() { return FOOTFALL_SHARED_ROBOTS_DIR; }

std::string humanoid_model(const char* file) {
  return "--model '" + soles_robots_dir() + "/" + file + "' --floating-base";
}

// Talos' soles: the pose puts each sole frame on the floor; the state then carries the four
// corners of a rectangle about it, in the ankle's last link.
json talos_on_rectangles(const json& posed) {
  json state = json::parse(footfall::test::read_text(footfall::test::test_file_name("talos.pose.json")));
  state["contacts"] = json::array();
  for (const char* side : {"left", "right"})
    for (int corner = 0; corner < 4; ++corner) {
      const double x = (corner & 1) ? 0.1 : -0.1, y = (corner & 2) ? 0.05 : -0.05;
      state["contacts"].push_back({{"body", std::string("leg_") + side + "_6_link"},
                                   {"point", {x, y, -0.107}},
                                   {"normal", {0, 0, 1}},
                                   {"mu", 0.8}});
    }
  (void)posed;
  return state;
}

// The standing state of each humanoid, written by pose (and, for Talos, with its rectangles).
std::string standing_state(const char* file, double* weight) {
  const bool talos = std::string(file).find("talos") != std::string::npos;
  const std::string out = footfall::test::test_file_name(talos ? "talos.pose.json" : "h1.pose.json");
  const ToolRun pose = run_tool("pose " + humanoid_model(file) + " --feet " +
                                (talos ? "'*_sole_link'" : "'*_ankle_link'") + " --out '" + out + "' --json");
  EXPECT_EQ(pose.status, 0) << pose.err;
  const json posed = json::parse(pose.out);
  *weight = posed.at("total_mass").get<double>() * 9.81;
  if (!talos) return out;
  const std::string rectangles = footfall::test::test_file_name("talos.rectangles.json");
  std::ofstream(rectangles, std::ios::binary) << talos_on_rectangles(posed).dump();
  return rectangles;
}

const char* const kHumanoids[] = {"h1.urdf", "talos_reduced.urdf"};

}  // namespace

TEST(PublishedSoles, HumanoidsStandOnBothSolesWithEveryFrictionModel) {
  if (!std::filesystem::is_directory(soles_robots_dir()))
    GTEST_SKIP() << soles_robots_dir() << " is absent: the published humanoids are not tested";
  for (const char* file : kHumanoids) {
    SCOPED_TRACE(file);
    double weight = 0.0;
    const std::string posed = standing_state(file, &weight);
    // The holding solve's least-norm forces, as the reference.
    const ToolRun hold = run_tool("forces " + humanoid_model(file) + " --holding-torques --json --state '" + posed + "'");
    ASSERT_EQ(hold.status, 0) << hold.err;
    const json held = json::parse(hold.out);
    json state = json::parse(footfall::test::read_text(posed));
    state["tau"] = held.at("tau");
    for (const char* friction : {"none", "pyramid4", "pyramid8", "cone"}) {
      SCOPED_TRACE(friction);
      state["friction"] = friction;
      const ToolRun run = run_tool("forces " + humanoid_model(file) + " --json --state " +
                                   footfall::test::write_state(state, std::string(file) + ".soles.json"));
      ASSERT_EQ(run.status, 0) << run.err;
      const json f = json::parse(run.out);
      EXPECT_EQ(f.at("force_choice").get<std::string>(), "least-norm");
      EXPECT_NEAR(f.at("total_normal_force").get<double>(), weight, 1e-9 * weight);
      for (const json& qdd : f.at("qdd")) EXPECT_LE(std::abs(qdd.get<double>()), 1e-8);
      ASSERT_EQ(f.at("contacts").size(), 8u);
      for (std::size_t i = 0; i < 8; ++i) {
        const json& c = f.at("contacts")[i];
        EXPECT_EQ(c.at("state").get<std::string>(), "sticking");
        EXPECT_NEAR(c.at("normal_force").get<double>(), held.at("contacts")[i].at("normal_force").get<double>(),
                    1e-9 * weight);
      }
      ASSERT_EQ(f.at("patches").size(), 2u);
      double carried = 0.0;
      for (const json& patch : f.at("patches")) {
        EXPECT_EQ(patch.at("state").get<std::string>(), "sticking");
        carried += patch.at("force")[2].get<double>();
        // The centre of pressure inside the corners' bounding box (the sole is level).
        const std::size_t first = patch.at("first_contact").get<std::size_t>();
        for (std::size_t axis = 0; axis < 2; ++axis) {
          double low = 1e9, high = -1e9;
          for (std::size_t i = first; i < first + 4; ++i) {
            low = std::min(low, f.at("contacts")[i].at("position")[axis].get<double>());
            high = std::max(high, f.at("contacts")[i].at("position")[axis].get<double>());
          }
          const double c = patch.at("centre_of_pressure")[axis].get<double>();
          EXPECT_GE(c, low - 1e-12);
          EXPECT_LE(c, high + 1e-12);
        }
      }
      EXPECT_NEAR(carried, weight, 1e-9 * weight);
    }
  }
}

TEST(PublishedSoles, HumanoidsLandFlatOnBothSolesWithEveryFrictionLaw) {
  if (!std::filesystem::is_directory(soles_robots_dir()))
    GTEST_SKIP() << soles_robots_dir() << " is absent: the published humanoids are not tested";
  for (const char* file : kHumanoids) {
    SCOPED_TRACE(file);
    double weight = 0.0;
    json drop = json::parse(footfall::test::read_text(standing_state(file, &weight)));
    drop.at("v")[2] = -0.5;  // the base level: its body-frame v is the world's
    for (const char* friction : {"none", "sticking", "pyramid4", "pyramid8", "cone"}) {
      SCOPED_TRACE(friction);
      drop["friction"] = friction;
      const ToolRun run = run_tool("impact " + humanoid_model(file) + " --json --state " +
                                   footfall::test::write_state(drop, std::string(file) + ".landing.json"));
      ASSERT_EQ(run.status, 0) << run.err;
      const json hit = json::parse(run.out);
      double vertical = 0.0;
      for (const json& c : hit.at("contacts")) {
        vertical += c.at("impulse")[2].get<double>();
        if (c.at("normal_impulse").get<double>() > 0.0) {
          EXPECT_NEAR(c.at("departure_velocity").get<double>(), 0.0, 1e-9);
        }
      }
      EXPECT_GT(vertical, 0.0);
      // Sticking holds every corner: the least-norm impulses of a dependent set. Without friction
      // each sole rocks onto two corners and the impulses are unique.
      if (std::string(friction) == "sticking") {
        EXPECT_EQ(hit.at("force_choice").get<std::string>(), "least-norm");
      }
    }
  }
}

// The H1 dropped 5 cm flat onto its soles from the pose's standing state, its joints held at that
// pose by a PD (kp 3000 N m/rad, kd 30 N m s/rad, stable at h = 0.2 ms on its lightest joint) and
// no other torque: time stepping with the exact cone lands it on all eight corners and it stands,
// the corners' forces summing to its weight after 0.5 s and the base at rest. Every step after
// the landing is a dependent set, taken by the held-contacts finish.
TEST(PublishedSoles, H1DroppedOntoItsSolesLandsAndStands) {
  if (!std::filesystem::is_directory(soles_robots_dir()))
    GTEST_SKIP() << soles_robots_dir() << " is absent: the published humanoids are not tested";
  double weight = 0.0;
  json scenario = json::parse(footfall::test::read_text(standing_state("h1.urdf", &weight)));
  scenario.at("q")[2] = scenario.at("q")[2].get<double>() + 0.05;
  for (json& t : scenario.at("tau")) t = 0.0;
  scenario["scheme"] = "time_stepping";
  scenario["friction"] = "cone";
  scenario["duration"] = 0.5;
  scenario["step"] = 2e-4;
  scenario["hold"] = {{"kp", 3000.0}, {"kd", 30.0}};
  const std::string csv = footfall::test::test_file_name("h1.drop.csv");
  const ToolRun run = run_tool("simulate " + humanoid_model("h1.urdf") + " --json --csv '" + csv + "' --scenario " +
                               footfall::test::write_state(scenario, "h1.drop.json"));
  ASSERT_EQ(run.status, 0) << run.out << run.err;
  const json j = json::parse(run.out);
  EXPECT_NEAR(j.at("time_reached").get<double>(), 0.5, 1e-9);
  ASSERT_EQ(j.at("contacts_final").size(), 8u);
  double total = 0.0;
  for (const json& c : j.at("contacts_final")) {
    EXPECT_GT(c.at("normal_force").get<double>(), 0.0);
    total += c.at("normal_force").get<double>();
  }
  EXPECT_NEAR(total, weight, 0.01 * weight);
  double speed = 0.0;
  for (int k = 0; k < 6; ++k) speed = std::max(speed, std::abs(j.at("v_final")[static_cast<std::size_t>(k)].get<double>()));
  EXPECT_LT(speed, 0.05);  // settling, not falling: the base's rates within 5 cm/s, 0.05 rad/s
}
