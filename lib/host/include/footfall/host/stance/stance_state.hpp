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

/// The state file of `footfall forces`: the fields of every state file, "tau" among them, and
/// its "friction".
struct StanceState : StateFile {
  FrictionModel friction = FrictionModel::kCone;  ///< "friction": none, pyramid4, pyramid8 or cone (default)
  /// Not a key of the file: `forces --holding-torques` sets it. τ is then replaced by the torques
  /// that hold the robot still on its contacts (stance/holding_torques.hpp) before the solve.
  bool holding_torques = false;
};

}  // namespace footfall::host
