#pragma once
// Forward kinematics (RBDA Table 5.1's first pass, without accelerations): for q and v, each
// body's placement ⁱX_λ and ⁱX_0, its velocity v_i, the columns of S, and the velocity-product
// term c_i = c_J + v_i × v_J, which is body i's acceleration relative to its parent's when
// q̈ = 0 (the a^vp of RBDA (11.30) is built from these).
#include "footfall/common/header_diagnostics.hpp"
#include "footfall/dynamics/validate.hpp"
#include "footfall/model/joint.hpp"
#include "footfall/model/model.hpp"
#include "footfall/model/workspace.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

namespace detail {

/// Body i of a revolute joint about coordinate axis A of a frame that only translates
/// (Model::turn_axis): ⁱX_λ = (E_J, r_T) with E_J an AxisTurn, so ⁱX_0's rotation and the parent's
/// velocity carried into body i turn two rows and two coordinates, not 3×3 products. Each result
/// is what forward_kinematics' general branch computes, to rounding (test_axis_joints.cpp).
template <int A, typename S, int B, int D, typename QDerived, typename VDerived>
FOOTFALL_INLINE void place_axis_joint_body(const Model<S, B, D>& model, Workspace<S, B, D>& ws,
                                           const Eigen::MatrixBase<QDerived>& q, const Eigen::MatrixBase<VDerived>& v,
                                           int i) noexcept {
  const AxisTransform<S, A> x(AxisTurn<S, A>::By(q.coeff(model.q_index(i))), model.joint_placement(i).translation());
  ws.parent_to_body[i] = x.dense();
  const int p = model.parent(i);
  if (p == -1)
    ws.world_to_body[i] = ws.parent_to_body[i];
  else
    ws.world_to_body[i] = x * ws.world_to_body[p];
  const int iv = model.v_index(i);
  Motion<S> unit = Motion<S>::Zero();  // S: the axis
  unit.angular().coeffRef(A) = S(1);
  ws.subspace[iv] = unit;
  // v_i = ⁱX_λ v_λ + S q̇, and c_i = v_i × S q̇ (c_J = 0): with S q̇ = q̇ e_A on the angular
  // side, u × e_A = (0, u_C, −u_B) in (A, B, C) order for both halves of v_i.
  Motion<S> velocity = p == -1 ? Motion<S>::Zero() : x.apply(ws.velocity[p]);
  const S rate = v.coeff(iv);
  velocity.angular().coeffRef(A) += rate;
  ws.velocity[i] = velocity;
  constexpr int kB = AxisTurn<S, A>::B, kC = AxisTurn<S, A>::C;
  Motion<S> product(kUnset);  // the two zeros along A, then the four non-zero terms
  product.angular().coeffRef(A) = S(0);
  product.linear().coeffRef(A) = S(0);
  product.angular().coeffRef(kB) = rate * velocity.angular().coeff(kC);
  product.angular().coeffRef(kC) = -rate * velocity.angular().coeff(kB);
  product.linear().coeffRef(kB) = rate * velocity.linear().coeff(kC);
  product.linear().coeffRef(kC) = -rate * velocity.linear().coeff(kB);
  ws.velocity_product[i] = product;
}

/// Calls visit(x) with body i's ⁱX_λ from the last forward_kinematics: an AxisTransform when the
/// body's joint turns about a coordinate axis (Model::turn_axis), else the Transform itself. The
/// visitor is written once, for either type, and compiled for each.
template <typename S, int B, int D, typename Visit>
FOOTFALL_INLINE void visit_parent_to_body(const Model<S, B, D>& model, const Workspace<S, B, D>& ws, int i,
                                          Visit&& visit) noexcept {
  const Transform<S>& x = ws.parent_to_body[i];
  switch (model.turn_axis(i)) {
    case 0:
      visit(AxisTransform<S, 0>(x));
      break;
    case 1:
      visit(AxisTransform<S, 1>(x));
      break;
    case 2:
      visit(AxisTransform<S, 2>(x));
      break;
    default:
      visit(x);
      break;
  }
}

/// A free flyer's S is a permutation (joint.hpp: v = [linear; angular] in its body's coordinates,
/// spatial vectors [angular; linear]), so S q̇ and Sᵀf are six copies, where the general walk
/// over its six columns takes 36 multiply-adds to the same numbers (each a sum of one product
/// with 1 and five with 0).
template <typename S, typename Rates>
FOOTFALL_INLINE void add_free_flyer_motion(const Rates& rates, int iv, Motion<S>& m) noexcept {
  for (int a = 0; a < 3; ++a) {
    m.linear().coeffRef(a) += rates.coeff(iv + a);
    m.angular().coeffRef(a) += rates.coeff(iv + 3 + a);
  }
}

/// m += S_i q̇_i for body i's joint, with `rates` indexed like v (the columns of S from the last
/// forward_kinematics): for a joint about a coordinate axis, q̇ added to that angular component.
template <typename S, int B, int D, typename Rates>
FOOTFALL_INLINE void add_joint_motion(const Model<S, B, D>& model, const Workspace<S, B, D>& ws, int i,
                                      const Rates& rates, Motion<S>& m) noexcept {
  const int iv = model.v_index(i), axis = model.turn_axis(i);
  if (axis >= 0) {
    m.angular().coeffRef(axis) += rates.coeff(iv);
    return;
  }
  if (model.joint_type(i) == JointType::kFreeFlyer) {
    add_free_flyer_motion(rates, iv, m);
    return;
  }
  for (int k = 0; k < model.joint_nv(i); ++k) m += ws.subspace[iv + k] * rates.coeff(iv + k);
}

/// out[v_index(i) + k] = S_i,kᵀ f, body i's force along each of its joint's motion axes: for a
/// joint about a coordinate axis, f's moment about that axis.
template <typename S, int B, int D, typename Out>
FOOTFALL_INLINE void store_joint_force(const Model<S, B, D>& model, const Workspace<S, B, D>& ws, int i,
                                       const Force<S>& f, Out& out) noexcept {
  const int iv = model.v_index(i), axis = model.turn_axis(i);
  if (axis >= 0) {
    out.coeffRef(iv) = f.angular().coeff(axis);
    return;
  }
  if (model.joint_type(i) == JointType::kFreeFlyer) {  // Sᵀf = [f's linear part; its moment]
    for (int a = 0; a < 3; ++a) {
      out.coeffRef(iv + a) = f.linear().coeff(a);
      out.coeffRef(iv + 3 + a) = f.angular().coeff(a);
    }
    return;
  }
  for (int k = 0; k < model.joint_nv(i); ++k) out.coeffRef(iv + k) = dot(ws.subspace[iv + k], f);
}

}  // namespace detail

