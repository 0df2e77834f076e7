// The falling rod of Liu04 §5 (tests/README.md, reference problem 15) with each of footfall's rigid-contact
// integrators: a 2 m, 1 kg rod released at rest at 45° with its left end on a frictionless
// floor, e = 0.4 at both ends. Writes a CSV per integrator (time, q, v, both ends' gaps, normal
// velocities, contact forces and impulses, events) and a PNG of the normal velocities and
// contact forces like Liu04's Figs. 2 and 3, and checks what it computed against the exact answers:
// the first strike's time from energy conservation, the rebound ratio e, the centre's x held,
// half the weight on each end at rest. The event-driven and Liu04's schemes locate the strike, so
// they are held to 1e-4 s and 1 % on e; the fixed-step scheme knows it to a step, and its
// rebound starts from the step's arrival speed, so it is held to h and 5 %. Exit status 0 when
// every check passes.
//
// Usage: falling_rod [--out DIR] [--seconds T]
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "footfall/host/motion/trajectory.hpp"
#include "footfall/models/rod2d.hpp"
#include "footfall/motion/event_driven.hpp"
#include "footfall/motion/time_stepping.hpp"
#include "footfall/motion/trapezoidal.hpp"

namespace {

using namespace footfall;

constexpr double kGravity = 9.8, kRestitution = 0.4, kStartAngle = 0.78539816339744830962;

// With the left end on the frictionless floor the centre falls straight down and energy gives
// φ̇²(cos²φ + 1/3) = 2g(sin φ₀ − sin φ); the time to φ = 0 in the smooth variable
// w² = sin φ₀ − sin φ, by composite Simpson.
double exact_first_strike() {
  const double s0 = std::sin(kStartAngle), top = std::sqrt(s0);
  const int n = 4000;
  double sum = 0.0;
  for (int k = 0; k <= n; ++k) {
    const double w = top * k / n, phi = std::asin(s0 - w * w), c = std::cos(phi);
    sum += 2.0 * std::sqrt((c * c + 1.0 / 3.0) / (2.0 * kGravity)) / c * (k == 0 || k == n ? 1 : (k % 2 ? 4 : 2));
  }
  return sum * top / (3.0 * n);
}

struct Rod {
  Rod2dModel<double> model;
  Workspace<double, 1, 3> ws;
  ContactCandidates<double, 2> ends;
  RigidMotionWorkspace<double, 1, 3, 2> motion;
  RigidMotionState<double, 1, 3, 2> state;
  RigidStepReport<double, 2> report;
  Rod2dModel<double>::TangentVector tau = Rod2dModel<double>::TangentVector::Zero(3);

  bool reset() {
    if (!build_rod2d_model(&model).ok()) return false;
    ends.clear();
    for (int end = 0; end < 2; ++end)
      if (!ends.add(Contact<double>::Ground(0, rod2d_end<double>(end), Vector3<double>::UnitY(), 0.0, kRestitution)).ok())
        return false;
    state = RigidMotionState<double, 1, 3, 2>();
    state.q.resize(3);
    state.q << std::sqrt(0.5), std::sqrt(0.5), kStartAngle;
    state.v = Rod2dModel<double>::TangentVector::Zero(3);
    return true;
  }
};

struct Summary {
  std::string scheme;
  long steps = 0;
  double first_strike = -1.0, seconds = 0.0;
  std::vector<double> rebounds;  // the right end's normal velocity after each strike
  double x_drift = 0.0;
  bool ok = true;
};

template <typename Advance>
Summary run(const char* name, Rod& rod, double duration, Advance advance, host::Trajectory& trajectory) {
  Summary s;
  s.scheme = name;
  trajectory = host::Trajectory{{"left", "right"}, {}};
  if (!rod.reset()) {
    s.ok = false;
    return s;
  }
  const double x0 = rod.state.q(0);
  const auto start = std::chrono::steady_clock::now();
  while (rod.state.time < duration && s.steps < 2000000) {
    const Status status = advance(rod);
    if (!status.ok()) {
      std::fprintf(stderr, "falling_rod: %s stopped at t = %.6f s: %s (%s)\n", name, rod.state.time,
                   to_string(status.code), status.field);
      s.ok = false;
      break;
    }
    ++s.steps;
    host::record_sample(trajectory, rod.state, rod.report, 2);
    s.x_drift = std::max(s.x_drift, std::abs(rod.state.q(0) - x0));
    if ((rod.report.events & kEventContactGain) && rod.report.normal_impulse[1] > 0.0 &&
        !(rod.report.events & kEventRest)) {
      if (s.first_strike < 0.0) s.first_strike = rod.state.time;
      s.rebounds.push_back(rod.report.normal_velocity[1]);
    }
  }
  s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return s;
}

bool check(bool condition, const char* what, const std::string& scheme) {
  if (!condition) std::fprintf(stderr, "falling_rod: %s: %s\n", scheme.c_str(), what);
  return condition;
}

}  // namespace

