// The tree dynamics of a whole robot, as a controller runs them every tick: the quadruped (the
// Unitree A1) in a standing pose while trotting forward, its kinematics, H (CRBA), C (RNEA) and
// the sparse factor of H, each timed on the board. Then two things physics says must hold:
// at rest C is the robot's weight, and with no ground and no joint torque (H q̈ = −C) the robot
// falls freely: the base accelerates at g and no joint moves.
#include <cmath>
#include <limits>

#include "demo_support.hpp"
#include "footfall/dynamics.hpp"
#include "footfall/models.hpp"

namespace demo {

using namespace footfall;

namespace {

using Quadruped = QuadrupedModel<S>;

// Trotting: the trunk moves forward at 0.5 m/s and rolls at 0.3 rad/s; diagonal legs swing
// together, FR and RL forward, FL and RR back.
Quadruped::TangentVector trotting_velocity(const Quadruped& model) {
  Quadruped::TangentVector v = Quadruped::TangentVector::Zero(model.nv());
  v(0) = S(0.5);
  v(3) = S(0.3);
  const S swing[kQuadrupedLegs] = {S(2), S(-2), S(-2), S(2)};
  for (int leg = 0; leg < kQuadrupedLegs; ++leg) {
    v(6 + 3 * leg + 1) = swing[leg];
    v(6 + 3 * leg + 2) = S(-1.5) * swing[leg];
  }
  return v;
}

S relative_difference(S a, S b) {
  const S scale = std::fabs(b);
  return std::fabs(a - b) / (scale > S(0) ? scale : S(1));
}

}  // namespace

bool quadruped_dynamics() {
  static Quadruped model;
  static Workspace<S, 13, 18> ws;  // every intermediate result; static, not on the stack
  Status status = build_quadruped_model(&model);
  std::printf("Tree dynamics (RBDA ch. 5-6) of the quadruped: Unitree A1, %d bodies, nq %d, nv %d, "
              "model %u bytes, workspace %u bytes.\n",
              model.body_count(), model.nq(), model.nv(), static_cast<unsigned>(sizeof(model)),
              static_cast<unsigned>(sizeof(ws)));
  if (!status.ok()) {
    std::printf("  the model did not build: %s, field \"%s\"\n", to_string(status.code), status.field);
    return false;
  }
  const Quadruped::ConfigVector q = standing_pose(model);
  const Quadruped::TangentVector v = trotting_velocity(model);
  const S g = S(9.81);

  std::printf("Standing, trotting at 0.5 m/s:\n");
  timed("forward kinematics", [&] { status = forward_kinematics(model, ws, q, v); });
  if (status.ok()) timed("H, composite-rigid-body algorithm", [&] { status = mass_matrix(model, ws); });
  if (status.ok()) timed("C, recursive Newton-Euler with q'' = 0", [&] { status = bias_forces(model, ws); });
  if (status.ok()) timed("factor H = L'DL along the tree", [&] { status = factorize_mass_matrix(model, ws); });
  if (!status.ok()) {
    std::printf("  failed: %s, field \"%s\"\n", to_string(status.code), status.field);
    return false;
  }
  const S mass = model.total_mass();
  std::printf("  total mass                         %.6f kg\n", static_cast<double>(mass));
  std::printf("  H(0,0), the base's linear inertia  %.6f kg   (relative difference %.1e)\n",
              static_cast<double>(ws.mass_matrix(0, 0)), static_cast<double>(relative_difference(ws.mass_matrix(0, 0), mass)));
  Vector3<S> foot = Vector3<S>::Zero();
  status = point_position(model, ws, quadruped_calf_body(0), quadruped_foot_point<S>(), &foot);
  print3("FR foot, world [m]", foot);
  S energy = S(0);
  if (status.ok()) status = kinetic_energy(model, ws, v, &energy);
  S quadratic = S(0);  // ½ vᵀ H v, from H alone
  for (int i = 0; i < model.nv(); ++i)
    for (int j = 0; j < model.nv(); ++j) quadratic += S(0.5) * v(i) * ws.mass_matrix(i, j) * v(j);
  std::printf("  kinetic energy, sum over bodies    %.9f J\n", static_cast<double>(energy));
  std::printf("  kinetic energy, v'Hv/2             %.9f J   (relative difference %.1e)\n",
              static_cast<double>(quadratic), static_cast<double>(relative_difference(quadratic, energy)));

  // At rest C is gravity alone: the base's share is the weight, up in the level trunk's frame.
  const Quadruped::TangentVector rest = Quadruped::TangentVector::Zero(model.nv());
  if (status.ok()) status = compute_tick_terms(model, ws, q, rest);
  if (!status.ok()) {
    std::printf("  failed at rest: %s, field \"%s\"\n", to_string(status.code), status.field);
    return false;
  }
  std::printf("At rest:\n");
  std::printf("  C, base vertical force             %.6f N   (m g = %.6f N)\n",
              static_cast<double>(ws.bias(2)), static_cast<double>(mass * g));

  // Free fall: H q̈ = −C, solved with the factor.
  Quadruped::TangentVector qdd = -ws.bias;
  timed("solve H x = b with the factor", [&] { status = solve_mass_matrix(model, ws, qdd); });
  S largest_joint = S(0);
  for (int k = 6; k < model.nv(); ++k) largest_joint = std::fmax(largest_joint, std::fabs(qdd(k)));
  std::printf("Falling with no ground and no joint torque (H q'' = -C):\n");
  print3("base acceleration, trunk frame", Vector3<S>(qdd(0), qdd(1), qdd(2)));
  std::printf("  largest joint acceleration         %.1e rad/s^2\n\n", static_cast<double>(largest_joint));

  const S tolerance = S(1000) * std::numeric_limits<S>::epsilon();
  return status.ok() && relative_difference(ws.mass_matrix(0, 0), mass) <= tolerance &&
         relative_difference(quadratic, energy) <= tolerance &&
         relative_difference(ws.bias(2), mass * g) <= tolerance &&
         relative_difference(qdd(2), -g) <= tolerance && largest_joint <= tolerance * g;
}

}  // namespace demo
