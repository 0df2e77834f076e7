#pragma once
// Jacobians of points and bodies, and the velocity-product acceleration J̇v of a point, on the
// kinematics of the last forward_kinematics call.
//
// Column k of a Jacobian is the motion that a unit velocity of DOF k alone gives: S_k of its
// body, carried to the frame wanted. Only DOFs on the body's path to the root have non-zero
// columns (RBDA §8.1); the others are written as zeros.
#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/numeric.hpp"
#include "footfall/dynamics/kinematics.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// The frame a Jacobian's rows are expressed in.
enum class ReferenceFrame : unsigned char {
  kLocal,  ///< the body's own frame: the Jacobian of ⁱv (body coordinates)
  kWorld,  ///< world coordinates, Plücker origin at the world origin: the Jacobian of ⁰v
};

namespace detail {

/// Which joints on a body's path a walk visits.
enum class PathJoints : unsigned char {
  kAll,            ///< every joint to the root
  kBelowFreeFlyer, ///< all but a floating base's free flyer: a leg's own joints
};

/// Calls visit(dof, S_k in world coordinates) for every DOF on the path from `body` to the root
/// (of the joints `joints` names).
template <typename S, int B, int D, typename Visit>
void for_each_path_dof_in_world(const Model<S, B, D>& model, const Workspace<S, B, D>& ws, int body, Visit&& visit,
                                PathJoints joints = PathJoints::kAll) noexcept {
  for (int j = body; j != -1; j = model.parent(j)) {
    if (joints == PathJoints::kBelowFreeFlyer && model.joint_type(j) == JointType::kFreeFlyer) continue;
    const int jv = model.v_index(j);
    for (int k = jv; k < jv + model.joint_nv(j); ++k)
      visit(k, ws.world_to_body[j].apply_inverse(ws.subspace[k]));
  }
}

/// The velocity of the world point p that a motion [ω; v_O] in world coordinates (Plücker origin
/// at the world origin) gives it: v_O + ω × p (RBDA §2.11).
template <typename S>
FOOTFALL_INLINE Vector3<S> velocity_at(const Motion<S>& m, const Vector3<S>& p) noexcept {
  return m.linear() + m.angular().cross(p);
}

}  // namespace detail

/// 3 × nv Jacobian of the world-frame velocity of a point fixed in `body` (body coordinates):
/// ṗ = J v. `jacobian` must be 3 × nv (resizable, or of that fixed size).
template <typename S, int B, int D, typename Derived>
Status point_jacobian(const Model<S, B, D>& model, const Workspace<S, B, D>& ws, int body,
                      const Vector3<NoDeduce<S>>& point, const Eigen::MatrixBase<Derived>& jacobian_const) noexcept {
  const Status status = detail::check_body_point(model, ws, body, point);
  if (!status.ok()) return status;
  auto& jacobian = writable(jacobian_const);
  if (jacobian.rows() != 3 || jacobian.cols() != model.nv()) return Status::BadInput("jacobian.size");
  jacobian.setZero();
  const Vector3<S> p_world = detail::world_point(ws, body, point);
  detail::for_each_path_dof_in_world(model, ws, body, [&](int k, const Motion<S>& s) {
    jacobian.col(k) = detail::velocity_at(s, p_world);
  });
  return Status::Ok();
}

/// World-frame velocity of a point fixed in `body` (body coordinates) for joint velocities v (nv)
/// of one's own, on the kinematics of the last forward_kinematics call: ṗ = J v, without forming
/// J (the body's motion Σ S_k v_k over its path's DOFs, in world coordinates, taken at the point).
/// point_velocity(model, ws, body, point, &velocity) (kinematics.hpp) is the same for the v that
/// forward_kinematics was given; this one serves a v not yet passed to it, such as a planned v⁻.
template <typename S, int B, int D, typename VDerived>
Status point_velocity(const Model<S, B, D>& model, const Workspace<S, B, D>& ws, int body,
                      const Vector3<NoDeduce<S>>& point, const Eigen::MatrixBase<VDerived>& rates,
                      Vector3<S>* velocity) noexcept {
  Status status = detail::check_body_point(model, ws, body, point);
  if (status.ok()) status = validate_vector(rates, model.nv(), "v");
  if (!status.ok()) return status;
  Motion<S> motion = Motion<S>::Zero();
  detail::for_each_path_dof_in_world(model, ws, body, [&](int k, const Motion<S>& s) { motion += s * rates.coeff(k); });
  *velocity = detail::velocity_at(motion, detail::world_point(ws, body, point));
  return Status::Ok();
}

