#pragma once
// The composite-rigid-body algorithm (RBDA Table 6.2): the joint-space inertia H(q), on the
// kinematics of the last forward_kinematics call, in body coordinates as the table has it. A
// reverse sweep completes each body's composite inertia I^c_i (its own and its subtree's, each
// carried into the parent's coordinates as I^c_λ += ⁱX_λᵀ I^c_i ⁱX_λ, RBDA (2.66)); for DOF k of
// body i, F = I^c_i S_k gives H(k, k) = S_kᵀ F, and carried towards the root, one joint's force
// transform λX*_j F a step, H(k, l) = S_lᵀ F for each DOF l of the body it has reached. Entries
// between DOFs on different branches are zero and never visited. Armature adds to the diagonal.
//
// Every term is local, so H's rounding does not depend on where the robot stands or how it is
// turned (test_crba_frame.cpp). A joint about a coordinate axis (Model::turn_axis, as the A1's
// all are) carries through the sparse transform (AxisTransform, model/joint.hpp), S_k = e_A makes
// F a column of I^c_i and each S_lᵀ F one component; a free flyer's S is a permutation
// (joint.hpp: v = [linear; angular], spatial vectors [angular; linear]), so its entries with the
// columns below it are F's six components and its own block is I^c_0's.
// Result in ws.mass_matrix; ws.composite holds the composite inertias.
//
// It also stores ws.subspace_world for the contact Jacobians: ᴼS_k = ᴼX_i S_k with O the world's
// axes at the origin of i's tree root (crba_origin), not at the world's origin, so that a
// contact's lever, and the float rounding of G's columns, stays the foot's reach however far
// the robot has walked.
#include <cmath>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/numeric.hpp"
#include "footfall/dynamics/kinematics.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// The frame of ws.subspace_world's columns for body i, as a transform from it to body i: ⁱX_O
/// with O the world's axes at the origin of i's tree root, so ⁱX_O = (E_i, r_i − r_root) where
/// ⁱX_0 = (E_i, r_i). A point p (world coordinates) pairs with ws.subspace_world as
/// p − crba_origin().
template <typename S, int B, int D>
const Vector3<S>& crba_origin(const Model<S, B, D>& model, const Workspace<S, B, D>& ws, int body) noexcept {
  return ws.world_to_body[model.tree_root(body)].translation();
}

