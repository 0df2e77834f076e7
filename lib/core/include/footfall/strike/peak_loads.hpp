#pragma once
// Peak loads of a strike on compliant pads. A rigid impulse says how much momentum changes, not
// how hard: that takes the pad. With the configuration frozen for the strike's few milliseconds
// (so G, H and W = G H⁻¹ Gᵀ stay as they are) and the non-impulsive forces (gravity, τ, C)
// neglected as the rigid impulse neglects them, the contacts' normal velocities obey
//
//   ζ̇_n,i = Σ_j A_ij f_j,   A_ij = n_iᵀ W_ij d_j,   δ̇_i = −ζ_n,i,   f_j = pad_j(δ_j, δ̇_j),
//
// where d_j is contact j's force direction in its contact frame: the rigid impulse's, scaled to
// a unit normal component (friction keeps the ratio the rigid strike found), n alone for a
// contact that took no impulse. Linear pads make that a linear system between the changes of
// the set of pushing pads, which strike/linear_pads.hpp follows exactly (PeakMethod::kExact).
// For any pad law this file integrates it in contact space, two states a contact, by the
// classical 4th-order Runge–Kutta method at a fixed step (PeakMethod::kRungeKutta4), in a
// bounded number of steps, from touchdown (δ = 0, ζ_n = ζ⁻_n) until every pad has let go.
//
// One linear pad is a mass–spring–damper: with the effective mass m = 1/A = 1/(nᵀW n) (for a
// frictionless contact, 1/(nᵀ G H⁻¹ Gᵀ n)), ω = √(k/m), ζ = c/(2√(km)), δ(t) =
// (v/ω_d) e^{−ζωt} sin ω_d t; the force k δ + c δ̇ returns to zero at ω_d t = π − atan2(2ζ√(1−ζ²),
// 1 − 2ζ²), before δ does (the pad cannot pull). tests/unit/strike checks both methods against
// that closed form.
//
// RK4's peaks are located on the step samples and refined by the parabola through the three
// samples around each (its error is third order in the step); the end by linear interpolation
// of the unclamped force through zero.
#include <algorithm>
#include <cmath>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/numeric.hpp"
#include "footfall/strike/linear_pads.hpp"
#include "footfall/strike/strike_workspace.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

