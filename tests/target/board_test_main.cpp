// The test runner on the emulated boards: runs every FF_TEST registered in this image
// (test_registry.cpp), prints the stack high-water mark and a closing "N passed, N failed" line,
// and exits (semihosting) with 0 when all passed, 1 when any failed, 2 when the image held no test.
#include <cstdio>

#include "footfall/port/cortex_m.hpp"
#include "footfall/port/port.hpp"
#include "test_registry.hpp"

int main() {
  const footfall::test::RunSummary summary =
      footfall::test::run_registered_tests(FOOTFALL_BOARD_NAME, nullptr);
  if (summary.passed + summary.failed == 0) return summary.exit_status;
  std::printf("[==========] stack high-water mark: %u of %u bytes\n",
              static_cast<unsigned>(footfall::port::stack_high_water_bytes()),
              static_cast<unsigned>(footfall::port::stack_size_bytes()));
  std::printf("%d passed, %d failed\n", summary.passed, summary.failed);
  return summary.exit_status;
}
