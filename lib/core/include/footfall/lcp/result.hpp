#pragma once
// What every LCP solver returns: the status, the answer (z and w = Mz + q), the work it did
// against the bound it was given, and the complementarity residual of its answer.
#include <limits>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/status.hpp"
#include "footfall/lcp/problem.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// Which LCP solver produced a result.
enum class LcpSolver : unsigned char {
  kLemke = 0,    ///< complementary pivoting, lcp/lemke.hpp
  kEnumeration,  ///< every active set, lcp/enumerate.hpp
  kPgs,          ///< projected Gauss–Seidel, lcp/pgs.hpp
};

/// The solver's name: "lemke", "enumerate" or "pgs".
constexpr const char* to_string(LcpSolver solver) noexcept {
  switch (solver) {
    case LcpSolver::kLemke:
      return "lemke";
    case LcpSolver::kEnumeration:
      return "enumerate";
    case LcpSolver::kPgs:
      return "pgs";
  }
  return "unknown solver";
}

/// When status is ok, z and w (both of size n) solve the problem to the checked tolerance
/// (lcp/result_check.hpp). When it is not, z and w are zero (of size n, or 0 when n itself was
/// bad): never a plausible-looking number that is wrong.
template <typename S, int N>
struct LcpResult {
  Status status;                         ///< ok only for an answer that passed the check
  LcpSolver solver = LcpSolver::kLemke;  ///< the solver that produced it
  LcpVector<S, N> z;                     ///< the answer z, of size n (zero on failure)
  LcpVector<S, N> w;                     ///< w = M z + q of that z, from the check (zero on failure)
  /// Pivots (Lemke, counting the first, which brings z0 in, and the last, which takes it out),
  /// active sets tried (enumeration) or sweeps (PGS); and the limit they ran against.
  int work = 0;
  int work_limit = 0;  ///< the bound on `work`: the pivot limit, 2ⁿ sets, or max_sweeps
  /// ‖min(z, w)‖∞ of the answer the solver reached, ok or not (+∞ when it reached none: bad input,
  /// a ray, an exhausted search).
  S residual = std::numeric_limits<S>::infinity();

  /// status.ok(): z and w are a checked solution.
  bool ok() const noexcept { return status.ok(); }
};

namespace detail {

/// The documented state of a failed result: z = w = 0 with the problem's size when valid.
template <typename S, int N>
void set_failed(LcpResult<S, N>& result, Status status, int n) noexcept {
  result.status = status;
  const int size = (n >= 0 && n <= N) ? n : 0;
  set_zero(result.z, size, 1);
  set_zero(result.w, size, 1);
}

}  // namespace detail

}  // namespace footfall
FOOTFALL_HEADER_END
