#pragma once
// What both rigid-contact simulators do at an instant where the contact situation may change
// (RBDA Table 11.1 steps 4–6; Liu04 Step 4): apply the impact of the contacts that touch and
// approach (RBDA §11.7, Liu04 (14), with the Zeno rule), then solve the contact LCP of the contacts
// that touch and do not leave (RBDA (11.42), Liu04 (24)–(26)) for the forces, q̈ and the new active
// set.
//
// `gained` names the candidate whose landing ended the step (−1: none). It takes part in the
// impact whenever it moves into its plane, however slowly, and plastically when slower than
// speed_tolerance: a landing the scan located must change something, or the scan finds it
// again at the next step's start. A candidate sinking slower than the tolerance with no force on
// it (in zero gravity, say) passed gap_tolerance, its landing was located at once, resolved with
// no impulse, and the event-driven scheme then took steps of no length for ever, the
// trapezoidal one steps of min_step until it halved out.
#include <algorithm>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/motion/rigid_dynamics.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall::detail {

template <typename S, int B, int D, int K, typename TDerived>
Status resolve_contacts(const Model<S, B, D>& model, Workspace<S, B, D>& ws, const ContactCandidates<S, K>& candidates,
                        const Eigen::MatrixBase<TDerived>& tau, const RigidContactOptions<S>& options,
                        FrictionModel friction, RigidMotionWorkspace<S, B, D, K>& mw,
                        RigidMotionState<S, B, D, K>& state, RigidStepReport<S, K>& report,
                        const bool* continuing = nullptr, int gained = -1) noexcept {
  constexpr std::size_t kSlots = static_cast<std::size_t>(K);
  const int n = candidates.size();
  Status status = compute_tick_terms(model, ws, state.q, state.v, options.gravity);
  if (!status.ok()) return status;
  bool touching[kSlots] = {}, approaching[kSlots] = {}, plastic[kSlots] = {};
  bool any_approaching = false;
  for (int i = 0; i < n; ++i) {
    contact_gap(ws, candidates, i, &report.gap[i], &report.normal_velocity[i]);
    touching[i] = report.gap[i] <= options.gap_tolerance;
    const S into = i == gained ? S(0) : -options.speed_tolerance;  // the landing's: any approach
    approaching[i] = touching[i] && report.normal_velocity[i] < into;
    report.approach_velocity[i] = report.normal_velocity[i];
    any_approaching = any_approaching || approaching[i];
  }
  if (any_approaching) {
    bool any_plastic = false;
    for (int i = 0; i < n; ++i) {
      // A contact that carried force through the step and drifts in at the integrator's error
      // is a continuing contact (Liu04 Step 4), not a collision: its approach is taken out
      // plastically. The others bounce, until the Zeno rule brings them to rest.
      const bool drifting = continuing != nullptr && continuing[i];
      const bool too_slow_to_bounce = report.normal_velocity[i] >= -options.speed_tolerance;  // `gained` only
      plastic[i] = approaching[i] && (drifting || too_slow_to_bounce ||
                                      bounces_end_here(state.time, state.last_impact[i],
                                                       candidates.contacts[i].restitution, options.min_step));
      any_plastic = any_plastic || plastic[i];
    }
    // A contact that carried force into this instant takes part in the impact even while it
    // drifts apart at the integrator's error: the strike leaves out only contacts leaving faster.
    S separating = options.speed_tolerance;
    for (int i = 0; i < n; ++i)
      if (continuing != nullptr && continuing[i] && touching[i])
        separating = std::max(separating, report.normal_velocity[i] + options.speed_tolerance);
    S lost = S(0);
    status = solve_contact_impact(model, ws, candidates, touching, plastic, state.v, friction, options.max_pivots,
                                  separating, mw,
                                  mw.v_end, report.normal_impulse, &lost);
    if (!status.ok()) return status;
    state.v = mw.v_end;
    report.kinetic_energy_lost += lost;
    bool any_gained = false;
    for (int i = 0; i < n; ++i) any_gained = any_gained || (approaching[i] && !(continuing != nullptr && continuing[i]));
    if (any_gained) report.events |= kEventContactGain;
    if (any_plastic && any_gained) report.events |= kEventRest;
    for (int i = 0; i < n; ++i)
      if (approaching[i] && !(continuing != nullptr && continuing[i])) {
        state.last_impact[i] = state.time;
        if (report.event_contact < 0) report.event_contact = i;
      }
    status = compute_tick_terms(model, ws, state.q, state.v, options.gravity);
    if (!status.ok()) return status;
    for (int i = 0; i < n; ++i) contact_gap(ws, candidates, i, &report.gap[i], &report.normal_velocity[i]);
  }
  bool current[kSlots] = {}, was_active[kSlots] = {};
  for (int i = 0; i < n; ++i) {
    // A continuing contact stays in the LCP while it drifts apart at the integrator's error: the
    // LCP, not the drift, decides whether it leaves.
    current[i] = touching[i] && (report.normal_velocity[i] <= options.speed_tolerance ||
                                 (continuing != nullptr && continuing[i]));
    was_active[i] = state.active[i];
  }
  status = solve_contact_lcp(model, ws, candidates, current, tau, friction, options.max_pivots, mw, state.qdd,
                             state.normal_force, state.friction_force, state.active);
  if (!status.ok()) return status;
  for (int i = 0; i < n; ++i) {
    report.normal_force[i] = state.normal_force[i];
    if (was_active[i] && !state.active[i]) {
      report.events |= kEventContactLoss;
      if (report.event_contact < 0) report.event_contact = i;
    }
  }
  return Status::Ok();
}

