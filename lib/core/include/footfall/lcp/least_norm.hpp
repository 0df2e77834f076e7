#pragma once
// The least-norm solution of a principal block whose rows depend on one another: for a symmetric
// positive semidefinite M (a Delassus matrix W = G H⁻¹ Gᵀ) and consistent data,
//
//   z_α = −M_αα⁺ q_α,   the z_α of least Euclidean norm with M_αα z_α = −q_α,
//
// M⁺ the Moore–Penrose pseudo-inverse (Golub and Van Loan, Matrix Computations, 4th ed., §5.5).
// Several points of one sole, or of one edge, give rows of W that are combinations of the others:
// the block is singular, the accelerations (or velocities) its solutions produce are the same,
// and the forces are not. Of all of them this is the one that shares the load as evenly as the
// rows allow, and it does not depend on the order of the rows: the canonical choice stance and
// strike return for dependent contacts.
//
// How: the rank-revealing LDLᵀ of solve_principal_block_semidefinite, in α's order, keeps r
// pivots and drops the rows that depend on those before them, so M_αα = L D Lᵀ with L (k×r) the
// kept pivots' columns (unit on their own rows), of full column rank. Then
//
//   M_αα⁺ = L (LᵀL)⁻¹ D⁻¹ (LᵀL)⁻¹ Lᵀ,
//
// with LᵀL (r×r, positive definite) factored by Cholesky. The factor of LᵀL goes into the upper
// triangle of the scratch's matrix (L sits in the lower one), D into its vector x, so the solve
// needs no room beyond the principal solves'. One step of iterative refinement follows, as in
// lcp/principal_solve.hpp; the caller's check decides whether the data were consistent.
#include <cmath>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/inline.hpp"
#include "footfall/common/numeric.hpp"
#include "footfall/lcp/principal_solve.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

