#pragma once
// The fixed-rate executive: a control loop released at absolute times start + k·period, so no
// tick's lateness shifts the next (no drift), that runs its stages in order each tick, times
// every tick and stage, counts overruns and applies the user's deadline-miss policy.
//
// OS-free: the clock is a template parameter with `ClockTicks now()` and `void
// sleep_until(ClockTicks)`, which a port supplies (port/posix: CLOCK_MONOTONIC and
// clock_nanosleep(TIMER_ABSTIME); port/cortex-m: SysTick and WFI) and a test replaces with a
// simulated clock. The core never includes the port (lib/DESIGN.md §1).
//
// A tick overruns when its stages finish after its deadline (the next release). The tick after
// an overrun then runs under the miss policy:
//  - kSkipOptional: stages marked optional (the strike prediction) are skipped for that tick;
//  - kDegraded: every stage is told the tick is degraded (StageMode::kDegraded) and may do less;
//  - kFault: the fault hook is called and the loop stops.
// The tick after an overrun starts at once as the latest release it passed; the earlier passed
// releases are skipped, not run back to back, and counted as missed; releases stay on the grid
// start + k·period.
#include <cstddef>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/status.hpp"
#include "footfall/executive/timing_statistics.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// What the tick after an overrun does: skip the optional stages, run every stage told it is
/// degraded, or call the fault hook and stop.
enum class MissPolicy : unsigned char { kSkipOptional = 0, kDegraded, kFault };
/// How a stage is asked to run: as normal, or degraded (after an overrun, under kDegraded).
enum class StageMode : unsigned char { kNormal = 0, kDegraded };

/// One stage of a tick: a function pointer and its context (no std::function, no heap).
struct ExecutiveStage {
  const char* name = "";  ///< a label for the caller; run_executive does not read it
  /// The stage's work, called with `context` and the tick's mode; must be set.
  Status (*run)(void* context, StageMode mode) noexcept = nullptr;
  void* context = nullptr;  ///< passed to run as it is
  bool optional = false;  ///< may be skipped after an overrun (kSkipOptional)
};

/// Optional callbacks of the executive (nullptr: not called), all given the same context.
struct ExecutiveHooks {
  void (*watchdog)(void* context) noexcept = nullptr;               ///< kicked once every tick
  void (*fault)(void* context, int tick, Status status) noexcept = nullptr;  ///< kFault, or a stage's error
  void* context = nullptr;  ///< passed to watchdog and fault as it is
};

/// What run_executive runs: the period, the miss policy, up to MaxStages stages (the first
/// stage_count, run in order every tick) and the hooks. validate_executive_config checks it.
template <int MaxStages>
struct ExecutiveConfig {
  ClockTicks period = 0;           ///< the tick's length in the clock's ticks
  MissPolicy policy = MissPolicy::kSkipOptional;  ///< what the tick after an overrun does; kFault needs hooks.fault
  ClockTicks histogram_bin = 0;    ///< the statistics' bin width; 0: period / 8
  bool stop_on_stage_error = true;  ///< a stage's non-ok Status calls the fault hook and stops
  /// The stages, run in order: the first stage_count, each with its run set.
  ExecutiveStage stages[static_cast<std::size_t>(MaxStages)];
  int stage_count = 0;  ///< how many of stages are used, 0 to MaxStages
  ExecutiveHooks hooks;  ///< the watchdog and fault callbacks
};

/// What run_executive reports: how the loop ended, its counts, and the timing statistics (in the
/// clock's ticks) of every tick, of its release latency and of each stage.
template <int MaxStages>
struct ExecutiveReport {
  Status status;                      ///< ok, or the stage error / fault that stopped the loop
  long ticks = 0;                     ///< ticks run
  long overruns = 0;                  ///< ticks that finished after their deadline
  long missed_releases = 0;           ///< releases skipped because an overrun ran past them
  long degraded_ticks = 0;            ///< ticks run under the miss policy
  long skipped_stages = 0;            ///< optional stages skipped (kSkipOptional)
  TimingStatistics tick;              ///< from the tick's start to its stages' end
  TimingStatistics release_latency;   ///< from the release time to the tick's start (jitter)
  TimingStatistics stage[static_cast<std::size_t>(MaxStages)];  ///< stage[i]: the durations of config.stages[i]'s runs
};

