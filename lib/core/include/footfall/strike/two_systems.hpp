#pragma once
// A strike between two articulated systems (Zhang95): system 1 and system 2 are trees
// whose bases move with motions known in advance (a robot on a moving platform, two robots, an
// arm striking a conveyor), and the s contacts join a body of system 1 (Zhang95's inner body l⁺(k))
// to a body of system 2 (the outer body l⁻(k)). Their impulses enter system 1 with −1 and system
// 2 with +1, Zhang95's incidence matrix W (2.2); the inertia is block-diagonal, diag(H₁, H₂), so
//
//   H_s Δq̇_s = ±G_sᵀ ι                                        (3.13)
//   ζ⁺ = ζ⁻ + (G₁ H₁⁻¹ G₁ᵀ + G₂ H₂⁻¹ G₂ᵀ) ι                     (3.27), (3.29)
//
// and the impulses come from the second line alone, (3.30)'s A M⁻¹ d I* = H, before either Δq̇
// (3.29), (3.31). The known base motions do not jump; they add ω₀ × ρ + V₀ to the contact
// points' velocities before the strike (3.16), (3.17). Zhang95 takes the normal-restitution law of
// (3.15) with every contact active; here the impact problem is the single system's (an LCP or
// the cone, with Newton's or Poisson's law, separating contacts left out). As in solve_strike, a
// left-out contact that the strike drives into its surface (a lever struck at one end swings its
// other end down) is taken in as a plastic contact (e = 0) and the strike solved again.
//
// Each system's kinematics, H and factor are the caller's, computed in that system's base
// frame; `BaseMotion` places the base in the world. Contacts are Contact<S> with `body`, `point`
// on system 2 and `other_body`, `other_point` on system 1, the normal in world coordinates from
// system 1 to system 2. A contact's rows of G in system s are computed along the directions in
// that base frame and turned to the world contact frame by the 3×3 rotation C (per contact):
// G_world = C G_base, so W_s = C W_s,base Cᵀ block by block.
#include <Eigen/Core>
#include <cmath>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/strike/solve_strike.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// The known motion of a system's base: its placement (base → world) and its velocity, all in
/// world coordinates: ω₀, and V₀ the velocity of the base frame's origin.
template <typename S>
struct BaseMotion {
  Matrix3<S> rotation = Matrix3<S>::Identity();       ///< R: base-frame coordinates → world (a proper rotation)
  Vector3<S> position = Vector3<S>::Zero();           ///< the base frame's origin in the world (m)
  Vector3<S> angular_velocity = Vector3<S>::Zero();   ///< ω₀ (rad/s, world)
  Vector3<S> linear_velocity = Vector3<S>::Zero();    ///< V₀: the velocity of the base frame's origin (m/s, world)
};

/// One system: its model, workspace (kinematics, H, factor in the base frame), v⁻ and base motion.
template <typename S, int B, int D>
struct StrikingSystem {
  const Model<S, B, D>* model = nullptr;  ///< the system's model (not owned; required)
  const Workspace<S, B, D>* ws = nullptr;  ///< its kinematics, H and H's factor at touchdown, in the base frame (required)
  const Eigen::Matrix<S, Eigen::Dynamic, 1, 0, D, 1>* v = nullptr;  ///< v⁻: its joint velocities just before (required)
  BaseMotion<S> base;  ///< the base's known motion, which the strike does not change
};

/// The scratch of solve_two_system_strike: the caller owns it, but nothing in it is a result to
/// rely on; TwoSystemResult holds the answer.
template <typename S, int D, int K>
struct TwoSystemWorkspace {
  static constexpr std::size_t kContactSlots = static_cast<std::size_t>(K);  ///< K, as an array extent
  StrikeWorkspace<S, D, K> strike;      ///< the combined problem (its contact terms hold W₁ + W₂)
  ContactDynamics<S, D, K> system[2];   ///< each system's G and W, in its base frame
  ContactSet<S, K> local[2];            ///< the taking-part contacts as seen by each system
  Matrix3<S> turn[2][kContactSlots];    ///< C: base-frame contact directions → world ones
  Eigen::Matrix<S, Eigen::Dynamic, 1, 0, 3 * K, 1> local_impulse;  ///< Cᵀι for one system
};

