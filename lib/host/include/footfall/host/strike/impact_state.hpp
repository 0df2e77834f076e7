#pragma once
// The state file of `footfall impact` (lib/DESIGN.md §5): the fields every state file has
// (state/state_file.hpp), at the instant of touchdown — q, and v the joint velocities just
// before the strike — and
//
//     "friction": "cone",      optional: none, sticking, pyramid4, pyramid8, cone (default)
//     "law": "newton",         optional: the restitution law, newton (default) or poisson
//
// "tau" and "gravity" are optional and unused (a strike's impulses leave no time for bounded
// forces to act), but checked when given, so a `forces` state file serves here unchanged.
// Each contact's "restitution" is its e; its "pad", when given, makes the peak loads predicted,
// and then every contact that strikes or touches needs one (solve_strike()). Read with
// read_state_file<ImpactState>() (state/state_file.hpp).
//
// Not from the file: the loads the touchdown must stay within, which `footfall impact
// --torque-limits` and `--force-limit` give (TouchdownLimits), for the safe touchdown speed.
#include <string>
#include <vector>

#include "footfall/host/common/result.hpp"
#include "footfall/host/state/state_file.hpp"
#include "footfall/strike/options.hpp"

namespace footfall::host {

/// The loads a touchdown must stay within, as `footfall impact --torque-limits` and
/// `--force-limit` give them; when either is given, the report has the safe touchdown speed
/// (strike/safe_touchdown.hpp). Each list is empty (not given), one value for all, or one value
/// each; `inf` is no limit. compute_impact() checks the counts against the model and the state.
struct TouchdownLimits {
  /// N m (N for a prismatic joint): one value for every actuated DOF, or one per actuated DOF in
  /// the model's DOF order (the order of the table's rows). The actuated DOFs are those of the
  /// revolute and prismatic joints; a free flyer's six and a planar joint's three are never limited.
  std::vector<double> joint_torque;
  /// N, the force's magnitude: one value for every contact point, or one per contact point in the
  /// state's order (the table's #; a box "shape" entry gives four points)
  std::vector<double> foot_force;

  /// Whether either was given: the safe touchdown speed is asked for.
  bool given() const noexcept { return !joint_torque.empty() || !foot_force.empty(); }
};

/// `text` as --torque-limits or --force-limit takes it, "33.5" or "23.7,23.7,33.5,...": numbers
/// ≥ 0 separated by commas (spaces around them allowed), `inf` for no limit. An Error naming
/// `option` and the entry ("--torque-limits[2]: negative (-1)") for an empty list or entry, one
/// that is not a number, a negative one or NaN.
Result<std::vector<double>> parse_limit_list(const std::string& text, const std::string& option);

/// The state file of `footfall impact`: the fields of every state file, at touchdown, and its
/// "friction" and "law".
struct ImpactState : StateFile {
  StrikeFriction friction = StrikeFriction::kCone;  ///< "friction": none, sticking, pyramid4, pyramid8 or cone
  RestitutionLaw law = RestitutionLaw::kNewton;     ///< "law": the restitution law, newton or poisson
  /// Not from the file: --torque-limits and --force-limit, for the safe touchdown speed
  TouchdownLimits limits;
};

}  // namespace footfall::host
