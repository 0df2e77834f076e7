#pragma once
// Soft contact (RBDA §11.8): contact forces from positions, velocities and a small surface state
// alone, so that any forward dynamics integrates them as known external forces.
//
// Normal, the linear surface of RBDA Fig. 11.10: a massless patch S on a spring K_n and damper D_n
// in parallel. With p the body point's gap to the undeformed plane (φ) and z the patch's
// position, the patch obeys ż = −(K_n z + f_n)/D_n (11.73)/(11.76) and
//   f_n = 0 if p > z,   f_n = max(0, −K_n z − D_n ṗ) if p = z         (11.74)/(11.75).
// In contact z = p, so no state is needed; out of it f_n = 0 and (11.73) has the exact solution
// z = z₀·e^(−K_n(t − t₀)/D_n) from the loss of contact at (t₀, z₀) — the only state kept. The
// patch can lag the body on the way out (the damper holds it down), so a body that falls back
// soon meets a surface still depressed.
//
// Normal, Hunt–Crossley (Marhefka and Orin 1999), for colliding solids: with the penetration
// δ = −φ > 0, f_n = max(0, k δⁿ + λ δⁿ δ̇); no surface state (the force vanishes with δ, so the
// patch is back on the plane when the body leaves).
//
// Tangential (11.77)–(11.79): a second patch displaced x in the plane, on K_t and D_t. The force
// that keeps it under the body point (ẋ = v, the slip) is f_stick = −K_t x − D_t v (11.78); the
// friction force is f_stick while inside the cone |f| ≤ μ f_n and μ f_n along f_stick otherwise
// (11.79, taken as a vector in the plane), and x moves by ẋ = −(K_t x + f_t)/D_t (11.77): with
// the body while sticking, relaxing towards −f_t/K_t while sliding or out of contact, integrated
// exactly over a step for the force held.
#include <cmath>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/dynamics/aba.hpp"
#include "footfall/dynamics/energy.hpp"
#include "footfall/dynamics/integrate.hpp"
#include "footfall/dynamics/jacobians.hpp"
#include "footfall/motion/contact_gaps.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// The soft contact's normal force law: a linear spring-damper surface, or Hunt–Crossley's
/// k δⁿ + λ δⁿ δ̇ (Hunt–Crossley 1975).
enum class SoftNormalLaw : unsigned char { kLinearSurface = 0, kHuntCrossley };

/// The law's name, as the host tool prints it.
constexpr const char* to_string(SoftNormalLaw law) noexcept {
  return law == SoftNormalLaw::kLinearSurface ? "linear_surface" : "hunt_crossley";
}

/// The soft-contact model's constants, the same for every candidate: the normal law with its
/// spring and damper, and the tangential patch's (each candidate's μ is its Contact's).
template <typename S>
struct SoftContactParameters {
  SoftNormalLaw law = SoftNormalLaw::kLinearSurface;  ///< the normal force: the linear surface or Hunt–Crossley
  S normal_stiffness = S(2e4);  ///< K_n (N/m), or Hunt–Crossley's k (N/mⁿ)
  S normal_damping = S(2e2);    ///< D_n (N s/m), or Hunt–Crossley's λ (N s/mⁿ⁺¹)
  S exponent = S(1.5);          ///< Hunt–Crossley's n (1.5: Hertz's sphere)
  S tangential_stiffness = S(2e4);  ///< K_t (N/m)
  S tangential_damping = S(2e2);    ///< D_t (N s/m)
};

/// Checks the soft-contact constants: Status::BadInput naming the first one out of range.
template <typename S>
Status validate_soft_parameters(const SoftContactParameters<S>& p) noexcept {
  if (static_cast<int>(p.law) > static_cast<int>(SoftNormalLaw::kHuntCrossley)) return Status::BadInput("soft.law");
  if (!is_finite(p.normal_stiffness) || !(p.normal_stiffness > S(0))) return Status::BadInput("soft.normal_stiffness");
  // The linear surface divides by D_n (its relaxation); Hunt–Crossley may be undamped.
  const bool linear = p.law == SoftNormalLaw::kLinearSurface;
  if (!is_finite(p.normal_damping) || !(linear ? p.normal_damping > S(0) : p.normal_damping >= S(0)))
    return Status::BadInput("soft.normal_damping");
  if (!is_finite(p.exponent) || !(p.exponent >= S(1))) return Status::BadInput("soft.exponent");
  if (!is_finite(p.tangential_stiffness) || !(p.tangential_stiffness > S(0)))
    return Status::BadInput("soft.tangential_stiffness");
  if (!is_finite(p.tangential_damping) || !(p.tangential_damping > S(0))) return Status::BadInput("soft.tangential_damping");
  return Status::Ok();
}

