#pragma once
// How the `footfall` tool is put together: each subcommand lives in its own <name>_command.cpp
// and registers itself on the CLI11 app; when the command line selects it, its callback stores
// the action to run. An action returns everything the command prints on success (so nothing is
// printed when it fails half-way) or a one-line error, which main() prints on stderr.
// A later subcommand (simulate) is one more file and one more line in main.cpp.
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "footfall/host/common/result.hpp"

namespace footfall::cli {

// What a command that ran prints: `text` on stdout, and the exit status. A command whose input
// was valid but whose problem has no answer (a stance solve that is infeasible, say) prints its
// status on stdout, a one-line `diagnostic` on stderr, and exits with kExitNoAnswer.
struct Output {
  std::string text;
  int exit_status = 0;
  std::string diagnostic;
  std::vector<std::string> warnings;  // each printed on stderr as "footfall: warning: ...", whatever the status
};

// Exit statuses of the tool (main.cpp): 0 success, 1 bad input, 2 a command line that does not
// parse, 3 valid input whose problem has no answer.
inline constexpr int kExitBadInput = 1;
inline constexpr int kExitUsage = 2;
inline constexpr int kExitNoAnswer = 3;

using Action = std::function<host::Result<Output>()>;

// The Output of a command that prints text and succeeds, or its error.
inline host::Result<Output> text_output(host::Result<std::string> result) {
  if (!result.ok()) return host::Error{result.error()};
  return Output{std::move(result.value()), 0, "", {}};
}

void add_info_command(CLI::App& app, Action* selected);
void add_codegen_command(CLI::App& app, Action* selected);
void add_forces_command(CLI::App& app, Action* selected);
void add_impact_command(CLI::App& app, Action* selected);
void add_simulate_command(CLI::App& app, Action* selected);
void add_pose_command(CLI::App& app, Action* selected);

}  // namespace footfall::cli
