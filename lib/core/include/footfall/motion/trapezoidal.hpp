#pragma once
// Liu04's variable-step scheme (§4, (27)–(29)): implicit trapezoidal integration of the ODE with
// the contact LCP solved by Lemke inside the step.
//
//  Step 1  predict (q̃, ṽ) by the trapezoidal rule (28) with the contact forces c_sᵐ held,
//          solving its implicit equations by fixed-point iteration. When a free candidate
//          would penetrate, the step h becomes an unknown fixed by that gap reaching zero,
//          Ψ_ip = 0 (Liu04's added condition), found by regula falsi on h.
//  Step 2  solve the contact LCP (29) at (q̃, ṽ) for c_sᵐ⁺¹ (Lemke, through the stance solve).
//  Step 3  solve (28) again with c_sᵐ⁺¹ for qᵐ⁺¹, vᵐ⁺¹, v̇ᵐ⁺¹.
//  Step 4  a gap below −tolerance halves h and starts again; otherwise an approaching contact
//          takes the impact LCP (14) and a touching one the contact LCP (24)–(26) for the next
//          step's v̇ and c.
//  Scoring: a step shorter than h-init scores −1, one at h-init +1; `score_limit` in a row
//          halves or doubles h-init.
// The configuration moves on its manifold: qᵐ⁺¹ = qᵐ ⊕ (h/2)(vᵐ + vᵐ⁺¹) (the exponential map
// for the free flyer, dynamics/integrate.hpp), Liu04's q + (h/2)(G vᵐ + G vᵐ⁺¹) to second order.
// Friction (options.friction) enters the LCPs (29), (24)–(26) and the impact (14) through the
// stance and strike solvers, and the held forces of (28) include it.
#include <algorithm>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/dynamics/integrate.hpp"
#include "footfall/motion/resolve_contacts.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

namespace detail {

/// Liu04 (28) over h from `start` with the contact forces (normal, friction) held: writes q̃, ṽ,
/// ṽ̇ into mw.q_stage, mw.v_stage, mw.a_stage.
template <typename S, int B, int D, int K, typename TDerived>
Status trapezoidal_predict(const Model<S, B, D>& model, Workspace<S, B, D>& ws, const ContactCandidates<S, K>& candidates,
                           const Eigen::MatrixBase<TDerived>& tau, const TrapezoidalOptions<S>& options,
                           const RigidMotionState<S, B, D, K>& start, const S* normal, const S (*friction)[2], S h,
                           RigidMotionWorkspace<S, B, D, K>& mw, int* evaluations) noexcept {
  const ContactRows rows = options.friction != FrictionModel::kNone ? ContactRows::kWithTangents : ContactRows::kNormals;
  mw.v_stage = start.v + h * start.qdd;
  for (int it = 0; it < options.max_iterations; ++it) {
    mw.tangent = S(0.5) * (start.v + mw.v_stage);
    integrate(model, start.q, mw.tangent, h, mw.q_stage);
    const Status status = held_force_acceleration(model, ws, candidates, normal, friction, rows, mw.q_stage,
                                                  mw.v_stage, tau, options.contact.gravity, mw, mw.a_stage);
    ++*evaluations;
    if (!status.ok()) return status;
    mw.v_end = start.v + (S(0.5) * h) * (start.qdd + mw.a_stage);
    const S change = (mw.v_end - mw.v_stage).template lpNorm<Eigen::Infinity>();
    const S size = S(1) + mw.v_end.template lpNorm<Eigen::Infinity>();
    mw.v_stage = mw.v_end;
    if (change <= options.iteration_tolerance * size) {
      mw.tangent = S(0.5) * (start.v + mw.v_stage);
      integrate(model, start.q, mw.tangent, h, mw.q_stage);
      return Status::Ok();
    }
  }
  return Status::IterationLimit("motion.iterations");
}

}  // namespace detail

