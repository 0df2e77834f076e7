// The monotonic clock on Cortex-M: SysTick counting core-clock cycles, extended to 64 bits by
// counting its wraps in the SysTick interrupt. The reload is the full 24 bits, so the interrupt
// comes once every 2^24 cycles (0.67 s at 25 MHz) and disturbs measured code as little as
// possible. Under QEMU's -icount the count is virtual time, a fixed multiple of the number of
// instructions executed, and so deterministic.
#include <cstdint>

#include "footfall/port/port.hpp"

#ifndef FOOTFALL_BOARD_CLOCK_HZ
#error "the board's CMake file defines FOOTFALL_BOARD_CLOCK_HZ"
#endif

namespace {

constexpr std::uintptr_t kSystCsr = 0xE000E010u;  // control and status
constexpr std::uintptr_t kSystRvr = 0xE000E014u;  // reload value
constexpr std::uintptr_t kSystCvr = 0xE000E018u;  // current value (counts down)
constexpr std::uint32_t kReload = 0x00FFFFFFu;
constexpr std::uint32_t kEnable = 1u << 0, kTickInterrupt = 1u << 1, kCoreClock = 1u << 2;

volatile std::uint32_t& reg(std::uintptr_t address) {
  return *reinterpret_cast<volatile std::uint32_t*>(address);
}

volatile std::uint32_t g_wraps = 0;
bool g_started = false;

void start() {
  reg(kSystRvr) = kReload;
  reg(kSystCvr) = 0;
  reg(kSystCsr) = kEnable | kTickInterrupt | kCoreClock;
  g_started = true;
}

}  // namespace

extern "C" void ff_systick_handler() { g_wraps = g_wraps + 1u; }

namespace footfall::port {

Ticks now() noexcept {
  if (!g_started) start();
  // Read the wrap count on both sides of the counter so that a wrap between the two reads is
  // seen; the interrupt has run by the second read if it fell in between.
  std::uint32_t wraps_before = 0, count = 0;
  std::uint32_t wraps_after = g_wraps;
  do {
    wraps_before = wraps_after;
    count = reg(kSystCvr);
    wraps_after = g_wraps;
  } while (wraps_before != wraps_after);
  return (static_cast<Ticks>(wraps_after) << 24) + (kReload - count);
}

Ticks ticks_per_second() noexcept { return FOOTFALL_BOARD_CLOCK_HZ; }

void sleep_until(Ticks deadline) noexcept {
  // Far from the deadline, wait for the next interrupt (at worst the next SysTick wrap); within
  // one wrap of it, poll, so the wake-up is exact to a few cycles.
  for (Ticks t = now(); t < deadline; t = now()) {
    if (deadline - t > kReload) asm volatile("wfi");
  }
}

}  // namespace footfall::port
