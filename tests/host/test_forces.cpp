// `footfall forces` end to end: the example states solved by the tool against the core's own
// solve_stance() on the same inputs (every number to 1e-12 relative) and against closed forms
// (the standing quadruped's normal forces sum to its weight, an upright rod's single contact
// carries m g); problems with no answer give their status and exit 3; every bad state file gives
// one line naming the field.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_test_support.hpp"
#include "footfall/dynamics.hpp"
#include "footfall/host/model/builtin_models.hpp"
#include "footfall/host/stance/stance_forces.hpp"
#include "footfall/host/stance/stance_state.hpp"
#include "footfall/models.hpp"
#include "footfall/stance.hpp"

namespace {

using footfall::test::expect_bad_input;
using footfall::test::read_state;
using footfall::test::read_text;
using footfall::test::run_tool;
using footfall::test::state_path;
using footfall::test::write_state;
using footfall::test::ToolRun;
using nlohmann::json;
constexpr int K = footfall::host::kMaxStateContacts;

std::string write_text(const std::string& text) {
  const std::string path = footfall::test::test_file_name("raw.json");
  std::ofstream(path, std::ios::binary) << text;
  return "'" + path + "'";
}

// The core run directly on a state file's numbers, read here with nlohmann alone (not with the
// tool's parser): forward kinematics, H, its factor, C, then solve_stance().
template <int B, int D>
struct Reference {
  footfall::Model<double, B, D> model;
  footfall::Workspace<double, B, D> ws;
  footfall::ContactSet<double, K> contacts;
  footfall::StanceWorkspace<double, D, K> stance;
  footfall::StanceResult<double, D, K> result;
  footfall::Status status;
};

template <int B, int D, typename Build>
std::unique_ptr<Reference<B, D>> solve_reference(const json& state, Build build) {
  using namespace footfall;
  auto ref = std::make_unique<Reference<B, D>>();
  EXPECT_TRUE(build(&ref->model).ok());
  const int nq = ref->model.nq(), nv = ref->model.nv();
  typename Model<double, B, D>::ConfigVector q(nq);
  typename Model<double, B, D>::TangentVector v(nv), tau(nv);
  for (int k = 0; k < nq; ++k) q(k) = state.at("q").at(static_cast<std::size_t>(k)).get<double>();
  for (int k = 0; k < nv; ++k) {
    v(k) = state.at("v").at(static_cast<std::size_t>(k)).get<double>();
    tau(k) = state.at("tau").at(static_cast<std::size_t>(k)).get<double>();
  }
  const Vector3<double> gravity(state.at("gravity")[0].get<double>(), state.at("gravity")[1].get<double>(),
                                state.at("gravity")[2].get<double>());
  EXPECT_TRUE(compute_tick_terms(ref->model, ref->ws, q, v, gravity).ok());
  auto vec3 = [](const json& j) { return Vector3<double>(j[0].get<double>(), j[1].get<double>(), j[2].get<double>()); };
  for (const json& c : state.at("contacts"))
    EXPECT_TRUE(ref->contacts
                    .add(Contact<double>::Ground(ref->model.find_body(c.at("body").get<std::string>().c_str()),
                                                 vec3(c.at("point")), vec3(c.at("normal")), c.at("mu").get<double>()))
                    .ok());
  StanceOptions<double> options;
  const std::string friction = state.value("friction", "cone"), solver = state.value("solver", "auto");
  for (FrictionModel f : {FrictionModel::kNone, FrictionModel::kPyramid4, FrictionModel::kPyramid8, FrictionModel::kCone})
    if (friction == to_string(f)) options.friction = f;
  for (StanceSolver s : {StanceSolver::kAuto, StanceSolver::kLemke, StanceSolver::kEnumeration, StanceSolver::kPgs})
    if (solver == to_string(s)) options.solver = s;
  options.warm_start = false;
  ref->status = solve_stance(ref->model, ref->ws, ref->contacts, tau, options, ref->stance, ref->result);
  return ref;
}

void expect_close(double tool, double reference, double scale, const std::string& what) {
  EXPECT_LE(std::abs(tool - reference), 1e-12 * std::max(std::abs(reference), scale))
      << what << ": tool " << tool << ", library " << reference;
}

// Every number of `forces --json` against the library's result.
template <int B, int D>
void expect_matches_library(const json& out, const Reference<B, D>& ref, double force_scale) {
  using namespace footfall;
  ASSERT_TRUE(ref.status.ok());
  const auto& r = ref.result;
  EXPECT_EQ(out.at("status"), "ok");
  EXPECT_EQ(out.at("friction"), to_string(r.friction));
  EXPECT_EQ(out.at("solver"), to_string(r.solver));
  EXPECT_EQ(out.at("work").get<int>(), r.work);
  EXPECT_EQ(out.at("work_limit").get<int>(), r.work_limit);
  // The tool builds the model from its RobotDescription (mass, centre of mass, inertia about it),
  // the library test from the built-in builder: the same model to rounding, so the residuals,
  // which are rounding themselves, agree in size only.
  expect_close(out.at("residual").get<double>(), r.residual, 1.0, "residual");
  expect_close(out.at("equation_residual").get<double>(), r.equation_residual, 1.0, "equation_residual");
  const json& contacts = out.at("contacts");
  ASSERT_EQ(contacts.size(), static_cast<std::size_t>(ref.contacts.count));
  for (int i = 0; i < ref.contacts.count; ++i) {
    const json& c = contacts[static_cast<std::size_t>(i)];
    const std::string at = "contacts[" + std::to_string(i) + "]";
    EXPECT_EQ(c.at("body").get<std::string>(), ref.model.body_name(ref.contacts[i].body));
    for (int k = 0; k < 3; ++k) {
      expect_close(c.at("force")[static_cast<std::size_t>(k)].get<double>(), r.force[i](k), force_scale, at + ".force");
      expect_close(c.at("position")[static_cast<std::size_t>(k)].get<double>(), ref.stance.contact.position[i](k), 1.0,
                   at + ".position");
    }
    expect_close(c.at("normal_force").get<double>(), r.normal_force[i], force_scale, at + ".normal_force");
    EXPECT_EQ(c.at("state").get<std::string>(), to_string(r.state[i])) << at;
  }
  const int nv = ref.model.nv();
  ASSERT_EQ(out.at("qdd").size(), static_cast<std::size_t>(nv));
  ASSERT_EQ(out.at("tau_contact").size(), static_cast<std::size_t>(nv));
  for (int k = 0; k < nv; ++k) {
    expect_close(out.at("qdd")[static_cast<std::size_t>(k)].get<double>(), r.qdd(k), 9.81, "qdd");
    expect_close(out.at("tau_contact")[static_cast<std::size_t>(k)].get<double>(), r.tau_contact(k), force_scale,
                 "tau_contact");
  }
}

const char* const kFrictionModels[] = {"none", "pyramid4", "pyramid8", "cone"};

}  // namespace

