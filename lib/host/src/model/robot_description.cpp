#include "footfall/host/model/robot_description.hpp"

#include <cstdint>
#include <cstdio>
#include <cstring>

namespace footfall::host {

int RobotDescription::nq() const noexcept {
  int n = 0;
  for (const BodyDescription& b : bodies) n += joint_nq(b.joint.type);
  return n;
}

int RobotDescription::nv() const noexcept {
  int n = 0;
  for (const BodyDescription& b : bodies) n += joint_nv(b.joint.type);
  return n;
}

double RobotDescription::total_mass() const noexcept {
  double m = 0.0;
  for (const BodyDescription& b : bodies) m += b.mass;
  return m;
}

const char* to_string(ShapeKind kind) noexcept {
  switch (kind) {
    case ShapeKind::kSphere:
      return "sphere";
    case ShapeKind::kBox:
      return "box";
    case ShapeKind::kCylinder:
      return "cylinder";
  }
  return "sphere";
}

std::string core_name(const std::string& name) {
  constexpr std::size_t kMax = 31, kKept = 22;
  if (name.size() <= kMax) return name;
  std::uint32_t hash = 2166136261u;  // FNV-1a, 32 bits
  for (const char c : name) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 16777619u;
  }
  char digits[9];
  (void)std::snprintf(digits, sizeof digits, "%08x", static_cast<unsigned>(hash));  // 8 digits always fit
  return name.substr(0, kKept) + "~" + digits;
}

std::string describe_status_field(const char* field) {
  struct Phrase {
    const char* field;
    const char* words;
  };
  static const Phrase kPhrases[] = {
      {"mass", "mass is not a positive finite number"},
      {"com", "centre of mass is not finite"},
      {"inertia", "inertia is not finite"},
      {"inertia.symmetric", "inertia is not symmetric"},
      {"inertia.positive_definite", "inertia is not positive definite"},
      {"inertia.triangle_inequality", "inertia violates the triangle inequality (a principal moment exceeds the sum of the other two)"},
      {"body.name", "name is empty or longer than 31 characters"},
      {"joint.name", "joint name is empty or longer than 31 characters"},
      {"body.name.duplicate", "a body of that name already exists"},
      {"body.mass", "a moving body needs a positive mass"},
      {"joint.axis", "joint axis is not a finite unit vector"},
      {"joint.limits.position", "joint position limits are not lower <= upper"},
      {"joint.limits.velocity", "joint velocity limit is not positive"},
      {"joint.limits.effort", "joint effort limit is not positive"},
      {"joint.placement.rotation", "joint origin rotation is not a rotation"},
      {"joint.placement.translation", "joint origin translation is not finite"},
      {"joint.armature", "armature is negative or not finite"},
      {"joint.gear_ratio", "gear ratio is not positive"},
      {"joint.type.not_at_root", "planar and free-flyer joints are only allowed at the root"},
      {"model.degrees_of_freedom", "the model has no degree of freedom"},
  };
  for (const Phrase& p : kPhrases)
    if (std::strcmp(p.field, field) == 0) return p.words;
  return field;
}

}  // namespace footfall::host
