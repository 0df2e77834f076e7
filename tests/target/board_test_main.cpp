// The test runner on the emulated boards: runs every FF_TEST registered in this image, prints
// GoogleTest-like lines, the stack high-water mark and a closing "N passed, N failed" line, and
// exits (semihosting) with 0 when all passed, 1 when any failed, 2 when the image held no test.
#include <cstdio>

#include "ff_test.hpp"
#include "footfall/port/cortex_m.hpp"
#include "footfall/port/port.hpp"

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

}  // namespace footfall::test

int main() {
  using footfall::test::g_count;
  using footfall::test::g_tests;
  if (footfall::test::g_overflow) {
    std::printf("board test runner: more tests than its capacity of %d\n", footfall::test::kCapacity);
    return 1;
  }
  if (g_count == 0) {
    std::printf("board test runner: this image holds no tests\n");
    return 2;
  }
  std::printf("[==========] Running %d tests on " FOOTFALL_BOARD_NAME ".\n", g_count);
  int passed = 0, failed = 0;
  for (int i = 0; i < g_count; ++i) {
    std::printf("[ RUN      ] %s.%s\n", g_tests[i].suite, g_tests[i].name);
    footfall::test::g_failures_in_test = 0;
    g_tests[i].body();
    const bool ok = footfall::test::g_failures_in_test == 0;
    std::printf("[ %s ] %s.%s\n", ok ? "      OK" : " FAILED ", g_tests[i].suite, g_tests[i].name);
    (ok ? passed : failed) += 1;
  }
  std::printf("[==========] stack high-water mark: %u of %u bytes\n",
              static_cast<unsigned>(footfall::port::stack_high_water_bytes()),
              static_cast<unsigned>(footfall::port::stack_size_bytes()));
  std::printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
