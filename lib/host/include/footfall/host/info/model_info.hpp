#pragma once
// `footfall info`: what a model is and what it costs — bodies, joints, nq, nv, total mass, and
// the bytes of the core's Model and Workspace at the capacity and scalar chosen (lib/DESIGN.md §5).
// Every figure is read from the core Model that build_model() made, not from the description.
#include <cstddef>
#include <string>
#include <vector>

#include "footfall/host/common/result.hpp"
#include "footfall/host/model/capacity.hpp"
#include "footfall/host/model/robot_description.hpp"

namespace footfall::host {

/// The core's scalar that `footfall info` builds the model in and gives the sizes for
/// (`--scalar double|float`).
enum class Scalar { kDouble, kFloat };

/// One body of `footfall info`: a row of its table and an entry of its JSON's "bodies", read
/// from the built core Model, with the description's full names.
struct BodyInfo {
  std::string name;          ///< the body's name (URDF: the link its joint moves)
  int parent = -1;           ///< −1: the world
  std::string parent_name;   ///< "" for the world
  std::string joint;         ///< the name of the joint to its parent ("root" for a free flyer the import adds)
  std::string joint_type;    ///< "revolute", "free_flyer", ...
  double mass = 0.0;         ///< kg, with the links merged into it
  double armature = 0.0;     ///< a one-DOF joint's reflected rotor inertia (0 from a plain URDF)
  ///@{
  /// Where its joint's coordinates start in q and in v, and how many it has of each (a free
  /// flyer 7 and 6, a revolute or prismatic joint 1 and 1, a fixed joint none).
  int q_index = 0, v_index = 0, nq = 0, nv = 0;
  ///@}
};

/// A frame or a collision shape on a body, placed in the body's frame: its origin's position and
/// its axes' orientation as a quaternion (x, y, z, w).
struct PlacementInfo {
  std::string name;       ///< the frame's (merged link's) name, or the shape's link
  std::string body;       ///< the body that carries it
  Vector3<double> position = Vector3<double>::Zero();  ///< m, its origin in the body's frame
  /// Its axes in the body's frame, a unit quaternion (x, y, z, w)
  Vector4<double> orientation = Vector4<double>(0.0, 0.0, 0.0, 1.0);
};

/// A collision shape as `footfall info` lists it (JSON "shapes"): its link, its body, where its
/// centre and axes are in the body's frame, its kind and its size.
struct ShapeInfo {
  PlacementInfo placement;  ///< name: the link that declares it; position, orientation: the centre, axes
  std::string kind;  ///< "sphere", "box", "cylinder"
  ///@{
  /// m: a sphere's or cylinder's radius; a cylinder's length along its z
  double radius = 0.0, length = 0.0;
  ///@}
  Vector3<double> size = Vector3<double>::Zero();  ///< m: a box's full side lengths along x, y, z
};

/// What `footfall info` prints, as the table or as `--json`: the model's size and mass, the bytes
/// of the core's Model and Workspace at the capacity and scalar chosen, its bodies, merged frames,
/// collision shapes and the import's notes.
struct ModelInfo {
  ///@{
  /// The robot's name and where it came from (RobotDescription::name and RobotDescription::source).
  std::string name, source;
  ///@}
  Scalar scalar = Scalar::kDouble;  ///< `--scalar`: the core scalar it was built in
  Capacity capacity{0, 0};  ///< the one it was built at (`--capacity`; "auto": the smallest that holds it)
  ///@{
  /// The lengths of q and v.
  int nq = 0, nv = 0;
  ///@}
  bool floating_base = false;  ///< whether the root body is joined to the world by a free flyer
  double total_mass = 0.0;     ///< kg, the sum of the bodies' masses (not mass_fixed_to_world)
  ///@{
  /// sizeof the core's Model and Workspace at this capacity and scalar, on the machine running the tool.
  std::size_t model_bytes = 0, workspace_bytes = 0;
  ///@}
  std::vector<BodyInfo> bodies;  ///< in the core's order, parents first
  std::vector<PlacementInfo> frames;  ///< links merged into bodies by fixed joints
  std::vector<ShapeInfo> shapes;      ///< collision spheres, boxes, cylinders
  std::vector<std::string> notes;     ///< what the import decided (RobotDescription::notes)
  double mass_fixed_to_world = 0.0;   ///< kg, RobotDescription::mass_fixed_to_world
};

/// Builds the description at `capacity` (one of kCapacities) in `scalar` and reads it back.
Result<ModelInfo> model_info(const RobotDescription& description, Capacity capacity, Scalar scalar);

/// The JSON document of `footfall info --json` (status "ok", every float %.17g).
std::string model_info_json(const ModelInfo& info);
/// The table `footfall info` prints without `--json`: a summary line, the capacity and sizes, a
/// row per body, then the merged frames, the collision shapes and the notes.
std::string model_info_table(const ModelInfo& info);

}  // namespace footfall::host
