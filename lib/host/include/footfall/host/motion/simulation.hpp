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

struct SimulationReport : SolveReport {
  MotionScheme scheme = MotionScheme::kEventDriven;
  double duration = 0.0, time_reached = 0.0;
  long steps = 0, evaluations = 0;
  int impacts = 0, rests = 0, halvings = 0;
  double kinetic_energy_lost = 0.0;  ///< by the impacts
  Trajectory trajectory;
};

Result<SimulationReport> run_simulation(const RobotDescription& model, const ScenarioState& scenario,
                                        const std::string& scenario_name);

/// Why a run stopped after its first step (report.ok() false), in one line for stderr: "the
/// <scheme> scheme stopped at t = ... s: " and the core's status, said in words when the motion
/// grew beyond double. (A first step the core refuses is bad input: run_simulation's Error.)
std::string describe_simulation_stop(const SimulationReport& report);

/// The summary `footfall simulate` prints: --json and the table.
std::string simulation_json(const SimulationReport& report);
std::string simulation_table(const SimulationReport& report);

}  // namespace footfall::host
