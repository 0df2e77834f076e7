#pragma once
// A swing foot's planned velocity as joint rates: the touchdown v⁻ a strike is given, or a
// foot's velocity command, built by one call on the kinematics of the last forward_kinematics.
//
// The foot's world velocity is ṗ = J v (RBDA §8.1: only the DOFs on the foot's path to the root
// move it). To make it u while the rest of v is held, only the leg's rates change: the joints on
// the path below the floating base, whose columns of J are J_leg (3 × n, n the leg's DOFs). Of
// the changes Δ with J_leg Δ = r, r = u − J v, the least-norm one, the minimiser of ½‖Δ‖² under
// that constraint, is Δ = J_legᵀ y with J_leg J_legᵀ y = r (its Lagrange condition):
//
//   Δv_leg = J_legᵀ (J_leg J_legᵀ)⁻¹ (u − J v).
//
// For a leg of three joints J_leg is square and this is J_leg⁻¹ r, the only answer. A longer leg
// (a biped's six joints) has a null space of self-motions that leave the foot where it is; the
// least-norm change has no component in it, so it adds no self-motion to what v already holds
// and does not depend on how the leg's joints are numbered.
#include <cmath>
#include <cstddef>

#include <Eigen/LU>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/numeric.hpp"
#include "footfall/common/small_ldlt.hpp"
#include "footfall/dynamics/jacobians.hpp"
#include "footfall/dynamics/validate.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

namespace detail {

/// A leg's columns of J at a world point: the DOFs of the joints on a body's path below a free
/// flyer (at most D) and the point's velocity per unit rate of each.
template <typename S, int D>
struct LegColumns {
  static constexpr std::size_t kDofSlots = static_cast<std::size_t>(D);
  /// The point's velocity per unit rate of each DOF: the first `count` columns are written.
  Eigen::Matrix<S, 3, D> jacobian;  // NOLINT(cppcoreguidelines-pro-type-member-init): the first `count` written
  int dof[kDofSlots] = {};
  int count = 0;
};

template <typename S, int B, int D>
void collect_leg_columns(const Model<S, B, D>& model, const Workspace<S, B, D>& ws, int body,
                         const Vector3<S>& p_world, LegColumns<S, D>& leg) noexcept {
  leg.count = 0;
  for_each_path_dof_in_world(
      model, ws, body,
      [&](int k, const Motion<S>& s) {
        leg.jacobian.col(leg.count) = velocity_at(s, p_world);
        leg.dof[leg.count++] = k;
      },
      PathJoints::kBelowFreeFlyer);
  // In ascending DOF order, as v holds them (the walk ran from the body up), so that a
  // three-joint leg's J_leg is the block of J that a hand-written solve takes.
  for (int i = 1; i < leg.count; ++i)
    for (int j = i; j > 0 && leg.dof[j - 1] > leg.dof[j]; --j) {
      const int dof = leg.dof[j];
      leg.dof[j] = leg.dof[j - 1];
      leg.dof[j - 1] = dof;
      leg.jacobian.col(j).swap(leg.jacobian.col(j - 1));
    }
}

/// Whether the leg can give its point every velocity, to more than half the scalar's digits:
/// A = J_leg J_legᵀ positive definite, with κ_F = ‖A‖_F ‖A⁻¹‖_F (within a factor 3 of A's
/// condition number, κ(J_leg)²) at most 1/√ε, where the Gram solve's rounding, κ ε relative,
/// would cost more than half of them. A leg with fewer than three independent axes (a straight
/// knee, a leg of fewer than three joints) makes A singular, and one near that makes rates as
/// large as the rounding does: plausible, and wrong. `ldlt` is A's factor when it returns true.
template <typename S, int D>
bool leg_is_regular(const LegColumns<S, D>& leg, SmallLdlt<S, 3>& ldlt) noexcept {
  Matrix3<S> gram = Matrix3<S>::Zero();
  for (int c = 0; c < leg.count; ++c) gram += leg.jacobian.col(c) * leg.jacobian.col(c).transpose();
  if (!ldlt.compute(gram, 3)) return false;
  const S condition = gram.norm() * ldlt.inverse().norm();
  return condition * std::sqrt(epsilon<S>()) <= S(1);
}

/// The least-norm change Δ (the first leg.count entries) with J_leg Δ = r. A leg of three joints
/// has J_leg square and J_legᵀ(J_leg J_legᵀ)⁻¹ = J_leg⁻¹: solved on J_leg itself (LU with partial
/// pivoting), whose condition is the square root of A's.
template <typename S, int D>
void least_norm_change(const LegColumns<S, D>& leg, const SmallLdlt<S, 3>& ldlt, Vector3<S> r, S* change) noexcept {
  if (leg.count == 3) {
    const Vector3<S> delta = Matrix3<S>(leg.jacobian.template leftCols<3>()).partialPivLu().solve(r);
    for (int c = 0; c < 3; ++c) change[c] = delta.coeff(c);
    return;
  }
  ldlt.solve_in_place(r);  // y = A⁻¹ r
  for (int c = 0; c < leg.count; ++c) change[c] = leg.jacobian.col(c).dot(r);  // J_legᵀ y
}

}  // namespace detail

