#pragma once
// The linear algebra of a complementary basis: with α the indices where z may be positive and
// w_α = 0, the LCP's equations reduce to the principal subsystem
//
//   M_αα z_α = −q_α,   z_ᾱ = 0,   w_ᾱ = M_ᾱα z_α + q_ᾱ                    (Cottle–Pang–Stone ch. 1)
//
// which this file solves by Gaussian elimination with partial pivoting and one step of
// iterative refinement in working precision. The refinement makes the solve componentwise
// backward stable (Skeel 1980; Higham, Accuracy and Stability of Numerical Algorithms, 2nd ed.,
// §12.2), which the per-row check of lcp/result_check.hpp relies on when M has rows of very
// different sizes. Its correction also measures the block's conditioning: it is about
// cond(M_αα)·ε of z_α, so a correction above 1/64 of z_α says the block is singular to working
// precision, as exactly singular blocks (a PSD M of lower rank) come out of elimination with a
// last pivot of rounding size, which no threshold on the pivots alone tells from a small true
// one. Loops over a fixed-size scratch: Eigen's decompositions keep a heap path that firmware
// must not link.
#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <utility>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/numeric.hpp"
#include "footfall/common/unroll.hpp"
#include "footfall/lcp/problem.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// The scratch of the principal-block solves for problems of capacity N, held in the solvers'
/// workspaces: the caller must not rely on its contents.
template <typename S, int N>
struct PrincipalSolveScratch {
  static constexpr std::size_t kSlots = static_cast<std::size_t>(N);  ///< N, as an array bound
  Eigen::Matrix<S, N, N> lu = Eigen::Matrix<S, N, N>::Zero();  ///< U on and above the diagonal, multipliers below
  Eigen::Matrix<S, N, 1> x = Eigen::Matrix<S, N, 1>::Zero();   ///< z_α
  Eigen::Matrix<S, N, 1> r = Eigen::Matrix<S, N, 1>::Zero();   ///< right-hand side, then residual
  int pivot_row[kSlots] = {};                                   ///< row swapped with row k at step k
};

