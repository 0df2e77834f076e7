#pragma once
// The minimal runner's entry point (test_registry.cpp), for the mains that run FF_TEST suites
// without GoogleTest: board_test_main.cpp and linux_test_main.cpp.
#include "ff_test.hpp"

namespace footfall::test {

struct RunSummary {
  int passed = 0;
  int failed = 0;
  // 0 when all passed, 1 when any failed (or the registry overflowed), 2 when there was no test.
  int exit_status = 2;
};

// Runs every registered test in registration order, printing GoogleTest-like lines. Each body
// is called directly, or through `around_body` when given (a main's per-test setup).
RunSummary run_registered_tests(const char* target, void (*around_body)(TestBody)) noexcept;

}  // namespace footfall::test
