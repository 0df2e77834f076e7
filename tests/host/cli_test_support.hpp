#pragma once
// Running the `footfall` tool from a test as a user runs it, and the bad-input contract: exit
// status non-zero, nothing on stdout, one line "footfall: ..." on stderr.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "host_test_support.hpp"

namespace footfall::test {

struct ToolRun {
  int status = -1;
  std::string out, err;
};

// A name unique to the running test, for files under the temporary directory: ctest runs the
// tests in parallel, each in its own process.
inline std::string test_file_name(const std::string& what) {
  const ::testing::TestInfo* info = ::testing::UnitTest::GetInstance()->current_test_info();
  return ::testing::TempDir() + "footfall_" + info->test_suite_name() + "_" + info->name() + "_" + what;
}

// Runs the tool with `arguments` (already shell-quoted where needed).
inline ToolRun run_tool(const std::string& arguments) {
  const std::string out = test_file_name("stdout"), err = test_file_name("stderr");
  const std::string command = std::string("'") + FOOTFALL_TOOL_PATH + "' " + arguments + " >'" + out + "' 2>'" + err + "'";
  const int raw = std::system(command.c_str());
  ToolRun r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  r.out = read_text(out);
  r.err = read_text(err);
  return r;
}

// A state file of examples/states, its path and its contents.
inline std::string state_path(const std::string& file) { return std::string(FOOTFALL_EXAMPLES_DIR) + "/states/" + file; }
inline nlohmann::json read_state(const std::string& file) { return nlohmann::json::parse(read_text(state_path(file))); }

// `state` written to a file of this test's own; returns the path, quoted for the shell.
inline std::string write_state(const nlohmann::json& state, const std::string& tag = "state.json") {
  const std::string path = test_file_name(tag);
  std::ofstream(path, std::ios::binary) << state.dump();
  return "'" + path + "'";
}

inline void expect_one_error_line(const ToolRun& r, const std::string& arguments, const std::string& mentions) {
  ASSERT_FALSE(r.err.empty()) << arguments;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "not one line: " << r.err;
  EXPECT_EQ(r.err.rfind("footfall: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find(mentions), std::string::npos) << r.err;
}

inline void expect_bad_input(const std::string& arguments, const std::string& mentions) {
  const ToolRun r = run_tool(arguments);
  EXPECT_NE(r.status, 0) << arguments;
  EXPECT_EQ(r.out, "") << arguments;
  expect_one_error_line(r, arguments, mentions);
}

// A mistake made in a good state file, and what the one line on stderr must say.
struct BadState {
  void (*edit)(nlohmann::json&);
  const char* mentions;
};

// Each of `cases` made in `good` and run by `command` (ending in "--state "), as a table and as
// JSON: exit non-zero, nothing on stdout, one line naming the field.
template <std::size_t N>
void expect_bad_states(const std::string& command, const nlohmann::json& good, const BadState (&cases)[N]) {
  for (const BadState& c : cases) {
    nlohmann::json state = good;
    c.edit(state);
    expect_bad_input(command + write_state(state), c.mentions);
    expect_bad_input(command + write_state(state) + " --json", c.mentions);
  }
}

}  // namespace footfall::test