/// The answer of solve_two_system_strike: per contact (in the set's order, `count` of them) its
/// part, impulse and normal velocities, and per system (index 0: system 1, `inner`; 1: system 2,
/// `outer`) v⁺, Δq̇ and u. On a non-ok Status the states, impulses, ζ⁺ and the per-system
/// vectors are reset to zero (kLeftOut).
template <typename S, int D, int K>
struct TwoSystemResult {
  static constexpr std::size_t kContactSlots = static_cast<std::size_t>(K);  ///< K, as an array extent
  using DofVector = Eigen::Matrix<S, Eigen::Dynamic, 1, 0, D, 1>;  ///< a vector on one system's DOFs (at most D)
  Status status;  ///< ok, or what was wrong (the input, the capacity, or a check that failed)
  StanceSolver solver = StanceSolver::kLemke;  ///< the one that ran (never kAuto)
  /// Pivots, active sets or sweeps, summed over the rounds and Poisson's two phases.
  int work = 0, work_limit = 0;  ///< the solvers' bounds on that work, summed alike
  int count = 0;  ///< contacts in the set
  StrikeState state[kContactSlots] = {};  ///< each contact's part in the strike
  Vector3<S> impulse[kContactSlots];     ///< on system 2's body (system 1's takes −ι), world, N s
  S normal_impulse[kContactSlots] = {};  ///< ι_n (N s)
  S approach[kContactSlots] = {};        ///< ζ⁻ along the normal, base motions included
  S departure[kContactSlots] = {};       ///< ζ⁺, recomputed from v⁺ of both systems
  ///@{
  DofVector v_plus[2], velocity_change[2], joint_impulse[2];  ///< per system: v⁺, Δq̇, u = ±Gᵀι
  ///@}
  /// ½ v⁻ᵀHv⁻ just before, summed over both systems, each relative to its base.
  S kinetic_energy_before = S(0), kinetic_energy_after = S(0);  ///< ½ v⁺ᵀHv⁺ just after: both systems, relative to their bases
  /// True exactly when status is ok.
  bool ok() const noexcept { return status.ok(); }
};

