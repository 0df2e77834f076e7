// `footfall impact` end to end: the tool run on rod2d and quadruped states, its numbers checked
// against closed forms — the rod2d end striking a frictionless floor at angle θ, P = (1 + e) m v /
// (1 + 3 cos²θ), the rod's velocities after, the energy kept at e = 1 and lost by P (ζ⁻ + ζ⁺)/2
// otherwise, the peak force of an undamped pad v √(k m_eff) at a quarter period — and every bad
// state file giving one line naming the field.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_test_support.hpp"
#include "footfall/host/strike/strike_impact.hpp"

namespace {

using namespace footfall::test;  // run_tool, expect_bad_input, the example states
using nlohmann::json;

constexpr double kPi = 3.14159265358979323846;

// rod2d (m = 1, half-length 1, I = 1/3) at angle θ, its left end (−1, 0, 0) on the floor y = 0,
// translating down at v: q = (0, sin θ, θ), v = (0, −v, 0).
json rod_strike(double theta, double v, double e) {
  return json{{"q", {0.0, std::sin(theta), theta}},
              {"v", {0.0, -v, 0.0}},
              {"contacts", json::array({json{{"body", "rod"},
                                             {"point", {-1, 0, 0}},
                                             {"normal", {0, 1, 0}},
                                             {"mu", 0},
                                             {"restitution", e}}})},
              {"friction", "none"}};
}

json run_json(const std::string& arguments) {
  const ToolRun run = run_tool(arguments + " --json");
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.err, "");
  return run.status == 0 ? json::parse(run.out) : json::object();
}

double at(const json& array, std::size_t k) { return array.at(k).get<double>(); }

}  // namespace

// The rod's end on a frictionless floor: P = (1 + e) v / (1 + 3cos²θ), ζ⁺ = e v, the rod's
// velocities after Δẏ = P / m, Δφ̇ = −L cos θ P / I, and u = Gᵀι = (0, P, −cos θ P).
TEST(Impact, RodEndOnAFrictionlessFloorAgainstTheClosedForm) {
  const double v = 1.3;
  for (double theta : {0.3, kPi / 4, 1.2})
    for (double e : {0.0, 0.6, 1.0})
      for (const char* law : {"newton", "poisson"}) {
        SCOPED_TRACE("theta " + std::to_string(theta) + ", e " + std::to_string(e) + ", " + law);
        json state = rod_strike(theta, v, e);
        state["law"] = law;
        const json out = run_json("impact --model rod2d --state " + write_state(state));
        ASSERT_EQ(out.value("status", ""), "ok");
        EXPECT_EQ(out.at("friction"), "none");
        EXPECT_EQ(out.at("law"), law);
        const double c = std::cos(theta);
        const double p = (1.0 + e) * v / (1.0 + 3.0 * c * c);
        const json& contact = out.at("contacts").at(0);
        EXPECT_NEAR(contact.at("normal_impulse").get<double>(), p, 1e-13 * p);
        EXPECT_NEAR(at(contact.at("impulse"), 0), 0.0, 1e-14);
        EXPECT_NEAR(at(contact.at("impulse"), 1), p, 1e-13 * p);
        EXPECT_NEAR(contact.at("approach_velocity").get<double>(), -v, 1e-14 * v);
        EXPECT_NEAR(contact.at("departure_velocity").get<double>(), e * v, 1e-13 * v);
        EXPECT_EQ(contact.at("state"), "impulse");  // took impulse, with friction left out
        EXPECT_NEAR(at(out.at("v_plus"), 0), 0.0, 1e-14);
        EXPECT_NEAR(at(out.at("v_plus"), 1), -v + p, 1e-13 * v);
        EXPECT_NEAR(at(out.at("v_plus"), 2), -3.0 * c * p, 1e-13 * v);
        EXPECT_NEAR(at(out.at("velocity_change"), 1), p, 1e-13 * v);
        EXPECT_NEAR(at(out.at("joint_impulse"), 1), p, 1e-13 * p);
        EXPECT_NEAR(at(out.at("joint_impulse"), 2), -c * p, 1e-13 * p);
        // Energy: ½ m v² before; the impulse's work P (ζ⁻ + ζ⁺)/2 = −(1 − e) P v / 2; kept at e = 1.
        const double before = out.at("kinetic_energy_before").get<double>();
        const double after = out.at("kinetic_energy_after").get<double>();
        EXPECT_NEAR(before, 0.5 * v * v, 1e-14);
        EXPECT_NEAR(after - before, -(1.0 - e) * p * v / 2.0, 1e-13);
        if (e == 1.0) {
          EXPECT_NEAR(after, before, 1e-13 * before);
        }
        EXPECT_TRUE(out.at("velocity_unique").get<bool>());
        EXPECT_TRUE(out.at("impulse_unique").get<bool>());
        // The planar joint carries the whole impulse along its axes, and no armature: its axis
        // impulses are 0, and what it passes off its axes (moments about x and y, force along z) too.
        ASSERT_EQ(out.at("joint_loads").size(), 1u);
        const json& load = out.at("joint_loads").at(0);
        ASSERT_EQ(load.at("axis_impulse").size(), 3u);
        for (const json& a : load.at("axis_impulse")) EXPECT_NEAR(a.get<double>(), 0.0, 1e-13);
        ASSERT_EQ(load.at("reaction_impulse").size(), 6u);
        for (std::size_t k : {0u, 1u, 5u}) EXPECT_NEAR(at(load.at("reaction_impulse"), k), 0.0, 1e-13);
        EXPECT_FALSE(out.contains("peak"));  // no pads
      }
}

