#pragma once
// Joint torques that hold a floating-base robot still on its contacts, the feed-forward term of
// a standing controller and the "consistent gravity-compensation solve" of the reference
// problems' (tests/README.md)
// quadruped problem. At rest in the current configuration (q̈ = 0) the equations of motion
// H q̈ + C = τ + Gᵀf leave, on the six unactuated base rows,
//
//   A f = C_base,   A = (Gᵀ)_base (6 × 3n_c),
//
// which the least-norm forces f = Aᵀ(AAᵀ)⁻¹C_base satisfy (every contact shares the load as
// evenly as the geometry allows); then τ = C − Gᵀf on the joints and 0 on the base. It does not
// enforce λ ≥ 0 or the friction cones: whether the robot really stands is the stance solve's to
// say, and a pose whose centre of mass is outside its support gives a negative normal force.
//
// Contacts that cannot resist every moment leave AAᵀ singular: a trotting robot's diagonal pair
// of feet has no moment about the line between them. With relative_damping ε > 0 the solve is
// damped least squares, f = Aᵀ(AAᵀ + δ1)⁻¹C_base with δ = ε tr(AAᵀ)/6: the forces that best hold
// the trunk, A f = C_base − δ y where y = (AAᵀ + δ1)⁻¹C_base, exact on the directions the
// contacts can hold. ε = 0 (the default) is the exact solve: a singular AAᵀ is refused as
// Infeasible when its pivot is not positive, but rounding can leave a tiny positive one and
// then forces as large as that rounding makes them, so contacts like a pair want ε > 0.
#include <Eigen/Core>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/numeric.hpp"
#include "footfall/common/small_ldlt.hpp"
#include "footfall/contact/contact_dynamics.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// What must be computed first, on this tick's Workspace and q, v:
///   C:  compute_tick_terms(model, ws, q, v) (kinematics, H, its factor and C), or bias_forces
///       after the others; missing (no C since the last forward_kinematics): BadInput
///       "workspace.bias".
///   G with its tangent rows, into cd: compute_contact_dynamics(model, ws, contacts, tau,
///       ContactRows::kWithTangents, cd) (its τ is not read here), or compute_contact_terms(model,
///       ws, contacts, ContactRows::kWithTangents, ContactTerms::kVelocityOnly, cd); missing (cd
///       never filled, or filled with ContactRows::kNormals): BadInput "contact_dynamics.tangents".
/// A model with no floating base is refused as "model.floating_base". On a refusal τ is left as
/// it was. Writes τ (nv) and, if `forces` is given, f (3n_c, contact frames).
template <typename S, int B, int D, int K, typename TauDerived>
Status holding_torques(const Model<S, B, D>& model, const Workspace<S, B, D>& ws, const ContactDynamics<S, D, K>& cd,
                       const Eigen::MatrixBase<TauDerived>& tau_const,
                       NoDeduce<Eigen::Matrix<S, Eigen::Dynamic, 1, 0, 3 * K, 1>>* forces = nullptr,
                       NoDeduce<S> relative_damping = S(0)) noexcept {
  auto& tau = writable(tau_const);
  if (!model.has_floating_base()) return Status::BadInput("model.floating_base");
  if (cd.rows_per_contact != 3) return Status::BadInput("contact_dynamics.tangents");
  if (!(ws.stage & Workspace<S, B, D>::kBias)) return Status::BadInput("workspace.bias");
  if (tau.rows() != model.nv() || tau.cols() != 1) return Status::BadInput("tau.size");
  if (!is_finite(relative_damping) || relative_damping < S(0)) return Status::BadInput("relative_damping");
  const int rows = cd.rows(), nv = model.nv();
  // AAᵀ = Σᵣ aᵣaᵣᵀ over G's rows' base parts aᵣ: its 21 distinct entries, each a sum in row
  // order, held in registers through the rows (the loops over them are unrolled: left as loops
  // they cost more than the arithmetic), then mirrored, so that it is exactly symmetric.
  S upper[21] = {};
  for (int r = 0; r < rows; ++r) {
    S a[6];  // NOLINT(cppcoreguidelines-pro-type-member-init): written next
#pragma GCC unroll 6
    for (int i = 0; i < 6; ++i) a[i] = cd.jacobian.coeff(r, i);
    int entry = 0;
#pragma GCC unroll 6
    for (int i = 0; i < 6; ++i)
#pragma GCC unroll 6
      for (int j = i; j < 6; ++j) upper[entry++] += a[i] * a[j];
  }
  Eigen::Matrix<S, 6, 6> aat;
  int entry = 0;
#pragma GCC unroll 6
  for (int i = 0; i < 6; ++i)
#pragma GCC unroll 6
    for (int j = i; j < 6; ++j, ++entry) aat.coeffRef(i, j) = aat.coeffRef(j, i) = upper[entry];
  const S damping = relative_damping * aat.trace() / S(6);
#pragma GCC unroll 6
  for (int i = 0; i < 6; ++i) aat.coeffRef(i, i) += damping;
  SmallLdlt<S, 6> ldlt(detail::kUnset);
  // Fewer than six independent rows (one point contact cannot hold a free body's moments).
  if (!ldlt.compute(aat, 6)) return Status::Infeasible("contacts.rank");
  Eigen::Matrix<S, 6, 1> y;
#pragma GCC unroll 6
  for (int i = 0; i < 6; ++i) y.coeffRef(i) = ws.bias.coeff(i);
  ldlt.solve_in_place(y);
  // f = Aᵀy, and τ = C − Gᵀf on the joints: C + Gᵀ(−f) by the contacts' columns (each column's
  // rows in order, so each entry is C_k − G_rk f_r − … as a row-by-row loop has it), whose base
  // rows are then set back to 0.
  Eigen::Matrix<S, Eigen::Dynamic, 1, 0, 3 * K, 1> pull(rows);  // −f
  if (forces != nullptr) forces->resize(rows);
  for (int r = 0; r < rows; ++r) {
    S f = S(0);
#pragma GCC unroll 6
    for (int i = 0; i < 6; ++i) f += cd.jacobian.coeff(r, i) * y.coeff(i);
    if (forces != nullptr) forces->coeffRef(r) = f;
    pull.coeffRef(r) = -f;
  }
  for (int k = 0; k < nv; ++k) tau.coeffRef(k, 0) = ws.bias.coeff(k);
  detail::add_transpose_product<3, detail::TermSizes::kNone>(cd, pull, tau, static_cast<S*>(nullptr));
#pragma GCC unroll 6
  for (int k = 0; k < 6; ++k) tau.coeffRef(k, 0) = S(0);
  return Status::Ok();
}

}  // namespace footfall
FOOTFALL_HEADER_END
