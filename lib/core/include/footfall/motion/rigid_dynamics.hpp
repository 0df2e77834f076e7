#pragma once
// The evaluations the rigid-contact simulators are built from, each at one state (q, v):
//  - the acceleration with the active contacts as equality constraints (RBDA Table 11.1 step 1):
//    W_AA λ_A = −d_A (+ Baumgarte), q̈ = H⁻¹(τ − C) + H⁻¹T_A λ_A (RBDA (11.35), (11.36));
//  - the acceleration with given contact forces held (Liu04 (28));
//  - the contact LCP of the touching contacts (RBDA (11.42), Liu04 (24)–(26), (29)), whose basic
//    solution names the new active set (λ > 0);
//  - the impact LCP of contact gain (RBDA §11.7, Liu04 (11)–(15)) with the Zeno rule.
// All reuse the stance and strike solvers, so their answers are checked before they are used.
#include "footfall/common/header_diagnostics.hpp"
#include "footfall/dynamics/energy.hpp"
#include "footfall/dynamics/integrate.hpp"
#include "footfall/dynamics/tick_terms.hpp"
#include "footfall/motion/rigid_options.hpp"
#include "footfall/motion/rigid_state.hpp"
#include "footfall/stance/solve_stance.hpp"
#include "footfall/strike/solve_strike.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall::detail {

/// Copies the candidates that `mask` selects into mw.subset, remembering their indices.
template <typename S, int B, int D, int K>
void select_candidates(const ContactCandidates<S, K>& candidates, const bool* mask, RigidMotionWorkspace<S, B, D, K>& mw) noexcept {
  mw.subset.clear();
  for (int i = 0; i < candidates.size(); ++i)
    if (mask[i]) {
      mw.index[mw.subset.count] = i;
      mw.subset.contacts[mw.subset.count++] = candidates.contacts[i];
    }
}

/// q̈ and λ (per candidate, 0 if not active) at (q, v) with the active contacts held by
/// equality constraints, their normal accelerations set to Baumgarte's −2φ̇/τ − φ/τ² (or 0).
/// Active contacts must have independent normals (RBDA Table 11.1: the active set is a basis);
/// if W_AA is not positive definite the Status says so.
template <typename S, int B, int D, int K, typename QDerived, typename VDerived, typename TDerived>
Status constrained_acceleration(const Model<S, B, D>& model, Workspace<S, B, D>& ws,
                                const ContactCandidates<S, K>& candidates, const bool* active,
                                const Eigen::MatrixBase<QDerived>& q, const Eigen::MatrixBase<VDerived>& v,
                                const Eigen::MatrixBase<TDerived>& tau, const Vector3<S>& gravity, S stabilization_time,
                                RigidMotionWorkspace<S, B, D, K>& mw, typename Model<S, B, D>::TangentVector& qdd,
                                S* lambda) noexcept {
  Status status = compute_tick_terms(model, ws, q, v, gravity);
  if (!status.ok()) return status;
  select_candidates(candidates, active, mw);
  ContactDynamics<S, D, K>& cd = mw.stance.contact;
  status = compute_contact_dynamics(model, ws, mw.subset, tau, ContactRows::kNormals, cd);
  if (!status.ok()) return status;
  for (int i = 0; i < candidates.size(); ++i) lambda[i] = S(0);
  qdd = cd.free_acceleration;
  const int na = mw.subset.count;
  if (na == 0) return Status::Ok();
  typename SmallLdlt<S, K>::Matrix w = SmallLdlt<S, K>::Matrix::Zero();
  w.topLeftCorner(na, na) = cd.delassus;
  if (!mw.equality.compute(w, na)) return Status::CheckFailed("motion.active_set");
  for (int j = 0; j < na; ++j) {
    S target = S(0);
    if (stabilization_time > S(0)) {
      S gap, rate;
      contact_gap(ws, candidates, mw.index[j], &gap, &rate);
      target = -S(2) * rate / stabilization_time - gap / (stabilization_time * stabilization_time);
    }
    mw.rhs(j) = target - cd.free_contact_acceleration.coeff(j);
  }
  mw.equality.solve_in_place(mw.rhs);
  detail::apply_contact_force_acceleration(model, ws, cd, mw.rhs.head(na), mw.tangent);
  qdd += mw.tangent;
  for (int j = 0; j < na; ++j) lambda[mw.index[j]] = mw.rhs(j);
  return Status::Ok();
}

