#pragma once
// Lemke's complementary pivoting method for the LCP of RBDA (11.42) (Lemke 1965; Cottle–Pang–
// Stone §4.4; Murty 1988 ch. 2). An artificial variable z0 with a covering vector d > 0 makes
//
//   w = M z + q + d z0,   w, z, z0 ≥ 0,   wᵢ zᵢ = 0
//
// feasible at once (z0 = max_i −q_i / d_i); then each pivot brings in the complement of the
// variable that just left, keeping the basis complementary in every pair but one, until z0
// leaves (a solution) or the entering column blocks nothing (a secondary ray).
//
// Degeneracy (ties in the ratio test, LCP problems 4, 5, 8 and 10 of tests/README.md) is resolved by
// the lexicographic rule (CPS ch. 4, degeneracy resolution; Murty 1988 ch. 2): of the rows that
// tie, the leaving row is the one whose row of [B⁻¹q | B⁻¹] divided by its pivot entry is
// lexicographically smallest. The rows of B⁻¹ are independent, so the choice is unique and no
// basis repeats: the method cannot cycle. When z0 ties for the smallest ratio it leaves at
// once, ending the method (CPS Ex. 4.4.16 needs this).
//
// Floating point. Each row of the tableau carries a running bound of the magnitudes it has
// passed through (lemke_pivot), the scale of its rounding. An entry of the entering column
// blocks only if it is positive beyond ρ = lcp_rounding_tolerance(n) times that scale (an entry
// that is zero in exact arithmetic, as on a semidefinite M of lower rank, must not be pivoted
// on); lexicographic components are level within a few ε of it.
//
// The tableau holds [B⁻¹q | B⁻¹], with B the columns of [I  −M  −d] of the basic variables,
// and is updated by Gauss–Jordan pivots: O(n²) a pivot, no factorisation kept. When z0 leaves,
// z is recomputed from the problem itself on the final basis (lcp/principal_solve.hpp), not
// read off the tableau, so rounding accumulated over many pivots does not reach the answer; if
// rounding decided a ratio test wrongly and the basis is a step from the answer, at most n
// principal pivots mend it (lcp/polish.hpp); and the answer is checked (lcp/result_check.hpp)
// before it is called a solution.
//
// Ray termination: for copositive-plus M, which includes every symmetric PSD M, a secondary ray
// proves the problem infeasible (CPS §4.4), and the ray's z-part v ≥ 0 is then a Farkas
// certificate, Mᵀv ≤ 0 with qᵀv < 0 (so vᵀ(Mz + q) < 0 for every z ≥ 0: no z ≥ 0 has
// Mz + q ≥ 0). The Status says "infeasible" when v passes as a certificate or M is symmetric PSD
// (lcp/semidefinite.hpp). Otherwise the method has failed on a problem that may still have a
// solution (bimatrix games, Problem 9) and the Status says "no solution found". (A ray that
// starts where z0 is already zero to rounding, on a degenerate problem, ends at a solution.)
//
// Pivot count (result.work): every Gauss–Jordan pivot, the first (z0 enters) and the last (z0
// leaves) included, plus any polishing pivots, all within max_pivots: diag(1..9), q = −1 takes
// 10; Murty's 2ⁿ family takes exactly 2ⁿ; q ≥ 0 takes 0.
#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <cstddef>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/numeric.hpp"
#include "footfall/common/status.hpp"
#include "footfall/lcp/polish.hpp"
#include "footfall/lcp/principal_solve.hpp"
#include "footfall/lcp/problem.hpp"
#include "footfall/lcp/result.hpp"
#include "footfall/lcp/result_check.hpp"
#include "footfall/lcp/semidefinite.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// The pivot limit used when LemkeOptions::max_pivots is 0: 10 n² + 50. Lemke's method takes
/// about n to 3n pivots on contact problems; the limit is far above that, yet polynomial, so
/// the worst case of a tick (O(n²) flops a pivot) is O(n⁴) and known before it starts. Problems
/// built to be exponential (Murty's family needs 2ⁿ, Problem 3) need the limit raised for n ≥ 11.
constexpr int lemke_default_pivot_limit(int n) noexcept { return 10 * n * n + 50; }

/// The options of solve_lemke.
template <typename S>
struct LemkeOptions {
  int max_pivots = 0;          ///< ≥ 0; 0 chooses lemke_default_pivot_limit(n)
  S accuracy = S(0);  ///< in [0, 1): the check's τ (lcp/result_check.hpp); 0 accepts rounding-level answers only
};

