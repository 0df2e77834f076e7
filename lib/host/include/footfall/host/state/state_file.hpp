#pragma once
// What the state files of `footfall forces` (stance/stance_state.hpp) and `footfall impact`
// (strike/impact_state.hpp) share (lib/DESIGN.md §5): one instant's q, v, τ, gravity and contacts,
// and the solver and its limits, as JSON. Every field is checked before the core sees it, so
// that a mistake comes back as one line naming the file and the field:
//   "standing.json: contacts[2].normal: not of unit length (length 1.0198)".
//
//   {
//     "description": "free text, ignored",
//     "q": [nq numbers], "v": [nv numbers], "tau": [nv numbers],
//     "gravity": [0, 0, -9.81],                       optional, this default
//     "contacts": [                                   at most kMaxStateContacts (12)
//       { "body": "FR_calf", "point": [0, 0, -0.2],   body by name; point in the body's frame
//         "normal": [0, 0, 1], "mu": 0.8,             normal in world, unit; mu >= 0
//         "restitution": 0,                           optional, in [0, 1], default 0
//         "other_body": "name", "other_point": [3],   optional, together: a body-to-body contact
//         "curvature": 0,                             optional, 1/m (contact/contact.hpp)
//         "pad": {"law": "linear",                    optional: linear (default), hunt_crossley
//                 "stiffness": k, "damping": c,       k > 0, c >= 0
//                 "exponent": 1.5} }                  hunt_crossley only, in [1, 3], default 1.5
//     ],
//     "solver": "auto",        optional: auto (default), lemke, enumerate, pgs
//     "max_pivots": 0,         optional: Lemke's limit, 0 = the core's default for the problem
//     "max_sweeps": 200        optional: PGS and cone-solver sweeps, >= 1
//   }
//
// plus each command's own keys ("friction", and `impact`'s "law"). Unknown keys are refused (a
// misspelt "gravty" would otherwise be ignored without a word).
#include <string>
#include <vector>

#include "footfall/contact/contact.hpp"
#include "footfall/host/common/result.hpp"
#include "footfall/host/model/robot_description.hpp"
#include "footfall/stance/options.hpp"

namespace footfall::host {

/// The tool's contact capacity K: the core's stance and strike workspaces are compiled for this
/// many. The LCP of the 8-facet pyramid has 10 K unknowns, and Eigen refuses a fixed-capacity
/// matrix over 128 KiB (EIGEN_STACK_ALLOCATION_LIMIT), which its (10 K)² doubles reach above K = 12.
inline constexpr int kMaxStateContacts = 12;
/// The largest pivot or sweep limit a state file may ask for, so that every run is bounded.
inline constexpr int kMaxStateIterations = 1000000;

/// One contact point of a state file, read from an entry of "contacts" and checked against the
/// model (an entry naming a box's "shape" gives four, its sole's corners): the core's Contact, with
/// the names the file gave.
struct StateContact {
  std::string body;  ///< "body" as the file names it (a body or a merged frame), or the shape's body
  int body_index = -1;  ///< the model's index of the body that carries the point (a frame's body)
  Vector3<double> point = Vector3<double>::Zero();  ///< in that body's frame, m ("point", or the shape's)
  /// "normal": world frame, unit, from the ground or other_body towards body
  Vector3<double> normal = Vector3<double>::UnitZ();
  double mu = 0.0;           ///< "mu": the Coulomb friction coefficient, ≥ 0
  double restitution = 0.0;  ///< "restitution": Newton's e, in [0, 1], for `impact`
  std::string other_body;  ///< "" for the ground
  int other_body_index = -1;  ///< the model's index of the body that carries other_point, −1 for the ground
  Vector3<double> other_point = Vector3<double>::Zero();  ///< "other_point", in other_body_index's frame, m
  double curvature = 0.0;  ///< "curvature": the surfaces' relative normal curvature along the slip, 1/m
  double radius = 0.0;     ///< a sphere foot: `point` is its centre (Contact::radius)
  ContactPad<double> pad;  ///< law kNone when the file gives no pad

  /// Whether the file gave this contact a "pad".
  bool has_pad() const noexcept { return pad.law != PadLaw::kNone; }
};

/// The fields every state file has (the keys listed at the top of this header), read and checked
/// against the model; StanceState and ImpactState add each command's own.
struct StateFile {
  /// "q": the configuration, nq numbers (a free flyer's position, then its quaternion x, y, z, w)
  std::vector<double> q, v, tau;  ///< tau empty when a command's file may leave it out and did
  /** \var v
      "v": the velocities, nv numbers, m/s or rad/s (a free-flying base's in the base's frame) */
  Vector3<double> gravity = Vector3<double>(0.0, 0.0, -9.81);  ///< "gravity": world frame, m/s²
  std::vector<StateContact> contacts;  ///< "contacts": at most kMaxStateContacts points
  StanceSolver solver = StanceSolver::kAuto;  ///< "solver": auto (default), lemke, enumerate or pgs
  int max_pivots = 0;    ///< "max_pivots": Lemke's pivot limit, 0 = the core's default for the problem
  int max_sweeps = 200;  ///< "max_sweeps": the PGS and cone solver's sweep limit, ≥ 1
};

/// Parses `text`, the contents of the file `name` (used in messages), against `model`. State is
/// StanceState (`forces`, stance/stance_state.hpp) or ImpactState (`impact`, strike/impact_state.hpp).
template <typename State>
Result<State> parse_state_file(const std::string& text, const std::string& name, const RobotDescription& model);

/// Reads and parses the file at `path`.
template <typename State>
Result<State> read_state_file(const std::string& path, const RobotDescription& model);

}  // namespace footfall::host