/// Changes the rates in v (nv, in and out) of the joints on the path from `body` to the root,
/// leaving out a floating base's free flyer (the leg), by the least-norm change that gives the
/// point `point` of `body` (body coordinates) the world velocity `velocity`, the rest of v held:
/// Δv_leg = J_legᵀ (J_leg J_legᵀ)⁻¹ (u − J v) (above). Reads the kinematics of the last
/// forward_kinematics (q; its v is not read). The touchdown v⁻ of a swing foot, trunk at rest:
/// v = 0, then set_touchdown_velocity(model, ws, foot_body, foot_point, (0.1, 0, −0.5), v).
///
/// On failure v is unchanged: BadInput "workspace.kinematics", "body" (out of range), "point",
/// "velocity" or "v" (size, or the index of a non-finite entry); "body.leg_rank" (index the body)
/// when the leg cannot give the point every velocity at this configuration (J_leg J_legᵀ singular
/// or too near it for the scalar: a straight knee, fewer than three independent joint axes, the
/// trunk itself); "velocity.overflow" when the rates would not be finite.
template <typename S, int B, int D, typename VDerived>
Status set_touchdown_velocity(const Model<S, B, D>& model, const Workspace<S, B, D>& ws, int body,
                              const Vector3<NoDeduce<S>>& point, const Vector3<NoDeduce<S>>& velocity,
                              const Eigen::MatrixBase<VDerived>& v_const) noexcept {
  auto& v = writable(v_const);
  Vector3<S> r = Vector3<S>::Zero();  // u − J v
  Status status = point_velocity(model, ws, body, point, v, &r);
  if (status.ok() && !all_finite(velocity)) status = Status::BadInput("velocity");
  if (!status.ok()) return status;
  r = velocity - r;
  detail::LegColumns<S, D> leg;
  detail::collect_leg_columns(model, ws, body, detail::world_point(ws, body, point), leg);
  SmallLdlt<S, 3> ldlt;
  if (!all_finite(r)) return Status::BadInput("velocity.overflow");
  if (!detail::leg_is_regular(leg, ldlt)) return Status::BadInput("body.leg_rank", body);
  S rates[detail::LegColumns<S, D>::kDofSlots];  // NOLINT(cppcoreguidelines-pro-type-member-init): the first leg.count written
  detail::least_norm_change(leg, ldlt, r, rates);
  bool finite = true;
  for (int c = 0; c < leg.count; ++c) {
    rates[c] += v.coeff(leg.dof[c]);
    finite = finite && is_finite(rates[c]);
  }
  if (!finite) return Status::BadInput("velocity.overflow");
  for (int c = 0; c < leg.count; ++c) v.coeffRef(leg.dof[c]) = rates[c];
  return Status::Ok();
}

}  // namespace footfall
FOOTFALL_HEADER_END
