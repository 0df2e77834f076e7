#pragma once
// The --model argument of every subcommand: a built-in model's name (builtin_models.hpp) or the
// path of a URDF file. A name wins over a file of the same name; write ./quadruped for the file.
#include <string>

#include "footfall/host/common/result.hpp"
#include "footfall/host/model/robot_description.hpp"
#include "footfall/host/urdf/urdf_import.hpp"

namespace footfall::host {

/// The model options every subcommand takes with `--model`: `--floating-base`,
/// `--repair-inertia` and `--mimic`, which apply to URDF files only.
struct LoadOptions {
  /// URDF only: join the root link to the world by a free flyer (q = position, then quaternion
  /// x y z w; JointType::kFreeFlyer) instead of fixing it. The built-in models have their own base, and this must be false for them.
  bool floating_base = false;
  bool repair_inertia = false;                 ///< URDF only (urdf/urdf_import.hpp)
  MimicJoints mimic = MimicJoints::kRefuse;    ///< URDF only
};

/// Loads `--model`: the built-in model `spec` names (builtin_model()), or else the URDF file at
/// that path (import_urdf_file()). An Error when it is neither, when a URDF-only option is set for
/// a built-in model, or when the import fails.
Result<RobotDescription> load_model(const std::string& spec, const LoadOptions& options = {});

}  // namespace footfall::host
