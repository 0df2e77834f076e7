#pragma once
// The safe touchdown speed: how fast the planned touchdown may come down before a joint's peak
// torque or a foot's peak force reaches its limit.
//
// Scale the velocity before the strike, v⁻ = s u, along a fixed direction u. The rigid strike is
// positively homogeneous of degree one in v⁻: its constraints (ζ⁺ + e ζ⁻ ≥ 0 ⊥ ι ≥ 0, the
// friction cone or its pyramid, sticking) are cones and its equations linear, so (s ι, s v⁺)
// solves it for s v⁻ whenever (ι, v⁺) solves it for v⁻, and which contacts take impulse, stick
// or slide does not depend on s. On linear pads the compliant strike is a linear system from a
// state proportional to s (strike/linear_pads.hpp), so every force f(t) and torque Gᵀf(t) is
// s times the one at unit speed, at the same times. Every peak is therefore linear in s, and the
// largest speed with every peak within its limit is the planned speed times the smallest ratio
// of limit to predicted peak.
//
// One threshold is not homogeneous: StrikeOptions::separating_speed, which decides who takes
// part. A contact leaving at ζ⁻ > 0 under the plan would take part below the speed at which
// s ζ⁻/s₀ falls to that threshold, and one that takes part while leaving slower than it would be
// left out above the speed where it reaches it. Between those two speeds the set is the one
// solved; outside, the bound is the current set's, and the answer says so.
#include <algorithm>
#include <cstddef>
#include <limits>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/numeric.hpp"
#include "footfall/common/status.hpp"
#include "footfall/contact/contact.hpp"
#include "footfall/strike/options.hpp"
#include "footfall/strike/strike_workspace.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// The loads a touchdown must stay within: per DOF, the largest |torque| its drive may carry
/// (N m, or N for a prismatic joint; +∞ for a DOF with no limit, such as a floating base's six),
/// and per contact of the strike's set, the largest force its foot may take (N, the force's
/// magnitude; +∞ for none). A limit of 0 allows no load at all.
template <typename S, int D, int K>
struct LoadLimits {
  static constexpr std::size_t kContactSlots = static_cast<std::size_t>(K);  ///< K, as an array extent
  using DofVector = Eigen::Matrix<S, Eigen::Dynamic, 1, 0, D, 1>;  ///< a vector on the DOFs (nv entries, at most D)

  DofVector joint_torque;              ///< per DOF, nv entries (the model's), ≥ 0
  S foot_force[kContactSlots] = {};    ///< per contact, in the set's order, ≥ 0

  /// No limit on anything: nv DOFs and every contact slot at +∞.
  static LoadLimits Unlimited(int nv) noexcept {
    LoadLimits limits;
    limits.joint_torque.setConstant(nv, std::numeric_limits<S>::infinity());
    for (std::size_t i = 0; i < kContactSlots; ++i) limits.foot_force[i] = std::numeric_limits<S>::infinity();
    return limits;
  }
};

/// What bounds the safe touchdown speed.
enum class TouchdownBound : unsigned char {
  kNone = 0,     ///< no limit is reached at any speed (nothing approaches, or no limited load arises)
  kJointTorque,  ///< a DOF's peak torque reaches its limit (SafeTouchdown::index is the DOF)
  kFootForce,    ///< a contact's peak force reaches its limit (SafeTouchdown::index is the contact)
};

/// The bound's name, as the host tool prints it.
constexpr const char* to_string(TouchdownBound bound) noexcept {
  switch (bound) {
    case TouchdownBound::kNone:
      return "none";
    case TouchdownBound::kJointTorque:
      return "joint_torque";
    case TouchdownBound::kFootForce:
      return "foot_force";
  }
  return "unknown touchdown bound";
}

/// The answer of safe_touchdown_speed. Speeds are touchdown speeds: the fastest contact's
/// approach speed, max −ζ⁻ over the contacts that take part, in m/s.
template <typename S>
struct SafeTouchdown {
  S planned_speed = S(0);  ///< s₀: the touchdown speed of the strike that was solved
  /// The largest touchdown speed along the same direction with every peak within its limit,
  /// +∞ when none binds.
  S speed = std::numeric_limits<S>::infinity();
  S margin = std::numeric_limits<S>::infinity();  ///< speed/s₀: at least 1 when the plan is within every limit
  TouchdownBound bound = TouchdownBound::kNone;   ///< what reaches its limit at `speed`
  int index = -1;  ///< the DOF or the contact (in the set's order) that does; −1 for kNone
  /// The speeds between which the contacts taking part stay those solved for (the top of this
  /// file): below set_from a contact now left out would take part, above set_to one now taking
  /// part would be left out. 0 and +∞ when no threshold is near.
  S set_from = S(0);
  S set_to = std::numeric_limits<S>::infinity();  ///< see set_from
  /// `speed` lies outside [set_from, set_to]: it is the bound of the current set of contacts,
  /// not necessarily the touchdown's.
  bool bound_of_current_set = false;
};

