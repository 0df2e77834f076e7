#include "core_state.hpp"
#include "footfall/host/state/pose.hpp"

namespace footfall::host {

namespace {

// A name for each coordinate of q (`configuration`) or of v: the joint's name, with the
// coordinate's after a dot for a free flyer or a planar joint.
std::vector<std::string> coordinate_names(const RobotDescription& model, bool configuration) {
  static const char* const kFreeFlyerQ[7] = {"x", "y", "z", "qx", "qy", "qz", "qw"};
  static const char* const kFreeFlyerV[6] = {"vx", "vy", "vz", "wx", "wy", "wz"};
  static const char* const kPlanar[3] = {"x", "y", "phi"};
  std::vector<std::string> names;
  for (const BodyDescription& body : model.bodies) {
    const int n = configuration ? joint_nq(body.joint.type) : joint_nv(body.joint.type);
    for (int k = 0; k < n; ++k) {
      if (body.joint.type == JointType::kFreeFlyer)
        names.push_back(body.joint_name + "." + (configuration ? kFreeFlyerQ[k] : kFreeFlyerV[k]));
      else if (body.joint.type == JointType::kPlanar)
        names.push_back(body.joint_name + "." + kPlanar[k]);
      else
        names.push_back(body.joint_name);
    }
  }
  return names;
}

}  // namespace

std::vector<std::string> dof_names(const RobotDescription& model) { return coordinate_names(model, false); }

std::vector<std::string> configuration_names(const RobotDescription& model) { return coordinate_names(model, true); }

}  // namespace footfall::host
