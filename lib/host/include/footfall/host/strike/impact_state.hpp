#pragma once
// The state file of `footfall impact` (lib/DESIGN.md §5): the fields every state file has
// (state/state_file.hpp), at the instant of touchdown — q, and v the joint velocities just
// before the strike — and
//
//     "friction": "cone",      optional: none, sticking, pyramid4, pyramid8, cone (default)
//     "law": "newton",         optional: the restitution law, newton (default) or poisson
//
// "tau" and "gravity" are optional and unused (a strike's impulses leave no time for bounded
// forces to act), but checked when given, so a `forces` state file serves here unchanged.
// Each contact's "restitution" is its e; its "pad", when given, makes the peak loads predicted,
// and then every contact that strikes or touches needs one (solve_strike()). Read with
// read_state_file<ImpactState>() (state/state_file.hpp).
#include "footfall/host/state/state_file.hpp"
#include "footfall/strike/options.hpp"

namespace footfall::host {

/// The state file of `footfall impact`: the fields of every state file, at touchdown, and its
/// "friction" and "law".
struct ImpactState : StateFile {
  StrikeFriction friction = StrikeFriction::kCone;  ///< "friction": none, sticking, pyramid4, pyramid8 or cone
  RestitutionLaw law = RestitutionLaw::kNewton;     ///< "law": the restitution law, newton or poisson
};

}  // namespace footfall::host
