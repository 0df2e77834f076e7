// footfall impact --model M --state S.json [--torque-limits N_M[,...]] [--force-limit N[,...]] [--json]
#include "footfall/host/strike/strike_impact.hpp"
#include "state_command.hpp"

namespace footfall::cli {

void add_impact_command(CLI::App& app, Action* selected) {
  CLI::App* command = add_state_command(
      app, selected, "impact",
      "Foot-strike impulses of one state at touchdown (q, v just before, contacts with restitution): the "
      "velocities after, joint impulses and reaction impulses, kinetic energy, peak loads on pads, and the safe "
      "touchdown speed against joint torque and foot force limits",
      "the state file (JSON), as for forces: q, v (just before the strike), contacts (body, point, normal, mu, "
      "restitution, optional pad {law, stiffness, damping, exponent}), optional friction (none, sticking, "
      "pyramid4, pyramid8, cone), law (newton, poisson) and solver (auto, lemke, enumerate, pgs); tau optional",
      StateSolve<host::ImpactState, host::ImpactReport>{host::compute_impact, host::impact_json, host::impact_table});
  command->footer(
      "Example (the right front foot touching down at 0.5 m/s, the other three standing, all on pads):\n"
      "  footfall impact --model quadruped --state examples/states/quadruped_touchdown.json\n"
      "A state file:\n"
      "  {\"q\": [...nq...], \"v\": [...nv...],\n"
      "   \"contacts\": [{\"body\": \"FR_calf\", \"point\": [0, 0, -0.2], \"normal\": [0, 0, 1], \"mu\": 0.8,\n"
      "                 \"restitution\": 0, \"pad\": {\"law\": \"linear\", \"stiffness\": 2e4, \"damping\": 50}}],\n"
      "   \"friction\": \"cone\", \"law\": \"newton\", \"solver\": \"auto\"}\n"
      "When the contacts that strike or touch have pads (all of them, then), the peak loads of the\n"
      "compliant strike are predicted too, with the method (exact on linear pads, rk4) and its steps.\n"
      "With --torque-limits or --force-limit, and linear pads, the safe touchdown speed: the largest\n"
      "along the state's v with every peak within its limit, and what binds (the A1's drives, 33.5 N m):\n"
      "  footfall impact --model quadruped --state examples/states/quadruped_touchdown.json \\\n"
      "      --torque-limits 33.5 --force-limit 300\n"
      "--torque-limits takes one value for every actuated joint (revolute or prismatic; a floating\n"
      "base's six DOFs are never limited) or one per actuated joint in the table's DOF order;\n"
      "--force-limit one for every contact point or one per point in the state's order; inf is none.\n"
      "Exit status as for forces: 0 solved; 1 bad input (one line on stderr naming the field or the\n"
      "option, nothing on stdout: a limit that is negative, NaN or not a number, a list of the wrong\n"
      "count, limits on a state without pads or with a hunt_crossley pad); 2 a command line that does\n"
      "not parse; 3 valid input whose problem has no answer (its status on stdout, one line on stderr).");
}

}  // namespace footfall::cli
