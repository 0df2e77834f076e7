#pragma once
// The hardware abstraction footfall needs, and all of it: a monotonic clock, sleeping until an
// absolute time, a console, and the two ways a program ends. Each target (port/posix,
// port/cortex-m) implements these free functions once; nothing in lib/core includes this file.
#include <cstddef>
#include <cstdint>

namespace footfall::port {

// Ticks of the target's monotonic clock: nanoseconds on POSIX, core-clock cycles of SysTick on
// Cortex-M (extended to 64 bits in software, so it does not wrap in the life of a robot).
using Ticks = std::uint64_t;

// Reads the monotonic clock. Never goes backwards.
Ticks now() noexcept;

// How many ticks make one second on this target.
Ticks ticks_per_second() noexcept;

// Sleeps until the clock reads at least `deadline` (an absolute time, so a loop that adds a
// fixed period to its deadline does not drift). Returns at once if the deadline has passed.
void sleep_until(Ticks deadline) noexcept;

// Writes `length` bytes to the console (stdout on POSIX, the semihosting console on the
// emulated boards). Never blocks for longer than the console itself takes.
void console_write(const char* text, std::size_t length) noexcept;

// Writes a NUL-terminated string to the console.
void console_print(const char* text) noexcept;

// Ends the program with an exit status (process exit on POSIX, semihosting exit on the
// emulated boards, where QEMU exits with this status).
[[noreturn]] void finish(int status) noexcept;

// The fault hook: called when something that must never happen did (a hard fault, a failed
// internal check). Prints `reason` and ends the program with a non-zero status; on a real
// board this is where a product would make the actuators safe and reset.
[[noreturn]] void fault(const char* reason) noexcept;

}  // namespace footfall::port
