// `footfall simulate` end to end: the falling rod of Liu04 §5 (tests/README.md, reference problem 15) against its exact
// first strike and rest forces, read back from the CSV the tool wrote; the bouncing ball's rest
// time (tests/README.md, reference problem 16); and the bad-input contract for the scenario's own fields.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include "cli_test_support.hpp"
#include "footfall/models.hpp"

namespace footfall::test {
namespace {

inline std::string scenario_path(const std::string& file) {
  return std::string(FOOTFALL_EXAMPLES_DIR) + "/scenarios/" + file;
}

// The CSV as rows of cells, the header first.
std::vector<std::vector<std::string>> read_csv(const std::string& path) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(read_text(path));
  std::string line;
  while (std::getline(in, line)) {
    std::vector<std::string> cells;
    std::string cell;
    std::istringstream fields(line);
    while (std::getline(fields, cell, ',')) cells.push_back(cell);
    if (!line.empty() && line.back() == ',') cells.emplace_back();
    rows.push_back(cells);
  }
  return rows;
}

int column(const std::vector<std::string>& header, const std::string& name) {
  for (std::size_t k = 0; k < header.size(); ++k)
    if (header[k] == name) return static_cast<int>(k);
  ADD_FAILURE() << "no column " << name;
  return 0;
}

// With the left end on the frictionless floor the centre falls straight down; energy gives
// φ̇²(cos²φ + 1/3) = 2g(sin φ₀ − sin φ), integrated here in w² = sin φ₀ − sin φ (Simpson).
double rod_first_strike_time() {
  const double g = 9.8, s0 = std::sin(M_PI / 4), top = std::sqrt(s0);
  const int n = 4000;
  double sum = 0.0;
  for (int k = 0; k <= n; ++k) {
    const double w = top * k / n, phi = std::asin(s0 - w * w), c = std::cos(phi);
    sum += 2.0 * std::sqrt((c * c + 1.0 / 3.0) / (2.0 * g)) / c * (k == 0 || k == n ? 1 : (k % 2 ? 4 : 2));
  }
  return sum * top / (3.0 * n);
}

void check_rod_run(const std::string& scheme) {
  nlohmann::json scenario = nlohmann::json::parse(read_text(scenario_path("rod2d_falling.json")));
  scenario["scheme"] = scheme;
  const std::string csv = test_file_name("rod.csv"), png = test_file_name("rod.png");
  const ToolRun r = run_tool("simulate --model rod2d --scenario " + write_state(scenario) + " --csv '" + csv +
                             "' --plot '" + png + "' --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const nlohmann::json summary = nlohmann::json::parse(r.out);
  EXPECT_EQ(summary["status"], "ok");
  EXPECT_NEAR(summary["time_reached"].get<double>(), 2.0, 1e-12);
  // The energy the impacts took is all the potential energy the centre lost, m g y₀, to the
  // integrator's accuracy (Heun's on free flight is exact; the trapezoidal rule's is not; the
  // fixed step's impulses also take out the ½ m (g h)² each step's free fall puts in at rest).
  const bool fixed_step = scheme == "time_stepping";
  EXPECT_NEAR(summary["kinetic_energy_lost"].get<double>(), 9.8 * std::sqrt(0.5),
              scheme == "event_driven" ? 1e-5 : (fixed_step ? 0.1 : 2e-4));
  EXPECT_NEAR(summary["contacts_final"][0]["normal_force"].get<double>(), 4.9, 1e-6);
  EXPECT_NEAR(summary["contacts_final"][1]["normal_force"].get<double>(), 4.9, 1e-6);

  const auto rows = read_csv(csv);
  ASSERT_GT(rows.size(), 100u);
  const auto& header = rows[0];
  const int events = column(header, "events"), time = column(header, "time"), x = column(header, "q0");
  const int right_velocity = column(header, "normal_velocity_c1_rod");
  double first = -1.0, before = 0.0, after = 0.0;
  for (std::size_t i = 1; i < rows.size(); ++i) {
    EXPECT_NEAR(std::stod(rows[i][static_cast<std::size_t>(x)]), std::sqrt(0.5), 1e-12);
    if (first < 0.0 && rows[i][static_cast<std::size_t>(events)].find("contact_gain") != std::string::npos) {
      first = std::stod(rows[i][static_cast<std::size_t>(time)]);
      before = std::stod(rows[i - 1][static_cast<std::size_t>(right_velocity)]);  // the row before the impact's
      after = std::stod(rows[i][static_cast<std::size_t>(right_velocity)]);
    }
  }
  // The fixed step knows the strike to a step, and rebounds at e times the speed at its start.
  EXPECT_NEAR(first, rod_first_strike_time(), fixed_step ? 1e-3 : 2e-6);
  EXPECT_NEAR(after / before, -0.4, fixed_step ? 1e-4 : 1e-6);
  EXPECT_FALSE(read_text(png).empty());
}

TEST(Simulate, FallingRodEventDrivenAgainstTheExactStrike) { check_rod_run("event_driven"); }
TEST(Simulate, FallingRodTrapezoidalAgainstTheExactStrike) { check_rod_run("trapezoidal"); }
TEST(Simulate, FallingRodTimeSteppingAgainstTheExactStrike) { check_rod_run("time_stepping"); }

// A run that ended standing: "ok", at least one impact, every foot pressing with its gap above
// -gap_below (or within gap_within of the plane, and its normal velocity too, when given), and the
// forces summing to the core model's weight within `relative`.
void expect_stands_on_its_weight(const nlohmann::json& summary, double gap_below, double gap_within,
                                 double relative) {
  EXPECT_EQ(summary["status"], "ok");
  EXPECT_GE(summary["impacts"].get<int>(), 1);
  QuadrupedModel<double> model;
  ASSERT_TRUE(build_quadruped_model(&model).ok());
  double total = 0.0;
  for (const auto& c : summary["contacts_final"]) {
    EXPECT_GT(c["normal_force"].get<double>(), 0.0);
    EXPECT_GT(c["gap"].get<double>(), -gap_below) << c["name"];
    if (gap_within > 0.0) {
      EXPECT_LE(std::abs(c["gap"].get<double>()), gap_within) << c["name"];
      EXPECT_LE(std::abs(c["normal_velocity"].get<double>()), gap_within) << c["name"];
    }
    total += c["normal_force"].get<double>();
  }
  EXPECT_NEAR(total, model.total_mass() * 9.81, relative * total);
}

// The quadruped of examples/scenarios/quadruped_drop.json dropped 0.3 m onto its feet with its
// posture held, on the fixed-step scheme with the exact cone: it lands on all four feet and
// ends standing on them, their forces summing to its weight (the core model's own mass).
TEST(Simulate, QuadrupedDropLandsAndStands) {
  const std::string csv = test_file_name("drop.csv");
  const ToolRun r = run_tool("simulate --model quadruped --scenario " + scenario_path("quadruped_drop.json") +
                             " --csv '" + csv + "' --json");
  ASSERT_EQ(r.status, 0) << r.err;
  expect_stands_on_its_weight(nlohmann::json::parse(r.out), 1e-6, 0.0, 1e-4);
}

// The drop on the event-driven scheme (frictionless, as it must be) for 3 s: the quadruped lands
// and stands, and each foot stays on the ground to rounding while it carries its load. Before the
// scheme projected its active contacts back after each step, the loaded feet drifted up at the
// integrator's error, about 9 µm/s: 23 to 28 µm by 3 s, 0.16 to 0.19 mm by 20 s.
TEST(Simulate, QuadrupedStandsOnTheEventDrivenSchemeWithoutDrift) {
  nlohmann::json scenario = nlohmann::json::parse(read_text(scenario_path("quadruped_drop.json")));
  scenario["scheme"] = "event_driven";
  scenario.erase("friction");
  scenario["duration"] = 3.0;
  for (auto& c : scenario["contacts"]) c["mu"] = 0.0;
  const std::string csv = test_file_name("drop_event_driven.csv");
  const ToolRun r = run_tool("simulate --model quadruped --scenario " + write_state(scenario) + " --csv '" + csv +
                             "' --json");
  ASSERT_EQ(r.status, 0) << r.err;
  expect_stands_on_its_weight(nlohmann::json::parse(r.out), 1e-12, 1e-12, 1e-6);
}

// Every foot of a run's summary on its plane (gap within 1e-6 m) and carrying force.
void expect_standing(const nlohmann::json& summary) {
  for (const auto& c : summary["contacts_final"]) {
    EXPECT_GT(c["normal_force"].get<double>(), 0.0);
    EXPECT_LE(std::abs(c["gap"].get<double>()), 1e-6);
  }
}

// Liu04's trapezoidal scheme on the same drop, with each friction model: its hold sampled every
// millisecond (so no step is longer), it lands and stands, each foot on its plane carrying force,
// the trunk after 1 s at the height the fixed-step scheme (an independent integrator) gives on
// the same friction, within 0.5 mm. Before the scheme stopped locating slips that would move a
// foot by less than the gap tolerance, the friction runs crawled at 1 µs steps from t ≈ 0.44 s;
// before the hold bounded the step, every run stopped at 0.242 s (the iteration of (28) not
// settling at 10 ms steps).
void check_trapezoidal_drop(const std::string& friction) {
  nlohmann::json scenario = nlohmann::json::parse(read_text(scenario_path("quadruped_drop.json")));
  scenario["duration"] = 1.0;
  scenario["friction"] = friction;
  const auto run = [&](const std::string& scheme) {
    scenario["scheme"] = scheme;
    const std::string csv = test_file_name("drop_" + scheme + ".csv");
    const ToolRun r = run_tool("simulate --model quadruped --scenario " + write_state(scenario) + " --csv '" + csv +
                               "' --json");
    EXPECT_EQ(r.status, 0) << r.err;
    return r.status == 0 ? nlohmann::json::parse(r.out) : nlohmann::json();
  };
  const nlohmann::json trapezoidal = run("trapezoidal"), fixed = run("time_stepping");
  ASSERT_FALSE(trapezoidal.is_null() || fixed.is_null());
  EXPECT_EQ(trapezoidal["status"], "ok");
  EXPECT_DOUBLE_EQ(trapezoidal["time_reached"].get<double>(), 1.0);
  EXPECT_GE(trapezoidal["impacts"].get<int>(), 4);
  expect_standing(trapezoidal);
  EXPECT_NEAR(trapezoidal["q_final"][2].get<double>(), fixed["q_final"][2].get<double>(), 5e-4);
}

TEST(Simulate, QuadrupedDropOnTheTrapezoidalSchemeFrictionless) { check_trapezoidal_drop("none"); }
TEST(Simulate, QuadrupedDropOnTheTrapezoidalSchemePyramid) { check_trapezoidal_drop("pyramid4"); }
TEST(Simulate, QuadrupedDropOnTheTrapezoidalSchemeCone) { check_trapezoidal_drop("cone"); }

// The same scheme over the touchdown alone: the trunk lowered to 0.35 m (feet about 7 cm up),
// 0.12 s, which is ~20 ms past the strikes. It takes the code paths of the drops above (located
// strikes, the held forces in (28) with each friction model) in 10 to 20 s under host-asan's
// sanitizers, which leave the 1 s drops out (port/README.md, "Presets"). Read from the CSV: each foot
// strikes, at its strike the gap is closed to rounding and the foot no longer approaches, no
// row penetrates, and at the end all four stand on the ground carrying force.
void check_trapezoidal_touchdown(const std::string& friction) {
  nlohmann::json scenario = nlohmann::json::parse(read_text(scenario_path("quadruped_drop.json")));
  scenario["scheme"] = "trapezoidal";
  scenario["friction"] = friction;
  scenario["duration"] = 0.12;
  scenario["q"][2] = 0.35;
  const std::string csv = test_file_name("touchdown_" + friction + ".csv");
  const ToolRun r = run_tool("simulate --model quadruped --scenario " + write_state(scenario) + " --csv '" + csv +
                             "' --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const nlohmann::json summary = nlohmann::json::parse(r.out);
  EXPECT_EQ(summary["status"], "ok");
  EXPECT_DOUBLE_EQ(summary["time_reached"].get<double>(), 0.12);
  EXPECT_GE(summary["impacts"].get<int>(), 4);
  const auto rows = read_csv(csv);
  ASSERT_GT(rows.size(), 2u);
  const std::vector<std::string>& header = rows[0];
  for (const char* foot : {"c0_FR_calf", "c1_FL_calf", "c2_RR_calf", "c3_RL_calf"}) {
    const std::string name(foot);
    const int gap = column(header, "gap_" + name), speed = column(header, "normal_velocity_" + name),
              impulse = column(header, "impulse_" + name);
    const auto at = [&](std::size_t row, int col) { return std::stod(rows[row][static_cast<std::size_t>(col)]); };
    bool struck = false;
    for (std::size_t k = 1; k < rows.size(); ++k) {
      EXPECT_GE(at(k, gap), -1e-9) << name << " at t = " << rows[k][0];
      if (struck || at(k, impulse) == 0.0) continue;
      struck = true;
      EXPECT_NEAR(at(k, gap), 0.0, 1e-9) << name << " strikes at t = " << rows[k][0];
      EXPECT_GE(at(k, speed), -1e-9) << name << " strikes at t = " << rows[k][0];
    }
    EXPECT_TRUE(struck) << name;
  }
  expect_standing(summary);
}

TEST(Simulate, QuadrupedTouchdownTrapezoidalFrictionless) { check_trapezoidal_touchdown("none"); }
TEST(Simulate, QuadrupedTouchdownTrapezoidalPyramid) { check_trapezoidal_touchdown("pyramid4"); }
TEST(Simulate, QuadrupedTouchdownTrapezoidalCone) { check_trapezoidal_touchdown("cone"); }

// The same drop on soft contact: at rest each foot's linear surface carries its share of the
// weight at f = −K φ (ṗ = 0 in (11.75)), and the four carry the weight.
TEST(Simulate, QuadrupedDropOnSoftContactRestsOnItsSprings) {
  const std::string csv = test_file_name("drop_soft.csv");
  const ToolRun r = run_tool("simulate --model quadruped --scenario " + scenario_path("quadruped_drop_soft.json") +
                             " --csv '" + csv + "' --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const nlohmann::json summary = nlohmann::json::parse(r.out);
  EXPECT_EQ(summary["status"], "ok");
  EXPECT_EQ(summary["scheme"], "soft");
  const nlohmann::json scenario = nlohmann::json::parse(read_text(scenario_path("quadruped_drop_soft.json")));
  const double stiffness = scenario["soft"]["stiffness"].get<double>();
  QuadrupedModel<double> model;
  ASSERT_TRUE(build_quadruped_model(&model).ok());
  double total = 0.0;
  for (const auto& c : summary["contacts_final"]) {
    const double f = c["normal_force"].get<double>();
    EXPECT_GT(f, 0.0);
    EXPECT_NEAR(-stiffness * c["gap"].get<double>(), f, 1e-4 * f);
    total += f;
  }
  EXPECT_NEAR(total, model.total_mass() * 9.81, 1e-4 * total);
  EXPECT_GT(summary["kinetic_energy_lost"].get<double>(), 0.0);
}

TEST(Simulate, BadScenarioIsOneLineOnStderrAndNothingWritten) {
  const nlohmann::json good = nlohmann::json::parse(read_text(scenario_path("rod2d_falling.json")));
  const struct {
    const char* key;
    nlohmann::json value;
    const char* mentions;
  } cases[] = {{"scheme", "leapfrog", "scheme"},
               {"duration", 0, "duration"},
               {"duration", 1e9, "duration"},
               {"step", -1, "step"},
               {"step", 5e-6, "step"},  // 2 s in 4e5 steps: more than a run may take
               {"plane_offsets", {0}, "plane_offsets"},
               {"friction", "cone", "friction"},
               {"hold", {{"kp", -1}, {"kd", 0}}, "hold.kp"},
               {"hold", {{"kp", 1}}, "hold.kd: missing"},
               {"hold", {{"kp", 1}, {"kd", 0}, {"ki", 2}}, "hold.ki: not a key of hold"},
               {"soft", {{"stiffness", 1e4}}, "soft"},
               {"gravity", {0, "x", 0}, "gravity"}};
  for (const auto& c : cases) {
    nlohmann::json scenario = good;
    scenario[c.key] = c.value;
    const std::string csv = test_file_name("bad.csv");
    std::remove(csv.c_str());
    expect_bad_input("simulate --model rod2d --scenario " + write_state(scenario) + " --csv '" + csv + "'", c.mentions);
    EXPECT_TRUE(read_text(csv).empty()) << c.key;
  }
  nlohmann::json scenario = good;
  scenario["contacts"][1]["mu"] = 0.5;
  expect_bad_input("simulate --model rod2d --scenario " + write_state(scenario) + " --csv x.csv", "contacts[1].mu");
  scenario = good;
  scenario["contacts"][1]["pad"] = {{"stiffness", 1e5}, {"damping", 100}};
  expect_bad_input("simulate --model rod2d --scenario " + write_state(scenario) + " --csv x.csv",
                   "contacts[0].pad: missing: when any contact has a pad, every one needs one");
  scenario = good;
  scenario.erase("scheme");
  expect_bad_input("simulate --model rod2d --scenario " + write_state(scenario) + " --csv x.csv", "scheme");
  expect_bad_input("simulate --model rod2d --scenario /nonexistent.json --csv x.csv", "nonexistent");
  // The soft scheme's parameters.
  const struct {
    nlohmann::json soft;
    const char* mentions;
  } soft_cases[] = {{{{"stiffness", -1}}, "soft.stiffness"},
                    {{{"stiffnes", 1e4}}, "soft.stiffnes: not a key of soft"},
                    {{{"damping", 0}}, "soft.damping"},
                    {{{"law", "hunt_crossley"}, {"damping", -1}}, "soft.damping"},
                    {{{"law", "hertz"}}, "soft.law"},
                    {{{"exponent", 0.5}}, "soft.exponent"},
                    {{{"tangential_damping", 0}}, "soft.tangential_damping"},
                    {{{"stifness", 1e4}}, "soft.stifness"},
                    {nlohmann::json::array({1}), "soft"}};
  for (const auto& c : soft_cases) {
    scenario = good;
    scenario["scheme"] = "soft";
    scenario["soft"] = c.soft;
    expect_bad_input("simulate --model rod2d --scenario " + write_state(scenario) + " --csv x.csv", c.mentions);
  }
  scenario = good;
  scenario["scheme"] = "soft";
  scenario["friction"] = "cone";
  expect_bad_input("simulate --model rod2d --scenario " + write_state(scenario) + " --csv x.csv", "friction");
}

// A rigid scheme refuses a start with a contact inside its plane (the rod's lower end 0.1 m
// under the floor); the soft scheme takes it as a pressed-in spring.
TEST(Simulate, RigidSchemesRefuseAStartInsideThePlane) {
  nlohmann::json scenario = nlohmann::json::parse(read_text(scenario_path("rod2d_falling.json")));
  scenario["q"][1] = -0.1 + 0.7071067811865476;  // the end at (-1, 0) rotated by 45 degrees: y = -0.1
  for (const char* scheme : {"event_driven", "trapezoidal", "time_stepping"}) {
    scenario["scheme"] = scheme;
    const std::string csv = test_file_name("inside.csv");
    std::remove(csv.c_str());
    expect_bad_input("simulate --model rod2d --scenario " + write_state(scenario) + " --csv '" + csv + "'",
                     "contacts[0]: starts 0.1 m inside its plane");
    EXPECT_TRUE(read_text(csv).empty()) << scheme;
  }
  scenario["scheme"] = "soft";
  scenario["duration"] = 0.01;
  const ToolRun r = run_tool("simulate --model rod2d --scenario " + write_state(scenario) + " --csv '" +
                             test_file_name("soft.csv") + "'");
  EXPECT_EQ(r.status, 0) << r.err;
}

// A scenario whose motion outgrows double (a torque of 1e305 N on the rod, or a soft floor
// 1e300 m above it) is said in words, never as the file's v being too large nor by a core
// field's name: in the first step it is bad input (exit 1, nothing written); after it, a run
// stopped with the time it reached (exit 3, the CSV holding the steps before). A starting v
// whose ½ vᵀHv overflows (the rod only translating, which C(q, v) does not see) is refused
// before the run, as `impact` refuses it.
TEST(Simulate, MotionBeyondDoubleIsSaidInWords) {
  const nlohmann::json good = nlohmann::json::parse(read_text(scenario_path("rod2d_falling.json")));
  int first_steps = 0, stopped_runs = 0;
  for (const char* scheme : {"event_driven", "trapezoidal", "time_stepping", "soft"}) {
    for (int c = 0; c < 3; ++c) {
      nlohmann::json scenario = good;
      scenario["scheme"] = scheme;
      scenario["duration"] = 0.01;
      const bool soft = std::string(scheme) == "soft";
      if (soft) scenario["soft"] = {{"stiffness", 1e5}, {"damping", 100}};
      if (c == 0) scenario["tau"] = {0, 1e305, 0};
      if (c == 1 && !soft) continue;  // a rigid scheme refuses a start inside its plane
      if (c == 1) scenario["plane_offsets"] = {1e300, 0};
      if (c == 2) {  // lying on the floor, so its frame does not turn: C(q, v) stays 0
        scenario["q"] = {0, 0, 0};
        scenario["v"] = {0, -1e155, 0};
      }
      const std::string csv = test_file_name("outgrown.csv");
      std::remove(csv.c_str());
      const ToolRun r = run_tool("simulate --model rod2d --scenario " + write_state(scenario) + " --csv '" + csv + "'");
      EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
      EXPECT_EQ(r.err.find("bad input ("), std::string::npos) << r.err;
      EXPECT_EQ(r.err.find("overflow)"), std::string::npos) << r.err;  // no "(v.overflow)"
      if (c == 2) {
        EXPECT_EQ(r.status, 1) << scheme << ": " << r.err;
        EXPECT_NE(r.err.find(": v: too large: the kinetic energy overflows double"), std::string::npos) << r.err;
        EXPECT_TRUE(read_text(csv).empty()) << scheme;
        continue;
      }
      EXPECT_EQ(r.err.find("v: too large"), std::string::npos) << r.err;  // the file's v is 0
      EXPECT_NE(r.err.find("too large for the motion"), std::string::npos) << r.err;
      if (r.status == 1) {  // in the first step: bad input, nothing written
        ++first_steps;
        EXPECT_NE(r.err.find(std::string("the ") + scheme + " scheme's first step: "), std::string::npos) << r.err;
        EXPECT_TRUE(read_text(csv).empty()) << scheme;
      } else {  // kExitNoAnswer: a run the core stopped after its first step
        ++stopped_runs;
        EXPECT_EQ(r.status, 3) << scheme << ": " << r.err;
        EXPECT_NE(r.err.find(std::string("the ") + scheme + " scheme stopped at t = "), std::string::npos) << r.err;
        EXPECT_NE(r.err.find("; the CSV holds the run up to there"), std::string::npos) << r.err;
        EXPECT_FALSE(read_text(csv).empty()) << scheme;
      }
    }
  }
  EXPECT_GT(first_steps, 0);  // both ways are taken
  EXPECT_GT(stopped_runs, 0);
}

// The outputs are checked before the run: never an input of the run, a directory, a device or a
// path in a directory that does not exist; and a refused run leaves no CSV behind.
TEST(Simulate, BadOutputPathsAreRefusedBeforeTheRun) {
  const std::string scenario_file = test_file_name("scenario.json");
  std::ofstream(scenario_file, std::ios::binary) << read_text(scenario_path("rod2d_falling.json"));
  const std::string scenario = "simulate --model rod2d --scenario '" + scenario_file + "'";
  const std::string csv = test_file_name("run.csv");
  std::remove(csv.c_str());
  expect_bad_input(scenario + " --csv '" + scenario_file + "'", "is the file --scenario names");
  expect_bad_input(scenario + " --csv '" + csv + "' --plot '" + csv + "'", "is the file --csv names");
  expect_bad_input(scenario + " --csv '" + csv + "' --plot /nonexistent/dir/p.png", "no directory '/nonexistent/dir'");
  expect_bad_input(scenario + " --csv '" + csv + "' --plot ''", "--plot: an empty path");  // not "no plot"
  expect_bad_input(scenario + " --csv /dev/null", "not a regular file");
  expect_bad_input(scenario + " --csv '" + ::testing::TempDir() + "'", "is a directory");
  EXPECT_TRUE(read_text(csv).empty());
  EXPECT_EQ(read_text(scenario_file), read_text(scenario_path("rod2d_falling.json")));  // not written over
  // A plot of the contacts for a scenario without any: refused before the run writes the CSV.
  nlohmann::json no_contacts = nlohmann::json::parse(read_text(scenario_path("rod2d_falling.json")));
  no_contacts["contacts"] = nlohmann::json::array();
  no_contacts.erase("plane_offsets");
  std::ofstream(scenario_file, std::ios::binary | std::ios::trunc) << no_contacts.dump();
  expect_bad_input(scenario + " --csv '" + csv + "' --plot '" + test_file_name("p.png") + "'", "has no contacts");
  EXPECT_TRUE(read_text(csv).empty());
}

TEST(Simulate, HelpHasAnExample) {
  const ToolRun r = run_tool("simulate --help");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("footfall simulate --model rod2d"), std::string::npos);
}

}  // namespace
}  // namespace footfall::test