/// Advances `state` by one accepted step of Liu04's scheme (its length chosen by the scheme:
/// report.step) and resolves the contacts at its end. τ is held over the step. On a non-ok
/// Status the state is unchanged.
template <typename S, int B, int D, int K, typename TDerived>
Status advance_trapezoidal(const Model<S, B, D>& model, Workspace<S, B, D>& ws, const ContactCandidates<S, K>& candidates,
                           const Eigen::MatrixBase<TDerived>& tau, const TrapezoidalOptions<S>& options,
                           RigidMotionWorkspace<S, B, D, K>& mw, RigidMotionState<S, B, D, K>& state,
                           RigidStepReport<S, K>& report) noexcept {
  constexpr std::size_t kSlots = static_cast<std::size_t>(K);
  report = RigidStepReport<S, K>();
  report.time = state.time;
  Status status = validate_trapezoidal_options(options);
  if (status.ok()) status = detail::validate_rigid_step(model, candidates, tau, state, options.initial_step);
  if (!status.ok()) return report.status = status;
  const RigidContactOptions<S>& co = options.contact;
  const int n = candidates.size();
  RigidMotionState<S, B, D, K> next = state;
  if (!next.started) {
    status = detail::start_rigid_motion(model, ws, candidates, tau, co, options.friction, mw, next, report);
    if (!status.ok()) return report.status = status;
    next.step = options.initial_step;
    next.score = 0;
  }
  const S h_init = next.step;
  mw.q_stage.resize(model.nq());
  mw.q_end.resize(model.nq());

  S gap_start[kSlots] = {}, gap[kSlots] = {}, rate_start[kSlots] = {}, rate[kSlots] = {};
  Vector3<S> slip_start[kSlots], slip[kSlots];
  // Only the n filled below are read; zeroed all the same, as GCC (arm-none-eabi, -O2) cannot
  // see that for a single candidate and fails the build on -Wmaybe-uninitialized.
  for (std::size_t i = 0; i < kSlots; ++i) slip_start[i] = slip[i] = Vector3<S>::Zero();
  status = forward_kinematics(model, ws, next.q, next.v);
  if (!status.ok()) return report.status = status;
  for (int i = 0; i < n; ++i) {
    contact_gap(ws, candidates, i, &gap_start[i], &rate_start[i]);
    slip_start[i] = contact_slip(ws, candidates, i);
  }
  // Penetration (Step 4): more than a tolerance below the plane, or a tolerance below where the
  // step started for a contact that carried force into it (its drift is the integrator's) or
  // started it deeper than the tolerance (a motion may start up to max_start_penetration deep,
  // which no step can undo: measured from the plane, every step of a free contact that started
  // there halved until the scheme gave up).
  const auto penetrating = [&](int i) {
    const bool from_start = next.active[i] || gap_start[i] < -co.gap_tolerance;
    const S floor = from_start ? std::min(gap_start[i], S(0)) : S(0);
    return gap[i] < floor - co.gap_tolerance;
  };
  const auto measure_gaps = [&](const typename Model<S, B, D>::ConfigVector& q) {
    const Status s = forward_kinematics(model, ws, q, mw.v_stage);
    for (int i = 0; s.ok() && i < n; ++i) {
      contact_gap(ws, candidates, i, &gap[i], &rate[i]);
      slip[i] = contact_slip(ws, candidates, i);
    }
    return s;
  };
  // A contact that carried force and slid at the step's start, whose slip has turned back by
  // the prediction: friction stopped it inside the step.
  const bool with_friction = options.friction != FrictionModel::kNone;
  const auto slip_reversed = [&](int i) {
    return with_friction && next.active[i] && slip_start[i].norm() > co.speed_tolerance &&
           slip[i].dot(slip_start[i]) <= S(0);
  };

  // Whether free candidate i lands inside the step just predicted: from above the tolerance or
  // on the plane, it ends below it (and is not at rest on it, rigid_options.hpp); from deeper,
  // where a motion may start (max_start_penetration), it sinks further, and lands at once.
  const auto landing_in_step = [&](int i) {
    if (gap_start[i] < -co.gap_tolerance) return rate_start[i] < S(0) && gap[i] < gap_start[i];
    return gap[i] < S(0) && !detail::rests_on_plane(co, gap_start[i], rate_start[i], gap[i], rate[i]);
  };

  S h = std::min(h_init, options.max_step);
  S normal[kSlots] = {}, friction[kSlots][2] = {};
  bool touching[kSlots] = {}, active[kSlots] = {}, stops[kSlots] = {};
  int landing = -1;  // the candidate whose landing ends the accepted step (−1: none)
  for (int attempt = 0;; ++attempt) {
    // Step 1: predict with cᵐ; a free candidate that would penetrate fixes h by Ψ_ip = 0.
    status = detail::trapezoidal_predict(model, ws, candidates, tau, options, next, next.normal_force,
                                         next.friction_force, h, mw, &report.evaluations);
    if (status.ok()) status = measure_gaps(mw.q_stage);
    if (!status.ok()) return report.status = status;
    landing = -1;
    S landing_fraction = S(2);
    // Free candidates that end the step below their planes: those far above at its start, and
    // those on them and leaving, whose hop ends inside the step (the root sought is then the
    // hop's landing, where the gap returns through zero, not its take-off at h = 0). One at rest
    // on its plane to the tolerances has no landing to find (rigid_options.hpp).
    for (int i = 0; i < n; ++i)
      if (!next.active[i] && landing_in_step(i)) {
        const S above = std::max(gap_start[i], S(0));
        const S fraction = above / (above - gap[i]);
        if (fraction < landing_fraction) {
          landing_fraction = fraction;
          landing = i;
        }
      }
    if (landing >= 0) {
      S lo = S(0), hi = h, g_lo = std::max(gap_start[landing], S(0)), g_hi = gap[landing];
      // A landing from far above: regula falsi (bisection when it stalls) to a gap within 1/64
      // of the tolerance below the plane. A hop's landing: bisection, as its whole depth may be
      // below that tolerance. Either stops on a bracket shorter than min_step.
      const bool hop = gap_start[landing] <= co.gap_tolerance;
      for (int it = 0; it < 60 && (hop || !(gap[landing] <= S(0) && gap[landing] >= -co.gap_tolerance / S(64))); ++it) {
        if (hi - lo < co.min_step) break;
        S trial = hop ? S(0.5) * (lo + hi) : lo + (hi - lo) * g_lo / (g_lo - g_hi);
        if (!(trial > lo && trial < hi)) trial = S(0.5) * (lo + hi);
        h = trial;
        status = detail::trapezoidal_predict(model, ws, candidates, tau, options, next, next.normal_force,
                                             next.friction_force, h, mw, &report.evaluations);
        if (status.ok()) status = measure_gaps(mw.q_stage);
        if (!status.ok()) return report.status = status;
        if (gap[landing] < S(0)) {
          hi = h;
          g_hi = gap[landing];
        } else {
          lo = h;
          g_lo = gap[landing];
        }
      }
      if (hop) {  // end on the landing's far side, where the impact is applied
        h = hi;
        status = detail::trapezoidal_predict(model, ws, candidates, tau, options, next, next.normal_force,
                                             next.friction_force, h, mw, &report.evaluations);
        if (status.ok()) status = measure_gaps(mw.q_stage);
        if (!status.ok()) return report.status = status;
      }
    }
    // A slip that friction ends inside the step is an event like a landing: the step ends where
    // the slip stops (bisection on h to min_step), and the contact is then stopped dead. Only a
    // slip that would carry the point further than gap_tolerance over the step is located so:
    // a slower one (a contact sticking but for a drift of a few µm/s from the step before) is
    // stopped at the step's end, which moves the point by less than the resolution positions
    // are held to. Locating those too made a standing quadruped's feet stop one after another
    // in steps of min_step, for ever (on the drop of examples/scenarios, from t ≈ 0.44 s).
    int stopping = -1;
    for (int i = 0; i < n && stopping < 0; ++i)
      if (slip_reversed(i) && slip_start[i].norm() * h > co.gap_tolerance) stopping = i;
    if (stopping >= 0) {
      S lo = S(0), hi = h;
      for (int it = 0; it < 60 && hi - lo >= co.min_step; ++it) {
        h = S(0.5) * (lo + hi);
        status = detail::trapezoidal_predict(model, ws, candidates, tau, options, next, next.normal_force,
                                             next.friction_force, h, mw, &report.evaluations);
        if (status.ok()) status = measure_gaps(mw.q_stage);
        if (!status.ok()) return report.status = status;
        (slip_reversed(stopping) ? hi : lo) = h;
      }
      h = hi;
      status = detail::trapezoidal_predict(model, ws, candidates, tau, options, next, next.normal_force,
                                           next.friction_force, h, mw, &report.evaluations);
      if (status.ok()) status = measure_gaps(mw.q_stage);
      if (!status.ok()) return report.status = status;
    }
    for (int i = 0; i < n; ++i) stops[i] = slip_reversed(i);
    // Step 2: the contact LCP (29) at the prediction.
    status = compute_tick_terms(model, ws, mw.q_stage, mw.v_stage, co.gravity);
    if (!status.ok()) return report.status = status;
    for (int i = 0; i < n; ++i) {
      S g, r;
      contact_gap(ws, candidates, i, &g, &r);
      // Contacts that carried force go on carrying it (their rates drift at the integrator's
      // error); a contact arriving with speed takes the impact at the step's end instead.
      touching[i] = g <= co.gap_tolerance && (next.active[i] || std::abs(r) <= co.speed_tolerance);
    }
    status = detail::solve_contact_lcp(model, ws, candidates, touching, tau, options.friction, co.max_pivots, mw,
                                       mw.a_end, normal, friction, active);
    ++report.evaluations;
    if (!status.ok()) return report.status = status;
    // Step 3: (28) again with cᵐ⁺¹.
    status = detail::trapezoidal_predict(model, ws, candidates, tau, options, next, normal, friction, h, mw,
                                         &report.evaluations);
    if (status.ok()) status = measure_gaps(mw.q_stage);
    if (!status.ok()) return report.status = status;
    // Step 4: penetration halves the step.
    bool deep = false;
    for (int i = 0; i < n; ++i) deep = deep || penetrating(i);
    if (!deep) break;
    if (attempt >= options.max_halvings || h * S(0.5) < co.min_step)
      return report.status = Status::IterationLimit("motion.halvings");
    h *= S(0.5);
    ++report.halvings;
    report.events |= kEventStepHalved;
  }

  next.q = mw.q_stage;
  next.v = mw.v_stage;
  next.qdd = mw.a_stage;
  next.time += h;
  for (int i = 0; i < n; ++i) {
    next.normal_force[i] = normal[i];
    next.friction_force[i][0] = friction[i][0];
    next.friction_force[i][1] = friction[i][1];
  }
  // Step 4's second half: an impact (14) for the contacts that arrived, the LCP (24)–(26).
  // The contacts that carried force through the step drift off their planes at the
  // integrator's error, which Liu04 leaves to accumulate, and a contact that arrives ends the
  // step up to a tolerance inside its plane, from where its rebound would start lower each
  // time: both are projected back onto their planes (rigid_dynamics.hpp) before the impact.
  bool carried[kSlots] = {}, onto_plane[kSlots] = {};
  status = forward_kinematics(model, ws, next.q, next.v);
  if (!status.ok()) return report.status = status;
  for (int i = 0; i < n; ++i) {
    S g, r;
    contact_gap(ws, candidates, i, &g, &r);
    carried[i] = next.active[i] && normal[i] > S(0);
    onto_plane[i] = carried[i] || (g <= co.gap_tolerance && r < -co.speed_tolerance);
  }
  status = detail::project_onto_contacts(model, ws, candidates, onto_plane, mw, next.q, next.v);
  if (!status.ok()) return report.status = status;
  // The slips that friction ended inside the step are stopped.
  bool any_stopped = false;
  for (int i = 0; i < n; ++i) {
    stops[i] = stops[i] && carried[i];
    any_stopped = any_stopped || stops[i];
  }
  if (any_stopped) status = detail::stop_contacts(model, ws, candidates, stops, mw, next.q, next.v);
  if (!status.ok()) return report.status = status;
  status = detail::resolve_contacts(model, ws, candidates, tau, co, options.friction, mw, next, report, carried, landing);
  if (!status.ok()) return report.status = status;

  // Liu04's scoring of the step against h-init.
  next.score = h < h_init ? std::min(next.score, 0) - 1 : std::max(next.score, 0) + 1;
  if (next.score <= -options.score_limit) {
    next.step = std::max(h_init * S(0.5), co.min_step);
    next.score = 0;
  } else if (next.score >= options.score_limit) {
    next.step = std::min(h_init * S(2), options.max_step);
    next.score = 0;
  }
  report.step = h;
  state = next;
  report.time = state.time;
  return report.status = Status::Ok();
}

}  // namespace footfall
FOOTFALL_HEADER_END