namespace detail {

/// A symmetric matrix M and a vector q read by index, whatever their Eigen types: one instance of
/// the least-norm solves serves the problems' M and the contact terms' W alike (flash a firmware
/// image pays once). M column-major: m(i, j) = m_data[i + stride·j].
template <typename S>
struct BlockData {
  const S* m_data = nullptr;
  Eigen::Index stride = 0;
  const S* q_data = nullptr;
  Eigen::Index size = 0;  ///< q's entries (and M's rows)
  S m(int i, int j) const noexcept { return m_data[i + stride * j]; }
  S q(int i) const noexcept { return q_data[i]; }
};

template <typename MDerived, typename QDerived>
BlockData<typename MDerived::Scalar> block_data(const Eigen::PlainObjectBase<MDerived>& m,
                                                const Eigen::PlainObjectBase<QDerived>& q) noexcept {
  static_assert(!MDerived::IsRowMajor, "M is read column-major");
  return BlockData<typename MDerived::Scalar>{m.data(), m.outerStride(), q.data(), q.size()};
}

/// L's entry (i, a) for kept pivot a at position kept[a] of α: 1 on its own row, the multiplier
/// below it, 0 above.
template <typename S, int N>
S kept_column_entry(const PrincipalSolveScratch<S, N>& scratch, const int* kept, int i, int a) noexcept {
  if (i == kept[a]) return S(1);
  return i > kept[a] ? scratch.lu.coeff(i, kept[a]) : S(0);
}

/// r[0, rank) ← (RᵀR)⁻¹ r[0, rank), R the Cholesky factor of LᵀL at lu(kept[a], kept[b]), a ≤ b.
template <typename S, int N>
FOOTFALL_NOINLINE void solve_gram_in_place(PrincipalSolveScratch<S, N>& scratch, const int* kept, int rank) noexcept {
  auto& r = scratch.r;
  const auto& lu = scratch.lu;
  for (int a = 0; a < rank; ++a) {
    S sum = r.coeff(a);
    for (int b = 0; b < a; ++b) sum -= lu.coeff(kept[b], kept[a]) * r.coeff(b);
    r.coeffRef(a) = sum / lu.coeff(kept[a], kept[a]);
  }
  for (int a = rank - 1; a >= 0; --a) {
    S sum = r.coeff(a);
    for (int b = a + 1; b < rank; ++b) sum -= lu.coeff(kept[a], kept[b]) * r.coeff(b);
    r.coeffRef(a) = sum / lu.coeff(kept[a], kept[a]);
  }
}

/// r ← M_αα⁺ r in place (k entries), with L, the Cholesky factor R of LᵀL (LᵀL = RᵀR, R upper
/// at lu(kept[a], kept[b]), a ≤ b) and D in scratch.x.
template <typename S, int N>
void apply_pseudo_inverse(PrincipalSolveScratch<S, N>& scratch, const int* kept, int rank, int k) noexcept {
  auto& r = scratch.r;
  // y = Lᵀ r, into r's first `rank` entries: y_a reads r_i for i ≥ kept[a] ≥ a only.
  for (int a = 0; a < rank; ++a) {
    S sum = S(0);
    for (int i = kept[a]; i < k; ++i) sum += kept_column_entry(scratch, kept, i, a) * r.coeff(i);
    r.coeffRef(a) = sum;
  }
  solve_gram_in_place(scratch, kept, rank);
  for (int a = 0; a < rank; ++a) r.coeffRef(a) /= scratch.x.coeff(a);
  solve_gram_in_place(scratch, kept, rank);
  // x = L t, from the last row up: x_i reads t_a at positions a ≤ i only.
  for (int i = k - 1; i >= 0; --i) {
    S sum = S(0);
    for (int a = 0; a < rank && kept[a] <= i; ++a) sum += kept_column_entry(scratch, kept, i, a) * r.coeff(a);
    r.coeffRef(i) = sum;
  }
}

/// scratch.r ← −(M_αα z_α + q_α) on the k rows of α, from the problem's own numbers, then
/// M_αα⁺ of it: the least-norm correction that brings z onto the rows' equations.
template <typename S, int N>
void least_norm_correction(const BlockData<S>& data, const int* active, int k, int rank, const LcpVector<S, N>& z,
                           PrincipalSolveScratch<S, N>& scratch) noexcept {
  for (int row = 0; row < k; ++row) {
    S residual = -data.q(active[row]);
    for (int c = 0; c < k; ++c) residual -= data.m(active[row], active[c]) * z.coeff(active[c]);
    scratch.r.coeffRef(row) = residual;
  }
  apply_pseudo_inverse(scratch, scratch.pivot_row, rank, k);
}

/// Solves M_αα z_α = −q_α for the least-norm z_α, M and q read through `data` (block_data), for
/// the k indices active[0..k) of a problem of n unknowns; writes the full z (size n, zero off α) and the rank found into *rank. Returns false,
/// z unspecified, when the kept block's Gram matrix is not positive definite to working precision
/// or the refinement's correction exceeds 1/64 of the solution. A row is dropped as dependent when
/// its pivot has fallen to 4k·ε of the block's largest entry or below √ε of its own diagonal, as in
/// solve_principal_block_semidefinite.
template <typename S, int N>
FOOTFALL_NOINLINE bool solve_least_norm_block(const BlockData<S>& data, int n, const int* active, int k,
                                              PrincipalSolveScratch<S, N>& scratch, LcpVector<S, N>& z,
                                              int* rank) noexcept {
  *rank = 0;
  if (k < 0 || k > n || n > N) return false;
  S block_scale = S(0);
  for (int c = 0; c < k; ++c)
    for (int row = c; row < k; ++row) {
      const S value = data.m(active[row], active[c]);
      scratch.lu.coeffRef(row, c) = value;
      block_scale = std::max(block_scale, std::abs(value));
    }
  const S tiny = S(4) * static_cast<S>(k) * epsilon<S>() * block_scale;
  const S dependent = std::sqrt(epsilon<S>());
  int* kept = scratch.pivot_row;  // positions in α of the kept pivots, ascending
  int r = 0;
  for (int j = 0; j < k; ++j) {
    const S d = scratch.lu.coeff(j, j);
    if (!(d > tiny && d > dependent * data.m(active[j], active[j]))) continue;
    kept[r++] = j;
    eliminate_symmetric_pivot(scratch, j, k);
  }
  for (int a = 0; a < r; ++a) scratch.x.coeffRef(a) = scratch.lu.coeff(kept[a], kept[a]);  // D
  // LᵀL and its Cholesky factor R (upper), column by column: R_ab = (G_ab − Σ_c R_ca R_cb) / R_aa.
  for (int b = 0; b < r; ++b)
    for (int a = 0; a <= b; ++a) {
      S g = S(0);
      for (int i = kept[b]; i < k; ++i)
        g += kept_column_entry(scratch, kept, i, a) * kept_column_entry(scratch, kept, i, b);
      for (int c = 0; c < a; ++c) g -= scratch.lu.coeff(kept[c], kept[a]) * scratch.lu.coeff(kept[c], kept[b]);
      if (a == b) {
        if (!(g > S(0))) return false;
        scratch.lu.coeffRef(kept[a], kept[a]) = std::sqrt(g);
      } else {
        scratch.lu.coeffRef(kept[a], kept[b]) = g / scratch.lu.coeff(kept[a], kept[a]);
      }
    }
  set_zero(z, n, 1);
  for (int row = 0; row < k; ++row) scratch.r.coeffRef(row) = -data.q(active[row]);
  apply_pseudo_inverse(scratch, kept, r, k);
  for (int row = 0; row < k; ++row) z.coeffRef(active[row]) = scratch.r.coeff(row);
  least_norm_correction(data, active, k, r, z, scratch);  // one step of refinement
  S solution_size = S(0), correction_size = S(0);
  for (int row = 0; row < k; ++row) {
    solution_size = std::max(solution_size, std::abs(z.coeff(active[row])));
    correction_size = std::max(correction_size, std::abs(scratch.r.coeff(row)));
  }
  if (!(S(64) * correction_size <= solution_size) && correction_size > S(0)) return false;
  for (int row = 0; row < k; ++row) z.coeffRef(active[row]) += scratch.r.coeff(row);
  *rank = r;
  return true;
}

/// The principal block of the rows a stance or strike answer holds at zero, solved as the
/// problem allows: a symmetric one (W itself, nothing sliding) by LDLᵀ, then, when that finds it
/// singular (the corners of a sole, a contact given twice), by the least-norm solve; LU as the last
/// resort and for a non-symmetric one. *rank gets the rows found independent (k when LDLᵀ or LU
/// solved the block). Returns false, z unspecified, when none of them could.
template <typename S, int N>
bool solve_held_block(const LcpProblem<S, N>& problem, const int* active, int k, bool symmetric,
                      PrincipalSolveScratch<S, N>& scratch, LcpVector<S, N>& z, int* rank) noexcept {
  *rank = k;
  if (k == 0) {
    set_zero(z, problem.size(), 1);
    return true;
  }
  if (symmetric) {
    if (solve_principal_block_symmetric(problem, active, k, scratch, z)) return true;
    if (solve_least_norm_block(block_data(problem.m, problem.q), problem.size(), active, k, scratch, z, rank))
      return true;
    *rank = k;
  }
  return solve_principal_block(problem, active, k, scratch, z);
}

}  // namespace detail

}  // namespace footfall
FOOTFALL_HEADER_END
