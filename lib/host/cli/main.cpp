// footfall: the host command-line tool (lib/DESIGN.md §5). Each subcommand is one file; this one
// parses the command line, runs the selected action, and prints its result or its error.
// Exit status: 0 success, 1 bad input (model, file, option value), 2 a command line that does
// not parse, 3 valid input whose problem has no answer (`forces`, `impact`: the solve's status is not ok;
// `simulate`: the scheme stopped; its status is printed on stdout). Errors are one line on stderr, "footfall: <what>", and then
// nothing goes to stdout.
#include <cstdio>
#include <exception>
#include <string>

#include "command.hpp"
#include "footfall/host/io/message_text.hpp"

namespace {

int fail(const std::string& message, int status) {
  // The library's messages are one line already; CLI11's and the standard library's may not be.
  (void)std::fprintf(stderr, "footfall: %s\n", footfall::host::one_line(message).c_str());  // nowhere left to report to
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    CLI::App app("footfall: rigid-body models, contact forces and foot strikes for legged robots, from the "
                 "command line",
                 "footfall");
    app.require_subcommand(1);
    footfall::cli::Action action;
    footfall::cli::add_info_command(app, &action);
    footfall::cli::add_codegen_command(app, &action);
    footfall::cli::add_forces_command(app, &action);
    footfall::cli::add_impact_command(app, &action);
    footfall::cli::add_simulate_command(app, &action);
    footfall::cli::add_pose_command(app, &action);
    app.footer("Run `footfall <command> --help` for a command's options and an example.");
    if (argc > 1 && argv[1][0] != '-') {  // CLI11 would only say that a subcommand is required
      std::string names;
      bool known = false;
      for (const CLI::App* command : app.get_subcommands([](CLI::App*) { return true; })) {
        known = known || command->get_name() == argv[1];
        names += (names.empty() ? "" : ", ") + command->get_name();
      }
      if (!known)
        return fail(std::string("'") + argv[1] + "' is not a command (" + names + ")", footfall::cli::kExitUsage);
    }
    try {
      app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
      if (e.get_exit_code() == 0) return app.exit(e);  // --help
      return fail(e.what(), footfall::cli::kExitUsage);
    }
    if (!action) return fail("no command", footfall::cli::kExitUsage);
    const footfall::host::Result<footfall::cli::Output> result = action();
    if (!result.ok()) return fail(result.error(), footfall::cli::kExitBadInput);
    const footfall::cli::Output& output = result.value();
    const std::size_t written = std::fwrite(output.text.data(), 1, output.text.size(), stdout);
    if (written != output.text.size() || std::fflush(stdout) != 0)
      return fail("cannot write the output", footfall::cli::kExitBadInput);
    for (const std::string& warning : output.warnings) (void)fail("warning: " + warning, 0);
    if (!output.diagnostic.empty()) return fail(output.diagnostic, output.exit_status);
    return output.exit_status;
  } catch (const std::exception& e) {
    return fail(std::string("internal error: ") + e.what(), footfall::cli::kExitBadInput);
  }
}
