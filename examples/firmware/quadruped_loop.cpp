// The quadruped's control loop as firmware: the executive of lib/core (executive/executive.hpp)
// releasing a tick every 1 ms, each tick doing what a trotting robot's controller does:
//   sense    the gait state at this release (a scripted trot in place of the encoders: the
//            diagonal pairs FR+RL and FL+RR take turns in stance, the swing pair's legs lift and
//            return, the trunk bobs and rolls a little), then kinematics, H, its factor (unrolled
//            for the A1's DOF tree) and C;
//   stance   the stance pair's foot forces under the last command (exact cone, mu 0.8), then the
//            next command: the torques that hold the trunk on the stance pair, by damped least
//            squares (a diagonal pair cannot resist a moment about the line between its feet);
//   strike   the prediction for the swing pair touching down now at (0.1, 0, -0.5) m/s relative
//            to the trunk (exact cone, Newton's law, e = 0.2) — optional: skipped on the tick
//            after an overrun; on a half-cycle's last tick, whose command acts when the swing pair
//            lands, the command becomes the torques that hold the trunk on that pair instead (and
//            the stance stage makes none that tick);
//   torques  the command written to the drives, clamped to the A1's 33.5 N m.
//
// On the emulated boards the loop runs on instruction-count time (on a real board, such as the
// nucleo-h743zi, on the port's SysTick at the core clock: cycles). QEMU runs with -icount, so SysTick
// counts a fixed multiple of the instructions executed; InstructionClock divides it out, so one
// clock tick is one instruction, which is one cycle of the modelled core. The tick period is
// the clock rate over 1 kHz: 25 000 instructions at the MPS2 boards' nominal 25 MHz, 168 000 on
// the STM32F405 (netduinoplus2). The loop first runs 1 000 ticks at that period and reports the
// overruns honestly; if there are any (on the MPS2 boards, every tick), the main run of 10 000
// ticks (10 s) uses the period of a 400 MHz Cortex-M7 (400 000 instructions per 1 ms tick) and
// says so; if there are none, it runs at the board's own clock. Either way the worst tick is also
// reported against the loop's budget, a tenth of a 1 kHz tick on a 400 MHz part: 40 000 cycles.
//
// Scalar is float on every board: in double the workspaces alone (dynamics 20 kB, stance and
// strike 23 kB for two contacts) exceed the 32 KiB RAM budget. The stance and strike solves share
// one workspace (StrikeWorkspace::solve is a StanceWorkspace; the stages run one after the
// other), which is what makes the image fit. It checks its own budgets: flash <= 128 KiB, static
// RAM + reserved stack <= 32 KiB, and ends with "firmware_loop: PASS" or "FAIL". On the host the
// same source runs 200 ticks on the POSIX clock, untimed.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <numeric>

#include <Eigen/LU>

#include "footfall/common/sin_cos.hpp"
#include "footfall/dynamics.hpp"
#include "footfall/executive/executive.hpp"
#include "footfall/models.hpp"
#include "footfall/port/port.hpp"
#include "footfall/stance.hpp"
#include "footfall/strike.hpp"

#if defined(__arm__)
#include "footfall/port/cortex_m.hpp"
#include "footfall/port/instruction_counter.hpp"
#endif