/// The scratch of solve_lemke for problems of capacity N: the tableau and its bookkeeping. The
/// caller owns it and must not rely on its contents.
template <typename S, int N>
struct LemkeWorkspace {
  static_assert(N >= 1, "an LCP needs a capacity of at least one row");
  static constexpr std::size_t kSlots = static_cast<std::size_t>(N);  ///< N, as an array bound
  /// Row r: column 0 the value of the basic variable basic[r] (B⁻¹q), columns 1..n row r of B⁻¹.
  Eigen::Matrix<S, N, N + 1, Eigen::RowMajor> tableau = Eigen::Matrix<S, N, N + 1, Eigen::RowMajor>::Zero();
  Eigen::Matrix<S, N, 1> entering_column = Eigen::Matrix<S, N, 1>::Zero();  ///< B⁻¹ × the entering column
  Eigen::Matrix<S, N, 1> covering = Eigen::Matrix<S, N, 1>::Zero();         ///< d
  /// Per row, the largest magnitude its entries have passed through (see lemke_pivot): the scale
  /// of the rounding it carries, which a row's current entries understate after cancellation.
  Eigen::Matrix<S, N, 1> row_magnitude = Eigen::Matrix<S, N, 1>::Zero();
  int basic[kSlots] = {};  ///< variable labels: w_i is i, z_i is N + i, z0 is 2N
  int active[kSlots] = {};                ///< α, the basic z's indices, for the final solve
  PrincipalSolveScratch<S, N> principal;  ///< the principal solves' scratch (and the PSD test's)
};

