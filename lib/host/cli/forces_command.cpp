// footfall forces --model M --state S.json [--json]
#include <memory>

#include "command.hpp"
#include "footfall/host/stance/stance_forces.hpp"
#include "footfall/host/stance/stance_state.hpp"
#include "model_options.hpp"

namespace footfall::cli {

namespace {

struct ForcesOptions {
  ModelOptions model;
  std::string state;
  bool json = false;
};

host::Result<Output> run_forces(const ForcesOptions& options) {
  host::Result<host::RobotDescription> description = load_model(options.model);
  if (!description.ok()) return host::Error{description.error()};
  host::Result<host::StanceState> state = host::read_state_file<host::StanceState>(options.state, description.value());
  if (!state.ok()) return host::Error{state.error()};
  host::Result<host::ForcesReport> report = host::compute_forces(description.value(), state.value(), options.state);
  if (!report.ok()) return host::Error{report.error()};
  const host::ForcesReport& r = report.value();
  Output output{options.json ? host::forces_json(r) : host::forces_table(r), 0, ""};
  if (!r.ok()) {
    output.exit_status = kExitNoAnswer;
    output.diagnostic = host::describe_stance_status(Status{r.status, r.status_field.c_str(), r.status_index},
                                                     description.value(), options.state);
  }
  return output;
}

}  // namespace

void add_forces_command(CLI::App& app, Action* selected) {
  auto options = std::make_shared<ForcesOptions>();
  CLI::App* command = app.add_subcommand(
      "forces", "Stance contact forces, joint accelerations and contact joint torques of one state (q, v, tau, "
                "contacts) with Coulomb friction");
  add_model_options(*command, &options->model);
  command->add_option("--state,-s", options->state,
                      "the state file (JSON): q, v, tau, optional gravity, contacts (body, point, normal, mu, ...), "
                      "optional friction (none, pyramid4, pyramid8, cone) and solver (auto, lemke, enumerate, pgs)")
      ->required();
  command->add_flag("--json", options->json, "print JSON (every number with %.17g) instead of a table");
  command->footer(
      "Example:\n"
      "  footfall forces --model quadruped --state examples/states/quadruped_standing.json --json\n"
      "A state file:\n"
      "  {\"q\": [...nq...], \"v\": [...nv...], \"tau\": [...nv...], \"gravity\": [0, 0, -9.81],\n"
      "   \"contacts\": [{\"body\": \"FR_calf\", \"point\": [0, 0, -0.2], \"normal\": [0, 0, 1], \"mu\": 0.8}],\n"
      "   \"friction\": \"cone\", \"solver\": \"auto\"}\n"
      "Exit status: 0 solved; 1 bad input (one line on stderr naming the field, nothing on stdout);\n"
      "2 a command line that does not parse; 3 valid input whose problem has no answer (infeasible,\n"
      "inconsistent friction, iteration limit, an answer that failed its check): the status is printed\n"
      "on stdout and explained in one line on stderr.");
  command->callback([options, selected] { *selected = [options] { return run_forces(*options); }; });
}

}  // namespace footfall::cli
