// The board benchmark: instruction counts of the spatial algebra, the tree dynamics, stance and
// the strike and a fixed step of time stepping, in float and double, on the emulated board (QEMU -icount; see instruction_counter.hpp).
#include <cstdio>

#include "bench.hpp"
#include "footfall/port/cortex_m.hpp"

namespace footfall::bench {
port::InstructionCounter g_counter;
}  // namespace footfall::bench

int main() {
  using footfall::bench::g_counter;
  g_counter.calibrate();
  std::printf("footfall instruction counts on " FOOTFALL_BOARD_NAME " (QEMU -icount, %.3f ticks per instruction)\n",
              static_cast<double>(g_counter.ticks_per_instruction()));
  std::printf("  %-6s  %-40s %8s\n", "scalar", "operation", "instr.");
  footfall::bench::spatial<float>();
  footfall::bench::spatial<double>();
  footfall::bench::dynamics<float>();
  footfall::bench::dynamics<double>();
  footfall::bench::stance<float>();
  footfall::bench::stance<double>();
  footfall::bench::strike<float>();
  footfall::bench::strike<double>();
  footfall::bench::soles<float>();
  footfall::bench::soles<double>();
  footfall::bench::motion<float>();
  footfall::bench::motion<double>();
  std::printf("stack high-water mark: %u of %u bytes\n",
              static_cast<unsigned>(footfall::port::stack_high_water_bytes()),
              static_cast<unsigned>(footfall::port::stack_size_bytes()));
  return 0;
}
