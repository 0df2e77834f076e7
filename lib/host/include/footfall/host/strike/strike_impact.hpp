#pragma once
// `footfall impact` (lib/DESIGN.md §5): the foot strike of one state file, solved by the core in
// double — forward kinematics, H and its factor at touchdown, then solve_strike() — at the
// smallest of the tool's capacities that holds the model and kMaxStateContacts contacts: the
// contact impulses, the velocities after, the joint impulses and reaction impulses, the kinetic
// energy, and the peak loads when the contacts have pads, with the host time the solve took with
// and without their prediction. Given limits on the joint torques and foot forces
// (ImpactState::limits) and linear pads, also the safe touchdown speed (strike/safe_touchdown.hpp).
//
// As for `forces` (stance/stance_forces.hpp), bad input is an Error naming the state file's field,
// and valid input whose problem has no answer is an ImpactReport whose status is not ok, with no
// impulses in it.
#include <limits>
#include <string>
#include <vector>

#include "footfall/common/status.hpp"
#include "footfall/host/common/result.hpp"
#include "footfall/host/model/robot_description.hpp"
#include "footfall/host/state/solve_report.hpp"
#include "footfall/host/strike/impact_state.hpp"
#include "footfall/strike/safe_touchdown.hpp"
#include "footfall/strike/strike_workspace.hpp"