// Sticking friction stops the struck foot in every direction (e = 0); the cone with μ = 0 is the
// frictionless strike.
TEST(Impact, StrikesWithFriction) {
  json state = read_state("quadruped_touchdown.json");
  state["friction"] = "sticking";
  json out = run_json("impact --model quadruped --state " + write_state(state));
  ASSERT_EQ(out.value("status", ""), "ok");
  EXPECT_EQ(out.at("solver"), "enumerate");
  EXPECT_NEAR(out.at("contacts")[0].at("departure_velocity").get<double>(), 0.0, 1e-12);
  EXPECT_NEAR(out.at("contacts")[0].at("slip_after").get<double>(), 0.0, 1e-12);
  EXPECT_LT(out.at("kinetic_energy_after").get<double>(), out.at("kinetic_energy_before").get<double>());

  const double theta = 0.7, v = 1.3;
  state = rod_strike(theta, v, 0.5);
  state["friction"] = "cone";
  out = run_json("impact --model rod2d --state " + write_state(state));
  ASSERT_EQ(out.value("status", ""), "ok");
  const double c = std::cos(theta), p = 1.5 * v / (1.0 + 3.0 * c * c);
  EXPECT_NEAR(out.at("contacts")[0].at("normal_impulse").get<double>(), p, 1e-9 * p);
}

// An undamped linear pad on the rod's end: a spring of stiffness k under the end's effective mass
// m_eff = 1 / (1 + 3cos²θ), met at v: the force peaks at v √(k m_eff) a quarter period after
// touchdown, and the strike lasts half a period, π √(m_eff / k).
TEST(Impact, PadPeakOnTheRodAgainstTheSpringMassClosedForm) {
  const double theta = 0.5, v = 0.8, k = 2.0e4;
  json state = rod_strike(theta, v, 0.0);
  state["contacts"][0]["pad"] = {{"stiffness", k}, {"damping", 0}};
  const json out = run_json("impact --model rod2d --state " + write_state(state));
  ASSERT_EQ(out.value("status", ""), "ok");
  ASSERT_TRUE(out.contains("peak"));
  const json& peak = out.at("peak");
  const double c = std::cos(theta), m_eff = 1.0 / (1.0 + 3.0 * c * c);
  const double force = v * std::sqrt(k * m_eff), half_period = kPi * std::sqrt(m_eff / k);
  ASSERT_EQ(peak.at("contact_forces").size(), 1u);
  EXPECT_NEAR(at(peak.at("contact_forces"), 0), force, 1e-3 * force);
  EXPECT_NEAR(at(peak.at("time_of_peak"), 0), half_period / 2, 1e-2 * half_period);
  EXPECT_NEAR(peak.at("duration").get<double>(), half_period, 1e-2 * half_period);
  EXPECT_GT(peak.at("steps").get<int>(), 0);
  // The peak joint torques are Gᵀ f at the peak: (0, F, −cos θ F) on the planar joint.
  ASSERT_EQ(peak.at("joint_torques").size(), 3u);
  EXPECT_NEAR(at(peak.at("joint_torques"), 1), force, 1e-3 * force);
  EXPECT_NEAR(at(peak.at("joint_torques"), 2), c * force, 1e-3 * force);
}

