#pragma once
// `footfall forces` (lib/DESIGN.md §5): the stance contact forces of one state file, computed by the
// core in double — forward kinematics, H, its factor, C, then solve_stance() — at the smallest of
// the tool's capacities that holds the model and kMaxStateContacts contacts.
//
// Two ways to fail, kept apart:
// - bad input (a model or state the core refuses): compute_forces() returns an Error, one line
//   naming the state file and the field, e.g. "s.json: contacts[1].normal: not of unit length";
// - valid input whose problem has no answer (infeasible, inconsistent friction, the pivot or
//   sweep limit reached, an answer that failed its check): a ForcesReport whose status is not
//   ok, with no forces in it. The tool prints that status and exits 3.
#include <string>
#include <vector>

#include "footfall/common/status.hpp"
#include "footfall/stance/contact_patch.hpp"
#include "footfall/host/common/result.hpp"
#include "footfall/host/model/robot_description.hpp"
#include "footfall/host/stance/stance_state.hpp"
#include "footfall/host/state/solve_report.hpp"

namespace footfall::host {

struct ContactForce {
  std::string body, other_body;  ///< other_body "" for the ground
  Vector3<double> position = Vector3<double>::Zero();  ///< the contact point, world frame
  Vector3<double> force = Vector3<double>::Zero();     ///< on `body`, world frame, N
  double normal_force = 0.0;                           ///< λ, N
  double normal_acceleration = 0.0;                    ///< ζ̇ = n·(relative acceleration), m/s²
  ContactState state = ContactState::kSeparating;
};

/// Consecutive contacts of one body with one normal (a sole's corners): one surface contact,
/// its wrench about the corners' centroid and its centre of pressure (stance/contact_patch.hpp).
struct PatchReport {
  std::string body;
  int first = 0, count = 0;  ///< contacts first … first + count − 1
  Vector3<double> origin = Vector3<double>::Zero(), force = Vector3<double>::Zero(),
                  moment = Vector3<double>::Zero(), centre_of_pressure = Vector3<double>::Zero();
  int loaded = 0;
  PatchState state = PatchState::kSeparating;
};

struct ForcesReport : SolveReport {
  FrictionModel friction = FrictionModel::kCone;
  double residual = 0.0, equation_residual = 0.0;
  double total_mass = 0.0;
  Vector3<double> gravity = Vector3<double>::Zero();
  /// The τ the solve used: the file's, or with --holding-torques the torques that hold the robot
  /// (then holding_torques_damped says whether the contacts left AAᵀ singular, as a diagonal pair
  /// of point feet does, and damped least squares chose them).
  std::vector<double> tau;
  bool holding_torques = false, holding_torques_damped = false;
  /// Only when ok:
  std::vector<ContactForce> contacts;
  std::vector<PatchReport> patches;
  std::vector<double> qdd, tau_contact;
};

Result<ForcesReport> compute_forces(const RobotDescription& model, const StanceState& state,
                                    const std::string& state_name);

/// The message for a core Status on the state file `state_name`: bad input names the field in the
/// file's terms ("contacts[2].mu: ..."), anything else says what the solve found. Serves the strike
/// (`impact`) too, whose solve is built on the stance machinery and shares its fields.
std::string describe_stance_status(const Status& status, const RobotDescription& model,
                                   const std::string& state_name);

/// What the core's "v.overflow" says overflowed, in words: C(q, v) at DOF `index` (the tick's
/// terms), or the kinetic energy ½ vᵀHv (index −1: a strike's, or a run's starting state). The
/// messages about a file's v and about a run that outgrew double both say it this way.
std::string velocity_overflow_in_words(int index);

/// `footfall forces --json` and the table. On a report that is not ok, the status alone.
std::string forces_json(const ForcesReport& report);
std::string forces_table(const ForcesReport& report);

}  // namespace footfall::host
