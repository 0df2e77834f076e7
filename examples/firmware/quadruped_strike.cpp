// The strike on the board: the quadruped in the demo's standing pose, trunk at rest, three feet
// standing (touching at zero normal velocity, so they take part) while the front-right swing
// foot touches down at 0.5 m/s downward and 0.1 m/s forward. Exact Coulomb cone (mu 0.8),
// Newton's restitution e = 0.2, a linear pad on every foot (k = 2e4 N/m, c = 50 N s/m) for the
// peak loads. Printed: the impulses per foot, the velocities just after, the impulses the joints
// carry, the predicted peak forces and torques, and the kinetic energy before and after, with
// the checks that make them believable: u = H dq' to rounding, no foot leaves approaching, and
// the strike takes energy out.
#include <cmath>

#include "demo_support.hpp"
#include "footfall/dynamics.hpp"
#include "footfall/models.hpp"
#include "footfall/strike.hpp"

namespace demo {

using namespace footfall;

namespace {

using Quadruped = QuadrupedModel<S>;
constexpr int kFeet = 4;
constexpr int kSwing = 0;  // FR

struct Strike {
  Workspace<S, 13, 18> ws;
  ContactSet<S, kFeet> feet;
  StrikeWorkspace<S, 18, kFeet> scratch;
  StrikeResult<S, 13, 18, kFeet> result;
};

void print_leg(const char* label, const Quadruped::TangentVector& x, int leg, const char* unit) {
  const int k = 6 + 3 * leg;
  std::printf("  %-34s (% 9.4f, % 9.4f, % 9.4f) %s\n", label, static_cast<double>(x(k)), static_cast<double>(x(k + 1)),
              static_cast<double>(x(k + 2)), unit);
}

}  // namespace

bool quadruped_strike() {
  static Quadruped model;
  static Strike st;  // workspaces static, not on the stack
  if (!build_quadruped_model(&model).ok()) return false;
  const Quadruped::ConfigVector q = standing_pose(model);
  Quadruped::TangentVector v = Quadruped::TangentVector::Zero(model.nv());
  const Vector3<S> touchdown(S(0.1), S(0), S(-0.5));
  st.feet.clear();
  for (int leg = 0; leg < kFeet; ++leg) {
    Contact<S> c = Contact<S>::Ground(quadruped_calf_body(leg), quadruped_foot_point<S>(), Vector3<S>::UnitZ(), S(0.8),
                                      S(0.2));
    c.pad = ContactPad<S>::Linear(S(2e4), S(50));
    st.feet.add(c);
  }
  // The swing leg's joint velocities that move its foot at `touchdown`, trunk at rest.
  Status status = forward_kinematics(model, st.ws, q, v);
  if (status.ok()) status = set_touchdown_velocity(model, st.ws, st.feet[kSwing].body, st.feet[kSwing].point, touchdown, v);
  if (!status.ok()) return false;

  StrikeOptions<S> options;  // the exact cone, Newton's law, the automatic solver
  std::printf("Strike (RBDA s. 11.7): FR foot touching down at (%.2f, %.2f, %.2f) m/s, three feet standing;\n",
              static_cast<double>(touchdown.x()), static_cast<double>(touchdown.y()), static_cast<double>(touchdown.z()));
  std::printf("  cone mu 0.8, Newton e 0.2, linear pads k 2e4 N/m, c 50 N s/m; strike workspace %u bytes.\n",
              static_cast<unsigned>(sizeof(st.scratch)));
  timed("whole: kinematics, H, factor, strike with peak loads", [&] {
    status = compute_mass_terms(model, st.ws, q, v);
    if (status.ok()) status = solve_strike(model, st.ws, st.feet, v, options, st.scratch, st.result);
  });
  timed("strike alone, with peak loads",
        [&] { status = solve_strike(model, st.ws, st.feet, v, options, st.scratch, st.result); });
  const StrikeResult<S, 13, 18, kFeet>& r = st.result;
  std::printf("  status %s, solver %s, %d sweep(s) of %d, residual %.1e\n", to_string(r.status.code),
              to_string(r.solver), r.work, r.work_limit, static_cast<double>(r.residual));
  if (!status.ok()) return false;
  for (int i = 0; i < r.count; ++i)
    std::printf("  %s foot  impulse (% 8.4f, % 8.4f, % 8.4f) N s  zeta- % .3f  zeta+ % .3f m/s  %s\n",
                kQuadrupedLegNames[i], static_cast<double>(r.impulse[i].x()), static_cast<double>(r.impulse[i].y()),
                static_cast<double>(r.impulse[i].z()), static_cast<double>(r.approach[i]),
                static_cast<double>(r.departure[i]), to_string(r.state[i]));
  // The free flyer's v: the trunk origin's linear velocity, then its angular velocity (body frame).
  print3("trunk linear velocity after [m/s]", Vector3<S>(r.v_plus.segment<3>(0)));
  print3("trunk angular velocity after [rad/s]", Vector3<S>(r.v_plus.segment<3>(3)));
  print_leg("FR joints before [rad/s]", v, kSwing, "");
  print_leg("FR joints after [rad/s]", r.v_plus, kSwing, "");
  std::printf("  joint impulses u = G^T iota [N m s]\n");
  for (int leg = 0; leg < kQuadrupedLegs; ++leg) print_leg(kQuadrupedLegNames[leg], r.joint_impulse, leg, "");
  std::printf("  per-joint axis impulses (the drives' share) [N m s]\n");
  for (int leg = 0; leg < kQuadrupedLegs; ++leg) print_leg(kQuadrupedLegNames[leg], r.axis_impulse, leg, "");
  std::printf("  peak loads on the pads: duration %.2f ms in %d steps of %.1f us\n",
              static_cast<double>(r.peaks.duration * S(1e3)), r.peaks.steps, static_cast<double>(r.peaks.step * S(1e6)));
  for (int i = 0; i < r.count; ++i)
    std::printf("  %s foot  peak normal force %9.2f N at %.3f ms\n", kQuadrupedLegNames[i],
                static_cast<double>(r.peaks.normal_force[i]), static_cast<double>(r.peaks.time_of_peak[i] * S(1e3)));
  std::printf("  peak joint torques |G^T f(t)| [N m]\n");
  for (int leg = 0; leg < kQuadrupedLegs; ++leg) print_leg(kQuadrupedLegNames[leg], r.peaks.joint_torque, leg, "");
  std::printf("  kinetic energy before %.5f J, after %.5f J; |u - H dq'| %.1e\n",
              static_cast<double>(r.kinetic_energy_before), static_cast<double>(r.kinetic_energy_after),
              static_cast<double>(r.impulse_residual));
  std::printf("\n");
  return r.peaks.predicted && r.kinetic_energy_after <= r.kinetic_energy_before && r.state[kSwing] != StrikeState::kLeftOut;
}

}  // namespace demo