// The example: the quadruped's right front foot touching down at 0.5 m/s, the other three standing.
TEST(Impact, QuadrupedTouchdownExample) {
  const std::string example = "'" + state_path("quadruped_touchdown.json") + "'";
  const json out = run_json("impact --model quadruped --state " + example);
  ASSERT_EQ(out.value("status", ""), "ok");
  for (const char* key : {"status", "model", "friction", "law", "solver", "work", "work_limit", "contacts", "v_plus",
                          "velocity_change", "joint_impulse", "joint_loads", "kinetic_energy_before",
                          "kinetic_energy_after", "velocity_unique", "impulse_unique", "peak"})
    EXPECT_TRUE(out.contains(key)) << key;
  const json& contacts = out.at("contacts");
  ASSERT_EQ(contacts.size(), 4u);
  for (const json& c : contacts)
    for (const char* key : {"body", "impulse", "normal_impulse", "state", "approach_velocity", "departure_velocity"})
      EXPECT_TRUE(c.contains(key)) << key;
  // The swing leg's joint velocities drive the foot straight down at 0.5 m/s (the example's
  // closed form: thigh −a, calf 2a with a = 0.5 / (2 · 0.2 sin 0.8)); the others stand still.
  EXPECT_NEAR(contacts[0].at("approach_velocity").get<double>(), -0.5, 1e-12);
  for (std::size_t i = 1; i < 4; ++i) EXPECT_NEAR(contacts[i].at("approach_velocity").get<double>(), 0.0, 1e-14);
  // e = 0: the struck foot stops; no foot leaves approaching; the impulses push up.
  EXPECT_NEAR(contacts[0].at("departure_velocity").get<double>(), 0.0, 1e-12);
  EXPECT_GT(contacts[0].at("normal_impulse").get<double>(), 0.0);
  double total_z = 0.0;
  for (const json& c : contacts) {
    EXPECT_GE(c.at("departure_velocity").get<double>(), -1e-12);
    EXPECT_EQ(c.at("normal_impulse").get<double>(), at(c.at("impulse"), 2));  // normal +z
    total_z += at(c.at("impulse"), 2);
  }
  // The trunk (level, at the origin's orientation) takes the sum of the impulses on its vertical
  // row; its free joint passes nothing (no axis of it carries armature).
  EXPECT_NEAR(at(out.at("joint_impulse"), 2), total_z, 1e-12);
  const json& loads = out.at("joint_loads");
  ASSERT_EQ(loads.size(), 13u);
  EXPECT_EQ(loads[0].at("axis_impulse").size(), 6u);
  for (const json& x : loads[0].at("reaction_impulse")) EXPECT_NEAR(x.get<double>(), 0.0, 1e-12);
  for (std::size_t b = 1; b < 13; ++b) EXPECT_EQ(loads[b].at("axis_impulse").size(), 1u);
  EXPECT_LT(out.at("kinetic_energy_after").get<double>(), out.at("kinetic_energy_before").get<double>());
  // Peaks: the struck foot's pad takes the largest force; 18 joint torques.
  const json& peak = out.at("peak");
  ASSERT_EQ(peak.at("contact_forces").size(), 4u);
  EXPECT_GT(at(peak.at("contact_forces"), 0), 0.0);
  EXPECT_GT(peak.at("duration").get<double>(), 0.0);
  EXPECT_EQ(peak.at("joint_torques").size(), 18u);

  // Frictionless, the energy the impulses take is Σ P (ζ⁻ + ζ⁺)/2, and none at e = 1 on a single foot.
  json state = read_state("quadruped_touchdown.json");
  state["friction"] = "none";
  for (json& c : state["contacts"]) c.erase("pad");
  json alone = state;
  alone["contacts"] = json::array({state["contacts"][0]});
  alone["contacts"][0]["restitution"] = 1;
  for (const json& s : {state, alone}) {
    const json r = run_json("impact --model quadruped --state " + write_state(s));
    ASSERT_EQ(r.value("status", ""), "ok");
    double work = 0.0;
    for (const json& c : r.at("contacts"))
      work += c.at("normal_impulse").get<double>() *
              (c.at("approach_velocity").get<double>() + c.at("departure_velocity").get<double>()) / 2.0;
    const double before = r.at("kinetic_energy_before").get<double>();
    EXPECT_NEAR(r.at("kinetic_energy_after").get<double>() - before, work, 1e-12 * before);
    EXPECT_FALSE(r.contains("peak"));
  }
  const json elastic = run_json("impact --model quadruped --state " + write_state(alone));
  EXPECT_NEAR(elastic.at("kinetic_energy_after").get<double>(), elastic.at("kinetic_energy_before").get<double>(),
              1e-12 * elastic.at("kinetic_energy_before").get<double>());
  EXPECT_NEAR(elastic.at("contacts")[0].at("departure_velocity").get<double>(), 0.5, 1e-12);
}

