#pragma once
// The instructions a call takes on the emulated boards (QEMU -icount, the counter calibrated once;
// a SysTick interrupt that falls inside adds its few dozen), and 0 elsewhere (the host, and the
// cross Linux builds, which share the boards' test runner but not their counter), where the call
// just runs: the reliability suite's worst-cost figures are board figures.
#include <cstdint>

#if defined(FOOTFALL_TEST_COUNTS_INSTRUCTIONS)
#include "footfall/port/instruction_counter.hpp"
#endif

namespace footfall::test {

template <typename F>
std::uint32_t instructions_of(F&& f) {
#if defined(FOOTFALL_TEST_COUNTS_INSTRUCTIONS)
  static const port::InstructionCounter counter = [] {
    port::InstructionCounter c;
    c.calibrate();
    return c;
  }();
  return counter.count(f);
#else
  f();
  return 0;
#endif
}

}  // namespace footfall::test
