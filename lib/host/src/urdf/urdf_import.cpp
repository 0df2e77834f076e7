#include "footfall/host/urdf/urdf_import.hpp"

#include <console_bridge/console.h>
#include <urdf_parser/urdf_parser.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>

#include "footfall/host/io/files.hpp"
#include "footfall/host/io/message_text.hpp"
#include "footfall/host/io/number_format.hpp"
#include "mass_properties.hpp"
#include "urdf_document.hpp"

namespace footfall::host {

namespace {

using urdf_detail::MassProperties;

// urdfdom reports through console_bridge's global log; for the length of one import its errors
// are kept here (to become the message) instead of going to stderr.
class ConsoleCapture final : public console_bridge::OutputHandler {
 public:
  ConsoleCapture() { console_bridge::useOutputHandler(this); }
  ~ConsoleCapture() override { console_bridge::restorePreviousOutputHandler(); }
  ConsoleCapture(const ConsoleCapture&) = delete;
  ConsoleCapture& operator=(const ConsoleCapture&) = delete;
  ConsoleCapture(ConsoleCapture&&) = delete;
  ConsoleCapture& operator=(ConsoleCapture&&) = delete;

  void log(const std::string& text, console_bridge::LogLevel level, const char*, int) override {
    if (level >= console_bridge::CONSOLE_BRIDGE_LOG_ERROR && first_error_.empty())
      first_error_ = one_line(text);
  }
  const std::string& first_error() const { return first_error_; }

