#pragma once
// The strike solve (lib/DESIGN.md §4; RBDA §11.7; Liu04 §2): given the tick's kinematics, H and its
// factor at the configuration of touchdown, the joint velocities v⁻ just before and the contacts,
// find the contact impulses ι and the velocities just after,
//
//   H Δq̇ = u = Gᵀι   (RBDA (11.57), (11.58)),   v⁺ = v⁻ + Δq̇,   ζ⁺ = ζ⁻ + W ι   (Liu04 (13)),
//
// with W = G H⁻¹ Gᵀ, under the restitution law on every contact that strikes (ζ⁻ < 0) or
// touches (ζ⁻ ≈ 0); separating contacts are left out unless the others' impulses would drive
// them into the surface, when they join as plastic contacts (below). Newton's law makes this
// Liu04 (15):
//
//   0 ≤ ζ⁺_n + e ζ⁻_n = W_n ι + (1 + e) ζ⁻_n  ⊥  ι_n ≥ 0,
//
// which is the stance problem (stance/assemble.hpp) with impulses for forces and the right-hand
// side (1 + e) ζ⁻_n on the normal rows, ζ⁻_t on the tangential ones, so the stance solvers and
// friction models serve unchanged: the pyramids' LCP, and the cone's Gauss–Seidel with its exact
// finish, now make the friction impulse oppose the slip after the strike (maximum dissipation).
// Sticking friction (RBDA (11.66)–(11.72)) has a solver of its own (strike/sticking_solver.hpp).
//
// The simultaneous laws have known limits, which the tests pin down: Newton's law with several
// contacts and e > 0 can gain energy, and on a chain of bodies in contact (Newton's cradle) it
// spreads the impulse over the chain instead of passing it along: three touching equal balls,
// the first arriving at v with e = 1, leave at (−v/3, 2v/3, 2v/3), not (0, 0, v). Poisson's law
// does no better on the cradle. Neither models the compression waves a real strike sends through
// the bodies and joints (RBDA §11.7); an event-by-event (sequential) treatment would, and is not
// what this function does.
//
// Never "ok" on a wrong answer (lib/DESIGN.md §2): the solver's answer passes its own check, then
// u = H Δq̇ is checked on the branch-sparse H, and ζ⁺ recomputed from v⁺ must obey the law (no
// contact leaves approaching) with complementarity, before the Status is ok. Finite v so large
// that the kinetic energy ½ vᵀHv (before or after) overflows the scalar is refused as
// "v.overflow" (index −1), as compute_tick_terms refuses the v whose C(q, v) overflows.
#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <limits>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/contact/contact_dynamics.hpp"
#include "footfall/dynamics/crba.hpp"
#include "footfall/dynamics/residual_check.hpp"
#include "footfall/lcp/principal_solve.hpp"
#include "footfall/stance/assemble.hpp"
#include "footfall/stance/solve_stance.hpp"
#include "footfall/strike/joint_impulses.hpp"
#include "footfall/strike/peak_loads.hpp"
#include "footfall/strike/sticking_solver.hpp"
#include "footfall/strike/strike_workspace.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

