// footfall info --model M [--json] [--capacity auto|BxD] [--scalar double|float]
#include <memory>

#include "command.hpp"
#include "footfall/host/info/model_info.hpp"
#include "footfall/host/io/message_text.hpp"
#include "footfall/host/model/capacity.hpp"
#include "model_options.hpp"

namespace footfall::cli {

namespace {

struct InfoOptions {
  ModelOptions model;
  bool json = false;
  std::string capacity = "auto";
  std::string scalar = "double";
};

host::Result<std::string> run_info(const InfoOptions& options) {
  host::Result<host::RobotDescription> description = load_model(options.model);
  if (!description.ok()) return host::Error{description.error()};
  host::Result<host::Capacity> capacity = host::choose_capacity(options.capacity, description.value());
  if (!capacity.ok()) return host::Error{capacity.error()};
  const host::Scalar scalar = options.scalar == "float" ? host::Scalar::kFloat : host::Scalar::kDouble;
  host::Result<host::ModelInfo> info = host::model_info(description.value(), capacity.value(), scalar);
  if (!info.ok()) return host::Error{info.error()};
  return options.json ? host::model_info_json(info.value()) : host::model_info_table(info.value());
}

}  // namespace

void add_info_command(CLI::App& app, Action* selected) {
  auto options = std::make_shared<InfoOptions>();
  CLI::App* command = app.add_subcommand("info", "Bodies, joints, nq, nv, total mass, and the bytes of the "
                                                 "core's Model and Workspace for a capacity");
  add_model_options(*command, &options->model);
  command->add_flag("--json", options->json, "print JSON (every number with %.17g) instead of a table");
  command->add_option("--capacity", options->capacity,
                      "bodies x DOFs the sizes are for: auto (the smallest that holds the model) or one of " +
                          host::capacity_list())
      ->check(CLI::Validator(
          [](const std::string& spec) {
            return host::is_capacity_spec(spec) ? std::string()
                                                : host::quoted_text(spec) + " is not one of auto, " + host::capacity_list();
          },
          "auto|BxD", "capacity"))
      ->capture_default_str();
  command->add_option("--scalar", options->scalar, "the core's scalar the sizes are for")
      ->check(CLI::IsMember({"double", "float"}))
      ->capture_default_str();
  command->footer(
      "Examples:\n"
      "  footfall info --model quadruped\n"
      "  footfall info --model robot.urdf --floating-base --json\n"
      "  footfall info --model chain:12 --capacity 16x24 --scalar float");
  command->callback([options, selected] { *selected = [options] { return text_output(run_info(*options)); }; });
}

}  // namespace footfall::cli