 private:
  std::string first_error_;
};

// URDF <origin>: the child frame is the parent frame moved by xyz and turned by rpy, R (child →
// parent coordinates) = Rz(y) Ry(p) Rx(r). As footfall's X_T (parent → child): E = Rᵀ, r = xyz.
Transform<double> transform_from_pose(const urdf::Pose& pose) {
  const Matrix3<double> r = rotation_from_quaternion(
      Vector4<double>(pose.rotation.x, pose.rotation.y, pose.rotation.z, pose.rotation.w));
  return Transform<double>(r.transpose(), Vector3<double>(pose.position.x, pose.position.y, pose.position.z));
}

bool is_identity_rotation(const urdf::Rotation& q) {
  return q.x == 0.0 && q.y == 0.0 && q.z == 0.0 && q.w == 1.0;
}

// A link's <inertial> in the link frame, with only what no merging can mend refused (numbers that
// are not finite, a negative mass). Whether the body it ends up in is physical is judged after
// fixed-joint merging (physical_or_repaired): a dummy root link with a placeholder tensor, a point
// mass, or a zero-mass frame with a token inertia is fine inside a real body. A link without
// an <inertial> has no mass.
Result<MassProperties> link_mass_properties(const urdf::Link& link, const std::string& source) {
  MassProperties p;
  if (!link.inertial) return p;
  const urdf::Inertial& in = *link.inertial;
  const std::string where = source + ": link " + quoted_text(link.name) + ": <inertial> ";
  Matrix3<double> tensor;
  tensor << in.ixx, in.ixy, in.ixz, in.ixy, in.iyy, in.iyz, in.ixz, in.iyz, in.izz;
  if (!std::isfinite(in.mass) || !tensor.allFinite()) return Error{where + "has a number that is not finite"};
  if (in.mass < 0.0) return Error{where + "mass " + format_refused(in.mass) + " is negative"};
  if (is_identity_rotation(in.origin.rotation)) {
    p.inertia_about_com = tensor;
  } else {  // the tensor is given in the inertial frame, turned by rpy from the link frame
    const Matrix3<double> r = rotation_from_quaternion(Vector4<double>(
        in.origin.rotation.x, in.origin.rotation.y, in.origin.rotation.z, in.origin.rotation.w));
    p.inertia_about_com = r * tensor * r.transpose();
    p.inertia_about_com = 0.5 * (p.inertia_about_com + p.inertia_about_com.transpose()).eval();
  }
  p.mass = in.mass;
  p.com = Vector3<double>(in.origin.position.x, in.origin.position.y, in.origin.position.z);
  return p;
}

// The JointSpec of a moving URDF joint placed at `placement` in its parent body's frame.
Result<JointSpec<double>> moving_joint(const urdf::Joint& joint, const Transform<double>& placement,
                                       const urdf_detail::DocumentFacts& facts, const std::string& source) {
  const std::string where = source + ": joint " + quoted_text(joint.name) + ": ";
  Vector3<double> axis(joint.axis.x, joint.axis.y, joint.axis.z);
  if (!axis.allFinite() || axis.norm() == 0.0) return Error{where + "<axis> is zero or not finite"};
  axis.normalize();
  JointSpec<double> spec = joint.type == urdf::Joint::PRISMATIC ? JointSpec<double>::Prismatic(axis, placement)
                                                                 : JointSpec<double>::Revolute(axis, placement);
  const double inf = std::numeric_limits<double>::infinity();
  if (joint.limits) {
    const urdf::JointLimits& l = *joint.limits;
    if (joint.type != urdf::Joint::CONTINUOUS) {
      if (!(l.lower <= l.upper)) return Error{where + "<limit> lower is above upper"};
      spec.limits.position_min = l.lower;
      spec.limits.position_max = l.upper;
    }
    if (l.velocity < 0.0 || !std::isfinite(l.velocity)) return Error{where + "<limit> velocity is negative"};
    if (l.effort < 0.0 || !std::isfinite(l.effort)) return Error{where + "<limit> effort is negative"};
    spec.limits.velocity_max = l.velocity > 0.0 ? l.velocity : inf;
    spec.limits.effort_max = l.effort > 0.0 ? l.effort : inf;
  }
  const auto drive = facts.drives.find(joint.name);
  if (drive != facts.drives.end()) spec.with_drive(drive->second.armature, drive->second.gear_ratio);
  return spec;
}

// Why a robot, link or joint name cannot be a footfall name: names go into JSON state files,
// generated C++ and one-line messages, so they hold no control characters. Their length is no
// reason (the core stores a long one shortened: core_name()). Empty when the name is fine.
std::string name_problem(const std::string& name) {
  for (const char c : name)
    if (is_control_byte(c)) return "name has a control character (a newline, tab or the like)";
  return {};
}

// Where each link sits: the body it belongs to (−1: the world) and X from that body's frame
// to the link's frame.
struct LinkFrame {
  int body = -1;
  Transform<double> body_to_link;
};

// A moving joint held still: X_J of a revolute turned by `angle` about `axis`, or of a prismatic
// moved by it along `axis` (footfall's X: E = Rᵀ).
Transform<double> held_joint_motion(const urdf::Joint& joint, double position) {
  Vector3<double> axis(joint.axis.x, joint.axis.y, joint.axis.z);
  if (!(axis.norm() > 0.0) || position == 0.0) return Transform<double>();
  axis.normalize();
  if (joint.type == urdf::Joint::PRISMATIC) return Transform<double>(Matrix3<double>::Identity(), axis * position);
  const Vector4<double> q = quaternion_from_rotation_vector(Vector3<double>(axis * position));
  return Transform<double>(rotation_from_quaternion(q).transpose(), Vector3<double>::Zero());
}

// Problems found in one pass over the file, reported together on one line, so a user mends
// them in one round.
class Problems {
 public:
  explicit Problems(std::string source) : source_(std::move(source)) {}
  void add(std::string problem) { list_.push_back(std::move(problem)); }
  bool empty() const { return list_.empty(); }
  Error error() const {
    std::string message = source_ + ": ";
    if (list_.size() > 1) message += std::to_string(list_.size()) + " problems: ";
    for (std::size_t i = 0; i < list_.size(); ++i) message += (i == 0 ? "" : "; ") + list_[i];
    return Error{message};
  }

