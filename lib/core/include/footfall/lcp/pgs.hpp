#pragma once
// Projected Gauss–Seidel (projected SOR) for the LCP of RBDA (11.42) with symmetric positive
// semidefinite M, the stance problem's M = Tᵀ H⁻¹ T (Cottle–Pang–Stone ch. 5; Murty 1988 ch. 9).
// Each sweep visits the rows in order and sets
//
//   z_i ← max(0, z_i − ω (M z + q)_i / m_ii)                                   0 < ω < 2
//
// with z updated in place, which is a coordinate descent on the QP of RBDA (11.43),
// ½ zᵀMz + zᵀq over z ≥ 0. For symmetric M with a positive diagonal every accumulation point of
// the iterates solves the LCP (Mangasarian 1977; CPS ch. 5), with no bound on the rate: it is
// slow on ill-conditioned or semidefinite M. The number of sweeps is capped; after every sweep
// the iterate is put through the shared check (lcp/result_check.hpp) with accuracy τ on the
// scale of q (PgsOptions::tolerance), and the first that passes is returned, so "ok" means the
// same here as for the exact methods, to a looser tolerance. When the cap is reached first the
// Status is "iteration limit" and z is zero, as for every failure. M need not be symmetric: the
// iteration is bounded and its answers checked all the same, but convergence is then not
// promised.
//
// Extension point for friction: projected_block_gauss_seidel_sweep works on blocks of B rows
// with any projection onto a convex set per block (the friction layer's cone per contact); the
// LCP is the case B = 1 with the projection onto [0, ∞).
#include <Eigen/Core>
#include <algorithm>
#include <cmath>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/numeric.hpp"
#include "footfall/common/status.hpp"
#include "footfall/lcp/problem.hpp"
#include "footfall/lcp/result.hpp"
#include "footfall/lcp/result_check.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// The options of solve_pgs.
template <typename S>
struct PgsOptions {
  int max_sweeps = 500;  ///< ≥ 0
  /// The check's accuracy τ each sweep (lcp/result_check.hpp): w within τ‖q‖∞ of feasible and
  /// complementary, z within τ‖z‖∞; in [0, 1). √ε: about 1.5e-8 in double, 3.5e-4 in float.
  S tolerance = std::sqrt(epsilon<S>());
  S relaxation = S(1);  ///< ω in (0, 2); 1 is Gauss–Seidel, above 1 over-relaxation
};

/// The scratch of solve_pgs for problems of capacity N: the caller owns it and must not rely on
/// its contents.
template <typename S, int N>
struct PgsWorkspace {
  static_assert(N >= 1, "an LCP needs a capacity of at least one row");
  Eigen::Matrix<S, N, 1> inverse_diagonal = Eigen::Matrix<S, N, 1>::Zero();  ///< 1 / m_ii
};

/// The LCP's projection: each z_i onto [0, ∞).
struct NonnegativeProjection {
  /// Sets every entry of z_block that is not positive (NaN included) to 0; the block's index is unused.
  template <typename Block>
  void operator()(int /*block*/, Block& z_block) const noexcept {
    using Scalar = typename Block::Scalar;
    for (int i = 0; i < static_cast<int>(z_block.size()); ++i)
      if (!(z_block.coeff(i) > Scalar(0))) z_block.coeffRef(i) = Scalar(0);
  }
};

/// One sweep of projected block Gauss–Seidel over the n / B blocks of B consecutive rows: for
/// block b, z_b ← P_b(z_b − ω D_b⁻¹ (M z + q)_b) with D_b = diag(M) on the block and z updated
/// in place (later blocks see the new z_b). P is called as project(b, z_b) with z_b an
/// Eigen::Matrix<S, B, 1> and must map it onto its feasible set. n must be a multiple of B.
template <int B, typename S, int N, typename Projection>
void projected_block_gauss_seidel_sweep(const LcpProblem<S, N>& problem, const Eigen::Matrix<S, N, 1>& inverse_diagonal,
                                        S relaxation, const Projection& project, LcpVector<S, N>& z) noexcept {
  static_assert(B >= 1, "a block has at least one row");
  const int n = problem.size();
  const int blocks = n / B;
  Eigen::Matrix<S, B, 1> z_block;
  for (int b = 0; b < blocks; ++b) {
    const int first = b * B;
    for (int k = 0; k < B; ++k) {
      const int i = first + k;
      S wi = problem.q.coeff(i);
      for (int j = 0; j < n; ++j) wi += problem.m.coeff(i, j) * z.coeff(j);
      z_block.coeffRef(k) = z.coeff(i) - relaxation * inverse_diagonal.coeff(i) * wi;
    }
    project(b, z_block);
    for (int k = 0; k < B; ++k) z.coeffRef(first + k) = z_block.coeff(k);
  }
}