namespace detail {

/// A free flyer's 6×6 block of H: S_aᵀ I^c S_b with S the permutation above, so m 1 on the
/// linear rows, Ī on the angular ones, and between them h×ᵀ = −h× (the lower-left block of RBDA
/// (2.63)'s [Ī h×; h×ᵀ m 1]), all read off the composite inertia in the free flyer's own
/// coordinates.
template <typename S, int B, int D>
FOOTFALL_INLINE void store_free_flyer_block(Workspace<S, B, D>& ws, int iv, const Inertia<S>& body) noexcept {
  const Matrix3<S> coupling = -skew<S>(body.first_moment());
  auto& m = ws.mass_matrix;
  m.template block<3, 3>(iv, iv) = body.mass() * Matrix3<S>::Identity();
  m.template block<3, 3>(iv + 3, iv + 3) = body.rotational_about_origin();
  m.template block<3, 3>(iv, iv + 3) = coupling;
  m.template block<3, 3>(iv + 3, iv) = coupling.transpose();
}

/// F = I S_k for S_k = (e_A, 0): column A of I, [Ī e_A; −h × e_A] with −h × e_A = e_A × h, whose
/// A component is zero, B component −h_C and C component h_B.
template <int A, typename S>
FOOTFALL_INLINE Force<S> axis_column(const Inertia<S>& inertia) noexcept {
  constexpr int kB = (A + 1) % 3, kC = (A + 2) % 3;
  const Vector3<S>& h = inertia.first_moment();
  Force<S> f(kUnset);
  f.angular() = inertia.rotational_about_origin().col(A);
  f.linear().coeffRef(A) = S(0);
  f.linear().coeffRef(kB) = -h.coeff(kC);
  f.linear().coeffRef(kC) = h.coeff(kB);
  return f;
}

/// I^c_λ += ⁱX_λᵀ I^c_i ⁱX_λ, the composite inertia of body i carried into its parent's coordinates.
template <typename S>
FOOTFALL_INLINE void add_carried_inertia(const Transform<S>& x, const Inertia<S>& child, Inertia<S>& parent) noexcept {
  parent += child.transformed_back(x);
}
template <typename S, int A>
FOOTFALL_INLINE void add_carried_inertia(const AxisTransform<S, A>& x, const Inertia<S>& child, Inertia<S>& parent) noexcept {
  parent += child.transformed_back(x.turn(), x.translation());
}

/// A joint about coordinate axis A (S = e_A) at DOF iv heading the run [iv, end): its F = I^c S
/// (axis_column), and H(k, iv) = S_Aᵀ F_k, one component of each F_k of the run. A constant A
/// here, where a run-time one costs an indexed load an entry.
template <int A, typename S, typename Matrix>
FOOTFALL_INLINE void store_axis_run_columns(const Inertia<S>& composite, int iv, int end, Force<S>* carried,
                                            Matrix& h) noexcept {
  carried[iv] = axis_column<A>(composite);
  for (int k = iv; k < end; ++k) h.coeffRef(k, iv) = h.coeffRef(iv, k) = carried[k].angular().coeff(A);
}

/// Body i's columns of H, for any model: for each of its DOFs k, F = I^c_i S_k, its entries with
/// the DOFs of i at or before k, then F carried up the tree, one parent at a time, to each
/// ancestor's entries (RBDA Table 6.2 as written). Kept small: store_run_columns, below, serves
/// the models it can with less bookkeeping.
template <typename S, int B, int D>
void store_body_columns(const Model<S, B, D>& model, Workspace<S, B, D>& ws, int i) noexcept {
  auto& h = ws.mass_matrix;
  const int iv = model.v_index(i);
  for (int k = iv; k < iv + model.joint_nv(i); ++k) {
    Force<S> f = ws.composite[i].apply(ws.subspace[k]);
    for (int l = iv; l <= k; ++l) h.coeffRef(k, l) = h.coeffRef(l, k) = dot(ws.subspace[l], f);
    for (int j = i, p = model.parent(j); p != -1; j = p, p = model.parent(j)) {
      f = ws.parent_to_body[j].apply_inverse(f);  // into p's coordinates
      const int pv = model.v_index(p);
      for (int l = pv; l < pv + model.joint_nv(p); ++l) h.coeffRef(k, l) = h.coeffRef(l, k) = dot(ws.subspace[l], f);
    }
  }
}

/// The same columns for a model whose DOFs are numbered depth-first and whose every body moves
/// (a joint with at least one DOF), as a legged robot's are: body i's DOFs and its descendants'
/// are then the run [v_index(i), dof_subtree_end(v_index(i))). The reverse sweep holds each
/// column's F_k in the coordinates of the body it has reached (`carried`, indexed by DOF): at
/// body i, those of i's own DOFs are formed, every F_k of the run gives its entries with i's
/// DOFs, and the run is carried to i's parent together, the joint's transform read once for
/// all of it. Each joint is taken as it is:
///   about a coordinate axis (Model::turn_axis, as the A1's all are): S = e_A, so F is a column
///   of I^c (axis_column), S_Aᵀ F one component, and the carry a sparse turn;
///   a free flyer: its S is a permutation, so its entries with a column below are F's six
///   components, and its own block is I^c's (store_free_flyer_block).
/// This is cheaper than store_body_columns' walk for such models (tests/README.md, Measuring,
/// has the figures); the two agree to rounding, and both with RNEA's columns of H
/// (test_identities.cpp).
template <typename S, int B, int D>
FOOTFALL_INLINE void store_run_columns(const Model<S, B, D>& model, Workspace<S, B, D>& ws, int i,
                                       Force<S>* carried) noexcept {
  auto& h = ws.mass_matrix;
  const int iv = model.v_index(i), nv = model.joint_nv(i), axis = model.turn_axis(i);
  const int end = model.dof_subtree_end(iv);
  const bool free_flyer = model.joint_type(i) == JointType::kFreeFlyer;
  const int p = model.parent(i);
  switch (axis) {  // F = I^c_i S_k of i's own DOFs, and the run's entries with i's DOFs
    case 0:
      store_axis_run_columns<0>(ws.composite[i], iv, end, carried, h);
      break;
    case 1:
      store_axis_run_columns<1>(ws.composite[i], iv, end, carried, h);
      break;
    case 2:
      store_axis_run_columns<2>(ws.composite[i], iv, end, carried, h);
      break;
    default:
      if (free_flyer) {
        store_free_flyer_block(ws, iv, ws.composite[i]);
        for (int k = iv + nv; k < end; ++k)
#pragma GCC unroll 3
          for (int a = 0; a < 3; ++a) {
            h.coeffRef(k, iv + a) = h.coeffRef(iv + a, k) = carried[k].linear().coeff(a);
            h.coeffRef(k, iv + 3 + a) = h.coeffRef(iv + 3 + a, k) = carried[k].angular().coeff(a);
          }
        if (p == -1) return;  // its own F would only be carried up, and there is no up
        // (Its own F here and the general joint's below, each in its branch: one loop after the
        // branch for both costs the quadruped's loop more a tick.)
        for (int k = iv; k < iv + nv; ++k) carried[k] = ws.composite[i].apply(ws.subspace[k]);
        break;
      }
      for (int k = iv; k < iv + nv; ++k) carried[k] = ws.composite[i].apply(ws.subspace[k]);
      for (int k = iv; k < end; ++k)
        for (int l = iv; l < iv + nv && l <= k; ++l) h.coeffRef(k, l) = h.coeffRef(l, k) = dot(ws.subspace[l], carried[k]);
      break;
  }
  if (p == -1) return;
  visit_parent_to_body(model, ws, i, [&](const auto& x) {  // into the parent's coordinates
    for (int k = iv; k < end; ++k) carried[k] = x.apply_inverse(carried[k]);
  });
}

/// Sizes H and zeros the entries mass_matrix's walk never writes: those between DOFs on different
/// branches. With depth-first numbering column k's descendants are exactly the run below it
/// (Model::dof_subtree_end), and a DOF r past that run neither descends from k nor, numbered
/// after it, is its ancestor: the zeros are H(r, k) and H(k, r) for r past k's run, 108 of the
/// A1's 324 entries and none on a free flyer's columns. Any other numbering has zeros inside the
/// runs too, and H is cleared whole.
template <typename S, int B, int D>
FOOTFALL_INLINE void clear_off_pattern(const Model<S, B, D>& model, typename Workspace<S, B, D>::Matrix& h) noexcept {
  const int n = model.nv();
  if (!model.dofs_depth_first()) {
    set_zero(h, n, n);
    return;
  }
  h.resize(n, n);
  for (int k = 0; k < n; ++k)
    for (int r = model.dof_subtree_end(k); r < n; ++r) h.coeffRef(r, k) = h.coeffRef(k, r) = S(0);
}

/// ᴼS_k = ᴼX_i S_k of body i's DOFs, for the contact Jacobians (crba_origin).
template <typename S, int B, int D>
FOOTFALL_INLINE void store_world_subspaces(const Model<S, B, D>& model, Workspace<S, B, D>& ws, int i) noexcept {
  const Transform<S>& world_to_body = ws.world_to_body[i];  // ⁱX_0
  const Vector3<S> origin_to_body = world_to_body.translation() - crba_origin(model, ws, i);
  const int iv = model.v_index(i);
  if (model.turn_axis(i) >= 0) {
    // S = (e_A, 0), so ᴼS = X⁻¹S = (Eᵀe_A, r × Eᵀe_A): row A of E, and one cross product.
    const Vector3<S> axis = world_to_body.rotation().row(model.turn_axis(i)).transpose();
    ws.subspace_world[iv] = Motion<S>(axis, origin_to_body.cross(axis));
    return;
  }
  const Transform<S> frame_to_body(world_to_body.rotation(), origin_to_body);  // ⁱX_O
  for (int k = iv; k < iv + model.joint_nv(i); ++k)
    ws.subspace_world[k] = frame_to_body.apply_inverse(ws.subspace[k]);
}

/// Each body's own inertia into ws.composite, the start of its composite sum, and its
/// ws.subspace_world: the forward half of mass_matrix.
template <typename S, int B, int D>
FOOTFALL_INLINE void store_own_inertias_and_world_subspaces(const Model<S, B, D>& model, Workspace<S, B, D>& ws) noexcept {
  for (int i = 0; i < model.body_count(); ++i) {
    ws.composite[i] = model.inertia(i);
    store_world_subspaces(model, ws, i);
  }
}

}  // namespace detail

