// The quadruped's control loop at a fixed rate on RT-Linux (or any POSIX host): the executive of
// lib/core (executive/executive.hpp) on the POSIX port's clock, after asking the kernel for
// SCHED_FIFO, locked memory, a prefaulted stack and a CPU (port/posix realtime.hpp; refusals are
// printed and the loop runs anyway). Each tick, as a legged robot's would:
//   sense    the joint state (here a trot-like sway of every joint about the standing pose, in
//            place of the encoders), then kinematics, H, its factor and C;
//   stance   the forces of the three stance feet (FL, RR, RL) under the last command, exact cone;
//   strike   the prediction for the swing foot (FR) touching down at (0.1, 0, −0.5) m/s with the
//            stance feet in the set, cone, e = 0.2: the impulses, and on the feet's linear pads
//            the peak joint torques and foot forces (the exact method) and the safe touchdown
//            speed against the A1's drive limits — optional: skipped on the tick after an overrun;
//   torques  the joint torques that hold the trunk on the stance feet (the command written out).
// It prints the tick's and each stage's timing (min, mean, max, a histogram), the release
// latency (jitter) and the overruns, then the worst (smallest) safe touchdown margin any tick
// predicted, what bound it, and that tick's peaks. Timing is what this machine gives; nothing
// is asserted. Everything lives in statics prepared before the loop: the tick allocates nothing.
//
// Usage: rt_linux_loop [--seconds T] [--rate HZ] [--priority P] [--cpu N]
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "footfall/dynamics.hpp"
#include "footfall/executive/executive.hpp"
#include "footfall/models.hpp"
#include "footfall/port/port.hpp"
#include "footfall/port/realtime.hpp"
#include "footfall/stance.hpp"
#include "footfall/strike.hpp"

