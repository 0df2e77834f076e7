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

template <typename S, int B, int D, int K>
struct RigidMotionState {
  using Config = typename Model<S, B, D>::ConfigVector;
  using Tangent = typename Model<S, B, D>::TangentVector;
  static constexpr std::size_t kSlots = static_cast<std::size_t>(K);

  S time = S(0);
  Config q;
  Tangent v;
  Tangent qdd;                     ///< v̇ at (time, q, v), with the contact forces below
  bool active[kSlots] = {};        ///< the active set
  S normal_force[kSlots] = {};     ///< λ per candidate (0 if not active)
  S friction_force[kSlots][2] = {};  ///< its friction along the contact's (t₁, t₂), Liu04's scheme only
  S last_impact[kSlots] = {};      ///< time of each candidate's last impact (−∞: none yet)
  S step = S(0);                   ///< a variable-step scheme's current initial step (0: not begun)
  int score = 0;                   ///< … and its step score
  bool started = false;            ///< v̇ and λ are current (the first step computes them)
};

template <typename S, int K>
struct RigidStepReport {
  static constexpr std::size_t kSlots = static_cast<std::size_t>(K);

  Status status;
  S time = S(0);        ///< the time reached
  S step = S(0);        ///< the time advanced by this step
  unsigned events = kEventNone;
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

template <typename S, int B, int D, int K>
struct RigidMotionWorkspace {
  using Tangent = typename Model<S, B, D>::TangentVector;
  using Config = typename Model<S, B, D>::ConfigVector;
  static constexpr std::size_t kSlots = static_cast<std::size_t>(K);

  ContactSet<S, K> subset;        ///< the candidates an evaluation or solve uses, in order
  int index[kSlots] = {};         ///< subset[j] is candidate index[j]
  StanceWorkspace<S, D, K> stance;
  StanceResult<S, D, K> stance_result;
  StrikeWorkspace<S, D, K> strike;
  StrikeResult<S, B, D, K> strike_result;
  SmallLdlt<S, K> equality;       ///< W of the active contacts, for their equality forces
  SmallLdlt<S, 3 * K> sticking;   ///< W with tangents, for stopping a slip (trapezoidal.hpp)
  typename SmallLdlt<S, K>::Vector rhs;
  typename ContactDynamics<S, D, K>::RowVector force_rows;  ///< contact-frame forces of a subset

  /// Scratch for the steps: stage states and derivatives.
  Config q_stage, q_end;
  Tangent v_stage, v_end, a_stage, a_end, tangent;
};

}  // namespace footfall
FOOTFALL_HEADER_END
