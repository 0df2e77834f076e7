#pragma once
// The recursive Newton–Euler algorithm (RBDA Table 5.1): τ = H(q) q̈ + C(q, v). Gravity enters
// as a fictitious upward acceleration of the world, a_0 = −a_g (RBDA §5.3), so every body's
// acceleration already carries it. Armature adds its rotor torque, armature_k q̈_k.
#include <type_traits>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/dynamics/kinematics.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

namespace detail {

/// The joint accelerations of C(q, v)'s pass: q̈ = 0, so no S q̈ or armature term is formed at all.
struct ZeroJointAcceleration {};

/// The two passes of RNEA on kinematics already in `ws`, τ into `out` (ws.tau or ws.bias). With
/// qdd a ZeroJointAcceleration (C(q, v), every tick) the q̈ terms are left out at compile time
/// instead of multiplied through by zeros.
template <typename S, int B, int D, typename Acceleration>
void rnea_passes(const Model<S, B, D>& model, Workspace<S, B, D>& ws, const Acceleration& qdd,
                 const Vector3<NoDeduce<S>>& gravity, typename Workspace<S, B, D>::Vector& out) noexcept {
  constexpr bool kZeroQdd = std::is_same<Acceleration, ZeroJointAcceleration>::value;
  // ws.acceleration is about to change: what kBias says of it holds again only if
  // store_bias_forces, the caller with q̈ = 0, marks it so.
  ws.stage &= ~static_cast<unsigned>(Workspace<S, B, D>::kBias);
  const Motion<S> world_acceleration(Vector3<S>::Zero(), -gravity);
  for (int i = 0; i < model.body_count(); ++i) {
    const int p = model.parent(i);
    const Motion<S>& parent_acceleration = p == -1 ? world_acceleration : ws.acceleration[p];
    Motion<S> a(kUnset);  // assigned by the visitor
    visit_parent_to_body(model, ws, i, [&](const auto& x) { a = x.apply(parent_acceleration) + ws.velocity_product[i]; });
    if constexpr (!kZeroQdd) add_joint_motion(model, ws, i, qdd, a);
    ws.acceleration[i] = a;
    const Inertia<S>& inertia = model.inertia(i);
    // f_i = I_i a_i + v_i ×* I_i v_i
    ws.force[i] = inertia.apply(a) + cross(ws.velocity[i], inertia.apply(ws.velocity[i]));
  }
  out.resize(model.nv());
  for (int i = model.body_count() - 1; i >= 0; --i) {
    store_joint_force(model, ws, i, ws.force[i], out);
    if constexpr (!kZeroQdd) {
      const int iv = model.v_index(i);
      for (int k = 0; k < model.joint_nv(i); ++k) out.coeffRef(iv + k) += model.armature(iv + k) * qdd.coeff(iv + k);
    }
    const int p = model.parent(i);
    if (p != -1) visit_parent_to_body(model, ws, i, [&](const auto& x) { ws.force[p] += x.apply_inverse(ws.force[i]); });
  }
}

/// C(q, v) into ws.bias on kinematics already in `ws`, with a gravity the caller has checked
/// (bias_forces checks it; compute_tick_terms checks it before anything is written). Finite q, v
/// and gravity can still be too large for their products (C is quadratic in v: past ~1e154 m/s
/// in double, 1e19 in float): then C_k is not finite, which is refused as "v.overflow" with k's
/// index, and ws.bias is not marked current, rather than passed on to fail later as some other
/// input (a solve's right-hand side) or to come back as an infinite force.
///
/// Out of line, so that bias_forces and compute_tick_terms run the same instructions and give C
/// to the bit: inlined into each, GCC for aarch64 contracted its multiply-adds differently.
template <typename S, int B, int D>
__attribute__((noinline)) Status store_bias_forces(const Model<S, B, D>& model, Workspace<S, B, D>& ws, const Vector3<S>& gravity) noexcept {
  ws.stage &= ~static_cast<unsigned>(Workspace<S, B, D>::kBias);
  rnea_passes(model, ws, ZeroJointAcceleration{}, gravity, ws.bias);
  // One pass that an inf or a NaN anywhere turns into NaN (x·0 is ±0 for a finite x), and only
  // on failure a second that finds where: the check costs a multiply-add a DOF on every tick.
  S poisoned = S(0);
  for (int k = 0; k < model.nv(); ++k) poisoned += ws.bias.coeff(k) * S(0);
  if (poisoned != S(0))
    for (int k = 0; k < model.nv(); ++k)
      if (!is_finite(ws.bias.coeff(k))) return Status::BadInput("v.overflow", k);
  ws.bias_gravity = gravity;
  ws.stage |= Workspace<S, B, D>::kBias;
  return Status::Ok();
}

}  // namespace detail

/// τ for q, v, q̈ (computes the kinematics too). Result in ws.tau.
template <typename S, int B, int D, typename QDerived, typename VDerived, typename ADerived>
Status rnea(const Model<S, B, D>& model, Workspace<S, B, D>& ws, const Eigen::MatrixBase<QDerived>& q,
            const Eigen::MatrixBase<VDerived>& v, const Eigen::MatrixBase<ADerived>& qdd,
            const Vector3<NoDeduce<S>>& gravity = standard_gravity<S>()) noexcept {
  Status status = validate_vector(qdd, model.nv(), "qdd");
  if (status.ok()) status = validate_gravity<S>(gravity);
  if (status.ok()) status = forward_kinematics(model, ws, q, v);
  if (!status.ok()) return status;
  detail::rnea_passes(model, ws, qdd.derived(), gravity, ws.tau);
  return Status::Ok();
}

/// C(q, v): Coriolis, centrifugal and gravity forces, RNEA with q̈ = 0 on the kinematics of the
/// last forward_kinematics call. Result in ws.bias.
template <typename S, int B, int D>
Status bias_forces(const Model<S, B, D>& model, Workspace<S, B, D>& ws,
                   const Vector3<NoDeduce<S>>& gravity = standard_gravity<S>()) noexcept {
  if (!(ws.stage & Workspace<S, B, D>::kKinematics)) return Status::BadInput("workspace.kinematics");
  const Status status = validate_gravity<S>(gravity);
  return status.ok() ? detail::store_bias_forces(model, ws, gravity) : status;
}

}  // namespace footfall
FOOTFALL_HEADER_END
