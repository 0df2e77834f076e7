#pragma once
// Sticking friction at impact (RBDA (11.66)–(11.72)): every contact that takes a normal impulse
// leaves with no tangential velocity, its friction impulse unbounded; a contact that takes none
// takes no friction either. Per contact the three rows (n, t₁, t₂) are all active or all idle,
// so the problem is an LCP in blocks: for the contacts α that take impulse,
//
//   W_αα ι_α = −q_α  (RBDA (11.72) for one contact),   ι_n ≥ 0 on α,   ζ⁺_n ≥ 0 off α,
//
// which this file settles by trying the sets α of at most K contacts, the smallest first, as
// lcp/enumerate.hpp does for the frictionless LCP (dependent contacts first take the held-contacts
// sequence, below). It expects sw.problem to be W and the
// right-hand side (stance/assemble.hpp's plain case: every contact has its three rows).
#include <algorithm>
#include <cmath>
#include <cstddef>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/lcp/least_norm.hpp"
#include "footfall/lcp/principal_solve.hpp"
#include "footfall/stance/cone_solver.hpp"
#include "footfall/stance/dependent_contacts.hpp"
#include "footfall/stance/stance_workspace.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// The answer in sw.lcp (work = the sets tried). `unbounded` is the taking-part contact set with
/// μ = +∞, so that the cone's check reads "inside the cone" as always true and "moving
/// tangentially while pressed" as the failure it is here.
template <typename S, int D, int K, int V>
void solve_sticking(const ContactSet<S, K>& unbounded, S data_rounding, StanceWorkspace<S, D, K, V>& sw) noexcept {
  constexpr int N = StanceWorkspace<S, D, K, V>::kMaxVariables;
  LcpResult<S, N>& result = sw.lcp;
  const LcpProblem<S, N>& p = sw.problem;
  const int n = p.size(), nc = sw.contact.count;
  const int sets = 1 << nc;  // nc ≤ K ≤ 12: at most 4096 sets
  result.solver = LcpSolver::kEnumeration;
  sw.dependent_rows = -1;
  result.work = 0;
  result.residual = std::numeric_limits<S>::infinity();
  LcpVector<S, N> candidate;  // every solve that fills it writes all n entries
  candidate.resize(n);
  // A row no joint can move (W_rr = 0: the out-of-plane tangent of a planar model) has ζ = 0 and
  // takes no impulse; held active it would make every block singular.
  S largest = S(0);
  for (int r = 0; r < n; ++r) largest = std::max(largest, std::abs(p.m.coeff(r, r)));
  const S immobile = S(4) * static_cast<S>(n) * epsilon<S>() * largest;
  // Keeps the candidate for the rows in sw.active[0, k) when it passes the check.
  const auto keep_if_checked = [&](int k, int rank) noexcept {
    const LcpCheck<S> check = detail::check_cone_answer(sw, unbounded, candidate, result.w, data_rounding);
    if (!check.status.ok()) return false;
    result.z = candidate;
    result.residual = check.residual;
    result.status = Status::Ok();
    sw.dependent_rows = k - rank;
    return true;
  };
  // Solves the block of the contacts in `set` (bit i: contact i takes impulse); a singular block
  // takes the least-norm impulses (lcp/least_norm.hpp).
  const auto try_set = [&](int set) noexcept {
    ++result.work;
    int k = 0;
    for (int i = 0; i < nc; ++i)
      if ((set >> i) & 1)
        for (int r = 0; r < 3; ++r)
          if (r == 0 || p.m.coeff(3 * i + r, 3 * i + r) > immobile) sw.active[k++] = 3 * i + r;
    int rank = k;
    if (!detail::solve_held_block(p, sw.active, k, true, sw.lemke.principal, candidate, &rank)) return false;
    return keep_if_checked(k, rank);
  };
  // Contacts whose rows may depend on one another (a sole landing flat strikes at every corner)
  // first take the held-contacts sequence (stance/dependent_contacts.hpp) from every contact that
  // approaches or touches (q_n ≤ 0): the least-norm impulses, the same whatever the contacts'
  // order. The enumeration below would stop at the smallest set that works, two corners of the
  // sole.
  result.work_limit = sets + 1;
  if (detail::contacts_may_depend(unbounded, n, static_cast<int>(sw.contact.jacobian.cols()))) {
    ++result.work;
    bool held[static_cast<std::size_t>(K)];
    for (int i = 0; i < nc; ++i) held[i] = !(p.q.coeff(3 * i) > S(0));
    int k = 0, rank = 0;
    if (detail::hold_least_norm(detail::block_data(p.m, p.q), n, 3, nc, held, sw.active, sw.lemke.principal, candidate, &k, &rank) &&
        keep_if_checked(k, rank))
      return;
  }
  for (int size = 0; size <= nc; ++size)
    for (int set = 0; set < sets; ++set) {
      int bits = 0;
      for (int i = 0; i < nc; ++i) bits += (set >> i) & 1;
      if (bits != size) continue;
      if (try_set(set)) return;
    }
  detail::set_failed(result, Status::NoSolutionFound("strike.sticking"), n);
  result.work = result.work_limit = sets + 1;
}

}  // namespace footfall
FOOTFALL_HEADER_END
