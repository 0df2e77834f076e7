#include "footfall/host/model/load_model.hpp"

#include <filesystem>
#include <system_error>

#include "footfall/host/io/message_text.hpp"
#include "footfall/host/model/builtin_models.hpp"
#include "footfall/host/urdf/urdf_import.hpp"

namespace footfall::host {

Result<RobotDescription> load_model(const std::string& spec, const LoadOptions& options) {
  if (is_builtin_model_name(spec)) {
    if (options.floating_base)
      return Error{"model " + quoted_text(spec) +
                   ": --floating-base applies to URDF files; built-in models have their own base"};
    if (options.repair_inertia || options.mimic != MimicJoints::kRefuse)
      return Error{"model " + quoted_text(spec) +
                   ": --repair-inertia and --mimic apply to URDF files; built-in models are physical and have no mimic joints"};
    return builtin_model(spec);
  }
  std::error_code error;
  if (!std::filesystem::exists(spec, error))
    return Error{"model " + quoted_text(spec) + ": no such file, and not a built-in model (" + kBuiltinModelNames +
                 ")"};
  UrdfImportOptions urdf;
  urdf.floating_base = options.floating_base;
  urdf.repair_inertia = options.repair_inertia;
  urdf.mimic = options.mimic;
  return import_urdf_file(spec, urdf);
}

}  // namespace footfall::host
