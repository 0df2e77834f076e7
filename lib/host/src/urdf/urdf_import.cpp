#include "footfall/host/urdf/urdf_import.hpp"

#include <console_bridge/console.h>
#include <urdf_parser/urdf_parser.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "footfall/host/io/files.hpp"
#include "footfall/host/io/message_text.hpp"
#include "footfall/host/io/number_format.hpp"
#include "mass_properties.hpp"
#include "urdf_document.hpp"

namespace footfall::host {

namespace {

using urdf_detail::MassProperties;

constexpr std::size_t kMaxName = static_cast<std::size_t>(Model<double, 1, 1>::kMaxNameLength);

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

// A link's <inertial> in the link frame, checked; a link without one (or with zero mass and
// zero inertia, as some files write for frames) has no mass.
Result<MassProperties> link_mass_properties(const urdf::Link& link, const std::string& source) {
  MassProperties p;
  if (!link.inertial) return p;
  const urdf::Inertial& in = *link.inertial;
  const std::string where = source + ": link " + quoted_text(link.name) + ": <inertial> ";
  Matrix3<double> tensor;
  tensor << in.ixx, in.ixy, in.ixz, in.ixy, in.iyy, in.iyz, in.ixz, in.iyz, in.izz;
  if (!std::isfinite(in.mass) || !tensor.allFinite()) return Error{where + "has a number that is not finite"};
  if (in.mass < 0.0) return Error{where + "mass " + format_refused(in.mass) + " is negative"};
  if (in.mass == 0.0) {
    if (!tensor.isZero(0.0)) return Error{where + "has zero mass but a nonzero inertia"};
    return p;
  }
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
  const Status status = validate_mass_properties(p.mass, p.com, p.inertia_about_com);
  if (!status.ok()) return Error{where + describe_status_field(status.field)};
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

// Where each link sits: the body it belongs to (−1: the world) and X from that body's frame
// to the link's frame.
// Why a robot, link or joint name cannot be a footfall name. Names end up in the
// core's fixed-size name fields, in JSON state files, in generated C++ and in one-line messages,
// so they are short and hold no control characters. Empty when the name is fine.
std::string name_problem(const std::string& name) {
  if (name.size() > kMaxName) return "name longer than " + std::to_string(kMaxName) + " characters";
  for (const char c : name)
    if (is_control_byte(c))
      return "name has a control character (a newline, tab or the like)";
  return {};
}

struct LinkFrame {
  int body = -1;
  Transform<double> body_to_link;
};

Result<RobotDescription> import_model(const urdf::ModelInterface& urdf_model, const urdf_detail::DocumentFacts& facts,
                                      const std::string& source, const UrdfImportOptions& options) {
  // Everything representable is checked before anything is built.
  if (const std::string problem = name_problem(urdf_model.getName()); !problem.empty())
    return Error{source + ": robot " + quoted_text(urdf_model.getName()) + ": " + problem};
  std::map<std::string, MassProperties> link_mass;
  for (const auto& [name, link] : urdf_model.links_) {
    if (const std::string problem = name_problem(name); !problem.empty()) {
      std::string message = source + ": link ";
      message += quoted_text(name);
      message += ": ";
      message += problem;
      return Error{message};
    }
    Result<MassProperties> p = link_mass_properties(*link, source);
    if (!p.ok()) return Error{p.error()};
    link_mass[name] = p.value();
  }
  for (const auto& [name, joint] : urdf_model.joints_) {
    const std::string where = source + ": joint " + quoted_text(name) + ": ";
    if (joint->mimic) return Error{where + "mimic joints are not supported (each joint has its own coordinate)"};
    switch (joint->type) {
      case urdf::Joint::REVOLUTE:
      case urdf::Joint::CONTINUOUS:
      case urdf::Joint::PRISMATIC:
      case urdf::Joint::FIXED:
        break;
      case urdf::Joint::FLOATING:
        return Error{where + "floating joints inside the tree are not supported (import with a floating base instead)"};
      case urdf::Joint::PLANAR:
        return Error{where + "planar joints inside the tree are not supported"};
      default:
        return Error{where + "joint type is unknown"};
    }
    if (joint->type == urdf::Joint::FIXED && facts.drives.count(name) != 0)
      return Error{where + "<footfall:drive> on a fixed joint"};
    if (const std::string problem = name_problem(name); !problem.empty()) return Error{where + problem};
  }

  const urdf::LinkConstSharedPtr root = urdf_model.getRoot();
  RobotDescription d;
  d.name = urdf_model.getName();
  d.source = source;
  std::vector<std::vector<MassProperties>> parts;  // per body, in the body's frame
  std::vector<std::string> body_link;              // per body, the link that moves it
  std::map<std::string, LinkFrame> frames;
  if (options.floating_base) {
    BodyDescription base;
    base.name = root->name;
    base.joint_name = "root";
    base.joint = JointSpec<double>::FreeFlyer();
    d.bodies.push_back(base);
    parts.push_back({link_mass[root->name]});
    body_link.push_back(root->name);
    frames[root->name] = LinkFrame{0, Transform<double>()};
  } else {
    frames[root->name] = LinkFrame{-1, Transform<double>()};
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
  push_children(*root);
  std::size_t visited = 1;
  while (!stack.empty()) {
    const urdf::JointSharedPtr joint = stack.back();
    stack.pop_back();
    const LinkFrame parent = frames.at(joint->parent_link_name);
    const std::string& child = joint->child_link_name;
    const Transform<double> body_to_child =
        transform_from_pose(joint->parent_to_joint_origin_transform) * parent.body_to_link;
    if (joint->type == urdf::Joint::FIXED) {
      frames[child] = LinkFrame{parent.body, body_to_child};
      if (parent.body >= 0) d.frames.push_back(FrameDescription{child, parent.body, body_to_child});
      if (parent.body >= 0)
        parts[static_cast<std::size_t>(parent.body)].push_back(
            urdf_detail::expressed_in(link_mass[child], body_to_child));
    } else {
      Result<JointSpec<double>> spec = moving_joint(*joint, body_to_child, facts, source);
      if (!spec.ok()) return Error{spec.error()};
      BodyDescription body;
      body.name = child;
      body.joint_name = joint->name;
      body.parent = parent.body;
      body.joint = spec.value();
      frames[child] = LinkFrame{d.body_count(), Transform<double>()};
      d.bodies.push_back(body);
      parts.push_back({link_mass[child]});
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
      if (frames.count(name) == 0)
        return Error{source + ": link " + quoted_text(name) + " is not reachable from the root link " +
                     quoted_text(root->name) + ": its joints form a closed loop"};
  }

  for (std::size_t i = 0; i < d.bodies.size(); ++i) {
    const MassProperties m = urdf_detail::combine(parts[i]);
    if (!(m.mass > 0.0))
      return Error{source + ": link " + quoted_text(body_link[i]) +
                   ": a moving link needs an <inertial> with positive mass (its own or a fixed child's)"};
    d.bodies[i].mass = m.mass;
    d.bodies[i].com = m.com;
    d.bodies[i].inertia_about_com = m.inertia_about_com;
  }
  if (d.nv() == 0) return Error{source + ": no moving joint (and no floating base): the model has no degree of freedom"};
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