// The example state: the quadruped standing on four feet with torques that hold it still. For
// each friction model, the tool's numbers are the library's, the normal forces sum to the weight
// and nothing accelerates.
TEST(Forces, StandingQuadrupedAgainstTheLibraryAndItsWeight) {
  auto model = std::make_unique<footfall::QuadrupedModel<double>>();
  ASSERT_TRUE(footfall::build_quadruped_model(model.get()).ok());
  const double weight = model->total_mass() * 9.81;
  for (const char* friction : kFrictionModels) {
    SCOPED_TRACE(friction);
    json state = read_state("quadruped_standing.json");
    state["friction"] = friction;
    const std::string path = std::string(friction) == "cone" ? "'" + state_path("quadruped_standing.json") + "'"
                                                             : write_state(state);
    const ToolRun run = run_tool("forces --model quadruped --state " + path + " --json");
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(run.err, "");
    const json out = json::parse(run.out);
    const auto ref = solve_reference<13, 18>(state, [](auto* m) { return footfall::build_quadruped_model(m); });
    expect_matches_library(out, *ref, weight);

    double total = 0.0;
    for (const json& c : out.at("contacts")) {
      total += c.at("normal_force").get<double>();
      EXPECT_EQ(c.at("normal_force").get<double>(), c.at("force")[2].get<double>());
      EXPECT_EQ(c.at("state"), "sticking");
      EXPECT_GT(c.at("normal_force").get<double>(), 0.2 * weight);
    }
    EXPECT_NEAR(total, weight, 1e-12 * weight);
    EXPECT_NEAR(out.at("total_normal_force").get<double>(), weight, 1e-12 * weight);
    for (const json& a : out.at("qdd")) EXPECT_NEAR(a.get<double>(), 0.0, 1e-9);
    // The base's vertical row of τ_c carries the weight (base frame = world frame here).
    EXPECT_NEAR(out.at("tau_contact")[2].get<double>(), weight, 1e-12 * weight);
  }
}