// A `forces` state file serves unchanged: standing still, nothing strikes, no impulse.
TEST(Impact, StandingStateTakesNoImpulse) {
  const json out = run_json("impact --model quadruped --state '" + state_path("quadruped_standing.json") + "'");
  ASSERT_EQ(out.value("status", ""), "ok");
  for (const json& c : out.at("contacts")) {
    EXPECT_EQ(c.at("state"), "no_impulse");
    EXPECT_EQ(c.at("normal_impulse").get<double>(), 0.0);
  }
  EXPECT_EQ(out.at("kinetic_energy_after").get<double>(), 0.0);
}

TEST(Impact, TableAndHelp) {
  const ToolRun run = run_tool("impact --model quadruped --state '" + state_path("quadruped_touchdown.json") + "'");
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.err, "");
  for (const char* text : {"friction cone, law newton, solver", "FR_calf", "-0.5000 -> 0.0000", "kinetic energy",
                           "compliant strike on the pads", "FR_calf_joint", "reaction moment"})
    EXPECT_NE(run.out.find(text), std::string::npos) << text << "\n" << run.out;
  const ToolRun help = run_tool("impact --help");
  EXPECT_EQ(help.status, 0);
  EXPECT_NE(help.out.find("examples/states/quadruped_touchdown.json"), std::string::npos) << help.out;
  EXPECT_NE(run_tool("--help").out.find("impact"), std::string::npos);
}

