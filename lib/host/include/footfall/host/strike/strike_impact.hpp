#pragma once
// `footfall impact` (lib/DESIGN.md §5): the foot strike of one state file, solved by the core in
// double — forward kinematics, H and its factor at touchdown, then solve_strike() — at the
// smallest of the tool's capacities that holds the model and kMaxStateContacts contacts: the
// contact impulses, the velocities after, the joint impulses and reaction impulses, the kinetic
// energy, and the peak loads when the contacts have pads.
//
// As for `forces` (stance/stance_forces.hpp), bad input is an Error naming the state file's field,
// and valid input whose problem has no answer is an ImpactReport whose status is not ok, with no
// impulses in it.
#include <string>
#include <vector>

#include "footfall/common/status.hpp"
#include "footfall/host/common/result.hpp"
#include "footfall/host/model/robot_description.hpp"
#include "footfall/host/state/solve_report.hpp"
#include "footfall/host/strike/impact_state.hpp"
#include "footfall/strike/strike_workspace.hpp"

namespace footfall::host {

struct ContactImpulse {
  std::string body, other_body;  ///< other_body "" for the ground
  Vector3<double> position = Vector3<double>::Zero();  ///< the contact point, world frame
  Vector3<double> impulse = Vector3<double>::Zero();   ///< on `body`, world frame, N s
  double normal_impulse = 0.0;                         ///< ι_n, N s
  double approach = 0.0;    ///< ζ⁻: the normal velocity before, m/s (negative: approaching)
  double departure = 0.0;   ///< ζ⁺: after
  double slip_after = 0.0;  ///< the tangential speed after, m/s
  StrikeState state = StrikeState::kLeftOut;
  /// The compliant strike (only when the report has peaks): the largest normal force, when it came
  /// after touchdown, and the contact force (world) then.
  double peak_force = 0.0, time_of_peak = 0.0;
  Vector3<double> force_at_peak = Vector3<double>::Zero();
};

/// What joint i passes to body i: the spatial impulse in body i's coordinates at its origin
/// (moment first: N m s, then N s), and its component along each of the joint's axes.
struct JointLoad {
  std::string joint, body;
  double reaction_impulse[6] = {};
  std::vector<double> axis_impulse;  ///< one per DOF of the joint
};

struct ImpactReport : SolveReport {
  StrikeFriction friction = StrikeFriction::kCone;
  RestitutionLaw law = RestitutionLaw::kNewton;
  /// Only when ok:
  double residual = 0.0, impulse_residual = 0.0;
  std::vector<ContactImpulse> contacts;
  std::vector<double> v_minus, v_plus, velocity_change, joint_impulse;
  std::vector<JointLoad> joint_loads;  ///< one per body, in the model's order
  double kinetic_energy_before = 0.0, kinetic_energy_after = 0.0;
  bool velocity_unique = false, impulse_unique = false;
  bool has_peaks = false;  ///< the contacts had pads and the compliant strike was predicted
  double peak_duration = 0.0, peak_step = 0.0;
  int peak_steps = 0;
  std::vector<double> peak_joint_torques;  ///< the largest |(Gᵀf(t))_k| per DOF, N m or N
};

Result<ImpactReport> compute_impact(const RobotDescription& model, const ImpactState& state,
                                    const std::string& state_name);

/// `footfall impact --json` and the table. On a report that is not ok, the status alone.
std::string impact_json(const ImpactReport& report);
std::string impact_table(const ImpactReport& report);

}  // namespace footfall::host
