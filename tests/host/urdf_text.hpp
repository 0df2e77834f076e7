#pragma once
// URDF text for the importer's tests: links, joints and a <robot> around them, written inline.
#include <string>

namespace footfall::test {

inline const char* const kUnitInertial =
    R"(<inertial><mass value="1"/><inertia ixx="0.1" ixy="0" ixz="0" iyy="0.1" iyz="0" izz="0.1"/></inertial>)";

inline std::string urdf_link(const std::string& name, const std::string& inertial = kUnitInertial) {
  return "<link name=\"" + name + "\">" + inertial + "</link>";
}

// A joint about z with limits; `extra` goes inside it (<origin>, <mimic>, <footfall:drive>).
inline std::string urdf_joint(const std::string& name, const std::string& parent, const std::string& child,
                              const std::string& type = "revolute", const std::string& extra = "") {
  return "<joint name=\"" + name + "\" type=\"" + type + "\"><parent link=\"" + parent + "\"/><child link=\"" +
         child + "\"/><axis xyz=\"0 0 1\"/><limit lower=\"-1\" upper=\"1\" effort=\"1\" velocity=\"1\"/>" + extra +
         "</joint>";
}

inline std::string urdf_robot(const std::string& body) {
  return "<robot name=\"r\" xmlns:footfall=\"https://github.com/footfall/footfall/urdf\">" + body + "</robot>";
}

// An <inertial> of mass 1 at the link's origin with the given tensor (and the inertial frame
// turned by `rpy`).
inline std::string urdf_inertial(const std::string& ixx, const std::string& ixy, const std::string& ixz,
                                 const std::string& iyy, const std::string& iyz, const std::string& izz,
                                 const std::string& rpy = "0 0 0") {
  return "<inertial><origin rpy=\"" + rpy + "\"/><mass value=\"1\"/><inertia ixx=\"" + ixx + "\" ixy=\"" + ixy +
         "\" ixz=\"" + ixz + "\" iyy=\"" + iyy + "\" iyz=\"" + iyz + "\" izz=\"" + izz + "\"/></inertial>";
}

}  // namespace footfall::test
