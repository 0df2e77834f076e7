#pragma once
// The exact Coulomb cone at the acceleration level: for every contact that may stick,
//
//   f ∈ K_μ = { ‖f_t‖ ≤ μ f_n },   a_n ≥ 0 ⊥ f_n ≥ 0,
//   and a_t = 0 inside the cone; a_t = −κ f_t (κ ≥ 0) on its edge (maximal dissipation),
//
// with (a_n, a_t) = W f + d (stance/assemble.hpp's problem in contact-frame unknowns). Not an
// LCP: the cone is round. Solved by non-smooth (block) Gauss–Seidel over the contacts (Jean and
// Moreau 1992; Acary and Brogliato 2008, §13.4): each contact in turn takes the exact solution
// of its own 3×3 Coulomb problem with the others' forces held, and the whole is capped at
// StanceOptions::max_sweeps. Each local problem is solved exactly, in this order:
//   1. take-off: q_n ≥ 0, f = 0;
//   2. stick: f = −A⁻¹q (A the contact's 3×3 block of W), kept if it lies in the cone;
//   3. slip: f = f_n (1, μ cos θ, μ sin θ) with a_n = 0 and a_t opposite, a root in θ found by
//      a scan of 32 directions and bisection to the scalar's precision.
// Normal-only and sliding contacts have one unknown and the scalar version of 1–2; a sliding
// contact whose effective diagonal is not positive while it is pushed into the ground has no
// force that works: Painlevé's inconsistency, reported as such.
//
// Exact finish. Gauss–Seidel converges linearly; the answer need not wait for it. After each
// sweep the contacts' states are read off the iterate (separating, sticking, sliding with a
// known force) and, when every contact with force is sticking or sliding with a fixed
// direction, the equalities of those states (a = 0 on sticking rows, a_n = 0 on sliding ones)
// are solved exactly (lcp/principal_solve.hpp). If that answer passes the check at rounding
// level (of the data d) it is returned. Otherwise the iterate is returned once it passes the
// check at the asked accuracy. From a cold start the states are first guessed, every contact
// pushed into its surface holding (sticking, or sliding in its known direction) and the others
// separating; on a standing robot that guess is the answer, before any sweep (work = 0).
#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/inline.hpp"
#include "footfall/common/numeric.hpp"
#include "footfall/common/unroll.hpp"
#include "footfall/lcp/least_norm.hpp"
#include "footfall/lcp/principal_solve.hpp"
#include "footfall/lcp/result_check.hpp"
#include "footfall/stance/dependent_contacts.hpp"
#include "footfall/stance/stance_workspace.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