// Each mistake in an impact state file: exit 1, nothing on stdout, one line naming the field.
TEST(Impact, BadStateIsOneLineOnStderrAndNothingElse) {
  const json good = read_state("quadruped_touchdown.json");
  const footfall::test::BadState cases[] = {
      {[](json& s) { s["friction"] = "coulomb"; },
       "friction: 'coulomb' is not one of none, sticking, pyramid4, pyramid8, cone"},
      {[](json& s) { s["law"] = "elastic"; }, "law: 'elastic' is not one of newton, poisson"},
      {[](json& s) { s["contacts"][0]["pad"]["stiffness"] = -1; }, "contacts[0].pad.stiffness: not positive"},
      {[](json& s) { s["contacts"][2]["pad"]["damping"] = -0.5; }, "contacts[2].pad.damping: negative"},
      {[](json& s) { s["contacts"][1]["pad"].erase("damping"); }, "contacts[1].pad.damping: missing"},
      {[](json& s) { s["contacts"][1]["pad"]["law"] = "hertz"; },
       "contacts[1].pad.law: 'hertz' is not one of linear, hunt_crossley"},
      {[](json& s) { s["contacts"][1]["pad"]["exponent"] = 1.5; }, "contacts[1].pad.exponent: only a hunt_crossley pad"},
      {[](json& s) {
         s["contacts"][1]["pad"]["law"] = "hunt_crossley";
         s["contacts"][1]["pad"]["exponent"] = 4;
       },
       "contacts[1].pad.exponent: not in [1, 3]"},
      {[](json& s) { s["contacts"][1]["pad"]["colour"] = 1; }, "contacts[1].pad.colour: not a key of a pad"},
      {[](json& s) { s["contacts"][3]["restitution"] = 2; }, "contacts[3].restitution: not in [0, 1]"},
      {[](json& s) { s["contacts"][1].erase("normal"); }, "contacts[1].normal: missing"},
      {[](json& s) { s.erase("v"); }, "v: missing"},
      {[](json& s) { s["v"].erase(0); }, "v: has 17 numbers, needs 18 (nv of quadruped)"},
      // Finite, but ½ vᵀHv overflows: once refused nowhere, and reported "ok" with infinite energies.
      {[](json& s) { s["v"][7] = 1e200; }, "v: too large: the kinetic energy overflows double"},
      {[](json& s) { s["tau"] = {1, 2}; }, "tau: has 2 numbers, needs 18"},
      {[](json& s) { s["solver"] = "lemke"; }, "solver: 'lemke' does not solve the cone friction model"},
      {[](json& s) {
         s["friction"] = "sticking";
         s["solver"] = "pgs";
       },
       "solver: 'pgs' does not solve sticking friction"},
      {[](json& s) {
         s["friction"] = "pyramid4";
         s["solver"] = "enumerate";
       },
       "solver: 'enumerate' solves only friction none or sticking"},
      {[](json& s) { s["restitution_law"] = "newton"; }, "restitution_law: not a key of a state file"},
      // The core's: a standing foot (it touches, so it takes part) without a pad beside padded ones.
      {[](json& s) { s["contacts"][2].erase("pad"); },
       "contacts[2].pad: missing: when any contact that strikes or touches has a pad, every one needs one"},
  };
  footfall::test::expect_bad_states("impact --model quadruped --state ", good, cases);
  expect_bad_input("impact --model quadruped", "--state");
  expect_bad_input("impact --model quadruped --state /nonexistent/touchdown.json",
                   "/nonexistent/touchdown.json: cannot open file");
  expect_bad_input("impact --model rod2d --state '" + state_path("quadruped_touchdown.json") + "'",
                   "q: has 19 numbers, needs 3 (nq of rod2d)");
}

// The table's words for what the numbers alone would hide: a contact that took impulse with
// friction left out is "impulse" (the core's kSticking says friction played no part), and
// kinetic energy the strike gave is called gained; with friction it is "sticking", and energy
// kept or lost is not remarked on.
TEST(Impact, TableNamesFrictionlessImpulseAndEnergyGained) {
  footfall::host::ImpactReport report;
  report.model = "rod2d";
  report.friction = footfall::StrikeFriction::kNone;
  report.law = footfall::RestitutionLaw::kNewton;
  footfall::host::ContactImpulse contact;
  contact.body = "rod";
  contact.state = footfall::StrikeState::kSticking;
  report.contacts.push_back(contact);
  report.kinetic_energy_before = 1.0;
  report.kinetic_energy_after = 1.5;
  std::string table = footfall::host::impact_table(report);
  EXPECT_NE(table.find(" impulse "), std::string::npos) << table;
  EXPECT_EQ(table.find("sticking"), std::string::npos) << table;
  EXPECT_NE(table.find("1.5 J (gained"), std::string::npos) << table;
  EXPECT_EQ(json::parse(footfall::host::impact_json(report)).at("contacts").at(0).at("state"), "impulse");

  report.friction = footfall::StrikeFriction::kCone;
  report.kinetic_energy_after = 1.0;  // kept, as e = 1 on one contact keeps it
  table = footfall::host::impact_table(report);
  EXPECT_NE(table.find("sticking"), std::string::npos) << table;
  EXPECT_EQ(table.find("gained"), std::string::npos) << table;
}

