#pragma once
// The state, scratch and per-step report of the rigid-contact simulators (event_driven.hpp,
// trapezoidal.hpp). Contacts are the candidates of contact_gaps.hpp; a candidate is *active*
// while it carries force as an equality constraint φ̈ = 0 (RBDA Table 11.1's active set).
#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/small_ldlt.hpp"
#include "footfall/motion/contact_gaps.hpp"
#include "footfall/stance/stance_workspace.hpp"
#include "footfall/strike/strike_workspace.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// What happened in a step, as bits of RigidStepReport::events.
enum RigidEvent : unsigned {
  kEventNone = 0,
  kEventContactGain = 1u << 0,     ///< a gap closed: an impact was applied
  kEventContactLoss = 1u << 1,     ///< an active contact separated
  kEventNegativeForce = 1u << 2,   ///< an active contact's force turned negative: the LCP re-solved
  kEventRest = 1u << 3,            ///< the Zeno rule ended a bounce sequence (rigid_options.hpp)
  kEventStepHalved = 1u << 4,      ///< Liu04's Step 4: a penetrating step was halved
};

/// The state of a rigid-contact motion, advanced in place by advance_event_driven,
/// advance_trapezoidal and advance_time_stepping (on a non-ok Status it is left unchanged). The
/// caller sets time, q and v; the rest starts at its defaults and is what the schemes carry from
/// step to step. Per-candidate arrays follow the candidates' order.
template <typename S, int B, int D, int K>
struct RigidMotionState {
  using Config = typename Model<S, B, D>::ConfigVector;   ///< q's type (nq entries)
  using Tangent = typename Model<S, B, D>::TangentVector;  ///< v's and v̇'s type (nv entries)
  static constexpr std::size_t kSlots = static_cast<std::size_t>(K);  ///< K, as an array extent

  S time = S(0);  ///< t (s)
  Config q;       ///< the configuration
  Tangent v;      ///< the joint velocities
  Tangent qdd;                     ///< v̇ at (time, q, v), with the contact forces below
  bool active[kSlots] = {};        ///< the active set
  S normal_force[kSlots] = {};     ///< λ per candidate (0 if not active)
  S friction_force[kSlots][2] = {};  ///< its friction along the contact's (t₁, t₂), Liu04's scheme only
  S last_impact[kSlots] = {};      ///< time of each candidate's last impact (−∞: none yet)
  S step = S(0);                   ///< a variable-step scheme's current initial step (0: not begun)
  int score = 0;                   ///< … and its step score
  bool started = false;            ///< v̇ and λ are current (the first step computes them)
};

/// What one step of a rigid-contact scheme did (advance_event_driven, advance_trapezoidal,
/// advance_time_stepping). Per-candidate arrays follow the candidates' order.
template <typename S, int K>
struct RigidStepReport {
  static constexpr std::size_t kSlots = static_cast<std::size_t>(K);  ///< K, as an array extent

  Status status;  ///< ok, or why the step was refused (the state is then unchanged)
  S time = S(0);        ///< the time reached
  S step = S(0);        ///< the time advanced by this step
  unsigned events = kEventNone;  ///< what happened: RigidEvent bits
  int event_contact = -1;  ///< the candidate of the first event
  int evaluations = 0;     ///< dynamics evaluations (each: kinematics, H, its factor, C, a solve)
  int halvings = 0;        ///< Liu04: step halvings
  S gap[kSlots] = {};              ///< φ at the step's end
  S normal_velocity[kSlots] = {};  ///< φ̇ at the step's end (after any impact)
  S approach_velocity[kSlots] = {};  ///< φ̇ just before the impact (= normal_velocity if none)
  S normal_force[kSlots] = {};     ///< λ at the step's end
  S normal_impulse[kSlots] = {};   ///< the impact's impulse, if one was applied
  S kinetic_energy_lost = S(0);    ///< by the impact
};

/// The scratch of the rigid-contact schemes (advance_event_driven, advance_trapezoidal,
/// advance_time_stepping): the caller owns it and passes it to every step, but nothing in it is a
/// result to rely on; RigidMotionState and RigidStepReport hold the answers.
template <typename S, int B, int D, int K>
struct RigidMotionWorkspace {
  using Tangent = typename Model<S, B, D>::TangentVector;  ///< v's and v̇'s type (nv entries)
  using Config = typename Model<S, B, D>::ConfigVector;    ///< q's type (nq entries)
  static constexpr std::size_t kSlots = static_cast<std::size_t>(K);  ///< K, as an array extent

  ContactSet<S, K> subset;        ///< the candidates an evaluation or solve uses, in order
  int index[kSlots] = {};         ///< subset[j] is candidate index[j]
  StanceWorkspace<S, D, K> stance;  ///< the contact terms, the contact LCPs and the projections' solves
  StanceResult<S, D, K> stance_result;  ///< the last contact LCP's answer
  StrikeWorkspace<S, D, K> strike;  ///< the strike solve's scratch, for the impacts
  StrikeResult<S, B, D, K> strike_result;  ///< the last impact's answer
  SmallLdlt<S, K> equality;       ///< W of the active contacts, for their equality forces
  SmallLdlt<S, 3 * K> sticking;   ///< W with tangents, for stopping a slip (trapezoidal.hpp)
  typename SmallLdlt<S, K>::Vector rhs;  ///< per active contact, its target normal acceleration less its free one; solved in place into λ_A
  typename ContactDynamics<S, D, K>::RowVector force_rows;  ///< contact-frame forces of a subset

  /// @name Scratch of the steps (not for the caller)
  /// Stage and end states of a step (q, v, v̇) and an increment of v.
  ///@{
  Config q_stage, q_end;                            ///< the steps' scratch: stage and end states
  Tangent v_stage, v_end, a_stage, a_end, tangent;  ///< the steps' scratch: stage and end states, an increment
  ///@}
};

}  // namespace footfall
FOOTFALL_HEADER_END
