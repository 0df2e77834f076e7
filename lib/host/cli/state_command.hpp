#pragma once
// What the commands that solve a state file (`forces`, `impact`) share: --model, --floating-base,
// --state and --json, and the run — the model, the state file of the command's kind, the solve,
// its JSON or table, and exit status 3 with one line on stderr when the problem has no answer.
#include <memory>
#include <string>
#include <type_traits>

#include "command.hpp"
#include "footfall/host/stance/stance_forces.hpp"
#include "footfall/host/state/state_file.hpp"
#include "model_options.hpp"

namespace footfall::cli {

struct StateCommandOptions {
  ModelOptions model;
  std::string state;
  bool json = false;
  bool holding_torques = false;  // `forces` only
};

// A command's solve and its two ways of printing the report (a host::SolveReport).
template <typename State, typename Report>
struct StateSolve {
  host::Result<Report> (*compute)(const host::RobotDescription&, const State&, const std::string&);
  std::string (*json)(const Report&);
  std::string (*table)(const Report&);
};

template <typename State, typename Report>
host::Result<Output> run_state_command(const StateCommandOptions& options, const StateSolve<State, Report>& solve) {
  host::Result<host::RobotDescription> description = load_model(options.model);
  if (!description.ok()) return host::Error{description.error()};
  host::Result<State> state = host::read_state_file<State>(options.state, description.value());
  if (!state.ok()) return host::Error{state.error()};
  if constexpr (std::is_same_v<State, host::StanceState>) state.value().holding_torques = options.holding_torques;
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
  command->callback([options, selected, solve] {
    *selected = [options, solve] { return run_state_command(*options, solve); };
  });
  return command;
}

}  // namespace footfall::cli
