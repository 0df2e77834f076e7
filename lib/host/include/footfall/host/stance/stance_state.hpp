#pragma once
// The state file of `footfall forces` (lib/DESIGN.md §5): the fields every state file has
// (state/state_file.hpp), "tau" required, and
//
//     "friction": "cone",      optional: none, pyramid4, pyramid8, cone (default)
//
// A contact's "pad" is checked and unused here (it is for `impact`). Read with
// read_state_file<StanceState>() (state/state_file.hpp).
#include "footfall/host/state/state_file.hpp"
#include "footfall/stance/options.hpp"

namespace footfall::host {

struct StanceState : StateFile {
  FrictionModel friction = FrictionModel::kCone;
};

}  // namespace footfall::host
