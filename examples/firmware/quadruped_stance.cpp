// Stance on the board: the quadruped standing on four feet, then on three (the rear-right foot
// lifted), with the exact Coulomb cone. Joint torques come from a gravity-compensation solve
// (stance/holding_torques.hpp); the stance solve then finds the foot forces and accelerations
// those torques give, which is what a controller checks before it trusts its torques. Printed
// with their checks: the normal forces sum to the robot's weight and nothing accelerates.
#include <cmath>
#include <limits>

#include "demo_support.hpp"
#include "footfall/dynamics.hpp"
#include "footfall/models.hpp"
#include "footfall/stance.hpp"

namespace demo {

using namespace footfall;

namespace {

using Quadruped = QuadrupedModel<S>;
constexpr int kFeet = 4;

struct Stance {
  Workspace<S, 13, 18> ws;
  ContactSet<S, kFeet> feet;
  StanceWorkspace<S, 18, kFeet> scratch;
  StanceResult<S, 18, kFeet> result;
};

// One stance case: contacts at the listed feet, holding torques for them, then the solve.
bool stand_on(const Quadruped& model, Stance& st, const int* legs, int count, const char* title) {
  const Quadruped::ConfigVector q = standing_pose(model);
  const Quadruped::TangentVector v = Quadruped::TangentVector::Zero(model.nv());
  Quadruped::TangentVector tau = Quadruped::TangentVector::Zero(model.nv());
  st.feet.clear();
  for (int i = 0; i < count; ++i)
    st.feet.add(Contact<S>::Ground(quadruped_calf_body(legs[i]), quadruped_foot_point<S>(), Vector3<S>::UnitZ(), S(0.8)));
  StanceOptions<S> options;  // the exact cone, the automatic solver
  options.warm_start = false;

  // The torques that hold the robot still (least-norm foot forces on the trunk's six rows).
  Status status = compute_tick_terms(model, st.ws, q, v);
  if (status.ok()) status = compute_contact_dynamics(model, st.ws, st.feet, tau, ContactRows::kWithTangents, st.scratch.contact);
  if (status.ok()) status = holding_torques(model, st.ws, st.scratch.contact, tau);
  if (!status.ok()) {
    std::printf("  holding torques failed: %s, field \"%s\"\n", to_string(status.code), status.field);
    return false;
  }

  std::printf("%s\n", title);
  timed("whole tick: kinematics, H, factor, C, stance", [&] {
    status = compute_tick_terms(model, st.ws, q, v);
    if (status.ok()) status = solve_stance(model, st.ws, st.feet, tau, options, st.scratch, st.result);
  });
  timed("stance alone: contact terms, cone solve, q'', checks",
        [&] { status = solve_stance(model, st.ws, st.feet, tau, options, st.scratch, st.result); });
  const StanceResult<S, 18, kFeet>& r = st.result;
  std::printf("  status %s, solver %s, %d sweep(s) of %d, residual %.1e\n", to_string(r.status.code),
              to_string(r.solver), r.work, r.work_limit, static_cast<double>(r.residual));
  if (!status.ok()) return false;
  S total = S(0);
  for (int i = 0; i < r.count; ++i) {
    std::printf("  %s foot  force (% 8.3f, % 8.3f, % 8.3f) N  %s\n", kQuadrupedLegNames[legs[i]],
                static_cast<double>(r.force[i].x()), static_cast<double>(r.force[i].y()),
                static_cast<double>(r.force[i].z()), to_string(r.state[i]));
    total += r.normal_force[i];
  }
  S largest = S(0);
  for (int k = 0; k < model.nv(); ++k) largest = std::fmax(largest, std::fabs(r.qdd(k)));
  const S weight = model.total_mass() * S(9.81);
  std::printf("  sum of normal forces %.4f N (weight %.4f N); largest |q''| %.1e\n", static_cast<double>(total),
              static_cast<double>(weight), static_cast<double>(largest));
  const S tolerance = S(1e4) * std::numeric_limits<S>::epsilon();
  return std::fabs(total - weight) <= tolerance * weight && largest <= tolerance * S(9.81);
}

}  // namespace

bool quadruped_stance() {
  static Quadruped model;
  static Stance stance;  // workspaces static, not on the stack
  if (!build_quadruped_model(&model).ok()) return false;
  std::printf("Stance (RBDA ch. 11): foot forces with the exact friction cone, mu 0.8; stance workspace %u bytes.\n",
              static_cast<unsigned>(sizeof(stance.scratch)));
  const int four[4] = {0, 1, 2, 3};
  const int three[3] = {0, 1, 3};  // rear-right foot lifted
  const bool on_four = stand_on(model, stance, four, 4, "Standing on four feet, holding torques:");
  const bool on_three = stand_on(model, stance, three, 3, "On three feet (RR lifted), holding torques:");
  std::printf("\n");
  return on_four && on_three;
}

}  // namespace demo
