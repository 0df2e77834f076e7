#pragma once
// The state file of `footfall forces` (DESIGN.md §5): the fields every state file has
// (state/state_file.hpp), "tau" required, and
//
//     "friction": "cone",      optional: none, pyramid4, pyramid8, cone (default)
//
// A contact's "pad" is checked and unused here (it is for `impact`).
#include <string>

#include "footfall/host/common/result.hpp"
#include "footfall/host/model/robot_description.hpp"
#include "footfall/host/state/state_file.hpp"
#include "footfall/stance/options.hpp"

namespace footfall::host {

struct StanceState : StateFile {
  FrictionModel friction = FrictionModel::kCone;
};

// Parses `text`, the contents of the file `name` (used in messages), against `model`.
Result<StanceState> parse_stance_state(const std::string& text, const std::string& name,
                                       const RobotDescription& model);

// Reads and parses the file at `path`.
Result<StanceState> read_stance_state(const std::string& path, const RobotDescription& model);

}  // namespace footfall::host