namespace {

using namespace footfall;
using S = float;
using Kernels = UnrolledKernels<QuadrupedTopology>;  // the walks of H's tree, unrolled for the A1's
using Quadruped = QuadrupedModel<S>;
constexpr int kPairs[2][2] = {{0, 3}, {1, 2}};  // FR+RL, FL+RR
constexpr int kCycle = 250;                      // ticks per trot cycle: 4 Hz
constexpr int kHalf = kCycle / 2;
constexpr S kDt = S(0.001);                      // the tick's length in gait time, s
constexpr S kTorqueLimit = S(33.5);              // N m, the A1's drives

#if defined(__arm__)  // the budgets and the nominal-clock run are judged on the boards only
constexpr std::uint32_t kFlashBudget = 128u * 1024u;
constexpr std::uint32_t kRamBudget = 32u * 1024u;
constexpr ClockTicks kBudgetCycles = 40000;      // a tenth of a 1 kHz tick at 400 MHz
constexpr long kNominalTicks = 1000;
constexpr long kTicks = 10000;
#else
constexpr long kTicks = 200;  // on the host: 0.2 s of wall time, timing not judged
#endif

#if defined(FOOTFALL_QEMU_ICOUNT_SHIFT)
// Instruction-count time: SysTick ticks at FOOTFALL_BOARD_CLOCK_HZ over virtual time, which
// -icount shift=N advances 2^N ns per instruction; instructions = ticks * 1e9 / (2^N * Hz).
constexpr std::uint64_t kIcountNs = std::uint64_t(1) << FOOTFALL_QEMU_ICOUNT_SHIFT;
constexpr std::uint64_t kRatioNum = 1000000000u, kRatioDen = kIcountNs * FOOTFALL_BOARD_CLOCK_HZ;
constexpr std::uint64_t kGcd = std::gcd(kRatioNum, kRatioDen);
constexpr std::uint64_t kNum = kRatioNum / kGcd, kDen = kRatioDen / kGcd;  // 5/8 at shift 6, 25 MHz

struct InstructionClock {
  ClockTicks now() noexcept { return port::now() * kNum / kDen; }
  // Idles until the deadline. Most of the wait is a register-only loop of two instructions an
  // iteration, so it passes exactly as much instruction time as polling SysTick would (-icount
  // charges every instruction alike) without an emulated device read each turn, which under
  // -icount costs QEMU far more than the loop; the last stretch polls the port's clock.
  void sleep_until(ClockTicks deadline) noexcept {
    const ClockTicks t = now();
    if (deadline > t + kPollInstructions) {
      std::uint32_t iterations = static_cast<std::uint32_t>((deadline - t - kPollInstructions) / 2);
      asm volatile(
          "1: subs %0, %0, #1\n\t"
          "bne 1b"
          : "+r"(iterations)
          :
          : "cc");
    }
    port::sleep_until((deadline * kDen + kNum - 1) / kNum);
  }
  static constexpr ClockTicks kPollInstructions = 256;
};
using LoopClock = InstructionClock;
constexpr ClockTicks kNominalRate = FOOTFALL_BOARD_CLOCK_HZ;  // instructions (cycles) per second
#else
// The host (wall time, nanoseconds) and a real board (the port's SysTick on the core clock: one
// tick is one cycle).
struct PortClock {
  ClockTicks now() noexcept { return port::now(); }
  void sleep_until(ClockTicks deadline) noexcept { port::sleep_until(deadline); }
};
using LoopClock = PortClock;
const ClockTicks kNominalRate = port::ticks_per_second();
#endif
#if defined(__arm__)
constexpr ClockTicks kModelledRate = 400000000;  // the 400 MHz Cortex-M7 the budget names
#endif

struct Controller {
  Quadruped model;
  Workspace<S, 13, 18> ws;
  ContactSet<S, 2> feet[2];          // per diagonal pair: its stance set, and its strike set
  // The strike's, and its .solve the stance's: room for the exact cone's unknowns, the only
  // friction model the loop solves.
  StrikeWorkspace<S, 18, 2, strike_variables(StrikeFriction::kCone, 2)> shared;
  StanceResult<S, 18, 2> stance_result;
  StrikeResult<S, 13, 18, 2> strike_result;
  Quadruped::ConfigVector q;
  Quadruped::TangentVector v, command, touchdown;  // touchdown: every leg's joint rates
  float drive[12] = {};  // the torques written out
  LoopClock clock;
  ClockTicks start = 0, period = 1;
  int phase = -1, pair = 0;  // this tick's gait phase (-1 before the first) and stance pair
  int first_phase = 0;       // the phase of a run's first release: the trot goes on across runs
  long saturated = 0, strikes = 0;
  int worst_stance_sweeps = 0;
};

Controller g;  // static: no heap, and the workspaces are large for a stack

// Per-phase tick durations of the gait cycle (the loop is periodic in the gait phase), for the
// median: the second cycle stores them (the first still settles from the nominal run, whose
// overruns made it skip phases), every later one is compared against them. It lives
// on the stack of the function that runs the loop (run_and_report), which the model's build at
// start-up, the stack's deepest use, has long left: RAM the budget already pays for.
struct Recorder {
  const ExecutiveReport<4>* report = nullptr;
  ClockTicks last_tick = 0;
  std::uint32_t tick[kCycle] = {};
  ClockTicks deviation = 0;  // the largest difference from the stored cycle's count, any phase
  long compared = 0;         // ticks compared with their phase's stored count
};

ClockTicks absdiff(ClockTicks a, ClockTicks b) { return a > b ? a - b : b - a; }

void record(void* context) noexcept {
  if (context == nullptr) return;
  Recorder& r = *static_cast<Recorder*>(context);
  const ClockTicks tick = r.report->tick.sum - r.last_tick;
  r.last_tick = r.report->tick.sum;
  const int p = g.phase;
  const std::uint64_t k = r.report->tick.count;  // this tick's number, from 1
  if (k <= std::uint64_t(kCycle)) return;
  if (k <= std::uint64_t(2 * kCycle)) {
    r.tick[p] = static_cast<std::uint32_t>(tick);
  } else {
    ++r.compared;
    if (absdiff(tick, r.tick[p]) > r.deviation) r.deviation = absdiff(tick, r.tick[p]);
  }
}

// The median of a gait cycle's counts, each phase repeated equally often (sorts in place).
std::uint32_t median(std::uint32_t* values) {
  for (int i = 1; i < kCycle; ++i) {
    const std::uint32_t x = values[i];
    int j = i;
    for (; j > 0 && values[j - 1] > x; --j) values[j] = values[j - 1];
    values[j] = x;
  }
  return (values[(kCycle - 1) / 2] + values[kCycle / 2]) / 2u;
}

// The standing pose: trunk level 0.3123 m up, each leg's hip 0, thigh 0.8 rad, calf -1.5 rad.
// Every entry written once (sense writes it each tick; a zero fill first cost a loop).
void standing(Quadruped::ConfigVector& q) {
  q.resize(19);
  q(0) = q(1) = q(3) = q(4) = q(5) = S(0);
  q(2) = S(0.3123);
  q(6) = S(1);
  for (int leg = 0; leg < 4; ++leg) {
    q(7 + 3 * leg) = S(0);
    q(8 + 3 * leg) = S(0.8);
    q(9 + 3 * leg) = S(-1.5);
  }
}

bool prepare() {
  if (!build_quadruped_model(&g.model).ok()) return false;
  standing(g.q);
  g.v = Quadruped::TangentVector::Zero(18);
  g.command = Quadruped::TangentVector::Zero(18);
  g.touchdown = Quadruped::TangentVector::Zero(18);
  for (int p = 0; p < 2; ++p)
    for (int leg : kPairs[p])  // mu 0.8; restitution 0.2, which only the strike uses
      if (!g.feet[p].add(Contact<S>::Ground(quadruped_calf_body(leg), quadruped_foot_point<S>(), Vector3<S>::UnitZ(), S(0.8), S(0.2))).ok()) return false;
  // Each leg's joint rates that move its foot at (0.1, 0, -0.5) m/s relative to the trunk.
  Status status = forward_kinematics(g.model, g.ws, g.q, g.v);
  // By hand, not by set_touchdown_velocity (dynamics/touchdown.hpp), which gives the same rates
  // for this three-joint leg: that call's general case (any leg, its rank test) would take flash
  // this image's 128 KiB budget does not have.
  Eigen::Matrix<S, 3, 18> jacobian;
  for (int leg = 0; leg < 4 && status.ok(); ++leg) {
    status = point_jacobian(g.model, g.ws, quadruped_calf_body(leg), quadruped_foot_point<S>(), jacobian);
    const int first = 6 + 3 * leg;
    const Matrix3<S> block = jacobian.block<3, 3>(0, first);
    g.touchdown.segment<3>(first) = block.partialPivLu().solve(Vector3<S>(S(0.1), S(0), S(-0.5)));
  }
  return status.ok() && g.touchdown.allFinite();
}

// sense: the trot's state at this release, then the tick's dynamics terms.
Status sense(void*, StageMode) noexcept {
  const ClockTicks since = g.clock.now() - g.start;
  // The release this tick belongs to, by the core's 32-bit divide while both numbers fit (a run of
  // 10 s at 400 MHz does), where a 64-bit one is a library call.
  const long release = static_cast<long>(((since | g.period) >> 32) == 0
                                             ? ClockTicks(std::uint32_t(since) / std::uint32_t(g.period))
                                             : since / g.period);
  g.phase = static_cast<int>((release + g.first_phase) % kCycle);
  g.pair = g.phase < kHalf ? 0 : 1;
  const S pi = S(3.14159265358979);
  const S bob = S(2) * pi * static_cast<S>(g.phase) / S(kCycle);  // the cycle's angle
  const SinCos<S> bob_turn = sin_cos(bob);  // footfall's, one reduction for both (common/sin_cos.hpp)
  const S sin_bob = bob_turn.sin, cos_bob = bob_turn.cos;
  // The swing legs follow sin(pi s), s the progress through the half-cycle: pi s is bob, less pi
  // in the second half, so its sine and cosine are bob's, negated there: two calls serve for four.
  const S half_sign = g.pair == 0 ? S(1) : S(-1);
  const S rate = pi / (S(kHalf) * kDt);                           // d(pi s)/dt
  const S lift = half_sign * sin_bob, lift_rate = half_sign * cos_bob * rate;
  standing(g.q);
  set_zero(g.v);
  g.q(2) += S(0.004) * (cos_bob * cos_bob - sin_bob * sin_bob);  // cos 2 bob: it bobs twice a cycle
  const S roll = S(0.02) * sin_bob;                                // and rolls towards the stance pair
  const SinCos<S> half_roll = sin_cos(roll / S(2));
  g.q(3) = half_roll.sin;
  g.q(6) = half_roll.cos;
  for (int leg : kPairs[1 - g.pair]) {          // the swing pair: hip still, knee folds
    const int first = 7 + 3 * leg;
    g.q(first + 1) += S(0.3) * lift;
    g.q(first + 2) -= S(0.6) * lift;
    g.v(first) = S(0.3) * lift_rate;   // thigh rate (v index = q index - 1)
    g.v(first + 1) = S(-0.6) * lift_rate;
  }
  // H's factor by the kernels unrolled for the A1's DOF tree (dynamics/tree_kernels.hpp): the
  // same factor as the generic walk, without its bookkeeping. The
  // stance and strike solves take the same kernels for their solves with it and products with H.
  return compute_tick_terms<Kernels>(g.model, g.ws, g.q, g.v);
}

// The next command: the torques that hold the trunk on the stance pair (holding_torques), damped
// because a diagonal pair cannot resist a moment about the line between its feet.
constexpr S kCommandDamping = S(1e-4);

Status next_command(const ContactDynamics<S, 18, 2>& cd) noexcept {
  return holding_torques(g.model, g.ws, cd, g.command, nullptr, kCommandDamping);
}

// A half-cycle's last tick: the command written then acts when the swing pair lands, so the
// strike stage makes it for that pair (see strike).
bool last_tick_of_half_cycle() noexcept { return g.phase % kHalf == kHalf - 1; }

Status stance(void*, StageMode) noexcept {
  StanceOptions<S> options;  // the exact cone, the automatic solver
  options.warm_start = false;  // the workspace is shared with the strike
  const Status status =
      solve_stance<Kernels>(g.model, g.ws, g.feet[g.pair], g.command, options, g.shared.solve, g.stance_result);
  if (!status.ok()) return status;
  if (g.stance_result.work > g.worst_stance_sweeps) g.worst_stance_sweeps = g.stance_result.work;
  // On a half-cycle's last tick the strike replaces the stance pair's command with the landing
  // pair's, so it is not made here: that tick would otherwise be the loop's worst by one
  // holding_torques. If the strike is skipped or cannot make it, the command
  // stays the one made on the last tick that ran: for this same stance pair, about to lift.
  if (last_tick_of_half_cycle()) return Status::Ok();
  return next_command(g.shared.solve.contact);
}

Status strike(void*, StageMode) noexcept {
  // v⁻: the sensed state with the swing legs at their touchdown rates (g.v is sensed afresh
  // next tick; nothing after this stage reads it).
  for (int leg : kPairs[1 - g.pair]) g.v.segment<3>(6 + 3 * leg) = g.touchdown.segment<3>(6 + 3 * leg);
  StrikeOptions<S> options;  // the exact cone, Newton's law
  ++g.strikes;
  const Status status =
      solve_strike<Kernels, NoPeakPrediction>(g.model, g.ws, g.feet[1 - g.pair], g.v, options, g.shared, g.strike_result);
  // The gait's schedule: the command written at the end of this tick acts from the next release,
  // and on a half-cycle's last tick that is when the swing pair stands. The strike's contact terms
  // are that pair's (G with tangents, when both feet took part), so the command is made for it
  // now, as a gait controller schedules its feed-forward; the next stance solve then starts from
  // torques made for its own feet. When the strike is skipped, or fewer than both feet took
  // part, the command stays the stance pair's of the tick before (stance leaves it this tick).
  if (status.ok() && last_tick_of_half_cycle() && g.shared.solve.contact.count == 2)
    return next_command(g.shared.solve.contact);
  return status;
}

Status torques(void*, StageMode) noexcept {
  for (int j = 0; j < 12; ++j) {
    S t = g.command(6 + j);
    if (t > kTorqueLimit || t < -kTorqueLimit) {
      t = t > S(0) ? kTorqueLimit : -kTorqueLimit;
      ++g.saturated;
    }
    g.drive[j] = t;
  }
  return Status::Ok();
}

ExecutiveReport<4> g_report;

Status run(ClockTicks period, long ticks, Recorder* recorder) {
  ExecutiveConfig<4> config;
  config.period = period;
  config.policy = MissPolicy::kSkipOptional;
  config.stages[0] = ExecutiveStage{"sense", &sense, nullptr, false};
  config.stages[1] = ExecutiveStage{"stance", &stance, nullptr, false};
  config.stages[2] = ExecutiveStage{"strike", &strike, nullptr, true};
  config.stages[3] = ExecutiveStage{"torques", &torques, nullptr, false};
  config.stage_count = 4;
  config.hooks.watchdog = &record;  // after each tick: its duration, for the median
  config.hooks.context = recorder;
  g.period = period;
  // The gait continues where the last run stopped, so that a run's first tick starts from the
  // command of the phase before it, as every other tick does, and not from another phase's.
  g.first_phase = (g.phase + 1) % kCycle;
  g.strikes = 0;
  g.saturated = 0;
  g.start = g.clock.now();
  return run_executive(g.clock, config, ticks, g_report);
}

void print_run(const char* unit, long ticks) {
  const ExecutiveReport<4>& r = g_report;
  std::printf("  ran %ld of %ld ticks; overruns %ld, missed releases %ld, strike predictions skipped %ld\n", r.ticks,
              ticks, r.overruns, r.missed_releases, r.skipped_stages);
  std::printf("  %-8s %s: mean %7llu  worst %7llu\n", "tick", unit, static_cast<unsigned long long>(r.tick.mean()),
              static_cast<unsigned long long>(r.tick.max));
  std::printf("  %-8s %s: mean %7llu  worst %7llu  (release to the tick's start)\n", "latency", unit,
              static_cast<unsigned long long>(r.release_latency.mean()), static_cast<unsigned long long>(r.release_latency.max));
  const char* names[4] = {"sense", "stance", "strike", "torques"};
  for (int i = 0; i < 4; ++i)
    std::printf("  %-8s %s: mean %7llu  worst %7llu\n", names[i], unit,
                static_cast<unsigned long long>(r.stage[i].mean()), static_cast<unsigned long long>(r.stage[i].max));
}

#if defined(__arm__)
extern "C" {
extern const char __image_start[], __data_load[];
extern char __data_start[], __data_end[], __bss_end[];
}
#endif

}  // namespace