namespace detail {

/// The world velocity of contact c's point on system s (body `body`, point `point` in it) for
/// joint velocities v: R (J v) + ω₀ × (R p) + V₀ (Zhang95 (3.16), (3.17)).
template <typename S, int B, int D, typename VDerived>
Vector3<S> system_point_velocity(const StrikingSystem<S, B, D>& sys, int body, const Vector3<S>& point,
                                 const Eigen::MatrixBase<VDerived>& v, S* scale) noexcept {
  const Contact<S> c = Contact<S>::Ground(body, point, Vector3<S>::UnitZ(), S(0));
  const Vector3<S> p = world_point(*sys.ws, body, point);
  Vector3<S> u;
  contact_relative_velocity(*sys.model, *sys.ws, c, p, v, &u, scale);
  const Vector3<S> rho = sys.base.rotation * p;
  const Vector3<S> carried = sys.base.angular_velocity.cross(rho) + sys.base.linear_velocity;
  *scale += carried.cwiseAbs().maxCoeff();
  return sys.base.rotation * u + carried;
}

/// Contact c as system s sees it: a ground contact of its own body (`body`, `point`), the normal
/// turned into its base frame and normalised again (turning costs a few ulps of length).
template <typename S>
Contact<S> contact_seen_by(const BaseMotion<S>& base, int body, const Vector3<S>& point, const Contact<S>& c) noexcept {
  Contact<S> seen = Contact<S>::Ground(body, point, base.rotation.transpose() * c.normal, c.mu);
  seen.normal.normalize();
  return seen;
}

template <typename S, int B, int D>
Status validate_striking_system(const StrikingSystem<S, B, D>& sys, const char* which) noexcept {
  using W = Workspace<S, B, D>;
  if (sys.model == nullptr || sys.ws == nullptr || sys.v == nullptr) return Status::BadInput(which);
  Status status = check_contact_stages(*sys.ws, W::kKinematics | W::kMassMatrix | W::kFactor);
  if (status.ok()) status = validate_vector(*sys.v, sys.model->nv(), "v");
  if (!status.ok()) return status;
  const BaseMotion<S>& b = sys.base;
  const Matrix3<S> identity = b.rotation.transpose() * b.rotation - Matrix3<S>::Identity();
  if (!all_finite(b.rotation) || !(identity.cwiseAbs().maxCoeff() <= S(64) * epsilon<S>()) ||
      !(b.rotation.determinant() > S(0)))
    return Status::BadInput("base.rotation");
  if (!all_finite(b.position)) return Status::BadInput("base.position");
  if (!all_finite(b.angular_velocity)) return Status::BadInput("base.angular_velocity");
  if (!all_finite(b.linear_velocity)) return Status::BadInput("base.linear_velocity");
  return Status::Ok();
}

/// The combined problem's terms from each system's (tw.system[q], filled for tw.local[q]): the
/// world contact frames of sw.taking_part, each system's turn C from its base-frame directions to
/// them, W = Σ_s C W_s Cᵀ (Zhang95 (3.27)) and ζ⁻ on every row (sw.phase).
template <typename S, int B, int D, int K>
void combine_two_system_terms(const StrikingSystem<S, B, D>* const sys[2], int m, TwoSystemWorkspace<S, D, K>& tw) noexcept {
  const StrikingSystem<S, B, D>& inner = *sys[0];
  const StrikingSystem<S, B, D>& outer = *sys[1];
  StrikeWorkspace<S, D, K>& sw = tw.strike;
  ContactDynamics<S, D, K>& cd = sw.solve.contact;
  const int nc = sw.taking_part.count, rows = nc * m;
  cd.count = nc;
  cd.rows_per_contact = m;
  cd.delassus.setZero(rows, rows);
  for (int j = 0; j < nc; ++j) {
    const Contact<S>& c = sw.taking_part.contacts[j];
    cd.direction[j][0] = c.normal;
    tangent_basis(c.normal, &cd.direction[j][1], &cd.direction[j][2]);
    cd.position[j] = outer.base.rotation * world_point(*outer.ws, c.body, c.point) + outer.base.position;
    for (int q = 0; q < 2; ++q)
      for (int r = 0; r < 3; ++r)
        for (int k = 0; k < 3; ++k)
          tw.turn[q][j](r, k) = (sys[q]->base.rotation.transpose() * cd.direction[j][r]).dot(tw.system[q].direction[j][k]);
  }
  for (int q = 0; q < 2; ++q)
    for (int a = 0; a < nc; ++a)
      for (int b = 0; b < nc; ++b)
        for (int r = 0; r < m; ++r)
          for (int s = 0; s < m; ++s) {
            S value = S(0);
            for (int x = 0; x < m; ++x)
              for (int y = 0; y < m; ++y)
                value += tw.turn[q][a](r, x) * tw.system[q].delassus.coeff(a * m + x, b * m + y) * tw.turn[q][b](s, y);
            cd.delassus.coeffRef(a * m + r, b * m + s) += value;
          }
  auto& approach_rows = sw.phase;
  approach_rows.resize(rows);
  for (int j = 0; j < nc; ++j) {
    const Contact<S>& c = sw.taking_part.contacts[j];
    S s1, s2;
    const Vector3<S> du = system_point_velocity(outer, c.body, c.point, *outer.v, &s2) -
                          system_point_velocity(inner, c.other_body, c.other_point, *inner.v, &s1);
    for (int r = 0; r < m; ++r) approach_rows.coeffRef(j * m + r) = cd.direction[j][r].dot(du);
  }
}

/// (3.29), (3.31): from the combined impulse ι (world frames), each system's Δq̇_s = ∓H_s⁻¹ G_sᵀ Cᵀ ι,
/// v⁺ and u_s = ∓G_sᵀ Cᵀ ι (system 1 takes −ι).
template <typename S, int B, int D, int K>
void apply_two_system_impulse(const StrikingSystem<S, B, D>* const sys[2], int m, TwoSystemWorkspace<S, D, K>& tw,
                              TwoSystemResult<S, D, K>& result) noexcept {
  const StrikeWorkspace<S, D, K>& sw = tw.strike;
  const int nc = sw.taking_part.count, rows = nc * m;
  for (int q = 0; q < 2; ++q) {
    const S sign = q == 0 ? S(-1) : S(1);
    const int nv = sys[q]->model->nv();
    tw.local_impulse.setZero(rows);
    for (int j = 0; j < nc; ++j)
      for (int k = 0; k < m; ++k) {
        S value = S(0);
        for (int r = 0; r < m; ++r) value += tw.turn[q][j](r, k) * sw.impulse.coeff(j * m + r);
        tw.local_impulse.coeffRef(j * m + k) = sign * value;
      }
    result.velocity_change[q].resize(nv);
    apply_contact_force_acceleration(*sys[q]->model, *sys[q]->ws, tw.system[q], tw.local_impulse,
                                     result.velocity_change[q]);
    result.v_plus[q] = *sys[q]->v + result.velocity_change[q];
    result.joint_impulse[q].setZero(nv);
    for (int r = 0; r < rows; ++r) {
      const int a = r / m;
      for (int t = 0; t < tw.system[q].support_size[a]; ++t) {
        const int k = tw.system[q].support[a][t];
        result.joint_impulse[q].coeffRef(k) += tw.system[q].jacobian.coeff(r, k) * tw.local_impulse.coeff(r);
      }
    }
  }
}

}  // namespace detail

