#pragma once
// RBDA Table 11.1's bookkeeping, carried from tick to tick: the current contacts (touching, with
// ζ̇ = 0) and the active contacts (a subset holding every positive force; RBDA takes a basis of
// range(T), here the loaded contacts may depend on one another, as a sole's corners do, and the
// least-norm solve of lcp/least_norm.hpp shares the load as the full solve did). While the contacts stay the same and every force stays non-negative, the
// active contacts can be treated as equalities — a ζ̇ = 0 (sticking, with the cone) on each,
// solved exactly as one linear system — and the complementarity problem need not be solved
// again. A contact gained, a force turning negative, a current contact accelerating into its
// surface or a force leaving its cone sends the tick to the full solve (RBDA Table 11.1 step 6),
// which then names the new current and active sets. The linear solve's answer is judged by the
// same checks as the full solve's, so it is never "ok" on a wrong answer.
//
// For the frictionless model and the cone (with nothing sliding); the pyramids always take the
// full solve.
#include <cstddef>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/lcp/least_norm.hpp"
#include "footfall/lcp/principal_solve.hpp"
#include "footfall/stance/solve_stance.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// RBDA Table 11.1's current and active contacts, as the last full solve left them, carried from
/// tick to tick by solve_stance_tracking (see the top of this file). The caller owns it and
/// passes the same one every tick; a new or reset() book makes the next tick take the full solve.
template <int K>
struct ContactBook {
  static constexpr std::size_t kSlots = static_cast<std::size_t>(K);  ///< K, as an array bound
  int count = -1;  ///< the contacts described (−1: none yet, the next tick takes the full solve)
  int body[kSlots] = {};        ///< contact i's body, to recognise the same contacts next tick
  int other_body[kSlots] = {};  ///< contact i's other body (−1: the ground), likewise
  bool current[kSlots] = {};    ///< contact i is current: touching with ζ̇ = 0 (a force, or none and no acceleration)
  bool active[kSlots] = {};     ///< contact i is active: held as an equality while the contacts stay the same
  int full_solves = 0;  ///< ticks that took the full solve
  int reuses = 0;       ///< ticks the active set answered alone
  /// Forgets the sets (count = −1), so that the next tick takes the full solve; the counts stay.
  void reset() noexcept { count = -1; }
};

namespace detail {

template <typename S, int K>
bool same_contacts(const ContactBook<K>& book, const ContactSet<S, K>& set) noexcept {
  if (book.count != set.count) return false;
  for (int i = 0; i < set.count; ++i)
    if (book.body[i] != set.contacts[i].body || book.other_body[i] != set.contacts[i].other_body) return false;
  return true;
}

/// Rows of the problem held at zero for the active contacts (all of a contact's unknowns).
template <typename S, int D, int K, int V>
int active_rows(const ContactBook<K>& book, const StanceWorkspace<S, D, K, V>& sw, int* rows) noexcept {
  int k = 0;
  for (int i = 0; i < sw.contact.count; ++i)
    if (book.active[i])
      for (int c = 0; c < sw.variable_count[i]; ++c) rows[k++] = sw.first_variable[i] + c;
  return k;
}

/// The new current and active sets from an ok result: current = touching with ζ̇ = 0 (a force, or
/// none and no acceleration); active = the positive forces, then current contacts added while
/// the held rows stay independent (a basis of range(T), RBDA §11.5).
template <typename S, int D, int K, int V>
void record_contact_sets(const StanceResult<S, D, K>& result, const ContactSet<S, K>& set,
                         StanceWorkspace<S, D, K, V>& sw, ContactBook<K>& book) noexcept {
  const int m = sw.contact.rows_per_contact;
  book.count = set.count;
  S force_scale = S(0), acceleration_scale = S(0);
  for (int r = 0; r < sw.contact.rows(); ++r) {
    force_scale = std::max(force_scale, std::abs(result.lambda.coeff(r)));
    acceleration_scale = std::max(acceleration_scale, std::abs(sw.contact.free_contact_acceleration.coeff(r)));
  }
  const S small = S(64) * lcp_rounding_tolerance<S>(sw.contact.rows());
  for (int i = 0; i < set.count; ++i) {
    book.body[i] = set.contacts[i].body;
    book.other_body[i] = set.contacts[i].other_body;
    const bool pushing = result.lambda.coeff(i * m) > small * force_scale;
    book.active[i] = pushing;
    book.current[i] = pushing || result.contact_acceleration.coeff(i * m) <= small * acceleration_scale;
  }
  for (int i = 0; i < set.count; ++i) {
    if (!book.current[i] || book.active[i]) continue;
    book.active[i] = true;
    const int k = active_rows(book, sw, sw.active);
    // Joins only while the block stays independent: a contact that carries nothing is not made
    // to share a load the least-norm solve would otherwise spread onto it.
    if (!solve_principal_block(sw.problem, sw.active, k, sw.lemke.principal, sw.lcp.z)) book.active[i] = false;
  }
}

}  // namespace detail