/// The joint-space inertia H(q) by the composite-rigid-body algorithm (RBDA Table 6.2), into
/// ws.mass_matrix, from the kinematics of the last forward_kinematics call (refused, as
/// Status::BadInput "workspace.kinematics", when there were none).
template <typename S, int B, int D>
Status mass_matrix(const Model<S, B, D>& model, Workspace<S, B, D>& ws) noexcept {
  using W = Workspace<S, B, D>;
  if (!(ws.stage & W::kKinematics)) return Status::BadInput("workspace.kinematics");
  const int n = model.nv();
  detail::clear_off_pattern(model, ws.mass_matrix);
  detail::store_own_inertias_and_world_subspaces(model, ws);
  bool runs = model.dofs_depth_first();  // store_run_columns serves the model
  for (int i = 0; i < model.body_count(); ++i) runs = runs && model.joint_nv(i) > 0;
  // Children come after their parents, so a reverse sweep completes each subtree before its
  // columns are taken and it is added to its parent's.
  // store_run_columns' F_k, unset: a run's columns are formed, below, before they are read.
  auto carried_slots = detail::unset_array<Force<S>, W::kDofSlots>();
  Force<S>* const carried = carried_slots.data();
  for (int i = model.body_count() - 1; i >= 0; --i) {
    if (runs)
      detail::store_run_columns(model, ws, i, carried);
    else
      detail::store_body_columns(model, ws, i);
    const int p = model.parent(i);
    if (p != -1)
      detail::visit_parent_to_body(model, ws, i, [&](const auto& x) { detail::add_carried_inertia(x, ws.composite[i], ws.composite[p]); });
  }
  for (int k = 0; k < n; ++k) ws.mass_matrix.coeffRef(k, k) += model.armature(k);
  ws.stage = (ws.stage | W::kMassMatrix) & ~static_cast<unsigned>(W::kFactor);
  return Status::Ok();
}

