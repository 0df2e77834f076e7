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
    return compute_tick_terms(model, ws, q, v, gravity).ok();
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

namespace footfall::test {

template <typename S>
using QuadrupedBench = StanceBench<S, 13, 18, 4>;

// The quadruped standing: trunk level at 0.3 m, every leg at hip 0, thigh 0.8, calf −1.6 rad
// (feet about 0.27 m below the trunk), at rest, with a contact at each foot listed in `feet`.
// On three feet the centre of mass lies on the diagonal between two of them; the front-right
// thigh at 1.1 rad moves that foot 8 cm back, which puts it 2.7 cm inside the triangle of
// front-right, front-left and rear-left feet.
template <typename S>
typename QuadrupedBench<S>::Config quadruped_standing_configuration(int count = 4) {
  typename QuadrupedBench<S>::Config q(19);
  q << S(0), S(0), S(0.3), S(0), S(0), S(0), S(1), S(0), S(0.8), S(-1.6), S(0), S(0.8), S(-1.6), S(0), S(0.8),
      S(-1.6), S(0), S(0.8), S(-1.6);
  if (count == 3) q(8) = S(1.1);
  return q;
}

template <typename S>
bool quadruped_standing(QuadrupedBench<S>& b, const int* feet, int count, S mu) {
  if (!build_quadruped_model(&b.model).ok()) return false;
  if (!b.prepare(quadruped_standing_configuration<S>(count), QuadrupedBench<S>::Tangent::Zero(18))) return false;
  b.contacts.clear();
  for (int i = 0; i < count; ++i)
    b.contacts.add(Contact<S>::Ground(quadruped_calf_body(feet[i]), quadruped_foot_point<S>(), Vector3<S>::UnitZ(), mu));
  return true;
}

// Joint torques that hold the robot still on its contacts (stance/holding_torques.hpp), with
// the least-norm forces they imply. Needs the contact terms of a solve with friction (3 rows a
// contact) in b.stance.contact.
template <typename S>
typename QuadrupedBench<S>::Tangent gravity_compensation(QuadrupedBench<S>& b,
                                                         Eigen::Matrix<S, Eigen::Dynamic, 1, 0, 12, 1>* forces) {
  typename QuadrupedBench<S>::Tangent tau(18);
  const Status status = holding_torques(b.model, b.ws, b.stance.contact, tau, forces);
  if (!status.ok()) tau.setZero();
  return tau;
}

// The equality-constrained solve with every contact held (sticking): the KKT system
//   [H  −Gᵀ] [q̈]   [τ − C]
//   [G   0 ] [f ] = [ −Ġv ]
// solved densely, as a reference that shares nothing with the stance solvers.
template <typename S>
bool kkt_solve(const QuadrupedBench<S>& b, const typename QuadrupedBench<S>::Tangent& tau,
               Eigen::Matrix<S, Eigen::Dynamic, 1, 0, 30, 1>* solution) {
  const auto& cd = b.stance.contact;
  const int n = 18, rows = cd.rows();
  Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic, 0, 30, 30> a = Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic, 0, 30, 30>::Zero(n + rows, n + rows);
  Eigen::Matrix<S, Eigen::Dynamic, 1, 0, 30, 1> rhs(n + rows);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) a(i, j) = b.ws.mass_matrix(i, j);
    rhs(i) = tau(i) - b.ws.bias(i);
  }
  for (int r = 0; r < rows; ++r) {
    for (int k = 0; k < n; ++k) {
      a(n + r, k) = cd.jacobian(r, k);
      a(k, n + r) = -cd.jacobian(r, k);
    }
    rhs(n + r) = -cd.velocity_term(r);
  }
  *solution = rhs;
  return gaussian_solve(a, *solution);
}

}  // namespace footfall::test
