#pragma once
// Joint torques that hold a floating-base robot still on its contacts, the feed-forward term of
// a standing controller and the "consistent gravity-compensation solve" of REFERENCE.md's
// quadruped problem. At rest in the current configuration (q̈ = 0) the equations of motion
// H q̈ + C = τ + Gᵀf leave, on the six unactuated base rows,
//
//   A f = C_base,   A = (Gᵀ)_base (6 × 3n_c),
//
// which the least-norm forces f = Aᵀ(AAᵀ)⁻¹C_base satisfy (every contact shares the load as
// evenly as the geometry allows); then τ = C − Gᵀf on the joints and 0 on the base. It does not
// enforce λ ≥ 0 or the friction cones: whether the robot really stands is the stance solve's to
// say, and a pose whose centre of mass is outside its support gives a negative normal force.
#include <Eigen/Core>

#include "footfall/common/numeric.hpp"
#include "footfall/common/small_ldlt.hpp"
#include "footfall/contact/contact_dynamics.hpp"

namespace footfall {

// Needs the contact terms with tangents (compute_contact_dynamics(…, with_tangents = true, cd))
// on the current Workspace. Writes τ (nv) and, if `forces` is given, f (3n_c, contact frames).
template <typename S, int B, int D, int K, typename TauDerived>
Status holding_torques(const Model<S, B, D>& model, const Workspace<S, B, D>& ws, const ContactDynamics<S, D, K>& cd,
                       const Eigen::MatrixBase<TauDerived>& tau_const,
                       Eigen::Matrix<S, Eigen::Dynamic, 1, 0, 3 * K, 1>* forces = nullptr) noexcept {
  auto& tau = writable(tau_const);
  if (!model.has_floating_base()) return Status::BadInput("model.floating_base");
  if (cd.rows_per_contact != 3) return Status::BadInput("contact_dynamics.tangents");
  if (!(ws.stage & Workspace<S, B, D>::kBias)) return Status::BadInput("workspace.bias");
  if (tau.rows() != model.nv() || tau.cols() != 1) return Status::BadInput("tau.size");
  const int rows = cd.rows(), nv = model.nv();
  Eigen::Matrix<S, 6, 6> aat = Eigen::Matrix<S, 6, 6>::Zero();
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 6; ++j)
      for (int r = 0; r < rows; ++r) aat.coeffRef(i, j) += cd.jacobian.coeff(r, i) * cd.jacobian.coeff(r, j);
  SmallLdlt<S, 6> ldlt;
  // Fewer than six independent rows (one point contact cannot hold a free body's moments).
  if (!ldlt.compute(aat, 6)) return Status::Infeasible("contacts.rank");
  Eigen::Matrix<S, 6, 1> y;
  for (int i = 0; i < 6; ++i) y.coeffRef(i) = ws.bias.coeff(i);
  ldlt.solve_in_place(y);
  for (int k = 0; k < nv; ++k) tau.coeffRef(k, 0) = k < 6 ? S(0) : ws.bias.coeff(k);
  if (forces != nullptr) forces->resize(rows);
  for (int r = 0; r < rows; ++r) {
    S f = S(0);
    for (int i = 0; i < 6; ++i) f += cd.jacobian.coeff(r, i) * y.coeff(i);
    if (forces != nullptr) forces->coeffRef(r) = f;
    for (int k = 6; k < nv; ++k) tau.coeffRef(k, 0) -= cd.jacobian.coeff(r, k) * f;
  }
  return Status::Ok();
}

}  // namespace footfall