namespace detail {

/// The walk of add_off_diagonal_product (below), with either half left out at compile time: the
/// product's terms into `sum` (kProduct), their sizes into `magnitude` (kSizes). Each half adds
/// the same terms in the same order with or without the other, so the product, or the sizes,
/// of a walk that takes one half are those of a walk that takes both, bit for bit.
template <bool kProduct, bool kSizes, typename S, int B, int D, typename XDerived, typename SumDerived,
          typename MagnitudeDerived>
void add_off_diagonal_terms(const Model<S, B, D>& model, const Workspace<S, B, D>& ws, const Eigen::MatrixBase<XDerived>& x,
                            const Eigen::MatrixBase<SumDerived>& sum_const,
                            const Eigen::MatrixBase<MagnitudeDerived>& magnitude_const) noexcept {
  auto& sum = writable(sum_const);
  auto& magnitude = writable(magnitude_const);
  constexpr int kPanel = 6;
  // A free flyer has six DOFs, so a model with room for fewer has none, and the panel is not
  // compiled for it (GCC's -Warray-bounds saw its indices run past such a model's vectors).
  const bool panel = D >= kPanel && model.has_floating_base();
  if constexpr (D >= kPanel) {
    if (panel) {
      S xa[kPanel], abs_xa[kPanel], row_sum[kPanel], row_magnitude[kPanel];  // columns 0–5
#pragma GCC unroll 6
      for (int a = 0; a < kPanel; ++a) {
        xa[a] = x.coeff(a);
        abs_xa[a] = std::abs(xa[a]);
        row_sum[a] = row_magnitude[a] = S(0);
      }
      // The free flyer's own block, column by column as the walk takes it.
#pragma GCC unroll 6
      for (int a = 0; a < kPanel; ++a)
#pragma GCC unroll 6
        for (int k = a + 1; k < kPanel; ++k) {
          const S h = ws.mass_matrix.coeff(k, a), above = h * x.coeff(k);
          if constexpr (kProduct) {
            sum.coeffRef(k) += h * xa[a];
            row_sum[a] += above;
          }
          if constexpr (kSizes) {
            magnitude.coeffRef(k) += std::abs(h) * abs_xa[a];
            row_magnitude[a] += std::abs(above);
          }
        }
      // The panel, row by row.
      const int end = model.dof_subtree_end(0);
      for (int k = kPanel; k < end; ++k) {
        const S* const h = &ws.mass_matrix.coeff(0, k);  // H(0…5, k) = H(k, 0…5)
        const S xk = x.coeff(k);
        S row = kProduct ? sum.coeff(k) : S(0), size = kSizes ? magnitude.coeff(k) : S(0);
#pragma GCC unroll 6
        for (int a = 0; a < kPanel; ++a) {
          const S above = h[a] * xk;
          if constexpr (kProduct) {
            row += h[a] * xa[a];
            row_sum[a] += above;
          }
          if constexpr (kSizes) {
            size += std::abs(h[a]) * abs_xa[a];
            row_magnitude[a] += std::abs(above);
          }
        }
        if constexpr (kProduct) sum.coeffRef(k) = row;
        if constexpr (kSizes) magnitude.coeffRef(k) = size;
      }
#pragma GCC unroll 6
      for (int a = 0; a < kPanel; ++a) {
        if constexpr (kProduct) sum.coeffRef(a) += row_sum[a];
        if constexpr (kSizes) magnitude.coeffRef(a) += row_magnitude[a];
      }
    }
  }
  // Row a's own terms gather in locals (the compiler cannot keep sum(a) in a register while it
  // stores to sum(k)), and |H(k, a) x_a| is |H(k, a)| |x_a|, exactly.
  for (int a = panel ? kPanel : 0; a < model.nv(); ++a) {
    const S* column = &ws.mass_matrix.coeff(0, a);
    const int end = model.dof_subtree_end(a);
    const S xa = x.coeff(a), abs_xa = std::abs(xa);
    S row_sum = S(0), row_magnitude = S(0);
    for (int k = a + 1; k < end; ++k) {
      const S h = column[k], above = h * x.coeff(k);
      if constexpr (kProduct) {
        sum.coeffRef(k) += h * xa;
        row_sum += above;
      }
      if constexpr (kSizes) {
        magnitude.coeffRef(k) += std::abs(h) * abs_xa;
        row_magnitude += std::abs(above);
      }
    }
    if constexpr (kProduct) sum.coeffRef(a) += row_sum;
    if constexpr (kSizes) magnitude.coeffRef(a) += row_magnitude;
  }
}

}  // namespace detail