namespace detail {

template <typename S>
Status validate_strike_options(const StrikeOptions<S>& o) noexcept {
  if (static_cast<int>(o.friction) > static_cast<int>(StrikeFriction::kCone)) return Status::BadInput("options.friction");
  if (static_cast<int>(o.law) > static_cast<int>(RestitutionLaw::kPoisson)) return Status::BadInput("options.law");
  if (static_cast<int>(o.solver) > static_cast<int>(StanceSolver::kPgs)) return Status::BadInput("options.solver");
  if (o.max_pivots < 0) return Status::BadInput("options.max_pivots", o.max_pivots);
  if (o.max_sweeps < 1) return Status::BadInput("options.max_sweeps", o.max_sweeps);
  if (!is_relative_accuracy(o.tolerance)) return Status::BadInput("options.tolerance");
  if (!is_finite(o.separating_speed) || !(o.separating_speed >= S(0))) return Status::BadInput("options.separating_speed");
  if (static_cast<int>(o.peak_method) > static_cast<int>(PeakMethod::kRungeKutta4))
    return Status::BadInput("options.peak_method");
  if (o.steps_per_half_period < 8) return Status::BadInput("options.steps_per_half_period", o.steps_per_half_period);
  if (o.max_steps < o.steps_per_half_period) return Status::BadInput("options.max_steps", o.max_steps);
  const bool pyramid = o.friction == StrikeFriction::kPyramid4 || o.friction == StrikeFriction::kPyramid8;
  // As for stance; sticking friction has one exact method, enumeration, which auto picks.
  if (o.friction == StrikeFriction::kSticking && o.solver != StanceSolver::kAuto && o.solver != StanceSolver::kEnumeration)
    return Status::BadInput("options.solver");
  if (o.solver == StanceSolver::kEnumeration && o.friction != StrikeFriction::kNone &&
      o.friction != StrikeFriction::kSticking)
    return Status::BadInput("options.solver");
  if (o.solver == StanceSolver::kPgs && pyramid) return Status::BadInput("options.solver");
  if (o.solver == StanceSolver::kLemke && o.friction == StrikeFriction::kCone) return Status::BadInput("options.solver");
  return Status::Ok();
}

/// The stance options that make the stance problem the strike's: no contact "slides" at the
/// velocity level (the friction law decides the slip after), and no warm start across strikes.
template <typename S>
StanceOptions<S> strike_stance_options(const StrikeOptions<S>& o) noexcept {
  StanceOptions<S> s;
  switch (o.friction) {
    case StrikeFriction::kNone:
      s.friction = FrictionModel::kNone;
      break;
    case StrikeFriction::kPyramid4:
      s.friction = FrictionModel::kPyramid4;
      break;
    case StrikeFriction::kPyramid8:
      s.friction = FrictionModel::kPyramid8;
      break;
    default:  // the cone, and sticking: three rows a contact, the problem W itself
      s.friction = FrictionModel::kCone;
      break;
  }
  s.solver = o.solver;
  s.max_pivots = o.max_pivots;
  s.max_sweeps = o.max_sweeps;
  s.tolerance = o.tolerance;
  s.sliding_speed = std::numeric_limits<S>::infinity();
  s.warm_start = false;
  return s;
}

template <typename S, int B, int D, int K>
void reset_strike_result(StrikeResult<S, B, D, K>& result, Status status, int count, int nv, int bodies) noexcept {
  result.status = status;
  result.count = count;
  for (int i = 0; i < count; ++i) {
    result.state[i] = StrikeState::kLeftOut;
    result.impulse[i] = Vector3<S>::Zero();
    result.frame_impulse[i] = Vector3<S>::Zero();
    result.normal_impulse[i] = S(0);
    result.approach[i] = S(0);
    result.departure[i] = S(0);
    result.slip_after[i] = S(0);
  }
  result.v_plus.setZero(nv);
  result.velocity_change.setZero(nv);
  result.joint_impulse.setZero(nv);
  result.axis_impulse.setZero(nv);
  for (int b = 0; b < bodies; ++b) result.reaction_impulse[b] = Force<S>::Zero();
  result.impulse_residual = std::numeric_limits<S>::infinity();
  result.residual = std::numeric_limits<S>::infinity();
  result.kinetic_energy_before = result.kinetic_energy_after = S(0);
  result.velocity_unique = result.impulse_unique = false;
  result.impulse_choice = ForceChoice::kOneOfMany;
  result.peaks.predicted = false;
}

/// u = the relative velocity of contact c's two points for joint velocities v (world), and the
/// sum of the sizes of its terms (for the rounding its components carry).
template <typename S, int B, int D, typename VDerived>
void contact_relative_velocity(const Model<S, B, D>& model, const Workspace<S, B, D>& ws, const Contact<S>& c,
                               const Vector3<S>& p, const Eigen::MatrixBase<VDerived>& v, Vector3<S>* u,
                               S* scale) noexcept {
  *u = Vector3<S>::Zero();
  *scale = S(0);
  for_each_contact_column(model, ws, c, p, [&](int k, const Vector3<S>& col) {
    const Vector3<S> term = col * v.coeff(k);
    *u += term;
    *scale += term.cwiseAbs().maxCoeff();
  });
}

/// ζ = G v on contact j's rows of cd (rows j·m … j·m + m − 1), and, if `scale` is given, the
/// sum of the sizes of all their terms, the rounding scale the strike's checks allow for.
template <typename S, int D, int K, typename VDerived>
FOOTFALL_INLINE void contact_rows_product(const ContactDynamics<S, D, K>& cd, int j, const Eigen::MatrixBase<VDerived>& v,
                                          S* zeta, NoDeduce<S>* scale) noexcept {
  S sizes[3] = {S(0), S(0), S(0)};
  for (int r = 0; r < cd.rows_per_contact; ++r) zeta[r] = S(0);
  add_contact_rows_product(cd, j, v, zeta, scale != nullptr ? sizes : nullptr);
  if (scale != nullptr) *scale = sizes[0] + sizes[1] + sizes[2];
}

/// The kinetic energies after and before a strike: T⁺ = ½v⁺ᵀHv⁺ by a walk over H, and T⁻ from it
/// by the work the impulses did, T⁺ − T⁻ = (v⁻ + ½Δq̇)ᵀ u with u = H Δq̇ = Gᵀι (RBDA (11.57);
/// expand ½(v⁻ + Δq̇)ᵀH(v⁻ + Δq̇)), which the impulse-equation check has held to H Δq̇ within its
/// rounding: one walk instead of two. T⁻ carries the rounding of the work's terms, on the scale
/// of |v⁻|·|u|, as the walk's T⁻ would; a work that overflows leaves it infinite or NaN, which
/// the caller refuses as "v.overflow".
template <typename S, int B, int D, typename VDerived, typename ChangeDerived, typename UDerived, typename PlusDerived>
void strike_kinetic_energies(const Model<S, B, D>& model, const Workspace<S, B, D>& ws,
                             const Eigen::MatrixBase<VDerived>& v, const Eigen::MatrixBase<ChangeDerived>& change,
                             const Eigen::MatrixBase<UDerived>& u, const Eigen::MatrixBase<PlusDerived>& v_plus,
                             S* before, S* after) noexcept {
  *after = half_quadratic_form(model, ws, v_plus);
  S work = S(0);
  for (int k = 0; k < model.nv(); ++k) work += (v.coeff(k) + S(0.5) * change.coeff(k)) * u.coeff(k);
  *before = *after - work;
}

/// One impact problem on sw.solve.contact with right-hand side sw.target: assemble, solve, and
/// the contact-frame impulses into sw.solve.force.
template <typename S, int D, int K, int V>
Status solve_impact_phase(const StrikeOptions<S>& options, StrikeWorkspace<S, D, K, V>& sw, StanceSolver* used,
                          int* work, int* work_limit) noexcept {
  const StanceOptions<S> stance = strike_stance_options(options);
  // Sticking: μ = +∞, so that every contact has its three rows and the cone's check reads as
  // sticking_solver.hpp needs (the contact terms are computed already).
  if (options.friction == StrikeFriction::kSticking)
    for (int j = 0; j < sw.taking_part.count; ++j) sw.taking_part.contacts[j].mu = std::numeric_limits<S>::infinity();
  Status status = assemble_contact_problem(sw.taking_part, stance, sw.target, sw.solve);
  if (!status.ok()) return status;
  const S data_rounding = lcp_rounding_tolerance<S>(sw.solve.problem.size());
  if (options.friction == StrikeFriction::kSticking) {
    *used = StanceSolver::kEnumeration;
    solve_sticking(sw.taking_part, data_rounding, sw.solve);
  } else {
    run_stance_solver(sw.taking_part, stance, false, sw.target, sw.solve, used);
  }
  *work += sw.solve.lcp.work;
  *work_limit += sw.solve.lcp.work_limit;
  if (!sw.solve.lcp.ok()) return sw.solve.lcp.status;
  forces_from_unknowns(sw.solve, sw.solve.lcp.z);
  return Status::Ok();
}

/// The whole impact problem on sw.solve.contact's W for approach velocities ζ⁻ in sw.phase (rows
/// of W): Newton's law in one problem, Poisson's in two (compression, then restitution); the
/// impulses into sw.impulse. `target_norm` gets ‖right-hand side‖∞ for the checks.
template <typename S, int D, int K, int V>
Status solve_impact(const StrikeOptions<S>& options, StrikeWorkspace<S, D, K, V>& sw, StanceSolver* used, int* work,
                    int* work_limit, S* target_norm) noexcept {
  const ContactDynamics<S, D, K>& cd = sw.solve.contact;
  const int nc = cd.count, m = cd.rows_per_contact, rows = cd.rows();
  // Newton: (1 + e) ζ⁻_n on the normal rows; Poisson's compression: ζ⁻_n; ζ⁻_t either way.
  sw.target = sw.phase;
  if (options.law == RestitutionLaw::kNewton)
    for (int j = 0; j < nc; ++j) sw.target.coeffRef(j * m) *= S(1) + sw.taking_part.contacts[j].restitution;
  *target_norm = S(0);
  for (int r = 0; r < rows; ++r) *target_norm = std::max(*target_norm, std::abs(sw.target.coeff(r)));
  sw.impulse.setZero(rows);
  if (nc == 0) return Status::Ok();
  Status status = solve_impact_phase(options, sw, used, work, work_limit);
  if (!status.ok()) return status;
  sw.impulse = sw.solve.force;
  if (options.law != RestitutionLaw::kPoisson) return Status::Ok();
  // Restitution phase: the compression impulse ι_c, plus eᵢ ι_c,n along each normal, plus what
  // keeps every contact from approaching again: right-hand side ζ⁻ + W (ι_c + e ι_c,n).
  auto& pushed = sw.phase;  // ζ⁻ is no longer needed: its rows take ι_c + e ι_c,n
  pushed = sw.impulse;
  for (int j = 0; j < nc; ++j) pushed.coeffRef(j * m) *= S(1) + sw.taking_part.contacts[j].restitution;
  for (int r = 0; r < rows; ++r) {
    S value = sw.target.coeff(r);
    for (int c = 0; c < rows; ++c) value += cd.delassus.coeff(r, c) * pushed.coeff(c);
    sw.target.coeffRef(r) = value;
  }
  status = solve_impact_phase(options, sw, used, work, work_limit);
  if (status.ok()) sw.impulse = pushed + sw.solve.force;
  return status;
}

/// Whether the rows of W the answer holds active (every row of each contact that took impulse,
/// the normal alone without friction) are linearly independent: then the impulses are unique.
template <typename S, int D, int K, int V>
bool active_rows_independent(StrikeWorkspace<S, D, K, V>& sw, S threshold) noexcept {
  const ContactDynamics<S, D, K>& cd = sw.solve.contact;
  const int m = cd.rows_per_contact;
  auto& p = sw.solve.problem;  // reused: W itself and a zero right-hand side
  if (!p.resize(cd.rows()).ok()) return false;
  int k = 0;
  for (int j = 0; j < cd.count; ++j) {
    if (!(sw.impulse.coeff(j * m) > threshold)) continue;
    for (int r = 0; r < m; ++r) sw.solve.active[k++] = j * m + r;
  }
  for (int r = 0; r < cd.rows(); ++r) {
    p.q.coeffRef(r) = S(0);
    for (int c = 0; c < cd.rows(); ++c) p.m.coeffRef(r, c) = cd.delassus.coeff(r, c);
  }
  if (k == 0) return true;
  for (int r = 0; r < k; ++r) p.q.coeffRef(sw.solve.active[r]) = S(1);
  LcpVector<S, StanceWorkspace<S, D, K, V>::kMaxVariables> scratch;  // written whole by the solve
  scratch.resize(cd.rows());
  return solve_principal_block_symmetric(p, sw.solve.active, k, sw.solve.lemke.principal, scratch);
}

}  // namespace detail

