// The POSIX real-time setup (realtime.hpp): SCHED_FIFO, mlockall, a prefaulted stack, affinity.
#include "footfall/port/realtime.hpp"

#include <pthread.h>
#include <sched.h>
#include <sys/mman.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace footfall::port {

namespace {

// Touches `bytes` of stack (at most kMaxStackPrefault) below the caller's frame, one write a
// page, so the pages exist (and, once mlockall holds them, stay) before the loop runs. The
// frame is the array itself; volatile keeps the writes.
constexpr std::size_t kMaxStackPrefault = std::size_t{1024} * 1024;

__attribute__((noinline)) void prefault_stack(std::size_t bytes) noexcept {
  volatile unsigned char frame[kMaxStackPrefault];
  const std::size_t n = bytes < kMaxStackPrefault ? bytes : kMaxStackPrefault;
  if (n == 0) return;
  for (std::size_t i = 0; i < n; i += 4096) frame[kMaxStackPrefault - 1 - i] = 0;
  const unsigned char last = frame[kMaxStackPrefault - 1];  // a volatile read: the writes are used
  (void)last;
}

}  // namespace

RealtimeResult enter_realtime(const RealtimeRequest& request) noexcept {
  RealtimeResult result;
  if (request.lock_memory) {
    result.memory_locked = mlockall(MCL_CURRENT | MCL_FUTURE) == 0;
    if (!result.memory_locked) result.memory_error = errno;
  }
  if (request.stack_prefault_bytes > 0) {
    prefault_stack(request.stack_prefault_bytes);
    result.stack_prefaulted = true;
  }
  if (request.cpu >= 0) {
    if (request.cpu < CPU_SETSIZE) {
      cpu_set_t set;
      CPU_ZERO(&set);
      CPU_SET(static_cast<std::size_t>(request.cpu), &set);
      result.affinity_error = pthread_setaffinity_np(pthread_self(), sizeof set, &set);
    } else {
      result.affinity_error = EINVAL;
    }
    result.affinity = result.affinity_error == 0;
  }
  if (request.priority > 0) {
    sched_param param{};
    param.sched_priority = request.priority;
    result.scheduler_error = pthread_setschedparam(pthread_self(), SCHED_FIFO, &param);
    result.scheduler = result.scheduler_error == 0;
  }
  return result;
}

void print_realtime(const RealtimeRequest& request, const RealtimeResult& result) noexcept {
  const auto line = [](const char* what, bool asked, bool set, int error) {
    if (!asked)
      std::printf("  %-28s not asked for\n", what);
    else if (set)
      std::printf("  %-28s set\n", what);
    else
      std::printf("  %-28s NOT set: %s\n", what, std::strerror(error));
  };
  char scheduler[48], cpu[48];  // room for any int: neither can be cut
  (void)std::snprintf(scheduler, sizeof scheduler, "SCHED_FIFO priority %d", request.priority);
  (void)std::snprintf(cpu, sizeof cpu, "pinned to CPU %d", request.cpu);
  line(scheduler, request.priority > 0, result.scheduler, result.scheduler_error);
  line("memory locked (mlockall)", request.lock_memory, result.memory_locked, result.memory_error);
  line("stack prefaulted", request.stack_prefault_bytes > 0, result.stack_prefaulted, 0);
  line(cpu, request.cpu >= 0, result.affinity, result.affinity_error);
}

}  // namespace footfall::port
