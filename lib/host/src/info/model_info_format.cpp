#include <algorithm>

#include "footfall/host/info/model_info.hpp"
#include "footfall/host/io/json_writer.hpp"
#include "footfall/host/io/number_format.hpp"

namespace footfall::host {

namespace {

const char* scalar_name(Scalar s) { return s == Scalar::kDouble ? "double" : "float"; }

nlohmann::ordered_json placement_json(const PlacementInfo& p) {
  return {{"body", p.body},
          {"position", {p.position(0), p.position(1), p.position(2)}},
          {"orientation", {p.orientation(0), p.orientation(1), p.orientation(2), p.orientation(3)}}};
}

std::string vector_text(const Vector3<double>& v) {
  return "(" + format_short(v(0)) + ", " + format_short(v(1)) + ", " + format_short(v(2)) + ")";
}

// "at (x, y, z) m in <body>", with the turn when there is one.
std::string placement_text(const PlacementInfo& p) {
  std::string out = vector_text(p.position) + " m in " + p.body;
  if (p.orientation(3) < 1.0 - 1e-15)
    out += ", turned by quaternion (" + format_short(p.orientation(0)) + ", " + format_short(p.orientation(1)) + ", " +
           format_short(p.orientation(2)) + ", " + format_short(p.orientation(3)) + ")";
  return out;
}

std::string shape_size_text(const ShapeInfo& s) {
  if (s.kind == "sphere") return "radius " + format_short(s.radius) + " m";
  if (s.kind == "cylinder") return "radius " + format_short(s.radius) + " m, length " + format_short(s.length) + " m";
  return "sides " + vector_text(s.size) + " m";
}

}  // namespace

std::string model_info_json(const ModelInfo& info) {
  nlohmann::ordered_json j;
  j["status"] = "ok";
  j["model"] = info.name;
  j["source"] = info.source;
  j["nq"] = info.nq;
  j["nv"] = info.nv;
  j["body_count"] = info.bodies.size();
  j["floating_base"] = info.floating_base;
  j["total_mass"] = info.total_mass;
  j["scalar"] = scalar_name(info.scalar);
  j["capacity"] = {{"bodies", info.capacity.bodies}, {"dofs", info.capacity.dofs}};
  j["model_bytes"] = info.model_bytes;
  j["workspace_bytes"] = info.workspace_bytes;
  nlohmann::ordered_json bodies = nlohmann::ordered_json::array();
  for (const BodyInfo& b : info.bodies) {
    nlohmann::ordered_json body;
    body["name"] = b.name;
    body["parent"] = b.parent < 0 ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(b.parent_name);
    body["joint"] = b.joint;
    body["joint_type"] = b.joint_type;
    body["mass"] = b.mass;
    body["armature"] = b.armature;
    body["q_index"] = b.q_index;
    body["v_index"] = b.v_index;
    body["nq"] = b.nq;
    body["nv"] = b.nv;
    bodies.push_back(body);
  }
  j["bodies"] = bodies;
  nlohmann::ordered_json frames = nlohmann::ordered_json::array();
  for (const PlacementInfo& f : info.frames) {
    nlohmann::ordered_json frame = {{"name", f.name}};
    frame.update(placement_json(f));
    frames.push_back(frame);
  }
  j["frames"] = frames;
  nlohmann::ordered_json shapes = nlohmann::ordered_json::array();
  for (const ShapeInfo& s : info.shapes) {
    nlohmann::ordered_json shape = {{"link", s.placement.name}, {"kind", s.kind}};
    shape.update(placement_json(s.placement));
    if (s.kind == "box")
      shape["size"] = {s.size(0), s.size(1), s.size(2)};
    else
      shape["radius"] = s.radius;
    if (s.kind == "cylinder") shape["length"] = s.length;
    shapes.push_back(shape);
  }
  j["shapes"] = shapes;
  j["mass_fixed_to_world"] = info.mass_fixed_to_world;
  j["notes"] = info.notes;
  return write_json(j);
}

std::string model_info_table(const ModelInfo& info) {
  std::string out = info.name + " (" + info.source + "): " + std::to_string(info.bodies.size()) + " bodies, nq " +
                    std::to_string(info.nq) + ", nv " + std::to_string(info.nv) + ", total mass " +
                    format_short(info.total_mass) + " kg, " + (info.floating_base ? "floating base" : "fixed base") +
                    "\n";
  out += "capacity " + std::to_string(info.capacity.bodies) + " bodies x " + std::to_string(info.capacity.dofs) +
         " DOFs in " + scalar_name(info.scalar) + ": Model " + std::to_string(info.model_bytes) + " bytes, Workspace " +
         std::to_string(info.workspace_bytes) + " bytes\n\n";
  std::size_t name_w = 4, parent_w = 6, joint_w = 5;
  for (const BodyInfo& b : info.bodies) {
    name_w = std::max(name_w, b.name.size());
    parent_w = std::max(parent_w, b.parent < 0 ? std::size_t{7} : b.parent_name.size());
    joint_w = std::max(joint_w, b.joint.size());
  }
  auto row = [&](const std::string& index, const std::string& name, const std::string& parent, const std::string& joint,
                 const std::string& type, const std::string& dofs, const std::string& mass) {
    out += format_printf("%3s  %-*s  %-*s  %-*s  %-10s  %5s  %s\n", index.c_str(), static_cast<int>(name_w),
                         name.c_str(), static_cast<int>(parent_w), parent.c_str(), static_cast<int>(joint_w),
                         joint.c_str(), type.c_str(), dofs.c_str(), mass.c_str());
  };
  row("#", "body", "parent", "joint", "type", "v", "mass [kg]  armature");
  for (std::size_t i = 0; i < info.bodies.size(); ++i) {
    const BodyInfo& b = info.bodies[i];
    const std::string dofs = b.nv == 0 ? "-"
                             : b.nv == 1 ? std::to_string(b.v_index)
                                         : std::to_string(b.v_index) + "-" + std::to_string(b.v_index + b.nv - 1);
    row(std::to_string(i), b.name, b.parent < 0 ? "(world)" : b.parent_name, b.joint, b.joint_type, dofs,
        format_printf("%-9s  %s", format_short(b.mass).c_str(), b.nv == 1 ? format_short(b.armature).c_str() : "-"));
  }
  if (!info.frames.empty()) {
    out += "\nframes merged into bodies (name: origin in the body):\n";
    for (const PlacementInfo& f : info.frames) out += "  " + f.name + ": " + placement_text(f) + "\n";
  }
  if (!info.shapes.empty()) {
    out += "\ncollision shapes (link: kind, size, centre in the body):\n";
    for (const ShapeInfo& s : info.shapes)
      out += "  " + s.placement.name + ": " + s.kind + ", " + shape_size_text(s) + ", at " + placement_text(s.placement) + "\n";
  }
  if (!info.notes.empty()) {
    out += "\nnotes:\n";
    for (const std::string& note : info.notes) out += "  " + note + "\n";
  }
  return out;
}

}  // namespace footfall::host
