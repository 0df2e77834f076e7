#pragma once
// Is M symmetric positive semidefinite? The class of every frictionless contact LCP (RBDA §11.5:
// M = Tᵀ H⁻¹ T), and the one for which "no solution" can be proved from a finished search:
// symmetric PSD matrices are copositive-plus, so a feasible LCP has a solution (Cottle–Pang–
// Stone ch. 3), and among its solutions one whose positive part z_β has a
// nonsingular block M_ββ (at a vertex of the solution piece, M_γβ has full column rank, and for
// PSD M a null vector of M_ββ would be one of M_·β). So an enumeration that tries every
// nonsingular principal block and finds nothing has shown the problem infeasible.
//
// The test is LDLᵀ with diagonal (complete symmetric) pivoting (Higham, Accuracy and Stability
// of Numerical Algorithms, 2nd ed., §10.3): take the largest remaining diagonal each step; M is
// PSD when every pivot is positive until the remaining Schur complement is zero to rounding.
#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <utility>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/numeric.hpp"
#include "footfall/lcp/problem.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {
namespace detail {

/// `scratch` is overwritten. `relative_tolerance` judges symmetry and the zero Schur complement
/// against M's largest entry.
template <typename S, int N>
bool is_symmetric_positive_semidefinite(const LcpMatrix<S, N>& m, Eigen::Matrix<S, N, N>& scratch,
                                        S relative_tolerance) noexcept {
  const int n = static_cast<int>(m.rows());
  S scale = S(0);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) scale = std::max(scale, std::abs(m.coeff(i, j)));
  const S tolerance = relative_tolerance * scale;
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < j; ++i)
      if (std::abs(m.coeff(i, j) - m.coeff(j, i)) > tolerance) return false;

  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) scratch.coeffRef(i, j) = S(0.5) * (m.coeff(i, j) + m.coeff(j, i));

  for (int k = 0; k < n; ++k) {
    int pivot = k;
    for (int i = k + 1; i < n; ++i)
      if (scratch.coeff(i, i) > scratch.coeff(pivot, pivot)) pivot = i;
    if (!(scratch.coeff(pivot, pivot) > tolerance)) {
      // No positive pivot left: PSD exactly when what remains is zero to rounding.
      for (int j = k; j < n; ++j)
        for (int i = k; i < n; ++i)
          if (std::abs(scratch.coeff(i, j)) > tolerance) return false;
      return true;
    }
    if (pivot != k) {  // symmetric swap of row and column k with `pivot`
      for (int c = 0; c < n; ++c) std::swap(scratch.coeffRef(k, c), scratch.coeffRef(pivot, c));
      for (int r = 0; r < n; ++r) std::swap(scratch.coeffRef(r, k), scratch.coeffRef(r, pivot));
    }
    const S inverse_pivot = S(1) / scratch.coeff(k, k);
    for (int j = k + 1; j < n; ++j) {
      const S factor = scratch.coeff(k, j) * inverse_pivot;
      for (int i = k + 1; i < n; ++i) scratch.coeffRef(i, j) -= factor * scratch.coeff(i, k);
    }
  }
  return true;
}

}  // namespace detail
}  // namespace footfall
FOOTFALL_HEADER_END
