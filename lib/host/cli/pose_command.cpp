// footfall pose --model M [--set JOINT=VALUE ...] [--feet PATTERN ...] [--mu MU] [--out STATE.json] [--json]
#include <memory>

#include "command.hpp"
#include "footfall/host/io/files.hpp"
#include "footfall/host/io/message_text.hpp"
#include "footfall/host/state/pose.hpp"
#include "model_options.hpp"

namespace footfall::cli {

namespace {

struct PoseOptions {
  ModelOptions model;
  std::vector<std::string> set, feet;
  double mu = 0.8;
  std::string out;
  bool json = false;
};

// "NAME=VALUE" (NAME may be a pattern).
host::Result<std::pair<std::string, double>> joint_setting(const std::string& text) {
  const std::size_t equals = text.rfind('=');
  if (equals == std::string::npos || equals == 0)
    return host::Error{"--set " + host::quoted_text(text) + ": not JOINT=VALUE"};
  const std::string value = text.substr(equals + 1);
  std::size_t used = 0;
  double x = 0.0;
  try {
    x = std::stod(value, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != value.size()) return host::Error{"--set " + host::quoted_text(text) + ": the value is not a number"};
  return std::make_pair(text.substr(0, equals), x);
}

host::Result<Output> run_pose(const PoseOptions& options) {
  host::Result<host::RobotDescription> description = load_model(options.model);
  if (!description.ok()) return host::Error{description.error()};
  host::PoseRequest request;
  for (const std::string& s : options.set) {
    host::Result<std::pair<std::string, double>> setting = joint_setting(s);
    if (!setting.ok()) return host::Error{setting.error()};
    request.joints.push_back(setting.value());
  }
  request.feet = options.feet;
  request.mu = options.mu;
  if (!options.out.empty() && options.feet.empty())
    return host::Error{"--out writes a standing state, which needs --feet (the feet it stands on)"};
  host::Result<host::PoseReport> report = host::compute_pose(description.value(), request);
  if (!report.ok()) return host::Error{report.error()};
  if (!options.out.empty()) {
    const host::Result<void> out_ok = host::check_output_path(options.out, "--out", {{options.model.model, "--model"}});
    if (!out_ok.ok()) return host::Error{out_ok.error()};
    const host::Result<void> written = host::write_output_file(options.out, host::standing_state_json(report.value()));
    if (!written.ok()) return host::Error{written.error()};
  }
  std::string text = options.json ? host::pose_json(report.value()) : host::pose_table(report.value());
  if (!options.out.empty() && !options.json) text += "wrote " + options.out + ": the standing state\n";
  return Output{text, 0, "", report.value().warnings};
}

}  // namespace

void add_pose_command(CLI::App& app, Action* selected) {
  auto options = std::make_shared<PoseOptions>();
  CLI::App* command = app.add_subcommand(
      "pose", "The q and v layout, the neutral pose, world positions of bodies, frames and shapes, and a standing "
              "state on chosen feet (base height and holding torques)");
  add_model_options(*command, &options->model);
  command->add_option("--set", options->set,
                      "JOINT=VALUE: a joint's position (rad or m); JOINT may be a pattern such as '*_thigh_joint'; "
                      "repeatable; other joints stay neutral");
  command->add_option("--feet", options->feet,
                      "the feet to stand on: collision shapes by their link's name (a sphere touches at its lowest "
                      "point, a box sole at its four lowest corners), merged frames or bodies; patterns allowed");
  command->add_option("--mu", options->mu, "the contacts' friction coefficient")->capture_default_str();
  command->add_option("--out,-o", options->out, "write the standing state (for forces, impact, simulate) to this file");
  command->add_flag("--json", options->json, "print JSON (every number with %.17g) instead of a table");
  command->footer(
      "Example, the published Go1 standing:\n"
      "  footfall pose --model go1.urdf --floating-base --set '*_thigh_joint=0.8' --set '*_calf_joint=-1.5' \\\n"
      "      --feet '*_foot' --out go1_standing.json\n"
      "  footfall forces --model go1.urdf --floating-base --state go1_standing.json");
  command->callback([options, selected] { *selected = [options] { return run_pose(*options); }; });
}

}  // namespace footfall::cli