/// One tick of stance with the active-set bookkeeping: the active contacts as equalities when the
/// book still describes these contacts, the full solve (solve_stance) otherwise or when that
/// answer fails its checks. An active-set tick reports work 0 (no pivot, no sweep: one linear
/// solve) with solver kPgs on the cone and kLemke on the other models, whatever options.solver
/// names; book.full_solves and book.reuses count the ticks.
template <typename S, int B, int D, int K, typename TauDerived, int V>
Status solve_stance_tracking(const Model<S, B, D>& model, const Workspace<S, B, D>& ws, const ContactSet<S, K>& set,
                             const Eigen::MatrixBase<TauDerived>& tau, const StanceOptions<S>& options,
                             ContactBook<K>& book, StanceWorkspace<S, D, K, V>& sw,
                             StanceResult<S, D, K>& result) noexcept {
  const bool pyramid = options.friction == FrictionModel::kPyramid4 || options.friction == FrictionModel::kPyramid8;
  if (!pyramid && detail::same_contacts(book, set)) {
    Status status = detail::prepare_stance(model, ws, set, tau, options, sw, result);
    if (!status.ok()) return status;
    bool sliding = false;
    for (int i = 0; i < set.count; ++i) sliding = sliding || sw.mode[i] == ContactMode::kSliding;
    const int k = sliding ? -1 : detail::active_rows(book, sw, sw.active);
    const int n = sw.problem.size();
    int rank = k;
    // Nothing slides, so the problem is W itself: dependent rows take the least-norm forces, as
    // the full solve's finish gives them.
    const bool solved = k >= 0 && detail::solve_held_block(sw.problem, sw.active, k, true, sw.lemke.principal, sw.lcp.z, &rank);
    sw.dependent_rows = k - rank;
    if (solved) {
      const S accuracy = lcp_rounding_tolerance<S>(n);
      const LcpCheck<S> check = options.friction == FrictionModel::kCone
                                    ? detail::check_cone_answer(sw, set, sw.lcp.z, sw.lcp.w, accuracy)
                                    : detail::check_lcp_answer(sw.problem, sw.lcp.z, sw.lcp.w, accuracy);
      if (check.status.ok()) {
        sw.lcp.status = Status::Ok();
        sw.lcp.work = 1;
        sw.lcp.work_limit = 1;
        sw.lcp.residual = check.residual;
        const StanceSolver used = options.friction == FrictionModel::kCone ? StanceSolver::kPgs : StanceSolver::kLemke;
        result.solver = used;
        result.work = 0;
        result.work_limit = 0;
        status = detail::finish_stance(model, ws, set, tau, options, used, sw, result);
        if (status.ok()) {
          ++book.reuses;
          return status;
        }
      }
    }
  }
  ++book.full_solves;
  const Status status = solve_stance(model, ws, set, tau, options, sw, result);
  if (status.ok())
    detail::record_contact_sets(result, set, sw, book);
  else
    book.reset();
  return status;
}

}  // namespace footfall
FOOTFALL_HEADER_END
