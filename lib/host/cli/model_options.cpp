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
  command.add_flag("--repair-inertia", options->repair_inertia,
                   "URDF: move each non-physical body's inertia to the nearest physical one, and say so in info");
  command
      .add_option("--mimic", options->mimic,
                  "URDF: a moving <mimic> joint is refused, locked at its offset (a fixed joint) or free (its own "
                  "coordinate)")
      ->check(CLI::IsMember({"refuse", "lock", "free"}))
      ->capture_default_str();
}

host::Result<host::RobotDescription> load_model(const ModelOptions& options) {
  host::LoadOptions load;
  load.floating_base = options.floating_base;
  load.repair_inertia = options.repair_inertia;
  load.mimic = options.mimic == "lock"   ? host::MimicJoints::kLock
               : options.mimic == "free" ? host::MimicJoints::kFree
                                         : host::MimicJoints::kRefuse;
  return host::load_model(options.model, load);
}

}  // namespace footfall::cli