// rod2d upright on one end: the single point contact carries m g, straight up, in every model.
TEST(Forces, UprightRodCarriesItsWeightOnOnePoint) {
  for (const char* friction : kFrictionModels) {
    SCOPED_TRACE(friction);
    json state = read_state("rod2d_standing.json");
    state["friction"] = friction;
    const ToolRun run = run_tool("forces --model rod2d --state " + write_state(state) + " --json");
    ASSERT_EQ(run.status, 0) << run.err;
    const json out = json::parse(run.out);
    const auto ref = solve_reference<1, 3>(state, [](auto* m) { return footfall::build_rod2d_model(m); });
    expect_matches_library(out, *ref, 9.81);
    ASSERT_EQ(out.at("contacts").size(), 1u);
    const json& c = out.at("contacts")[0];
    EXPECT_NEAR(c.at("normal_force").get<double>(), 1.0 * 9.81, 1e-12 * 9.81);
    EXPECT_NEAR(c.at("force")[1].get<double>(), 9.81, 1e-12 * 9.81);
    EXPECT_NEAR(c.at("force")[0].get<double>(), 0.0, 1e-12 * 9.81);
    EXPECT_EQ(c.at("state"), "sticking");
  }
  // The example file as it is, defaults included.
  const ToolRun run = run_tool("forces --model rod2d --state '" + state_path("rod2d_standing.json") + "' --json");
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NEAR(json::parse(run.out).at("contacts")[0].at("normal_force").get<double>(), 9.81, 1e-12 * 9.81);
}

