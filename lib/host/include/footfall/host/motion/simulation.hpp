#pragma once
// `footfall simulate` (lib/DESIGN.md §5): a scenario file (motion/scenario.hpp) run forward by one of
// the core's rigid-contact schemes in double, at the smallest of the tool's capacities that holds
// the model, sampled after every step into a Trajectory (motion/trajectory.hpp) for the CSV and
// the plot.
//
// Bad input is an Error naming the scenario file's field. A run the core stops (a contact problem
// with no answer, a step that cannot avoid penetration) is a report whose status is not ok, with
// the trajectory up to the step that failed and the time it reached.
#include <string>

#include "footfall/host/common/result.hpp"
#include "footfall/host/model/robot_description.hpp"
#include "footfall/host/motion/scenario.hpp"
#include "footfall/host/motion/trajectory.hpp"
#include "footfall/host/state/solve_report.hpp"

namespace footfall::host {

/// What a `footfall simulate` run did: the status (ok, or why the run stopped early), the scheme,
/// how far it got and with how much work, the impacts, and the time history.
struct SimulationReport : SolveReport {
  MotionScheme scheme = MotionScheme::kEventDriven;  ///< the scenario's "scheme"
  ///@{
  /// s: the scenario's "duration" and the time the run reached (the duration when it finished).
  double duration = 0.0, time_reached = 0.0;
  ///@}
  ///@{
  /// The steps taken and the dynamics evaluations they made (each: kinematics, H, its factor, C,
  /// a solve; the soft scheme makes one a step).
  long steps = 0, evaluations = 0;
  ///@}
  ///@{
  /// The steps with an impact (a gap closed), the bounce sequences the Zeno rule ended at rest, and
  /// Liu04's step halvings.
  int impacts = 0, rests = 0, halvings = 0;
  ///@}
  double kinetic_energy_lost = 0.0;  ///< J, by the impacts (the soft scheme: the contact forces' negative work)
  Trajectory trajectory;  ///< a sample after every step taken (two at an impact), for the CSV and the plot
};

/// Runs `scenario` on `model` in double, at the smallest of kCapacities that holds it, from t = 0
/// to its duration; `scenario_name` (the file's path) begins every message. Bad input is an Error
/// naming the field, and so is a first step the core refuses as bad input; a run that stops early
/// otherwise is a report whose status says why.
Result<SimulationReport> run_simulation(const RobotDescription& model, const ScenarioState& scenario,
                                        const std::string& scenario_name);

/// Why a run stopped after its first step (report.ok() false), in one line for stderr: "the
/// <scheme> scheme stopped at t = ... s: " and the core's status, said in words when the motion
/// grew beyond double. (A first step the core refuses is bad input: run_simulation's Error.)
std::string describe_simulation_stop(const SimulationReport& report);

/// The summary `footfall simulate --json` prints: the status, the run's counts, and the final q,
/// v and contacts (every float %.17g).
std::string simulation_json(const SimulationReport& report);
/// The summary `footfall simulate` prints without `--json`: the status, the run's counts and a
/// table of the contacts at the end.
std::string simulation_table(const SimulationReport& report);

}  // namespace footfall::host
