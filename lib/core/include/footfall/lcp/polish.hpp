#pragma once
// The last step of a pivoting method: from an active set α (the indices where z is basic),
// compute z from the problem itself (lcp/principal_solve.hpp) and check it
// (lcp/result_check.hpp). When rounding has left α one or two pivots from the answer — a ratio
// test decided within rounding on a near-degenerate, ill-conditioned problem — the check names
// the component that is wrong, and one principal pivot mends it: a z_i < 0 leaves α, a w_i < 0
// joins it (the single principal pivots of Murty 1988 ch. 4 and Cottle–Pang–Stone §4.2). The
// number of such pivots is capped, so the work stays bounded, and every candidate is checked:
// the last word is always the check's.
#include <algorithm>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/status.hpp"
#include "footfall/lcp/principal_solve.hpp"
#include "footfall/lcp/problem.hpp"
#include "footfall/lcp/result_check.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {
namespace detail {

/// Equal C strings, for the check's field names (short literals; the bound is generous).
inline bool same_text(const char* a, const char* b) noexcept {
  for (int i = 0; i < 64; ++i) {
    // Neither string is read past its terminator: a mismatch or the shared '\0' ends the loop.
    // cppcheck-suppress arrayIndexOutOfBounds
    if (a[i] != b[i]) return false;
    if (a[i] == '\0') return true;
  }
  return false;
}

/// active[0..k) is α, ascending, and is updated in place (capacity N). On return z and w hold
/// the last candidate and the check its verdict; *pivots counts the principal pivots made.
template <typename S, int N>
LcpCheck<S> solve_and_polish(const LcpProblem<S, N>& problem, int* active, int k, int max_pivots,
                             PrincipalSolveScratch<S, N>& scratch, LcpVector<S, N>& z, LcpVector<S, N>& w, S accuracy,
                             int* pivots) noexcept {
  const int n = problem.size();
  const S rounding = lcp_rounding_tolerance<S>(n);
  LcpCheck<S> check;
  *pivots = 0;
  for (int step = 0; step <= max_pivots; ++step) {
    if (!solve_principal_block(problem, active, k, scratch, z)) {
      check.status = Status::CheckFailed("lcp.basis", k);
      return check;
    }
    // A z_i < 0 beyond rounding: i leaves α (the most negative first).
    S z_norm = S(0);
    for (int i = 0; i < n; ++i) z_norm = std::max(z_norm, std::abs(z.coeff(i)));
    int leaving = -1;
    for (int position = 0; position < k; ++position) {
      const int i = active[position];
      if (z.coeff(i) < -(rounding + accuracy) * z_norm && (leaving < 0 || z.coeff(i) < z.coeff(active[leaving])))
        leaving = position;
    }
    if (leaving < 0) {
      for (int i = 0; i < n; ++i) z.coeffRef(i) = std::max(S(0), z.coeff(i));
      check = check_lcp_answer(problem, z, w, accuracy);
      if (check.status.ok()) return check;
    } else {
      check.status = Status::CheckFailed("lcp.z.nonnegative", active[leaving]);
      check.residual = std::abs(z.coeff(active[leaving]));
    }
    if (step == max_pivots) return check;
    if (leaving >= 0) {
      for (int j = leaving; j + 1 < k; ++j) active[j] = active[j + 1];
      --k;
    } else {
      // w_i < 0 beyond rounding with i outside α: i joins α. Any other failure is not a
      // matter of one pivot.
      const int i = check.status.index;
      if (!same_text(check.status.field, "lcp.w.nonnegative") || i < 0 || i >= n || k == n) return check;
      int position = 0;
      while (position < k && active[position] < i) ++position;  // bounded by k
      if (position < k && active[position] == i) return check;
      for (int j = k; j > position; --j) active[j] = active[j - 1];
      active[position] = i;
      ++k;
    }
    ++*pivots;
  }
  return check;
}

}  // namespace detail
}  // namespace footfall
FOOTFALL_HEADER_END