/// The surface state of each candidate: whether its normal patch is under the body point, and if
/// not, where and when it was left (z₀ ≤ 0 at t₀); the tangential patch's displacement x (world,
/// in the plane).
/// (The NOLINT: clang-tidy 14 reports the index __i0 of the implicit copy of an array member.)
template <typename S, int K>
struct SoftContactState {  // NOLINT(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp)
  static constexpr std::size_t kSlots = static_cast<std::size_t>(K);  ///< K, as an array extent
  bool in_contact[kSlots] = {};  ///< the normal patch is under the body point, z = p (linear surface only)
  S left_at[kSlots] = {};      ///< t₀
  S left_depth[kSlots] = {};   ///< z₀
  Vector3<S> displacement[kSlots];  ///< x

  SoftContactState() noexcept {
    for (auto& x : displacement) x = Vector3<S>::Zero();
  }
};

/// One candidate's forces at an instant.
template <typename S>
struct SoftContactForce {
  S normal = S(0);                       ///< f_n ≥ 0
  Vector3<S> friction = Vector3<S>::Zero();  ///< f_t, world, in the plane
  bool touching = false;  ///< the body point is on its patch (p ≤ z)
  bool sticking = false;  ///< f_stick inside the cone
  S surface = S(0);       ///< z: the normal patch's position (0 for Hunt–Crossley)
};

/// z(t) of candidate i's normal patch: the gap itself while in contact, else its exact relaxation
/// z₀·e^(−K_n(t − t₀)/D_n) (11.73 with f_n = 0).
template <typename S, int K>
S soft_surface_position(const SoftContactParameters<S>& p, const SoftContactState<S, K>& state, int i, S gap,
                        S time) noexcept {
  if (p.law == SoftNormalLaw::kHuntCrossley) return S(0);
  if (state.in_contact[i]) return gap;
  const S elapsed = std::max(time - state.left_at[i], S(0));
  return state.left_depth[i] * std::exp(-p.normal_stiffness * elapsed / p.normal_damping);
}

namespace detail {

/// Candidate i's forces from its gap φ, normal velocity φ̇, slip and state (all validated).
template <typename S, int K>
SoftContactForce<S> soft_force(const SoftContactParameters<S>& p, const SoftContactState<S, K>& state,
                               const ContactCandidates<S, K>& candidates, int i, S gap, S rate, const Vector3<S>& slip,
                               S time) noexcept {
  SoftContactForce<S> f;
  if (p.law == SoftNormalLaw::kHuntCrossley) {
    f.touching = gap < S(0);
    if (f.touching) {
      const S depth = -gap, power = std::pow(depth, p.exponent);
      f.normal = std::max(S(0), p.normal_stiffness * power + p.normal_damping * power * (-rate));
    }
  } else {
    f.surface = soft_surface_position(p, state, i, gap, time);
    f.touching = gap <= f.surface;
    if (f.touching) f.normal = std::max(S(0), -p.normal_stiffness * gap - p.normal_damping * rate);  // z = p
  }
  if (f.normal > S(0)) {
    const Vector3<S> stick = -p.tangential_stiffness * state.displacement[i] - p.tangential_damping * slip;  // (11.78)
    const S limit = candidates.contacts[i].mu * f.normal, size = stick.norm();
    f.sticking = size <= limit;
    f.friction = f.sticking ? stick : stick * (limit / size);  // (11.79): on the cone's edge along f_stick
  }
  return f;
}

}  // namespace detail

/// Every candidate's forces at the workspace's kinematics (forward_kinematics at q, v) and time.
template <typename S, int B, int D, int K>
Status soft_contact_forces(const Model<S, B, D>& model, const Workspace<S, B, D>& ws,
                           const ContactCandidates<S, K>& candidates, const SoftContactParameters<S>& parameters,
                           const SoftContactState<S, K>& state, S time, SoftContactForce<S>* forces) noexcept {
  if (!(ws.stage & Workspace<S, B, D>::kKinematics)) return Status::BadInput("workspace.kinematics");
  Status status = validate_soft_parameters(parameters);
  if (status.ok()) status = validate_candidates(model, candidates);
  if (status.ok() && !is_finite(time)) status = Status::BadInput("time");
  if (!status.ok()) return status;
  for (int i = 0; i < candidates.size(); ++i) {
    S gap, rate;
    contact_gap(ws, candidates, i, &gap, &rate);
    forces[i] = detail::soft_force(parameters, state, candidates, i, gap, rate, contact_slip(ws, candidates, i), time);
  }
  return Status::Ok();
}

