#pragma once
// Contacts whose rows of W = G H⁻¹ Gᵀ depend on one another: the corners of a flat sole, the
// two ends of an edge, a humanoid on eight points. The accelerations (in a strike, the velocities
// after) and each body's total contact wrench are unique; the point forces are not, and W is
// singular, which stalls Gauss–Seidel and leaves Lemke's pivoting to pick a vertex (two corners
// of a sole carrying everything). What this file adds:
//
// - a structural test, contacts_may_depend: a body that carries two contacts against the same
//   other body (or the ground), or more contact rows than the robot has DOFs. It is cheap, it
//   is false for point feet on separate legs, and it decides when the work below is worth doing;
// - the held-contacts sequence: every contact holds (sticking), with the least-norm solution of
//   W_αα f_α = −d_α (lcp/least_norm.hpp), and while one pulls the one that pulls hardest lets
//   go. A robot standing on its soles, or landing flat on them, is in that state at once. For
//   the LCP friction models (frictionless and the pyramids) the forces are turned into the
//   model's unknowns and checked as any LCP answer is; the exact cone's solver and the strike's
//   sticking law run the same sequence when their own first guess fails (stance/cone_solver.hpp,
//   strike/sticking_solver.hpp), and finish singular blocks by the same least-norm solve.
#include <cmath>
#include <cstddef>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/inline.hpp"
#include "footfall/common/numeric.hpp"
#include "footfall/contact/contact.hpp"
#include "footfall/lcp/least_norm.hpp"
#include "footfall/lcp/result_check.hpp"
#include "footfall/stance/assemble.hpp"
#include "footfall/stance/options.hpp"
#include "footfall/stance/stance_workspace.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

