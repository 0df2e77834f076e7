#pragma once
// The composite-rigid-body algorithm (RBDA Table 6.2): the joint-space inertia H(q), on the
// kinematics of the last forward_kinematics call. H is assembled column by column from the
// composite inertias I^c_i; each F = I^c_i S_k is carried up the tree to fill the row of every
// ancestor DOF, so H's sparsity (zero between DOFs on different branches) is never visited.
// Armature adds to the diagonal. Result in ws.mass_matrix.
#include "footfall/dynamics/kinematics.hpp"

namespace footfall {

template <typename S, int B, int D>
Status mass_matrix(const Model<S, B, D>& model, Workspace<S, B, D>& ws) noexcept {
  using W = Workspace<S, B, D>;
  if (!(ws.stage & W::kKinematics)) return Status::BadInput("workspace.kinematics");
  const int n = model.nv();
  ws.mass_matrix.setZero(n, n);
  for (int i = 0; i < model.body_count(); ++i) ws.composite[i] = model.inertia(i);
  for (int i = model.body_count() - 1; i >= 0; --i) {
    const int p = model.parent(i);
    // I^c_λ += λX*_i I^c_i ⁱX_λ: the child's composite seen from the parent.
    if (p != -1) ws.composite[p] += ws.composite[i].transformed(ws.parent_to_body[i].inverse());
    const int iv = model.v_index(i);
    for (int k = iv; k < iv + model.joint_nv(i); ++k) {
      Force<S> f = ws.composite[i].apply(ws.subspace[k]);
      for (int l = iv; l <= k; ++l) ws.mass_matrix(k, l) = ws.mass_matrix(l, k) = dot(ws.subspace[l], f);
      for (int j = i; model.parent(j) != -1; ) {
        f = ws.parent_to_body[j].apply_inverse(f);
        j = model.parent(j);
        const int jv = model.v_index(j);
        for (int l = jv; l < jv + model.joint_nv(j); ++l)
          ws.mass_matrix(k, l) = ws.mass_matrix(l, k) = dot(ws.subspace[l], f);
      }
    }
  }
  for (int k = 0; k < n; ++k) ws.mass_matrix(k, k) += model.armature(k);
  ws.stage = (ws.stage | W::kMassMatrix) & ~static_cast<unsigned>(W::kFactor);
  return Status::Ok();
}

}  // namespace footfall
