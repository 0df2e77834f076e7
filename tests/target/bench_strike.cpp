// Instruction counts of the strike solve on the quadruped (Unitree A1, nv = 18) in the standing
// pose of tests/unit/stance/stance_fixtures.hpp, trunk at rest, the front-right foot alone or the
// diagonal pair front-right + rear-left touching down at 0.5 m/s downward and 0.1 m/s forward
// (only the striking feet in the contact set), as tests/bench/bench_strike.cpp on the host: the
// strike solve alone on the tick's kinematics, H and factor, for sticking friction, the exact
// cone (μ = 0.8) and no friction, and with the cone and a linear pad on every striking foot
// (k = 2e4 N/m, c = 50 N s/m: the peak-load prediction, exact and by RK4); then the whole tick (kinematics, H,
// factor, strike) with the cone.
#include <Eigen/LU>

#include "bench.hpp"
#include "footfall/dynamics.hpp"
#include "footfall/models.hpp"
#include "footfall/strike.hpp"

namespace footfall::bench {

namespace {

template <typename S>
struct StrikeBench {
  QuadrupedModel<S> model;
  Workspace<S, 13, 18> ws;
  ContactSet<S, 4> feet, padded;
  StrikeWorkspace<S, 18, 4> scratch;
  StrikeResult<S, 13, 18, 4> result;
  typename QuadrupedModel<S>::ConfigVector q;
  typename QuadrupedModel<S>::TangentVector v;
};

template <typename S>
Status tick_terms(StrikeBench<S>& b) {
  return compute_mass_terms(b.model, b.ws, b.q, b.v);
}

// The feet of `legs` striking: contacts (rigid and padded) and v⁻.
template <typename S>
Status strike_of(StrikeBench<S>& b, const int* legs, int count) {
  b.v = QuadrupedModel<S>::TangentVector::Zero(18);
  Status status = tick_terms(b);
  b.feet.clear();
  b.padded.clear();
  const Vector3<S> foot_velocity(S(0.1), S(0), S(-0.5));
  for (int i = 0; i < count && status.ok(); ++i) {
    Contact<S> c = Contact<S>::Ground(quadruped_calf_body(legs[i]), quadruped_foot_point<S>(), Vector3<S>::UnitZ(), S(0.8));
    b.feet.add(c);
    c.pad = ContactPad<S>::Linear(S(2e4), S(50));
    b.padded.add(c);
    Eigen::Matrix<S, 3, 18> j;
    status = point_jacobian(b.model, b.ws, c.body, c.point, j);
    const int k = 6 + 3 * legs[i];
    const Matrix3<S> leg = j.template block<3, 3>(0, k);
    b.v.template segment<3>(k) = leg.partialPivLu().solve(foot_velocity);
  }
  if (status.ok()) status = tick_terms(b);
  return status;
}

}  // namespace

template <typename S>
void strike() {
  using port::keep;
  const char* scalar = sizeof(S) == sizeof(float) ? "float" : "double";
  static StrikeBench<S> b;
  if (!build_quadruped_model(&b.model).ok()) return;
  b.q = QuadrupedModel<S>::ConfigVector::Zero(19);
  b.q(2) = S(0.3);
  b.q(6) = S(1);
  for (int leg = 0; leg < kQuadrupedLegs; ++leg) {
    b.q(8 + 3 * leg) = S(0.8);
    b.q(9 + 3 * leg) = S(-1.6);
  }
  const int legs[2] = {0, 3};  // FR; FR and RL
  struct Row {
    StrikeFriction friction;
    bool pad;
    PeakMethod method;
    const char* name[2];
  };
  const Row rows[5] = {
      {StrikeFriction::kSticking, false, PeakMethod::kAuto, {"strike solve, 1 foot, sticking", "strike solve, 2 feet, sticking"}},
      {StrikeFriction::kCone, false, PeakMethod::kAuto, {"strike solve, 1 foot, cone", "strike solve, 2 feet, cone"}},
      {StrikeFriction::kNone, false, PeakMethod::kAuto, {"strike solve, 1 foot, frictionless", "strike solve, 2 feet, frictionless"}},
      {StrikeFriction::kCone, true, PeakMethod::kExact, {"strike solve, 1 foot, cone + pad exact", "strike solve, 2 feet, cone + pad exact"}},
      {StrikeFriction::kCone, true, PeakMethod::kRungeKutta4, {"strike solve, 1 foot, cone + pad RK4", "strike solve, 2 feet, cone + pad RK4"}},
  };
  for (int n = 1; n <= 2; ++n) {
    if (!strike_of(b, legs, n).ok()) {
      std::printf("  %-6s  (strike setup, %d feet, failed)\n", scalar, n);
      continue;
    }
    for (const Row& r : rows) {
      StrikeOptions<S> options;
      options.friction = r.friction;
      options.peak_method = r.method;
      const ContactSet<S, 4>& set = r.pad ? b.padded : b.feet;
      Status status;
      row(scalar, r.name[n - 1], g_counter.count([&] {
            status = solve_strike(b.model, b.ws, set, b.v, options, b.scratch, b.result);
          }));
      if (!status.ok()) std::printf("  %-6s  (%s: %s)\n", scalar, r.name[n - 1], to_string(status.code));
      if (r.pad && status.ok())
        std::printf("  %-6s  %-40s %8d\n", scalar, "  peak prediction: steps", b.result.peaks.steps);
    }
    StrikeOptions<S> options;
    Status status;
    row(scalar, n == 1 ? "strike tick, 1 foot, cone" : "strike tick, 2 feet, cone", g_counter.count([&] {
          status = tick_terms(b);
          if (status.ok()) status = solve_strike(b.model, b.ws, b.feet, b.v, options, b.scratch, b.result);
        }));
    keep(status);
    if (!status.ok()) std::printf("  %-6s  (strike tick: %s)\n", scalar, to_string(status.code));
  }
  std::printf("  %-6s  %-40s %8u\n", scalar, "StrikeWorkspace size, 4 contacts [bytes]",
              static_cast<unsigned>(sizeof(b.scratch)));
  std::printf("  %-6s  %-40s %8u\n", scalar, "StrikeResult size, 4 contacts [bytes]",
              static_cast<unsigned>(sizeof(b.result)));
}

template void strike<float>();
template void strike<double>();

}  // namespace footfall::bench