/// The strike of `set` at joint velocities v (= v⁻), on kinematics, H and its factor current in
/// `ws` for the configuration of touchdown (forward_kinematics, mass_matrix, factorize_mass_matrix;
/// C is not needed). The result's arrays follow the set's contact order. The policy Kernels
/// (dynamics/tree_kernels.hpp) walks the DOF tree in the solves with the factor; the policy
/// Peaks (strike/options.hpp) names the peak-load methods compiled in.
template <typename Kernels = GenericKernels, typename Peaks = AllPeakMethods, typename S, int B, int D, int K,
          typename VDerived, int V>
Status solve_strike(const Model<S, B, D>& model, const Workspace<S, B, D>& ws, const ContactSet<S, K>& set,
                    const Eigen::MatrixBase<VDerived>& v, const StrikeOptions<S>& options, StrikeWorkspace<S, D, K, V>& sw,
                    StrikeResult<S, B, D, K>& result) noexcept {
  using W = Workspace<S, B, D>;
  const int nv = model.nv();
  const int count = (set.count >= 0 && set.count <= K) ? set.count : 0;
  result.friction = options.friction;
  result.law = options.law;
  result.work = result.work_limit = 0;
  result.solver = options.friction == StrikeFriction::kSticking ? StanceSolver::kEnumeration : StanceSolver::kLemke;
  Status status = detail::validate_strike_options(options);
  if (status.ok()) status = detail::check_contact_stages(ws, W::kKinematics | W::kMassMatrix | W::kFactor);
  if (status.ok()) status = Kernels::check(model);
  if (status.ok()) status = validate_vector(v, nv, "v");
  // With friction the problem has three rows a contact along tangent_basis's frame, and they are
  // computed for the whole set first (compute_contact_terms validates the contacts): ζ⁻ = G v⁻ is
  // then a dot product a row over each contact's support, and when every contact takes part, a
  // strike's usual case, these are the problem's terms, computed once. Without friction the
  // problem's rows are the normals alone, whose terms bound nothing about the other directions
  // (the checks' rounding below), so each contact's relative velocity is walked down the tree.
  // The tree is walked, too, when a contact is between two bodies: G's entries of their common
  // ancestors are differences of equal columns, and the sizes of what cancelled there, part of
  // the rounding, are no longer in G.
  const bool rows_of_three = options.friction != StrikeFriction::kNone;
  bool set_terms = false;  // whether sw.solve.contact holds the whole set's terms, in its order
  bool on_ground = true;
  for (int i = 0; i < count; ++i) on_ground = on_ground && set.contacts[i].other_body == -1;
  if (status.ok() && rows_of_three && on_ground) {
    status = detail::contact_terms<Kernels>(model, ws, set, true, ContactTerms::kVelocityOnly, sw.solve.contact);
    set_terms = status.ok();
  } else if (status.ok()) {
    status = validate_contacts(model, set);
  }
  if (!status.ok()) {
    detail::reset_strike_result(result, status, count, nv, model.body_count());
    return status;
  }

  // Who takes part: every contact not separating faster than separating_speed, and every one
  // that the others' impulses would otherwise drive into the surface. A foot lifting off at the
  // moment its neighbours strike can be pushed down by their impulses through the trunk; left
  // out, it would leave approaching (ζ⁺ < 0), which no real contact does. Such a contact is
  // added and the strike solved again, as a plastic contact (e = 0: it did not approach, so it
  // has no rebound), until no left-out contact ends approaching. Each round adds at least one,
  // so there are at most K + 1. The sizes of ζ⁻'s terms are kept for the checks' rounding.
  constexpr std::size_t kSlots = static_cast<std::size_t>(K);
  S approach_scale[kSlots] = {};
  bool forced[kSlots] = {};
  // With the set's rows, ζ⁻ of each row goes to sw.phase, the problem's right-hand side, and the
  // sum of its three rows' term sizes is the scale: Σ_r |e_r·w| ≥ ‖w‖ ≥ max|w_i| for the
  // orthonormal frame e, so it bounds the walk's scale (Σ_k max|w_k v_k|) from above, by three at
  // most, and the checks' allowance stays as safe.
  if (set_terms) sw.phase.resize(3 * count);
  for (int i = 0; i < count; ++i) {
    const Contact<S>& c = set.contacts[i];
    if (set_terms) {
      detail::contact_rows_product(sw.solve.contact, i, v, sw.phase.data() + 3 * i, &approach_scale[i]);
      result.approach[i] = sw.phase.coeff(3 * i);  // row 0 is along the normal
      continue;
    }
    Vector3<S> u;
    detail::contact_relative_velocity(model, ws, c, detail::world_point(ws, c.body, detail::contact_point(ws, c)), v, &u, &approach_scale[i]);
    result.approach[i] = c.normal.dot(u);
  }
  StanceSolver used = result.solver;
  int work = 0, work_limit = 0;
  S target_norm = S(0);
  int nc = 0;
  bool padded = false;  // whether the contacts that take part have pads (then every one must)
  // On failure a result is whole or it is not given: reset, keeping what the solver spent.
  const auto failed = [&](Status why) noexcept {
    detail::reset_strike_result(result, why, count, nv, model.body_count());
    result.solver = used;
    result.work = work;
    result.work_limit = work_limit;
    return why;
  };
  for (int round = 0; round <= K; ++round) {
    sw.taking_part.clear();
    for (int i = 0; i < count; ++i) {
      if (result.approach[i] > options.separating_speed && !forced[i]) continue;
      sw.index[sw.taking_part.count] = i;
      sw.taking_part.add(set.contacts[i]);
      if (forced[i]) sw.taking_part.contacts[sw.taking_part.count - 1].restitution = S(0);
    }
    nc = sw.taking_part.count;
    if (options.friction == StrikeFriction::kSticking && nc > kEnumerationMaxSize)
      status = Status::Capacity("strike.sticking.contacts", nc);
    padded = false;
    for (int j = 0; j < nc && status.ok(); ++j) padded = padded || sw.taking_part.contacts[j].pad.law != PadLaw::kNone;
    for (int j = 0; j < nc && status.ok() && padded; ++j)
      if (sw.taking_part.contacts[j].pad.law == PadLaw::kNone) status = Status::BadInput("contacts.pad.law", sw.index[j]);
    // Every contact taking part, in the set's order (no round has recomputed the terms for a
    // subset yet): the set's terms and ζ⁻ rows are the problem's. Otherwise the subset's terms.
    const bool whole_set = set_terms && nc == count;
    if (status.ok() && !whole_set) {
      set_terms = false;
      status = detail::contact_terms<Kernels>(model, ws, sw.taking_part, rows_of_three, ContactTerms::kVelocityOnly,
                                              sw.solve.contact);
    }
    if (!status.ok()) return failed(status);
    const ContactDynamics<S, D, K>& terms = sw.solve.contact;
    const int m = terms.rows_per_contact, rows = terms.rows();

    // ζ⁻ = G v⁻ on every row, and the right-hand side: (1 + e) ζ⁻_n (Newton) or ζ⁻_n (Poisson's
    // compression), ζ⁻_t.
    auto& approach_rows = sw.phase;
    if (!whole_set) {
      approach_rows.resize(rows);
      for (int j = 0; j < nc; ++j) detail::contact_rows_product(terms, j, v, approach_rows.data() + j * m, nullptr);
    }
    int round_work = 0, round_limit = 0;
    status = detail::solve_impact(options, sw, &used, &round_work, &round_limit, &target_norm);
    work += round_work;
    work_limit += round_limit;
    if (!status.ok()) {
      // A check names the contact among those that took part: name it in the set's order.
      if (status.code == StatusCode::kCheckFailed && status.index >= 0 && status.index < nc)
        status.index = sw.index[status.index];
      return failed(status);
    }

    // Δq̇ = H⁻¹Gᵀι and v⁺, then ζ⁺ of each contact left out: done when none approaches.
    result.velocity_change.resize(nv);
    detail::apply_contact_force_acceleration<Kernels>(model, ws, terms, sw.impulse, result.velocity_change);
    result.v_plus = v + result.velocity_change;
    const S accuracy = used == StanceSolver::kPgs ? options.tolerance : S(0);
    bool added = false;
    for (int i = 0, j = 0; i < count; ++i) {
      if (j < nc && sw.index[j] == i) {
        ++j;
        continue;
      }
      const Contact<S>& c = set.contacts[i];
      Vector3<S> after;
      S scale_after;
      detail::contact_relative_velocity(model, ws, c, detail::world_point(ws, c.body, detail::contact_point(ws, c)), result.v_plus, &after,
                                        &scale_after);
      // A few roundings of ζ⁺'s terms, not the checks' bound (which allows for an elimination):
      // adding a contact that did not need it costs a re-solve and gives it no impulse, while
      // leaving out one that approaches at a few mm/s (the looser bound, in float) is wrong.
      if (c.normal.dot(after) < -(S(8) * epsilon<S>() * (scale_after + approach_scale[i]) + accuracy * target_norm)) {
        forced[i] = true;
        added = true;
      }
    }
    if (!added) break;
  }
  result.solver = used;
  result.work = work;
  result.work_limit = work_limit;
  result.residual = nc > 0 ? sw.solve.lcp.residual : S(0);
  const ContactDynamics<S, D, K>& cd = sw.solve.contact;
  const int m = cd.rows_per_contact, rows = cd.rows();
  const S rounding = lcp_rounding_tolerance<S>(std::max(nv, rows));

  // u = Gᵀι, and the check of u = H Δq̇ against the rounding of its terms.
  const auto& change = result.velocity_change;  // Δq̇
  set_zero(result.joint_impulse, nv, 1);
  detail::add_contact_transpose_product<detail::TermSizes::kNone>(cd, sw.impulse, result.joint_impulse,
                                                                  static_cast<S*>(nullptr));
  auto& residual = sw.solve.generalized;
  residual.resize(nv);
  sw.magnitude.resize(nv);
  for (int k = 0; k < nv; ++k) {
    const S diagonal = ws.mass_matrix.coeff(k, k) * change.coeff(k);
    residual.coeffRef(k) = diagonal - result.joint_impulse.coeff(k);
    sw.magnitude.coeffRef(k) = std::abs(diagonal);
  }
  // The sizes of u's terms join the diagonal's when the check needs them (residual_check.hpp).
  const auto term_sizes = [&](auto&) noexcept {  // sw.magnitude's
    sw.magnitude.setZero(nv);
    detail::add_contact_transpose_product<detail::TermSizes::kSumPerDof, false>(cd, sw.impulse, result.joint_impulse,
                                                                                sw.magnitude.data());
    for (int k = 0; k < nv; ++k) sw.magnitude.coeffRef(k) += std::abs(ws.mass_matrix.coeff(k, k) * change.coeff(k));
    return S(0);
  };
  if (detail::first_row_over_rounding(model, ws, change, residual, sw.magnitude, S(8) * rounding,
                                      &result.impulse_residual, term_sizes) >= 0)
    status = Status::CheckFailed("strike.impulse_equation");

  // ζ⁺ from v⁺ for every contact, the law and complementarity on those that took part.
  const S accuracy = used == StanceSolver::kPgs ? options.tolerance : S(0);
  S impulse_norm = S(0);
  for (int r = 0; r < rows; ++r) impulse_norm = std::max(impulse_norm, std::abs(sw.impulse.coeff(r)));
  const S tz = (rounding + accuracy) * impulse_norm;
  for (int i = 0; i < count; ++i) {
    result.state[i] = StrikeState::kLeftOut;
    result.impulse[i] = result.frame_impulse[i] = Vector3<S>::Zero();
    result.normal_impulse[i] = S(0);
  }
  int j = 0;
  for (int i = 0; i < count; ++i) {
    const Contact<S>& c = set.contacts[i];
    const bool part = j < nc && sw.index[j] == i;
    S after[3] = {S(0), S(0), S(0)};  // ζ⁺ along n, t₁, t₂
    S scale_after = S(0);
    const bool from_rows = part && m == 3 && c.other_body == -1;
    if (from_rows) {
      // A contact with the ground that took part has its three rows of G in the contact terms,
      // along the same frame (tangent_basis of its normal), so ζ⁺ = G v⁺ row by row: a dot
      // product over its support instead of another walk down the tree. Its terms' sizes bound
      // the walk's scale from above (Σ_r |G(r, k) v_k| ≥ the largest component of column k's
      // motion times v_k, and at most three times it), so the checks' rounding allowance is as
      // safe; they are summed only when the checks need them (below). (Between two bodies G's
      // common-ancestor entries have cancelled: walked below.)
      detail::contact_rows_product(cd, j, result.v_plus, after, nullptr);
    } else {
      Vector3<S> e[3];
      e[0] = c.normal;
      tangent_basis(c.normal, &e[1], &e[2]);
      Vector3<S> u;
      detail::contact_relative_velocity(model, ws, c, detail::world_point(ws, c.body, detail::contact_point(ws, c)), result.v_plus, &u,
                                        &scale_after);
      for (int r = 0; r < 3; ++r) after[r] = e[r].dot(u);
    }
    const S scale_before = approach_scale[i];
    result.departure[i] = after[0];
    result.slip_after[i] = std::sqrt(after[1] * after[1] + after[2] * after[2]);
    if (!part) continue;
    Vector3<S> frame = Vector3<S>::Zero();
    for (int r = 0; r < m; ++r) frame.coeffRef(r) = sw.impulse.coeff(j * m + r);
    result.frame_impulse[i] = frame;
    result.normal_impulse[i] = frame.coeff(0);
    result.impulse[i] = cd.direction[j][0] * frame.coeff(0);
    if (m == 3) result.impulse[i] += cd.direction[j][1] * frame.coeff(1) + cd.direction[j][2] * frame.coeff(2);
    const S e_i = sw.taking_part.contacts[j].restitution;  // 0 for a contact added as pushed down
    const S law = options.law == RestitutionLaw::kNewton ? result.departure[i] + e_i * result.approach[i]
                                                          : result.departure[i];
    const auto law_failure = [&](S scale) noexcept -> const char* {
      const S tol = S(8) * rounding * scale + accuracy * target_norm;
      if (law < -tol) return "strike.approaching_after";
      if (options.law == RestitutionLaw::kNewton && frame.coeff(0) > tz && law > tol) return "strike.complementarity";
      return nullptr;
    };
    // Without ζ⁺'s term sizes the allowance is smaller, so what passes there passes (as in
    // dynamics/residual_check.hpp); a law outside it has them summed, by the same products in
    // the same order (ζ⁺ is what it was), and is judged on the whole allowance.
    const char* failure = status.ok() ? law_failure(scale_after + scale_before) : nullptr;
    if (failure != nullptr && from_rows) {
      S again[3];
      detail::contact_rows_product(cd, j, result.v_plus, again, &scale_after);
      failure = law_failure(scale_after + scale_before);
    }
    if (failure != nullptr) status = Status::CheckFailed(failure, i);
    StrikeState state = StrikeState::kNoImpulse;
    if (frame.coeff(0) > tz) {
      state = StrikeState::kSticking;
      const S speed_scale = std::max(std::abs(result.approach[i]), std::sqrt(epsilon<S>()));
      if (m == 3 && options.friction != StrikeFriction::kSticking &&
          result.slip_after[i] > std::sqrt(epsilon<S>()) * speed_scale)
        state = StrikeState::kSliding;
    }
    result.state[i] = state;
    ++j;
  }
  if (!status.ok()) return failed(status);

  // Joint loads, energy and uniqueness.
  result.axis_impulse.resize(nv);
  joint_reaction_impulses(model, ws, sw.taking_part, cd, sw.impulse, change, result.reaction_impulse,
                          result.axis_impulse);
  detail::strike_kinetic_energies(model, ws, v, change, result.joint_impulse, result.v_plus,
                                  &result.kinetic_energy_before, &result.kinetic_energy_after);
  if (!is_finite(result.kinetic_energy_before) || !is_finite(result.kinetic_energy_after))
    return failed(Status::BadInput("v.overflow"));
  const bool convex = options.friction == StrikeFriction::kNone || options.friction == StrikeFriction::kSticking;
  result.velocity_unique = convex;
  // A solve that found the held rows dependent has said so already; otherwise the rank test.
  result.impulse_unique = convex && sw.solve.dependent_rows <= 0 && detail::active_rows_independent(sw, tz);
  result.impulse_choice = result.impulse_unique ? ForceChoice::kUnique
                          : (options.law == RestitutionLaw::kNewton && sw.solve.dependent_rows > 0)
                              ? ForceChoice::kLeastNorm
                              : ForceChoice::kOneOfMany;

  // Peak loads on the pads.
  result.peaks.predicted = false;
  if (padded && nc > 0) {
    if constexpr (!Peaks::kExact && !Peaks::kRungeKutta4) {
      return failed(Status::BadInput("options.peak_method"));  // an image built without peak loads
    } else {
      S approach_n[kSlots];
      for (int q = 0; q < nc; ++q) approach_n[q] = result.approach[sw.index[q]];
      status = predict_peak_loads<Peaks>(nv, options, approach_n, sw, result.peaks);
      if (!status.ok()) return failed(status);  // the rigid answer stands, but a result is whole or it is not given
      // From the taking-part order to the set's; a left-out contact has no peak.
      S force[kSlots], time[kSlots];
      Vector3<S> vector[kSlots];
      for (int q = 0; q < nc; ++q) {
        force[q] = result.peaks.normal_force[q];
        time[q] = result.peaks.time_of_peak[q];
        vector[q] = result.peaks.force[q];
      }
      for (int i = 0; i < count; ++i) {
        result.peaks.normal_force[i] = result.peaks.time_of_peak[i] = S(0);
        result.peaks.force[i] = Vector3<S>::Zero();
      }
      for (int q = 0; q < nc; ++q) {
        result.peaks.normal_force[sw.index[q]] = force[q];
        result.peaks.time_of_peak[sw.index[q]] = time[q];
        result.peaks.force[sw.index[q]] = vector[q];
      }
    }
  }
  result.status = Status::Ok();
  result.count = count;
  return result.status;
}

}  // namespace footfall
FOOTFALL_HEADER_END
