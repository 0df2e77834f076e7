#pragma once
// Fixed-step time stepping for fixed-rate use: Stewart and Trinkle's (1996) velocity-level
// scheme, in Anitescu and Potra's (1997) form. Impacts and friction are one LCP per step in the
// contact impulses p, with no events to locate, so every step costs about the same:
//
//   H (v⁺ − v) = h (τ − C) + Gᵀp      (RBDA (11.57) over a step: impulse = force · h),
//   q⁺ = q ⊕ h v⁺                      (the exponential map for a free body, MLS94 ch. 2),
//
// and per contact, with ζ⁺ = G v⁺ = G v_free + W p, v_free = v + h H⁻¹(τ − C), W = G H⁻¹ Gᵀ:
//
//   0 ≤ ζ⁺_n − ζ*  ⊥  p_n ≥ 0,    ζ* = −φ/h above the plane (it may close the gap, not cross it),
//                                  ζ* = stabilization·(−φ)/h below it (it must leave),
//                                  ζ* = −e ζ⁻_n for one arriving faster than the threshold,
//
// and the friction of the pyramid (stance/assemble.hpp's Trinkle–Pang–Sudarsky–Lo form, read as
// velocities and impulses) or of the cone. The pyramid LCP always has a solution and Lemke's
// method finds it (Stewart and Trinkle 1996, §4); the stance solvers check every answer.
//
// The price of a fixed step: contact times are known to within h, a rebound starts from where
// the step's end finds the contact (at most |ζ⁻|h above its plane), and a resting contact's
// force is the step's mean, p/h. The schemes of event_driven.hpp and trapezoidal.hpp resolve
// these exactly; this one never needs more than one solve a step.
#include <algorithm>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/motion/resolve_contacts.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// Advances `state` by exactly options.step. τ is held over the step. The state's normal and
/// friction forces become the step's mean contact forces p/h, qdd the mean acceleration; the
/// report has the impulses p, the gaps and normal velocities at the step's end and the velocities
/// the contacts arrived with. On a non-ok Status the state is unchanged.
template <typename S, int B, int D, int K, typename TDerived>
Status advance_time_stepping(const Model<S, B, D>& model, Workspace<S, B, D>& ws,
                             const ContactCandidates<S, K>& candidates, const Eigen::MatrixBase<TDerived>& tau,
                             const TimeSteppingOptions<S>& options, RigidMotionWorkspace<S, B, D, K>& mw,
                             RigidMotionState<S, B, D, K>& state, RigidStepReport<S, K>& report) noexcept {
  constexpr std::size_t kSlots = static_cast<std::size_t>(K);
  report = RigidStepReport<S, K>();
  report.time = state.time;
  Status status = validate_time_stepping_options(options);
  if (status.ok()) status = detail::validate_rigid_step(model, candidates, tau, state, options.step);
  if (!status.ok()) return report.status = status;
  const RigidContactOptions<S>& co = options.contact;
  const S h = options.step;
  const int n = candidates.size();
  const S threshold = options.restitution_threshold > S(0) ? options.restitution_threshold
                                                           : S(4) * co.gravity.norm() * h;

  // The state's dynamics and every candidate's gap and normal speed ζ⁻_n.
  status = compute_tick_terms(model, ws, state.q, state.v, co.gravity);
  if (!status.ok()) return report.status = status;
  report.evaluations = 1;  // one a step, in flight too: the LCP, when there is one, is on these terms
  S gap[kSlots] = {};
  bool reach[kSlots] = {};
  for (int i = 0; i < n; ++i) {
    contact_gap(ws, candidates, i, &gap[i], &report.approach_velocity[i]);
    reach[i] = gap[i] + h * std::min(report.approach_velocity[i], S(0)) <= options.margin;
  }
  detail::select_candidates(candidates, reach, mw);
  ContactDynamics<S, D, K>& cd = mw.stance.contact;
  const ContactRows contact_rows =
      options.friction != FrictionModel::kNone ? ContactRows::kWithTangents : ContactRows::kNormals;
  status = compute_contact_dynamics(model, ws, mw.subset, tau, contact_rows, cd);
  if (!status.ok()) return report.status = status;
  const int nc = mw.subset.count, m = cd.rows_per_contact, rows = cd.rows();

  // v_free, and the LCP's right-hand side: ζ_free − ζ* on the normal rows, ζ_free on the others.
  mw.v_stage = state.v + h * cd.free_acceleration;
  typename ContactDynamics<S, D, K>::RowVector& d = mw.force_rows;
  d.resize(rows);
  S target[kSlots] = {};
  S d_scale = S(0);
  if (rows > 0) d = cd.jacobian * mw.v_stage;
  const typename ContactDynamics<S, D, K>::RowVector free_rows = d;  // ζ_free
  for (int j = 0; j < nc; ++j) {
    const int i = mw.index[j];
    const S phi = gap[i], arrival = report.approach_velocity[i];
    target[j] = phi > S(0) ? -phi / h : -options.stabilization * phi / h;
    const S e = candidates.contacts[i].restitution;
    const bool arrives = phi + h * std::min(arrival, d.coeff(j * m)) <= co.gap_tolerance;
    if (e > S(0) && arrives && arrival < -threshold) target[j] = std::max(target[j], -e * arrival);
    d.coeffRef(j * m) -= target[j];
  }
  for (int r = 0; r < rows; ++r) d_scale = std::max(d_scale, std::abs(d.coeff(r)));

  // The LCP (the strike's: every contact may stick, no warm start), its answer checked by the
  // solver; then v⁺ = v_free + H⁻¹Gᵀp by one sparse solve.
  StanceSolver used = StanceSolver::kLemke;
  if (nc > 0) {
    StanceOptions<S> lcp;
    lcp.friction = options.friction;
    lcp.solver = StanceSolver::kAuto;  // dependent contacts (a sole landing flat) take the least-norm finish
    lcp.max_pivots = co.max_pivots;
    lcp.sliding_speed = std::numeric_limits<S>::infinity();
    lcp.warm_start = false;
    status = assemble_contact_problem(mw.subset, lcp, d, mw.stance);
    if (!status.ok()) return report.status = status;
    detail::run_stance_solver(mw.subset, lcp, false, d, mw.stance, &used);
    if (!mw.stance.lcp.ok()) return report.status = mw.stance.lcp.status;
    forces_from_unknowns(mw.stance, mw.stance.lcp.z);
    mw.tangent.resize(model.nv());
    detail::apply_contact_force_acceleration(model, ws, cd, mw.stance.force, mw.tangent);
    mw.v_end = mw.v_stage + mw.tangent;
  } else {
    mw.v_end = mw.v_stage;
  }

  // The check before an ok (lib/DESIGN.md §2): ζ⁺_n recomputed from v⁺ must reach its target, and
  // equal it where the contact took impulse, to the rounding of the terms (the cone solver's own
  // tolerance on top).
  const S accuracy = used == StanceSolver::kPgs ? StanceOptions<S>().tolerance : S(0);
  S impulse_scale = S(0);
  for (int r = 0; r < rows; ++r) impulse_scale = std::max(impulse_scale, std::abs(mw.stance.force.coeff(r)));
  const S rounding = lcp_rounding_tolerance<S>(std::max(rows, model.nv()));
  for (int j = 0; j < nc; ++j) {
    S after = S(0), size = S(0);
    for (int s = 0; s < cd.support_size[j]; ++s) {
      const int k = cd.support[j][s];
      after += cd.jacobian.coeff(j * m, k) * mw.v_end.coeff(k);
      size += std::abs(cd.jacobian.coeff(j * m, k) * mw.v_end.coeff(k));
    }
    // An answer whose block lost rows to dependence (a sole's corners) holds their equations to a
    // few √ε of their terms W p (lcp/least_norm.hpp: the rows kept have pivots down to √ε of
    // their diagonal), not to their rounding.
    S dependent_terms = S(0);
    if (nc > 0 && mw.stance.dependent_rows > 0)
      for (int c = 0; c < rows; ++c) dependent_terms += std::abs(cd.delassus.coeff(j * m, c) * mw.stance.force.coeff(c));
    const S excess = after - target[j];
    const S tol = S(64) * rounding * (size + d_scale + std::abs(target[j])) + accuracy * (d_scale + std::abs(target[j])) +
                  S(8) * StanceOptions<S>().tolerance * dependent_terms;
    const S p_n = mw.stance.force.coeff(j * m);
    if (excess < -tol) return report.status = Status::CheckFailed("motion.time_stepping.penetration", mw.index[j]);
    if (p_n > S(64) * rounding * impulse_scale && excess > tol && options.friction != FrictionModel::kCone)
      return report.status = Status::CheckFailed("motion.time_stepping.complementarity", mw.index[j]);
  }

  // The work of the impulses, the kinetic energy the contacts took out of the step:
  // ½ v_freeᵀH v_free − ½ v⁺ᵀH v⁺ = −½ pᵀ(ζ_free + ζ⁺) = −pᵀζ_free − ½ pᵀW p (v⁺ − v_free = H⁻¹Gᵀp).
  // At rest it is the ½ m (g h)² a step's free fall puts in and the impulse takes out again:
  // the scheme's own dissipation, which the exact schemes do not have.
  for (int r = 0; r < rows; ++r) {
    const S p_r = mw.stance.force.coeff(r);
    S wp = S(0);
    for (int c = 0; c < rows; ++c) wp += cd.delassus.coeff(r, c) * mw.stance.force.coeff(c);
    report.kinetic_energy_lost -= p_r * (free_rows.coeff(r) + S(0.5) * wp);
  }

  // q⁺ = q ⊕ h v⁺, and the step's outcome at its end.
  mw.q_end.resize(model.nq());
  integrate(model, state.q, mw.v_end, h, mw.q_end);
  status = forward_kinematics(model, ws, mw.q_end, mw.v_end);
  if (!status.ok()) return report.status = status;
  RigidMotionState<S, B, D, K>& next = state;  // nothing fails from here on
  const bool began = next.started;
  next.qdd = (mw.v_end - next.v) / h;
  next.q = mw.q_end;
  next.v = mw.v_end;
  next.time += h;
  next.started = true;
  bool was_active[kSlots] = {};
  for (int i = 0; i < n; ++i) {
    contact_gap(ws, candidates, i, &report.gap[i], &report.normal_velocity[i]);
    was_active[i] = began && next.active[i];
    next.active[i] = false;
    next.normal_force[i] = next.friction_force[i][0] = next.friction_force[i][1] = S(0);
  }
  for (int j = 0; j < nc; ++j) {
    const int i = mw.index[j];
    const S p_n = mw.stance.force.coeff(j * m);
    report.normal_impulse[i] = p_n;
    next.normal_force[i] = report.normal_force[i] = p_n / h;
    if (m == 3) {
      next.friction_force[i][0] = mw.stance.force.coeff(j * m + 1) / h;
      next.friction_force[i][1] = mw.stance.force.coeff(j * m + 2) / h;
    }
    next.active[i] = p_n > S(64) * rounding * impulse_scale;
  }
  for (int i = 0; i < n; ++i) {
    // A contact gained (it arrived from above its plane and took impulse), or lost. One that
    // carried force through the last step stays: its gap drifts at the step's second order.
    if (next.active[i] && !was_active[i] && gap[i] > co.gap_tolerance) {
      report.events |= kEventContactGain;
      next.last_impact[i] = next.time;
      if (report.event_contact < 0) report.event_contact = i;
    } else if (was_active[i] && !next.active[i]) {
      report.events |= kEventContactLoss;
      if (report.event_contact < 0) report.event_contact = i;
    }
  }
  report.step = h;
  report.time = next.time;
  return report.status = Status::Ok();
}

}  // namespace footfall
FOOTFALL_HEADER_END