namespace detail {

template <int N>
struct LemkeLabels {
  static constexpr int kZ0 = 2 * N;
  static constexpr bool is_w(int label) noexcept { return label < N; }
  static constexpr bool is_z(int label) noexcept { return label >= N && label < 2 * N; }
  static constexpr int index(int label) noexcept { return label < N ? label : label - N; }
  static constexpr int complement(int label) noexcept { return label < N ? label + N : label - N; }
};

/// B⁻¹ A_e for the entering variable's column A_e of [I  −M  −d].
template <typename S, int N>
void lemke_entering_column(const LcpProblem<S, N>& problem, LemkeWorkspace<S, N>& ws, int entering) noexcept {
  using Labels = LemkeLabels<N>;
  const int n = problem.size();
  if (Labels::is_w(entering)) {  // A_e = e_j: column j of B⁻¹
    for (int r = 0; r < n; ++r) ws.entering_column.coeffRef(r) = ws.tableau.coeff(r, 1 + entering);
    return;
  }
  // A_e = −d or −M e_j: one column, read once per row of B⁻¹.
  const bool covering = entering == Labels::kZ0;
  const int j = covering ? 0 : Labels::index(entering);
  for (int r = 0; r < n; ++r) {
    S value = S(0);
    if (covering)
      for (int k = 0; k < n; ++k) value -= ws.tableau.coeff(r, 1 + k) * ws.covering.coeff(k);
    else
      for (int k = 0; k < n; ++k) value -= ws.tableau.coeff(r, 1 + k) * problem.m.coeff(k, j);
    ws.entering_column.coeffRef(r) = value;
  }
}

/// ‖A_e‖∞ of the entering variable's column of [I  −M  −d].
template <typename S, int N>
S lemke_column_scale(const LcpProblem<S, N>& problem, const LemkeWorkspace<S, N>& ws, int entering) noexcept {
  using Labels = LemkeLabels<N>;
  const int n = problem.size();
  if (Labels::is_w(entering)) return S(1);
  S scale = S(0);
  for (int k = 0; k < n; ++k)
    scale = std::max(
        scale, std::abs(entering == Labels::kZ0 ? ws.covering.coeff(k) : problem.m.coeff(k, Labels::index(entering))));
  return scale;
}

/// −1, 0 or +1 as row a / divisor_a is lexicographically below, level with or above row b /
/// divisor_b. Two components are level when they differ by less than `tie` times their rounding
/// scale: the row's magnitude for entries of B⁻¹, times ‖q‖∞ for the values B⁻¹q.
template <typename S, int N>
int lemke_lexicographic_compare(const LemkeWorkspace<S, N>& ws, int n, int a, S divisor_a, int b, S divisor_b,
                                S q_norm, S tie) noexcept {
  const S allowance = tie * (ws.row_magnitude.coeff(a) / divisor_a + ws.row_magnitude.coeff(b) / divisor_b);
  for (int c = 0; c <= n; ++c) {
    const S va = ws.tableau.coeff(a, c) / divisor_a;
    const S vb = ws.tableau.coeff(b, c) / divisor_b;
    const S level = c == 0 ? allowance * q_norm : allowance;
    if (va < vb - level) return -1;
    if (va > vb + level) return 1;
  }
  return 0;
}

/// The lexicographic minimum-ratio row among the blocking rows, those whose divisor (the
/// entering column, or d for the first pivot) is positive beyond its rounding: above
/// `blocking` times the row's magnitude (for the entering column, blocking is the relative
/// rounding ρ times ‖A_e‖∞). −1 when none blocks (a ray). `z0_row` (or −1) wins any tie on the
/// ratio itself.
template <typename S, int N>
int lemke_leaving_row(const LemkeWorkspace<S, N>& ws, int n, const Eigen::Matrix<S, N, 1>& divisor, S blocking,
                      int z0_row, S q_norm, S tie) noexcept {
  const auto blocks = [&](int r) { return divisor.coeff(r) > blocking * ws.row_magnitude.coeff(r); };
  int best = -1;
  for (int r = 0; r < n; ++r) {
    if (!blocks(r)) continue;
    // ≤ 0 keeps the later row on a full tie, which only rows equal to rounding can give; on the
    // first pivot the lexicographic order itself picks the larger index of tied q_i / d_i.
    if (best < 0 ||
        lemke_lexicographic_compare(ws, n, r, divisor.coeff(r), best, divisor.coeff(best), q_norm, tie) <= 0)
      best = r;
  }
  if (best >= 0 && z0_row >= 0 && z0_row != best && blocks(z0_row)) {
    const S ratio_best = ws.tableau.coeff(best, 0) / divisor.coeff(best);
    const S ratio_z0 = ws.tableau.coeff(z0_row, 0) / divisor.coeff(z0_row);
    const S level = tie * (q_norm * (ws.row_magnitude.coeff(best) / divisor.coeff(best) +
                                     ws.row_magnitude.coeff(z0_row) / divisor.coeff(z0_row)) +
                           std::abs(ratio_best) + std::abs(ratio_z0));
    if (ratio_z0 <= ratio_best + level) best = z0_row;
  }
  return best;
}

/// Gauss–Jordan pivot of the tableau on (row, entering column); `entering` becomes basic in row.
/// Row magnitudes follow the update (a running error bound in the manner of Wilkinson; Higham
/// §3.3): the pivot row is divided by the pivot, and every other row r has a_r times the new
/// pivot row subtracted, so its entries passed through |a_r|·magnitude(pivot row), whatever
/// they cancel to. Rounding stays at ε times that.
template <typename S, int N>
void lemke_pivot(LemkeWorkspace<S, N>& ws, int n, int row, int entering) noexcept {
  const S inverse_pivot = S(1) / ws.entering_column.coeff(row);
  for (int c = 0; c <= n; ++c) ws.tableau.coeffRef(row, c) *= inverse_pivot;
  ws.row_magnitude.coeffRef(row) *= std::abs(inverse_pivot);
  const S pivot_magnitude = ws.row_magnitude.coeff(row);
  for (int r = 0; r < n; ++r) {
    if (r == row) continue;
    const S factor = ws.entering_column.coeff(r);
    if (factor == S(0)) continue;
    for (int c = 0; c <= n; ++c) ws.tableau.coeffRef(r, c) -= factor * ws.tableau.coeff(row, c);
    ws.row_magnitude.coeffRef(r) = std::max(ws.row_magnitude.coeff(r), std::abs(factor) * pivot_magnitude);
  }
  ws.basic[row] = entering;
}

/// The secondary ray: v, the z-part of the direction in which the entering variable grows
/// without bound, tested as a Farkas certificate (see the top of this file).
template <typename S, int N>
bool lemke_ray_proves_infeasible(const LcpProblem<S, N>& problem, const LemkeWorkspace<S, N>& ws, int entering,
                                 S tolerance, LcpVector<S, N>& v) noexcept {
  using Labels = LemkeLabels<N>;
  const int n = problem.size();
  set_zero(v, n, 1);
  if (Labels::is_z(entering)) v.coeffRef(Labels::index(entering)) = S(1);
  for (int r = 0; r < n; ++r)
    if (Labels::is_z(ws.basic[r]))
      v.coeffRef(Labels::index(ws.basic[r])) = std::max(S(0), -ws.entering_column.coeff(r));
  S v_norm = S(0);
  for (int i = 0; i < n; ++i) v_norm = std::max(v_norm, v.coeff(i));
  if (!(v_norm > S(0))) return false;
  S q_dot_v = S(0), q_scale = S(0);
  for (int i = 0; i < n; ++i) {
    v.coeffRef(i) /= v_norm;
    q_dot_v += problem.q.coeff(i) * v.coeff(i);
    q_scale += std::abs(problem.q.coeff(i)) * v.coeff(i);
  }
  if (!(q_dot_v < -tolerance * q_scale)) return false;
  for (int j = 0; j < n; ++j) {
    S column = S(0), column_scale = S(0);
    for (int i = 0; i < n; ++i) {
      column += problem.m.coeff(i, j) * v.coeff(i);
      column_scale += std::abs(problem.m.coeff(i, j)) * v.coeff(i);
    }
    if (column > tolerance * column_scale) return false;
  }
  return true;
}

/// The answer on the current basis, from the problem itself: M_αα z_α = −q_α with α the basic
/// z's, polished if rounding left α a step away by at most `polish_limit` principal pivots,
/// which count as pivots (result.work is added to). Fills the result, ok or failed; true if ok.
template <typename S, int N>
bool lemke_try_basis(const LcpProblem<S, N>& problem, LemkeWorkspace<S, N>& ws, const LemkeOptions<S>& options,
                     int polish_limit, LcpResult<S, N>& result) noexcept {
  using Labels = LemkeLabels<N>;
  const int n = problem.size();
  // α in increasing order, without a sort (std::sort's introsort recurses, which the core does
  // not): flag each basic z's index in `active`, then compact the flags into the indices. The
  // compaction writes slot k ≤ i after reading slot i, so it can run in place.
  for (int i = 0; i < n; ++i) ws.active[i] = 0;
  for (int r = 0; r < n; ++r)
    if (Labels::is_z(ws.basic[r])) ws.active[Labels::index(ws.basic[r])] = 1;
  int k = 0;
  for (int i = 0; i < n; ++i)
    if (ws.active[i] != 0) ws.active[k++] = i;
  int polish_pivots = 0;
  const LcpCheck<S> check = solve_and_polish(problem, ws.active, k, polish_limit, ws.principal, result.z, result.w,
                                             options.accuracy, &polish_pivots);
  result.work += polish_pivots;
  result.residual = check.residual;
  result.status = check.status;
  if (!check.status.ok()) set_failed(result, check.status, n);
  return check.status.ok();
}

template <typename S, int N>
LcpResult<S, N> lemke_run(const LcpProblem<S, N>& problem, LemkeWorkspace<S, N>& ws,
                          const LemkeOptions<S>& options) noexcept {
  using Labels = LemkeLabels<N>;
  LcpResult<S, N> result;
  result.solver = LcpSolver::kLemke;
  const int n = problem.size();
  const int limit = options.max_pivots > 0 ? options.max_pivots : lemke_default_pivot_limit(n);
  const S rounding = lcp_rounding_tolerance<S>(n);
  // Two lexicographic components are level within a few roundings of their rows' magnitude:
  // true ties (degenerate data) come out of the pivots equal or an ulp or two apart, and a wider
  // window would pick a row whose ratio is really larger and drive another variable negative.
  const S tie = S(4) * epsilon<S>();
  result.work_limit = limit;

  bool q_nonnegative = true;
  S q_norm = S(0);
  for (int i = 0; i < n; ++i) {
    q_nonnegative = q_nonnegative && problem.q.coeff(i) >= S(0);
    q_norm = std::max(q_norm, std::abs(problem.q.coeff(i)));
  }
  if (q_nonnegative) {  // z = 0 solves it, with no pivot
    set_zero(result.z, n, 1);
    const LcpCheck<S> check = check_lcp_answer(problem, result.z, result.w, options.accuracy);
    result.residual = check.residual;
    if (!check.status.ok()) set_failed(result, check.status, n);
    return result;
  }

  // Basis I (all w basic): the tableau is [q | I].
  for (int r = 0; r < n; ++r) {
    ws.tableau.coeffRef(r, 0) = problem.q.coeff(r);
    for (int c = 0; c < n; ++c) ws.tableau.coeffRef(r, 1 + c) = r == c ? S(1) : S(0);
    ws.row_magnitude.coeffRef(r) = S(1);
    ws.basic[r] = r;
  }

  // First pivot: z0 enters with column −d; the row of the lexicographically smallest
  // (q_i, e_iᵀ) / d_i leaves, after which every basic variable is ≥ 0 (z0 = −q_r / d_r).
  lemke_entering_column(problem, ws, Labels::kZ0);
  int row = lemke_leaving_row(ws, n, ws.covering, S(0), -1, q_norm, tie);
  int entering = Labels::kZ0;
  lemke_pivot(ws, n, row, entering);
  int pivots = 1;
  result.work = pivots;
  const int z0_row = row;  // z0 keeps this row until it leaves
  entering = Labels::complement(row);  // w_row left, so z_row enters

  while (pivots < limit) {
    lemke_entering_column(problem, ws, entering);
    row = lemke_leaving_row(ws, n, ws.entering_column, rounding * lemke_column_scale(problem, ws, entering), z0_row,
                            q_norm, tie);
    if (row < 0) {
      result.work = pivots;
      // On a degenerate problem the ray may start where z0 is already zero to rounding: the
      // basis then holds a solution, which the check recognises (as it stands, unpolished).
      if (lemke_try_basis(problem, ws, options, 0, result)) return result;
      // A ray proves infeasibility for copositive-plus M (CPS §4.4); for symmetric PSD M, the
      // contact case, that is known from M alone, so the verdict does not rest on the ray's
      // numbers, which an ill-conditioned basis blurs. Otherwise the ray must be a certificate.
      const bool infeasible = lemke_ray_proves_infeasible(problem, ws, entering, rounding, result.z) ||
                              is_symmetric_positive_semidefinite<S, N>(problem.m, ws.principal.lu, S(4) * rounding);
      set_failed(result, infeasible ? Status::Infeasible("lcp") : Status::NoSolutionFound("lemke.ray", pivots), n);
      result.work = pivots;
      return result;
    }
    const int leaving = ws.basic[row];
    lemke_pivot(ws, n, row, entering);
    result.work = ++pivots;
    if (leaving == Labels::kZ0) {
      lemke_try_basis(problem, ws, options, std::min(n, limit - pivots), result);
      return result;
    }
    entering = Labels::complement(leaving);
  }
  result.work = pivots;
  set_failed(result, Status::IterationLimit("lemke.max_pivots", limit), n);
  return result;
}

template <typename S, int N>
Status lemke_validate_options(const LemkeOptions<S>& options) noexcept {
  if (options.max_pivots < 0) return Status::BadInput("lemke.max_pivots", options.max_pivots);
  if (!is_relative_accuracy(options.accuracy)) return Status::BadInput("lemke.accuracy");
  return Status::Ok();
}

}  // namespace detail

