#pragma once
// What the commands that solve a state file (`forces`, `impact`) share: --model, --floating-base,
// --state and --json, and the run — the model, the state file of the command's kind, the solve,
// its JSON or table, and exit status 3 with one line on stderr when the problem has no answer.
// Each command's own options are here too (`forces` --holding-torques; `impact` --torque-limits
// and --force-limit).
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "command.hpp"
#include "footfall/host/stance/stance_forces.hpp"
#include "footfall/host/state/state_file.hpp"
#include "footfall/host/strike/impact_state.hpp"
#include "model_options.hpp"

namespace footfall::cli {

struct StateCommandOptions {
  ModelOptions model;
  std::string state;
  bool json = false;
  bool holding_torques = false;  // `forces` only
  // `impact` only: the lists as given (host::parse_limit_list reads them), and whether they were
  std::string torque_limits, force_limit;
  bool torque_limits_given = false, force_limit_given = false;
};

// `impact`'s --torque-limits and --force-limit, read: a value that is not a limit is bad input
// (exit 1, one line naming the option), as a count that does not fit the model or the state is
// (compute_impact). They are read here rather than by a CLI11 validator, whose refusal would be a
// command line that does not parse (exit 2), as for a value outside an option's list.
inline host::Result<host::TouchdownLimits> read_touchdown_limits(const StateCommandOptions& options) {
  host::TouchdownLimits limits;
  if (options.torque_limits_given) {
    host::Result<std::vector<double>> torques = host::parse_limit_list(options.torque_limits, "--torque-limits");
    if (!torques.ok()) return host::Error{torques.error()};
    limits.joint_torque = torques.value();
  }
  if (options.force_limit_given) {
    host::Result<std::vector<double>> forces = host::parse_limit_list(options.force_limit, "--force-limit");
    if (!forces.ok()) return host::Error{forces.error()};
    limits.foot_force = forces.value();
  }
  return limits;
}

// A command's solve and its two ways of printing the report (a host::SolveReport).
template <typename State, typename Report>
struct StateSolve {
  host::Result<Report> (*compute)(const host::RobotDescription&, const State&, const std::string&);
  std::string (*json)(const Report&);
  std::string (*table)(const Report&);
};

template <typename State, typename Report>
host::Result<Output> run_state_command(const StateCommandOptions& options, const StateSolve<State, Report>& solve) {
  host::TouchdownLimits limits;
  if constexpr (std::is_same_v<State, host::ImpactState>) {
    host::Result<host::TouchdownLimits> read = read_touchdown_limits(options);
    if (!read.ok()) return host::Error{read.error()};
    limits = read.value();
  }
  host::Result<host::RobotDescription> description = load_model(options.model);
  if (!description.ok()) return host::Error{description.error()};
  host::Result<State> state = host::read_state_file<State>(options.state, description.value());
  if (!state.ok()) return host::Error{state.error()};
  if constexpr (std::is_same_v<State, host::StanceState>) state.value().holding_torques = options.holding_torques;
  if constexpr (std::is_same_v<State, host::ImpactState>) state.value().limits = limits;
  host::Result<Report> report = solve.compute(description.value(), state.value(), options.state);
  if (!report.ok()) return host::Error{report.error()};
  const Report& r = report.value();
  Output output{options.json ? solve.json(r) : solve.table(r), 0, "", r.warnings};
  if (!r.ok()) {
    output.exit_status = kExitNoAnswer;
    output.diagnostic = host::describe_stance_status(Status{r.status, r.status_field.c_str(), r.status_index},
                                                     description.value(), options.state);
  }
  return output;
}

// Adds the subcommand `name` with its options (`state_help` says what the state file holds) and
// its action; returns it, for the footer.
template <typename State, typename Report>
CLI::App* add_state_command(CLI::App& app, Action* selected, const std::string& name, const std::string& description,
                            const std::string& state_help, StateSolve<State, Report> solve) {
  auto options = std::make_shared<StateCommandOptions>();
  CLI::App* command = app.add_subcommand(name, description);
  add_model_options(*command, &options->model);
  command->add_option("--state,-s", options->state, state_help)->required();
  command->add_flag("--json", options->json, "print JSON (every number with %.17g) instead of a table");
  if constexpr (std::is_same_v<State, host::StanceState>)
    command->add_flag("--holding-torques", options->holding_torques,
                      "replace the file's tau by the joint torques that hold the robot still on its contacts "
                      "(least-norm contact forces at q'' = 0)");
  CLI::Option* torque_limits = nullptr;
  CLI::Option* force_limit = nullptr;
  if constexpr (std::is_same_v<State, host::ImpactState>) {
    torque_limits = command->add_option(
        "--torque-limits", options->torque_limits,
        "the largest |torque| of the actuated joints' drives (N m; N for a prismatic joint), for the safe "
        "touchdown speed: one value for every actuated DOF, or a comma list of one per actuated DOF in the "
        "table's DOF order (a floating base is never limited); inf for none");
    torque_limits->type_name("N_M[,...]");
    force_limit = command->add_option(
        "--force-limit", options->force_limit,
        "the largest force (N, its magnitude) each foot may take, for the safe touchdown speed: one value for "
        "every contact point, or a comma list of one per contact point in the state's order; inf for none");
    force_limit->type_name("N[,...]");
  }
  command->callback([options, selected, solve, torque_limits, force_limit] {
    options->torque_limits_given = torque_limits != nullptr && torque_limits->count() > 0;
    options->force_limit_given = force_limit != nullptr && force_limit->count() > 0;
    *selected = [options, solve] { return run_state_command(*options, solve); };
  });
  return command;
}

}  // namespace footfall::cli