/// The state of a soft-contact motion, advanced in place by advance_soft_contact (on a non-ok
/// Status it is left unchanged). The caller sets time, q and v; the surface state starts relaxed.
template <typename S, int B, int D, int K>
struct SoftMotionState {
  S time = S(0);                             ///< t (s)
  typename Model<S, B, D>::ConfigVector q;   ///< the configuration (nq entries)
  typename Model<S, B, D>::TangentVector v;  ///< the joint velocities (nv entries)
  SoftContactState<S, K> contact;            ///< each candidate's surface state
  S contact_work = S(0);  ///< ∫ τ_cᵀ v dt since the start: KE + PE − this stays constant
};

/// (The NOLINT: clang-tidy 14 reports the index __i0 of the implicit copy of an array member.)
template <typename S, int K>
struct SoftStepReport {  // NOLINT(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp)
  static constexpr std::size_t kSlots = static_cast<std::size_t>(K);  ///< K, as an array extent
  Status status;  ///< ok, or why the step was refused (the state is then unchanged)
  S time = S(0);                      ///< the step's end
  S step = S(0);                      ///< its length h
  S gap[kSlots] = {};                 ///< at the step's start
  S normal_velocity[kSlots] = {};     ///< φ̇ at the step's start
  SoftContactForce<S> force[kSlots];  ///< at the step's start, held over it
  S contact_work = S(0);    ///< the forces' work over the step, τ_cᵀ (v + v⁺)/2 · h
  S stored_energy = S(0);   ///< in the patches' springs at the step's end: ½K_n z² + ½K_t |x|² (linear)
};

/// The scratch of advance_soft_contact: the caller owns it, but nothing in it is a result to rely
/// on; SoftMotionState and SoftStepReport hold the answers.
template <typename S, int B, int D>
struct SoftMotionWorkspace {
  /// @name Scratch of advance_soft_contact (not for the caller)
  /// The step's joint torques, its end state and a candidate's point Jacobian.
  ///@{
  typename Model<S, B, D>::TangentVector tau, tau_contact, v_end;  ///< tau = τ + τ_c; tau_contact = τ_c = Σ Jᵀf; v_end = v⁺
  typename Model<S, B, D>::ConfigVector q_end;  ///< q⁺
  Eigen::Matrix<S, 3, Eigen::Dynamic, 0, 3, D> jacobian;  ///< J of a candidate's point (3 × nv, world velocity)
  ///@}
};