namespace detail {

/// Whether the rows of `rows` contact rows may depend on one another for a robot of nv DOFs: more
/// rows than DOFs, or two contacts between the same pair of bodies.
template <typename S, int K>
bool contacts_may_depend(const ContactSet<S, K>& set, int rows, int nv) noexcept {
  if (rows > nv) return true;
  for (int i = 0; i < set.count; ++i)
    for (int j = i + 1; j < set.count; ++j)
      if (set.contacts[i].body == set.contacts[j].body && set.contacts[i].other_body == set.contacts[j].other_body)
        return true;
  return false;
}

/// The facet forces β ≥ 0 of a pyramid of `facets` directions D_j = (cos 2πj/F, sin 2πj/F) whose
/// sum Σβ_j D_j is the tangential force (t1, t2): the two facets either side of it, so Σβ is the
/// least that gives it (the force is inside the pyramid exactly when Σβ ≤ μ f_n).
template <typename S>
void pyramid_facet_forces(S t1, S t2, int facets, S* beta) noexcept {
  for (int j = 0; j < facets; ++j) beta[j] = S(0);
  if (t1 == S(0) && t2 == S(0)) return;
  int best = 0;
  S best_dot = -std::numeric_limits<S>::infinity();
  for (int j = 0; j < facets; ++j) {
    S c, s;
    pyramid_direction(j, facets, &c, &s);
    const S dot = c * t1 + s * t2;
    if (dot > best_dot) {
      best_dot = dot;
      best = j;
    }
  }
  const int after = (best + 1) % facets, before = (best + facets - 1) % facets;
  S ca, sa, cb, sb, c0, s0;
  pyramid_direction(after, facets, &ca, &sa);
  pyramid_direction(before, facets, &cb, &sb);
  pyramid_direction(best, facets, &c0, &s0);
  const int other = (ca * t1 + sa * t2) >= (cb * t1 + sb * t2) ? after : before;
  S c1, s1;
  pyramid_direction(other, facets, &c1, &s1);
  // [D_best D_other] (β_best, β_other)ᵀ = (t1, t2), by Cramer's rule.
  const S det = c0 * s1 - s0 * c1;
  beta[best] = std::max((t1 * s1 - t2 * c1) / det, S(0));
  beta[other] = std::max((c0 * t2 - s0 * t1) / det, S(0));
}

/// The held-contacts sequence on a problem whose unknowns are contact-frame forces, `per_contact`
/// rows a contact (W and d themselves): every contact with held[i] holds (a = 0 on all its rows)
/// and takes the least-norm forces (lcp/least_norm.hpp); while some held contact pulls (a negative
/// normal force beyond rounding), the one that pulls hardest lets go; once none pulls, a contact
/// let go that the others' forces now drive into its surface (a negative normal acceleration
/// beyond rounding) is held again, the one driven hardest first, and the rest solved again: a
/// principal pivoting on whole contacts, bounded at 2·count + 1 solves. Returns true with z (size
/// n) and the rows held in active[0, *k) when no held contact pulls and no free one penetrates,
/// *rank the independent rows among them; false when a block could not be solved or the bound
/// was reached. A sole whose centre of pressure is inside it keeps every corner; one tipping onto
/// an edge lets the far corners go.
template <typename S, int N>
FOOTFALL_NOINLINE bool hold_least_norm(const BlockData<S>& data, int n, int per_contact, int count, bool* held,
                                       int* active, PrincipalSolveScratch<S, N>& scratch, LcpVector<S, N>& z, int* k,
                                       int* rank) noexcept {
  for (int round = 0; round <= 2 * count; ++round) {
    *k = 0;
    for (int i = 0; i < count; ++i)
      if (held[i])
        for (int r = 0; r < per_contact; ++r) active[(*k)++] = i * per_contact + r;
    *rank = 0;
    if (*k == 0) {
      set_zero(z, n, 1);
      return true;
    }
    if (!solve_least_norm_block(data, n, active, *k, scratch, z, rank)) return false;
    S largest = S(0);
    for (int i = 0; i < count; ++i)
      if (held[i]) largest = std::max(largest, std::abs(z.coeff(i * per_contact)));
    S pull = -lcp_rounding_tolerance<S>(*k) * largest;
    int worst = -1;
    for (int i = 0; i < count; ++i)
      if (held[i] && z.coeff(i * per_contact) < pull) {
        pull = z.coeff(i * per_contact);
        worst = i;
      }
    if (worst >= 0) {
      held[worst] = false;
      continue;
    }
    // No held contact pulls: the normal accelerations of those let go, against the rounding of
    // their terms.
    int driven = -1;
    S deepest = S(0);
    for (int i = 0; i < count; ++i) {
      if (held[i]) continue;
      const int row = i * per_contact;
      S a = data.q(row), size = std::abs(data.q(row));
      for (int c = 0; c < *k; ++c) {
        const S term = data.m(row, active[c]) * z.coeff(active[c]);
        a += term;
        size += std::abs(term);
      }
      if (a < -lcp_rounding_tolerance<S>(*k) * size && a < deepest) {
        deepest = a;
        driven = i;
      }
    }
    if (driven < 0) return true;
    held[driven] = true;
  }
  return false;
}

/// (f_n, f_t) onto the cone ‖f_t‖ ≤ μ f_n, in place: unchanged inside, 0 in the polar cone,
/// otherwise the nearest point on the edge.
template <typename S>
void project_onto_cone(S mu, S* f) noexcept {
  const S t = std::sqrt(f[1] * f[1] + f[2] * f[2]);
  if (t <= mu * f[0]) return;
  if (mu * t <= -f[0]) {
    f[0] = f[1] = f[2] = S(0);
    return;
  }
  const S normal = (f[0] + mu * t) / (S(1) + mu * mu);
  const S scale = mu * normal / t;
  f[0] = normal;
  f[1] *= scale;
  f[2] *= scale;
}

/// The least-norm forces of the held rows active[0, k) that also lie in every held contact's
/// Coulomb cone: the projection of 0 onto A ∩ K, A = {f : W_αα f_α = −d_α, f = 0 off α} and K the
/// product of the cones, by Dykstra's alternating projections (Boyle and Dykstra 1986; for an
/// affine A only K's projection needs Dykstra's correction). z comes in as the least-norm point of
/// A, from hold_least_norm, whose factor is still in `scratch` (P_A applies W_αα⁺ with it); y and
/// correction are the caller's room of N entries. Returns the projections made (≤ max_iterations)
/// with z = P_A of the last cone point, exact on the held rows' accelerations and outside no cone
/// by more than `tolerance`/4 of the largest force; −1 when the bound was reached first (the held
/// contacts cannot all stick, or not to that accuracy).
template <typename S, int N, int K>
FOOTFALL_NOINLINE int least_norm_in_cones(const BlockData<S>& data, const ContactSet<S, K>& set, const int* active,
                                          int k, int rank,
                        PrincipalSolveScratch<S, N>& scratch, LcpVector<S, N>& z, Eigen::Matrix<S, N, 1>& y,
                        Eigen::Matrix<S, N, 1>& correction, int max_iterations, S tolerance) noexcept {
  for (int r = 0; r < k; ++r) correction.coeffRef(r) = S(0);
  for (int r = 0; r < k; ++r) y.coeffRef(r) = z.coeff(active[r]);  // y₁ = P_A(0)
  for (int iteration = 1; iteration <= max_iterations; ++iteration) {
    // x = P_K(y + correction), correction ← y + correction − x; x kept in z.
    for (int r = 0; r < k; r += 3) {
      S f[3];
      for (int j = 0; j < 3; ++j) f[j] = y.coeff(r + j) + correction.coeff(r + j);
      const S before[3] = {f[0], f[1], f[2]};
      project_onto_cone(set.contacts[active[r] / 3].mu, f);
      for (int j = 0; j < 3; ++j) {
        correction.coeffRef(r + j) = before[j] - f[j];
        z.coeffRef(active[r + j]) = f[j];
      }
    }
    // y = P_A(x) = x − W⁺(W x + d): the accelerations exact, and the answer once y is inside
    // every cone to `tolerance` of the largest force (the cone check's allowance for an
    // iterative answer).
    least_norm_correction(data, active, k, rank, z, scratch);
    S size = S(0), outside = S(0);
    for (int row = 0; row < k; ++row) {
      y.coeffRef(row) = z.coeff(active[row]) + scratch.r.coeff(row);
      size = std::max(size, std::abs(y.coeff(row)));
    }
    for (int r = 0; r < k; r += 3) {
      const S t = std::sqrt(y.coeff(r + 1) * y.coeff(r + 1) + y.coeff(r + 2) * y.coeff(r + 2));
      outside = std::max(outside, t - set.contacts[active[r] / 3].mu * y.coeff(r));
      outside = std::max(outside, -y.coeff(r));
    }
    if (outside <= S(0.25) * tolerance * size) {
      for (int row = 0; row < k; ++row) z.coeffRef(active[row]) = y.coeff(row);
      return iteration;
    }
  }
  return -1;
}

/// The held-contacts finish for the LCP friction models (frictionless and the pyramids) on
/// sw.problem, assembled from the contact-frame right-hand side d: hold_least_norm from every
/// contact held, its forces turned into the model's unknowns and checked as any LCP answer is.
/// Returns true with the answer in sw.lcp (work 0) and sw.dependent_rows set when that answer
/// passes the check at `data_rounding`; false otherwise (sw.lcp is then the solver's to write). A
/// sliding contact makes the problem non-symmetric: not tried.
template <typename S, int D, int K, int V>
bool solve_held_least_norm(const StanceOptions<S>& options, const typename ContactDynamics<S, D, K>::RowVector& d,
                           S data_rounding, StanceWorkspace<S, D, K, V>& sw) noexcept {
  const ContactDynamics<S, D, K>& cd = sw.contact;
  const int m = cd.rows_per_contact, rows = cd.rows();
  if (rows > V) return false;
  bool held[static_cast<std::size_t>(K)];
  for (int i = 0; i < cd.count; ++i) {
    if (sw.mode[i] == ContactMode::kSliding) return false;
    held[i] = true;
  }
  LcpResult<S, V>& result = sw.lcp;
  auto& force = result.w;  // the contact-frame forces, until the check writes w
  int k = 0, rank = 0;
  if (!hold_least_norm(block_data(cd.delassus, d), rows, m, cd.count, held, sw.active, sw.lemke.principal, force, &k,
                       &rank))
    return false;
  const int n = sw.problem.size();
  set_zero(result.z, n, 1);
  const bool pyramid = options.friction == FrictionModel::kPyramid4 || options.friction == FrictionModel::kPyramid8;
  const int facets = pyramid_facets(options.friction);
  for (int i = 0; i < cd.count; ++i) {
    const int first = sw.first_variable[i], base = i * m;
    result.z.coeffRef(first) = force.coeff(base);
    if (sw.mode[i] != ContactMode::kFriction) continue;
    if (!pyramid) {  // the problem's unknowns are the contact-frame forces
      result.z.coeffRef(first + 1) = force.coeff(base + 1);
      result.z.coeffRef(first + 2) = force.coeff(base + 2);
      continue;
    }
    S beta[8];
    pyramid_facet_forces(force.coeff(base + 1), force.coeff(base + 2), facets, beta);
    for (int j = 0; j < facets; ++j) result.z.coeffRef(first + 1 + j) = beta[j];
  }
  const LcpCheck<S> check = check_lcp_answer(sw.problem, result.z, result.w, data_rounding);
  if (!check.status.ok()) return false;
  result.status = Status::Ok();
  result.residual = check.residual;
  result.work = 0;
  result.work_limit = 0;
  sw.dependent_rows = k - rank;
  return true;
}

}  // namespace detail

}  // namespace footfall
FOOTFALL_HEADER_END