int main(int argc, char** argv) {
  std::string out = ".";
  double duration = 2.0;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--out") == 0 && i + 1 < argc) {
      out = argv[++i];
    } else if (std::strcmp(argv[i], "--seconds") == 0 && i + 1 < argc) {
      duration = std::atof(argv[++i]);
      if (!(duration > 0.0 && duration <= 60.0)) {
        std::fprintf(stderr, "falling_rod: --seconds must be in (0, 60]\n");
        return 2;
      }
    } else {
      std::fprintf(stderr, "usage: falling_rod [--out DIR] [--seconds T]\n");
      return 2;
    }
  }

  auto rod = std::make_unique<Rod>();  // the workspaces are large for a stack
  const Vector3<double> gravity(0.0, -kGravity, 0.0);
  EventDrivenOptions<double> event_options;
  event_options.contact.gravity = gravity;
  event_options.step = 1e-3;
  TrapezoidalOptions<double> trapezoidal_options;
  trapezoidal_options.contact.gravity = gravity;
  trapezoidal_options.initial_step = 1e-3;
  TimeSteppingOptions<double> stepping_options;
  stepping_options.contact.gravity = gravity;
  stepping_options.friction = FrictionModel::kNone;
  stepping_options.step = 1e-3;

  struct Scheme {
    const char* name;
    Summary summary;
    host::Trajectory trajectory;
  };
  std::vector<Scheme> schemes(3);
  schemes[0].name = "event_driven";
  schemes[0].summary = run("event_driven", *rod, duration,
                           [&](Rod& r) {
                             return advance_event_driven(r.model, r.ws, r.ends, r.tau, event_options, r.motion,
                                                         r.state, r.report);
                           },
                           schemes[0].trajectory);
  const double rest_left_event = rod->state.normal_force[0], rest_right_event = rod->state.normal_force[1];
  schemes[1].name = "trapezoidal";
  schemes[1].summary = run("trapezoidal", *rod, duration,
                           [&](Rod& r) {
                             return advance_trapezoidal(r.model, r.ws, r.ends, r.tau, trapezoidal_options, r.motion,
                                                        r.state, r.report);
                           },
                           schemes[1].trajectory);
  const double rest_left_trapezoidal = rod->state.normal_force[0], rest_right_trapezoidal = rod->state.normal_force[1];
  schemes[2].name = "time_stepping";
  schemes[2].summary = run("time_stepping", *rod, duration,
                           [&](Rod& r) {
                             return advance_time_stepping(r.model, r.ws, r.ends, r.tau, stepping_options, r.motion,
                                                          r.state, r.report);
                           },
                           schemes[2].trajectory);
  const double rest_forces[3][2] = {{rest_left_event, rest_right_event},
                                    {rest_left_trapezoidal, rest_right_trapezoidal},
                                    {rod->state.normal_force[0], rod->state.normal_force[1]}};

  const double exact = exact_first_strike();
  std::printf("The falling rod of Liu04 §5: 2 m, 1 kg, released at 45 deg, left end on a frictionless floor, e = 0.4\n");
  std::printf("first strike, exact from energy conservation: %.9f s; at rest each end carries %.2f N\n\n", exact,
              0.5 * kGravity);
  std::printf("%-13s %7s %14s %11s %24s %17s %9s %9s\n", "integrator", "steps", "first strike s", "error s",
              "rebound ratios 1-3", "rest forces N", "x drift", "wall ms");
  bool ok = true;
  for (std::size_t k = 0; k < schemes.size(); ++k) {
    const Summary& s = schemes[k].summary;
    char ratios[64] = "-";
    if (s.rebounds.size() >= 4)
      std::snprintf(ratios, sizeof ratios, "%.4f %.4f %.4f", s.rebounds[1] / s.rebounds[0],
                    s.rebounds[2] / s.rebounds[1], s.rebounds[3] / s.rebounds[2]);
    std::printf("%-13s %7ld %14.9f %11.2e %24s %8.4f %8.4f %9.1e %9.1f\n", schemes[k].name, s.steps, s.first_strike,
                s.first_strike - exact, ratios, rest_forces[k][0], rest_forces[k][1], s.x_drift, 1e3 * s.seconds);
    ok = check(s.ok, "did not run to the end", s.scheme) && ok;
    const bool fixed_step = k == 2;
    ok = check(std::abs(s.first_strike - exact) < (fixed_step ? stepping_options.step : 1e-4),
               "first strike off the exact time by more than allowed", s.scheme) && ok;
    ok = check(s.rebounds.size() >= 4, "fewer than 4 strikes", s.scheme) && ok;
    for (std::size_t j = 1; j < s.rebounds.size() && j < 4; ++j)
      ok = check(std::abs(s.rebounds[j] / s.rebounds[j - 1] - kRestitution) < (fixed_step ? 5e-2 : 1e-2),
                 "rebound ratio not e", s.scheme) && ok;
    ok = check(s.x_drift < 1e-9, "the centre moved sideways", s.scheme) && ok;
    if (duration >= 1.5)
      for (double f : rest_forces[k]) ok = check(std::abs(f - 0.5 * kGravity) < 1e-3, "not at rest on half the weight each", s.scheme) && ok;

    const std::string csv = out + "/falling_rod_" + schemes[k].name + ".csv";
    const host::Result<void> written = host::write_trajectory_csv(schemes[k].trajectory, csv);
    if (!written.ok()) {
      std::fprintf(stderr, "falling_rod: %s\n", written.error().c_str());
      return 1;
    }
  }
  const std::string png = out + "/falling_rod.png";
  const host::Result<void> plotted = host::write_plot_png(
      host::contact_figure(schemes[0].trajectory, "Falling rod (Liu04 §5), event-driven, h = 1 ms: both ends"), png);
  if (!plotted.ok()) {
    std::fprintf(stderr, "falling_rod: %s\n", plotted.error().c_str());
    return 1;
  }
  std::printf("\nwrote %s/falling_rod_{event_driven,trapezoidal,time_stepping}.csv and %s\n", out.c_str(), png.c_str());
  return ok ? 0 : 1;
}
