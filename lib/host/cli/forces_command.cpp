// footfall forces --model M --state S.json [--json]
#include "footfall/host/stance/stance_forces.hpp"
#include "state_command.hpp"

namespace footfall::cli {

void add_forces_command(CLI::App& app, Action* selected) {
  CLI::App* command = add_state_command(
      app, selected, "forces",
      "Stance contact forces, joint accelerations and contact joint torques of one state (q, v, tau, contacts) "
      "with Coulomb friction",
      "the state file (JSON): q, v, tau, optional gravity, contacts (body, point, normal, mu, ...), optional "
      "friction (none, pyramid4, pyramid8, cone) and solver (auto, lemke, enumerate, pgs)",
      StateSolve<host::StanceState, host::ForcesReport>{host::compute_forces, host::forces_json, host::forces_table});
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
}

}  // namespace footfall::cli
