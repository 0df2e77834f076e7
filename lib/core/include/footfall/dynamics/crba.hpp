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
// O(n·depth) dot products instead of O(n·depth) transforms. A free flyer's six columns are its
// body's own axes, so its entries come from two rotations a row (store_free_flyer_row).
// Armature adds to the diagonal.
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

namespace detail {

// A free flyer's entries of H. Its motion subspace is the identity in its body's coordinates,
// reordered (joint.hpp: v = [linear; angular], spatial vectors [angular; linear]), and body 0's
// CRBA frame has its origin (crba_origin), so ⁰S_l = (Eᵀa_l, Eᵀℓ_l) with E = ws.world_to_body[0]'s
// rotation, and ⁰S_l · F = a_l·(E n) + ℓ_l·(E f). The six entries a row k of another body shares
// with the free flyer are F = ⁰I^c_i ⁰S_k in body 0's axes: two 3×3 rotations instead of six
// six-term dot products.
template <typename S, int B, int D>
FOOTFALL_INLINE void store_free_flyer_row(Workspace<S, B, D>& ws, int k, const Force<S>& f) noexcept {
  const Matrix3<S>& e = ws.world_to_body[0].rotation();
  const Vector3<S> linear = e * f.linear(), angular = e * f.angular();
  for (int a = 0; a < 3; ++a) {
    ws.mass_matrix.coeffRef(k, a) = ws.mass_matrix.coeffRef(a, k) = linear.coeff(a);
    ws.mass_matrix.coeffRef(k, 3 + a) = ws.mass_matrix.coeffRef(3 + a, k) = angular.coeff(a);
  }
}

// The free flyer's 6×6 block among itself: the whole robot's composite inertia ⁰I^c_0 turned
// into body 0's axes (Inertia::rotated: h' = E h, Ī' = E Ī Eᵀ, exactly symmetric), reordered to
// v's order: m 1 on the linear rows, Ī' on the angular ones, and between them h'×ᵀ = −h'× (the
// lower-left block of RBDA (2.63)'s [Ī h×; h×ᵀ m1]). This replaces six inertia products and 21
// six-term dots.
template <typename S, int B, int D>
FOOTFALL_INLINE void store_free_flyer_block(Workspace<S, B, D>& ws) noexcept {
  const Inertia<S> body = ws.composite[0].rotated(ws.world_to_body[0].rotation());
  const Matrix3<S> coupling = -skew<S>(body.first_moment());
  auto& m = ws.mass_matrix;
  m.template topLeftCorner<3, 3>() = body.mass() * Matrix3<S>::Identity();
  m.template block<3, 3>(3, 3) = body.rotational_about_origin();
  m.template block<3, 3>(0, 3) = coupling;
  m.template block<3, 3>(3, 0) = coupling.transpose();
}

// Sizes H and zeros the entries mass_matrix's walk never writes: those between DOFs on different
// branches. With depth-first numbering column k's descendants are exactly the run below it
// (Model::dof_subtree_end), and a DOF r past that run neither descends from k nor, numbered
// after it, is its ancestor: the zeros are H(r, k) and H(k, r) for r past k's run, 108 of the
// A1's 324 entries and none on a free flyer's columns. Any other numbering has zeros inside the
// runs too, and H is cleared whole.
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

}  // namespace detail