namespace {

// The quadruped example, its v scaled by `scale`, written to a file of this test's own.
std::string touchdown_scaled(double scale, const std::string& tag) {
  json state = read_state("quadruped_touchdown.json");
  for (json& x : state["v"]) x = x.get<double>() * scale;
  return write_state(state, tag);
}

// |f| of contact i's force at its peak.
double peak_force_magnitude(const json& out, std::size_t i) {
  const json& f = out.at("peak").at("force_at_peak").at(i);
  return std::sqrt(at(f, 0) * at(f, 0) + at(f, 1) * at(f, 1) + at(f, 2) * at(f, 2));
}

// The binding load's peak in a report: the DOF's peak torque or the contact's |force|.
double binding_peak(const json& out, const json& safe) {
  const std::size_t k = safe.at("index").get<std::size_t>();
  return safe.at("bound") == "joint_torque" ? at(out.at("peak").at("joint_torques"), k) : peak_force_magnitude(out, k);
}

}  // namespace

// The peak prediction says which method ran and what it cost: exact on the example's linear pads,
// RK4 on Hunt–Crossley ones, with its steps, their length, and the host time of the solve with the
// prediction and without it.
TEST(Impact, PeakMethodAndCostArePrinted) {
  const json linear = run_json("impact --model quadruped --state '" + state_path("quadruped_touchdown.json") + "'");
  ASSERT_EQ(linear.value("status", ""), "ok");
  json state = read_state("quadruped_touchdown.json");
  for (json& c : state["contacts"]) c["pad"]["law"] = "hunt_crossley";
  const json hunt = run_json("impact --model quadruped --state " + write_state(state));
  ASSERT_EQ(hunt.value("status", ""), "ok");
  for (const auto& [out, method] : {std::pair<json, const char*>{linear, "exact"}, {hunt, "rk4"}}) {
    const json& peak = out.at("peak");
    EXPECT_EQ(peak.at("method"), method);
    EXPECT_GT(peak.at("steps").get<int>(), 0);
    EXPECT_GT(peak.at("step").get<double>(), 0.0);
    EXPECT_FALSE(out.contains("safe_touchdown"));           // no limits given
  }
  const ToolRun table = run_tool("impact --model quadruped --state '" + state_path("quadruped_touchdown.json") + "'");
  ASSERT_EQ(table.status, 0) << table.err;
  for (const char* text : {"compliant strike on the pads: ", " steps of ", " ms (exact)\n"})
    EXPECT_NE(table.out.find(text), std::string::npos) << text << "\n" << table.out;
  EXPECT_EQ(table.out.find("safe touchdown"), std::string::npos) << table.out;
  EXPECT_NE(run_tool("impact --model quadruped --state " + write_state(state)).out.find(" ms (rk4)\n"), std::string::npos);
}

