#pragma once
// Event-driven rigid contact, RBDA Table 11.1: integrate with the active contacts as equality
// constraints, watch for the events that change the contact situation, interpolate to the
// earliest, resolve it, go on.
//
//  - Integration: Heun's method of RBDA (11.50), k₁ = f(y₀), k₂ = f(y₀ + ⅔hk₁),
//    y₁ = y₀ + h(¼k₁ + ¾k₂), second order, on y = (q, v). The configuration moves on its
//    manifold: q(δ) = q₀ ⊕ h((δ − ¾δ²)v₀ + ¾δ²v_k₂) with the free flyer's exponential map
//    (dynamics/integrate.hpp; MLS94 ch. 2), never q + Ṙh.
//  - Events (step 2): a gap closing (contact gain) and an active contact's force turning
//    negative; a contact at rest on its plane, to the options' tolerances, is not gained. Each
//    is located on the step's own interpolant, RBDA (11.51)
//    y(δ) = y₀ + h((δ − ¾δ²)k₁ + ¾δ²k₂), by bisection in δ (step 3).
//  - At the earliest event the step ends there: a gain applies the impact LCP with every
//    touching contact in it (step 4, the strike's solver), a negative force re-solves the
//    contact LCP (step 6), and either way the LCP's basic solution names the new current and
//    active sets (RBDA §11.4: the positive forces' normals are independent).
//  - A bounce sequence ends in rest by the Zeno rule of rigid_options.hpp.
//  - After a step that met no event, the active contacts are projected back onto their planes
//    in position and in normal velocity (post-stabilisation; the optional Baumgarte terms act
//    within the step).
//
// The scheme is frictionless: sticking and slipping would add events of their own (a slip
// velocity reaching zero, a friction force reaching the cone), which it does not watch. A
// candidate with μ > 0 is refused; the fixed-step scheme and soft contact take friction.
#include "footfall/common/header_diagnostics.hpp"
#include "footfall/dynamics/integrate.hpp"
#include "footfall/motion/resolve_contacts.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

namespace detail {

/// y(δ) of RBDA (11.51) for the step from (q₀, v₀) with k₁ = (v₀, a₀) and k₂ = (v_k₂, a_k₂).
template <typename S, int B, int D, int K>
void heun_interpolate(const Model<S, B, D>& model, const RigidMotionState<S, B, D, K>& start,
                      RigidMotionWorkspace<S, B, D, K>& mw, S h, S delta) noexcept {
  const S first = h * (delta - S(0.75) * delta * delta), second = h * S(0.75) * delta * delta;
  mw.tangent = first * start.v + second * mw.v_stage;
  integrate(model, start.q, mw.tangent, S(1), mw.q_end);
  mw.v_end = start.v + first * start.qdd + second * mw.a_stage;
}

/// Whether candidate i has the gap function of an active candidate (the same body, point, normal
/// and plane): the equality constraint that holds that one at φ = 0 holds it too, so it has no
/// gain of its own to watch. The contact LCP's basic solution makes only one of such a pair
/// active (RBDA §11.4), and the other's gap is the active one's integration drift, which read as a
/// gain would end every step early, before the post-stabilisation that removes the drift.
template <typename S, int K>
bool held_by_active(const ContactCandidates<S, K>& candidates, const bool* active, int i) noexcept {
  const Contact<S>& c = candidates.contacts[i];
  for (int j = 0; j < candidates.size(); ++j) {
    const Contact<S>& a = candidates.contacts[j];
    if (active[j] && a.body == c.body && a.point == c.point && a.normal == c.normal &&
        candidates.plane_offset[j] == candidates.plane_offset[i])
      return true;
  }
  return false;
}

}  // namespace detail