/// 6 × nv Jacobian of a body's spatial velocity ([angular; linear]) in the chosen frame.
template <typename S, int B, int D, typename Derived>
Status body_jacobian(const Model<S, B, D>& model, const Workspace<S, B, D>& ws, int body,
                     ReferenceFrame frame, const Eigen::MatrixBase<Derived>& jacobian_const) noexcept {
  const Status status = detail::check_body_point(model, ws, body, Vector3<S>::Zero());
  if (!status.ok()) return status;
  auto& jacobian = writable(jacobian_const);
  if (jacobian.rows() != 6 || jacobian.cols() != model.nv()) return Status::BadInput("jacobian.size");
  jacobian.setZero();
  detail::for_each_path_dof_in_world(model, ws, body, [&](int k, const Motion<S>& s) {
    jacobian.col(k) = (frame == ReferenceFrame::kWorld ? s : ws.world_to_body[body].apply(s)).vector();
  });
  return Status::Ok();
}

/// The acceleration a point fixed in `body` has when q̈ = 0 and gravity is off: J̇v, the a^vp
/// of RBDA (11.30), in world coordinates. With body accelerations a_i built from the
/// velocity-product terms alone (a_i = ⁱX_λ a_λ + c_i), the classical acceleration of the point
/// is a_lin + ω̇ × p + ω × (v_lin + ω × p) in body coordinates (RBDA §2.11).
///
/// After bias_forces the walk is not needed: its pass left a_i = a_i^vp + ⁱX_0 a_0 in
/// ws.acceleration, with a_0 = [0; −g] (rnea.hpp). A motion with no angular part is the same at
/// every point and turns with the axes alone, so ⁱX_0 a_0 = [0; −E_i g], and the point's
/// classical acceleration from a_i is J̇v − g in world coordinates. The stance solve reads J̇v for
/// each foot every tick, after bias_forces: this saves a walk from the root to each foot.
template <typename S, int B, int D>
Status point_velocity_product_acceleration(const Model<S, B, D>& model, const Workspace<S, B, D>& ws,
                                           int body, const Vector3<NoDeduce<S>>& point,
                                           Vector3<S>* acceleration) noexcept {
  const Status status = detail::check_body_point(model, ws, body, point);
  if (!status.ok()) return status;
  const auto in_world = [&](const Motion<S>& a) {  // the point's acceleration for body acceleration a
    const Motion<S>& v = ws.velocity[body];
    const Vector3<S> w = v.angular();
    const Vector3<S> point_velocity_body = v.linear() + w.cross(point);
    const Vector3<S> local = a.linear() + a.angular().cross(point) + w.cross(point_velocity_body);
    return Vector3<S>(ws.world_to_body[body].rotation().transpose() * local);
  };
  if (ws.stage & Workspace<S, B, D>::kBias) {
    *acceleration = in_world(ws.acceleration[body]) + ws.bias_gravity;
    return Status::Ok();
  }
  // Walk root → body along the path (at most body_count bodies), so collect the path first.
  int path[Workspace<S, B, D>::kBodySlots];
  int length = 0;
  for (int j = body; j != -1; j = model.parent(j)) path[length++] = j;
  Motion<S> a = Motion<S>::Zero();
  for (int step = length - 1; step >= 0; --step) {
    const int j = path[step];
    detail::visit_parent_to_body(model, ws, j, [&](const auto& x) { a = x.apply(a) + ws.velocity_product[j]; });
  }
  *acceleration = in_world(a);
  return Status::Ok();
}

}  // namespace footfall
FOOTFALL_HEADER_END
