#pragma once
// H = Lᵀ D L with L unit lower triangular, exploiting branch-induced sparsity (RBDA §6.5,
// Table 6.3 "LTDL"): L(k, j) ≠ 0 only when DOF j is an ancestor of DOF k (λ*(k)), so
// factorising and solving walk ancestor chains instead of whole rows, and fill-in never
// happens. A quadruped's legs are independent branches, which is what makes this cheaper than a
// dense Cholesky. The factor is kept in ws.factor: D on the diagonal, L strictly below it; the
// strict upper triangle is not written (its contents are unspecified).
#include "footfall/common/numeric.hpp"
#include "footfall/dynamics/kinematics.hpp"

namespace footfall {

// Factorises ws.mass_matrix (after mass_matrix()). Fails with kBadInput "mass_matrix.positive_
// definite" if a pivot is not positive — which for a valid model means a non-finite input got
// through, or the configuration is outside what floating point can represent.
template <typename S, int B, int D>
Status factorize_mass_matrix(const Model<S, B, D>& model, Workspace<S, B, D>& ws) noexcept {
  using W = Workspace<S, B, D>;
  if (!(ws.stage & W::kMassMatrix)) return Status::BadInput("workspace.mass_matrix");
  const int n = model.nv();
  auto& h = ws.factor;
  h.resize(n, n);
  for (int c = 0; c < n; ++c)  // the lower triangle only: the factor lives there (D and L)
    for (int r = c; r < n; ++r) h.coeffRef(r, c) = ws.mass_matrix.coeff(r, c);
  // Indices below are DOFs of the model (0 ≤ index < nv, the builder guarantees dof_parent
  // < dof), so the unchecked coeff access is in range.
  for (int k = n - 1; k >= 0; --k) {
    const S pivot = h.coeff(k, k);
    if (!(pivot > S(0)) || !is_finite(pivot)) return Status::BadInput("mass_matrix.positive_definite", k);
    const S inverse_pivot = S(1) / pivot;  // one division a row, a multiply for each L entry
    for (int i = model.dof_parent(k); i != -1; i = model.dof_parent(i)) {
      const S a = h.coeff(k, i) * inverse_pivot;
      for (int j = i; j != -1; j = model.dof_parent(j)) h.coeffRef(i, j) -= a * h.coeff(k, j);
      h.coeffRef(k, i) = a;
    }
  }
  // Entries off the ancestor chains are exact zeros of H (mass_matrix() never writes them) and
  // are neither read nor written here, so the factor has H's pattern: no fill-in.
  ws.stage |= W::kFactor;
  return Status::Ok();
}

// Solves H x = b in place for each column of `b` (one right-hand side or many), using the
// factor: Lᵀ y = b, z = D⁻¹ y, L x = z (RBDA §6.5, back- and forward-substitution along
// ancestor chains). `b` must have nv rows.
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
  const auto& f = ws.factor;
  for (Eigen::Index c = 0; c < b.cols(); ++c) {
    for (int k = n - 1; k >= 0; --k)
      for (int i = model.dof_parent(k); i != -1; i = model.dof_parent(i))
        b.coeffRef(i, c) -= f.coeff(k, i) * b.coeff(k, c);
    for (int k = 0; k < n; ++k) b.coeffRef(k, c) /= f.coeff(k, k);
    for (int k = 0; k < n; ++k)
      for (int i = model.dof_parent(k); i != -1; i = model.dof_parent(i))
        b.coeffRef(k, c) -= f.coeff(k, i) * b.coeff(i, c);
  }
  return Status::Ok();
}

}  // namespace footfall
