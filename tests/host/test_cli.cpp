// The `footfall` tool run as a user runs it: `info --json` checked against the library API, a
// codegen run, --help, and bad input — non-zero exit, nothing on stdout, one line on stderr.
#include <gtest/gtest.h>

#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_test_support.hpp"
#include "footfall/host/urdf/urdf_import.hpp"
#include "footfall/models.hpp"

namespace {

using footfall::test::expect_bad_input;
using footfall::test::run_tool;
using footfall::test::ToolRun;

std::string example(const std::string& file) { return std::string("'") + FOOTFALL_EXAMPLES_URDF_DIR + "/" + file + "'"; }

template <typename ModelType>
void expect_info_matches(const ToolRun& r, const ModelType& model) {
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j.at("status"), "ok");
  EXPECT_EQ(j.at("nq").get<int>(), model.nq());
  EXPECT_EQ(j.at("nv").get<int>(), model.nv());
  ASSERT_EQ(j.at("bodies").size(), static_cast<std::size_t>(model.body_count()));
  double sum = 0.0;
  for (int i = 0; i < model.body_count(); ++i) {
    const nlohmann::json& b = j.at("bodies")[static_cast<std::size_t>(i)];
    EXPECT_EQ(b.at("name").get<std::string>(), model.body_name(i));
    EXPECT_EQ(b.at("joint").get<std::string>(), model.joint_name(i));
    if (model.parent(i) < 0)
      EXPECT_TRUE(b.at("parent").is_null());
    else
      EXPECT_EQ(b.at("parent").get<std::string>(), model.body_name(model.parent(i)));
    sum += b.at("mass").get<double>();
  }
  // %.17g round-trips: the total is the model's to the last bit, and the sum of the bodies'.
  EXPECT_EQ(j.at("total_mass").get<double>(), model.total_mass());
  EXPECT_NEAR(j.at("total_mass").get<double>(), sum, 1e-12);
  EXPECT_EQ(j.at("capacity").at("bodies").get<int>(), ModelType::kMaxBodies);
  EXPECT_EQ(j.at("workspace_bytes").get<std::size_t>(),
            sizeof(footfall::Workspace<double, ModelType::kMaxBodies, ModelType::kMaxDofs>));
  EXPECT_EQ(j.at("model_bytes").get<std::size_t>(), sizeof(ModelType));
}

}  // namespace

TEST(Cli, InfoJsonOfTheBuiltInQuadruped) {
  auto model = std::make_unique<footfall::QuadrupedModel<double>>();
  ASSERT_TRUE(footfall::build_quadruped_model(model.get()).ok());
  expect_info_matches(run_tool("info --model quadruped --json"), *model);
}

TEST(Cli, InfoJsonOfTheQuadrupedUrdf) {
  auto model = std::make_unique<footfall::QuadrupedModel<double>>();
  ASSERT_TRUE(footfall::build_quadruped_model(model.get()).ok());
  expect_info_matches(run_tool("info --model " + example("quadruped.urdf") + " --floating-base --json"), *model);
}

TEST(Cli, InfoJsonOfAChainAtACapacity) {
  auto model = std::make_unique<footfall::Model<double, 16, 24>>();
  ASSERT_TRUE(footfall::build_chain_model(7, model.get()).ok());
  expect_info_matches(run_tool("info --model chain:7 --capacity 16x24 --json"), *model);
}

TEST(Cli, InfoTable) {
  const ToolRun r = run_tool("info --model biped");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("13 bodies, nq 19, nv 18"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("l_foot"), std::string::npos) << r.out;
}

TEST(Cli, HelpForEachCommandHasAnExample) {
  for (const char* command : {"info", "codegen", "forces"}) {
    const ToolRun r = run_tool(std::string(command) + " --help");
    EXPECT_EQ(r.status, 0);
    EXPECT_NE(r.out.find("Example"), std::string::npos) << r.out;
  }
}

TEST(Cli, CodegenWritesAHeader) {
  const std::string header = ::testing::TempDir() + "footfall_cli_arm.hpp";
  const ToolRun r = run_tool("codegen --model '" + std::string(FOOTFALL_TEST_DATA_DIR) + "/arm.urdf' --out '" + header +
                         "' --name arm");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("4 bodies"), std::string::npos) << r.out;
  EXPECT_NE(footfall::test::read_text(header).find("build_arm_model"), std::string::npos);
}

