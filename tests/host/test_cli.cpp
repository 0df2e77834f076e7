// The `footfall` tool run as a user runs it: `info --json` checked against the library API, a
// codegen run, --help, and bad input — non-zero exit, nothing on stdout, one line on stderr.
#include <gtest/gtest.h>

#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_test_support.hpp"
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