/// Forward kinematics at (q, v) into ws: each body's placement ⁱX_λ and ⁱX_0, velocity v_i, the
/// columns of S and the velocity-product term c_i (RBDA Table 5.1's first pass). Refuses a q or
/// v of the wrong size, non-finite, or with a quaternion not of unit length (Status::BadInput)
/// before writing anything; on success ws.stage holds the kinematics alone, so the terms read off
/// an earlier state (H, its factor, C) are not taken for this one's.
template <typename S, int B, int D, typename QDerived, typename VDerived>
Status forward_kinematics(const Model<S, B, D>& model, Workspace<S, B, D>& ws,
                          const Eigen::MatrixBase<QDerived>& q,
                          const Eigen::MatrixBase<VDerived>& v) noexcept {
  Status status = validate_configuration(model, q);
  if (status.ok()) status = validate_vector(v, model.nv(), "v");
  if (!status.ok()) return status;
  ws.stage = 0;
  JointState<S> joint(detail::kUnset);  // evaluate_joint fills it for each joint taken generally
  for (int i = 0; i < model.body_count(); ++i) {
    const int nv = model.joint_nv(i), iv = model.v_index(i);
    const int axis = model.turn_axis(i);
    if (axis == 0) {
      detail::place_axis_joint_body<0>(model, ws, q, v, i);
      continue;
    }
    if (axis == 1) {
      detail::place_axis_joint_body<1>(model, ws, q, v, i);
      continue;
    }
    if (axis == 2) {
      detail::place_axis_joint_body<2>(model, ws, q, v, i);
      continue;
    }
    evaluate_joint(model.joint_type(i), model.joint_axis(i), q, model.q_index(i), v, iv, &joint);
    const int p = model.parent(i);
    // ⁱX_λ = X_J X_T; when X_T only translates (E_T = 1) the product is (E_J, r_T + r_J), which
    // is what the general composition gives to the last bit, without its 3×3 product.
    const Transform<S>& placement = model.joint_placement(i);
    if (model.joint_placement_rotates(i))
      ws.parent_to_body[i] = joint.transform * placement;
    else
      ws.parent_to_body[i] =
          Transform<S>(joint.transform.rotation(), placement.translation() + joint.transform.translation());
    Motion<S> joint_velocity = Motion<S>::Zero();
    for (int k = 0; k < nv; ++k) ws.subspace[iv + k] = joint.subspace[k];
    if (model.joint_type(i) == JointType::kFreeFlyer)
      detail::add_free_flyer_motion(v, iv, joint_velocity);
    else
      for (int k = 0; k < nv; ++k) joint_velocity += joint.subspace[k] * v.coeff(iv + k);
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

/// World position of a body-fixed point, unchecked (callers have checked body and point).
template <typename S, int B, int D>
Vector3<S> world_point(const Workspace<S, B, D>& ws, int body, const Vector3<S>& point) noexcept {
  const Transform<S>& x = ws.world_to_body[body];  // world → body: E = R_bodyᵀ, r = origin in world
  return x.translation() + x.rotation().transpose() * point;
}

}  // namespace detail

/// World position of a point given in a body's frame (after forward_kinematics).
template <typename S, int B, int D>
Status point_position(const Model<S, B, D>& model, const Workspace<S, B, D>& ws, int body,
                      const Vector3<NoDeduce<S>>& point, Vector3<S>* position) noexcept {
  const Status status = detail::check_body_point(model, ws, body, point);
  if (!status.ok()) return status;
  *position = detail::world_point(ws, body, point);
  return Status::Ok();
}

/// World-frame velocity of a point fixed in a body (after forward_kinematics).
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
FOOTFALL_HEADER_END