/// q̈ at (q, v) with the contact forces held as given: Liu04 (28)'s M ṽ̇ = f + W_sᵀ c_s. `normal`
/// and `friction` are per candidate (friction along the contact's t₁, t₂; read only when `rows`
/// is ContactRows::kWithTangents); the candidates with a non-zero normal force are the loaded ones.
template <typename S, int B, int D, int K, typename QDerived, typename VDerived, typename TDerived>
Status held_force_acceleration(const Model<S, B, D>& model, Workspace<S, B, D>& ws,
                               const ContactCandidates<S, K>& candidates, const S* normal, const S (*friction)[2],
                               ContactRows rows, const Eigen::MatrixBase<QDerived>& q,
                               const Eigen::MatrixBase<VDerived>& v, const Eigen::MatrixBase<TDerived>& tau,
                               const Vector3<S>& gravity, RigidMotionWorkspace<S, B, D, K>& mw,
                               typename Model<S, B, D>::TangentVector& qdd) noexcept {
  Status status = compute_tick_terms(model, ws, q, v, gravity);
  if (!status.ok()) return status;
  bool loaded[static_cast<std::size_t>(K)] = {};
  for (int i = 0; i < candidates.size(); ++i) loaded[i] = normal[i] != S(0);
  select_candidates(candidates, loaded, mw);
  ContactDynamics<S, D, K>& cd = mw.stance.contact;
  status = compute_contact_dynamics(model, ws, mw.subset, tau, rows, cd);
  if (!status.ok()) return status;
  qdd = cd.free_acceleration;
  const int na = mw.subset.count, m = cd.rows_per_contact;
  mw.force_rows.resize(na * m);
  for (int j = 0; j < na; ++j) {
    const int i = mw.index[j];
    mw.force_rows(j * m) = normal[i];
    if (m == 3) {
      mw.force_rows(j * m + 1) = friction[i][0];
      mw.force_rows(j * m + 2) = friction[i][1];
    }
  }
  if (na > 0) {
    detail::apply_contact_force_acceleration(model, ws, cd, mw.force_rows, mw.tangent);
    qdd += mw.tangent;
  }
  return Status::Ok();
}

/// Which level of the normal constraint a correction zeroes: the gaps φ or their rates φ̇.
enum class ContactLevel : unsigned char { kGap, kRate };

/// The smallest change, in the metric of H, that zeroes one level of the normal constraint of
/// the contacts in `mask`: mw.tangent = −H⁻¹Tᵀ W⁻¹ r with W = Tᵀ H⁻¹ T over those contacts and r
/// their gaps φ (kGap) or normal velocities φ̇ = Tᵀv (kRate), at (q, v). Sets *count to the
/// number of contacts in it (0: mw.tangent untouched, nothing to do).
template <typename S, int B, int D, int K, typename QDerived, typename VDerived>
Status normal_constraint_correction(const Model<S, B, D>& model, Workspace<S, B, D>& ws,
                                    const ContactCandidates<S, K>& candidates, const bool* mask, ContactLevel level,
                                    const Eigen::MatrixBase<QDerived>& q, const Eigen::MatrixBase<VDerived>& v,
                                    RigidMotionWorkspace<S, B, D, K>& mw, int* count) noexcept {
  *count = 0;
  Status status = compute_mass_terms(model, ws, q, v);
  if (!status.ok()) return status;
  select_candidates(candidates, mask, mw);
  const int na = mw.subset.count;
  if (na == 0) return Status::Ok();
  ContactDynamics<S, D, K>& cd = mw.stance.contact;
  status = compute_contact_terms(model, ws, mw.subset, ContactRows::kNormals, ContactTerms::kVelocityOnly, cd);
  if (!status.ok()) return status;
  // Contacts whose normal rows are combinations of others' (the rod lying flat on its two ends
  // and its middle: W singular) are held when those are. The semidefinite principal solve
  // (lcp/principal_solve.hpp) drops them, multiplier 0, and solves W's block of the others:
  // the dropped ones' φ is the same combination of the held ones' to first order.
  auto& p = mw.stance.problem;  // free here: W and −r
  if (!p.resize(na).ok()) return Status::Capacity("motion.contacts", na);
  int rows[static_cast<std::size_t>(K)] = {};
  for (int j = 0; j < na; ++j) {
    rows[j] = j;
    S gap, rate;
    contact_gap(ws, candidates, mw.index[j], &gap, &rate);
    p.q.coeffRef(j) = -(level == ContactLevel::kGap ? gap : rate);
    for (int c = 0; c < na; ++c) p.m.coeffRef(j, c) = cd.delassus.coeff(j, c);
  }
  if (!solve_principal_block_semidefinite(p, rows, na, mw.stance.lemke.principal, mw.stance.lcp.z))
    return Status::CheckFailed("motion.active_set");
  detail::apply_contact_force_acceleration(model, ws, cd, -mw.stance.lcp.z.head(na), mw.tangent);
  *count = na;
  return Status::Ok();
}