// The safe touchdown speed on the example (the FR foot at 0.5 m/s, linear pads): against the
// A1's 33.5 N m drives the FR calf binds, against a 300 N foot force the struck foot. Rerun with
// v scaled by the margin, the binding load's peak is its limit and the margin is 1: the strike is
// homogeneous in v and the linear pads' peaks linear in it (strike/safe_touchdown.hpp).
TEST(Impact, SafeTouchdownSpeedReachesTheLimitWhenRerunAtIt) {
  const std::string example = "'" + state_path("quadruped_touchdown.json") + "'";
  struct Case {
    std::string limits, bound, name;
    std::size_t index;
    double limit;
  };
  const Case cases[] = {
      {"--torque-limits 33.5", "joint_torque", "FR_calf_joint", 8, 33.5},
      {"--force-limit 300", "foot_force", "FR_calf", 0, 300.0},
      // Both: the tighter of the two binds (the calf's 5.64 N m peak is 33.5/5.94; the foot's 55.5 N 60/1.08).
      {"--torque-limits 33.5 --force-limit 60", "foot_force", "FR_calf", 0, 60.0},
      // One per actuated joint, in the table's order: FR hip, thigh, calf, FL ..., the FR thigh's 3 binds.
      {"--torque-limits 33.5,3,33.5,33.5,33.5,33.5,33.5,33.5,33.5,33.5,33.5,33.5", "joint_torque", "FR_thigh_joint", 7,
       3.0},
      // One per contact, in the state's order: RL's small peak under a 1 N limit binds.
      {"--force-limit inf,inf,inf,1", "foot_force", "RL_calf", 3, 1.0},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.limits);
    const json out = run_json("impact --model quadruped --state " + example + " " + c.limits);
    ASSERT_EQ(out.value("status", ""), "ok");
    ASSERT_TRUE(out.contains("safe_touchdown"));
    const json& safe = out.at("safe_touchdown");
    EXPECT_EQ(safe.at("bound"), c.bound);
    EXPECT_EQ(safe.at("name"), c.name);
    ASSERT_EQ(safe.at("index").get<std::size_t>(), c.index);
    EXPECT_EQ(safe.at("limit").get<double>(), c.limit);
    EXPECT_NEAR(safe.at("planned_speed").get<double>(), 0.5, 1e-12);
    const double margin = safe.at("margin").get<double>(), peak = binding_peak(out, safe);
    EXPECT_NEAR(safe.at("peak").get<double>(), peak, 1e-14 * peak);
    EXPECT_NEAR(margin, c.limit / peak, 1e-14 * margin);
    EXPECT_NEAR(safe.at("speed").get<double>(), 0.5 * margin, 1e-12 * margin);
    EXPECT_FALSE(safe.at("bound_of_current_set").get<bool>());
    ASSERT_EQ(safe.at("joint_torque_limits").size(), 18u);
    for (std::size_t k = 0; k < 6; ++k) EXPECT_TRUE(safe.at("joint_torque_limits").at(k).is_null()) << k;  // the base: +inf
    ASSERT_EQ(safe.at("foot_force_limits").size(), 4u);

    const json rerun = run_json("impact --model quadruped --state " + touchdown_scaled(margin, "scaled.json") + " " +
                                c.limits);
    ASSERT_EQ(rerun.value("status", ""), "ok");
    EXPECT_NEAR(binding_peak(rerun, safe), c.limit, 1e-9 * c.limit);
    const json& again = rerun.at("safe_touchdown");
    EXPECT_EQ(again.at("name"), c.name);
    EXPECT_NEAR(again.at("margin").get<double>(), 1.0, 1e-9);
    EXPECT_NEAR(again.at("planned_speed").get<double>(), 0.5 * margin, 1e-9 * margin);
  }

  const ToolRun table = run_tool("impact --model quadruped --state " + example + " --torque-limits 33.5");
  ASSERT_EQ(table.status, 0) << table.err;
  EXPECT_EQ(table.err, "");
  for (const char* text : {"safe touchdown speed: 2.97126 m/s, planned 0.5 m/s (margin 5.94252): FR_calf_joint's "
                           "peak torque reaches its limit 33.5 N m (5.63734 N m at the planned speed)",
                           "peak torque         limit", "33.5  binds"})
    EXPECT_NE(table.out.find(text), std::string::npos) << text << "\n" << table.out;
  EXPECT_EQ(table.out.find("the bound of the current set"), std::string::npos) << table.out;
  const ToolRun foot = run_tool("impact --model quadruped --state " + example + " --force-limit 300");
  EXPECT_NE(foot.out.find("contact 0 (FR_calf)'s peak force reaches its limit 300 N"), std::string::npos) << foot.out;
  EXPECT_NE(run_tool("impact --help").out.find("--torque-limits"), std::string::npos);
}

// The feet standing beside the struck one leave at 1e-8 m/s, under the participation threshold
// (√ε ≈ 1.5e-8 m/s): they take part, but from 0.5 · 1.5 = 0.745 m/s on they would not, so the
// 2.97 m/s bound is the current set's, and the answer says so.
TEST(Impact, SafeTouchdownBeyondTheSetsSpeedsSaysSo) {
  json state = read_state("quadruped_touchdown.json");
  state["v"][2] = 1e-8;  // the trunk rising
  const std::string path = write_state(state);
  const json out = run_json("impact --model quadruped --state " + path + " --torque-limits 33.5");
  ASSERT_EQ(out.value("status", ""), "ok");
  const json& safe = out.at("safe_touchdown");
  EXPECT_TRUE(safe.at("bound_of_current_set").get<bool>());
  EXPECT_LT(safe.at("set_to").get<double>(), safe.at("speed").get<double>());
  EXPECT_NEAR(safe.at("set_to").get<double>(), 0.5 * std::sqrt(2.220446049250313e-16) / 1e-8, 1e-3);
  const ToolRun table = run_tool("impact --model quadruped --state " + path + " --torque-limits 33.5");
  EXPECT_NE(table.out.find("m/s, the speeds at which the same contacts take part: the bound of the current set of "
                           "contacts, not necessarily the touchdown's"),
            std::string::npos)
      << table.out;
}

