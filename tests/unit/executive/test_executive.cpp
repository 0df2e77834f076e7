// The fixed-rate executive (executive/executive.hpp) on a simulated clock: each stage advances
// the clock by a duration the test chooses, so releases, deadlines, overruns and statistics
// have exact expected values.
#include "ff_test.hpp"
#include "footfall/executive/executive.hpp"

namespace footfall::test {
namespace {

// A clock that moves only when told: stages spend time, sleeps jump to their deadline.
struct SimulatedClock {
  ClockTicks time = 1000;  // not zero: the loop must not assume its start is 0
  long sleeps = 0;
  ClockTicks now() noexcept { return time; }
  void sleep_until(ClockTicks deadline) noexcept {
    ++sleeps;
    if (deadline > time) time = deadline;
  }
};

// A stage that spends durations[tick] (or `fallback`) of the clock and records what it was told.
struct TimedStage {
  SimulatedClock* clock = nullptr;
  const ClockTicks* durations = nullptr;
  int duration_count = 0;
  ClockTicks fallback = 0;
  int calls = 0;
  int degraded_calls = 0;
  int fail_at = -1;  // the call that returns an error
  ClockTicks starts[64] = {};

  static Status run(void* context, StageMode mode) noexcept {
    TimedStage& s = *static_cast<TimedStage*>(context);
    if (s.calls < 64) s.starts[s.calls] = s.clock->time;
    s.clock->time += s.calls < s.duration_count ? s.durations[s.calls] : s.fallback;
    if (mode == StageMode::kDegraded) ++s.degraded_calls;
    const bool fail = s.calls == s.fail_at;
    ++s.calls;
    return fail ? Status::CheckFailed("test.stage") : Status::Ok();
  }
};

struct Hooks {
  int watchdog_kicks = 0;
  int faults = 0;
  int fault_tick = -1;
  static void watchdog(void* context) noexcept { ++static_cast<Hooks*>(context)->watchdog_kicks; }
  static void fault(void* context, int tick, Status) noexcept {
    Hooks& h = *static_cast<Hooks*>(context);
    ++h.faults;
    h.fault_tick = tick;
  }
};

ExecutiveConfig<4> two_stages(TimedStage& sense, TimedStage& predict, Hooks& hooks, MissPolicy policy) {
  ExecutiveConfig<4> c;
  c.period = 1000;
  c.policy = policy;
  c.stages[0] = ExecutiveStage{"sense_and_stance", &TimedStage::run, &sense, false};
  c.stages[1] = ExecutiveStage{"strike_prediction", &TimedStage::run, &predict, true};
  c.stage_count = 2;
  c.hooks = ExecutiveHooks{&Hooks::watchdog, &Hooks::fault, &hooks};
  return c;
}

// Releases on the grid start + k·period whatever each tick took: no drift over 10 000 ticks,
// every tick starting exactly on its release, the watchdog kicked once a tick.
FF_TEST(Executive, ReleasesStayOnTheGrid) {
  static SimulatedClock clock;
  clock = SimulatedClock();
  static TimedStage sense, predict;
  const ClockTicks varied[5] = {100, 730, 5, 420, 999};
  sense = TimedStage{&clock, varied, 5, 300};
  predict = TimedStage{&clock, nullptr, 0, 1};
  Hooks hooks;
  const auto config = two_stages(sense, predict, hooks, MissPolicy::kSkipOptional);
  ExecutiveReport<4> report;
  FF_ASSERT_TRUE(run_executive(clock, config, 10000, report).ok());
  FF_EXPECT_EQ(report.ticks, 10000L);
  FF_EXPECT_EQ(report.overruns, 0L);
  FF_EXPECT_EQ(hooks.watchdog_kicks, 10000);
  for (int k = 0; k < 64; ++k) FF_EXPECT_EQ(sense.starts[k], ClockTicks(1000 + 1000 * k));
  // The last tick started at its release: start + 9 999 periods, then spent 300 + 1.
  FF_EXPECT_EQ(clock.time, ClockTicks(1000 + 9999 * 1000 + 301));
  FF_EXPECT_EQ(report.release_latency.max, ClockTicks(0));
}

// The statistics against the injected durations: min, max, mean and the histogram's bins.
FF_TEST(Executive, StatisticsMatchTheInjectedDurations) {
  SimulatedClock clock;
  static TimedStage sense, predict;
  const ClockTicks durations[4] = {100, 300, 200, 400};
  sense = TimedStage{&clock, durations, 4, 0};
  predict = TimedStage{&clock, nullptr, 0, 50};
  Hooks hooks;
  auto config = two_stages(sense, predict, hooks, MissPolicy::kSkipOptional);
  config.histogram_bin = 100;
  ExecutiveReport<4> report;
  FF_ASSERT_TRUE(run_executive(clock, config, 4, report).ok());
  FF_EXPECT_EQ(report.stage[0].count, 4u);
  FF_EXPECT_EQ(report.stage[0].minimum(), ClockTicks(100));
  FF_EXPECT_EQ(report.stage[0].max, ClockTicks(400));
  FF_EXPECT_EQ(report.stage[0].mean(), ClockTicks(250));
  for (int b = 1; b <= 4; ++b) FF_EXPECT_EQ(report.stage[0].histogram[b], 1u);
  FF_EXPECT_EQ(report.stage[1].mean(), ClockTicks(50));
  FF_EXPECT_EQ(report.tick.minimum(), ClockTicks(150));
  FF_EXPECT_EQ(report.tick.max, ClockTicks(450));
  FF_EXPECT_EQ(report.tick.histogram[4], 1u);  // 450 in [400, 500)
}

// The histogram's bins on both sides of 2³²: the 32-bit divide for what fits, the 64-bit one for
// a duration or a width beyond it, and the last bin for everything past the 16th.
FF_TEST(Executive, HistogramBinsAcrossThirtyTwoBits) {
  TimingStatistics s;
  s.reset(1000);
  FF_EXPECT_EQ(s.bin_of(0), 0);
  FF_EXPECT_EQ(s.bin_of(999), 0);
  FF_EXPECT_EQ(s.bin_of(1000), 1);
  FF_EXPECT_EQ(s.bin_of(15999), 15);
  FF_EXPECT_EQ(s.bin_of(0xFFFFFFFFull), 15);
  FF_EXPECT_EQ(s.bin_of(0x100000000ull), 15);  // 2³², past the last bin's start
  const ClockTicks wide = ClockTicks(3) << 32;  // a width over 32 bits
  s.reset(wide);
  FF_EXPECT_EQ(s.bin_of(wide - 1), 0);
  FF_EXPECT_EQ(s.bin_of(5 * wide + 7), 5);
  FF_EXPECT_EQ(s.bin_of(~ClockTicks(0)), 15);
  s.reset(0x100000000ull / 16);  // 2²⁸: the 16 bins end at 2³² exactly
  FF_EXPECT_EQ(s.bin_of(0xFFFFFFFFull), 15);
  FF_EXPECT_EQ(s.bin_of(0x0FFFFFFFull), 0);
  FF_EXPECT_EQ(s.bin_of(0x10000000ull * 7 + 1), 7);
  s.record(0x10000000ull * 3);
  FF_EXPECT_EQ(s.histogram[3], 1u);
}

// An overrun: tick 2 takes 2.5 periods. It is counted, of the two releases it ran past the
// earlier is skipped, the next tick starts at once and skips the optional stage, and the grid
// holds.
FF_TEST(Executive, OverrunSkipsTheOptionalStageAndKeepsTheGrid) {
  SimulatedClock clock;
  static TimedStage sense, predict;
  const ClockTicks durations[6] = {100, 100, 2500, 100, 100, 100};
  sense = TimedStage{&clock, durations, 6, 100};
  predict = TimedStage{&clock, nullptr, 0, 10};
  Hooks hooks;
  const auto config = two_stages(sense, predict, hooks, MissPolicy::kSkipOptional);
  ExecutiveReport<4> report;
  FF_ASSERT_TRUE(run_executive(clock, config, 6, report).ok());
  FF_EXPECT_EQ(report.overruns, 1L);
  FF_EXPECT_EQ(report.missed_releases, 1L);
  FF_EXPECT_EQ(report.degraded_ticks, 1L);
  FF_EXPECT_EQ(report.skipped_stages, 1L);
  FF_EXPECT_EQ(predict.calls, 5);
  // Tick 2, released at 3000, ends at 5510, past the releases at 4000 and 5000: the one at 4000
  // is skipped, tick 3 is the one at 5000, started at once (510 late), and tick 4 is back on the
  // grid at 6000.
  FF_EXPECT_EQ(sense.starts[3], ClockTicks(5510));
  FF_EXPECT_EQ(sense.starts[4], ClockTicks(6000));
  FF_EXPECT_EQ(sense.starts[5], ClockTicks(7000));
  FF_EXPECT_EQ(report.release_latency.max, ClockTicks(510));
}

// kDegraded: the tick after an overrun runs every stage, told it is degraded.
FF_TEST(Executive, DegradedPolicyTellsTheStages) {
  SimulatedClock clock;
  static TimedStage sense, predict;
  const ClockTicks durations[3] = {1200, 100, 100};
  sense = TimedStage{&clock, durations, 3, 100};
  predict = TimedStage{&clock, nullptr, 0, 10};
  Hooks hooks;
  const auto config = two_stages(sense, predict, hooks, MissPolicy::kDegraded);
  ExecutiveReport<4> report;
  FF_ASSERT_TRUE(run_executive(clock, config, 3, report).ok());
  FF_EXPECT_EQ(report.overruns, 1L);
  FF_EXPECT_EQ(sense.degraded_calls, 1);
  FF_EXPECT_EQ(predict.degraded_calls, 1);
  FF_EXPECT_EQ(predict.calls, 3);
  FF_EXPECT_EQ(report.skipped_stages, 0L);
}

// kFault: an overrun calls the fault hook with its tick and stops the loop.
FF_TEST(Executive, FaultPolicyStopsAtTheOverrun) {
  SimulatedClock clock;
  static TimedStage sense, predict;
  const ClockTicks durations[3] = {100, 1500, 100};
  sense = TimedStage{&clock, durations, 3, 100};
  predict = TimedStage{&clock, nullptr, 0, 10};
  Hooks hooks;
  const auto config = two_stages(sense, predict, hooks, MissPolicy::kFault);
  ExecutiveReport<4> report;
  const Status s = run_executive(clock, config, 10, report);
  FF_EXPECT_TRUE(s.code == StatusCode::kIterationLimit);
  FF_EXPECT_EQ(report.ticks, 2L);
  FF_EXPECT_EQ(hooks.faults, 1);
  FF_EXPECT_EQ(hooks.fault_tick, 1);
}

// A stage's error calls the fault hook and stops the loop with that Status.
FF_TEST(Executive, StageErrorStopsTheLoop) {
  SimulatedClock clock;
  static TimedStage sense, predict;
  sense = TimedStage{&clock, nullptr, 0, 100};
  sense.fail_at = 3;
  predict = TimedStage{&clock, nullptr, 0, 10};
  Hooks hooks;
  const auto config = two_stages(sense, predict, hooks, MissPolicy::kSkipOptional);
  ExecutiveReport<4> report;
  const Status s = run_executive(clock, config, 10, report);
  FF_EXPECT_TRUE(s.code == StatusCode::kCheckFailed);
  FF_EXPECT_EQ(report.ticks, 4L);
  FF_EXPECT_EQ(hooks.faults, 1);
  FF_EXPECT_EQ(predict.calls, 3);
}

// Bad configuration is refused before any tick.
FF_TEST(Executive, RejectsBadConfiguration) {
  SimulatedClock clock;
  static TimedStage sense, predict;
  sense = TimedStage{&clock, nullptr, 0, 100};
  predict = TimedStage{&clock, nullptr, 0, 10};
  Hooks hooks;
  ExecutiveReport<4> report;
  auto config = two_stages(sense, predict, hooks, MissPolicy::kSkipOptional);
  config.period = 0;
  FF_EXPECT_TRUE(run_executive(clock, config, 5, report).code == StatusCode::kBadInput);
  config = two_stages(sense, predict, hooks, MissPolicy::kFault);
  config.hooks.fault = nullptr;
  FF_EXPECT_TRUE(run_executive(clock, config, 5, report).code == StatusCode::kBadInput);
  config = two_stages(sense, predict, hooks, MissPolicy::kSkipOptional);
  config.stage_count = 5;
  FF_EXPECT_TRUE(run_executive(clock, config, 5, report).code == StatusCode::kCapacity);
  config.stage_count = 2;
  config.stages[1].run = nullptr;
  FF_EXPECT_TRUE(run_executive(clock, config, 5, report).code == StatusCode::kBadInput);
  FF_EXPECT_EQ(sense.calls, 0);
  FF_EXPECT_EQ(clock.time, ClockTicks(1000));
}

}  // namespace
}  // namespace footfall::test
