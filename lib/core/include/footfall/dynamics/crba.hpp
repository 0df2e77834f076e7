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
//
// "World" here is the world's axes at the origin of each tree's root body, not at the world's
// origin. Any one frame gives the same H, but not the same rounding: an inertia moved a distance
// d gains m d² terms (RBDA (2.66)'s parallel-axis part) that cancel in the dot products, so about
// the world's origin the error grew with d²: a float H of the A1 was 0.1 % off 10 m from the
// origin and 10 % off at 100 m, and failed to factorise at 1 km. About the trunk's origin it is
// the same wherever the robot walks (test_crba_frame.cpp). Each tree gets its own origin: DOFs
// of different trees never share an entry of H.
#include <cmath>

#include "footfall/common/numeric.hpp"
#include "footfall/dynamics/kinematics.hpp"

namespace footfall {

// The frame CRBA's terms of body i are taken in, as a transform from it to body i: ⁱX_O with O
// the world's axes at the origin of i's tree root, so ⁱX_O = (E_i, r_i − r_root) where ⁱX_0 =
// (E_i, r_i). A point p (world coordinates) pairs with ws.subspace_world as p − crba_origin().
template <typename S, int B, int D>
const Vector3<S>& crba_origin(const Model<S, B, D>& model, const Workspace<S, B, D>& ws, int body) noexcept {
  return ws.world_to_body[model.tree_root(body)].translation();
}

template <typename S, int B, int D>
Status mass_matrix(const Model<S, B, D>& model, Workspace<S, B, D>& ws) noexcept {
  using W = Workspace<S, B, D>;
  if (!(ws.stage & W::kKinematics)) return Status::BadInput("workspace.kinematics");
  const int n = model.nv();
  set_zero(ws.mass_matrix, n, n);
  for (int i = 0; i < model.body_count(); ++i) {
    const Transform<S>& world_to_body = ws.world_to_body[i];  // ⁱX_0
    const Transform<S> frame_to_body(world_to_body.rotation(),
                                     world_to_body.translation() - crba_origin(model, ws, i));  // ⁱX_O
    ws.composite[i] = model.inertia(i).transformed_back(frame_to_body);  // ᴼX*_i I_i ⁱX_O
    const int iv = model.v_index(i);
    for (int k = iv; k < iv + model.joint_nv(i); ++k)
      ws.subspace_world[k] = frame_to_body.apply_inverse(ws.subspace[k]);
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