namespace {

using namespace footfall;
using S = double;
using Quadruped = QuadrupedModel<S>;
constexpr int kSwing = 0;                  // FR
constexpr int kStance[3] = {1, 2, 3};      // FL, RR, RL
// The feet's pads for the peak loads: example values of a rubber foot's stiffness and damping,
// not measured on the A1. Every foot in the strike's set has one: the standing feet touch, so
// they take part in the strike, and solve_strike() predicts peaks only when all that take part
// have pads. Linear pads, for which the exact method applies and the peaks scale with the speed.
constexpr S kPadStiffness = 2e4;  // N/m
constexpr S kPadDamping = 50.0;   // N s/m

// The POSIX port's clock as the executive's.
struct PosixClock {
  ClockTicks now() noexcept { return port::now(); }
  void sleep_until(ClockTicks deadline) noexcept { port::sleep_until(deadline); }
};

struct Controller {
  Quadruped model;
  Workspace<S, 13, 18> ws;
  ContactSet<S, 4> stance_feet, strike_feet;
  StanceWorkspace<S, 18, 4> stance;
  StanceResult<S, 18, 4> stance_result;
  StrikeWorkspace<S, 18, 4> strike;
  StrikeResult<S, 13, 18, 4> strike_result;
  LoadLimits<S, 18, 4> limits;  // the drives' effort limits; the feet unlimited
  SafeTouchdown<S> safe;        // this tick's
  // The tick with the smallest margin so far: its answer and its peaks (copied, no heap).
  SafeTouchdown<S> worst;
  StrikePeaks<S, 18, 4> worst_peaks;
  long worst_tick = -1, predictions = 0;
  Quadruped::ConfigVector q_standing, q;
  Quadruped::TangentVector v, v_touchdown, command;
  ClockTicks start = 0;
  double seconds_per_tick = 0.0;
  long ticks = 0;
};

Controller g;  // static: the workspaces are large for a stack, and no heap

bool prepare() {
  if (!build_quadruped_model(&g.model).ok()) return false;
  g.q_standing = Quadruped::ConfigVector::Zero(19);
  g.q_standing(2) = 0.3;
  g.q_standing(6) = 1.0;
  for (int leg = 0; leg < 4; ++leg) {
    g.q_standing(8 + 3 * leg) = 0.8;
    g.q_standing(9 + 3 * leg) = -1.6;
  }
  g.q = g.q_standing;
  g.v = Quadruped::TangentVector::Zero(18);
  g.command = Quadruped::TangentVector::Zero(18);
  for (int leg : kStance)
    g.stance_feet.add(Contact<S>::Ground(quadruped_calf_body(leg), quadruped_foot_point<S>(), Vector3<S>::UnitZ(), 0.8));
  for (int leg = 0; leg < 4; ++leg) {
    Contact<S> foot =
        Contact<S>::Ground(quadruped_calf_body(leg), quadruped_foot_point<S>(), Vector3<S>::UnitZ(), 0.8, 0.2);
    foot.pad = ContactPad<S>::Linear(kPadStiffness, kPadDamping);
    g.strike_feet.add(foot);
  }
  // The drives' limits are the model's: build_quadruped_model takes each joint's effort_max from
  // the A1 URDF's <limit effort="33.5"> (models/quadruped.hpp). The free flyer's six DOFs carry
  // no drive and stay unlimited, as do the feet (no foot force limit is published).
  g.limits = LoadLimits<S, 18, 4>::Unlimited(g.model.nv());
  for (int i = 0; i < g.model.body_count(); ++i)
    if (g.model.joint_type(i) == JointType::kRevolute || g.model.joint_type(i) == JointType::kPrismatic)
      g.limits.joint_torque(g.model.v_index(i)) = g.model.limits(g.model.v_index(i)).effort_max;
  // The swing leg's joint velocities that move its foot at the touchdown velocity, trunk at rest.
  Status status = forward_kinematics(g.model, g.ws, g.q, g.v);
  g.v_touchdown = Quadruped::TangentVector::Zero(18);
  if (status.ok())
    status = set_touchdown_velocity(g.model, g.ws, g.strike_feet[kSwing].body, g.strike_feet[kSwing].point,
                                    Vector3<S>(0.1, 0.0, -0.5), g.v_touchdown);
  return status.ok();
}

// sense: the joint state at this tick's time, then the tick's dynamics terms.
Status sense(void*, StageMode) noexcept {
  const double t = static_cast<double>(port::now() - g.start) / static_cast<double>(port::ticks_per_second());
  const double w = 2.0 * M_PI * 2.0;  // a 2 Hz sway of 0.05 rad on every joint
  for (int k = 0; k < 12; ++k) {
    g.q(7 + k) = g.q_standing(7 + k) + 0.05 * std::sin(w * t + 0.5 * k);
    g.v(6 + k) = 0.05 * w * std::cos(w * t + 0.5 * k);
  }
  return compute_tick_terms(g.model, g.ws, g.q, g.v);
}

Status stance(void*, StageMode) noexcept {
  StanceOptions<S> options;  // the exact cone; warm-started from the last tick
  return solve_stance(g.model, g.ws, g.stance_feet, g.command, options, g.stance, g.stance_result);
}

// The strike's options: the exact cone, Newton's law, and the exact peak method (the image links
// it alone: ExactPeaksOnly).
StrikeOptions<S> strike_options() noexcept {
  StrikeOptions<S> options;
  options.peak_method = PeakMethod::kExact;
  return options;
}

Status strike(void*, StageMode) noexcept {
  const StrikeOptions<S> options = strike_options();
  Status status = solve_strike<GenericKernels, ExactPeaksOnly>(g.model, g.ws, g.strike_feet, g.v_touchdown, options,
                                                               g.strike, g.strike_result);
  if (status.ok()) status = safe_touchdown_speed(g.strike_feet, options, g.strike_result, g.limits, g.safe);
  if (!status.ok()) return status;
  ++g.predictions;
  if (g.worst_tick < 0 || g.safe.margin < g.worst.margin) {
    g.worst = g.safe;
    g.worst_peaks = g.strike_result.peaks;
    g.worst_tick = g.ticks;
  }
  return status;
}

Status torques(void*, StageMode) noexcept {
  const Status status = holding_torques(g.model, g.ws, g.stance.contact, g.command);
  ++g.ticks;
  return status;
}

void print_statistics(const char* name, const TimingStatistics& s, double us_per_tick) {
  std::printf("  %-16s min %8.1f  mean %8.1f  max %8.1f us\n", name, static_cast<double>(s.minimum()) * us_per_tick,
              static_cast<double>(s.mean()) * us_per_tick, static_cast<double>(s.max) * us_per_tick);
}

void print_histogram(const TimingStatistics& s, double us_per_tick) {
  for (int b = 0; b < TimingStatistics::kBins; ++b) {
    if (s.histogram[b] == 0) continue;
    const double lo = static_cast<double>(s.bin_width) * b * us_per_tick;
    if (b == TimingStatistics::kBins - 1)
      std::printf("    >= %7.1f us: %llu\n", lo, static_cast<unsigned long long>(s.histogram[b]));
    else
      std::printf("    %7.1f-%7.1f us: %llu\n", lo, lo + static_cast<double>(s.bin_width) * us_per_tick,
                  static_cast<unsigned long long>(s.histogram[b]));
  }
}

// The joint whose coordinates include `dof`.
const char* dof_joint_name(int dof) {
  for (int i = 0; i < g.model.body_count(); ++i)
    if (dof >= g.model.v_index(i) && dof < g.model.v_index(i) + g.model.joint_nv(i)) return g.model.joint_name(i);
  return "?";
}

// The worst tick's safe touchdown speed, what bound it, and its peaks.
void print_safe_touchdown() {
  std::printf("safe touchdown of FR at (0.1, 0, -0.5) m/s on linear pads (%.0f N/m, %.0f N s/m), exact peaks, "
              "the model's drive limits:\n",
              kPadStiffness, kPadDamping);
  if (g.worst_tick < 0) {
    std::printf("  no strike was predicted (every tick skipped it)\n");
    return;
  }
  const SafeTouchdown<S>& w = g.worst;
  const StrikePeaks<S, 18, 4>& p = g.worst_peaks;
  std::printf("  predicted on %ld ticks; worst margin %.4f (tick %ld): safe speed %.4f m/s, planned %.4f m/s, ",
              g.predictions, w.margin, g.worst_tick, w.speed, w.planned_speed);
  if (w.bound == TouchdownBound::kJointTorque)
    std::printf("bound by %s's torque (limit %.1f N m)\n", dof_joint_name(w.index), g.limits.joint_torque(w.index));
  else if (w.bound == TouchdownBound::kFootForce)
    std::printf("bound by the %s foot's force\n", kQuadrupedLegNames[w.index]);
  else
    std::printf("bound by nothing\n");
  if (w.bound_of_current_set)
    std::printf("  (outside %.4f to %.4f m/s, where the same feet take part: the bound of this set of feet)\n",
                w.set_from, w.set_to);
  std::printf("  that tick's peaks (%s, %d steps, %.2f ms): foot force |f|", to_string(p.method), p.steps,
              1e3 * p.duration);
  for (int leg = 0; leg < 4; ++leg)
    std::printf(" %s %.1f N at %.2f ms%s", kQuadrupedLegNames[leg], p.force[leg].norm(), 1e3 * p.time_of_peak[leg],
                leg < 3 ? "," : "\n");
  std::printf("  joint torque [N m]   hip  thigh   calf\n");
  for (int leg = 0; leg < 4; ++leg)
    std::printf("    %s              %6.2f %6.2f %6.2f\n", kQuadrupedLegNames[leg], p.joint_torque(6 + 3 * leg),
                p.joint_torque(7 + 3 * leg), p.joint_torque(8 + 3 * leg));
}

bool parse(int argc, char** argv, double* seconds, double* rate, port::RealtimeRequest* rt) {
  for (int i = 1; i < argc; ++i) {
    const bool has_value = i + 1 < argc;
    char* end = nullptr;
    if (std::strcmp(argv[i], "--seconds") == 0 && has_value) {
      *seconds = std::strtod(argv[++i], &end);
      if (*end != '\0' || !(*seconds > 0.0 && *seconds <= 3600.0)) return std::fprintf(stderr, "rt_linux_loop: --seconds must be in (0, 3600]\n"), false;
    } else if (std::strcmp(argv[i], "--rate") == 0 && has_value) {
      *rate = std::strtod(argv[++i], &end);
      if (*end != '\0' || !(*rate >= 1.0 && *rate <= 100000.0)) return std::fprintf(stderr, "rt_linux_loop: --rate must be in [1, 100000] Hz\n"), false;
    } else if (std::strcmp(argv[i], "--priority") == 0 && has_value) {
      rt->priority = static_cast<int>(std::strtol(argv[++i], &end, 10));
      if (*end != '\0' || rt->priority < 0 || rt->priority > 99) return std::fprintf(stderr, "rt_linux_loop: --priority must be in [0, 99]\n"), false;
    } else if (std::strcmp(argv[i], "--cpu") == 0 && has_value) {
      rt->cpu = static_cast<int>(std::strtol(argv[++i], &end, 10));
      if (*end != '\0' || rt->cpu < -1) return std::fprintf(stderr, "rt_linux_loop: --cpu must be a CPU number\n"), false;
    } else {
      std::fprintf(stderr, "usage: rt_linux_loop [--seconds T] [--rate HZ] [--priority P] [--cpu N]\n");
      return false;
    }
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  double seconds = 2.0, rate = 1000.0;
  port::RealtimeRequest rt;
  if (!parse(argc, argv, &seconds, &rate, &rt)) return 2;
  if (!prepare()) {
    std::fprintf(stderr, "rt_linux_loop: the quadruped's setup failed\n");
    return 1;
  }
  std::printf("footfall rt_linux_loop: the quadruped at %.0f Hz for %.2f s\n", rate, seconds);
  const port::RealtimeResult granted = port::enter_realtime(rt);
  port::print_realtime(rt, granted);

  ExecutiveConfig<4> config;
  config.period = static_cast<ClockTicks>(static_cast<double>(port::ticks_per_second()) / rate);
  config.policy = MissPolicy::kSkipOptional;
  config.stages[0] = ExecutiveStage{"sense", &sense, nullptr, false};
  config.stages[1] = ExecutiveStage{"stance", &stance, nullptr, false};
  config.stages[2] = ExecutiveStage{"strike", &strike, nullptr, true};
  config.stages[3] = ExecutiveStage{"torques", &torques, nullptr, false};
  config.stage_count = 4;
  config.histogram_bin = config.period / 16 > 0 ? config.period / 16 : 1;
  static ExecutiveReport<4> report;
  PosixClock clock;
  g.start = port::now();
  const long ticks = static_cast<long>(std::llround(seconds * rate));
  const Status status = run_executive(clock, config, ticks, report);

  const double us_per_tick = 1e6 / static_cast<double>(port::ticks_per_second());
  std::printf("ran %ld of %ld ticks; overruns %ld, missed releases %ld, strike predictions skipped %ld\n",
              report.ticks, ticks, report.overruns, report.missed_releases, report.skipped_stages);
  print_statistics("release latency", report.release_latency, us_per_tick);
  print_statistics("tick", report.tick, us_per_tick);
  for (int i = 0; i < config.stage_count; ++i) print_statistics(config.stages[i].name, report.stage[i], us_per_tick);
  std::printf("  tick histogram (period %.1f us):\n", static_cast<double>(config.period) * us_per_tick);
  print_histogram(report.tick, us_per_tick);
  std::printf("  release latency histogram:\n");
  print_histogram(report.release_latency, us_per_tick);
  if (!status.ok()) {
    std::fprintf(stderr, "rt_linux_loop: the loop stopped: %s (%s, %d)\n", to_string(status.code), status.field,
                 status.index);
    return 1;
  }
  std::printf("last tick: stance normal forces %.3f %.3f %.3f N, strike normal impulse on FR %.4f N s\n",
              g.stance_result.normal_force[0], g.stance_result.normal_force[1], g.stance_result.normal_force[2],
              g.strike_result.normal_impulse[kSwing]);
  print_safe_touchdown();
  return 0;
}
