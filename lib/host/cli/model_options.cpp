#include "model_options.hpp"

#include "footfall/host/model/builtin_models.hpp"
#include "footfall/host/model/load_model.hpp"

namespace footfall::cli {

void add_model_options(CLI::App& command, ModelOptions* options) {
  command
      .add_option("--model,-m", options->model,
                  std::string("a URDF file, or a built-in model: ") + host::kBuiltinModelNames)
      ->required();
  command.add_flag("--floating-base", options->floating_base,
                   "URDF: join the root link to the world by a free flyer (q = [p, quaternion x y z w, joints])");
}

host::Result<host::RobotDescription> load_model(const ModelOptions& options) {
  host::LoadOptions load;
  load.floating_base = options.floating_base;
  return host::load_model(options.model, load);
}

}  // namespace footfall::cli
