// The test runner for cross-built Linux targets (the aarch64-linux preset, run under
// qemu-aarch64), where Debian's GoogleTest, built for the host only, cannot be linked: the
// boards' minimal runner (test_registry.cpp) with a Linux main. As on the host, every test body
// runs with Eigen's heap forbidden (EIGEN_RUNTIME_NO_MALLOC). Exits 0 when all passed, 1 when
// any failed, 2 when the executable held no test.
#include <cstdio>

#include "ff_test.hpp"
#include "test_registry.hpp"

namespace {

void run_without_eigen_heap(footfall::test::TestBody body) {
#if defined(EIGEN_RUNTIME_NO_MALLOC)
  Eigen::internal::set_is_malloc_allowed(false);
  body();
  Eigen::internal::set_is_malloc_allowed(true);
#else
  body();
#endif
}

}  // namespace

int main() {
  const footfall::test::RunSummary summary =
      footfall::test::run_registered_tests(FOOTFALL_TEST_TARGET_NAME, run_without_eigen_heap);
  if (summary.passed + summary.failed > 0)
    std::printf("%d passed, %d failed\n", summary.passed, summary.failed);
  return summary.exit_status;
}