/// Checks a config: a nonzero period, 0 ≤ stage_count ≤ MaxStages, every used stage's run set,
/// a known policy, and a fault hook under kFault.
template <int MaxStages>
Status validate_executive_config(const ExecutiveConfig<MaxStages>& c) noexcept {
  if (c.period == 0) return Status::BadInput("executive.period");
  if (c.stage_count < 0 || c.stage_count > MaxStages) return Status::Capacity("executive.stages", c.stage_count);
  for (int i = 0; i < c.stage_count; ++i)
    if (c.stages[i].run == nullptr) return Status::BadInput("executive.stages.run", i);
  if (static_cast<int>(c.policy) > static_cast<int>(MissPolicy::kFault)) return Status::BadInput("executive.policy");
  if (c.policy == MissPolicy::kFault && c.hooks.fault == nullptr) return Status::BadInput("executive.hooks.fault");
  return Status::Ok();
}

/// Runs `ticks` ticks (bounded), the first released at the clock's current time. Writes the
/// report; returns its status.
template <typename Clock, int MaxStages>
Status run_executive(Clock& clock, const ExecutiveConfig<MaxStages>& config, long ticks,
                     ExecutiveReport<MaxStages>& report) noexcept {
  report = ExecutiveReport<MaxStages>();
  Status status = validate_executive_config(config);
  if (status.ok() && ticks < 0) status = Status::BadInput("executive.ticks");
  if (!status.ok()) return report.status = status;
  const ClockTicks width = config.histogram_bin > 0 ? config.histogram_bin : (config.period / 8 > 0 ? config.period / 8 : 1);
  report.tick.reset(width);
  report.release_latency.reset(width);
  for (int i = 0; i < config.stage_count; ++i) report.stage[i].reset(width);

  const ClockTicks start = clock.now();
  long release = 0;  // the index k of this tick's release time start + k·period
  bool late = false;
  for (long k = 0; k < ticks; ++k) {
    const ClockTicks released = start + static_cast<ClockTicks>(release) * config.period;
    const ClockTicks began = clock.now();
    report.release_latency.record(began > released ? began - released : 0);
    const bool degraded = late;
    if (degraded) ++report.degraded_ticks;
    for (int i = 0; i < config.stage_count; ++i) {
      const ExecutiveStage& stage = config.stages[i];
      if (degraded && config.policy == MissPolicy::kSkipOptional && stage.optional) {
        ++report.skipped_stages;
        continue;
      }
      const ClockTicks t0 = clock.now();
      const Status result = stage.run(stage.context, degraded && config.policy == MissPolicy::kDegraded
                                                         ? StageMode::kDegraded : StageMode::kNormal);
      report.stage[i].record(clock.now() - t0);
      if (!result.ok() && config.stop_on_stage_error) {
        if (config.hooks.fault != nullptr) config.hooks.fault(config.hooks.context, static_cast<int>(k), result);
        report.ticks = k + 1;
        return report.status = result;
      }
    }
    const ClockTicks ended = clock.now();
    report.tick.record(ended - began);
    if (config.hooks.watchdog != nullptr) config.hooks.watchdog(config.hooks.context);
    report.ticks = k + 1;

    // The deadline is the next release on the grid; an overrun skips the releases it passed.
    ClockTicks deadline = released + config.period;
    late = ended > deadline;
    ++release;
    if (late) {
      ++report.overruns;
      if (config.policy == MissPolicy::kFault) {
        config.hooks.fault(config.hooks.context, static_cast<int>(k), Status::IterationLimit("executive.deadline"));
        return report.status = Status::IterationLimit("executive.deadline", static_cast<int>(k));
      }
      // Of the releases the overrun has passed, the latest runs at once, late and under the
      // policy; the earlier ones are skipped.
      const ClockTicks behind = (ended - deadline) / config.period;
      report.missed_releases += static_cast<long>(behind);
      release += static_cast<long>(behind);
      deadline = start + static_cast<ClockTicks>(release) * config.period;
    }
    if (k + 1 < ticks) clock.sleep_until(deadline);
  }
  return report.status = Status::Ok();
}

}  // namespace footfall
FOOTFALL_HEADER_END
