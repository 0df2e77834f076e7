// Stack measurement on Cortex-M: the reset handler paints the stack (startup.c); the deepest
// word no longer holding the paint marks the most the stack has been used.
#include <cstdint>

#include "footfall/port/cortex_m.hpp"
#include "stack_paint.h"

namespace footfall::port {

std::size_t stack_size_bytes() noexcept {
  return static_cast<std::size_t>(reinterpret_cast<std::uintptr_t>(__stack_top) -
                                  reinterpret_cast<std::uintptr_t>(__stack_bottom));
}

std::size_t stack_high_water_bytes() noexcept {
  const std::uint32_t* word = __stack_bottom;
  // The linker script places both bounds of the one stack region (cortex-m.ld).
  // cppcheck-suppress comparePointers
  while (word < __stack_top && *word == FF_STACK_PAINT) ++word;
  return static_cast<std::size_t>(reinterpret_cast<std::uintptr_t>(__stack_top) -
                                  reinterpret_cast<std::uintptr_t>(word));
}

}  // namespace footfall::port