/// The strike between system 1 (`inner`) and system 2 (`outer`) at the contacts of `set`.
template <typename S, int B, int D, int K>
Status solve_two_system_strike(const StrikingSystem<S, B, D>& inner, const StrikingSystem<S, B, D>& outer,
                               const ContactSet<S, K>& set, const StrikeOptions<S>& options,
                               TwoSystemWorkspace<S, D, K>& tw, TwoSystemResult<S, D, K>& result) noexcept {
  const StrikingSystem<S, B, D>* sys[2] = {&inner, &outer};
  const int count = (set.count >= 0 && set.count <= K) ? set.count : 0;
  result.count = count;
  result.work = result.work_limit = 0;
  for (int i = 0; i < count; ++i) {
    result.state[i] = StrikeState::kLeftOut;
    result.impulse[i] = Vector3<S>::Zero();
    result.normal_impulse[i] = result.approach[i] = result.departure[i] = S(0);
  }
  auto fail = [&](Status s) {
    result.status = s;
    for (int q = 0; q < 2; ++q) {
      const int nv = sys[q]->model != nullptr ? sys[q]->model->nv() : 0;
      result.v_plus[q].setZero(nv);
      result.velocity_change[q].setZero(nv);
      result.joint_impulse[q].setZero(nv);
    }
    for (int i = 0; i < count; ++i) {
      result.state[i] = StrikeState::kLeftOut;
      result.impulse[i] = Vector3<S>::Zero();
      result.normal_impulse[i] = result.departure[i] = S(0);
    }
    return s;
  };
  Status status = detail::validate_strike_options(options);
  if (status.ok()) status = detail::validate_striking_system(inner, "inner");
  if (status.ok()) status = detail::validate_striking_system(outer, "outer");
  if (status.ok() && (set.count < 0 || set.count > K)) status = Status::BadInput("contacts.count", set.count);
  // Each contact, seen by each system as a ground contact of its own body (validated there).
  for (int i = 0; i < count && status.ok(); ++i) {
    const Contact<S>& c = set.contacts[i];
    if (c.other_body < 0) status = Status::BadInput("contacts.other_body", i);
  }
  if (!status.ok()) return fail(status);

  // Each contact, seen by each system, validated; ζ⁻ along the normal and the sizes of its terms.
  constexpr std::size_t kSlots = static_cast<std::size_t>(K);
  S approach_scale[kSlots] = {};
  bool forced[kSlots] = {};  // left out, driven in by a round's strike: taken in with e = 0
  for (int i = 0; i < count; ++i) {
    const Contact<S>& c = set.contacts[i];
    ContactSet<S, 1> one;
    one.add(detail::contact_seen_by(inner.base, c.other_body, c.other_point, c));
    status = validate_contacts(*inner.model, one);
    one.contacts[0] = detail::contact_seen_by(outer.base, c.body, c.point, c);
    if (status.ok()) status = validate_contacts(*outer.model, one);
    if (status.ok() && (!all_finite(c.normal) || !(std::abs(c.normal.norm() - S(1)) <= unit_normal_tolerance<S>())))
      status = Status::BadInput("contacts.normal", i);
    if (status.ok() && !(c.restitution >= S(0) && c.restitution <= S(1))) status = Status::BadInput("contacts.restitution", i);
    if (!status.ok()) return fail(Status::BadInput(status.field, i));
    S s1, s2;
    const Vector3<S> v1 = detail::system_point_velocity(inner, c.other_body, c.other_point, *inner.v, &s1);
    const Vector3<S> v2 = detail::system_point_velocity(outer, c.body, c.point, *outer.v, &s2);
    result.approach[i] = c.normal.dot(v2 - v1);
    approach_scale[i] = s1 + s2;
  }

  // Rounds, as solve_strike's: each adds at least one contact, so there are at most K + 1.
  StrikeWorkspace<S, D, K>& sw = tw.strike;
  ContactDynamics<S, D, K>& cd = sw.solve.contact;
  const bool tangents = options.friction != StrikeFriction::kNone;
  const ContactRows contact_rows = tangents ? ContactRows::kWithTangents : ContactRows::kNormals;
  const int m = tangents ? 3 : 1;
  int nc = 0, rows = 0;
  StanceSolver used = StanceSolver::kLemke;
  int work = 0, work_limit = 0;
  S target_norm = S(0);
  for (int round = 0; round <= K; ++round) {
    sw.taking_part.clear();
    tw.local[0].clear();
    tw.local[1].clear();
    for (int i = 0; i < count; ++i) {
      const Contact<S>& c = set.contacts[i];
      if (result.approach[i] > options.separating_speed && !forced[i]) continue;
      sw.index[sw.taking_part.count] = i;
      sw.taking_part.add(c);
      if (forced[i]) sw.taking_part.contacts[sw.taking_part.count - 1].restitution = S(0);
      tw.local[0].add(detail::contact_seen_by(inner.base, c.other_body, c.other_point, c));
      tw.local[1].add(detail::contact_seen_by(outer.base, c.body, c.point, c));
    }
    nc = sw.taking_part.count;
    rows = nc * m;
    if (options.friction == StrikeFriction::kSticking && nc > kEnumerationMaxSize)
      status = Status::Capacity("strike.sticking.contacts", nc);
    for (int q = 0; q < 2 && status.ok(); ++q)
      status = compute_contact_terms(*sys[q]->model, *sys[q]->ws, tw.local[q], contact_rows, ContactTerms::kVelocityOnly,
                                     tw.system[q]);
    if (!status.ok()) return fail(status);

    detail::combine_two_system_terms(sys, m, tw);

    // The impact problem, exactly as for one system.
    int round_work = 0, round_limit = 0;
    status = detail::solve_impact(options, sw, &used, &round_work, &round_limit, &target_norm);
    work += round_work;
    work_limit += round_limit;
    result.solver = used;
    result.work = work;
    result.work_limit = work_limit;
    if (!status.ok()) {
      // A check names the contact among those that took part: name it in the set's order.
      if (status.code == StatusCode::kCheckFailed && status.index >= 0 && status.index < nc)
        status.index = sw.index[status.index];
      return fail(status);
    }

    detail::apply_two_system_impulse(sys, m, tw, result);

    // ζ⁺ of each contact left out: done when none approaches (solve_strike's bound: a few
    // roundings of ζ⁺'s terms).
    const S accuracy = used == StanceSolver::kPgs ? options.tolerance : S(0);
    bool added = false;
    for (int i = 0, j = 0; i < count; ++i) {
      if (j < nc && sw.index[j] == i) {
        ++j;
        continue;
      }
      const Contact<S>& c = set.contacts[i];
      S s1, s2;
      const Vector3<S> after = detail::system_point_velocity(outer, c.body, c.point, result.v_plus[1], &s2) -
                               detail::system_point_velocity(inner, c.other_body, c.other_point, result.v_plus[0], &s1);
      if (c.normal.dot(after) < -(S(8) * epsilon<S>() * (s1 + s2 + approach_scale[i]) + accuracy * target_norm)) {
        forced[i] = true;
        added = true;
      }
    }
    if (!added) break;
  }

  // ζ⁺ from both v⁺: the law on every contact that took part, and the states.
  const S rounding = lcp_rounding_tolerance<S>(rows + D);
  const S accuracy = used == StanceSolver::kPgs ? options.tolerance : S(0);
  S impulse_norm = S(0);
  for (int r = 0; r < rows; ++r) impulse_norm = std::max(impulse_norm, std::abs(sw.impulse.coeff(r)));
  const S tz = (rounding + accuracy) * impulse_norm;
  int j = 0;
  for (int i = 0; i < count && status.ok(); ++i) {
    const Contact<S>& c = set.contacts[i];
    S s1, s2, s3, s4;
    const Vector3<S> after = detail::system_point_velocity(outer, c.body, c.point, result.v_plus[1], &s2) -
                             detail::system_point_velocity(inner, c.other_body, c.other_point, result.v_plus[0], &s1);
    detail::system_point_velocity(outer, c.body, c.point, *outer.v, &s3);
    detail::system_point_velocity(inner, c.other_body, c.other_point, *inner.v, &s4);
    result.departure[i] = c.normal.dot(after);
    const S tol = S(8) * rounding * (s1 + s2 + s3 + s4) + accuracy * target_norm;
    if (!(j < nc && sw.index[j] == i)) {
      // Left out, and no round drove it in by more than a few roundings.
      if (result.departure[i] < -tol) status = Status::CheckFailed("strike.approaching_after", i);
      continue;
    }
    const S in = sw.impulse.coeff(j * m);
    Vector3<S> impulse = Vector3<S>::Zero();
    for (int r = 0; r < m; ++r) impulse += cd.direction[j][r] * sw.impulse.coeff(j * m + r);
    result.impulse[i] = impulse;
    result.normal_impulse[i] = in;
    const S restitution = forced[i] ? S(0) : c.restitution;
    const S law = options.law == RestitutionLaw::kNewton ? result.departure[i] + restitution * result.approach[i]
                                                          : result.departure[i];
    if (law < -tol) status = Status::CheckFailed("strike.approaching_after", i);
    if (status.ok() && options.law == RestitutionLaw::kNewton && in > tz && law > tol)
      status = Status::CheckFailed("strike.complementarity", i);
    StrikeState state = in > tz ? StrikeState::kSticking : StrikeState::kNoImpulse;
    if (in > tz && m == 3) {
      const Vector3<S> slip = after - c.normal * result.departure[i];
      if (slip.norm() > std::sqrt(epsilon<S>()) * std::max(std::abs(result.approach[i]), std::sqrt(epsilon<S>())))
        state = StrikeState::kSliding;
    }
    result.state[i] = state;
    ++j;
  }
  if (!status.ok()) return fail(status);
  result.kinetic_energy_before = result.kinetic_energy_after = S(0);
  for (int q = 0; q < 2; ++q) {
    result.kinetic_energy_before += detail::half_quadratic_form(*sys[q]->model, *sys[q]->ws, *sys[q]->v);
    result.kinetic_energy_after += detail::half_quadratic_form(*sys[q]->model, *sys[q]->ws, result.v_plus[q]);
  }
  // As solve_strike: v so large that the kinetic energy overflows is refused, not reported as ∞.
  if (!is_finite(result.kinetic_energy_before) || !is_finite(result.kinetic_energy_after))
    return fail(Status::BadInput("v.overflow"));
  result.status = Status::Ok();
  return result.status;
}

}  // namespace footfall
FOOTFALL_HEADER_END