// Runs the loop and prints what it measured; its frame holds the recorder (see Recorder).
__attribute__((noinline)) bool run_and_report(const char* unit) {
  bool ok = true;
  const ClockTicks nominal_period = kNominalRate / 1000;
  std::printf("stance and strike share a %u-byte workspace; dynamics workspace %u bytes, model %u bytes\n",
              static_cast<unsigned>(sizeof(g.shared)), static_cast<unsigned>(sizeof(g.ws)),
              static_cast<unsigned>(sizeof(g.model)));

  ClockTicks period = nominal_period;
  Status status;
#if defined(__arm__)
  // 1. At the board's nominal clock.
  std::printf("At the board's nominal clock: %llu %s per 1 ms tick, %ld ticks\n",
              static_cast<unsigned long long>(nominal_period), unit, kNominalTicks);
  status = run(nominal_period, kNominalTicks, nullptr);
  print_run(unit, kNominalTicks);
  if (!status.ok()) {
    std::printf("firmware_loop: the loop stopped: %s (%s, %d)\n", to_string(status.code), status.field, status.index);
    return false;
  }
  if (g_report.overruns != 0) {
    period = kModelledRate / 1000;
    std::printf("  the tick's work does not fit 1 ms at %lu Hz: the main run's period models the issue's %llu MHz Cortex-M7 instead (one instruction a cycle)\n",
                static_cast<unsigned long>(FOOTFALL_BOARD_CLOCK_HZ), static_cast<unsigned long long>(kModelledRate / 1000000));
  }
#endif

  // 2. The main run (on the host the only one, untimed).
  std::printf("Main run: %llu %s per 1 ms tick, %ld ticks (%.1f s)\n", static_cast<unsigned long long>(period), unit, kTicks,
              static_cast<double>(kTicks) / 1000.0);
  Recorder recorder;
  recorder.report = &g_report;
  status = run(period, kTicks, &recorder);
  print_run(unit, kTicks);
  if (!status.ok()) {
    std::printf("firmware_loop: the loop stopped: %s (%s, %d)\n", to_string(status.code), status.field, status.index);
    return false;
  }
  // The trot repeats every kCycle ticks, so the median of one cycle's per-phase counts is the
  // median of all the ticks, to within the deviation printed beside it.
  if (recorder.compared > 0)
    std::printf("  tick     %s: median %7lu  worst %7llu  (median of the trot cycle's %d phases; the %ld ticks after\n"
              "           that cycle took their phase's count to within %llu)\n",
              unit, static_cast<unsigned long>(median(recorder.tick)), static_cast<unsigned long long>(g_report.tick.max),
              kCycle, recorder.compared, static_cast<unsigned long long>(recorder.deviation));
  std::printf("  strike predictions %ld, drive torques clamped %ld times, most stance sweeps %d\n", g.strikes,
              g.saturated, g.worst_stance_sweeps);
  std::printf("  last tick: stance normal forces %.2f %.2f N, strike normal impulses %.4f %.4f N s, KE %.4f -> %.4f J\n",
              static_cast<double>(g.stance_result.normal_force[0]), static_cast<double>(g.stance_result.normal_force[1]),
              static_cast<double>(g.strike_result.normal_impulse[0]), static_cast<double>(g.strike_result.normal_impulse[1]),
              static_cast<double>(g.strike_result.kinetic_energy_before), static_cast<double>(g.strike_result.kinetic_energy_after));
  ok = ok && g_report.ticks == kTicks;
#if defined(__arm__)
  ok = ok && g_report.overruns == 0;
  // The fraction in hundredths, by integers (a single-precision board has no double arithmetic
  // in hardware, and the image would carry the library's).
  const unsigned long long hundredths = (g_report.tick.max * 100 + kBudgetCycles / 2) / kBudgetCycles;
  std::printf("budget: worst tick %llu %s = %llu.%02llu x the %llu-cycle budget (a tenth of a 1 kHz tick at 400 MHz)%s\n",
              static_cast<unsigned long long>(g_report.tick.max), unit, hundredths / 100, hundredths % 100,
              static_cast<unsigned long long>(kBudgetCycles), g_report.tick.max <= kBudgetCycles ? "" : ": over budget");

  const std::uint32_t data = static_cast<std::uint32_t>(__data_end - __data_start);
  // Flash: the image from its first byte (the vector table, wherever the board's flash starts)
  // to the end of the .data image that follows the code.
  const std::uint32_t flash = static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(__data_load) -
                                                         reinterpret_cast<std::uintptr_t>(__image_start)) +
                              data;
  const std::uint32_t static_ram = static_cast<std::uint32_t>(__bss_end - __data_start);
  const std::uint32_t stack = static_cast<std::uint32_t>(port::stack_size_bytes());
  const std::uint32_t stack_used = static_cast<std::uint32_t>(port::stack_high_water_bytes());
  const bool flash_ok = flash <= kFlashBudget, ram_ok = static_ram + stack <= kRamBudget && stack_used < stack;
  std::printf("stack high-water mark: %u of %u bytes\n", static_cast<unsigned>(stack_used), static_cast<unsigned>(stack));
  std::printf("flash %u of %u bytes %s; RAM %u static + %u stack reserved = %u of %u bytes %s (static + stack used %u)\n",
              static_cast<unsigned>(flash), static_cast<unsigned>(kFlashBudget), flash_ok ? "ok" : "OVER BUDGET",
              static_cast<unsigned>(static_ram), static_cast<unsigned>(stack), static_cast<unsigned>(static_ram + stack),
              static_cast<unsigned>(kRamBudget), ram_ok ? "ok" : "OVER BUDGET", static_cast<unsigned>(static_ram + stack_used));
  ok = ok && flash_ok && ram_ok;
