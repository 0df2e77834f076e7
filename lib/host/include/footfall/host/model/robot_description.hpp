#pragma once
// RobotDescription: a robot as the host side holds it, independent of any capacity — the bodies
// in the core's order (parents first, depth-first), each with its joint (a core JointSpec) and
// its mass properties. The URDF importer and the built-in models produce one; build_model() turns
// it into a core Model of a chosen capacity through the core's validating ModelBuilder, and the
// code generator writes the same ModelBuilder calls into a header.
//
// Mass properties are kept as (m, c, I_c) — mass, centre of mass and rotational inertia about
// it, in the body frame — because Inertia::FromMassComInertia takes exactly those: the imported
// and the generated model then construct every Inertia from the same numbers.
#include <memory>
#include <string>
#include <vector>

#include "footfall/host/common/result.hpp"
#include "footfall/model/model_builder.hpp"

namespace footfall::host {

/// One body of a RobotDescription: its name, the joint that joins it to its parent, and its mass
/// properties (m, c, I_c) in its own frame, the links merged into it included.
struct BodyDescription {
  std::string name;        ///< the body's full name (URDF: the link its joint moves)
  std::string joint_name;  ///< the full name of that joint
  int parent = -1;  ///< index of an earlier body, or −1 for the world
  JointSpec<double> joint;  ///< type, axis, placement X_T (parent frame → joint frame), limits, drive
  double mass = 0.0;        ///< m, kg
  Vector3<double> com = Vector3<double>::Zero();  ///< c, m: the centre of mass in the body's frame
  /// I_c, kg m²: the rotational inertia about the centre of mass, in the body's frame's axes
  Matrix3<double> inertia_about_com = Matrix3<double>::Zero();
};

/// A link merged into a body by a fixed joint (URDF import: a foot, a sensor frame): its name, the
/// body that carries it, and its placement, the transform from the body's frame to its own, so a
/// state file may name a contact's point in the link's frame.
struct FrameDescription {
  std::string name;  ///< the merged link's name
  int body = -1;     ///< index of the body that carries it
  Transform<double> body_to_frame;  ///< body frame → link frame; its translation: the link's origin
};

/// The kind of a collision shape: a URDF `<sphere>`, `<box>` or `<cylinder>` (meshes are not read).
enum class ShapeKind { kSphere, kBox, kCylinder };

/// A collision shape a link declares (URDF `<collision>`), carried by the body the link rides on:
/// where the feet and soles touch. Its frame's origin is the shape's centre; a box's sides and a
/// cylinder's axis (z) lie along that frame's axes.
struct ShapeDescription {
  std::string link;  ///< the link that declares it
  int body = -1;     ///< the body that carries it
  Transform<double> body_to_shape;  ///< body frame → shape frame; its translation: the centre
  ShapeKind kind = ShapeKind::kSphere;  ///< sphere, box or cylinder: which of the sizes below apply
  double radius = 0.0;                          ///< sphere, cylinder
  double length = 0.0;                          ///< cylinder, along its z
  Vector3<double> size = Vector3<double>::Zero();  ///< box: full side lengths along x, y, z
};

/// "sphere", "box" or "cylinder", as `info` prints the kind.
const char* to_string(ShapeKind kind) noexcept;

/// A robot as the host side holds it, independent of any capacity: its bodies in the core's order
/// (parents first, depth-first), its merged frames, collision shapes and the import's notes.
/// The URDF importer and builtin_model() make one; build_model() turns it into a core Model.
struct RobotDescription {
  std::string name;    ///< the robot's name (URDF `<robot name>`, or the built-in's)
  std::string source;  ///< where it came from, for messages: a file path or "built-in quadruped"
  std::vector<BodyDescription> bodies;   ///< in the core's order: a body's parent comes before it
  std::vector<FrameDescription> frames;  ///< merged links that ride on a body
  std::vector<ShapeDescription> shapes;  ///< collision spheres, boxes and cylinders of the bodies
  /// What the import decided that the file did not say outright, one sentence each (`info` prints
  /// them): an inertia repaired, a mimic joint locked or freed, the root joined to the world.
  std::vector<std::string> notes;
  /// A fixed-base robot's links fixed to the world: their mass plays no part in the model.
  double mass_fixed_to_world = 0.0;