namespace detail {

/// The pad's force at compression δ and rate δ̇ (contact.hpp), before clamping at zero. At
/// touchdown (δ = 0, δ̇ > 0) a linear pad's damper already pushes, with c δ̇.
template <typename S>
S pad_force_unclamped(const ContactPad<S>& pad, S depth, S rate) noexcept {
  if (depth < S(0) || (depth == S(0) && !(rate > S(0)))) return S(0);
  if (pad.law == PadLaw::kLinear) return pad.stiffness * depth + pad.damping * rate;
  S power = depth;  // δⁿ: exact for the common exponents, pow for the rest
  if (pad.exponent == S(1.5))
    power = depth * std::sqrt(depth);
  else if (pad.exponent == S(2))
    power = depth * depth;
  else if (pad.exponent != S(1))
    power = std::pow(depth, pad.exponent);
  return power * (pad.stiffness + pad.damping * rate);
}

/// The pad's law continued through zero (δ < 0 gives −|δ|ⁿ), for locating where the force
/// crosses zero between two steps.
template <typename S>
S pad_force_continued(const ContactPad<S>& pad, S depth, S rate) noexcept {
  if (pad.law == PadLaw::kLinear) return pad.stiffness * depth + pad.damping * rate;
  const S size = std::abs(depth);
  const S power = pad.exponent == S(1.5) ? size * std::sqrt(size) : std::pow(size, pad.exponent);
  return (depth < S(0) ? -power : power) * (pad.stiffness + pad.damping * rate);
}

/// Where the parabola through (−1, y0), (0, y1), (1, y2) peaks: its offset in [−½, ½] and height.
template <typename S>
void refine_peak(S y0, S y1, S y2, S* offset, S* height) noexcept {
  const S curvature = y0 - S(2) * y1 + y2;
  if (!(curvature < S(0))) {
    *offset = S(0);
    *height = y1;
    return;
  }
  const S o = std::min(S(0.5), std::max(S(-0.5), S(0.5) * (y0 - y2) / curvature));
  *offset = o;
  *height = y1 - S(0.25) * (y0 - y2) * o;
}

/// The pads' forces f and the state's rate for state (δ, ζ).
template <typename S, int D, int K, int V>
void compliant_rates(const ContactSet<S, K>& set, const StrikeWorkspace<S, D, K, V>& sw, const S* depth, const S* speed,
                     S* force, S* depth_rate, S* speed_rate) noexcept {
  const int nc = set.count;
  for (int j = 0; j < nc; ++j) force[j] = std::max(S(0), pad_force_unclamped(set.contacts[j].pad, depth[j], -speed[j]));
  for (int i = 0; i < nc; ++i) {
    S a = S(0);
    for (int j = 0; j < nc; ++j) a += sw.coupling.coeff(i, j) * force[j];
    depth_rate[i] = -speed[i];
    speed_rate[i] = a;
  }
}

/// Each contact's force at its peak, in the world: its direction d_j in the contact frame
/// times its peak normal force.
template <typename S, int D, int K, int V>
void peak_force_vectors(const ContactDynamics<S, D, K>& cd, const StrikeWorkspace<S, D, K, V>& sw,
                        StrikePeaks<S, D, K>& peaks) noexcept {
  for (int j = 0; j < cd.count; ++j) {
    Vector3<S> world = Vector3<S>::Zero();
    for (int r = 0; r < cd.rows_per_contact; ++r) world += cd.direction[j][r] * sw.direction[j][r];
    peaks.force[j] = world * peaks.normal_force[j];
  }
}

/// RK4's time scale: the shortest natural half-period of a pad under its contact's effective mass
/// 1/A_ii (at a Hunt–Crossley pad's deepest compression for the fastest approach `fastest`), or
/// its damper's relaxation time, whichever is shorter; +∞ when no contact can move. Not ok when a
/// pad's numbers put it beyond the scalar (CheckFailed "strike.peaks.step", the contact's index).
template <typename S, int D, int K, int V>
Status runge_kutta_half_period(const StrikeWorkspace<S, D, K, V>& sw, S fastest, S* half_period) noexcept {
  const ContactSet<S, K>& set = sw.taking_part;
  const int nc = set.count;
  *half_period = std::numeric_limits<S>::infinity();
  for (int i = 0; i < nc; ++i) {
    const S inverse_mass = sw.coupling.coeff(i, i);
    if (!(inverse_mass > S(0))) continue;  // a contact that cannot move sets no time scale
    const ContactPad<S>& pad = set.contacts[i].pad;
    S stiffness = pad.stiffness, damping = pad.damping;
    if (pad.law == PadLaw::kHuntCrossley && fastest > S(0)) {
      // The deepest compression, where the pad is stiffest, k' = ∂f/∂δ ≈ k δⁿ⁻¹ (up to the
      // factor n), and its damper strongest, ∂f/∂δ̇ = c δⁿ. For one contact of mass m = 1/A,
      // m v dv/dδ = −δⁿ (k + c v) integrates from v⁻ to rest in closed form (Marhefka and Orin's
      // phase plane): δⁿ⁺¹/(n + 1) = m (k/c²) (x − ln(1 + x)) = m (v⁻/c) (1 − ln(1 + x)/x),
      // x = c v⁻/k, the last form free of c²'s overflow. Undamped (x → 0) that is the energy
      // balance ½ m v² = k δⁿ⁺¹/(n + 1), which serves below x = 0.1, where it is within 7 % and
      // the closed form would lose its digits to cancellation.
      const S n = pad.exponent, k = pad.stiffness, c = pad.damping;
      const S x = c * fastest / k;
      const S log_ratio = is_finite(x) ? std::log1p(x) / x : S(0);  // ln(1 + x)/x → 0 as x → ∞
      const S depth_power = x < S(0.1) ? (n + S(1)) * fastest * fastest / (S(2) * k * inverse_mass)  // δⁿ⁺¹
                                       : (n + S(1)) * (fastest / c) * (S(1) - log_ratio) / inverse_mass;
      const S depth = std::pow(depth_power, S(1) / (n + S(1)));
      stiffness = k * std::pow(depth, n - S(1));
      damping = c * depth * (stiffness / k);  // c δⁿ
    }
    S scale = S(3.14159265358979323846) / std::sqrt(stiffness * inverse_mass);
    // A damper alone relaxes in 1/(c A): the explicit steps must resolve that too, or RK4 is
    // unstable (its step must keep h c A below about 2.8) and lets go in the first steps.
    if (damping > S(0)) scale = std::min(scale, S(4) / (damping * inverse_mass));
    // A pad whose numbers put its time scale beyond the scalar (0 or ∞ from an under- or
    // overflow) has no step to take: refused, not taken as a pad that never pushes.
    if (fastest > S(0) && !(scale > S(0) && is_finite(scale))) return Status::CheckFailed("strike.peaks.step", sw.index[i]);
    *half_period = std::min(*half_period, scale);
  }
  return Status::Ok();
}

/// The compliant strike by RK4 at steps_per_half_period steps of the shortest `half_period`
/// (the top of this file), into `peaks` (normal forces, their times, joint torques, duration).
template <typename S, int D, int K, int V>
Status runge_kutta_peaks(const StrikeOptions<S>& options, const S* approach, int touched, S half_period,
                         StrikeWorkspace<S, D, K, V>& sw, StrikePeaks<S, D, K>& peaks) noexcept {
  const ContactSet<S, K>& set = sw.taking_part;
  const int nc = set.count;
  const S h = half_period / static_cast<S>(options.steps_per_half_period);

  constexpr std::size_t kSlots = static_cast<std::size_t>(K);
  S f[kSlots] = {}, f_prev[kSlots] = {}, f_prev2[kSlots] = {}, unclamped_prev[kSlots] = {};
  S d1[kSlots] = {}, s1[kSlots] = {}, d2[kSlots] = {}, s2[kSlots] = {}, d3[kSlots] = {}, s3[kSlots] = {};
  S d4[kSlots] = {}, s4[kSlots] = {}, depth_mid[kSlots] = {}, speed_mid[kSlots] = {};
  for (int j = 0; j < nc; ++j) {
    sw.depth[j] = S(0);
    sw.speed[j] = approach[j];
    peaks.normal_force[j] = S(0);
    peaks.time_of_peak[j] = S(0);
  }
  auto& torque = sw.torque_last;  // τ(t) = Gᵀf(t) at the last sample and the one before
  auto& torque_prev = sw.torque_before;

  S end_time = S(0);
  int step = 0;
  bool done = false;
  detail::compliant_rates(set, sw, sw.depth, sw.speed, f, d1, s1);
  for (int j = 0; j < nc; ++j) {
    f_prev[j] = f_prev2[j] = f[j];
    unclamped_prev[j] = detail::pad_force_continued(set.contacts[j].pad, sw.depth[j], -sw.speed[j]);
    if (f[j] > peaks.normal_force[j]) peaks.normal_force[j] = f[j];  // a damper pushes at once
  }
  for (int x = 0; x < touched; ++x) {
    const int k = sw.touched[x];
    S t = S(0);
    for (int j = 0; j < nc; ++j) t += sw.torque_per_force.coeff(k, j) * f[j];
    torque.coeffRef(k) = torque_prev.coeffRef(k) = t;
    peaks.joint_torque.coeffRef(k) = std::abs(t);
  }
  while (!done && step < options.max_steps) {
    // One step of RK4 on (δ, ζ_n); d1, s1 hold the rates at the step's start.
    for (int j = 0; j < nc; ++j) {
      depth_mid[j] = sw.depth[j] + S(0.5) * h * d1[j];
      speed_mid[j] = sw.speed[j] + S(0.5) * h * s1[j];
    }
    detail::compliant_rates(set, sw, depth_mid, speed_mid, f, d2, s2);
    for (int j = 0; j < nc; ++j) {
      depth_mid[j] = sw.depth[j] + S(0.5) * h * d2[j];
      speed_mid[j] = sw.speed[j] + S(0.5) * h * s2[j];
    }
    detail::compliant_rates(set, sw, depth_mid, speed_mid, f, d3, s3);
    for (int j = 0; j < nc; ++j) {
      depth_mid[j] = sw.depth[j] + h * d3[j];
      speed_mid[j] = sw.speed[j] + h * s3[j];
    }
    detail::compliant_rates(set, sw, depth_mid, speed_mid, f, d4, s4);
    for (int j = 0; j < nc; ++j) {
      sw.depth[j] += h / S(6) * (d1[j] + S(2) * d2[j] + S(2) * d3[j] + d4[j]);
      sw.speed[j] += h / S(6) * (s1[j] + S(2) * s2[j] + S(2) * s3[j] + s4[j]);
    }
    ++step;
    const S t = static_cast<S>(step) * h;
    detail::compliant_rates(set, sw, sw.depth, sw.speed, f, d1, s1);

    // Peaks of the forces: a sample above both neighbours is refined by its parabola (touchdown,
    // t = 0, has no neighbour before it and stands as sampled).
    bool pressing = false, approaching = false;
    const bool inner = step >= 2;
    for (int j = 0; j < nc; ++j) {
      if (inner && f_prev[j] >= f_prev2[j] && f_prev[j] > f[j] && f_prev[j] > S(0)) {
        S offset, height;
        detail::refine_peak(f_prev2[j], f_prev[j], f[j], &offset, &height);
        if (height > peaks.normal_force[j]) {
          peaks.normal_force[j] = height;
          peaks.time_of_peak[j] = t - h + offset * h;
        }
      } else if (f[j] > peaks.normal_force[j]) {
        peaks.normal_force[j] = f[j];
        peaks.time_of_peak[j] = t;
      }
      const S unclamped = detail::pad_force_continued(set.contacts[j].pad, sw.depth[j], -sw.speed[j]);
      if (f_prev[j] > S(0) && !(f[j] > S(0))) {  // let go in this step: where the force crossed zero
        const S fraction = unclamped_prev[j] > unclamped ? unclamped_prev[j] / (unclamped_prev[j] - unclamped) : S(1);
        end_time = std::max(end_time, t - h + std::min(S(1), std::max(S(0), fraction)) * h);
      }
      if (f[j] > S(0)) end_time = std::max(end_time, t);
      unclamped_prev[j] = unclamped;
      pressing = pressing || f[j] > S(0);
      approaching = approaching || sw.speed[j] < S(0);
      f_prev2[j] = f_prev[j];
      f_prev[j] = f[j];
    }
    // The joint torques Gᵀf(t), refined alike on |τ_k|.
    for (int x = 0; x < touched; ++x) {
      const int k = sw.touched[x];
      S tk = S(0);
      for (int j = 0; j < nc; ++j) tk += sw.torque_per_force.coeff(k, j) * f[j];
      const S sign = torque.coeff(k) < S(0) ? S(-1) : S(1);
      const S y0 = sign * torque_prev.coeff(k), y1 = sign * torque.coeff(k), y2 = sign * tk;
      if (inner && y1 >= y0 && y1 > y2 && y1 > S(0)) {
        S offset, height;
        detail::refine_peak(y0, y1, y2, &offset, &height);
        peaks.joint_torque.coeffRef(k) = std::max(peaks.joint_torque.coeff(k), height);
      }
      peaks.joint_torque.coeffRef(k) = std::max(peaks.joint_torque.coeff(k), std::abs(tk));
      torque_prev.coeffRef(k) = torque.coeff(k);
      torque.coeffRef(k) = tk;
    }
    // Over when no pad pushes and no contact still approaches: with no force left the
    // velocities are constant, so nothing comes back.
    done = !pressing && !approaching;
  }
  peaks.steps = step;
  peaks.step = h;
  if (!done) return Status::IterationLimit("strike.peaks.max_steps", step);
  peaks.duration = end_time;
  return Status::Ok();
}

}  // namespace detail

