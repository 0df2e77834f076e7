#pragma once
// The impulse each joint carries in a strike: RNEA (RBDA Table 5.1) with impulses for forces
// and velocity jumps for accelerations (RBDA (11.55)–(11.59)). Velocity products and gravity
// drop out (they are finite and act for no time). Outward, Δv_i = ⁱX_λ(i) Δv_λ(i) + S_i Δq̇_i;
// inward, body i needs I_i Δv_i, of which the contacts give their impulses and its children
// take back what their joints pass on, so joint i passes
//
//   ι_J,i = I_i Δv_i − ⁱX₀* ι_ext,i + Σ_{c child of i} ⁱX_c* ι_J,c
//
// from λ(i) to body i, in body i's coordinates. Its part along the motion axes, S_iᵀ ι_J,i,
// is what the drive delivers: −armature·Δq̇ (it spins the rotor up), since H Δq̇ = Gᵀι
// (RBDA (11.57), (11.58)) with H's armature diagonal; the rest is the bearing's.
//
// A free flyer's axes span all six directions, so it has no bearing: its ι_J is its axis part
// alone, −armature·Δq̇ (zero without armature), exactly what the sum above comes to when H Δq̇
// = Gᵀι holds, which solve_strike has checked. It is taken from there, and a free-flying body's
// sum (its I Δv, its contacts' impulses, its children's ι_J carried in) is not formed: on a
// legged robot that is the trunk and the transforms of its legs' first joints.
#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/numeric.hpp"
#include "footfall/common/unroll.hpp"
#include "footfall/contact/contact_dynamics.hpp"
#include "footfall/model/workspace.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// Reaction impulses (B slots, body coordinates) and their axis components (nv), for the contacts
/// of `set` with contact-frame impulses `impulse` on the rows of `cd`, and Δq̇ = `change`.
template <typename S, int B, int D, int K, typename ImpulseDerived, typename ChangeDerived, typename AxisDerived>
void joint_reaction_impulses(const Model<S, B, D>& model, const Workspace<S, B, D>& ws, const ContactSet<S, K>& set,
                             const ContactDynamics<S, D, K>& cd, const Eigen::MatrixBase<ImpulseDerived>& impulse,
                             const Eigen::MatrixBase<ChangeDerived>& change, Force<S>* reaction,
                             const Eigen::MatrixBase<AxisDerived>& axis_const) noexcept {
  auto& axis = writable(axis_const);
  // Outward: Δv_i, and I_i Δv_i into `reaction`, which the inward pass turns into ι_J,i.
  // Body i's slot of `jump` is written at i and read by its children, which come after it, so the
  // slots are left unset (detail::unset_array) but the first: GCC 12 at -O3 cannot see that a
  // parent's slot is written first, and for a one-body model warns of that slot.
  auto jump_slots = detail::unset_array<Motion<S>, Workspace<S, B, D>::kBodySlots>();
  Motion<S>* const jump = jump_slots.data();
  jump[0] = Motion<S>::Zero();
  for (int i = 0; i < model.body_count(); ++i) {
    const int p = model.parent(i);
    Motion<S> dv(detail::kUnset);
    if (p == -1)
      dv = Motion<S>::Zero();
    else
      detail::visit_parent_to_body(model, ws, i, [&](const auto& x) { dv = x.apply(jump[p]); });
    detail::add_joint_motion(model, ws, i, change, dv);
    jump[i] = dv;
    if constexpr (D >= 6) {  // a free flyer has six DOFs, so a model with room for fewer has none
      if (model.joint_type(i) == JointType::kFreeFlyer) {  // its axis part alone (above)
        const int iv = model.v_index(i);
        Force<S> own(detail::kUnset);  // v's order is [linear; angular] (joint.hpp)
#pragma GCC unroll 3
        for (int a = 0; a < 3; ++a) {
          own.linear().coeffRef(a) = -model.armature(iv + a) * change.coeff(iv + a);
          own.angular().coeffRef(a) = -model.armature(iv + 3 + a) * change.coeff(iv + 3 + a);
        }
        reaction[i] = own;
        continue;
      }
    }
    reaction[i] = model.inertia(i).apply(dv);
  }
  // The contacts' impulses, as world spatial impulses at the world origin, into body coordinates.
  const auto in_body = [&](int body, const Vector3<S>& point, const Vector3<S>& linear) {
    return ws.world_to_body[body].apply(Force<S>(point.cross(linear), linear));
  };
  const auto summed = [&](int body) { return model.joint_type(body) != JointType::kFreeFlyer; };
  const int m = cd.rows_per_contact;
  for (int j = 0; j < cd.count; ++j) {
    Vector3<S> linear = Vector3<S>::Zero();
    const auto add_row = [&](int r) { linear += cd.direction[j][r] * impulse.coeff(j * m + r); };
    if (m == 3)  // with friction, the loop's case: unrolled (common/unroll.hpp), the same sums
      detail::for_block_index<3>(0, 3, add_row);
    else
      detail::for_block_index<0>(0, m, add_row);
    const Contact<S>& c = set.contacts[j];
    if (summed(c.body)) reaction[c.body] -= in_body(c.body, cd.position[j], linear);
    if (c.other_body != -1 && summed(c.other_body))
      reaction[c.other_body] += in_body(c.other_body, detail::world_point(ws, c.other_body, c.other_point), linear);
  }
  // Inward.
  for (int i = model.body_count() - 1; i >= 0; --i) {
    const int p = model.parent(i);
    detail::store_joint_force(model, ws, i, reaction[i], axis);
    if (p != -1 && summed(p))
      detail::visit_parent_to_body(model, ws, i, [&](const auto& x) { reaction[p] += x.apply_inverse(reaction[i]); });
  }
}

}  // namespace footfall
FOOTFALL_HEADER_END