/// Adds the off-diagonal terms of H x to `sum`, and their sizes to `magnitude` (both nv long, for
/// a check's rounding scale), over H's branch-sparse pattern: column a's run below the diagonal
/// (Model::dof_subtree_end) and, H being symmetric, row a's. The diagonal is the caller's.
///
/// With a free flyer (DOFs 0–5, whose runs all reach the end of its tree) the six columns'
/// entries below row 5 are a dense panel, most of H's entries on a legged robot, and they are
/// taken a row at a time: H(k, 0…5) is H(0…5, k), adjacent in column k, so sum(k) and
/// magnitude(k) are read and written once a row instead of once an entry, and the six columns'
/// row sums stay in registers. Every sum gets its terms in the order of the column walk, so the
/// result is that walk's, bit for bit.
template <typename S, int B, int D, typename XDerived, typename SumDerived, typename MagnitudeDerived>
void add_off_diagonal_product(const Model<S, B, D>& model, const Workspace<S, B, D>& ws,
                              const Eigen::MatrixBase<XDerived>& x, const Eigen::MatrixBase<SumDerived>& sum,
                              const Eigen::MatrixBase<MagnitudeDerived>& magnitude) noexcept {
  detail::add_off_diagonal_terms<true, true>(model, ws, x, sum, magnitude);
}

namespace detail {

/// ½vᵀHv in one walk over H's branch-sparse pattern: the diagonal and each column's run of
/// descendants (the lower triangle; entries off the ancestor chains are zero). A free flyer's
/// six columns below its own block are taken a row at a time, as add_off_diagonal_product
/// takes them, each column's sum still in the walk's order.
template <typename S, int B, int D, typename VDerived>
S half_quadratic_form(const Model<S, B, D>& model, const Workspace<S, B, D>& ws,
                      const Eigen::MatrixBase<VDerived>& v) noexcept {
  S sum = S(0);
  int first = 0;  // the first column the column walk takes
  if (model.has_floating_base()) {
    constexpr int kPanel = 6;
    S column_sum[kPanel];
#pragma GCC unroll 6
    for (int a = 0; a < kPanel; ++a) {
      column_sum[a] = S(0.5) * ws.mass_matrix.coeff(a, a) * v.coeff(a);
#pragma GCC unroll 6
      for (int k = a + 1; k < kPanel; ++k) column_sum[a] += ws.mass_matrix.coeff(k, a) * v.coeff(k);
    }
    const int end = model.dof_subtree_end(0);
    for (int k = kPanel; k < end; ++k) {
      const S* const h = &ws.mass_matrix.coeff(0, k);  // H(0…5, k) = H(k, 0…5)
      const S vk = v.coeff(k);
#pragma GCC unroll 6
      for (int a = 0; a < kPanel; ++a) column_sum[a] += h[a] * vk;
    }
#pragma GCC unroll 6
    for (int a = 0; a < kPanel; ++a) sum += column_sum[a] * v.coeff(a);
    first = kPanel;
  }
  for (int a = first; a < model.nv(); ++a) {  // the diagonal's half, and column a below it
    S column_sum = S(0.5) * ws.mass_matrix.coeff(a, a) * v.coeff(a);
    const S* column = &ws.mass_matrix.coeff(0, a);
    const int end = model.dof_subtree_end(a);
    for (int k = a + 1; k < end; ++k) column_sum += column[k] * v.coeff(k);
    sum += column_sum * v.coeff(a);
  }
  return sum;
}

}  // namespace detail

}  // namespace footfall
FOOTFALL_HEADER_END
