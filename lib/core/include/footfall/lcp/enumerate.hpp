#pragma once
// Exhaustive enumeration of active sets for small LCPs (RBDA (11.42)). A solution is fixed by the
// set α of indices where w_α = 0 (z free there) and z_ᾱ = 0 (w free there), through the principal
// subsystem M_αα z_α = −q_α (lcp/principal_solve.hpp); the method tries every α, accepting the
// first whose z_α ≥ 0 and w_ᾱ ≥ 0 and whose answer passes the check (lcp/result_check.hpp).
//
// Sets are tried by increasing size |α| = 0, 1, …, n (in lexicographic order within a size), so
// the answer is a basic solution with the fewest nonzero forces, the one RBDA §11.5 asks of a
// solver: its positive λ_i have independent contact normals. The work is at most 2ⁿ
// eliminations of at most n×n, known before the call: hence the size limit.
//
// When no set works: for symmetric positive semidefinite M (frictionless contact) that proves
// the problem infeasible (lcp/semidefinite.hpp says why), and the Status is "infeasible"; for
// other M a solution whose positive block is singular could still exist, and the Status is
// "no solution found".
#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <cstddef>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/numeric.hpp"
#include "footfall/common/status.hpp"
#include "footfall/lcp/principal_solve.hpp"
#include "footfall/lcp/problem.hpp"
#include "footfall/lcp/result.hpp"
#include "footfall/lcp/result_check.hpp"
#include "footfall/lcp/semidefinite.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// The largest n enumeration takes: 2¹² = 4096 sets of at most 12×12. Larger problems get a
/// "capacity" Status (use Lemke's method or PGS).
constexpr int kEnumerationMaxSize = 12;

/// The options of solve_by_enumeration.
template <typename S>
struct EnumerationOptions {
  S accuracy = S(0);  ///< in [0, 1): the check's τ (lcp/result_check.hpp); 0 accepts rounding-level answers only
};

/// The scratch of solve_by_enumeration for problems of capacity N: the caller owns it and must
/// not rely on its contents.
template <typename S, int N>
struct EnumerationWorkspace {
  static_assert(N >= 1, "an LCP needs a capacity of at least one row");
  static constexpr std::size_t kSlots = static_cast<std::size_t>(N);  ///< N, as an array bound
  int active[kSlots] = {};  ///< α, ascending
  PrincipalSolveScratch<S, N> principal;  ///< the principal solves' scratch (and the PSD test's)
};

namespace detail {

/// The next k-subset of {0..n−1} after `active` in lexicographic order; false after the last.
inline bool next_combination(int* active, int k, int n) noexcept {
  int i = k - 1;
  while (i >= 0 && active[i] == n - k + i) --i;  // bounded: i only falls, from k − 1 to −1
  if (i < 0) return false;
  ++active[i];
  for (int j = i + 1; j < k; ++j) active[j] = active[j - 1] + 1;
  return true;
}

}  // namespace detail

/// Enumeration of the active sets (see the top of this file) on a problem of n ≤
/// kEnumerationMaxSize. Fills `workspace`; the result says ok only for a checked solution,
/// with work the sets tried.
template <typename S, int N>
LcpResult<S, N> solve_by_enumeration(const LcpProblem<S, N>& problem, EnumerationWorkspace<S, N>& workspace,
                                     const EnumerationOptions<S>& options = EnumerationOptions<S>()) noexcept {
  LcpResult<S, N> result;
  result.solver = LcpSolver::kEnumeration;
  const int n = problem.size();
  Status status = validate_lcp_problem(problem);
  if (status.ok() && n > kEnumerationMaxSize) status = Status::Capacity("enumeration.size", n);
  if (status.ok() && !is_relative_accuracy(options.accuracy)) status = Status::BadInput("enumeration.accuracy");
  if (!status.ok()) {
    detail::set_failed(result, status, n);
    return result;
  }
  const S rounding = lcp_rounding_tolerance<S>(n);
  result.work_limit = 1 << n;

  int tried = 0;
  for (int k = 0; k <= n; ++k) {
    for (int i = 0; i < k; ++i) workspace.active[i] = i;
    bool more = true;
    // C(n, k) sets of size k; over all k, 2ⁿ ≤ work_limit.
    while (more && tried < result.work_limit) {
      ++tried;
      if (detail::solve_principal_block(problem, workspace.active, k, workspace.principal, result.z)) {
        S z_norm = S(0);
        bool nonnegative = true;
        for (int i = 0; i < n; ++i) z_norm = std::max(z_norm, std::abs(result.z.coeff(i)));
        for (int i = 0; i < n; ++i)
          nonnegative = nonnegative && result.z.coeff(i) >= -(rounding + options.accuracy) * z_norm;
        if (nonnegative) {
          for (int i = 0; i < n; ++i) result.z.coeffRef(i) = std::max(S(0), result.z.coeff(i));
          const LcpCheck<S> check = detail::check_lcp_answer(problem, result.z, result.w, options.accuracy);
          if (check.status.ok()) {
            result.work = tried;
            result.residual = check.residual;
            result.status = Status::Ok();
            return result;
          }
        }
      }
      more = detail::next_combination(workspace.active, k, n);
    }
  }
  result.work = tried;
  const bool proved = detail::is_symmetric_positive_semidefinite<S, N>(problem.m, workspace.principal.lu,
                                                                      S(4) * rounding);
  detail::set_failed(result, proved ? Status::Infeasible("lcp") : Status::NoSolutionFound("enumeration"), n);
  return result;
}

}  // namespace footfall
FOOTFALL_HEADER_END
