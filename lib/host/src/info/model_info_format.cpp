#include <algorithm>

#include "footfall/host/info/model_info.hpp"
#include "footfall/host/io/json_writer.hpp"
#include "footfall/host/io/number_format.hpp"

namespace footfall::host {

namespace {

const char* scalar_name(Scalar s) { return s == Scalar::kDouble ? "double" : "float"; }

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
    body["q_index"] = b.q_index;
    body["v_index"] = b.v_index;
    body["nq"] = b.nq;
    body["nv"] = b.nv;
    bodies.push_back(body);
  }
  j["bodies"] = bodies;
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
  row("#", "body", "parent", "joint", "type", "v", "mass [kg]");
  for (std::size_t i = 0; i < info.bodies.size(); ++i) {
    const BodyInfo& b = info.bodies[i];
    const std::string dofs = b.nv == 0 ? "-"
                             : b.nv == 1 ? std::to_string(b.v_index)
                                         : std::to_string(b.v_index) + "-" + std::to_string(b.v_index + b.nv - 1);
    row(std::to_string(i), b.name, b.parent < 0 ? "(world)" : b.parent_name, b.joint, b.joint_type, dofs,
        format_short(b.mass));
  }
  return out;
}

}  // namespace footfall::host
