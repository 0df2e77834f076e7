#pragma once
// What the report of every solve of a state file (`forces`, `impact`) begins with: the model, the
// solve's status, the solver that ran and its work; and how the JSON and the table begin.
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "footfall/common/status.hpp"
#include "footfall/host/model/robot_description.hpp"
#include "footfall/stance/options.hpp"

namespace footfall::host {

/// What the report of every solve of a state file begins with (ForcesReport, ImpactReport): the
/// model, the core's status, the solver that ran and its work, and the warnings about the state.
struct SolveReport {
  /// The model's name (RobotDescription::name; the JSON's "model")
  std::string model, source;  ///< where the model came from (RobotDescription::source), for the table
  /// The core's status of the solve (the JSON's "status": "ok", "inconsistent friction", …)
  StatusCode status = StatusCode::kOk;
  std::string status_field;  ///< the core's Status::field, "" when ok
  int status_index = -1;     ///< the core's Status::index (a contact, or a limit), −1 when none
  StanceSolver solver = StanceSolver::kAuto;  ///< the one that ran
  /// The solver's work, counted in work_unit(solver): pivots, active sets or sweeps ("work")
  int work = 0, work_limit = 0;  ///< the limit on the work that the solve ran under ("work_limit")
  /// Whether the contact forces (impulses) are the only answer: with dependent contacts (a sole's
  /// corners) they are the least-norm one of many (stance/options.hpp's ForceChoice).
  ForceChoice force_choice = ForceChoice::kUnique;
  std::vector<std::string> dof_names;  ///< "root.vx", "FR_hip_joint", ... for the table
  /// Where the state is almost certainly not what the user meant (a base upside down, contacts
  /// far from one plane, a robot its contacts do not carry): one sentence each, on stderr and in
  /// the JSON's "warnings".
  std::vector<std::string> warnings;

  /// Whether the solve found an answer (status kOk): only then are the results filled in.
  bool ok() const noexcept { return status == StatusCode::kOk; }
};

/// The settings a report names after the model: {"friction", "cone"}, {"law", "newton"}.
using ReportSettings = std::vector<std::pair<std::string, std::string>>;

/// What the work counts: "pivots", "active sets" or "sweeps" ("rounds" for the least-norm report).
const char* work_unit(StanceSolver solver) noexcept;

/// Fills `report` from the model (its names, its DOFs' names) and the solve's status, solver and work.
void set_solve_report(const RobotDescription& model, const Status& status, StanceSolver solver, int work,
                      int work_limit, SolveReport* report);

/// The JSON's first keys: status (and status_field, status_index when not ok), model, the
/// settings, solver, work, work_unit, work_limit.
nlohmann::ordered_json solve_report_json(const SolveReport& report, const ReportSettings& settings);

/// The table's first line, "model (source), friction cone, solver pgs: ok after 12 sweeps (limit
/// 200)", without its newline; when not ok, followed by ": field index\n", all the table there is.
std::string solve_report_heading(const SolveReport& report, const ReportSettings& settings);

/// A line under the heading when the forces are not unique (ForceChoice), "" when they are.
std::string force_choice_note(const SolveReport& report);

}  // namespace footfall::host