#endif
  return ok;
}

int main() {
  std::printf("footfall firmware_loop on %s: the quadruped trotting at 1 kHz on the executive, Scalar = float\n",
              FOOTFALL_BOARD_NAME);
  if (!prepare()) {
    std::printf("firmware_loop: the quadruped's setup failed\nfirmware_loop: FAIL\n");
    return 1;
  }
#if defined(FOOTFALL_QEMU_ICOUNT_SHIFT)
  {
    port::InstructionCounter counter;  // check the clock's ratio against a loop of known length
    counter.calibrate();
    const float expected = static_cast<float>(kDen) / static_cast<float>(kNum);
    std::printf("clock: instructions = SysTick ticks * %llu / %llu (QEMU -icount shift=%d at %lu Hz); calibrated %.4f ticks per instruction\n",
                static_cast<unsigned long long>(kNum), static_cast<unsigned long long>(kDen), FOOTFALL_QEMU_ICOUNT_SHIFT,
                static_cast<unsigned long>(FOOTFALL_BOARD_CLOCK_HZ), static_cast<double>(counter.ticks_per_instruction()));
    if (std::fabs(counter.ticks_per_instruction() - expected) > 1e-3f * expected) {
      std::printf("firmware_loop: the clock does not count instructions (expected %.4f)\nfirmware_loop: FAIL\n",
                  static_cast<double>(expected));
      return 1;
    }
  }
  const char* unit = "instructions";
#elif defined(__arm__)
  const char* unit = "cycles";  // a real board: SysTick on the core clock
#else
  const char* unit = "ns";
#endif
  const bool ok = run_and_report(unit);
  std::printf("firmware_loop: %s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