/// Post-stabilisation of the contacts in `mask` (Ascher, Chin and Reich's projection): the
/// smallest change of q in the metric of H that puts their gaps back to zero,
///   Δq = −H⁻¹Tᵀ W⁻¹ φ   (W = Tᵀ H⁻¹ T over those contacts),
/// one linear step, as the drift it removes is of the integrator's error. Velocities are left to
/// the caller: the impact that follows, or project_rates_onto_contacts. Writes q.
template <typename S, int B, int D, int K>
Status project_onto_contacts(const Model<S, B, D>& model, Workspace<S, B, D>& ws, const ContactCandidates<S, K>& candidates,
                             const bool* mask, RigidMotionWorkspace<S, B, D, K>& mw,
                             typename Model<S, B, D>::ConfigVector& q, typename Model<S, B, D>::TangentVector& v) noexcept {
  int count = 0;
  const Status status = normal_constraint_correction(model, ws, candidates, mask, ContactLevel::kGap, q, v, mw, &count);
  if (!status.ok() || count == 0) return status;
  integrate(model, q, mw.tangent, S(1), mw.q_end);
  q = mw.q_end;
  return Status::Ok();
}

/// The same at the velocity level, for contacts that stay on their planes with no impact to
/// follow (the event-driven scheme's steps): Δv = −H⁻¹Tᵀ W⁻¹ φ̇ zeroes their normal velocities
/// and leaves the tangential ones (the scheme is frictionless) to the dynamics. Call it after
/// project_onto_contacts, at the projected q. Writes v.
template <typename S, int B, int D, int K>
Status project_rates_onto_contacts(const Model<S, B, D>& model, Workspace<S, B, D>& ws,
                                   const ContactCandidates<S, K>& candidates, const bool* mask,
                                   RigidMotionWorkspace<S, B, D, K>& mw, const typename Model<S, B, D>::ConfigVector& q,
                                   typename Model<S, B, D>::TangentVector& v) noexcept {
  int count = 0;
  const Status status = normal_constraint_correction(model, ws, candidates, mask, ContactLevel::kRate, q, v, mw, &count);
  if (status.ok() && count > 0) v += mw.tangent;
  return status;
}

/// Stops the contacts in `mask` dead: the smallest change of v in the metric of H that zeroes
/// their points' velocities, Δv = −H⁻¹Gᵀ W⁺ (G v) over their three rows each, the impulse a
/// sticking contact takes (RBDA (11.66)–(11.72)). For a slip that friction ends inside a step, at
/// a time located to min_step: what is left is below what the step resolves. Contacts on one body
/// make W singular (a planar rod's two ends have six rows and three DOFs), so W⁺ is taken as
/// (W + εI)⁻¹ with ε = √ε_S·max Wᵢᵢ, refined once: the rows that can be zeroed are, to rounding.
/// Writes v.
template <typename S, int B, int D, int K>
Status stop_contacts(const Model<S, B, D>& model, Workspace<S, B, D>& ws, const ContactCandidates<S, K>& candidates,
                     const bool* mask, RigidMotionWorkspace<S, B, D, K>& mw,
                     const typename Model<S, B, D>::ConfigVector& q, typename Model<S, B, D>::TangentVector& v) noexcept {
  Status status = compute_mass_terms(model, ws, q, v);
  if (!status.ok()) return status;
  select_candidates(candidates, mask, mw);
  const int rows = 3 * mw.subset.count;
  if (rows == 0) return Status::Ok();
  ContactDynamics<S, D, K>& cd = mw.stance.contact;
  status = compute_contact_terms(model, ws, mw.subset, ContactRows::kWithTangents, ContactTerms::kVelocityOnly, cd);
  if (!status.ok()) return status;
  typename SmallLdlt<S, 3 * K>::Matrix w = SmallLdlt<S, 3 * K>::Matrix::Zero();
  w.topLeftCorner(rows, rows) = cd.delassus;
  const S damping = std::sqrt(epsilon<S>()) * cd.delassus.diagonal().maxCoeff();
  for (int r = 0; r < rows; ++r) w(r, r) += damping;
  if (!mw.sticking.compute(w, rows)) return Status::CheckFailed("motion.sticking_set");
  typename SmallLdlt<S, 3 * K>::Vector velocity = SmallLdlt<S, 3 * K>::Vector::Zero();
  velocity.head(rows) = cd.velocity;
  for (int pass = 0; pass < 2; ++pass) {
    typename SmallLdlt<S, 3 * K>::Vector impulse = -velocity;
    mw.sticking.solve_in_place(impulse);
    detail::apply_contact_force_acceleration(model, ws, cd, impulse.head(rows), mw.tangent);
    v += mw.tangent;
    velocity.head(rows) = cd.jacobian * v;  // what is left of the rows' velocities
  }
  return Status::Ok();
}

