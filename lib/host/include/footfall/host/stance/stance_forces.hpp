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

/// One contact's part in a solved stance (one of the JSON's "contacts"): where it is, the force
/// on its body and its state.
struct ContactForce {
  /// The contact's body as the state file names it ("body", or the body of its "shape")
  std::string body, other_body;  ///< other_body "" for the ground
  Vector3<double> position = Vector3<double>::Zero();  ///< the contact point, world frame
  Vector3<double> force = Vector3<double>::Zero();     ///< on `body`, world frame, N
  double normal_force = 0.0;                           ///< λ, N
  double normal_acceleration = 0.0;                    ///< ζ̇ = n·(relative acceleration), m/s²
  ContactState state = ContactState::kSeparating;  ///< sticking, sliding or separating
};

/// Consecutive contacts of one body with one normal (a sole's corners): one surface contact,
/// its wrench about the corners' centroid and its centre of pressure (stance/contact_patch.hpp).
struct PatchReport {
  std::string body;  ///< the contacts' body, as the state file names the first of them
  /// The index of its first contact among the state's contacts (the JSON's "first_contact")
  int first = 0, count = 0;  ///< contacts first … first + count − 1
  /// o: the corners' centroid, world frame, m; F, M_o and c as stance/contact_patch.hpp's PatchWrench
  Vector3<double> origin = Vector3<double>::Zero(), force = Vector3<double>::Zero(),  ///< F = Σ fᵢ, world, N
                  moment = Vector3<double>::Zero(), centre_of_pressure = Vector3<double>::Zero();  ///< c, world, m
  /** \var moment
      M_o = Σ (pᵢ − o) × fᵢ on the body about origin, world frame, N m */
  int loaded = 0;  ///< the corners with a positive normal force
  PatchState state = PatchState::kSeparating;  ///< separating, sticking, sliding or tipping
};

/// What `footfall forces` found for one state file: the solve's status, its settings and τ, and
/// when ok the contact forces, the soles, q̈ and τ_c.
struct ForcesReport : SolveReport {
  FrictionModel friction = FrictionModel::kCone;  ///< the friction model the solve used (the file's "friction")
  /// Only when ok: the answer's complementarity residual
  double residual = 0.0, equation_residual = 0.0;  ///< only when ok: ‖H q̈ + C − τ − τ_c‖∞, N or N m
  double total_mass = 0.0;  ///< the model's, kg: the table compares the normal forces with m|g|
  Vector3<double> gravity = Vector3<double>::Zero();  ///< the state's, world frame, m/s²
  /// The τ the solve used: the file's, or with --holding-torques the torques that hold the robot
  /// (then holding_torques_damped says whether the contacts left AAᵀ singular, as a diagonal pair
  /// of point feet does, and damped least squares chose them).
  std::vector<double> tau;
  /// Whether --holding-torques replaced the file's τ (StanceState::holding_torques)
  bool holding_torques = false, holding_torques_damped = false;  ///< whether damped least squares chose them
  /// Only when ok (as the fields below): one per contact point of the state, in its order.
  std::vector<ContactForce> contacts;
  std::vector<PatchReport> patches;  ///< each run of two or more contacts on one body with one normal
  /// q̈ = H⁻¹(τ − C + τ_c), nv numbers, m/s² or rad/s² (a free-flying base's in the base's frame)
  std::vector<double> qdd, tau_contact;  ///< τ_c = Gᵀ f, the contacts' generalized force, N or N m
};

/// `footfall forces`: the stance of `state`, read from the file `state_name` (named in messages),
/// solved at the smallest of the tool's capacities that holds the model. An Error for bad input; a
/// report whose status is not ok for valid input whose problem has no answer.
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
/// The table `footfall forces` prints. On a report that is not ok, its heading and status alone.
std::string forces_table(const ForcesReport& report);

}  // namespace footfall::host
