// footfall simulate --model M --scenario S.json --csv out.csv [--plot out.png] [--json]
#include <memory>
#include <string>
#include <vector>

#include "command.hpp"
#include "footfall/host/io/files.hpp"
#include "footfall/host/motion/simulation.hpp"
#include "footfall/host/plot/line_plot.hpp"
#include "model_options.hpp"

namespace footfall::cli {

namespace {

struct SimulateOptions {
  ModelOptions model;
  std::string scenario, csv, plot;
  bool plot_given = false;  // --plot '' is an empty path, refused like --csv '', not "no plot"
  bool json = false;
};

host::Result<Output> run_simulate(const SimulateOptions& options) {
  // Where the results go, checked before the run: a run that cannot write them is not started.
  const std::vector<host::NamedPath> inputs{{options.model.model, "--model"}, {options.scenario, "--scenario"}};
  host::Result<void> outputs_ok = host::check_output_path(options.csv, "--csv", inputs);
  if (outputs_ok.ok() && options.plot_given) {
    std::vector<host::NamedPath> taken = inputs;
    taken.push_back({options.csv, "--csv"});
    outputs_ok = host::check_output_path(options.plot, "--plot", taken);
  }
  if (!outputs_ok.ok()) return host::Error{outputs_ok.error()};
  host::Result<host::RobotDescription> description = load_model(options.model);
  if (!description.ok()) return host::Error{description.error()};
  host::Result<host::ScenarioState> scenario =
      host::read_state_file<host::ScenarioState>(options.scenario, description.value());
  if (!scenario.ok()) return host::Error{scenario.error()};
  // The plot is of the contacts: refused before the run, so that a failure writes nothing.
  if (options.plot_given && scenario.value().contacts.empty())
    return host::Error{"--plot " + options.plot + ": " + options.scenario +
                       " has no contacts, and the plot shows the contacts' normal velocities and forces"};
  host::Result<host::SimulationReport> report =
      host::run_simulation(description.value(), scenario.value(), options.scenario);
  if (!report.ok()) return host::Error{report.error()};
  const host::SimulationReport& r = report.value();
  const host::Result<void> written = host::write_trajectory_csv(r.trajectory, options.csv);
  if (!written.ok()) return host::Error{written.error()};
  if (options.plot_given && !r.trajectory.samples.empty()) {
    const std::string title = description.value().name + ", " + to_string(r.scheme) + ": " + options.scenario;
    const host::Result<void> plotted = host::write_plot_png(host::contact_figure(r.trajectory, title), options.plot);
    if (!plotted.ok()) return host::Error{plotted.error()};
  }
  Output output{options.json ? host::simulation_json(r) : host::simulation_table(r), 0, "", {}};
  if (!r.ok()) {
    output.exit_status = kExitNoAnswer;
    output.diagnostic =
        options.scenario + ": " + host::describe_simulation_stop(r) + "; the CSV holds the run up to there";
  }
  return output;
}

}  // namespace

void add_simulate_command(CLI::App& app, Action* selected) {
  auto options = std::make_shared<SimulateOptions>();
  CLI::App* command = app.add_subcommand(
      "simulate",
      "Run a scenario forward in time with rigid contacts: event-driven (RBDA Table 11.1), Liu04's variable-step "
      "trapezoidal scheme, or fixed-step time stepping (one velocity-level LCP a step); writes the time history as CSV and, on request, a plot of the contacts' normal "
      "velocities and forces");
  add_model_options(*command, &options->model);
  command
      ->add_option("--scenario,-s", options->scenario,
                   "the scenario file (JSON): a state file at t = 0 (q, v, optional tau, gravity, contacts on planes) "
                   "with scheme (event_driven, trapezoidal, time_stepping, soft), duration (s), and optional step (s), "
                   "plane_offsets, friction (trapezoidal, time_stepping), soft {law, stiffness, damping, exponent, "
                   "tangential_stiffness, tangential_damping} (soft), hold {kp, kd}")
      ->required();
  command->add_option("--csv", options->csv, "where to write the time history (CSV, every number with %.17g)")
      ->required();
  CLI::Option* plot = command->add_option("--plot", options->plot, "where to write the plot (PNG)");
  command->add_flag("--json", options->json, "print the summary as JSON instead of a table");
  command->footer(
      "Example (Liu04's falling rod: 2 s, both ends on a frictionless floor with e = 0.4):\n"
      "  footfall simulate --model rod2d --scenario examples/scenarios/rod2d_falling.json \\\n"
      "      --csv rod.csv --plot rod.png\n"
      "A scenario file:\n"
      "  {\"q\": [0.7071067811865476, 0.7071067811865476, 0.7853981633974483], \"v\": [0, 0, 0],\n"
      "   \"gravity\": [0, -9.8, 0], \"scheme\": \"event_driven\", \"duration\": 2, \"step\": 0.001,\n"
      "   \"contacts\": [{\"body\": \"rod\", \"point\": [-1, 0, 0], \"normal\": [0, 1, 0], \"mu\": 0, \"restitution\": 0.4},\n"
      "                {\"body\": \"rod\", \"point\": [1, 0, 0], \"normal\": [0, 1, 0], \"mu\": 0, \"restitution\": 0.4}]}\n"
      "CSV columns: time, q0.., v0.., per contact gap, normal_velocity, normal_force, impulse, then events; an\n"
      "impact adds a row at the same time with the normal velocities just before it (its v left empty).\n"
      "Exit status: 0 ran to the end; 1 bad input (one line on stderr naming the field, nothing written);\n"
      "2 a command line that does not parse; 3 the scheme stopped (its status on stdout, the CSV up to there).");
  command->callback([options, selected, plot] {
    options->plot_given = plot->count() > 0;
    *selected = [options] { return run_simulate(*options); };
  });
}

}  // namespace footfall::cli