namespace detail {

/// x = −A⁻¹ b for a symmetric positive semidefinite 3×3 A by elimination without pivoting,
/// dropping any unknown whose pivot is zero to rounding (a tangent the contact cannot move
/// along, like the planar rod's out-of-plane one): that unknown is 0 and its equation unused.
template <typename S>
Vector3<S> solve_semidefinite_3x3(const Matrix3<S>& a_in, const Vector3<S>& b_in) noexcept {
  Matrix3<S> a = a_in;
  Vector3<S> b = -b_in;
  const S tiny = S(64) * epsilon<S>() * max_abs(a_in);
  bool used[3] = {false, false, false};
  for (int k = 0; k < 3; ++k) {
    if (!(a.coeff(k, k) > tiny)) continue;
    used[k] = true;
    for (int i = k + 1; i < 3; ++i) {
      const S l = a.coeff(i, k) / a.coeff(k, k);
      for (int j = k; j < 3; ++j) a.coeffRef(i, j) -= l * a.coeff(k, j);
      b.coeffRef(i) -= l * b.coeff(k);
    }
  }
  Vector3<S> x = Vector3<S>::Zero();
  for (int k = 2; k >= 0; --k) {
    if (!used[k]) continue;
    S sum = b.coeff(k);
    for (int j = k + 1; j < 3; ++j) sum -= a.coeff(k, j) * x.coeff(j);
    x.coeffRef(k) = sum / a.coeff(k, k);
  }
  return x;
}

/// The local problem's slip equations for the edge direction c = (cos θ, sin θ): the force on
/// the cone's edge with a_n = 0, g = a_t × c (zero when a_t is parallel to c) and a_t · c
/// (which must be ≤ 0: a_t opposite the friction). Returns false where no positive f_n gives
/// a_n = 0.
template <typename S>
bool cone_edge_at(const Matrix3<S>& a, const Vector3<S>& b, S mu, S c, S s, Vector3<S>* f, S* g,
                  S* along) noexcept {
  const Vector3<S> edge(S(1), mu * c, mu * s);
  const S normal_gain = a.row(0).dot(edge);
  if (!(normal_gain > S(0))) return false;
  const S fn = -b.coeff(0) / normal_gain;
  if (!(fn > S(0))) return false;
  *f = edge * fn;
  const Vector3<S> acc = a * (*f) + b;
  *g = acc.coeff(1) * s - acc.coeff(2) * c;
  *along = acc.coeff(1) * c + acc.coeff(2) * s;
  return true;
}

/// The exact solution of one contact's Coulomb problem (see the top of the file). Returns the
/// force; *on_edge says whether it is on the cone's edge (a slip state the exact finish cannot
/// fix). The slip direction is a root of g on the circle of edge directions: 32 directions are
/// scanned for a sign change of g between two where the edge force exists, and the bracket is
/// halved (the normalised sum of two unit vectors bisects their angle, so no trigonometry) until
/// it is as narrow as the scalar allows; a root where a_t is not opposite the friction is
/// rejected and the scan goes on.
template <typename S>
Vector3<S> solve_local_coulomb(const Matrix3<S>& a, const Vector3<S>& b, S mu, bool* on_edge) noexcept {
  *on_edge = false;
  if (b.coeff(0) >= S(0)) return Vector3<S>::Zero();  // take-off
  Vector3<S> stick = solve_semidefinite_3x3(a, b);  // not const: returned by move
  const S tangential = std::sqrt(stick.coeff(1) * stick.coeff(1) + stick.coeff(2) * stick.coeff(2));
  if (stick.coeff(0) >= S(0) && tangential <= mu * stick.coeff(0)) return stick;

  constexpr int kScan = 32;
  const S step_c = S(0.98078528040323044913), step_s = S(0.19509032201612826785);  // cos, sin of 2π/32
  S c0 = S(1), s0 = S(0), g0 = S(0), along0 = S(0);
  Vector3<S> f0;
  bool valid0 = cone_edge_at(a, b, mu, c0, s0, &f0, &g0, &along0);
  for (int step = 1; step <= kScan; ++step) {
    // The next direction by rotation, renormalised so that rounding does not accumulate.
    S c1 = c0 * step_c - s0 * step_s, s1 = s0 * step_c + c0 * step_s;
    const S norm = std::sqrt(c1 * c1 + s1 * s1);
    c1 /= norm;
    s1 /= norm;
    if (step == kScan) {
      c1 = S(1);
      s1 = S(0);
    }
    Vector3<S> f1 = Vector3<S>::Zero();
    S g1 = S(0), along1 = S(0);
    const bool valid1 = cone_edge_at(a, b, mu, c1, s1, &f1, &g1, &along1);
    if (valid0 && g0 == S(0) && along0 <= S(0)) {
      *on_edge = true;
      return f0;
    }
    if (valid0 && valid1 && (g0 > S(0)) != (g1 > S(0))) {
      S lo_c = c0, lo_s = s0, lo_g = g0, hi_c = c1, hi_s = s1;
      Vector3<S> root = f0;
      S root_along = along0;
      bool bracket_ok = true;
      const int halvings = std::numeric_limits<S>::digits;
      for (int h = 0; h < halvings; ++h) {
        S mc = lo_c + hi_c, ms = lo_s + hi_s;
        const S length = std::sqrt(mc * mc + ms * ms);
        mc /= length;
        ms /= length;
        if ((mc == lo_c && ms == lo_s) || (mc == hi_c && ms == hi_s)) break;  // as narrow as it gets
        Vector3<S> fm;
        S gm, am;
        if (!cone_edge_at(a, b, mu, mc, ms, &fm, &gm, &am)) {
          bracket_ok = false;
          break;
        }
        root = fm;
        root_along = am;
        if ((gm > S(0)) == (lo_g > S(0))) {
          lo_c = mc;
          lo_s = ms;
          lo_g = gm;
        } else {
          hi_c = mc;
          hi_s = ms;
        }
      }
      if (bracket_ok && root_along <= S(0)) {
        *on_edge = true;
        return root;
      }
    }
    c0 = c1;
    s0 = s1;
    g0 = g1;
    along0 = along1;
    f0 = f1;
    valid0 = valid1;
  }
  // No slip root (a degenerate block): the stick force projected onto the cone; the sweeps and
  // the check decide whether the whole is a solution.
  *on_edge = true;
  const S fn = std::max(stick.coeff(0), S(0));
  if (tangential > S(0) && fn > S(0)) {
    const S scale = mu * fn / tangential;
    return Vector3<S>(fn, stick.coeff(1) * scale, stick.coeff(2) * scale);
  }
  return Vector3<S>(fn, S(0), S(0));
}

/// The check of a cone answer z on the problem (contact-frame unknowns), in the terms of
/// lcp/result_check.hpp: per row, τ_w,r = (ρ + σ)(Σ|m_rc z_c| + |q_r|) + τ‖q‖∞ and τ_z = (ρ + τ)‖z‖∞,
/// with σ = `term_accuracy` the relative accuracy of the rows' equations beyond their rounding (0
/// but for a block that lost rows to dependence).
template <typename S, int D, int K, int N, int V>
LcpCheck<S> check_cone_answer(const StanceWorkspace<S, D, K, V>& sw, const ContactSet<S, K>& set,
                              const LcpVector<S, N>& z, LcpVector<S, N>& w, S accuracy,
                              S term_accuracy = S(0)) noexcept {
  const LcpProblem<S, N>& p = sw.problem;
  const int n = p.size();
  const S rounding = lcp_rounding_tolerance<S>(n);
  const S row_rounding = rounding + term_accuracy;
  S z_norm = S(0), q_norm = S(0);
  for (int r = 0; r < n; ++r) {
    z_norm = std::max(z_norm, std::abs(z.coeff(r)));
    q_norm = std::max(q_norm, std::abs(p.q.coeff(r)));
  }
  const S tz = (rounding + accuracy) * z_norm;
  S tw[3] = {S(0), S(0), S(0)};
  LcpCheck<S> check;
  check.residual = S(0);
  w.resize(n);
  for (int i = 0; i < sw.contact.count; ++i) {
    const int first = sw.first_variable[i], count = sw.variable_count[i];
    for (int k = 0; k < count; ++k) {
      const int r = first + k;
      S wr = p.q.coeff(r), magnitude = std::abs(p.q.coeff(r));
      const auto add_term = [&](int c) {
        const S term = p.m.coeff(r, c) * z.coeff(c);
        wr += term;
        magnitude += std::abs(term);
      };
      if (n == 6)  // two contacts with friction: the row unrolled (common/unroll.hpp)
        for_block_index<6>(0, 6, add_term);
      else
        for_block_index<0>(0, n, add_term);
      w.coeffRef(r) = wr;
      tw[k] = row_rounding * magnitude + accuracy * q_norm;
      if (!is_finite(wr) || rounding * magnitude > q_norm) {
        if (check.status.ok()) check.status = Status::CheckFailed(!is_finite(wr) ? "stance.w.finite" : "stance.conditioning", i);
      }
    }
    const S fn = z.coeff(first), an = w.coeff(first);
    check.residual = std::max(check.residual, std::abs(std::min(fn, an)));
    Status failure = Status::Ok();
    if (fn < -tz)
      failure = Status::CheckFailed("stance.force.nonnegative", i);
    else if (an < -tw[0])
      failure = Status::CheckFailed("stance.acceleration.nonnegative", i);
    else if (fn > tz && an > tw[0])
      failure = Status::CheckFailed("stance.complementarity", i);
    else if (count == 3) {
      const S mu = set.contacts[i].mu;
      const S ft1 = z.coeff(first + 1), ft2 = z.coeff(first + 2);
      const S at1 = w.coeff(first + 1), at2 = w.coeff(first + 2);
      const S ft = std::sqrt(ft1 * ft1 + ft2 * ft2), at = std::sqrt(at1 * at1 + at2 * at2);
      const S ta = std::max(tw[1], tw[2]);
      // How far a_t is from opposing f_t, ‖a_t + (‖a_t‖/‖f_t‖) f_t‖: sliding must be against the
      // friction force, a_t = −κ f_t (0 when either is 0).
      S misalignment = S(0);
      if (at > S(0) && ft > S(0)) {
        const S k = at / ft;
        const S e1 = at1 + k * ft1, e2 = at2 + k * ft2;
        misalignment = std::sqrt(e1 * e1 + e2 * e2);
      }
      if (ft > mu * std::max(fn, S(0)) + tz) {
        failure = Status::CheckFailed("stance.cone", i);
      } else if (fn > tz && at > ta) {
        // Moving tangentially is allowed only on the cone's edge, against the friction force.
        if (ft < mu * fn - tz || ft <= S(0))
          failure = Status::CheckFailed("stance.sticking", i);
        else if (misalignment > S(4) * ta + (rounding + accuracy) * at)
          failure = Status::CheckFailed("stance.dissipation", i);
      }
      // The cone's complementarity, measured as the normal pair's is: a loaded contact may slide
      // only with f_t on the edge (min(‖a_t‖, μ f_n − ‖f_t‖) = 0) and against the motion; a
      // contact that carries nothing may do anything.
      if (fn > tz)
        check.residual = std::max(check.residual, std::max(std::min(at, std::max(mu * fn - ft, S(0))), misalignment));
    }
    if (check.status.ok() && !failure.ok()) check.status = failure;
  }
  if (!is_finite(check.residual)) check.residual = std::numeric_limits<S>::infinity();
  return check;
}

/// The held-contacts sequence for the cone on dependent contacts (stance/dependent_contacts.hpp),
/// out of line: it runs only when the contacts may depend on one another, and a point-footed
/// robot's tick should not carry its code. Returns 0 when no held set was found, 1 when the
/// least-norm forces of the held rows sw.active[0, *k) lie in every cone (the caller's exact finish
/// takes them), 2 when they do not and Dykstra's projections left the least-norm forces inside the
/// cones in `candidate` (for the caller's check at the iterative accuracy). Lemke's room, which
/// the cone does not use, holds the iteration's vectors.
template <typename S, int D, int K, int V, int N>
FOOTFALL_NOINLINE int dependent_cone_answer(const ContactSet<S, K>& set, const StanceOptions<S>& options,
                                            StanceWorkspace<S, D, K, V>& sw, LcpVector<S, N>& candidate, int* k,
                                            int* rank) noexcept {
  const LcpProblem<S, N>& p = sw.problem;
  const int n = p.size();
  bool held[static_cast<std::size_t>(K)];
  for (int i = 0; i < sw.contact.count; ++i) held[i] = true;
  if (!hold_least_norm(block_data(p.m, p.q), n, sw.contact.rows_per_contact, sw.contact.count, held, sw.active,
                       sw.lemke.principal, candidate, k, rank))
    return 0;
  bool inside = true;
  for (int i = 0; i < sw.contact.count && sw.contact.rows_per_contact == 3; ++i) {
    const S fn = candidate.coeff(3 * i), t1 = candidate.coeff(3 * i + 1), t2 = candidate.coeff(3 * i + 2);
    inside = inside && std::sqrt(t1 * t1 + t2 * t2) <= set.contacts[i].mu * fn;
  }
  if (inside) return 1;
  if (sw.contact.rows_per_contact != 3) return 0;
  return least_norm_in_cones(block_data(p.m, p.q), set, sw.active, *k, *rank, sw.lemke.principal, candidate,
                             sw.lemke.entering_column, sw.lemke.covering, options.max_sweeps * 8,
                             options.tolerance) > 0
             ? 2
             : 0;
}

}  // namespace detail

