#include "footfall/host/codegen/model_codegen.hpp"

#include <cctype>
#include <cmath>
#include <memory>
#include <sstream>
#include <vector>

#include "footfall/host/io/message_text.hpp"
#include "footfall/host/io/number_format.hpp"
#include "footfall/host/model/capacity.hpp"

namespace footfall::host {

namespace {

// C++17's keywords and alternative tokens: spelled like identifiers, but not a namespace's name
// (a generated name such as build_<name>_model only embeds the user's).
bool is_keyword(const std::string& s) {
  static const char* const kKeywords[] = {
      "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break", "case", "catch",
      "char", "char16_t", "char32_t", "class", "compl", "const", "constexpr", "const_cast", "continue",
      "decltype", "default", "delete", "do", "double", "dynamic_cast", "else", "enum", "explicit", "export",
      "extern", "false", "float", "for", "friend", "goto", "if", "inline", "int", "long", "mutable", "namespace",
      "new", "noexcept", "not", "not_eq", "nullptr", "operator", "or", "or_eq", "private", "protected", "public",
      "register", "reinterpret_cast", "return", "short", "signed", "sizeof", "static", "static_assert",
      "static_cast", "struct", "switch", "template", "this", "thread_local", "throw", "true", "try", "typedef",
      "typeid", "typename", "union", "unsigned", "using", "virtual", "void", "volatile", "wchar_t", "while",
      "xor", "xor_eq"};
  for (const char* keyword : kKeywords)
    if (s == keyword) return true;
  return false;
}

bool is_identifier(const std::string& s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  for (char c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
  return true;
}

bool is_namespace(const std::string& s) {
  std::size_t start = 0;
  while (true) {
    const std::size_t end = s.find("::", start);
    const std::string part = s.substr(start, end - start);
    if (!is_identifier(part) || is_keyword(part)) return false;
    if (end == std::string::npos) return true;
    start = end + 2;
  }
}

std::string camel_case(const std::string& identifier) {
  std::string out;
  bool upper = true;
  for (char c : identifier) {
    if (c == '_') {
      upper = true;
      continue;
    }
    out += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
    upper = false;
  }
  return out.empty() || std::isdigit(static_cast<unsigned char>(out[0])) ? "Robot" + out : out;
}

// A C string literal: quotes, backslashes and anything not printable ASCII escaped.
std::string string_literal(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (is_control_byte(c) || u >= 0x80) {
      out += format_printf("\\%03o", static_cast<unsigned>(u));
    } else {
      out += c;
    }
  }
  return out + "\"";
}

// S(x), with ±infinity spelled through numeric_limits.
std::string literal(double x) {
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  return "S(" + format_exact(x) + ")";
}

std::string vector3(const Vector3<double>& v) {
  return "footfall::Vector3<S>(" + literal(v(0)) + ", " + literal(v(1)) + ", " + literal(v(2)) + ")";
}

std::string matrix3(const Matrix3<double>& m) {
  std::string out;
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c)  // one row per line
      out += (r == 0 && c == 0 ? "" : c == 0 ? ",\n      " : ", ") + literal(m(r, c));
  return out;
}

const char* joint_type_enumerator(JointType type) {
  switch (type) {
    case JointType::kFixed:
      return "kFixed";
    case JointType::kRevolute:
      return "kRevolute";
    case JointType::kPrismatic:
      return "kPrismatic";
    case JointType::kPlanar:
      return "kPlanar";
    case JointType::kFreeFlyer:
      return "kFreeFlyer";
  }
  return "kFixed";
}

bool has_infinite_limit(const RobotDescription& d) {
  for (const BodyDescription& b : d.bodies) {
    const JointLimits<double>& l = b.joint.limits;
    if (std::isinf(l.position_min) || std::isinf(l.position_max) || std::isinf(l.velocity_max) ||
        std::isinf(l.effort_max))
      return true;
  }
  return false;
}

void write_body(std::ostringstream& out, const RobotDescription& d, int i) {
  const BodyDescription& b = d.bodies[static_cast<std::size_t>(i)];
  const JointSpec<double>& j = b.joint;
  const std::string parent = b.parent < 0 ? "the world" : "'" + d.bodies[static_cast<std::size_t>(b.parent)].name + "'";
  out << "\n  // Body " << i << " '" << b.name << "': joint '" << b.joint_name << "' (" << to_string(j.type)
      << ") to " << parent << ".\n";
  out << "  inertia_about_com << " << matrix3(b.inertia_about_com) << ";\n";
  out << "  status = footfall::Inertia<S>::FromMassComInertia(" << literal(b.mass) << ", " << vector3(b.com)
      << ", inertia_about_com, &inertia);\n";
  out << "  if (!status.ok()) return status;\n";
  out << "  joint = footfall::JointSpec<S>();\n";
  out << "  joint.type = footfall::JointType::" << joint_type_enumerator(j.type) << ";\n";
  if (j.type == JointType::kRevolute || j.type == JointType::kPrismatic)
    out << "  joint.axis = " << vector3(j.axis) << ";\n";
  out << "  rotation << " << matrix3(j.placement.rotation()) << ";\n";
  out << "  joint.placement = footfall::Transform<S>(rotation, " << vector3(j.placement.translation()) << ");\n";
  if (joint_nv(j.type) > 0) {
    const JointLimits<double>& l = j.limits;
    out << "  joint.limits = footfall::JointLimits<S>{" << literal(l.position_min) << ", " << literal(l.position_max)
        << ", " << literal(l.velocity_max) << ", " << literal(l.effort_max) << "};\n";
    out << "  joint.armature = " << literal(j.armature) << ";\n";
    out << "  joint.gear_ratio = " << literal(j.gear_ratio) << ";\n";
  }
  out << "  status = builder.add_body(" << string_literal(core_name(b.name)) << ", " << b.parent
      << ", joint, inertia, nullptr, " << string_literal(core_name(b.joint_name)) << ");\n";
  out << "  if (!status.ok()) return status;\n";
}

// The model's DOF tree as the unrolled kernels read it: each DOF's parent λ(k) and, for a model
// on a free flyer (a legged robot's shape, dynamics/unrolled_crba.hpp), its joint's turn axis
// (Model::turn_axis, −1 for the free flyer and any joint not about a coordinate axis), read off the model
// the core's ModelBuilder builds from the description (so numbered exactly as the generated
// header's model will be). Empty if that numbering is not depth first, which a topology type must
// be (footfall/model/topology.hpp), or if the model does not build at one of the tool's capacities.
struct DofTree {
  std::vector<int> parent;
  std::vector<int> turn_axis;
  bool too_large = false;  // no capacity of the tool holds the model, so nothing was read
};

DofTree depth_first_dof_tree(const RobotDescription& d) {
  const Result<Capacity> capacity = choose_capacity("auto", d);
  if (!capacity.ok()) {
    DofTree out;
    out.too_large = true;
    return out;
  }
  const auto tree = dispatch_capacity(capacity.value(), [&d](auto bodies, auto dofs) {
    auto model = std::make_unique<Model<double, decltype(bodies)::value, decltype(dofs)::value>>();
    DofTree out;
    if (!build_model(d, model.get()).ok() || !model->dofs_depth_first()) return out;
    const bool free_flyer = model->joint_type(0) == JointType::kFreeFlyer;
    for (int k = 0; k < model->nv(); ++k) {
      out.parent.push_back(model->dof_parent(k));
      if (free_flyer) out.turn_axis.push_back(model->turn_axis(model->dof_body(k)));
    }
    return out;
  });
  return tree ? *tree : DofTree{};
}

void write_int_array(std::ostringstream& out, const char* name, const std::vector<int>& values) {
  out << "  static constexpr int " << name << "[kDofs] = {";
  for (std::size_t k = 0; k < values.size(); ++k) out << (k == 0 ? "" : ", ") << values[k];
  out << "};\n";
}

// struct <Name>Topology: the DOF tree as a type, for the core's kernels unrolled for it, and the
// joints' turn axes where they were read, with which CRBA is unrolled too for a legged robot's tree.
void write_topology(std::ostringstream& out, const std::string& type, const DofTree& tree) {
  out << "\n// The model's DOF tree as a type (footfall/model/topology.hpp), for the kernels unrolled for it:\n"
      << "// compute_tick_terms<footfall::UnrolledKernels<" << type << ">>(model, ws, q, v).\n"
      << "struct " << type << " {\n"
      << "  static constexpr int kDofs = " << tree.parent.size() << ";\n";
  write_int_array(out, "kDofParent", tree.parent);
  if (!tree.turn_axis.empty()) write_int_array(out, "kTurnAxis", tree.turn_axis);
  out << "};\nstatic_assert(footfall::TopologyIsValid<" << type << ">, \"parent first, depth first\");\n";
}

// "{S(x), S(y), S(z)}" and R row by row, for an aggregate's arrays.
std::string array_literal(const double* x, int n) {
  std::string out = "{";
  for (int k = 0; k < n; ++k) out += (k == 0 ? "" : ", ") + literal(x[k]);
  return out + "}";
}

std::string placement_literals(const Transform<double>& body_to_frame) {
  const Vector3<double>& position = body_to_frame.translation();
  const Matrix3<double> axes = body_to_frame.rotation().transpose();  // the frame's axes in body coordinates
  double rows[9];
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) rows[3 * r + c] = axes(r, c);
  return array_literal(position.data(), 3) + ",\n     " + array_literal(rows, 9);
}

