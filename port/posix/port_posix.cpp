// The POSIX port, for the host and RT-Linux: CLOCK_MONOTONIC in nanoseconds, absolute sleeps
// with clock_nanosleep(TIMER_ABSTIME) so a periodic loop does not drift, stdout as console.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <unistd.h>

#include "footfall/port/port.hpp"

namespace footfall::port {

namespace {
constexpr Ticks kNanosecondsPerSecond = 1000000000u;
}

Ticks now() noexcept {
  timespec t{};
  clock_gettime(CLOCK_MONOTONIC, &t);
  return static_cast<Ticks>(t.tv_sec) * kNanosecondsPerSecond + static_cast<Ticks>(t.tv_nsec);
}

Ticks ticks_per_second() noexcept { return kNanosecondsPerSecond; }

void sleep_until(Ticks deadline) noexcept {
  timespec t{};
  t.tv_sec = static_cast<time_t>(deadline / kNanosecondsPerSecond);
  t.tv_nsec = static_cast<long>(deadline % kNanosecondsPerSecond);
  // clock_nanosleep returns the error number itself; EINTR means a signal woke us early.
  while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, nullptr) == EINTR) {
  }
}

void console_write(const char* text, std::size_t length) noexcept {
  (void)std::fflush(stdout);  // keep order with anything printed through stdio (best effort)
  while (length > 0) {
    const ssize_t written = ::write(STDOUT_FILENO, text, length);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) return;
    text += written;
    length -= static_cast<std::size_t>(written);
  }
}

void console_print(const char* text) noexcept { console_write(text, std::strlen(text)); }

[[noreturn]] void finish(int status) noexcept {
  (void)std::fflush(stdout);  // exit flushes again; a failure here has nowhere to be reported
  std::exit(status);
}

[[noreturn]] void fault(const char* reason) noexcept {
  (void)std::fflush(stdout);  // a fault is being reported: a failing stream cannot stop that
  (void)std::fprintf(stderr, "footfall: fault: %s\n", reason);
  std::_Exit(3);
}

}  // namespace footfall::port
