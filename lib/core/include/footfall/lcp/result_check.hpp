#pragma once
// The check every LCP solver runs on its answer before it may say "ok" (lib/DESIGN.md §2: never ok
// on a wrong answer). It recomputes w = Mz + q from the problem itself, not from the solver's
// own bookkeeping, and asks the three conditions of RBDA (11.42) one component at a time:
//
//   z_i ≥ −τ_z,   w_i ≥ −τ_w,i,   and z_i ≤ τ_z or w_i ≤ τ_w,i  (complementarity),
//
//   τ_z   = (ρ + τ) ‖z‖∞
//   τ_w,i = ρ (Σ_j |m_ij| |z_j| + |q_i|) + τ ‖q‖∞
//
// ρ = lcp_rounding_tolerance(n) is the rounding of an n-term inner product, taken row by row so
// that a large z_j in a column that row i barely sees does not widen row i's tolerance; τ is the
// accuracy asked of the method on the scale of the data q: 0 for the exact (pivoting) methods,
// the requested tolerance for an iterative one. Complementarity is judged per component in each
// variable's own units (z is a force, w an acceleration in stance), so one test covers both
// "|z_i w_i| small" and the natural residual ‖min(z, w)‖∞, which is reported as well.
//
// One more condition keeps the rounding term honest: ρ Σ_j |m_ij| |z_j| ≤ ‖q‖∞ for every row.
// Past that, rounding in Mz alone could hide an error in w as large as the data, so the computed
// w says nothing, and a z that large comes only from a block that is singular to working
// precision or from an iteration running off along a null direction of M (a semidefinite
// problem with no solution). Such answers fail as "lcp.conditioning". A well-posed problem has
// Σ_j |m_ij| |z_j| ≲ cond(M_αα)·‖q‖∞, so the condition admits cond up to 1/ρ: about
// 2.6·10⁵ / (n + 1) in float and 1.4·10¹⁴ / (n + 1) in double.
#include <algorithm>
#include <cmath>
#include <limits>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/numeric.hpp"
#include "footfall/common/status.hpp"
#include "footfall/lcp/problem.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// ρ: rounding in an n-term inner product is at most about n·ε of the sum of the magnitudes of
/// its terms (Higham, Accuracy and Stability of Numerical Algorithms, 2nd ed., §3.1); the factor
/// 32 leaves room for the elimination that produced z.
template <typename S>
S lcp_rounding_tolerance(int n) noexcept {
  return S(32) * static_cast<S>(n + 1) * epsilon<S>();
}

/// The check's verdict on an answer z, and its residual.
template <typename S>
struct LcpCheck {
  Status status;      ///< ok, or what failed first, by field ("lcp.complementarity", …) and index
  S residual = S(0);  ///< ‖min(z, w)‖∞
};

namespace detail {

/// The check without validating the problem (the solvers have done that already). Writes
/// w = Mz + q.
template <typename S, int N>
LcpCheck<S> check_lcp_answer(const LcpProblem<S, N>& problem, const LcpVector<S, N>& z, LcpVector<S, N>& w,
                             S accuracy) noexcept {
  LcpCheck<S> check;
  check.residual = std::numeric_limits<S>::infinity();
  const int n = problem.size();
  if (z.size() != n) {
    check.status = Status::CheckFailed("lcp.z.size", static_cast<int>(z.size()));
    return check;
  }
  for (int i = 0; i < n; ++i)
    if (!is_finite(z.coeff(i))) {
      check.status = Status::CheckFailed("lcp.z.finite", i);
      return check;
    }
  const S rounding = lcp_rounding_tolerance<S>(n);
  S z_norm = S(0), q_norm = S(0);
  for (int i = 0; i < n; ++i) {
    z_norm = std::max(z_norm, std::abs(z.coeff(i)));
    q_norm = std::max(q_norm, std::abs(problem.q.coeff(i)));
  }
  const S z_tolerance = (rounding + accuracy) * z_norm;

  // One pass over the rows: w_i = (Mz + q)_i with Σ_j |m_ij| |z_j| beside it, then row i's tests.
  // The residual is of the whole answer, so a failing row does not stop the pass.
  w.resize(n);
  S residual = S(0);
  Status first_failure = Status::Ok();
  for (int i = 0; i < n; ++i) {
    S wi = problem.q.coeff(i);
    S product_magnitude = S(0);  // Σ_j |m_ij| |z_j|
    for (int j = 0; j < n; ++j) {
      const S term = problem.m.coeff(i, j) * z.coeff(j);
      wi += term;
      product_magnitude += std::abs(term);
    }
    w.coeffRef(i) = wi;
    const S zi = z.coeff(i);
    residual = std::max(residual, std::abs(std::min(zi, wi)));
    if (!first_failure.ok()) continue;
    const S w_tolerance = rounding * (product_magnitude + std::abs(problem.q.coeff(i))) + accuracy * q_norm;
    if (!is_finite(wi))
      first_failure = Status::CheckFailed("lcp.w.finite", i);
    else if (rounding * product_magnitude > q_norm)
      first_failure = Status::CheckFailed("lcp.conditioning", i);
    else if (zi < -z_tolerance)
      first_failure = Status::CheckFailed("lcp.z.nonnegative", i);
    else if (wi < -w_tolerance)
      first_failure = Status::CheckFailed("lcp.w.nonnegative", i);
    else if (zi > z_tolerance && wi > w_tolerance)
      first_failure = Status::CheckFailed("lcp.complementarity", i);
  }
  check.residual = is_finite(residual) ? residual : std::numeric_limits<S>::infinity();
  check.status = first_failure;
  return check;
}

}  // namespace detail

/// Checks a proposed answer z of the problem, with accuracy τ in [0, 1) on the scale of the data
/// (see above; 0 asks for rounding level), and writes w = Mz + q. Usable on any z: one from another
/// solver, or the previous tick's.
template <typename S, int N>
LcpCheck<S> check_lcp_solution(const LcpProblem<S, N>& problem, const LcpVector<S, N>& z, LcpVector<S, N>& w,
                               NoDeduce<S> accuracy = S(0)) noexcept {
  LcpCheck<S> check;
  check.residual = std::numeric_limits<S>::infinity();
  set_zero(w, 0, 1);
  check.status = validate_lcp_problem(problem);
  if (!check.status.ok()) return check;
  if (!is_relative_accuracy(accuracy)) {
    check.status = Status::BadInput("lcp.accuracy");
    return check;
  }
  return detail::check_lcp_answer(problem, z, w, accuracy);
}

}  // namespace footfall
FOOTFALL_HEADER_END
