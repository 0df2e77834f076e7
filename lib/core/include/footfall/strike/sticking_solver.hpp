#pragma once
// Sticking friction at impact (RBDA (11.66)–(11.72)): every contact that takes a normal impulse
// leaves with no tangential velocity, its friction impulse unbounded; a contact that takes none
// takes no friction either. Per contact the three rows (n, t₁, t₂) are all active or all idle,
// so the problem is an LCP in blocks: for the contacts α that take impulse,
//
//   W_αα ι_α = −q_α  (RBDA (11.72) for one contact),   ι_n ≥ 0 on α,   ζ⁺_n ≥ 0 off α,
//
// which this file settles by trying the sets α of at most K contacts, the smallest first, as
// lcp/enumerate.hpp does for the frictionless LCP. It expects sw.problem to be W and the
// right-hand side (stance/assemble.hpp's plain case: every contact has its three rows).
#include <algorithm>
#include <cmath>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/lcp/principal_solve.hpp"
#include "footfall/stance/cone_solver.hpp"
#include "footfall/stance/stance_workspace.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

// The answer in sw.lcp (work = the sets tried). `unbounded` is the taking-part contact set with
// μ = +∞, so that the cone's check reads "inside the cone" as always true and "moving
// tangentially while pressed" as the failure it is here.
template <typename S, int D, int K, int V>
void solve_sticking(const ContactSet<S, K>& unbounded, S data_rounding, StanceWorkspace<S, D, K, V>& sw) noexcept {
  constexpr int N = StanceWorkspace<S, D, K, V>::kMaxVariables;
  LcpResult<S, N>& result = sw.lcp;
  const LcpProblem<S, N>& p = sw.problem;
  const int n = p.size(), nc = sw.contact.count;
  const int sets = 1 << nc;  // nc ≤ K ≤ 12: at most 4096 sets
  result.solver = LcpSolver::kEnumeration;
  result.work = 0;
  result.work_limit = sets;
  result.residual = std::numeric_limits<S>::infinity();
  LcpVector<S, N> candidate;
  set_zero(candidate, n, 1);
  // A row no joint can move (W_rr = 0: the out-of-plane tangent of a planar model) has ζ = 0 and
  // takes no impulse; held active it would make every block singular.
  S largest = S(0);
  for (int r = 0; r < n; ++r) largest = std::max(largest, std::abs(p.m.coeff(r, r)));
  const S immobile = S(4) * static_cast<S>(n) * epsilon<S>() * largest;
  for (int size = 0; size <= nc; ++size)
    for (int set = 0; set < sets; ++set) {
      int bits = 0;
      for (int i = 0; i < nc; ++i) bits += (set >> i) & 1;
      if (bits != size) continue;
      ++result.work;
      int k = 0;
      for (int i = 0; i < nc; ++i)
        if ((set >> i) & 1)
          for (int r = 0; r < 3; ++r)
            if (r == 0 || p.m.coeff(3 * i + r, 3 * i + r) > immobile) sw.active[k++] = 3 * i + r;
      set_zero(candidate, n, 1);
      const bool solved = k == 0 || detail::solve_principal_block_symmetric(p, sw.active, k, sw.lemke.principal, candidate) ||
                          detail::solve_principal_block(p, sw.active, k, sw.lemke.principal, candidate);
      if (!solved) continue;
      const LcpCheck<S> check = detail::check_cone_answer(sw, unbounded, candidate, result.w, data_rounding);
      if (!check.status.ok()) continue;
      result.z = candidate;
      result.residual = check.residual;
      result.status = Status::Ok();
      return;
    }
  detail::set_failed(result, Status::NoSolutionFound("strike.sticking"), n);
  result.work = result.work_limit = sets;
}

}  // namespace footfall
FOOTFALL_HEADER_END