namespace detail {

/// r ← U⁻¹ L⁻¹ P r with the factors in scratch.lu (k×k). The factorisation swaps whole rows
/// (multipliers too, as LAPACK's getrf does), so P is applied in full before L.
template <typename S, int N>
void principal_lu_solve(PrincipalSolveScratch<S, N>& scratch, int k) noexcept {
  for (int col = 0; col < k; ++col) {
    const int p = scratch.pivot_row[col];
    if (p != col) std::swap(scratch.r.coeffRef(p), scratch.r.coeffRef(col));
  }
  for (int col = 0; col < k; ++col)
    for (int row = col + 1; row < k; ++row)
      scratch.r.coeffRef(row) -= scratch.lu.coeff(row, col) * scratch.r.coeff(col);
  for (int row = k - 1; row >= 0; --row) {
    S sum = scratch.r.coeff(row);
    for (int c = row + 1; c < k; ++c) sum -= scratch.lu.coeff(row, c) * scratch.r.coeff(c);
    scratch.r.coeffRef(row) = sum / scratch.lu.coeff(row, row);
  }
}

/// Solve, one step of iterative refinement and the acceptance test shared by both factorisations:
/// `solve` applies the factor's inverse to scratch.r in place. Returns false (z unspecified) when
/// the correction exceeds 1/64 of the solution, i.e. the block is singular to working precision.
/// F: the block's size when fixed at compile time (for_block_index), else 0.
template <int F = 0, typename S, int N, typename Solve>
bool refine_and_accept(const LcpProblem<S, N>& problem, const int* active, int k, PrincipalSolveScratch<S, N>& scratch,
                       LcpVector<S, N>& z, Solve&& solve) noexcept {
  if constexpr (F > 0) k = F;  // a constant for the unrolled loops
  for_block_index<F>(0, k, [&](int row) { scratch.r.coeffRef(row) = -problem.q.coeff(active[row]); });
  solve();
  for_block_index<F>(0, k, [&](int row) { scratch.x.coeffRef(row) = scratch.r.coeff(row); });
  // One refinement step: r = −q_α − M_αα x from the problem's own numbers, x ← x + (M_αα)⁻¹ r.
  for_block_index<F>(0, k, [&](int row) {
    S residual = -problem.q.coeff(active[row]);
    for_block_index<F>(0, k, [&](int c) { residual -= problem.m.coeff(active[row], active[c]) * scratch.x.coeff(c); });
    scratch.r.coeffRef(row) = residual;
  });
  solve();
  S solution_size = S(0), correction_size = S(0);
  for_block_index<F>(0, k, [&](int row) {
    solution_size = std::max(solution_size, std::abs(scratch.x.coeff(row)));
    correction_size = std::max(correction_size, std::abs(scratch.r.coeff(row)));
  });
  if (!(S(64) * correction_size <= solution_size) && correction_size > S(0)) return false;
  set_zero(z, problem.size(), 1);
  for_block_index<F>(0, k, [&](int row) { z.coeffRef(active[row]) = scratch.x.coeff(row) + scratch.r.coeff(row); });
  return true;
}

/// Solves M_αα z_α = −q_α for the k indices active[0..k) and writes the full z (zero off α).
/// Returns false, leaving z unspecified, when the block is singular to working precision, so α
/// is no basis: a pivot no larger than 4k·ε times the block's largest entry, or a refinement
/// correction above 1/64 of the solution.
template <typename S, int N>
bool solve_principal_block(const LcpProblem<S, N>& problem, const int* active, int k,
                           PrincipalSolveScratch<S, N>& scratch, LcpVector<S, N>& z) noexcept {
  const int n = problem.size();
  if (k < 0 || k > n) return false;
  S block_scale = S(0);
  for (int row = 0; row < k; ++row)
    for (int c = 0; c < k; ++c) {
      const S value = problem.m.coeff(active[row], active[c]);
      scratch.lu.coeffRef(row, c) = value;
      block_scale = std::max(block_scale, std::abs(value));
    }
  const S singular = S(4) * static_cast<S>(k) * epsilon<S>() * block_scale;

  for (int col = 0; col < k; ++col) {  // P M_αα = L U
    int pivot = col;
    for (int row = col + 1; row < k; ++row)
      if (std::abs(scratch.lu.coeff(row, col)) > std::abs(scratch.lu.coeff(pivot, col))) pivot = row;
    if (!(std::abs(scratch.lu.coeff(pivot, col)) > singular)) return false;
    scratch.pivot_row[col] = pivot;
    if (pivot != col)
      for (int c = 0; c < k; ++c) std::swap(scratch.lu.coeffRef(pivot, c), scratch.lu.coeffRef(col, c));
    const S inverse_pivot = S(1) / scratch.lu.coeff(col, col);
    for (int row = col + 1; row < k; ++row) {
      const S multiplier = scratch.lu.coeff(row, col) * inverse_pivot;
      scratch.lu.coeffRef(row, col) = multiplier;
      if (multiplier == S(0)) continue;
      for (int c = col + 1; c < k; ++c) scratch.lu.coeffRef(row, c) -= multiplier * scratch.lu.coeff(col, c);
    }
  }

  return refine_and_accept(problem, active, k, scratch, z, [&]() { principal_lu_solve(scratch, k); });
}

/// The lower triangle of M_αα into scratch.lu; returns its largest magnitude.
template <int F = 0, typename S, int N>
S load_lower_block(const LcpProblem<S, N>& problem, const int* active, int k,
                   PrincipalSolveScratch<S, N>& scratch) noexcept {
  if constexpr (F > 0) k = F;
  S block_scale = S(0);
  for_block_index<F>(0, k, [&](int c) {
    for_block_index<F>(c, k, [&](int row) {
      const S value = problem.m.coeff(active[row], active[c]);
      scratch.lu.coeffRef(row, c) = value;
      block_scale = std::max(block_scale, std::abs(value));
    });
  });
  return block_scale;
}

/// One right-looking step of LDLᵀ on the lower triangle of scratch.lu (k×k): pivot j, whose
/// value the caller has accepted, updates the trailing triangle and scales its column into L.
template <int F = 0, typename S, int N>
FOOTFALL_INLINE void eliminate_symmetric_pivot(PrincipalSolveScratch<S, N>& scratch, int j, int k) noexcept {
  if constexpr (F > 0) k = F;
  auto& ld = scratch.lu;
  const S inverse = S(1) / ld.coeff(j, j);
  for_block_index<F>(j + 1, k, [&](int c) {
    const S t = ld.coeff(c, j) * inverse;
    for_block_index<F>(c, k, [&](int row) { ld.coeffRef(row, c) -= ld.coeff(row, j) * t; });
  });
  for_block_index<F>(j + 1, k, [&](int row) { ld.coeffRef(row, j) *= inverse; });
}

/// r ← (LDLᵀ)⁻¹ r with D on scratch.lu's diagonal and L below it (k×k).
template <int F = 0, typename S, int N>
FOOTFALL_INLINE void ldlt_solve_in_place(PrincipalSolveScratch<S, N>& scratch, int k) noexcept {
  if constexpr (F > 0) k = F;
  const auto& ld = scratch.lu;
  for_block_index<F>(0, k, [&](int row) {
    for_block_index<F>(0, row, [&](int p) { scratch.r.coeffRef(row) -= ld.coeff(row, p) * scratch.r.coeff(p); });
  });
  for_block_index<F>(0, k, [&](int row) { scratch.r.coeffRef(row) /= ld.coeff(row, row); });
  for_block_index<F>(0, k, [&](int step) {  // rows k − 1 down to 0
    const int row = k - 1 - step;
    for_block_index<F>(row + 1, k, [&](int p) { scratch.r.coeffRef(row) -= ld.coeff(p, row) * scratch.r.coeff(p); });
  });
}

/// solve_principal_block_symmetric on a block of F×F (F > 0: fixed, its loops unrolled) or of the
/// run-time k×k (F = 0).
template <int F, typename S, int N>
bool solve_symmetric_block(const LcpProblem<S, N>& problem, const int* active, int k,
                           PrincipalSolveScratch<S, N>& scratch, LcpVector<S, N>& z) noexcept {
  const int size = F > 0 ? F : k;
  const S singular = S(4) * static_cast<S>(size) * epsilon<S>() * load_lower_block<F>(problem, active, size, scratch);
  bool positive = true;  // every pivot so far above `singular`: elimination stops at the first not
  for_block_index<F>(0, size, [&](int j) {
    positive = positive && scratch.lu.coeff(j, j) > singular;
    if (positive) eliminate_symmetric_pivot<F>(scratch, j, size);
  });
  if (!positive) return false;
  return refine_and_accept<F>(problem, active, size, scratch, z, [&]() { ldlt_solve_in_place<F>(scratch, size); });
}

/// As solve_principal_block, for a symmetric M (the stance problem when nothing slides): LDLᵀ of
/// M_αα without pivoting, half the work of LU, which a symmetric positive definite block needs
/// no pivoting for; a pivot no larger than 4k·ε of the block's largest entry (a semidefinite or
/// indefinite block) returns false, as does the refinement test. The caller must know M is
/// symmetric; only its lower triangle is read.
/// A block of 6 (two contacts with friction, both holding: a trot's stance pair, or its strike)
/// takes the unrolled path, the same arithmetic in the same order without the rolled loops' index and branch work, for a
/// few kB of flash. Other sizes are not
/// unrolled, to keep the flash a firmware image pays for this to one size.
template <typename S, int N>
bool solve_principal_block_symmetric(const LcpProblem<S, N>& problem, const int* active, int k,
                                     PrincipalSolveScratch<S, N>& scratch, LcpVector<S, N>& z) noexcept {
  const int n = problem.size();
  if (k < 0 || k > n) return false;
  if constexpr (N >= 6)
    if (k == 6) return solve_symmetric_block<6>(problem, active, k, scratch, z);
  return solve_symmetric_block<0>(problem, active, k, scratch, z);
}

/// As solve_principal_block_symmetric, for a symmetric positive semidefinite M whose block may be
/// singular because some active rows depend on others: a contact given twice, whose rows of
/// W = J H⁻¹ Jᵀ equal the first one's. The elimination runs in α's order, and a row whose pivot
/// has fallen below √ε of its own diagonal in M is, to half the working precision, a combination
/// of the rows before it: it is dropped (z 0, its equation left for the caller's check, which
/// consistent data like a copy's equal q satisfies to rounding), as solve_semidefinite_3x3 does
/// for one contact. α's order keeps the earlier of two copies whole, where pivoting on the
/// largest diagonal would let rounding pick rows of either. The kept block is then solved and
/// refined as above; scratch.pivot_row ends up holding the kept indices of M.
template <typename S, int N>
bool solve_principal_block_semidefinite(const LcpProblem<S, N>& problem, const int* active, int k,
                                        PrincipalSolveScratch<S, N>& scratch, LcpVector<S, N>& z) noexcept {
  const int n = problem.size();
  if (k < 0 || k > n) return false;
  const S tiny = S(4) * static_cast<S>(k) * epsilon<S>() * load_lower_block(problem, active, k, scratch);
  const S dependent = std::sqrt(epsilon<S>());
  int* kept = scratch.pivot_row;  // positions in α of the rows kept, ascending
  int rank = 0;
  for (int j = 0; j < k; ++j) {
    const S d = scratch.lu.coeff(j, j);
    if (!(d > tiny && d > dependent * problem.m.coeff(active[j], active[j]))) continue;  // dependent: dropped
    kept[rank++] = j;
    eliminate_symmetric_pivot(scratch, j, k);
  }
  // The factor of the kept block is the kept rows and columns of this one (a dropped row never
  // eliminated another): moved to the top left in place (each entry moves up or left, never
  // onto one still to be read), and the kept positions become indices of M.
  for (int a = 0; a < rank; ++a) {
    for (int b = 0; b <= a; ++b) scratch.lu.coeffRef(a, b) = scratch.lu.coeff(kept[a], kept[b]);
    kept[a] = active[kept[a]];
  }
  return refine_and_accept(problem, kept, rank, scratch, z, [&]() { ldlt_solve_in_place(scratch, rank); });
}

}  // namespace detail

}  // namespace footfall
FOOTFALL_HEADER_END
