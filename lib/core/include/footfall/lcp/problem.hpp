#pragma once
// The linear complementarity problem (LCP) of RBDA (11.42): given M (n×n) and q (n), find z with
//
//   w = M z + q,   z ≥ 0,   w ≥ 0,   zᵀ w = 0.
//
// In stance M is the Delassus matrix Tᵀ H⁻¹ T, q is d, z is λ and w is ζ̇ (RBDA (11.35)–(11.36)).
// Every size has a compile-time capacity N and a run-time size n ≤ N: the matrices are Eigen's
// fixed-maximum-size types, so resizing within N never touches the heap.
#include <Eigen/Core>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/numeric.hpp"
#include "footfall/common/status.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// M's type: n×n within the capacity N×N, no heap.
template <typename S, int N>
using LcpMatrix = Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic, Eigen::ColMajor, N, N>;

/// q's, z's and w's type: n within the capacity N, no heap.
template <typename S, int N>
using LcpVector = Eigen::Matrix<S, Eigen::Dynamic, 1, Eigen::ColMajor, N, 1>;

/// An LCP w = M z + q of run-time size n ≤ N (see above). Size it with resize() or set_size(),
/// then write M and q; every solver validates it (validate_lcp_problem) before it starts.
template <typename S, int N>
struct LcpProblem {
  static_assert(N >= 1, "an LCP needs a capacity of at least one row");
  static constexpr int kCapacity = N;  ///< N, the largest n

  LcpMatrix<S, N> m;  ///< M, n×n
  LcpVector<S, N> q;  ///< q, n

  /// Sets the run-time size (M n×n and q n, both zero). The only way to size a problem from a
  /// count that is not known to fit: Eigen's resize beyond N would be an assert, not a Status.
  Status resize(int n) noexcept {
    if (n < 0) return Status::BadInput("lcp.size", n);
    if (n > N) return Status::Capacity("lcp.size", n);
    m.resize(n, n);
    q.resize(n);
    for (int j = 0; j < n; ++j) {
      q.coeffRef(j) = S(0);
      for (int i = 0; i < n; ++i) m.coeffRef(i, j) = S(0);
    }
    return Status::Ok();
  }

  /// The run-time size alone, the entries left as they are: for a caller that writes every one
  /// of M and q next (stance/assemble.hpp), where resize's zeros would all be overwritten.
  Status set_size(int n) noexcept {
    if (n < 0) return Status::BadInput("lcp.size", n);
    if (n > N) return Status::Capacity("lcp.size", n);
    m.resize(n, n);
    q.resize(n);
    return Status::Ok();
  }

  /// n, the problem's size (q's length).
  int size() const noexcept { return static_cast<int>(q.size()); }
};

/// Checks what every solver needs of a problem: M square and as long as q, every number finite.
/// A bad coefficient of M is named by its row-major index i·n + j.
template <typename S, int N>
Status validate_lcp_problem(const LcpProblem<S, N>& problem) noexcept {
  const int n = problem.size();
  if (problem.m.rows() != n || problem.m.cols() != n)
    return Status::BadInput("lcp.m.size", static_cast<int>(problem.m.rows()));
  for (int i = 0; i < n; ++i)
    if (!is_finite(problem.q.coeff(i))) return Status::BadInput("lcp.q", i);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (!is_finite(problem.m.coeff(i, j))) return Status::BadInput("lcp.m", i * n + j);
  return Status::Ok();
}

}  // namespace footfall
FOOTFALL_HEADER_END
