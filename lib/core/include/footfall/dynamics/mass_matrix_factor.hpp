#pragma once
// H = Lᵀ D L with L unit lower triangular, exploiting branch-induced sparsity (RBDA §6.5,
// Table 6.3 "LTDL"): L(k, j) ≠ 0 only when DOF j is an ancestor of DOF k (λ*(k)), so
// factorising and solving walk ancestor chains and runs of descendants instead of whole rows
// and columns, and fill-in never happens. A quadruped's legs are independent branches, which is
// what makes this cheaper than a dense Cholesky. The factor is kept in ws.factor: D on the
// diagonal, L strictly below it on H's pattern. Only what the runs below read is defined: for a
// model numbered depth-first (Model::dofs_depth_first) that is the pattern alone, and the rest
// of the matrix is not written (its contents are unspecified); otherwise the lower triangle's
// other entries hold H's zeros.
#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/numeric.hpp"
#include "footfall/dynamics/kinematics.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// Factorises ws.mass_matrix (after mass_matrix()). Fails with kBadInput "mass_matrix.positive_
/// definite" if a pivot is not positive — which for a valid model means a non-finite input got
/// through, or the configuration is outside what floating point can represent.
template <typename S, int B, int D>
Status factorize_mass_matrix(const Model<S, B, D>& model, Workspace<S, B, D>& ws) noexcept {
  using W = Workspace<S, B, D>;
  if (!(ws.stage & W::kMassMatrix)) return Status::BadInput("workspace.mass_matrix");
  const int n = model.nv();
  auto& h = ws.factor;
  const auto& mass_matrix = ws.mass_matrix;
  h.resize(n, n);
  // Each entry of H is read once, as its row is factorised, and the runs read only finished rows
  // of L. Numbered depth-first, those lie on H's pattern, and no copy of H is needed (a copy would
  // be a noticeable share of the quadruped's factorisation); in any
  // other numbering the runs cross entries off the pattern, which must hold H's zeros.
  if (!model.dofs_depth_first())
    for (int c = 0; c < n; ++c)
      for (int r = c; r < n; ++r) h.coeffRef(r, c) = mass_matrix.coeff(r, c);
  // Row by row from the leaves (RBDA §6.5's LTDL, in its left-looking form): H = LᵀDL gives
  // H(k, i) = Σ_m L(m, k) D_m L(m, i) over m = k and k's descendants, so
  //   D_k = H(k, k) − Σ_{m>k} L(m, k)² D_m,   L(k, i) = (H(k, i) − Σ_{m>k} L(m, k) D_m L(m, i)) / D_k
  // for each ancestor i of k, with m over k's descendants: rows k+1 .. dof_subtree_end(k)−1 of
  // columns k and i, contiguous in the column-major factor, and all finished (m > k). The sums
  // are plain strided dot products, with L(m, k) D_m formed once a row in `scaled`.
  // Indices are DOFs of the model (0 ≤ index < nv, and the builder guarantees λ(k) < k), so the
  // unchecked coeff access is in range.
  // L(m, k) D_m of the row in hand, written before it is read (zeroing it would cost a memset a
  // call, and an Eigen vector measured slower on the Cortex-M7).
  S scaled[static_cast<std::size_t>(D)];  // NOLINT(cppcoreguidelines-pro-type-member-init)
  for (int k = n - 1; k >= 0; --k) {
    const int end = model.dof_subtree_end(k);
    const S* column_k = &h.coeffRef(0, k);
    S pivot = mass_matrix.coeff(k, k);
    for (int m = k + 1; m < end; ++m) {
      scaled[m] = column_k[m] * h.coeff(m, m);
      pivot -= scaled[m] * column_k[m];
    }
    if (!(pivot > S(0)) || !is_finite(pivot)) return Status::BadInput("mass_matrix.positive_definite", k);
    h.coeffRef(k, k) = pivot;
    const S inverse_pivot = S(1) / pivot;  // one division a row, a multiply for each L entry
    for (int i = model.dof_parent(k); i != -1; i = model.dof_parent(i)) {
      const S* column_i = &h.coeffRef(0, i);
      S sum = mass_matrix.coeff(k, i);
      for (int m = k + 1; m < end; ++m) sum -= scaled[m] * column_i[m];
      h.coeffRef(k, i) = sum * inverse_pivot;
    }
  }
  // The loop writes no entry off the ancestor chains: the factor has H's pattern, no fill-in.
  // (Off-pattern entries are read, as the zeros copied from H, only inside a run of a model whose
  // DOFs are not numbered depth-first.)
  ws.stage |= W::kFactor;
  return Status::Ok();
}

namespace detail {

/// The two halves of a solve with the factor, on one column x (nv entries, in place), each along
/// the factor's columns, which are contiguous runs (Model::dof_subtree_end):
///   back_substitute_and_scale   Lᵀy = x as y_k = x_k − Σ_{m>k} L(m, k) y_m from the leaves, then
///                               y ← D⁻¹y;
///   forward_substitute          Lx = y from the root, each finished x_k taken out of its
///                               descendants' rows.
/// Indices are DOFs of the model, so the unchecked access is in range.
template <typename S, int B, int D, typename Column>
void back_substitute_and_scale(const Model<S, B, D>& model, const Workspace<S, B, D>& ws, Column& x) noexcept {
  const auto& f = ws.factor;
  const int n = model.nv();
  for (int k = n - 1; k >= 0; --k) {
    const S* column = &f.coeff(0, k);
    const int end = model.dof_subtree_end(k);
    S value = x.coeff(k);
    for (int m = k + 1; m < end; ++m) value -= column[m] * x.coeff(m);
    x.coeffRef(k) = value;
  }
  for (int k = 0; k < n; ++k) x.coeffRef(k) /= f.coeff(k, k);
}

template <typename S, int B, int D, typename Column>
void forward_substitute(const Model<S, B, D>& model, const Workspace<S, B, D>& ws, Column& x) noexcept {
  const auto& f = ws.factor;
  for (int k = 0; k < model.nv(); ++k) {
    const S* column = &f.coeff(0, k);
    const int end = model.dof_subtree_end(k);
    const S value = x.coeff(k);
    for (int m = k + 1; m < end; ++m) x.coeffRef(m) -= column[m] * value;
  }
}

}  // namespace detail

/// Solves H x = b in place for each column of `b` (one right-hand side or many), using the
/// factor: Lᵀ y = b, z = D⁻¹ y, L x = z (RBDA §6.5, back- and forward-substitution along
/// ancestor chains). `b` must have nv rows.
template <typename S, int B, int D, typename Derived>
Status solve_mass_matrix(const Model<S, B, D>& model, const Workspace<S, B, D>& ws,
                         const Eigen::MatrixBase<Derived>& b_const) noexcept {
  if (!(ws.stage & Workspace<S, B, D>::kFactor)) return Status::BadInput("workspace.factor");
  auto& b = writable(b_const);
  const int n = model.nv();
  if (b.rows() != n) return Status::BadInput("rhs.rows");
  for (Eigen::Index c = 0; c < b.cols(); ++c)
    for (int k = 0; k < n; ++k)
      if (!is_finite(b(k, c))) return Status::BadInput("rhs", k);
  for (Eigen::Index c = 0; c < b.cols(); ++c) {
    auto column = b.col(c);
    detail::back_substitute_and_scale(model, ws, column);
    detail::forward_substitute(model, ws, column);
  }
  return Status::Ok();
}

}  // namespace footfall
FOOTFALL_HEADER_END
