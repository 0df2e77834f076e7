#pragma once
// Models, ticks and reference solutions for the stance tests, the same on host and boards.
#include "dense_solve.hpp"
#include "ff_test.hpp"
#include "footfall/dynamics.hpp"
#include "footfall/models.hpp"
#include "footfall/stance.hpp"
#include "model_fixtures.hpp"

namespace footfall::test {

// Everything one model's stance solve needs, kept static (the workspaces are too large for a
// board's test stack): the model, its dynamics workspace, the contacts and the stance scratch.
template <typename S, int B, int D, int K>
struct StanceBench {
  using ModelType = Model<S, B, D>;
  using Config = typename ModelType::ConfigVector;
  using Tangent = typename ModelType::TangentVector;
  ModelType model;
  Workspace<S, B, D> ws;
  ContactSet<S, K> contacts;
  StanceWorkspace<S, D, K> stance;
  StanceResult<S, D, K> result;
  Vector3<S> gravity = standard_gravity<S>();

  // Kinematics, H, its factor and C at (q, v): the tick's terms before any contact.
  bool prepare(const Config& q, const Tangent& v) {
    return forward_kinematics(model, ws, q, v).ok() && mass_matrix(model, ws).ok() &&
           factorize_mass_matrix(model, ws).ok() && bias_forces(model, ws, gravity).ok();
  }

  Status solve(const Tangent& tau, FrictionModel friction, StanceSolver solver = StanceSolver::kAuto) {
    StanceOptions<S> options;
    options.friction = friction;
    options.solver = solver;
    options.warm_start = false;
    return solve_stance(model, ws, contacts, tau, options, stance, result);
  }
};

// One free rigid body (a free flyer) with the given inertia.
template <typename S>
Status build_free_body(const Inertia<S>& inertia, Model<S, 1, 6>* out) {
  ModelBuilder<S, 1, 6> builder;
  builder.add_body("body", -1, JointSpec<S>::FreeFlyer(), inertia, nullptr, "root");
  return builder.build(out);
}

// q of a free body at `position` with orientation R (base → world), v = 0 for its size.
template <typename S, int D>
Eigen::Matrix<S, Eigen::Dynamic, 1, 0, D + 1, 1> free_body_configuration(const Vector3<S>& position,
                                                                         const Matrix3<S>& rotation) {
  Eigen::Matrix<S, Eigen::Dynamic, 1, 0, D + 1, 1> q(7);
  const Vector4<S> quaternion = quaternion_from_rotation(rotation);
  for (int k = 0; k < 3; ++k) q(k) = position(k);
  for (int k = 0; k < 4; ++k) q(3 + k) = quaternion(k);
  return q;
}

// Contacts' results against the stance conditions, on rows from the result itself: λ ≥ 0,
// ζ̇ ≥ 0, λ·ζ̇ = 0 per contact, and the friction cone, each to `tolerance` times the scale.
template <typename S, int D, int K>
void expect_stance_conditions(const StanceResult<S, D, K>& r, const ContactSet<S, K>& set, S force_scale,
                              S acceleration_scale, S tolerance) {
  const int m = r.friction == FrictionModel::kNone ? 1 : 3;
  for (int i = 0; i < r.count; ++i) {
    const S lambda = r.lambda(i * m), zeta = r.contact_acceleration(i * m);
    FF_EXPECT_TRUE(lambda >= -tolerance * force_scale);
    FF_EXPECT_TRUE(zeta >= -tolerance * acceleration_scale);
    FF_EXPECT_TRUE(std::abs(lambda * zeta) <= tolerance * force_scale * acceleration_scale);
    if (m == 3) {
      const S ft = std::sqrt(r.lambda(i * 3 + 1) * r.lambda(i * 3 + 1) + r.lambda(i * 3 + 2) * r.lambda(i * 3 + 2));
      FF_EXPECT_TRUE(ft <= set[i].mu * lambda + tolerance * force_scale);
    }
  }
}

}  // namespace footfall::test