namespace footfall::host {

/// One contact's part in a solved strike (one of the JSON's "contacts"): its impulse, its normal
/// velocity before and after, and with pads its peak force.
struct ContactImpulse {
  /// The contact's body as the state file names it ("body", or the body of its "shape")
  std::string body, other_body;  ///< other_body "" for the ground
  Vector3<double> position = Vector3<double>::Zero();  ///< the contact point, world frame
  Vector3<double> impulse = Vector3<double>::Zero();   ///< on `body`, world frame, N s
  double normal_impulse = 0.0;                         ///< ι_n, N s
  double approach = 0.0;    ///< ζ⁻: the normal velocity before, m/s (negative: approaching)
  double departure = 0.0;   ///< ζ⁺: after
  double slip_after = 0.0;  ///< the tangential speed after, m/s
  StrikeState state = StrikeState::kLeftOut;  ///< left_out, no_impulse, sticking or sliding
  /// The compliant strike (only when the report has peaks): the largest normal force, N
  double peak_force = 0.0, time_of_peak = 0.0;  ///< when it came, s after touchdown
  Vector3<double> force_at_peak = Vector3<double>::Zero();  ///< the contact force then, world frame, N
};

/// What joint i passes to body i: the spatial impulse in body i's coordinates at its origin
/// (moment first: N m s, then N s), and its component along each of the joint's axes.
struct JointLoad {
  /// The joint's name
  std::string joint, body;  ///< the body it moves
  double reaction_impulse[6] = {};  ///< the spatial impulse: moment (N m s), then force (N s)
  std::vector<double> axis_impulse;  ///< one per DOF of the joint
};

/// The safe touchdown speed against --torque-limits and --force-limit (strike/safe_touchdown.hpp):
/// scaling the state's v by `margin` gives the touchdown at which the binding load's peak equals
/// its limit. Speeds are the fastest contact's approach speed, m/s; +∞ where nothing binds.
struct SafeTouchdownReport {
  double planned_speed = 0.0;  ///< s₀: the state's touchdown speed, max −ζ⁻ over the contacts taking part
  double speed = std::numeric_limits<double>::infinity();   ///< the largest with every peak within its limit
  double margin = std::numeric_limits<double>::infinity();  ///< speed / planned_speed
  TouchdownBound bound = TouchdownBound::kNone;  ///< what reaches its limit at `speed`
  int index = -1;  ///< the DOF (kJointTorque) or the contact point (kFootForce) that does; −1 for none
  /// The DOF's name ("FR_calf_joint") or the contact's ("FR_calf"), "" for none
  std::string name;
  double limit = 0.0;  ///< the binding load's limit
  double peak = 0.0;   ///< the binding load's peak at the planned speed
  std::string unit;  ///< of limit and peak: "N m" (a revolute joint), "N" (a prismatic joint, a foot)
  /// Below this speed a contact now left out would take part (0: none near)
  double set_from = 0.0;
  /// Above this speed a contact now taking part would be left out (+∞: none near)
  double set_to = std::numeric_limits<double>::infinity();
  /// `speed` lies outside [set_from, set_to]: the bound of the current set of contacts only
  bool bound_of_current_set = false;
  /// Per DOF (nv, the table's rows), the limit on |torque|, +∞ where none (a free flyer's)
  std::vector<double> joint_torque_limits;
  std::vector<double> foot_force_limits;  ///< per contact point, the limit on |force|, N, +∞ where none
};

/// What `footfall impact` found for one state file: the solve's status and settings, and when ok
/// the contact impulses, the velocities after, the joint loads, the kinetic energy and, with pads,
/// the peak loads.
struct ImpactReport : SolveReport {
  StrikeFriction friction = StrikeFriction::kCone;  ///< the friction model of the strike (the file's "friction")
  RestitutionLaw law = RestitutionLaw::kNewton;     ///< the restitution law (the file's "law")
  /// Only when ok (as the fields below): the solver's complementarity residual
  double residual = 0.0, impulse_residual = 0.0;  ///< ‖u − HΔq̇‖∞, N s or N m s
  std::vector<ContactImpulse> contacts;  ///< one per contact point of the state, in its order
  /// v⁻: the state's v, the velocities just before the strike, m/s or rad/s (a free-flying base's in
  /// the base's frame)
  std::vector<double> v_minus, v_plus, velocity_change, joint_impulse;  ///< u = Gᵀι = HΔq̇, N s or N m s
  /** \var v_plus
      v⁺ = v⁻ + Δq̇: the velocities just after the strike, m/s or rad/s */
  /** \var velocity_change
      Δq̇ = H⁻¹u, m/s or rad/s */
  std::vector<JointLoad> joint_loads;  ///< one per body, in the model's order
  /// ½ v⁻ᵀ H v⁻, J
  double kinetic_energy_before = 0.0, kinetic_energy_after = 0.0;  ///< ½ v⁺ᵀ H v⁺, J
  /// v⁺ is proved unique (frictionless or sticking friction: a convex QP in v⁺)
  bool velocity_unique = false, impulse_unique = false;  ///< the impulses too (W's active rows independent)
  bool has_peaks = false;  ///< the contacts had pads and the compliant strike was predicted
  /// When has_peaks: the compliant strike's length, s, from touchdown until every pad's force is back to 0
  double peak_duration = 0.0, peak_step = 0.0;  ///< its integration step, s
  int peak_steps = 0;  ///< the integration steps it took
  PeakMethod peak_method = PeakMethod::kExact;  ///< the method that ran: exact (linear pads) or rk4
  std::vector<double> peak_joint_torques;  ///< the largest |(Gᵀf(t))_k| per DOF, N m or N
  bool has_safe_touchdown = false;  ///< limits were given (ImpactState::limits) and the solve is ok
  SafeTouchdownReport safe_touchdown;  ///< when has_safe_touchdown
};

/// `footfall impact`: the strike of `state`, read from the file `state_name` (named in messages),
/// solved at the smallest of the tool's capacities that holds the model. An Error for bad input; a
/// report whose status is not ok for valid input whose problem has no answer. With state.limits
/// given, bad input too: a list whose count is neither 1 nor one per actuated DOF (torques) or
/// contact point (forces), a model with no actuated DOF for --torque-limits, or a state whose
/// contacts have no pads or a Hunt–Crossley pad (the peaks are linear in the speed on linear pads
/// only).
Result<ImpactReport> compute_impact(const RobotDescription& model, const ImpactState& state,
                                    const std::string& state_name);

/// `footfall impact --json` and the table. On a report that is not ok, the status alone.
std::string impact_json(const ImpactReport& report);
/// The table `footfall impact` prints. On a report that is not ok, its heading and status alone.
std::string impact_table(const ImpactReport& report);

}  // namespace footfall::host
