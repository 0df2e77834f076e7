// The minimal test runner's registry and reporting, shared by the two mains that run FF_TEST
// suites without GoogleTest (FOOTFALL_TEST_ON_BOARD): board_test_main.cpp on the emulated
// boards and linux_test_main.cpp on cross-built Linux targets (aarch64 under qemu-aarch64).
// A fixed-size static registry: no heap, nothing but printf.
#include <cstdio>

#include "ff_test.hpp"
#include "test_registry.hpp"

namespace footfall::test {

namespace {

struct TestCase {
  const char* suite;
  const char* name;
  TestBody body;
};

constexpr int kCapacity = 512;
TestCase g_tests[kCapacity];
int g_count = 0;
bool g_overflow = false;
int g_failures_in_test = 0;

}  // namespace

void register_test(const char* suite, const char* name, TestBody body) noexcept {
  if (g_count == kCapacity) {
    g_overflow = true;
    return;
  }
  g_tests[g_count++] = TestCase{suite, name, body};
}

void report_failure(const char* file, int line, const char* expression) noexcept {
  ++g_failures_in_test;
  std::printf("%s:%d: Failure: expected %s\n", file, line, expression);
}

void report_near_failure(const char* file, int line, const char* a, const char* b, double va,
                         double vb, double tolerance) noexcept {
  ++g_failures_in_test;
  std::printf("%s:%d: Failure: |%s - %s| = |%.9g - %.9g| exceeds %.3g\n", file, line, a, b, va,
              vb, tolerance);
}

RunSummary run_registered_tests(const char* target, void (*around_body)(TestBody)) noexcept {
  RunSummary summary;
  if (g_overflow) {
    std::printf("test runner: more tests than its capacity of %d\n", kCapacity);
    summary.exit_status = 1;
    return summary;
  }
  if (g_count == 0) {
    std::printf("test runner: this image holds no tests\n");
    summary.exit_status = 2;
    return summary;
  }
  std::printf("[==========] Running %d tests on %s.\n", g_count, target);
  for (int i = 0; i < g_count; ++i) {
    std::printf("[ RUN      ] %s.%s\n", g_tests[i].suite, g_tests[i].name);
    g_failures_in_test = 0;
    if (around_body != nullptr)
      around_body(g_tests[i].body);
    else
      g_tests[i].body();
    const bool ok = g_failures_in_test == 0;
    std::printf("[ %s ] %s.%s\n", ok ? "      OK" : " FAILED ", g_tests[i].suite, g_tests[i].name);
    (ok ? summary.passed : summary.failed) += 1;
  }
  summary.exit_status = summary.failed == 0 ? 0 : 1;
  return summary;
}

}  // namespace footfall::test