  int body_count() const noexcept { return static_cast<int>(bodies.size()); }  ///< the number of bodies
  int nq() const noexcept;  ///< the length of q: the sum of the joints' position coordinates
  int nv() const noexcept;  ///< the length of v: the sum of the joints' velocity coordinates
  double total_mass() const noexcept;  ///< kg, the sum of the bodies' masses (not mass_fixed_to_world)
};

/// The name the core stores for `name`: the core keeps names of at most 31 characters
/// (Model::kMaxNameLength), so a longer one is stored as its first 22 characters, '~' and the
/// 8 hexadecimal digits of its 32-bit FNV-1a hash — the same every time, and different for names
/// that differ anywhere. The host side keeps and prints the full name; the core's short one is
/// only what firmware reads back from Model::body_name().
std::string core_name(const std::string& name);

/// The core's field names (Status::field) in words, for messages: "inertia.triangle_inequality"
/// → "inertia violates the triangle inequality". Unknown fields are returned as they are.
std::string describe_status_field(const char* field);

namespace detail {

template <typename S>
JointSpec<S> cast_joint(const JointSpec<double>& j) {
  JointSpec<S> out;
  out.type = j.type;
  out.axis = j.axis.cast<S>();
  out.placement = Transform<S>(j.placement.rotation().cast<S>(), j.placement.translation().cast<S>());
  out.limits = JointLimits<S>{static_cast<S>(j.limits.position_min), static_cast<S>(j.limits.position_max),
                              static_cast<S>(j.limits.velocity_max), static_cast<S>(j.limits.effort_max)};
  out.armature = static_cast<S>(j.armature);
  out.gear_ratio = static_cast<S>(j.gear_ratio);
  return out;
}

}  // namespace detail

/// Builds `description` into *out with the core's ModelBuilder at capacity (B bodies, D DOFs).
/// Fails with a message naming the source and the body when the model does not fit or a number
/// fails the builder's checks; *out is then unchanged.
template <typename S, int B, int D>
Result<void> build_model(const RobotDescription& description, Model<S, B, D>* out) {
  const int bodies = description.body_count(), nv = description.nv();
  if (bodies > B || nv > D)
    return Error{description.source + ": " + std::to_string(bodies) + " bodies and " + std::to_string(nv) +
                 " DOFs do not fit the capacity of " + std::to_string(B) + " bodies and " + std::to_string(D) +
                 " DOFs"};
  // On the heap: a builder holds a whole Model, too large for some host threads' stacks.
  auto builder = std::make_unique<ModelBuilder<S, B, D>>();
  for (const BodyDescription& body : description.bodies) {
    Inertia<S> inertia;
    Status status = Inertia<S>::FromMassComInertia(static_cast<S>(body.mass), body.com.cast<S>(),
                                                   body.inertia_about_com.cast<S>(), &inertia);
    if (status.ok())
      status = builder->add_body(core_name(body.name).c_str(), body.parent, detail::cast_joint<S>(body.joint), inertia,
                                 nullptr, core_name(body.joint_name).c_str());
    if (!status.ok())
      return Error{description.source + ": body '" + body.name + "': " + describe_status_field(status.field)};
  }
  const Status status = builder->build(out);
  if (!status.ok()) return Error{description.source + ": " + describe_status_field(status.field)};
  return {};
}

/// The description of a model already built (the built-in models): names, tree, joints and
/// mass properties read back from the Model.
template <typename S, int B, int D>
RobotDescription describe_model(const Model<S, B, D>& model, std::string name, std::string source) {
  RobotDescription d;
  d.name = std::move(name);
  d.source = std::move(source);
  for (int i = 0; i < model.body_count(); ++i) {
    BodyDescription body;
    body.name = model.body_name(i);
    body.joint_name = model.joint_name(i);
    body.parent = model.parent(i);
    body.joint.type = model.joint_type(i);
    body.joint.axis = model.joint_axis(i).template cast<double>();
    body.joint.placement = Transform<double>(model.joint_placement(i).rotation().template cast<double>(),
                                             model.joint_placement(i).translation().template cast<double>());
    if (model.joint_nv(i) > 0) {
      const int dof = model.v_index(i);
      const JointLimits<S>& l = model.limits(dof);
      body.joint.limits = JointLimits<double>{static_cast<double>(l.position_min), static_cast<double>(l.position_max),
                                              static_cast<double>(l.velocity_max), static_cast<double>(l.effort_max)};
      body.joint.armature = static_cast<double>(model.armature(dof));
      body.joint.gear_ratio = static_cast<double>(model.gear_ratio(dof));
    }
    const Inertia<S>& inertia = model.inertia(i);
    body.mass = static_cast<double>(inertia.mass());
    body.com = inertia.com().template cast<double>();
    body.inertia_about_com = inertia.rotational_about_com().template cast<double>();
    d.bodies.push_back(std::move(body));
  }
  return d;
}

}  // namespace footfall::host
