#pragma once
// What the Cortex-M port offers beyond the portable interface of port.hpp: stack measurement.
#include <cstddef>

namespace footfall::port {

// Size of the main stack reserved by the linker script (__stack_size).
std::size_t stack_size_bytes() noexcept;

// Deepest main-stack use since reset, in bytes, found by scanning for the first word that no
// longer holds the paint pattern the reset handler wrote. A lower bound on the true worst case
// only if a callee skipped words it reserved; Eigen and GCC do not.
std::size_t stack_high_water_bytes() noexcept;

}  // namespace footfall::port