namespace detail {

template <typename S, int N>
Status pgs_validate(const LcpProblem<S, N>& problem, const PgsOptions<S>& options) noexcept {
  Status status = validate_lcp_problem(problem);
  if (!status.ok()) return status;
  if (options.max_sweeps < 0) return Status::BadInput("pgs.max_sweeps", options.max_sweeps);
  if (!is_relative_accuracy(options.tolerance)) return Status::BadInput("pgs.tolerance");
  if (!is_finite(options.relaxation) || !(options.relaxation > S(0)) || !(options.relaxation < S(2)))
    return Status::BadInput("pgs.relaxation");
  for (int i = 0; i < problem.size(); ++i)
    if (!(problem.m.coeff(i, i) > S(0))) return Status::BadInput("lcp.m.diagonal", i);
  return Status::Ok();
}

/// Runs from the warm start already in result.z.
template <typename S, int N>
void pgs_run(const LcpProblem<S, N>& problem, PgsWorkspace<S, N>& ws, const PgsOptions<S>& options,
             LcpResult<S, N>& result) noexcept {
  const int n = problem.size();
  result.work_limit = options.max_sweeps;
  for (int i = 0; i < n; ++i) ws.inverse_diagonal.coeffRef(i) = S(1) / problem.m.coeff(i, i);
  NonnegativeProjection project;
  for (int i = 0; i < n; ++i) result.z.coeffRef(i) = std::max(S(0), result.z.coeff(i));

  // Sweep 0 is the warm start itself: it may already be the answer.
  for (int sweep = 0; sweep <= options.max_sweeps; ++sweep) {
    if (sweep > 0)
      projected_block_gauss_seidel_sweep<1>(problem, ws.inverse_diagonal, options.relaxation, project, result.z);
    const LcpCheck<S> check = check_lcp_answer(problem, result.z, result.w, options.tolerance);
    result.residual = check.residual;
    result.work = sweep;
    if (check.status.ok()) {
      result.status = Status::Ok();
      return;
    }
    if (!is_finite(check.residual)) {  // overflowed: more sweeps cannot help
      set_failed(result, check.status, n);
      return;
    }
  }
  set_failed(result, Status::IterationLimit("pgs.max_sweeps", options.max_sweeps), n);
}

}  // namespace detail

/// PGS from a warm start z (e.g. the previous tick's answer; negative entries are projected).
template <typename S, int N>
LcpResult<S, N> solve_pgs(const LcpProblem<S, N>& problem, PgsWorkspace<S, N>& workspace, const PgsOptions<S>& options,
                          const LcpVector<S, N>& warm_start) noexcept {
  LcpResult<S, N> result;
  result.solver = LcpSolver::kPgs;
  const int n = problem.size();
  Status status = detail::pgs_validate(problem, options);
  if (status.ok() && warm_start.size() != n)
    status = Status::BadInput("pgs.warm_start.size", static_cast<int>(warm_start.size()));
  for (int i = 0; status.ok() && i < n; ++i)
    if (!is_finite(warm_start.coeff(i))) status = Status::BadInput("pgs.warm_start", i);
  if (!status.ok()) {
    detail::set_failed(result, status, n);
    return result;
  }
  result.z.resize(n);
  for (int i = 0; i < n; ++i) result.z.coeffRef(i) = warm_start.coeff(i);
  detail::pgs_run(problem, workspace, options, result);
  return result;
}

/// PGS from z = 0.
template <typename S, int N>
LcpResult<S, N> solve_pgs(const LcpProblem<S, N>& problem, PgsWorkspace<S, N>& workspace,
                          const PgsOptions<S>& options = PgsOptions<S>()) noexcept {
  LcpResult<S, N> result;
  result.solver = LcpSolver::kPgs;
  const int n = problem.size();
  const Status status = detail::pgs_validate(problem, options);
  if (!status.ok()) {
    detail::set_failed(result, status, n);
    return result;
  }
  set_zero(result.z, n, 1);
  detail::pgs_run(problem, workspace, options, result);
  return result;
}

}  // namespace footfall
FOOTFALL_HEADER_END
