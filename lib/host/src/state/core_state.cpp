#include "core_state.hpp"

namespace footfall::host {

std::vector<std::string> dof_names(const RobotDescription& model) {
  static const char* const kFreeFlyer[6] = {"vx", "vy", "vz", "wx", "wy", "wz"};
  static const char* const kPlanar[3] = {"x", "y", "phi"};
  std::vector<std::string> names;
  for (const BodyDescription& body : model.bodies) {
    const int nv = joint_nv(body.joint.type);
    for (int k = 0; k < nv; ++k) {
      if (body.joint.type == JointType::kFreeFlyer)
        names.push_back(body.joint_name + "." + kFreeFlyer[k]);
      else if (body.joint.type == JointType::kPlanar)
        names.push_back(body.joint_name + "." + kPlanar[k]);
      else
        names.push_back(body.joint_name);
    }
  }
  return names;
}

}  // namespace footfall::host
