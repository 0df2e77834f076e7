#pragma once
// The core's reference models (lib/DESIGN.md §6) by name, as RobotDescriptions:
//   rod2d, quadruped, biped, chain:N (a chain of N links, 1 ≤ N ≤ 64; `chain` is chain:6).
#include <string>

#include "footfall/host/common/result.hpp"
#include "footfall/host/model/robot_description.hpp"

namespace footfall::host {

/// For messages and --help.
constexpr const char* kBuiltinModelNames = "rod2d, quadruped, biped, chain:N (N = 1..64)";

/// True when `spec` names a built-in model (possibly with a bad chain length, which
/// builtin_model() then reports), false when it should be read as a file path.
bool is_builtin_model_name(const std::string& spec);

/// The built-in model `spec` names ("rod2d", "quadruped", "biped", "chain", "chain:N"), built by
/// the core and read back (describe_model()), with the source "built-in" and its name; an Error
/// for any other name or a chain length outside 1..64.
Result<RobotDescription> builtin_model(const std::string& spec);

}  // namespace footfall::host
