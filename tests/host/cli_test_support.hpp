#pragma once
// Running the `footfall` tool from a test as a user runs it, and the bad-input contract: exit
// status non-zero, nothing on stdout, one line "footfall: ..." on stderr.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
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

}  // namespace footfall::test
