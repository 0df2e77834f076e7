#pragma once
// How the `footfall` tool is put together: each subcommand lives in its own <name>_command.cpp
// and registers itself on the CLI11 app; when the command line selects it, its callback stores
// the action to run. An action returns everything the command prints on success (so nothing is
// printed when it fails half-way) or a one-line error, which main() prints on stderr.
// A later subcommand (forces, impact, simulate) is one more file and one more line in main.cpp.
#include <functional>
#include <string>

#include <CLI/CLI.hpp>

#include "footfall/host/common/result.hpp"

namespace footfall::cli {

using Action = std::function<host::Result<std::string>()>;

void add_info_command(CLI::App& app, Action* selected);
void add_codegen_command(CLI::App& app, Action* selected);

}  // namespace footfall::cli
