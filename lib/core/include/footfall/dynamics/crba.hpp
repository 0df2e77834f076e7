#pragma once
// The composite-rigid-body algorithm (RBDA Table 6.2): the joint-space inertia H(q), on the
// kinematics of the last forward_kinematics call. H(k, l) = S_lᵀ I^c_i S_k for DOF k of body i
// and l a DOF on i's path to the root; entries between DOFs on different branches are zero and
// never visited.
//
// Everything is expressed in world coordinates, as MuJoCo's mj_crb does (there about the centre
// of mass): ⁰I^c_i = Σ ⁰X*_j I_j ʲX_0 over i's subtree and ⁰S_k = ⁰X_i S_k. Then each entry is a
// six-term dot product, ⁰S_l · (⁰I^c_i ⁰S_k), where Table 6.2 in body coordinates carries the
// force F = I^c_i S_k up the tree through one transform per ancestor: O(n) transforms plus
// O(n·depth) dot products instead of O(n·depth) transforms. Armature adds to the diagonal.
// Result in ws.mass_matrix; ws.composite and ws.subspace_world hold the world-frame terms.
#include <cmath>

#include "footfall/common/numeric.hpp"
#include "footfall/dynamics/kinematics.hpp"

namespace footfall {

template <typename S, int B, int D>
Status mass_matrix(const Model<S, B, D>& model, Workspace<S, B, D>& ws) noexcept {
  using W = Workspace<S, B, D>;
  if (!(ws.stage & W::kKinematics)) return Status::BadInput("workspace.kinematics");
  const int n = model.nv();
  set_zero(ws.mass_matrix, n, n);
  for (int i = 0; i < model.body_count(); ++i) {
    const Transform<S>& world_to_body = ws.world_to_body[i];  // ⁱX_0
    ws.composite[i] = model.inertia(i).transformed_back(world_to_body);  // ⁰X*_i I_i ⁱX_0
    const int iv = model.v_index(i);
    for (int k = iv; k < iv + model.joint_nv(i); ++k)
      ws.subspace_world[k] = world_to_body.apply_inverse(ws.subspace[k]);
  }
  // Children come after their parents, so a reverse sweep completes each subtree before it is
  // added to its parent's.
  for (int i = model.body_count() - 1; i >= 0; --i) {
    const int p = model.parent(i);
    if (p != -1) ws.composite[p] += ws.composite[i];
    const int iv = model.v_index(i);
    for (int k = iv; k < iv + model.joint_nv(i); ++k) {
      const Force<S> f = ws.composite[i].apply(ws.subspace_world[k]);
      ws.mass_matrix.coeffRef(k, k) = dot(ws.subspace_world[k], f);
      for (int l = model.dof_parent(k); l != -1; l = model.dof_parent(l))
        ws.mass_matrix.coeffRef(k, l) = ws.mass_matrix.coeffRef(l, k) = dot(ws.subspace_world[l], f);
    }
  }
  for (int k = 0; k < n; ++k) ws.mass_matrix.coeffRef(k, k) += model.armature(k);
  ws.stage = (ws.stage | W::kMassMatrix) & ~static_cast<unsigned>(W::kFactor);
  return Status::Ok();
}

// Adds the off-diagonal terms of H x to `sum`, and their sizes to `magnitude` (both nv long, for
// a check's rounding scale), over H's branch-sparse pattern: column a's run below the diagonal
// (Model::dof_subtree_end) and, H being symmetric, row a's. The diagonal is the caller's.
template <typename S, int B, int D, typename XDerived, typename SumDerived, typename MagnitudeDerived>
void add_off_diagonal_product(const Model<S, B, D>& model, const Workspace<S, B, D>& ws,
                              const Eigen::MatrixBase<XDerived>& x, const Eigen::MatrixBase<SumDerived>& sum_const,
                              const Eigen::MatrixBase<MagnitudeDerived>& magnitude_const) noexcept {
  auto& sum = writable(sum_const);
  auto& magnitude = writable(magnitude_const);
  // Row a's own terms gather in locals (the compiler cannot keep sum(a) in a register while it
  // stores to sum(k)), and |H(k, a) x_a| is |H(k, a)| |x_a|, exactly.
  for (int a = 0; a < model.nv(); ++a) {
    const S* column = &ws.mass_matrix.coeff(0, a);
    const int end = model.dof_subtree_end(a);
    const S xa = x.coeff(a), abs_xa = std::abs(xa);
    S row_sum = S(0), row_magnitude = S(0);
    for (int k = a + 1; k < end; ++k) {
      const S h = column[k], above = h * x.coeff(k);
      sum.coeffRef(k) += h * xa;
      magnitude.coeffRef(k) += std::abs(h) * abs_xa;
      row_sum += above;
      row_magnitude += std::abs(above);
    }
    sum.coeffRef(a) += row_sum;
    magnitude.coeffRef(a) += row_magnitude;
  }
}

}  // namespace footfall
