#pragma once
// The articulated-body algorithm (RBDA Table 7.1): q̈ = H⁻¹ (τ − C) in O(n), without forming H.
// footfall uses it as an independent route to q̈, to check RNEA, CRBA and the factor against.
// Joints of several DOFs (the free flyer, the planar joint) take the general form with
// D_i = S_iᵀ I^A_i S_i + armature inverted as a small dense matrix. Result in ws.qdd.
#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/small_ldlt.hpp"
#include "footfall/dynamics/kinematics.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// The joint accelerations q̈ = H⁻¹(τ − C(q, v)) under `gravity` by the articulated-body algorithm
/// (RBDA Table 7.1), into ws.qdd, without forming H. Runs forward_kinematics itself; refuses a
/// bad q, v, τ or gravity (Status::BadInput) before writing.
template <typename S, int B, int D, typename QDerived, typename VDerived, typename TDerived>
Status aba(const Model<S, B, D>& model, Workspace<S, B, D>& ws, const Eigen::MatrixBase<QDerived>& q,
           const Eigen::MatrixBase<VDerived>& v, const Eigen::MatrixBase<TDerived>& tau,
           const Vector3<NoDeduce<S>>& gravity = standard_gravity<S>()) noexcept {
  Status status = validate_vector(tau, model.nv(), "tau");
  if (status.ok()) status = validate_gravity<S>(gravity);
  if (status.ok()) status = forward_kinematics(model, ws, q, v);
  if (!status.ok()) return status;

  // Pass 1 (after kinematics): each body's own inertia and velocity-product force.
  for (int i = 0; i < model.body_count(); ++i) {
    const Inertia<S>& inertia = model.inertia(i);
    ws.articulated[i] = inertia.matrix();
    ws.articulated_bias[i] = cross(ws.velocity[i], inertia.apply(ws.velocity[i]));
  }
  // Pass 2, leaves to root: articulated inertias and bias forces.
  for (int i = model.body_count() - 1; i >= 0; --i) {
    const int iv = model.v_index(i), n = model.joint_nv(i);
    Matrix6<S> ia = ws.articulated[i];
    Vector6<S> pa = ws.articulated_bias[i].vector();
    if (n == 1) {
      // One DOF (every actuated joint): D is a scalar.
      const Vector6<S> u_col = ia * ws.subspace[iv].vector();
      const S d = ws.subspace[iv].vector().dot(u_col) + model.armature(iv);
      if (!(d > S(0)) || !is_finite(d)) return Status::BadInput("joint_inertia.positive_definite", i);
      const S d_inverse = S(1) / d;
      ws.aba_u_columns[iv] = Force<S>(u_col);
      ws.aba_u(iv) = tau.coeff(iv) - dot(ws.subspace[iv], ws.articulated_bias[i]);
      ws.aba_d_inverse(iv, 0) = d_inverse;
      ia -= (d_inverse * u_col) * u_col.transpose();
      pa += ia * ws.velocity_product[i].vector() + u_col * (d_inverse * ws.aba_u(iv));
    } else if (n > 1) {
      // Several DOFs (free flyer, planar): U and D padded to 6×6 so that every product is of
      // fixed size (Eigen's run-time-sized products keep a heap fallback, which firmware must
      // not link); the unused columns of U are zero.
      Matrix6<S> u_cols = Matrix6<S>::Zero(), d = Matrix6<S>::Zero();
      Vector6<S> u = Vector6<S>::Zero();
      for (int k = 0; k < n; ++k) {
        u_cols.col(k) = ia * ws.subspace[iv + k].vector();
        ws.aba_u_columns[iv + k] = Force<S>(Vector6<S>(u_cols.col(k)));
        u(k) = ws.aba_u(iv + k) = tau.coeff(iv + k) - dot(ws.subspace[iv + k], ws.articulated_bias[i]);
      }
      for (int k = 0; k < n; ++k)
        for (int l = 0; l < n; ++l) d(k, l) = ws.subspace[iv + k].vector().dot(u_cols.col(l));
      for (int k = 0; k < n; ++k) d(k, k) += model.armature(iv + k);
      SmallLdlt<S, 6> ldlt;
      if (!ldlt.compute(d, n)) return Status::BadInput("joint_inertia.positive_definite", i);
      const Matrix6<S> d_inverse = ldlt.inverse();
      ws.aba_d_inverse.block(iv, 0, n, n) = d_inverse.topLeftCorner(n, n);
      ia -= u_cols * d_inverse * u_cols.transpose();
      pa += ia * ws.velocity_product[i].vector() + u_cols * (d_inverse * u);
    } else {
      pa += ia * ws.velocity_product[i].vector();
    }
    const int p = model.parent(i);
    if (p != -1) {
      // I^A_λ += ⁱX_λᵀ I^a ⁱX_λ and p^A_λ += ⁱX_λᵀ p^a (the child's articulated body, seen from
      // the parent).
      const Matrix6<S> x = ws.parent_to_body[i].motion_matrix();
      ws.articulated[p] += x.transpose() * ia * x;
      ws.articulated_bias[p] += ws.parent_to_body[i].apply_inverse(Force<S>(pa));
    }
  }
  // Pass 3, root to leaves: accelerations.
  const Motion<S> world_acceleration(Vector3<S>::Zero(), -gravity);
  ws.qdd.resize(model.nv());
  for (int i = 0; i < model.body_count(); ++i) {
    const int iv = model.v_index(i), n = model.joint_nv(i), p = model.parent(i);
    Motion<S> a = ws.parent_to_body[i].apply(p == -1 ? world_acceleration : ws.acceleration[p]) +
                  ws.velocity_product[i];
    for (int k = 0; k < n; ++k) {
      S sum = S(0);
      for (int l = 0; l < n; ++l)
        sum += ws.aba_d_inverse(iv + k, l) * (ws.aba_u(iv + l) - dot(a, ws.aba_u_columns[iv + l]));
      ws.qdd(iv + k) = sum;
    }
    for (int k = 0; k < n; ++k) a += ws.subspace[iv + k] * ws.qdd(iv + k);
    ws.acceleration[i] = a;
  }
  return Status::Ok();
}

}  // namespace footfall
FOOTFALL_HEADER_END