/// One step h of semi-implicit Euler with the soft forces held from the step's start: v⁺ = v +
/// h·ABA(q, v, τ + τ_c), q⁺ = q ⊕ h v⁺ (the exponential map for a free body), then each
/// candidate's surface state over the step (its loss of contact, the tangential patch's exact
/// relaxation or its following the body). Bounded; on a non-ok Status the state is unchanged. A
/// step whose motion, work or stored energy would leave the scalar's range is refused as
/// "soft.overflow" (index −1).
template <typename S, int B, int D, int K, typename TDerived>
Status advance_soft_contact(const Model<S, B, D>& model, Workspace<S, B, D>& ws,
                            const ContactCandidates<S, K>& candidates, const Eigen::MatrixBase<TDerived>& tau,
                            const SoftContactParameters<S>& parameters, const Vector3<S>& gravity, S step,
                            SoftMotionWorkspace<S, B, D>& mw, SoftMotionState<S, B, D, K>& state,
                            SoftStepReport<S, K>& report) noexcept {
  report = SoftStepReport<S, K>();
  report.time = state.time;
  Status status = validate_vector(tau, model.nv(), "tau");
  if (status.ok() && !(is_finite(step) && step > S(0))) status = Status::BadInput("step");
  if (status.ok() && !steps_time_forward(state.time, step)) status = Status::BadInput("state.time");
  if (status.ok() && !all_finite(gravity)) status = Status::BadInput("gravity");
  if (status.ok()) status = forward_kinematics(model, ws, state.q, state.v);
  if (status.ok()) status = soft_contact_forces(model, ws, candidates, parameters, state.contact, state.time, report.force);
  if (!status.ok()) return report.status = status;
  const int n = candidates.size();
  S gap[static_cast<std::size_t>(K)] = {};
  Vector3<S> slip[static_cast<std::size_t>(K)];
  for (Vector3<S>& s : slip) s.setZero();
  mw.tau_contact.setZero(model.nv());
  for (int i = 0; i < n; ++i) {
    contact_gap(ws, candidates, i, &gap[i], &report.normal_velocity[i]);
    slip[i] = contact_slip(ws, candidates, i);
    const SoftContactForce<S>& f = report.force[i];
    if (!f.touching) continue;
    const Contact<S>& c = candidates.contacts[i];
    mw.jacobian.resize(3, model.nv());
    status = point_jacobian(model, ws, c.body, detail::contact_point(ws, c), mw.jacobian);
    if (!status.ok()) return report.status = status;
    mw.tau_contact.noalias() += mw.jacobian.transpose() * (c.normal * f.normal + f.friction);
  }
  mw.tau = tau + mw.tau_contact;
  status = aba(model, ws, state.q, state.v, mw.tau, gravity);
  if (!status.ok()) return report.status = status;
  mw.v_end = state.v + step * ws.qdd;
  mw.q_end.resize(model.nq());
  status = integrate(model, state.q, mw.v_end, step, mw.q_end);
  if (!status.ok()) return report.status = status;
  // The work of τ_c over the step, on the mean velocity.
  report.contact_work = step * S(0.5) * mw.tau_contact.dot(state.v + mw.v_end);

  // The surface states over the step (from what held at its start), on a copy until the step
  // is known to be whole.
  const S end = state.time + step;
  const S a = parameters.tangential_stiffness / parameters.tangential_damping, decay = std::exp(-a * step);
  SoftContactState<S, K> contact = state.contact;
  for (int i = 0; i < n; ++i) {
    const SoftContactForce<S>& f = report.force[i];
    if (parameters.law == SoftNormalLaw::kLinearSurface) {
      const bool holding = f.touching && f.normal > S(0);
      if (contact.in_contact[i] && !holding) {  // lost: the patch starts relaxing from here
        contact.left_at[i] = state.time;
        contact.left_depth[i] = std::min(gap[i], S(0));
      }
      contact.in_contact[i] = holding;
    }
    Vector3<S>& x = contact.displacement[i];
    if (f.normal > S(0) && f.sticking)
      x += step * slip[i];  // the patch follows the body point (ẋ = v)
    else  // (11.77) with f_t held: x → −f_t/K_t at the rate K_t/D_t, exactly
      x = x * decay - (f.friction / parameters.tangential_stiffness) * (S(1) - decay);
  }
  for (int i = 0; i < n; ++i) {
    report.gap[i] = gap[i];
    if (parameters.law == SoftNormalLaw::kLinearSurface) {
      const S z = soft_surface_position(parameters, contact, i, gap[i], end);
      report.stored_energy += S(0.5) * parameters.normal_stiffness * z * z;
    }
    report.stored_energy += S(0.5) * parameters.tangential_stiffness * contact.displacement[i].squaredNorm();
  }
  // Finite inputs can still take the step beyond the scalar: a candidate pressed in far enough,
  // or a stiffness, τ or v large enough, gives forces whose velocity change, or whose work or
  // stored energy, overflows (a point pressed 1e117 m in: v⁺ 5e237 m/s and q⁺ NaN). Such a step is
  // refused, and the state is left as it was.
  bool whole = all_finite(mw.v_end) && all_finite(mw.q_end) && is_finite(report.contact_work) &&
               is_finite(report.stored_energy);
  for (int i = 0; i < n; ++i) whole = whole && all_finite(contact.displacement[i]);
  if (!whole) {
    report = SoftStepReport<S, K>();
    report.time = state.time;
    return report.status = Status::BadInput("soft.overflow");
  }
  state.q = mw.q_end;
  state.v = mw.v_end;
  state.contact = contact;
  state.time = end;
  state.contact_work += report.contact_work;
  report.time = end;
  report.step = step;
  return report.status = Status::Ok();
}

}  // namespace footfall
FOOTFALL_HEADER_END