 private:
  std::string source_;
  std::vector<std::string> list_;
};

bool is_moving(const urdf::Joint& joint) {
  return joint.type == urdf::Joint::REVOLUTE || joint.type == urdf::Joint::CONTINUOUS ||
         joint.type == urdf::Joint::PRISMATIC;
}

// How the tree is joined to the world. A URDF's root link is its base, fixed to the world, unless
// the root is an empty link — conventionally "world" — with one joint to the real base: a
// floating joint then makes the base a free flyer, a fixed one fixes it (and `floating_base`
// frees it again). `base` is the link the first body is, or the root when it is fixed.
struct RootChoice {
  const urdf::Link* base = nullptr;
  const urdf::Joint* world_joint = nullptr;  // the joint from the empty root to `base`, if skipped
  bool free_flyer = false;
};

bool is_empty_link(const urdf::Link& link) {
  return !link.inertial || (link.inertial->mass == 0.0 && link.inertial->ixx == 0.0 && link.inertial->iyy == 0.0 &&
                            link.inertial->izz == 0.0 && link.inertial->ixy == 0.0 && link.inertial->ixz == 0.0 &&
                            link.inertial->iyz == 0.0);
}

RootChoice choose_root(const urdf::ModelInterface& urdf_model, const UrdfImportOptions& options) {
  const urdf::Link& root = *urdf_model.getRoot();
  RootChoice choice{&root, nullptr, options.floating_base};
  if (root.child_joints.size() != 1 || !is_empty_link(root)) return choice;
  const urdf::Joint& joint = *root.child_joints.front();
  const bool named_world = root.name == "world";
  if (joint.type == urdf::Joint::FLOATING || (named_world && joint.type == urdf::Joint::FIXED && options.floating_base)) {
    choice.base = urdf_model.getLink(joint.child_link_name).get();
    choice.world_joint = &joint;
    choice.free_flyer = true;
  }
  return choice;
}

// The collision spheres, boxes and cylinders of every link that rides on a body, placed in that
// body's frame. Meshes are left out: a dynamics import does not load them.
void read_collision_shapes(const urdf::ModelInterface& urdf_model, const std::map<std::string, LinkFrame>& frames,
                           RobotDescription* d) {
  std::vector<std::pair<std::string, urdf::LinkConstSharedPtr>> links(urdf_model.links_.begin(),
                                                                       urdf_model.links_.end());
  for (const auto& [name, link] : links) {
    const auto frame = frames.find(name);
    if (frame == frames.end() || frame->second.body < 0) continue;
    for (const urdf::CollisionSharedPtr& collision : link->collision_array) {
      if (!collision || !collision->geometry) continue;
      ShapeDescription shape;
      shape.link = name;
      shape.body = frame->second.body;
      shape.body_to_shape = transform_from_pose(collision->origin) * frame->second.body_to_link;
      const urdf::Geometry* g = collision->geometry.get();
      if (const auto* sphere = dynamic_cast<const urdf::Sphere*>(g)) {
        shape.kind = ShapeKind::kSphere;
        shape.radius = sphere->radius;
      } else if (const auto* box = dynamic_cast<const urdf::Box*>(g)) {
        shape.kind = ShapeKind::kBox;
        shape.size = Vector3<double>(box->dim.x, box->dim.y, box->dim.z);
      } else if (const auto* cylinder = dynamic_cast<const urdf::Cylinder*>(g)) {
        shape.kind = ShapeKind::kCylinder;
        shape.radius = cylinder->radius;
        shape.length = cylinder->length;
      } else {
        continue;
      }
      if (!(shape.radius >= 0.0 && shape.length >= 0.0 && shape.size.allFinite() && shape.size.minCoeff() >= 0.0 &&
            std::isfinite(shape.radius) && std::isfinite(shape.length)))
        continue;  // a shape with a negative or non-finite size says nowhere the link touches
      d->shapes.push_back(shape);
    }
  }
  // Bodies in order, each body's shapes in link-name order (urdfdom's), for a stable listing.
  std::stable_sort(d->shapes.begin(), d->shapes.end(),
                   [](const ShapeDescription& a, const ShapeDescription& b) { return a.body < b.body; });
}

Result<RobotDescription> import_model(const urdf::ModelInterface& urdf_model, const urdf_detail::DocumentFacts& facts,
                                      const std::string& source, const UrdfImportOptions& options) {
  // Everything representable is checked before anything is built, and every problem is kept.
  Problems problems(source);
  for (const std::string& problem : facts.problems) problems.add(problem);
  std::set<std::string> refused_links;  // names or <inertial> refused: their bodies are not judged again
  if (const std::string problem = name_problem(urdf_model.getName()); !problem.empty())
    problems.add("robot " + quoted_text(urdf_model.getName()) + ": " + problem);
  std::map<std::string, MassProperties> link_mass;
  for (const auto& [name, link] : urdf_model.links_) {
    if (const std::string problem = name_problem(name); !problem.empty()) {
      problems.add("link " + quoted_text(name) + ": " + problem);
      refused_links.insert(name);
      continue;
    }
    Result<MassProperties> p = link_mass_properties(*link, source);
    if (!p.ok()) {
      problems.add(p.error().substr(source.size() + 2));
      refused_links.insert(name);
      continue;
    }
    link_mass[name] = p.value();
  }
  const RootChoice root = choose_root(urdf_model, options);
  RobotDescription d;
  d.name = urdf_model.getName();
  d.source = source;
  std::map<std::string, const urdf::Joint*> held;  // moving mimic joints imported as fixed
  for (const auto& [name, joint] : urdf_model.joints_) {
    const std::string where = "joint " + quoted_text(name) + ": ";
    if (const std::string problem = name_problem(name); !problem.empty()) {
      problems.add(where + problem);
      continue;
    }
    switch (joint->type) {
      case urdf::Joint::REVOLUTE:
      case urdf::Joint::CONTINUOUS:
      case urdf::Joint::PRISMATIC:
      case urdf::Joint::FIXED:
        break;
      case urdf::Joint::FLOATING:
        if (joint.get() != root.world_joint)
          problems.add(where + "floating joints inside the tree are not supported (only from an empty root link, "
                               "such as 'world', to the base; or import with a floating base instead)");
        continue;
      case urdf::Joint::PLANAR:
        problems.add(where + "planar joints inside the tree are not supported");
        continue;
      default:
        problems.add(where + "joint type is unknown");
        continue;
    }
    if (joint->type == urdf::Joint::FIXED && facts.drives.count(name) != 0)
      problems.add(where + "<footfall:drive> on a fixed joint");
    // A fixed joint's <mimic> couples nothing (Talos' reduced model fixes its grippers so).
    if (joint->mimic && is_moving(*joint)) {
      const std::string mimicked = quoted_text(joint->mimic->joint_name);
      switch (options.mimic) {
        case MimicJoints::kRefuse:
          problems.add(where + "mimics joint " +
                       (mimicked + ", and footfall does not couple joints: import with --mimic lock (held at its "
                                   "<mimic> offset, as a fixed joint) or --mimic free (a joint of its own)"));
          break;
        case MimicJoints::kLock:
          held[name] = joint.get();
          d.notes.push_back("joint " + quoted_text(name) + " mimics " + mimicked + ": locked at its offset " +
                            format_short(joint->mimic->offset) + " (--mimic lock)");
          break;
        case MimicJoints::kFree:
          d.notes.push_back("joint " + quoted_text(name) + " mimics " + mimicked +
                            ": imported as a joint of its own (--mimic free)");
          break;
      }
    }
  }
  // The walk below goes on past these, so the bodies' mass properties are judged in the same run.

  std::vector<std::vector<MassProperties>> parts;  // per body, in the body's frame
  std::vector<std::string> body_link;              // per body, the link that moves it
  std::vector<bool> has_refused_link;              // per body: a part's <inertial> was refused above
  std::map<std::string, LinkFrame> frames;
  const urdf::Link& base = *root.base;
  if (root.free_flyer) {
    BodyDescription body;
    body.name = base.name;
    body.joint_name = root.world_joint != nullptr ? root.world_joint->name : "root";
    body.joint = JointSpec<double>::FreeFlyer();
    d.bodies.push_back(body);
    parts.push_back({link_mass[base.name]});
    has_refused_link.push_back(refused_links.count(base.name) != 0);
    body_link.push_back(base.name);
    frames[base.name] = LinkFrame{0, Transform<double>()};
    if (root.world_joint != nullptr)
      d.notes.push_back("the root link " + quoted_text(urdf_model.getRoot()->name) + " is the world: link " +
                        quoted_text(base.name) + " is the free-flying base (joint " +
                        quoted_text(root.world_joint->name) + ", " +
                        (root.world_joint->type == urdf::Joint::FLOATING ? "floating" : "fixed, freed by --floating-base") +
                        ")");
  } else {
    frames[base.name] = LinkFrame{-1, Transform<double>()};
    d.mass_fixed_to_world += link_mass[base.name].mass;
  }

  // Depth-first, children in file order, with an explicit stack of links still to visit.
  auto file_order = [&facts](const urdf::JointSharedPtr& a, const urdf::JointSharedPtr& b) {
    return facts.joint_position.at(a->name) < facts.joint_position.at(b->name);
  };
  std::vector<urdf::JointSharedPtr> stack;
  auto push_children = [&](const urdf::Link& link) {
    std::vector<urdf::JointSharedPtr> children = link.child_joints;
    std::sort(children.begin(), children.end(), file_order);
    for (auto it = children.rbegin(); it != children.rend(); ++it) stack.push_back(*it);
  };
  push_children(base);
  std::size_t visited = root.world_joint != nullptr ? 2 : 1;
  while (!stack.empty()) {
    const urdf::JointSharedPtr joint = stack.back();
    stack.pop_back();
    const LinkFrame parent = frames.at(joint->parent_link_name);
    const std::string& child = joint->child_link_name;
    Transform<double> body_to_child =
        transform_from_pose(joint->parent_to_joint_origin_transform) * parent.body_to_link;
    const auto held_joint = held.find(joint->name);
    const bool fixed = joint->type == urdf::Joint::FIXED || held_joint != held.end();
    if (held_joint != held.end())
      body_to_child = held_joint_motion(*joint, joint->mimic->offset) * body_to_child;
    if (fixed) {
      frames[child] = LinkFrame{parent.body, body_to_child};
      if (parent.body >= 0) {
        d.frames.push_back(FrameDescription{child, parent.body, body_to_child});
        parts[static_cast<std::size_t>(parent.body)].push_back(
            urdf_detail::expressed_in(link_mass[child], body_to_child));
        if (refused_links.count(child) != 0) has_refused_link[static_cast<std::size_t>(parent.body)] = true;
      } else {
        d.mass_fixed_to_world += link_mass[child].mass;
      }
    } else {
      Result<JointSpec<double>> spec = moving_joint(*joint, body_to_child, facts, source);
      if (!spec.ok()) {
        problems.add(spec.error().substr(source.size() + 2));
        spec = JointSpec<double>::Revolute(Vector3<double>::UnitZ(), body_to_child);  // to go on looking
      }
      BodyDescription body;
      body.name = child;
      body.joint_name = joint->name;
      body.parent = parent.body;
      body.joint = spec.value();
      frames[child] = LinkFrame{d.body_count(), Transform<double>()};
      d.bodies.push_back(body);
      parts.push_back({link_mass[child]});
      has_refused_link.push_back(refused_links.count(child) != 0);
      body_link.push_back(child);
    }
    ++visited;
    push_children(*urdf_model.getLink(child));
  }
  // The walk's own check that it placed every link. read_document_facts() refuses loops and
  // second roots before urdfdom runs (urdfdom would build a loop it never frees), so no document
  // reaches this; it stays because a link left unplaced would have no frame below.
  if (visited != urdf_model.links_.size()) {
    for (const auto& [name, link] : urdf_model.links_)
      if (frames.count(name) == 0 && name != urdf_model.getRoot()->name)
        return Error{source + ": link " + quoted_text(name) + " is not reachable from the root link " +
                     quoted_text(root.base->name) + ": its joints form a closed loop"};
  }

  // The bodies the core will hold, judged after merging: each must be a physical rigid body.
  for (std::size_t i = 0; i < d.bodies.size(); ++i) {
    if (has_refused_link[i]) continue;  // its problem is already reported
    MassProperties m = urdf_detail::combine(parts[i]);
    const std::string problem = urdf_detail::physical_problem(m);
    const std::string where = "body " + quoted_text(d.bodies[i].name) +
                              (parts[i].size() > 1 ? " (link " + quoted_text(body_link[i]) + " and " +
                                                         std::to_string(parts[i].size() - 1) + " merged)"
                                                   : "");
    if (!problem.empty()) {
      if (!(m.mass > 0.0)) {
        problems.add("link " + quoted_text(body_link[i]) +
                     ": a moving link needs an <inertial> with positive mass (its own or a fixed child's)");
        continue;
      }
      if (!options.repair_inertia) {
        std::string message = where;
        message += ": ";
        message += problem;
        message += " (--repair-inertia moves it to the nearest physical inertia)";
        problems.add(message);
        continue;
      }
      std::string change;
      m = urdf_detail::repaired_inertia(m, &change);
      const std::string still = urdf_detail::physical_problem(m);
      if (!still.empty()) {
        std::string message = where;
        message += ": ";
        message += still;
        message += " even after repair";
        problems.add(message);
        continue;
      }
      std::string note = where;
      note += ": inertia repaired (";
      note += problem.substr(0, problem.find(':'));
      note += "): ";
      note += change;
      d.notes.push_back(note);
    }
    d.bodies[i].mass = m.mass;
    d.bodies[i].com = m.com;
    d.bodies[i].inertia_about_com = m.inertia_about_com;
  }
  read_collision_shapes(urdf_model, frames, &d);
  if (!problems.empty()) return problems.error();
  if (d.nv() == 0) return Error{source + ": no moving joint (and no floating base): the model has no degree of freedom"};
  if (!root.free_flyer) {
    std::string note = "the root link " + quoted_text(base.name) + " is fixed to the world";
    if (d.mass_fixed_to_world > 0.0)
      note += ", so the " + format_short(d.mass_fixed_to_world) +
              " kg fixed to it play no part (a legged robot needs --floating-base)";
    d.notes.push_back(note);
  }
  return d;
}

}  // namespace

Result<RobotDescription> import_urdf_string(const std::string& xml, const std::string& source,
                                            const UrdfImportOptions& options) {
  Result<urdf_detail::DocumentFacts> facts = urdf_detail::read_document_facts(xml, source);
  if (!facts.ok()) return Error{facts.error()};
  try {
    urdf::ModelInterfaceSharedPtr model;
    std::string urdfdom_error;
    {
      ConsoleCapture capture;
      model = urdf::parseURDF(xml);
      urdfdom_error = capture.first_error();
    }
    if (!model) return Error{source + ": " + (urdfdom_error.empty() ? "not a valid URDF" : urdfdom_error)};
    return import_model(*model, facts.value(), source, options);
  } catch (const std::exception& e) {
    return Error{source + ": " + one_line(e.what())};
  }
}

Result<RobotDescription> import_urdf_file(const std::string& path, const UrdfImportOptions& options) {
  Result<std::string> text = read_input_file(path);
  if (!text.ok()) return Error{text.error()};
  return import_urdf_string(text.value(), path, options);
}

}  // namespace footfall::host