// A value the command line cannot take is a usage error, exit 2, whichever option it is; a model
// that does not fit the capacity named is bad input, exit 1.
TEST(Cli, OptionValuesOutsideTheirListExitTwo) {
  EXPECT_EQ(run_tool("info --model quadruped --capacity 5x5").status, 2);
  EXPECT_EQ(run_tool("info --model quadruped --scalar half").status, 2);
  EXPECT_EQ(run_tool("info --model quadruped --capacity 8x8").status, 1);
  EXPECT_EQ(run_tool("info --model quadruped --capacity 13x18").status, 0);
}

TEST(Cli, BadInputIsOneLineOnStderrAndNothingElse) {
  expect_bad_input("info --model nosuchrobot", "model 'nosuchrobot': no such file, and not a built-in model");
  expect_bad_input("info --model /nonexistent/robot.urdf", "/nonexistent/robot.urdf");
  const std::string malformed = footfall::test::write_temporary("malformed.urdf", "<robot name=\"r\"><link>");
  expect_bad_input("info --model '" + malformed + "' --json", "malformed XML");
  expect_bad_input("info --model chain:99", "chain:N must be 1..64");
  expect_bad_input("info --model quadruped --capacity 5x5", "'5x5' is not one of auto, 1x3");
  expect_bad_input("info --model quadruped --capacity 8x8", "do not fit the capacity 8x8");
  expect_bad_input("info --model quadruped --floating-base", "--floating-base applies to URDF files");
  expect_bad_input("info --json", "--model");
  expect_bad_input("info --model quadruped --scalar half", "--scalar");
  expect_bad_input("", "subcommand");
  expect_bad_input("simulate --model quadruped", "--scenario is required");
  expect_bad_input("walk --model quadruped", "'walk' is not a command");
  const std::string header = ::testing::TempDir() + "footfall_cli_never.hpp";
  std::remove(header.c_str());
  expect_bad_input("codegen --model '" + malformed + "' --out '" + header + "'", "malformed XML");
  EXPECT_EQ(footfall::test::read_text(header), "");  // no file, not even an empty one
  // Where codegen may write: not its own input, a device, a directory or a missing directory.
  const std::string arm = std::string(FOOTFALL_TEST_DATA_DIR) + "/arm.urdf";
  const std::string arm_text = footfall::test::read_text(arm);
  expect_bad_input("codegen --model '" + arm + "' --out '" + arm + "'", "is the file --model names");
  EXPECT_EQ(footfall::test::read_text(arm), arm_text);
  expect_bad_input("codegen --model quadruped --out /dev/null", "not a regular file");
  expect_bad_input("codegen --model quadruped --out '" + ::testing::TempDir() + "'", "is a directory");
  expect_bad_input("codegen --model quadruped --out /nonexistent/dir/q.hpp", "no directory '/nonexistent/dir'");
}

// Input files that are not files, or that never end, are refused without being read whole.
TEST(Cli, InputsThatAreNotFiles) {
  expect_bad_input("info --model '" + ::testing::TempDir() + "'", "is a directory");
  expect_bad_input("info --model /dev/zero", "larger than 64 MiB");
  expect_bad_input("forces --model quadruped --state '" + ::testing::TempDir() + "'", "is a directory");
}