// k<Robot><Name>: a constant's name made from the robot's and a frame's names ("go1", "FR_foot" →
// kGo1FrFoot), so two robots' headers share a namespace; "" when the name gives no identifier or
// the same one as an earlier frame's.
std::string constant_name(const std::string& prefix, const std::string& frame, std::vector<std::string>* taken) {
  std::string name = "k" + prefix + camel_case(identifier_from(frame));
  if (!is_identifier(name)) return "";
  for (const std::string& t : *taken)
    if (t == name) return "";
  taken->push_back(name);
  return name;
}

// The frames merged into bodies and the collision spheres, as constants firmware places contacts
// with: each one's body index and placement (origin in the body's frame, m; the frame's axes in
// body coordinates, row by row) — a foot's contact point without deriving it by hand.
void write_frames(std::ostringstream& out, const RobotDescription& d, const std::string& prefix) {
  if (d.frames.empty() && d.shapes.empty()) return;
  out << "\n// A frame fixed on a body: the body's index in the model and the frame's placement in the\n"
      << "// body's frame (origin in m; the frame's axes in body coordinates, row by row).\n"
      << "template <typename S>\nstruct " << prefix << "Frame {\n  const char* name;\n  int body;\n"
      << "  S position[3];\n  S axes[9];\n};\n";
  std::vector<std::string> taken;
  if (!d.frames.empty()) {
    // The bound is written out: clang cannot index an array variable template of unknown bound
    // in a constant expression.
    out << "\n// The links merged into bodies by fixed joints (feet, sensors, tool flanges), in file order.\n"
        << "inline constexpr int k" << prefix << "FrameCount = " << d.frames.size() << ";\n"
        << "template <typename S>\ninline constexpr " << prefix << "Frame<S> k" << prefix << "Frames[k" << prefix
        << "FrameCount] = {\n";
    for (const FrameDescription& f : d.frames)
      out << "    {" << string_literal(f.name) << ", " << f.body << ", " << placement_literals(f.body_to_frame)
          << "},\n";
    out << "};\n";
    for (std::size_t i = 0; i < d.frames.size(); ++i) {
      const std::string name = constant_name(prefix, d.frames[i].name, &taken);
      if (!name.empty()) out << "inline constexpr int " << name << "Frame = " << i << ";  // k" << prefix << "Frames[]\n";
    }
  }
  std::vector<const ShapeDescription*> spheres;
  for (const ShapeDescription& s : d.shapes)
    if (s.kind == ShapeKind::kSphere) spheres.push_back(&s);
  if (!spheres.empty()) {
    taken.clear();  // a sphere's constant ends in Sphere, a frame's in Frame
    out << "\n// The collision spheres, each with its link's name, centre and radius: a sphere foot\n"
        << "// (Contact<S>::Sphere(body, centre, radius, normal, mu), touching at its lowest point as it\n"
        << "// rolls), or a point foot at the centre less the radius along the contact normal.\n"
        << "template <typename S>\nstruct " << prefix << "Sphere {\n  " << prefix << "Frame<S> centre;\n  S radius;\n};\n"
        << "inline constexpr int k" << prefix << "SphereCount = " << spheres.size() << ";\n"
        << "template <typename S>\ninline constexpr " << prefix << "Sphere<S> k" << prefix << "Spheres[k" << prefix
        << "SphereCount] = {\n";
    for (const ShapeDescription* s : spheres)
      out << "    {{" << string_literal(s->link) << ", " << s->body << ", " << placement_literals(s->body_to_shape)
          << "}, " << literal(s->radius) << "},\n";
    out << "};\n";
    for (std::size_t i = 0; i < spheres.size(); ++i) {
      const std::string name = constant_name(prefix, spheres[i]->link, &taken);
      if (!name.empty()) out << "inline constexpr int " << name << "Sphere = " << i << ";  // k" << prefix << "Spheres[]\n";
    }
  }
}

}  // namespace

