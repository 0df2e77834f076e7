#pragma once
// URDF import (urdfdom) into a RobotDescription, which build_model() turns into a core Model.
//
// What is represented:
// - revolute, continuous (a revolute without position limits) and prismatic joints, with their
//   <origin xyz rpy>, <axis> (normalised) and <limit> (a velocity or effort of 0, which many
//   published files write for "not given", means unlimited);
// - fixed joints: the child link is merged into its parent body — its <inertial> moved into
//   the body's frame (rotation and parallel-axis theorem) and added — and the joints below it
//   are placed in the body's frame; each merged link is kept as a frame (RobotDescription::frames);
// - the root: the root link fixed to the world (nq = nv = number of moving joints; its own
//   inertial and those of links fixed to it then play no part, RobotDescription::
//   mass_fixed_to_world), or joined to the world by a free flyer (lib/DESIGN.md §3: nq = 7 + n, nv = 6 + n) when
//   floating_base is set or when the root is an empty link (no mass: conventionally "world") whose
//   one joint to the base is `floating`; an empty "world" root fixed to the base gives a fixed
//   base, which floating_base frees;
// - body order: depth-first from the root, children in the order their <joint> elements appear
//   in the file — not urdfdom's order, which is alphabetical;
// - collision spheres, boxes and cylinders (RobotDescription::shapes); meshes are not read;
// - <mimic> on a fixed joint is ignored (it couples nothing); on a moving joint it is refused
//   unless `mimic` says to lock the joint at its offset or to give it a coordinate of its own;
// - drive data, which URDF lacks, as footfall's extension element inside a <joint>:
//     <footfall:drive armature="0.01" gear_ratio="9.1"/>
//   (armature: reflected rotor inertia, kg m² or kg, ≥ 0; gear_ratio > 0; defaults 0 and 1).
//
// Mass properties are judged on the bodies the core will hold, after merging: a dummy root link
// with a placeholder tensor, a point mass (zero inertia) or a zero-mass frame with a token inertia
// on a fixed joint is accepted when the merged body is physical. A merged body that is not (inertia
// not positive definite, or a principal moment over the sum of the other two) is refused, naming
// the body and by how much, unless repair_inertia is set: then its inertia is moved to the nearest
// physical one (mass_properties.hpp: repaired_inertia) and the change is recorded in notes.
//
// What is refused, every problem of the file in one message of one line naming the file and the
// elements: malformed XML or URDF, a xacro file (with the command that expands it), closed loops
// (a link that is the child of two joints, or links not reachable from the root), several roots,
// planar joints, floating joints other than the root's, a moving link whose body has no mass, a
// non-physical body (above), names with control characters. Names of any length are taken; the
// core stores a long one shortened (core_name()). Capacity is checked by build_model().
//
// The import uses urdfdom's global console_bridge log, redirected for the duration of a call:
// do not import from two threads at once.
#include <string>

#include "footfall/host/common/result.hpp"
#include "footfall/host/model/robot_description.hpp"

namespace footfall::host {

/// What to do with a moving joint that mimics another.
enum class MimicJoints {
  kRefuse,  ///< an error naming the joint and the two choices below
  kLock,    ///< held at its `<mimic>` offset: a fixed joint
  kFree,    ///< a joint with its own coordinate (the coupling is not modelled)
};

/// How to import what a URDF file leaves open (`--floating-base`, `--repair-inertia`, `--mimic`).
struct UrdfImportOptions {
  bool floating_base = false;   ///< join the root link to the world by a free flyer
  bool repair_inertia = false;  ///< move a non-physical body's inertia to the nearest physical one
  MimicJoints mimic = MimicJoints::kRefuse;  ///< what to do with a moving joint that mimics another
};

/// Reads the URDF file at `path` and imports it (this header's opening comment says what is
/// represented and what is refused); messages name the path.
Result<RobotDescription> import_urdf_file(const std::string& path, const UrdfImportOptions& options = {});

/// `source` names the document in messages (a path, or e.g. "<test>").
Result<RobotDescription> import_urdf_string(const std::string& xml, const std::string& source,
                                            const UrdfImportOptions& options = {});

}  // namespace footfall::host