// Each mistake in the limits: exit 1, nothing on stdout, one line naming the option, as a table
// and as JSON.
TEST(Impact, BadLimitsExitOneWithOneLineNamingTheOption) {
  const std::string example = "impact --model quadruped --state '" + state_path("quadruped_touchdown.json") + "' ";
  json hunt = read_state("quadruped_touchdown.json");
  hunt["contacts"][2]["pad"]["law"] = "hunt_crossley";
  json rigid = read_state("quadruped_touchdown.json");
  for (json& c : rigid["contacts"]) c.erase("pad");
  json padded_rod = rod_strike(0.5, 1.0, 0.0);
  padded_rod["contacts"][0]["pad"] = {{"stiffness", 1e4}, {"damping", 0}};
  const std::string rod = write_state(padded_rod, "rod.json");
  const std::pair<std::string, std::string> cases[] = {
      {example + "--torque-limits -1", "--torque-limits: negative (-1)"},
      {example + "--torque-limits nan", "--torque-limits: NaN is not a limit"},
      {example + "--torque-limits abc", "--torque-limits: 'abc' is not a number"},
      {example + "--torque-limits 33.5,33.5,x", "--torque-limits[2]: 'x' is not a number"},
      {example + "--torque-limits 33.5,,33.5", "--torque-limits[1]: empty"},
      {example + "--torque-limits ''", "--torque-limits: empty"},
      {example + "--force-limit -5", "--force-limit: negative (-5)"},
      {example + "--force-limit NaN", "--force-limit: NaN is not a limit"},
      {example + "--force-limit 100N", "--force-limit: '100N' is not a number"},
      {example + "--force-limit 1e999", "--force-limit: '1e999' is out of double's range"},
      {example + "--torque-limits 1,2,3",
       "--torque-limits: has 3 numbers, needs 1 or 12 (one per actuated joint of quadruped, FR_hip_joint to "
       "RL_calf_joint)"},
      {example + "--torque-limits 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18", "--torque-limits: has 18 numbers, needs 1 or 12"},
      {example + "--force-limit 100,100", "--force-limit: has 2 numbers, needs 1 or 4 (one per contact point of"},
      {"impact --model quadruped --state " + write_state(hunt, "hunt.json") + " --torque-limits 33.5",
       "--torque-limits: the safe touchdown speed needs linear pads, and contact 2 (RR_calf) of"},
      {"impact --model quadruped --state " + write_state(hunt, "hunt.json") + " --force-limit 100",
       "has a hunt_crossley pad, whose peaks are not linear in the speed"},
      {"impact --model quadruped --state " + write_state(rigid, "rigid.json") + " --force-limit 100",
       "--force-limit: the safe touchdown speed needs the peak loads, and no contact of"},
      {"impact --model quadruped --state '" + state_path("quadruped_standing.json") + "' --torque-limits 33.5",
       "quadruped_standing.json has a pad"},
      {"impact --model rod2d --state " + rod + " --torque-limits 3", "--torque-limits: rod2d has no actuated joint"},
  };
  for (const auto& [arguments, mentions] : cases)
    for (const char* json_flag : {"", " --json"}) {
      const std::string command = arguments + json_flag;
      const ToolRun r = run_tool(command);
      EXPECT_EQ(r.status, 1) << command;
      EXPECT_EQ(r.out, "") << command;
      footfall::test::expect_one_error_line(r, command, mentions);
    }
  // The rod has no actuated joint, but a foot force limit is its own.
  const json out = run_json("impact --model rod2d --state " + rod + " --force-limit 50");
  ASSERT_EQ(out.value("status", ""), "ok");
  EXPECT_EQ(out.at("safe_touchdown").at("bound"), "foot_force");
  // Without a value the command line does not parse: exit 2.
  EXPECT_EQ(run_tool(example + "--torque-limits").status, 2);
}