std::string identifier_from(const std::string& robot_name) {
  std::string out;
  for (char c : robot_name)
    out += std::isalnum(static_cast<unsigned char>(c)) ? static_cast<char>(std::tolower(static_cast<unsigned char>(c)))
                                                       : '_';
  if (out.empty() || std::isdigit(static_cast<unsigned char>(out[0]))) out = "robot_" + out;
  return out;
}

Result<std::string> generate_model_header(const RobotDescription& d, const CodegenOptions& options) {
  const std::string name = options.name.empty() ? identifier_from(d.name) : options.name;
  if (!is_identifier(name)) return Error{"codegen: name " + quoted_text(name) + " is not a C++ identifier"};
  if (!options.name_space.empty() && !is_namespace(options.name_space))
    return Error{"codegen: namespace " + quoted_text(options.name_space) + " is not a C++ namespace name"};
  if (d.bodies.empty() || d.nv() == 0) return Error{d.source + ": the model has no degree of freedom"};
  const std::string type = camel_case(name) + "Model";
  const std::string capacity = std::to_string(d.body_count()) + ", " + std::to_string(d.nv());

  std::ostringstream out;
  out << "// Generated by `footfall codegen` from " << d.source << "; do not edit, regenerate.\n"
      << "// Robot '" << d.name << "': " << d.body_count() << " bodies, nq " << d.nq() << ", nv " << d.nv()
      << ", total mass " << format_exact(d.total_mass()) << " kg.\n"
      << "// Builds the model with footfall's ModelBuilder from literal numbers: no parsing, no heap.\n"
      << "#pragma once\n\n#include <limits>\n\n#include \"footfall/model/model_builder.hpp\"\n"
      << "#include \"footfall/model/topology.hpp\"\n#include \"footfall/robot.hpp\"\n\n";
  if (!options.name_space.empty()) out << "namespace " << options.name_space << " {\n\n";
  out << "template <typename S>\nusing " << type << " = footfall::Model<S, " << capacity << ">;\n\n"
      << "// The robot's capacities with room for K contacts: its model, workspaces and results\n"
      << "// (footfall/robot.hpp), e.g. " << camel_case(name) << "Robot<float, 4>::StanceResult.\n"
      << "template <typename S, int K>\nusing " << camel_case(name) << "Robot = footfall::Robot<S, " << capacity
      << ", K>;\n\n"
      << "template <typename S>\nfootfall::Status build_" << name << "_model(" << type << "<S>* out) noexcept {\n"
      << "  footfall::ModelBuilder<S, " << capacity << "> builder;\n"
      << "  footfall::Status status = footfall::Status::Ok();\n"
      << "  footfall::Inertia<S> inertia;\n"
      << "  footfall::Matrix3<S> inertia_about_com, rotation;\n"
      << "  footfall::JointSpec<S> joint;\n";
  if (has_infinite_limit(d)) out << "  const S inf = std::numeric_limits<S>::infinity();\n";
  for (int i = 0; i < d.body_count(); ++i) write_body(out, d, i);
  out << "  return builder.build(out);\n}\n";
  write_frames(out, d, camel_case(name));
  const DofTree tree = depth_first_dof_tree(d);
  if (!tree.parent.empty())
    write_topology(out, camel_case(name) + "Topology", tree);
  else if (tree.too_large)
    out << "\n// No topology type: the model is larger than every capacity footfall's tool was built with\n"
        << "// (" << capacity_list() << "), so its DOF tree was not read off a built model.\n";
  else
    out << "\n// No topology type: the DOFs are not numbered depth first, as the unrolled kernels need.\n";
  if (!options.name_space.empty()) out << "\n}  // namespace " << options.name_space << "\n";
  return out.str();
}

}  // namespace footfall::host