/// Solves sw.problem (assembled for FrictionModel::kCone) from z = 0 or the warm start in
/// sw.lcp.z. The answer is in sw.lcp (z, w, work = sweeps, residual, status). An exact finish
/// is judged at `data_rounding` (the rounding d carries, relative to ‖d‖∞).
template <typename S, int D, int K, int V>
void solve_cone(const ContactSet<S, K>& set, const StanceOptions<S>& options, bool warm, S data_rounding,
                StanceWorkspace<S, D, K, V>& sw) noexcept {
  constexpr int N = StanceWorkspace<S, D, K, V>::kMaxVariables;
  LcpResult<S, N>& result = sw.lcp;
  const LcpProblem<S, N>& p = sw.problem;
  const int n = p.size();
  result.solver = LcpSolver::kPgs;
  result.work = 0;
  result.work_limit = options.max_sweeps;
  result.residual = std::numeric_limits<S>::infinity();
  if (!warm || result.z.size() != n) set_zero(result.z, n, 1);
  LcpVector<S, N>& z = result.z;
  // Every solve that fills the candidate writes all n entries (zero off its block), so it is
  // sized, not cleared.
  LcpVector<S, N> candidate;
  candidate.resize(n);
  // The rows of the last exact finish tried; only its first tried_count entries are ever read, so
  // it is left unset (a zero initialiser is a memset call, in picolibc a byte loop, each solve).
  int tried[static_cast<std::size_t>(N)];  // NOLINT(cppcoreguidelines-pro-type-member-init)
  int tried_count = -1;
  bool symmetric = true;  // the problem is W when no contact slides
  for (int i = 0; i < sw.contact.count; ++i) symmetric = symmetric && sw.mode[i] != ContactMode::kSliding;
  int inconsistent = -1;
  sw.dependent_rows = -1;  // not known unless an exact finish is the answer

  // Solves the equalities of the states in sw.active[0, k) exactly and returns true when that
  // answer passes the check at rounding level (then it is in sw.lcp); a set already tried is not
  // tried again. Only a set that failed is remembered (the solve and check leave sw.active as it
  // was): after a success nothing is tried again.
  const auto exact_finish = [&](int k) {
    bool same = k == tried_count;
    for (int r = 0; same && r < k; ++r) same = tried[r] == sw.active[r];
    if (same) return false;
    int rank = k;
    LcpCheck<S> exact;
    bool passed = detail::solve_held_block(p, sw.active, k, symmetric, sw.lemke.principal, candidate, &rank);
    if (passed) {
      // A block that lost rows to dependence (rank < k) holds their equations to the level at
      // which they were found dependent, √ε of their terms (lcp/least_norm.hpp: rows kept down to
      // pivots of √ε of their diagonal), not to the data's rounding; forces and cones as ever.
      exact = detail::check_cone_answer(sw, set, candidate, result.w, data_rounding,
                                        rank < k ? options.tolerance : S(0));
      passed = exact.status.ok();
    }
    if (!passed) {
      tried_count = k;
      for (int r = 0; r < k; ++r) tried[r] = sw.active[r];
      return false;
    }
    z = candidate;
    result.residual = exact.residual;
    result.status = Status::Ok();
    sw.dependent_rows = k - rank;
    return true;
  };

  // From a cold start, a guess of the states comes first: every contact that the data push into
  // its surface (q_n < 0: a stance foot under its share of the weight, a striking foot) holds
  // in its state (sticking, or sliding in its known direction), the others separate. A robot
  // standing or walking on its stance feet, or a foot striking beside them, is in that state,
  // and then no sweep is needed (work = 0). Without the guess the first sweep starts from zero
  // forces, can leave one foot with all the load or on its cone's edge, and needs a second sweep
  // before the exact finish sees the states. A wrong guess fails its check and costs one solve
  // of the block.
  // Contacts whose rows may depend on one another (a sole's corners) take the guess warm or
  // cold, and then the held-contacts sequence (stance/dependent_contacts.hpp): Gauss–Seidel
  // crawls on a singular W, and the least-norm answer is the one to give whatever the start.
  const auto guess = [&]() {
    int k = 0;
    for (int i = 0; i < sw.contact.count; ++i) {
      const int first = sw.first_variable[i];
      if (!(p.q.coeff(first) < S(0))) continue;
      for (int c = 0; c < sw.variable_count[i]; ++c) sw.active[k++] = first + c;
    }
    return exact_finish(k);
  };
  if (!warm && guess()) return;  // before the structural test: a standing robot stops here
  const bool dependent = symmetric && n == sw.contact.rows() &&
                         detail::contacts_may_depend(set, n, static_cast<int>(sw.contact.jacobian.cols()));
  if (warm && dependent && guess()) return;
  if (dependent) {
    int k = 0, rank = 0;
    const int found = detail::dependent_cone_answer(set, options, sw, candidate, &k, &rank);
    if (found == 1 && exact_finish(k)) return;
    if (found == 2) {
      const LcpCheck<S> check = detail::check_cone_answer(sw, set, candidate, result.w, options.tolerance);
      if (check.status.ok()) {
        z = candidate;
        result.residual = check.residual;
        result.status = Status::Ok();
        result.work = 0;
        sw.dependent_rows = k - rank;
        return;
      }
    }
  }

  for (int sweep = 1; sweep <= options.max_sweeps; ++sweep) {
    result.work = sweep;
    inconsistent = -1;
    // The largest normal force on the cone's edge, and the largest of all: an edge force of
    // rounding size (a contact given twice keeps that much after its copy has taken the load)
    // is no slip state and does not stop the exact finish.
    S edge_force = S(0), largest_force = S(0);
    for (int i = 0; i < sw.contact.count; ++i) {
      const int first = sw.first_variable[i], count = sw.variable_count[i];
      Vector3<S> b = Vector3<S>::Zero();
      for (int k = 0; k < count; ++k) {
        const int r = first + k;
        S value = p.q.coeff(r);
        for (int c = 0; c < n; ++c)
          if (c < first || c >= first + count) value += p.m.coeff(r, c) * z.coeff(c);
        b.coeffRef(k) = value;
      }
      if (count == 1) {
        const S diagonal = p.m.coeff(first, first);
        if (b.coeff(0) >= S(0)) {
          z.coeffRef(first) = S(0);
        } else if (diagonal > S(0)) {
          z.coeffRef(first) = -b.coeff(0) / diagonal;
        } else {
          z.coeffRef(first) = S(0);
          if (inconsistent < 0) inconsistent = i;
        }
        largest_force = std::max(largest_force, z.coeff(first));
        continue;
      }
      Matrix3<S> a;
      for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c) a.coeffRef(r, c) = p.m.coeff(first + r, first + c);
      bool on_edge = false;
      const Vector3<S> f = detail::solve_local_coulomb(a, b, set.contacts[i].mu, &on_edge);
      for (int k = 0; k < 3; ++k) z.coeffRef(first + k) = f.coeff(k);
      if (on_edge) edge_force = std::max(edge_force, f.coeff(0));
      largest_force = std::max(largest_force, f.coeff(0));
    }
    if (inconsistent >= 0) continue;
    const bool any_on_edge = edge_force > data_rounding * largest_force;

    // Exact finish on the states the iterate shows, when none is on the cone's edge.
    if (!any_on_edge) {
      int k = 0;
      for (int i = 0; i < sw.contact.count; ++i) {
        const int first = sw.first_variable[i];
        if (!(z.coeff(first) > S(0))) continue;
        for (int c = 0; c < sw.variable_count[i]; ++c) sw.active[k++] = first + c;
      }
      if (exact_finish(k)) return;
    }
    const LcpCheck<S> check = detail::check_cone_answer(sw, set, z, result.w, options.tolerance);
    result.residual = check.residual;
    if (check.status.ok()) {
      result.status = Status::Ok();
      return;
    }
  }
  if (inconsistent >= 0)
    result.status = Status::InconsistentFriction("stance.sliding", inconsistent);
  else
    result.status = Status::IterationLimit("stance.sweeps", result.work);
}

}  // namespace footfall
FOOTFALL_HEADER_END