template <typename S, int B, int D>
Status mass_matrix(const Model<S, B, D>& model, Workspace<S, B, D>& ws) noexcept {
  using W = Workspace<S, B, D>;
  if (!(ws.stage & W::kKinematics)) return Status::BadInput("workspace.kinematics");
  const int n = model.nv();
  const bool floating = model.has_floating_base();  // a free flyer at body 0 (model_builder.hpp)
  detail::clear_off_pattern(model, ws.mass_matrix);
  for (int i = 0; i < model.body_count(); ++i) {
    const Transform<S>& world_to_body = ws.world_to_body[i];  // ⁱX_0
    const Transform<S> frame_to_body(world_to_body.rotation(),
                                     world_to_body.translation() - crba_origin(model, ws, i));  // ⁱX_O
    ws.composite[i] = model.inertia(i).transformed_back(frame_to_body);  // ᴼX*_i I_i ⁱX_O
    const int iv = model.v_index(i);
    if (model.turn_axis(i) >= 0) {
      // S = (e_A, 0), so ᴼS = X⁻¹S = (Eᵀe_A, r × Eᵀe_A): row A of E, and one cross product.
      const Vector3<S> axis = frame_to_body.rotation().row(model.turn_axis(i)).transpose();
      ws.subspace_world[iv] = Motion<S>(axis, frame_to_body.translation().cross(axis));
      continue;
    }
    for (int k = iv; k < iv + model.joint_nv(i); ++k)
      ws.subspace_world[k] = frame_to_body.apply_inverse(ws.subspace[k]);
  }
  // Children come after their parents, so a reverse sweep completes each subtree before it is
  // added to its parent's.
  for (int i = model.body_count() - 1; i >= 0; --i) {
    const int p = model.parent(i);
    if (p != -1) ws.composite[p] += ws.composite[i];
    const int iv = model.v_index(i);
    if (i == 0 && floating) {
      detail::store_free_flyer_block(ws);
      continue;
    }
    for (int k = iv; k < iv + model.joint_nv(i); ++k) {
      const Force<S> f = ws.composite[i].apply(ws.subspace_world[k]);
      ws.mass_matrix.coeffRef(k, k) = dot(ws.subspace_world[k], f);
      for (int l = model.dof_parent(k); l != -1; l = model.dof_parent(l)) {
        if (floating && l < 6) {  // the free flyer's six (DOFs 0..5), where its tree's chains end
          detail::store_free_flyer_row(ws, k, f);
          break;
        }
        ws.mass_matrix.coeffRef(k, l) = ws.mass_matrix.coeffRef(l, k) = dot(ws.subspace_world[l], f);
      }
    }
  }
  for (int k = 0; k < n; ++k) ws.mass_matrix.coeffRef(k, k) += model.armature(k);
  ws.stage = (ws.stage | W::kMassMatrix) & ~static_cast<unsigned>(W::kFactor);
  return Status::Ok();
}

namespace detail {

// The walk of add_off_diagonal_product (below), with either half left out at compile time: the
// product's terms into `sum` (kProduct), their sizes into `magnitude` (kSizes). Each half adds
// the same terms in the same order with or without the other, so the product, or the sizes,
// of a walk that takes one half are those of a walk that takes both, bit for bit.
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

// Adds the off-diagonal terms of H x to `sum`, and their sizes to `magnitude` (both nv long, for
// a check's rounding scale), over H's branch-sparse pattern: column a's run below the diagonal
// (Model::dof_subtree_end) and, H being symmetric, row a's. The diagonal is the caller's.
//
// With a free flyer (DOFs 0–5, whose runs all reach the end of its tree) the six columns'
// entries below row 5 are a dense panel, most of H's entries on a legged robot, and they are
// taken a row at a time: H(k, 0…5) is H(0…5, k), adjacent in column k, so sum(k) and
// magnitude(k) are read and written once a row instead of once an entry, and the six columns'
// row sums stay in registers. Every sum gets its terms in the order of the column walk, so the
// result is that walk's, bit for bit.
template <typename S, int B, int D, typename XDerived, typename SumDerived, typename MagnitudeDerived>
void add_off_diagonal_product(const Model<S, B, D>& model, const Workspace<S, B, D>& ws,
                              const Eigen::MatrixBase<XDerived>& x, const Eigen::MatrixBase<SumDerived>& sum,
                              const Eigen::MatrixBase<MagnitudeDerived>& magnitude) noexcept {
  detail::add_off_diagonal_terms<true, true>(model, ws, x, sum, magnitude);
}

namespace detail {

// ½vᵀHv in one walk over H's branch-sparse pattern: the diagonal and each column's run of
// descendants (the lower triangle; entries off the ancestor chains are zero). A free flyer's
// six columns below its own block are taken a row at a time, as add_off_diagonal_product
// takes them, each column's sum still in the walk's order.
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