/// Advances `state` by one step of options.step, or to the earliest event inside it, and
/// resolves that event. τ is held over the step. The first call starts the motion: it resolves
/// the contacts at the initial state (an impact if a touching candidate approaches) first.
/// On a non-ok Status the state is unchanged.
template <typename S, int B, int D, int K, typename TDerived>
Status advance_event_driven(const Model<S, B, D>& model, Workspace<S, B, D>& ws,
                            const ContactCandidates<S, K>& candidates, const Eigen::MatrixBase<TDerived>& tau,
                            const EventDrivenOptions<S>& options, RigidMotionWorkspace<S, B, D, K>& mw,
                            RigidMotionState<S, B, D, K>& state, RigidStepReport<S, K>& report) noexcept {
  using Tangent = typename Model<S, B, D>::TangentVector;
  constexpr std::size_t kSlots = static_cast<std::size_t>(K);
  report = RigidStepReport<S, K>();
  report.time = state.time;
  Status status = validate_event_driven_options(options);
  if (status.ok()) status = detail::validate_rigid_step(model, candidates, tau, state, options.step);
  for (int i = 0; status.ok() && i < candidates.size(); ++i)
    if (candidates.contacts[i].mu != S(0)) status = Status::BadInput("candidates.mu", i);
  if (!status.ok()) return report.status = status;
  const RigidContactOptions<S>& co = options.contact;
  const int n = candidates.size();
  if (!state.started) {
    RigidMotionState<S, B, D, K> trial = state;
    status = detail::start_rigid_motion(model, ws, candidates, tau, co, FrictionModel::kNone, mw, trial, report);
    if (!status.ok()) return report.status = status;
    state = trial;
  }

  // Heun's stages (RBDA (11.50)); k₁ = (v₀, q̈₀) is the state's own.
  mw.q_stage.resize(model.nq());
  mw.q_end.resize(model.nq());
  const S h = options.step;
  Tangent a_probe;
  S lambda_stage[kSlots] = {}, lambda_end[kSlots] = {}, gap_start[kSlots] = {}, rate_start[kSlots] = {};
  status = forward_kinematics(model, ws, state.q, state.v);
  if (!status.ok()) return report.status = status;
  for (int i = 0; i < n; ++i) contact_gap(ws, candidates, i, &gap_start[i], &rate_start[i]);
  mw.tangent = (S(2) / S(3)) * h * state.v;
  integrate(model, state.q, mw.tangent, S(1), mw.q_stage);
  mw.v_stage = state.v + (S(2) / S(3)) * h * state.qdd;
  status = detail::constrained_acceleration(model, ws, candidates, state.active, mw.q_stage, mw.v_stage, tau, co.gravity,
                                            options.stabilization_time, mw, mw.a_stage, lambda_stage);
  ++report.evaluations;
  if (status.ok()) {
    detail::heun_interpolate(model, state, mw, h, S(1));
    status = detail::constrained_acceleration(model, ws, candidates, state.active, mw.q_end, mw.v_end, tau, co.gravity,
                                              options.stabilization_time, mw, a_probe, lambda_end);
    ++report.evaluations;
  }
  if (!status.ok()) return report.status = status;

  // Which events happened inside the step, and where each starts (δ where its function < 0).
  S earliest = S(2);
  int which = -1;
  unsigned kind = kEventNone;
  S gap_end[kSlots] = {}, rate_end[kSlots] = {};
  status = forward_kinematics(model, ws, mw.q_end, mw.v_end);
  if (!status.ok()) return report.status = status;
  for (int i = 0; i < n; ++i) contact_gap(ws, candidates, i, &gap_end[i], &rate_end[i]);
  const auto gap_at = [&](int i, S delta, S* gap, S* rate) {
    detail::heun_interpolate(model, state, mw, h, delta);
    forward_kinematics(model, ws, mw.q_end, mw.v_end);
    contact_gap(ws, candidates, i, gap, rate);
  };
  for (int i = 0; i < n; ++i) {
    S lo = S(0), hi = S(-1);
    bool force_event = false;
    if (state.active[i]) {
      if (lambda_stage[i] < S(0)) hi = S(2) / S(3);
      if (lambda_end[i] < S(0) && hi < S(0)) hi = S(1);
      force_event = true;
    } else if (detail::held_by_active(candidates, state.active, i) ||
               detail::rests_on_plane(co, gap_start[i], rate_start[i], gap_end[i], rate_end[i])) {
      continue;  // no gain to watch
    } else if (gap_start[i] > S(0)) {
      if (gap_end[i] < S(0)) hi = S(1);  // the gap closes inside the step
    } else if (gap_end[i] < S(0) && rate_end[i] < S(0)) {
      // It starts on the plane (just bounced, or resting without force) and ends below it,
      // coming down: if it rose above the plane in between, the gain is where it comes back
      // through zero after the top of its hop; if it never rose, the hop is below what the
      // step resolves and the contact is gained at its top.
      S top_lo = S(0), top_hi = S(1), gap, rate;
      for (int it = 0; it < options.max_location_iterations && (top_hi - top_lo) * h > options.event_time_tolerance; ++it) {
        const S mid = S(0.5) * (top_lo + top_hi);
        gap_at(i, mid, &gap, &rate);
        (rate > S(0) ? top_lo : top_hi) = mid;
      }
      gap_at(i, top_hi, &gap, &rate);
      if (gap > S(0)) {
        lo = top_hi;
        hi = S(1);
      } else if (top_hi < earliest) {
        earliest = top_hi;
        which = i;
        kind = kEventContactGain;
        continue;
      }
    }
    if (hi < S(0)) continue;
    // Bisection of the event function (λᵢ or φᵢ) on [lo, hi]: ≥ 0 at lo, < 0 at hi.
    for (int it = 0; it < options.max_location_iterations && (hi - lo) * h > options.event_time_tolerance; ++it) {
      const S mid = S(0.5) * (lo + hi);
      S value, rate;
      if (force_event) {
        S lambda[kSlots] = {};
        detail::heun_interpolate(model, state, mw, h, mid);
        status = detail::constrained_acceleration(model, ws, candidates, state.active, mw.q_end, mw.v_end, tau,
                                                  co.gravity, options.stabilization_time, mw, a_probe, lambda);
        ++report.evaluations;
        if (!status.ok()) return report.status = status;
        value = lambda[i];
      } else {
        gap_at(i, mid, &value, &rate);
      }
      (value < S(0) ? hi : lo) = mid;
    }
    if (hi < earliest) {
      earliest = hi;
      which = i;
      kind = force_event ? kEventNegativeForce : kEventContactGain;
    }
  }

  RigidMotionState<S, B, D, K> next = state;
  if (which < 0) {  // no event: the whole step
    detail::heun_interpolate(model, state, mw, h, S(1));
    next.q = mw.q_end;
    next.v = mw.v_end;
    next.time = state.time + h;
    // The active contacts hold φ̈ = 0 only to the integrator's error, which RBDA leaves to
    // accumulate: a standing quadruped's loaded feet drifted up at ~9 µm/s. Their gaps and normal
    // velocities are projected back to zero (post-stabilisation, rigid_dynamics.hpp), as the
    // trapezoidal scheme projects its carried contacts, before q̈ and λ are taken there.
    status = detail::project_onto_contacts(model, ws, candidates, next.active, mw, next.q, next.v);
    if (status.ok()) status = detail::project_rates_onto_contacts(model, ws, candidates, next.active, mw, next.q, next.v);
    if (status.ok())
      status = detail::constrained_acceleration(model, ws, candidates, next.active, next.q, next.v, tau, co.gravity,
                                                options.stabilization_time, mw, next.qdd, next.normal_force);
    ++report.evaluations;
    if (status.ok()) status = forward_kinematics(model, ws, next.q, next.v);
    if (!status.ok()) return report.status = status;
    for (int i = 0; i < n; ++i) {
      contact_gap(ws, candidates, i, &report.gap[i], &report.normal_velocity[i]);
      report.approach_velocity[i] = report.normal_velocity[i];
      report.normal_force[i] = next.normal_force[i];
    }
    report.step = h;
  } else {  // the earliest event: interpolate to it and resolve it (RBDA Table 11.1 steps 3–6)
    detail::heun_interpolate(model, state, mw, h, earliest);
    next.q = mw.q_end;
    next.v = mw.v_end;
    next.time = state.time + earliest * h;
    report.events |= kind;
    report.event_contact = which;
    status = detail::resolve_contacts(model, ws, candidates, tau, co, FrictionModel::kNone, mw, next, report, nullptr,
                                      kind == kEventContactGain ? which : -1);
    if (!status.ok()) return report.status = status;
    report.step = earliest * h;
  }
  state = next;
  report.time = state.time;
  return report.status = Status::Ok();
}

}  // namespace footfall
FOOTFALL_HEADER_END
