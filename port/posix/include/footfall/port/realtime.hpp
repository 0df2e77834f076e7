#pragma once
// POSIX only (RT-Linux and the host): what a real-time control thread asks of the kernel before
// its loop starts — the SCHED_FIFO class at a priority, every page of the process locked in RAM
// (mlockall), the stack it will use touched now so no page fault happens inside a tick, and a
// CPU of its own. Each may be refused (no CAP_SYS_NICE, an RLIMIT_MEMLOCK too small, a CPU that
// does not exist); the loop still runs, and the result says what was not set and why, so a
// user on a laptop gets figures and a user on the robot knows whether to trust them.
#include <cstddef>

namespace footfall::port {

struct RealtimeRequest {
  int priority = 80;                       // SCHED_FIFO priority, 1–99; 0: leave the scheduler
  bool lock_memory = true;                 // mlockall(MCL_CURRENT | MCL_FUTURE)
  std::size_t stack_prefault_bytes = std::size_t{256} * 1024;  // touched now (at most 1 MiB); 0: none
  int cpu = -1;                            // pin the calling thread to this CPU; −1: leave it
};

// What was set; for each refusal, the errno it came with (0: set, or not asked for).
struct RealtimeResult {
  bool scheduler = false, memory_locked = false, stack_prefaulted = false, affinity = false;
  int scheduler_error = 0, memory_error = 0, affinity_error = 0;
};

// Applies `request` to the calling thread and process. Never fails: refusals are reported.
RealtimeResult enter_realtime(const RealtimeRequest& request) noexcept;

// One line per item of `request`: set, or not set and why (strerror), to stdout.
void print_realtime(const RealtimeRequest& request, const RealtimeResult& result) noexcept;

}  // namespace footfall::port