namespace {

std::string test_data(const std::string& file) { return std::string("'") + FOOTFALL_TEST_DATA_DIR + "/" + file + "'"; }

// A two-joint chain whose second joint mimics the first, and a body that violates the triangle
// inequality, as files of this test's own.
std::string mimic_file() {
  const std::string inertial =
      R"(<inertial><mass value="1"/><inertia ixx="0.1" ixy="0" ixz="0" iyy="0.1" iyz="0" izz="0.1"/></inertial>)";
  const std::string text =
      "<robot name=\"m\"><link name=\"a\">" + inertial + "</link><link name=\"b\">" + inertial +
      "</link><link name=\"c\">" + inertial +
      "</link><joint name=\"j1\" type=\"revolute\"><parent link=\"a\"/><child link=\"b\"/><axis xyz=\"0 0 1\"/>"
      "<limit lower=\"-1\" upper=\"1\" effort=\"1\" velocity=\"1\"/></joint>"
      "<joint name=\"j2\" type=\"revolute\"><parent link=\"b\"/><child link=\"c\"/><axis xyz=\"0 0 1\"/>"
      "<limit lower=\"-1\" upper=\"1\" effort=\"1\" velocity=\"1\"/><mimic joint=\"j1\" offset=\"0.2\"/></joint></robot>";
  return "'" + footfall::test::write_temporary("mimic.urdf", text) + "'";
}

std::string non_physical_file() {
  const std::string text =
      "<robot name=\"n\"><link name=\"a\"/><link name=\"b\"><inertial><mass value=\"1\"/>"
      "<inertia ixx=\"0.1\" ixy=\"0\" ixz=\"0\" iyy=\"0.1\" iyz=\"0\" izz=\"0.3\"/></inertial></link>"
      "<joint name=\"j\" type=\"continuous\"><parent link=\"a\"/><child link=\"b\"/><axis xyz=\"0 0 1\"/></joint></robot>";
  return "'" + footfall::test::write_temporary("non_physical.urdf", text) + "'";
}

bool json_has_note(const nlohmann::json& j, const std::string& part) {
  for (const nlohmann::json& note : j.at("notes"))
    if (note.get<std::string>().find(part) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST(Cli, RepairInertiaAndMimicApplyToUrdfFilesOnly) {
  expect_bad_input("info --model quadruped --repair-inertia",
                   "model 'quadruped': --repair-inertia and --mimic apply to URDF files");
  expect_bad_input("info --model biped --mimic lock", "--repair-inertia and --mimic apply to URDF files");
  // --mimic refuse is the default, so it is no mistake on a built-in model.
  EXPECT_EQ(run_tool("info --model quadruped --mimic refuse").status, 0);
}

TEST(Cli, MimicRefusedByDefaultLockedOrFree) {
  const std::string model = mimic_file();
  expect_bad_input("info --model " + model, "joint 'j2': mimics joint 'j1'");
  const ToolRun refused = run_tool("info --model " + model);
  EXPECT_NE(refused.err.find("--mimic lock"), std::string::npos) << refused.err;
  EXPECT_NE(refused.err.find("--mimic free"), std::string::npos) << refused.err;
  const ToolRun locked = run_tool("info --model " + model + " --mimic lock --json");
  ASSERT_EQ(locked.status, 0) << locked.err;
  const nlohmann::json l = nlohmann::json::parse(locked.out);
  EXPECT_EQ(l.at("nv").get<int>(), 1);
  EXPECT_EQ(l.at("frames").at(0).at("name"), "c");
  EXPECT_TRUE(json_has_note(l, "locked at its offset 0.2 (--mimic lock)")) << locked.out;
  const ToolRun free = run_tool("info --model " + model + " --mimic free");
  ASSERT_EQ(free.status, 0) << free.err;
  EXPECT_NE(free.out.find("imported as a joint of its own (--mimic free)"), std::string::npos) << free.out;
  EXPECT_NE(free.out.find("nv 2"), std::string::npos) << free.out;
  // A value outside the list is a usage error, exit 2, naming the option.
  const ToolRun bad = run_tool("info --model " + model + " --mimic couple");
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(bad.out, "");
  footfall::test::expect_one_error_line(bad, "--mimic couple", "--mimic");
}

TEST(Cli, RepairInertiaRepairsAndSaysSo) {
  const std::string model = non_physical_file();
  expect_bad_input("info --model " + model, "body 'b': inertia violates the triangle inequality");
  const ToolRun refused = run_tool("info --model " + model);
  EXPECT_NE(refused.err.find("--repair-inertia"), std::string::npos) << refused.err;
  const ToolRun repaired = run_tool("info --model " + model + " --repair-inertia --json");
  ASSERT_EQ(repaired.status, 0) << repaired.err;
  EXPECT_EQ(repaired.err, "");
  const nlohmann::json j = nlohmann::json::parse(repaired.out);
  EXPECT_TRUE(json_has_note(j, "body 'b': inertia repaired (inertia violates the triangle inequality): principal "
                               "moments (0.1, 0.1, 0.3) kg m² -> ("))
      << repaired.out;
  const ToolRun table = run_tool("info --model " + model + " --repair-inertia");
  ASSERT_EQ(table.status, 0) << table.err;
  EXPECT_NE(table.out.find("notes:\n  body 'b': inertia repaired"), std::string::npos) << table.out;
}

// info --json carries what the description knows beyond the core: frames and shapes with their
// placements (as the import has them), each body's armature, the notes and the mass fixed to the world.
TEST(Cli, InfoJsonHasFramesShapesArmatureAndNotes) {
  const ToolRun r = run_tool("info --model " + test_data("hopper.urdf") + " --floating-base --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  footfall::host::UrdfImportOptions options;
  options.floating_base = true;
  const auto d = footfall::host::import_urdf_file(std::string(FOOTFALL_TEST_DATA_DIR) + "/hopper.urdf", options);
  ASSERT_TRUE(d.ok()) << d.error();
  ASSERT_EQ(j.at("frames").size(), d.value().frames.size());
  for (std::size_t i = 0; i < d.value().frames.size(); ++i) {
    const nlohmann::json& f = j.at("frames")[i];
    EXPECT_EQ(f.at("name"), d.value().frames[i].name);
    EXPECT_EQ(f.at("body"), "shin");
    for (int k = 0; k < 3; ++k)
      EXPECT_EQ(f.at("position")[static_cast<std::size_t>(k)].get<double>(),
                d.value().frames[i].body_to_frame.translation()(k));
    EXPECT_EQ(f.at("orientation").size(), 4u);
  }
  ASSERT_EQ(j.at("shapes").size(), 3u);
  EXPECT_EQ(j.at("shapes")[0].at("kind"), "box");
  EXPECT_EQ(j.at("shapes")[0].at("size"), nlohmann::json::parse("[0.3, 0.2, 0.1]"));
  EXPECT_EQ(j.at("shapes")[1].at("kind"), "cylinder");
  EXPECT_EQ(j.at("shapes")[1].at("length").get<double>(), 0.2);
  EXPECT_EQ(j.at("shapes")[2].at("kind"), "sphere");
  EXPECT_EQ(j.at("shapes")[2].at("link"), "foot");
  EXPECT_EQ(j.at("shapes")[2].at("body"), "shin");
  EXPECT_EQ(j.at("shapes")[2].at("radius").get<double>(), 0.025);
  EXPECT_EQ(j.at("bodies")[1].at("name"), "thigh_link_with_a_rather_long_name");  // the full name, not the core's
  EXPECT_EQ(j.at("notes"), nlohmann::json::array());
  EXPECT_EQ(j.at("mass_fixed_to_world").get<double>(), 0.0);
  // The arm: the shoulder's drive armature, and its base fixed to the world with its mass said.
  const ToolRun arm = run_tool("info --model " + test_data("arm.urdf") + " --json");
  ASSERT_EQ(arm.status, 0) << arm.err;
  const nlohmann::json a = nlohmann::json::parse(arm.out);
  EXPECT_EQ(a.at("bodies")[0].at("armature").get<double>(), 0.05);
  EXPECT_EQ(a.at("bodies")[1].at("armature").get<double>(), 0.0);
  EXPECT_GT(a.at("mass_fixed_to_world").get<double>(), 0.0);
  EXPECT_TRUE(json_has_note(a, "the root link 'base' is fixed to the world, so the ")) << arm.out;
  EXPECT_TRUE(json_has_note(a, "(a legged robot needs --floating-base)")) << arm.out;
}

TEST(Cli, InfoTableListsFramesShapesAndArmature) {
  const ToolRun r = run_tool("info --model " + test_data("hopper.urdf") + " --floating-base");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("mass [kg]  armature"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("frames merged into bodies (name: origin in the body):\n  ankle: (0, 0, -0.2) m in shin"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("  foot: sphere, radius 0.025 m, at "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  trunk: box, sides (0.3, 0.2, 0.1) m, at (0, 0, 0.05) m in trunk, turned by quaternion"),
            std::string::npos)
      << r.out;
}