/// The contact LCP of the candidates in `touching` at the current state (compute_tick_terms
/// done): q̈, λ per candidate, and the new active set {λ > 0} (a basic solution's positive
/// forces have independent normals, RBDA §11.4). Friction as the stance solve models it.
template <typename S, int B, int D, int K, typename TDerived>
Status solve_contact_lcp(const Model<S, B, D>& model, const Workspace<S, B, D>& ws,
                         const ContactCandidates<S, K>& candidates, const bool* touching,
                         const Eigen::MatrixBase<TDerived>& tau, FrictionModel friction, int max_pivots,
                         RigidMotionWorkspace<S, B, D, K>& mw, typename Model<S, B, D>::TangentVector& qdd, S* lambda,
                         S (*friction_force)[2], bool* active) noexcept {
  select_candidates(candidates, touching, mw);
  StanceOptions<S> options;
  options.friction = friction;
  options.solver = friction == FrictionModel::kCone ? StanceSolver::kAuto : StanceSolver::kLemke;  // Lemke for LCPs, the cone solver for the cone
  options.max_pivots = max_pivots;
  options.warm_start = false;
  const Status status = solve_stance(model, ws, mw.subset, tau, options, mw.stance, mw.stance_result);
  if (!status.ok()) return status;
  qdd = mw.stance_result.qdd;
  for (int i = 0; i < candidates.size(); ++i) {
    lambda[i] = friction_force[i][0] = friction_force[i][1] = S(0);
    active[i] = false;
  }
  const int m = mw.stance.contact.rows_per_contact;
  for (int j = 0; j < mw.subset.count; ++j) {
    const int i = mw.index[j];
    lambda[i] = mw.stance_result.normal_force[j];
    active[i] = lambda[i] > S(0);
    if (m == 3) {
      friction_force[i][0] = mw.stance_result.lambda(j * m + 1);
      friction_force[i][1] = mw.stance_result.lambda(j * m + 2);
    }
  }
  return Status::Ok();
}

/// The impact of the candidates in `touching` at the current state (kinematics, H and its factor
/// done) with Newton's restitution per contact (Liu04 (11)–(15)), except that a contact the Zeno
/// rule brings to rest gets e = 0 (`plastic`). A contact leaving faster than `separating_speed`
/// takes no part. Writes v⁺ and the impulses per candidate.
template <typename S, int B, int D, int K, typename VDerived>
Status solve_contact_impact(const Model<S, B, D>& model, const Workspace<S, B, D>& ws,
                            const ContactCandidates<S, K>& candidates, const bool* touching, const bool* plastic,
                            const Eigen::MatrixBase<VDerived>& v, FrictionModel friction, int max_pivots,
                            S separating_speed, RigidMotionWorkspace<S, B, D, K>& mw,
                            typename Model<S, B, D>::TangentVector& v_plus,
                            S* impulse, S* energy_lost) noexcept {
  select_candidates(candidates, touching, mw);
  for (int j = 0; j < mw.subset.count; ++j)
    if (plastic[mw.index[j]]) mw.subset.contacts[j].restitution = S(0);
  StrikeOptions<S> options;
  switch (friction) {
    case FrictionModel::kNone: options.friction = StrikeFriction::kNone; break;
    case FrictionModel::kPyramid4: options.friction = StrikeFriction::kPyramid4; break;
    case FrictionModel::kPyramid8: options.friction = StrikeFriction::kPyramid8; break;
    case FrictionModel::kCone: options.friction = StrikeFriction::kCone; break;
  }
  options.solver = friction == FrictionModel::kCone ? StanceSolver::kAuto : StanceSolver::kLemke;  // Lemke for LCPs, the cone solver for the cone
  options.max_pivots = max_pivots;
  options.separating_speed = separating_speed;
  const Status status = solve_strike(model, ws, mw.subset, v, options, mw.strike, mw.strike_result);
  if (!status.ok()) return status;
  v_plus = mw.strike_result.v_plus;
  for (int i = 0; i < candidates.size(); ++i) impulse[i] = S(0);
  for (int j = 0; j < mw.subset.count; ++j) impulse[mw.index[j]] = mw.strike_result.normal_impulse[j];
  *energy_lost = mw.strike_result.kinetic_energy_before - mw.strike_result.kinetic_energy_after;
  return Status::Ok();
}

/// The Zeno rule of rigid_options.hpp: a contact that struck at `time`, whose previous impact was
/// at `previous_impact`, with restitution e, comes to rest when the rest of its bounce sequence,
/// e·T/(1 − e) after a flight of T, is shorter than min_step, or when the flight itself was no
/// longer than a few min_step, the resolution the schemes locate landings to.
template <typename S>
bool bounces_end_here(S time, S previous_impact, S restitution, S min_step) noexcept {
  if (restitution <= S(0)) return true;
  if (restitution >= S(1) || !is_finite(previous_impact)) return false;
  const S flight = time - previous_impact;
  return restitution * flight < min_step * (S(1) - restitution) || flight < S(4) * min_step;
}

}  // namespace footfall::detail
FOOTFALL_HEADER_END
