#pragma once
// URDF import (urdfdom) into a RobotDescription, which build_model() turns into a core Model.
//
// What is represented:
// - revolute, continuous (a revolute without position limits) and prismatic joints, with their
//   <origin xyz rpy>, <axis> (normalised) and <limit> (a velocity or effort of 0, which many
//   published files write for "not given", means unlimited);
// - fixed joints: the child link is merged into its parent body — its <inertial> moved into
//   the body's frame (rotation and parallel-axis theorem) and added — and the joints below it
//   are placed in the body's frame; links with no <inertial> may be merged (frames, sensors);
// - the root link: fixed to the world (nq = nv = number of moving joints; its own inertial and
//   those of links fixed to it then play no part), or, with floating_base, joined to the world
//   by a free flyer named "root" (lib/DESIGN.md §3: nq = 7 + n, nv = 6 + n);
// - body order: depth-first from the root, children in the order their <joint> elements appear
//   in the file (lib/DESIGN.md §3) — not urdfdom's order, which is alphabetical;
// - drive data, which URDF lacks, as footfall's extension element inside a <joint>:
//     <footfall:drive armature="0.01" gear_ratio="9.1"/>
//   (armature: reflected rotor inertia, kg m² or kg, ≥ 0; gear_ratio > 0; defaults 0 and 1).
//
// What is refused, with a one-line error naming the file and the element: malformed XML or
// URDF, mimic joints, closed loops (a link that is the child of two joints, or links not
// reachable from the root), several roots, planar and floating joints (a URDF has no joint to
// the world; ask for floating_base instead), a moving link whose body has no mass, a non-
// physical <inertial> (negative mass, inertia not positive definite or violating the triangle
// inequality), names longer than the core's 31 characters. Capacity is checked by build_model().
//
// The import uses urdfdom's global console_bridge log, redirected for the duration of a call:
// do not import from two threads at once.
#include <string>

#include "footfall/host/common/result.hpp"
#include "footfall/host/model/robot_description.hpp"

namespace footfall::host {

struct UrdfImportOptions {
  bool floating_base = false;  // join the root link to the world by a free flyer
};

Result<RobotDescription> import_urdf_file(const std::string& path, const UrdfImportOptions& options = {});

// `source` names the document in messages (a path, or e.g. "<test>").
Result<RobotDescription> import_urdf_string(const std::string& xml, const std::string& source,
                                            const UrdfImportOptions& options = {});

}  // namespace footfall::host