/// The safe touchdown speed (the top of this file) of the strike `strike`, solved by solve_strike
/// on `set` with `options` and pads on every contact that took part, against `limits`. Not ok,
/// and `safe` unchanged, when the strike is not ok or predicted no peaks (BadInput "strike"),
/// a pad that took part is not linear, for which the peaks are not linear in the speed (BadInput
/// "set.contacts.pad", the contact), `limits.joint_torque` has not one entry per DOF (BadInput
/// "limits.joint_torque") or a limit is negative or NaN (BadInput "limits.joint_torque" or
/// "limits.foot_force", the DOF or the contact).
template <typename S, int B, int D, int K>
Status safe_touchdown_speed(const ContactSet<S, K>& set, const StrikeOptions<S>& options,
                            const StrikeResult<S, B, D, K>& strike, const LoadLimits<S, D, K>& limits,
                            SafeTouchdown<S>& safe) noexcept {
  if (!strike.ok() || !strike.peaks.predicted || strike.count != set.count) return Status::BadInput("strike");
  const int nv = static_cast<int>(strike.peaks.joint_torque.size());
  if (limits.joint_torque.size() != nv) return Status::BadInput("limits.joint_torque");
  for (int k = 0; k < nv; ++k)
    if (!(limits.joint_torque.coeff(k) >= S(0))) return Status::BadInput("limits.joint_torque", k);
  for (int i = 0; i < set.count; ++i) {
    if (strike.state[i] == StrikeState::kLeftOut) continue;
    if (set.contacts[i].pad.law != PadLaw::kLinear) return Status::BadInput("set.contacts.pad", i);
    if (!(limits.foot_force[i] >= S(0))) return Status::BadInput("limits.foot_force", i);
  }

  SafeTouchdown<S> answer;
  const S infinity = std::numeric_limits<S>::infinity();
  for (int i = 0; i < set.count; ++i)
    if (strike.state[i] != StrikeState::kLeftOut) answer.planned_speed = std::max(answer.planned_speed, -strike.approach[i]);
  if (answer.planned_speed > S(0)) {
    S ratio = infinity;  // the smallest limit/peak
    for (int k = 0; k < nv; ++k) {
      const S peak = strike.peaks.joint_torque.coeff(k);
      if (!(peak > S(0))) continue;
      const S r = limits.joint_torque.coeff(k) / peak;
      if (r < ratio) {
        ratio = r;
        answer.bound = TouchdownBound::kJointTorque;
        answer.index = k;
      }
    }
    for (int i = 0; i < set.count; ++i) {
      const S peak = strike.peaks.force[i].norm();
      if (strike.state[i] == StrikeState::kLeftOut || !(peak > S(0))) continue;
      const S r = limits.foot_force[i] / peak;
      if (r < ratio) {
        ratio = r;
        answer.bound = TouchdownBound::kFootForce;
        answer.index = i;
      }
    }
    answer.margin = ratio;
    answer.speed = ratio * answer.planned_speed;
    // Where the participation threshold would change the set (the top of this file). A contact
    // taking part while leaving faster than the threshold was pushed into the strike by the
    // others' impulses, which scale with it: it stays at any speed.
    const S threshold = options.separating_speed;
    for (int i = 0; i < set.count; ++i) {
      const S leaving = strike.approach[i];
      if (!(leaving > S(0))) continue;
      const S at = answer.planned_speed * (threshold / leaving);
      if (strike.state[i] == StrikeState::kLeftOut)
        answer.set_from = std::max(answer.set_from, at);
      else if (leaving <= threshold)
        answer.set_to = std::min(answer.set_to, at);
    }
    answer.bound_of_current_set = answer.speed < answer.set_from || answer.speed > answer.set_to;
  }
  safe = answer;
  return Status::Ok();
}

}  // namespace footfall
FOOTFALL_HEADER_END