/// Predicts the strike's duration, each contact's peak normal force and the peak joint torques
/// |Gᵀf(t)| from the rigid impulses in sw.impulse and the terms in sw.solve.contact (for the
/// contacts sw.taking_part, all of which have pads), by options.peak_method. `approach` is each
/// one's ζ⁻_n. Not ok when the strike needs more than options.max_steps (IterationLimit
/// "strike.peaks.max_steps"), a pad's time scale is beyond the scalar (CheckFailed
/// "strike.peaks.step", the contact's index), or the method is one the policy Peaks leaves out
/// or kExact is asked of a pad that is not linear (BadInput "options.peak_method").
template <typename Peaks = AllPeakMethods, typename S, int D, int K, int V>
Status predict_peak_loads(int nv, const StrikeOptions<S>& options, const S* approach, StrikeWorkspace<S, D, K, V>& sw,
                          StrikePeaks<S, D, K>& peaks) noexcept {
  const ContactDynamics<S, D, K>& cd = sw.solve.contact;
  const ContactSet<S, K>& set = sw.taking_part;
  const int nc = cd.count, m = cd.rows_per_contact;
  peaks.predicted = false;
  peaks.joint_torque.setZero(nv);
  // The force directions d_j, the coupling A and Gᵀ d_j.
  for (int j = 0; j < nc; ++j) {
    const S normal = sw.impulse.coeff(j * m);
    for (int r = 0; r < 3; ++r) sw.direction[j][r] = r == 0 ? S(1) : S(0);
    if (normal > S(0))
      for (int r = 1; r < m; ++r) sw.direction[j][r] = sw.impulse.coeff(j * m + r) / normal;
    for (int k = 0; k < nv; ++k) sw.torque_per_force.coeffRef(k, j) = S(0);
    for (int s = 0; s < cd.support_size[j]; ++s) {
      const int k = cd.support[j][s];
      S t = S(0);
      for (int r = 0; r < m; ++r) t += cd.jacobian.coeff(j * m + r, k) * sw.direction[j][r];
      sw.torque_per_force.coeffRef(k, j) = t;
    }
  }
  // The DOFs two or more contacts' torques reach, the only ones whose torque is followed. One
  // that a single contact j reaches carries (Gᵀf)_k = w_kj f_j with f_j ≥ 0, so its peak is
  // |w_kj| times f_j's: set from the peak force at the end.
  int touched = 0;
  for (int k = 0; k < nv; ++k) {
    int reaching = 0;
    for (int j = 0; j < nc; ++j) reaching += sw.torque_per_force.coeff(k, j) != S(0) ? 1 : 0;
    if (reaching > 1) sw.touched[touched++] = k;
  }
  S fastest = S(0);  // the largest approach speed, for the Hunt–Crossley pads' working depth
  for (int j = 0; j < nc; ++j) fastest = std::max(fastest, -approach[j]);
  bool linear = true;
  for (int i = 0; i < nc; ++i) {
    linear = linear && set.contacts[i].pad.law == PadLaw::kLinear;
    for (int j = 0; j < nc; ++j) {
      S a = S(0);
      for (int r = 0; r < m; ++r) a += cd.delassus.coeff(i * m, j * m + r) * sw.direction[j][r];
      sw.coupling.coeffRef(i, j) = a;
    }
  }
  const PeakMethod method = options.peak_method == PeakMethod::kAuto
                                ? (linear && Peaks::kExact ? PeakMethod::kExact : PeakMethod::kRungeKutta4)
                                : options.peak_method;
  if ((method == PeakMethod::kExact && !(linear && Peaks::kExact)) ||
      (method == PeakMethod::kRungeKutta4 && !Peaks::kRungeKutta4))
    return Status::BadInput("options.peak_method");
  peaks.method = method;
  // A contact whose effective mass is infinite (A_ii = 0) cannot move; when none can, or nothing
  // approaches, no pad is compressed.
  bool moves = false;
  for (int i = 0; i < nc; ++i) moves = moves || sw.coupling.coeff(i, i) > S(0);
  // RK4's step (the exact method takes its own).
  S half_period = std::numeric_limits<S>::infinity();
  if constexpr (Peaks::kRungeKutta4) {
    if (method == PeakMethod::kRungeKutta4) {
      const Status scaled = detail::runge_kutta_half_period(sw, fastest, &half_period);
      if (!scaled.ok()) return scaled;
    }
  }
  if (!(fastest > S(0)) || !moves) {
    peaks.predicted = true;
    peaks.duration = S(0);
    peaks.steps = 0;
    peaks.step = S(0);
    for (int j = 0; j < nc; ++j) {
      peaks.normal_force[j] = S(0);
      peaks.time_of_peak[j] = S(0);
    }
    return Status::Ok();
  }
  sw.torque_last.setZero(nv);
  sw.torque_before.setZero(nv);
  Status followed = Status::BadInput("options.peak_method");
  if constexpr (Peaks::kExact)
    if (method == PeakMethod::kExact) followed = follow_linear_pads(options, approach, touched, sw, peaks);
  if constexpr (Peaks::kRungeKutta4)
    if (method == PeakMethod::kRungeKutta4)
      followed = detail::runge_kutta_peaks(options, approach, touched, half_period, sw, peaks);
  if (!followed.ok()) return followed;
  for (int k = 0; k < nv; ++k) {
    int reaching = 0, only = 0;
    for (int j = 0; j < nc; ++j)
      if (sw.torque_per_force.coeff(k, j) != S(0)) {
        ++reaching;
        only = j;
      }
    if (reaching == 1) peaks.joint_torque.coeffRef(k) = std::abs(sw.torque_per_force.coeff(k, only)) * peaks.normal_force[only];
  }
  detail::peak_force_vectors(cd, sw, peaks);
  peaks.predicted = true;
  return Status::Ok();
}

}  // namespace footfall
FOOTFALL_HEADER_END