TEST(Forces, TableOfTheStandingQuadruped) {
  const ToolRun run = run_tool("forces --model quadruped --state '" + state_path("quadruped_standing.json") + "'");
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.err, "");
  EXPECT_NE(run.out.find("friction cone"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("RL_calf  sticking"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("total normal force 134.789 N (weight m|g| = 134.789 N)"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("FR_calf_joint"), std::string::npos) << run.out;
}

// Valid input, no answer: Painlevé's rod. Its status on stdout, one line on stderr, exit 3.
TEST(Forces, PainleveRodReportsInconsistentFriction) {
  const std::string state = "'" + state_path("rod2d_painleve.json") + "'";
  const ToolRun run = run_tool("forces --model rod2d --state " + state + " --json");
  EXPECT_EQ(run.status, 3);
  const json out = json::parse(run.out);
  EXPECT_EQ(out.at("status"), "inconsistent friction");
  EXPECT_EQ(out.at("status_field"), "stance.sliding");
  EXPECT_EQ(out.at("status_index").get<int>(), 0);
  EXPECT_FALSE(out.contains("contacts"));  // no forces from a problem without an answer
  footfall::test::expect_one_error_line(run, state, "inconsistent friction at contacts[0]");
  for (const char* friction : {"pyramid4", "pyramid8"}) {
    json s = read_state("rod2d_painleve.json");
    s["friction"] = friction;
    const ToolRun table = run_tool("forces --model rod2d --state " + write_state(s));
    EXPECT_EQ(table.status, 3) << friction;
    EXPECT_NE(table.out.find("inconsistent friction"), std::string::npos) << table.out;
  }
  // With μ below 4/3 the same rod has an answer: λ = g / (1 + 3cos²φ − 3μ sinφ cosφ).
  json s = read_state("rod2d_painleve.json");
  s["contacts"][0]["mu"] = 0.3;
  const ToolRun solved = run_tool("forces --model rod2d --state " + write_state(s) + " --json");
  ASSERT_EQ(solved.status, 0) << solved.err;
  const double phi = std::atan(2.0), mu = 0.3;
  const double lambda = 9.81 / (1.0 + 3.0 * std::cos(phi) * std::cos(phi) - 3.0 * mu * std::sin(phi) * std::cos(phi));
  const json c = json::parse(solved.out).at("contacts")[0];
  EXPECT_NEAR(c.at("normal_force").get<double>(), lambda, 1e-9 * lambda);
  EXPECT_EQ(c.at("state"), "sliding");
}

TEST(Forces, IterationLimitsAreReported) {
  json state = read_state("quadruped_standing.json");
  state["friction"] = "none";
  state["solver"] = "pgs";
  state["max_sweeps"] = 1;
  ToolRun run = run_tool("forces --model quadruped --state " + write_state(state) + " --json");
  EXPECT_EQ(run.status, 3);
  json out = json::parse(run.out);
  EXPECT_EQ(out.at("status"), "iteration limit");
  EXPECT_EQ(out.at("status_field"), "pgs.max_sweeps");
  EXPECT_EQ(out.at("work_limit").get<int>(), 1);
  footfall::test::expect_one_error_line(run, "pgs", "iteration limit");

  state = read_state("quadruped_standing.json");
  state["friction"] = "pyramid4";
  state["solver"] = "lemke";
  state["max_pivots"] = 1;
  run = run_tool("forces --model quadruped --state " + write_state(state) + " --json");
  EXPECT_EQ(run.status, 3);
  out = json::parse(run.out);
  EXPECT_EQ(out.at("status"), "iteration limit");
  EXPECT_EQ(out.at("status_field"), "lemke.max_pivots");

  // A limit written as a JSON float is read when it is whole: 1.0 is the limit of one sweep that
  // runs out, and 1e6, the largest allowed, is read too.
  state = read_state("quadruped_standing.json");
  state["friction"] = "none";
  state["solver"] = "pgs";
  state["max_sweeps"] = 1.0;
  run = run_tool("forces --model quadruped --state " + write_state(state) + " --json");
  EXPECT_EQ(run.status, 3) << run.err;
  EXPECT_EQ(json::parse(run.out).at("work_limit").get<int>(), 1);
  state["max_sweeps"] = 1e6;
  EXPECT_EQ(run_tool("forces --model quadruped --state " + write_state(state) + " --json").status, 0);
}

// Each mistake in a state file: exit 1, nothing on stdout, one line naming the file's field.
TEST(Forces, BadStateIsOneLineOnStderrAndNothingElse) {
  const json good = read_state("quadruped_standing.json");
  const footfall::test::BadState cases[] = {
      {[](json& s) { s["contacts"][2]["normal"] = {0, 0.2, 1}; }, "contacts[2].normal: not of unit length"},
      {[](json& s) { s["contacts"][2]["normal"] = {0, 0, 1, 0}; }, "contacts[2].normal: has 4 numbers, needs 3"},
      {[](json& s) { s["contacts"][1]["mu"] = -0.1; }, "contacts[1].mu: negative"},
      {[](json& s) { s["contacts"][1]["mu"] = "high"; }, "contacts[1].mu: not a number"},
      {[](json& s) { s["contacts"][3]["restitution"] = 1.5; }, "contacts[3].restitution: not in [0, 1]"},
      {[](json& s) { s["contacts"][3]["restitution"] = -0.5; }, "contacts[3].restitution: not in [0, 1]"},
      {[](json& s) { s["contacts"][0]["body"] = "FR_foot"; }, "contacts[0].body: no body 'FR_foot' in quadruped"},
      {[](json& s) { s["contacts"][0]["body"] = "FR\nfoot"; }, "contacts[0].body: no body 'FR\\nfoot' in quadruped"},
      {[](json& s) { s["contacts"][0]["body"] = 3; }, "contacts[0].body: not a string"},
      {[](json& s) { s["contacts"][0].erase("point"); }, "contacts[0].point: missing"},
      {[](json& s) { s["contacts"][0]["point"] = {0, nullptr, 0}; }, "contacts[0].point[1]: not a number"},
      {[](json& s) { s["contacts"][0]["colour"] = "red"; }, "contacts[0].colour: not a key of a contact"},
      {[](json& s) { s["contacts"][0]["other_body"] = "trunk"; }, "contacts[0].other_point: missing"},
      {[](json& s) { s["contacts"][0]["other_point"] = {0, 0, 0}; }, "contacts[0].other_body: missing"},
      {[](json& s) {
         s["contacts"][0]["other_body"] = "FR_calf";
         s["contacts"][0]["other_point"] = {0, 0, 0};
       },
       "contacts[0].other_body: the same body as body"},
      {[](json& s) { s["contacts"][0]["pad"] = {{"stiffness", -1}, {"damping", 0}}; }, "contacts[0].pad.stiffness"},
      {[](json& s) { s["contacts"][0]["curvature"] = "flat"; }, "contacts[0].curvature: not a number"},
      {[](json& s) { s["contacts"] = json::array({s["contacts"][0], s["contacts"][1], s["contacts"][2], s["contacts"][3],
                                                  s["contacts"][0], s["contacts"][1], s["contacts"][2], s["contacts"][3],
                                                  s["contacts"][0], s["contacts"][1], s["contacts"][2], s["contacts"][3],
                                                  s["contacts"][0]}); },
       "contacts: 13 contacts exceed the tool's capacity of 12"},
      {[](json& s) { s["contacts"] = {{"body", "trunk"}}; }, "contacts: not an array"},
      {[](json& s) { s.erase("contacts"); }, "contacts: missing"},
      {[](json& s) { s["q"].erase(0); }, "q: has 18 numbers, needs 19 (nq of quadruped)"},
      {[](json& s) { s["v"][3] = "nan"; }, "v[3]: not a number"},
      {[](json& s) { s["tau"] = 0; }, "tau: not an array of 18 numbers"},
      {[](json& s) { s["q"][6] = 2; }, "q[3..6]: the quaternion (x, y, z, w) of body 'trunk' is not of unit length"},
      {[](json& s) { s["v"][8] = 1e200; }, "v: too large: the Coriolis and centrifugal forces C(q, v) overflow double"},
      {[](json& s) { s["q"][0] = 1e300; },
       "q[0]: the position of body 'trunk' is 1e+300 m, beyond the 6.71089e+07 m that double resolves"},
      {[](json& s) { s["gravity"] = {0, -9.81}; }, "gravity: has 2 numbers, needs 3"},
      {[](json& s) { s["grvity"] = {0, 0, -9.81}; }, "grvity: not a key of a state file"},
      {[](json& s) { s["g\nravity"] = {0, 0, -9.81}; }, "g\\nravity: not a key of a state file"},
      {[](json& s) { s["friction"] = "cone\r"; }, "friction: 'cone\\r' is not one of"},
      {[](json& s) { s["friction"] = "coulomb"; }, "friction: 'coulomb' is not one of none, pyramid4, pyramid8, cone"},
      {[](json& s) { s["solver"] = "newton"; }, "solver: 'newton' is not one of auto, lemke, enumerate, pgs"},
      {[](json& s) { s["solver"] = "lemke"; }, "solver: 'lemke' does not solve the cone friction model"},
      {[](json& s) { s["solver"] = "enumerate"; }, "solver: 'enumerate' solves only the frictionless problem"},
      {[](json& s) {
         s["solver"] = "pgs";
         s["friction"] = "pyramid8";
       },
       "solver: 'pgs' does not solve the pyramid friction models"},
      {[](json& s) { s["max_sweeps"] = 0; }, "max_sweeps: not in 1..1000000"},
      {[](json& s) { s["max_sweeps"] = 2.5; }, "max_sweeps: not a whole number"},
      {[](json& s) { s["max_sweeps"] = 1e7; }, "max_sweeps: not in 1..1000000"},  // whole, but too many
      {[](json& s) { s["max_sweeps"] = 1e20; }, "max_sweeps: not in 1..1000000"},
      // The refused value is quoted to the digit that breaks the bound, not rounded onto it.
      {[](json& s) { s["contacts"][0]["restitution"] = 1.0000001; }, "contacts[0].restitution: not in [0, 1] (1.0000001)"},
      {[](json& s) { s["max_pivots"] = -1; }, "max_pivots: not in 0..1000000"},
  };
  footfall::test::expect_bad_states("forces --model quadruped --state ", good, cases);
  // What JSON itself refuses, and files that are not there.
  expect_bad_input("forces --model quadruped --state " + write_text("{\"q\": [0, 0,"), "malformed JSON: parse error");
  expect_bad_input("forces --model quadruped --state " + write_text("{\"q\": [NaN]}"), "malformed JSON");
  expect_bad_input("forces --model quadruped --state " + write_text("{\"q\": [1e400]}"), "malformed JSON: number overflow");
  // A key twice in one object (JSON keeps the last), at the top and inside the first and second
  // contacts, named by its path; the same key in two objects is fine.
  std::string text = read_text(state_path("quadruped_standing.json"));
  text.insert(text.find('{') + 1, "\"description\": \"again\", ");
  expect_bad_input("forces --model quadruped --state " + write_text(text), ": description: given twice in one object");
  text = read_text(state_path("quadruped_standing.json"));
  text.insert(text.find("\"mu\""), "\"mu\": 2, ");
  expect_bad_input("forces --model quadruped --state " + write_text(text), ": contacts[0].mu: given twice in one object");
  text = read_text(state_path("quadruped_standing.json"));
  text.insert(text.find("\"mu\"", text.find("\"mu\"") + 1), "\"mu\": 2, ");
  expect_bad_input("forces --model quadruped --state " + write_text(text), ": contacts[1].mu: given twice in one object");
  expect_bad_input("forces --model quadruped --state " + write_text("[1, 2, 3]"), "not a JSON object");
  expect_bad_input("forces --model quadruped --state /nonexistent/state.json", "/nonexistent/state.json: cannot open file");
  expect_bad_input("forces --model quadruped", "--state");
  expect_bad_input("forces --model nosuchrobot --state " + write_state(good), "model 'nosuchrobot'");
  // The right file for the wrong model.
  expect_bad_input("forces --model rod2d --state '" + state_path("quadruped_standing.json") + "'",
                   "q: has 19 numbers, needs 3 (nq of rod2d)");
}

// A Status from the core, said in the state file's terms.
TEST(Forces, CoreStatusInTheStateFilesTerms) {
  using footfall::Status;
  const auto model = footfall::host::builtin_model("quadruped");
  ASSERT_TRUE(model.ok());
  auto say = [&](const Status& s) { return footfall::host::describe_stance_status(s, model.value(), "s.json"); };
  EXPECT_EQ(say(Status::BadInput("contacts.normal", 2)), "s.json: contacts[2].normal: not a finite vector of unit length");
  EXPECT_EQ(say(Status::BadInput("contacts.mu", 0)), "s.json: contacts[0].mu: not a finite number >= 0");
  EXPECT_EQ(say(Status::BadInput("contacts.restitution", 1)), "s.json: contacts[1].restitution: not in [0, 1]");
  EXPECT_EQ(say(Status::BadInput("contacts.count", 13)), "s.json: contacts: more contacts than the capacity");
  EXPECT_EQ(say(Status::BadInput("tau", 7)), "s.json: tau[7]: not a finite number");
  EXPECT_EQ(say(Status::BadInput("q.quaternion", 0)),
            "s.json: q[3..6]: the quaternion (x, y, z, w) of body 'trunk' is not of unit length");
  EXPECT_EQ(say(Status::BadInput("q.position", 0)),
            "s.json: the position of body 'trunk' is beyond the 6.71089e+07 m from the origin that double resolves");
  EXPECT_EQ(say(Status::BadInput("gravity")), "s.json: gravity: not finite");
  EXPECT_EQ(say(Status::BadInput("options.solver")), "s.json: solver: refused by the stance solve (options.solver)");
  EXPECT_EQ(say(Status::InconsistentFriction("stance.sliding", 1)),
            "s.json: inconsistent friction at contacts[1] (stance.sliding)");
  EXPECT_EQ(say(Status::Infeasible("lemke.ray", 9)), "s.json: infeasible (lemke.ray 9)");
  EXPECT_EQ(say(Status::CheckFailed("stance.penetration", 3)),
            "s.json: result failed its check at contacts[3] (stance.penetration)");
}

// Every optional field of a contact is read.
TEST(Forces, StateFileReadsEveryField) {
  const auto model = footfall::host::builtin_model("quadruped");
  ASSERT_TRUE(model.ok());
  json state = read_state("quadruped_standing.json");
  state["contacts"][1] = {{"body", "FL_calf"},         {"point", {0, 0, -0.2}},     {"normal", {0, 0.6, 0.8}},
                          {"mu", 0.5},                 {"restitution", 0.25},       {"other_body", "trunk"},
                          {"other_point", {0.1, 0.2, 0.3}}, {"curvature", -2.5},
                          {"pad", {{"stiffness", 2e4}, {"damping", 50}}}};
  state["max_pivots"] = 40;
  state["max_sweeps"] = 7;
  state["friction"] = "pyramid8";
  state["solver"] = "lemke";
  const auto parsed = footfall::host::parse_state_file<footfall::host::StanceState>(state.dump(), "s.json", model.value());
  ASSERT_TRUE(parsed.ok()) << parsed.error();
  const footfall::host::StanceState& s = parsed.value();
  ASSERT_EQ(s.contacts.size(), 4u);
  const footfall::host::StateContact& c = s.contacts[1];
  EXPECT_EQ(c.body_index, 6);
  EXPECT_EQ(c.other_body_index, 0);
  EXPECT_EQ(c.other_point.y(), 0.2);
  EXPECT_EQ(c.normal.y(), 0.6);
  EXPECT_EQ(c.restitution, 0.25);
  EXPECT_EQ(c.curvature, -2.5);
  EXPECT_TRUE(c.has_pad());
  EXPECT_EQ(c.pad.law, footfall::PadLaw::kLinear);
  EXPECT_EQ(c.pad.stiffness, 2e4);
  EXPECT_EQ(c.pad.damping, 50.0);
  EXPECT_EQ(s.max_pivots, 40);
  EXPECT_EQ(s.max_sweeps, 7);
  EXPECT_EQ(s.friction, footfall::FrictionModel::kPyramid8);
  EXPECT_EQ(s.solver, footfall::StanceSolver::kLemke);
  EXPECT_EQ(s.gravity.z(), -9.81);
  // Defaults: restitution 0, gravity (0, 0, −9.81), friction cone, solver auto.
  json minimal = read_state("rod2d_standing.json");
  const auto rod = footfall::host::builtin_model("rod2d");
  ASSERT_TRUE(rod.ok());
  minimal.erase("gravity");
  const auto defaults = footfall::host::parse_state_file<footfall::host::StanceState>(minimal.dump(), "m.json", rod.value());
  ASSERT_TRUE(defaults.ok()) << defaults.error();
  EXPECT_EQ(defaults.value().gravity.z(), -9.81);
  EXPECT_EQ(defaults.value().contacts[0].restitution, 0.0);
  EXPECT_EQ(defaults.value().friction, footfall::FrictionModel::kCone);
  EXPECT_EQ(defaults.value().solver, footfall::StanceSolver::kAuto);
}

// The same state on the quadruped read from its URDF file: the same forces, to rounding.
TEST(Forces, QuadrupedUrdfGivesTheBuiltInsForces) {
  const std::string state = "'" + state_path("quadruped_standing.json") + "'";
  const ToolRun builtin = run_tool("forces --model quadruped --state " + state + " --json");
  const ToolRun urdf = run_tool("forces --model '" + std::string(FOOTFALL_EXAMPLES_DIR) +
                                "/urdf/quadruped.urdf' --floating-base --state " + state + " --json");
  ASSERT_EQ(builtin.status, 0) << builtin.err;
  ASSERT_EQ(urdf.status, 0) << urdf.err;
  const json a = json::parse(builtin.out), b = json::parse(urdf.out);
  ASSERT_EQ(a.at("contacts").size(), b.at("contacts").size());
  for (std::size_t i = 0; i < a.at("contacts").size(); ++i)
    for (std::size_t k = 0; k < 3; ++k)
      expect_close(b.at("contacts")[i].at("force")[k].get<double>(), a.at("contacts")[i].at("force")[k].get<double>(),
                   134.79, "force");
  for (std::size_t k = 0; k < a.at("qdd").size(); ++k)
    expect_close(b.at("qdd")[k].get<double>(), a.at("qdd")[k].get<double>(), 9.81, "qdd");
}

// A contact may name a link the import merged into its parent (the URDF's feet, on fixed joints
// 0.2 m below the calves), with its point in that link's frame: the same forces as the calves'
// points 0.2 m down. An unknown name lists the merged links too.
TEST(Forces, ContactOnAMergedLinkIsPlacedInItsBody) {
  const std::string urdf = "--model '" + std::string(FOOTFALL_EXAMPLES_DIR) + "/urdf/quadruped.urdf' --floating-base";
  json on_feet = read_state("quadruped_standing.json");
  for (json& c : on_feet.at("contacts")) {
    std::string body = c.at("body").get<std::string>();
    c["body"] = body.replace(body.find("calf"), 4, "foot");
    c["point"] = {0, 0, 0};
  }
  const ToolRun calves = run_tool("forces " + urdf + " --state '" + state_path("quadruped_standing.json") + "' --json");
  const ToolRun feet = run_tool("forces " + urdf + " --state " + write_state(on_feet) + " --json");
  ASSERT_EQ(calves.status, 0) << calves.err;
  ASSERT_EQ(feet.status, 0) << feet.err;
  const json a = json::parse(calves.out), b = json::parse(feet.out);
  for (std::size_t i = 0; i < a.at("contacts").size(); ++i) {
    EXPECT_EQ(b.at("contacts")[i].at("body").get<std::string>().find("foot"), 3u);
    for (std::size_t k = 0; k < 3; ++k)
      expect_close(b.at("contacts")[i].at("force")[k].get<double>(), a.at("contacts")[i].at("force")[k].get<double>(),
                   134.79, "force");
  }
  on_feet["contacts"][0]["body"] = "FR_toe";
  expect_bad_input("forces " + urdf + " --state " + write_state(on_feet), "FR_foot");
}