/// Checks what every step of the rigid schemes is given; `step` is the scheme's nominal step h,
/// which must move state.time (common/numeric.hpp, steps_time_forward).
template <typename S, int B, int D, int K, typename TDerived>
Status validate_rigid_step(const Model<S, B, D>& model, const ContactCandidates<S, K>& candidates,
                           const Eigen::MatrixBase<TDerived>& tau, const RigidMotionState<S, B, D, K>& state,
                           S step) noexcept {
  Status status = validate_candidates(model, candidates);
  if (status.ok()) status = validate_vector(tau, model.nv(), "tau");
  if (status.ok()) status = validate_configuration(model, state.q);
  if (status.ok()) status = validate_vector(state.v, model.nv(), "state.v");
  if (status.ok() && !steps_time_forward(state.time, step)) status = Status::BadInput("state.time");
  return status;
}

/// The first step's start: no candidate deeper than options.max_start_penetration, no impact yet,
/// no contact active; then the contacts are resolved at the initial state.
template <typename S, int B, int D, int K, typename TDerived>
Status start_rigid_motion(const Model<S, B, D>& model, Workspace<S, B, D>& ws, const ContactCandidates<S, K>& candidates,
                          const Eigen::MatrixBase<TDerived>& tau, const RigidContactOptions<S>& options,
                          FrictionModel friction, RigidMotionWorkspace<S, B, D, K>& mw,
                          RigidMotionState<S, B, D, K>& state, RigidStepReport<S, K>& report) noexcept {
  Status status = forward_kinematics(model, ws, state.q, state.v);
  for (int i = 0; status.ok() && i < candidates.size(); ++i) {
    S gap, rate;
    contact_gap(ws, candidates, i, &gap, &rate);
    if (!(gap >= -options.max_start_penetration)) status = Status::BadInput("state.penetration", i);
  }
  if (!status.ok()) return status;
  for (int i = 0; i < K; ++i) {
    state.last_impact[i] = -std::numeric_limits<S>::infinity();
    state.active[i] = false;
    state.normal_force[i] = state.friction_force[i][0] = state.friction_force[i][1] = S(0);
  }
  state.qdd.resize(model.nv());
  status = resolve_contacts(model, ws, candidates, tau, options, friction, mw, state, report);
  state.started = status.ok();
  return status;
}

}  // namespace footfall::detail
FOOTFALL_HEADER_END