/// Lemke's method with covering vector d (every d_i > 0 and finite). Fills `workspace`; the
/// result says ok only for a checked solution (see the top of this file for the other outcomes).
template <typename S, int N, typename CoveringVector>
LcpResult<S, N> solve_lemke(const LcpProblem<S, N>& problem, LemkeWorkspace<S, N>& workspace,
                            const LemkeOptions<S>& options,
                            const Eigen::MatrixBase<CoveringVector>& covering) noexcept {
  LcpResult<S, N> result;
  result.solver = LcpSolver::kLemke;
  const int n = problem.size();
  Status status = validate_lcp_problem(problem);
  if (status.ok()) status = detail::lemke_validate_options<S, N>(options);
  if (status.ok() && (covering.rows() != n || covering.cols() != 1))
    status = Status::BadInput("lemke.covering.size", static_cast<int>(covering.rows()));
  for (int i = 0; status.ok() && i < n; ++i) {
    const S di = static_cast<S>(covering.coeff(i));
    if (!is_finite(di) || !(di > S(0))) status = Status::BadInput("lemke.covering", i);
    workspace.covering.coeffRef(i) = di;
  }
  if (!status.ok()) {
    detail::set_failed(result, status, n);
    return result;
  }
  return detail::lemke_run(problem, workspace, options);
}

/// Lemke's method with the covering vector d = 1.
template <typename S, int N>
LcpResult<S, N> solve_lemke(const LcpProblem<S, N>& problem, LemkeWorkspace<S, N>& workspace,
                            const LemkeOptions<S>& options = LemkeOptions<S>()) noexcept {
  LcpResult<S, N> result;
  result.solver = LcpSolver::kLemke;
  const int n = problem.size();
  Status status = validate_lcp_problem(problem);
  if (status.ok()) status = detail::lemke_validate_options<S, N>(options);
  if (!status.ok()) {
    detail::set_failed(result, status, n);
    return result;
  }
  for (int i = 0; i < N; ++i) workspace.covering.coeffRef(i) = S(1);
  return detail::lemke_run(problem, workspace, options);
}

}  // namespace footfall
FOOTFALL_HEADER_END
