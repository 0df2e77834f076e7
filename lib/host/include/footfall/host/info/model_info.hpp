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

enum class Scalar { kDouble, kFloat };

struct BodyInfo {
  std::string name;
  int parent = -1;           ///< −1: the world
  std::string parent_name;   ///< "" for the world
  std::string joint;
  std::string joint_type;    ///< "revolute", "free_flyer", ...
  double mass = 0.0;
  double armature = 0.0;     ///< a one-DOF joint's reflected rotor inertia (0 from a plain URDF)
  int q_index = 0, v_index = 0, nq = 0, nv = 0;
};

/// A frame or a collision shape on a body, placed in the body's frame: its origin's position and
/// its axes' orientation as a quaternion (x, y, z, w).
struct PlacementInfo {
  std::string name;       ///< the frame's (merged link's) name, or the shape's link
  std::string body;       ///< the body that carries it
  Vector3<double> position = Vector3<double>::Zero();
  Vector4<double> orientation = Vector4<double>(0.0, 0.0, 0.0, 1.0);
};

struct ShapeInfo {
  PlacementInfo placement;
  std::string kind;  ///< "sphere", "box", "cylinder"
  double radius = 0.0, length = 0.0;
  Vector3<double> size = Vector3<double>::Zero();
};

struct ModelInfo {
  std::string name, source;
  Scalar scalar = Scalar::kDouble;
  Capacity capacity{0, 0};
  int nq = 0, nv = 0;
  bool floating_base = false;
  double total_mass = 0.0;
  std::size_t model_bytes = 0, workspace_bytes = 0;
  std::vector<BodyInfo> bodies;
  std::vector<PlacementInfo> frames;  ///< links merged into bodies by fixed joints
  std::vector<ShapeInfo> shapes;      ///< collision spheres, boxes, cylinders
  std::vector<std::string> notes;     ///< what the import decided (RobotDescription::notes)
  double mass_fixed_to_world = 0.0;
};

/// Builds the description at `capacity` (one of kCapacities) in `scalar` and reads it back.
Result<ModelInfo> model_info(const RobotDescription& description, Capacity capacity, Scalar scalar);

/// The JSON document of `footfall info --json` (status "ok", every float %.17g) and the table.
std::string model_info_json(const ModelInfo& info);
std::string model_info_table(const ModelInfo& info);

}  // namespace footfall::host
