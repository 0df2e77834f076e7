#pragma once
// The options every subcommand that reads a robot shares: --model, --floating-base, --repair-inertia and --mimic.
#include <string>

#include <CLI/CLI.hpp>

#include "footfall/host/common/result.hpp"
#include "footfall/host/model/robot_description.hpp"

namespace footfall::cli {

struct ModelOptions {
  std::string model;
  bool floating_base = false;
  bool repair_inertia = false;
  std::string mimic = "refuse";
};

void add_model_options(CLI::App& command, ModelOptions* options);

host::Result<host::RobotDescription> load_model(const ModelOptions& options);

}  // namespace footfall::cli
