#pragma once
// Forward kinematics (RBDA Table 5.1's first pass, without accelerations): for q and v, each
// body's placement ⁱX_λ and ⁱX_0, its velocity v_i, the columns of S, and the velocity-product
// term c_i = c_J + v_i × v_J, which is body i's acceleration relative to its parent's when
// q̈ = 0 (the a^vp of 000 (11.30) is built from these).
#include "footfall/dynamics/validate.hpp"
#include "footfall/model/joint.hpp"
#include "footfall/model/model.hpp"
#include "footfall/model/workspace.hpp"

namespace footfall {

template <typename S, int B, int D, typename QDerived, typename VDerived>
Status forward_kinematics(const Model<S, B, D>& model, Workspace<S, B, D>& ws,
                          const Eigen::MatrixBase<QDerived>& q,
                          const Eigen::MatrixBase<VDerived>& v) noexcept {
  Status status = validate_configuration(model, q);
  if (status.ok()) status = validate_vector(v, model.nv(), "v");
  if (!status.ok()) return status;
  ws.stage = 0;
  JointState<S> joint;
  for (int i = 0; i < model.body_count(); ++i) {
    const int nv = model.joint_nv(i), iv = model.v_index(i);
    evaluate_joint(model.joint_type(i), model.joint_axis(i), q, model.q_index(i), v, iv, &joint);
    // ⁱX_λ = X_J X_T; when X_T only translates (E_T = 1) the product is (E_J, r_T + r_J), which
    // is what the general composition gives to the last bit, without its 3×3 product.
    const Transform<S>& placement = model.joint_placement(i);
    if (model.joint_placement_rotates(i))
      ws.parent_to_body[i] = joint.transform * placement;
    else
      ws.parent_to_body[i] =
          Transform<S>(joint.transform.rotation(), placement.translation() + joint.transform.translation());
    Motion<S> joint_velocity = Motion<S>::Zero();
    for (int k = 0; k < nv; ++k) {
      ws.subspace[iv + k] = joint.subspace[k];
      joint_velocity += joint.subspace[k] * v.coeff(iv + k);
    }
    const int p = model.parent(i);
    if (p == -1) {
      ws.world_to_body[i] = ws.parent_to_body[i];
      ws.velocity[i] = joint_velocity;
    } else {
      ws.world_to_body[i] = ws.parent_to_body[i] * ws.world_to_body[p];
      ws.velocity[i] = ws.parent_to_body[i].apply(ws.velocity[p]) + joint_velocity;
    }
    ws.velocity_product[i] = joint.bias + cross(ws.velocity[i], joint_velocity);
  }
  ws.stage = Workspace<S, B, D>::kKinematics;
  return Status::Ok();
}

namespace detail {

template <typename S, int B, int D>
Status check_body_point(const Model<S, B, D>& model, const Workspace<S, B, D>& ws, int body,
                        const Vector3<NoDeduce<S>>& point) noexcept {
  if (!(ws.stage & Workspace<S, B, D>::kKinematics)) return Status::BadInput("workspace.kinematics");
  if (body < 0 || body >= model.body_count()) return Status::BadInput("body", body);
  if (!all_finite(point)) return Status::BadInput("point", body);
  return Status::Ok();
}

// World position of a body-fixed point, unchecked (callers have checked body and point).
template <typename S, int B, int D>
Vector3<S> world_point(const Workspace<S, B, D>& ws, int body, const Vector3<S>& point) noexcept {
  const Transform<S>& x = ws.world_to_body[body];  // world → body: E = R_bodyᵀ, r = origin in world
  return x.translation() + x.rotation().transpose() * point;
}

}  // namespace detail

// World position of a point given in a body's frame (after forward_kinematics).
template <typename S, int B, int D>
Status point_position(const Model<S, B, D>& model, const Workspace<S, B, D>& ws, int body,
                      const Vector3<NoDeduce<S>>& point, Vector3<S>* position) noexcept {
  const Status status = detail::check_body_point(model, ws, body, point);
  if (!status.ok()) return status;
  *position = detail::world_point(ws, body, point);
  return Status::Ok();
}

// World-frame velocity of a point fixed in a body (after forward_kinematics).
template <typename S, int B, int D>
Status point_velocity(const Model<S, B, D>& model, const Workspace<S, B, D>& ws, int body,
                      const Vector3<NoDeduce<S>>& point, Vector3<S>* velocity) noexcept {
  const Status status = detail::check_body_point(model, ws, body, point);
  if (!status.ok()) return status;
  const Motion<S>& v = ws.velocity[body];
  *velocity = ws.world_to_body[body].rotation().transpose() *
              (v.linear() + v.angular().cross(point));
  return Status::Ok();
}

}  // namespace footfall
